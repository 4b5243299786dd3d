"""Rules as data: each rule a game checks has a stable id and one sentence.

Ids look like ``pet-quartet/conductor-limit``: the game's name, a slash, and
a short name.  Errors, narration, the docs and the tests all cite the same id,
so a person who meets an id anywhere can look it up in the game's rules page.

A game writes its rules in its rules file (:mod:`explorer.core.rulefile`) and
reads them with :meth:`Rulebook.load`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from . import rulefile


KINDS = ("rule", "gap", "interpretation")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, a short title and the rule in one or two sentences."""

    id: str
    title: str
    text: str
    #: ``"rule"`` for what the rule document says, ``"gap"`` for a question it
    #: leaves open that a named option answers, ``"interpretation"`` for a
    #: question the engine answers one way (the docs say why).
    kind: str = "rule"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"rule {self.id!r} has kind {self.kind!r}; kinds are {', '.join(KINDS)}")

    @property
    def anchor(self) -> str:
        """The HTML anchor of this rule on its game's rules reference page."""
        return self.id.replace("/", "-")

    @property
    def page(self) -> str:
        """Where the docs site explains this rule, relative to the site's root."""
        return f"reference/{self.id.split('/', 1)[0]}.html#{self.anchor}"


class Rulebook(Mapping[str, Rule]):
    """The rules of one game, in the order the docs present them."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if not rule.id.startswith(game + "/"):
                raise ValueError(f"rule id {rule.id!r} does not start with {game + '/'!r}")
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id!r} is declared twice")
            self._rules[rule.id] = rule

    @classmethod
    def load(cls, package: str) -> Rulebook:
        """The rulebook that ``package``'s rules file declares (``Rulebook.load(__package__)`` in a game's ``rules.py``)."""
        data, source = rulefile.read(package)
        game = data["game"]
        tables = rulefile.entries(data, "rule", source, {"id": str, "title": str, "text": str, "kind": str},
                                  ("id", "title", "text"))
        try:
            return cls(game, [Rule(f"{game}/{t['id']}", t["title"], t["text"], t.get("kind", "rule"))
                              for _, t in tables])
        except ValueError as error:
            raise ValueError(f"{source}: {error}") from None

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def ref(self, name: str) -> str:
        """The id of this game's rule ``name`` (``RULES.ref("take")`` → ``"pet-quartet/take"``), checked.

        Games name the rules they cite through this, at import time, so a
        misspelt or removed rule fails the import instead of reaching a page.
        """
        rule_id = f"{self.game}/{name}"
        if rule_id not in self._rules:
            raise KeyError(f"{self.game} has no rule {name!r}")
        return rule_id

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return f"<Rulebook {self.game}: {len(self)} rules>"
