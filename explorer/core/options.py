"""Options as data, so a dashboard can build its controls from them.

A game declares each option once: its name, the values it allows, its default
and a line of documentation.  :func:`Option.parse` turns the text a person
types (``--option scoring=advanced``, a URL parameter) into a value, and
:meth:`OptionSet.resolve` checks a whole mapping against the declaration.
A game writes its options in its rules file (:mod:`explorer.core.rulefile`)
and reads them with :meth:`OptionSet.load`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping

from . import rulefile
from .errors import OptionError, excerpt

Value = str | int | bool


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game declares.

    ``choices`` lists every allowed value; the first-class values are ``str``,
    ``int`` and ``bool``.  ``kind`` says where the option comes from: ``"variant"``
    for a variant of the rule document, ``"gap"`` for a question the document
    leaves open (the docs give the reason for the default).

    What a page shows is words, never the values themselves: ``title`` names
    the option ("First player"), ``labels`` name its values ("seat 1 (the
    youngest)") and ``explain`` says in one line what each value does.  All
    three may be left out: :meth:`heading`, :meth:`label` and
    :meth:`explanation` then make do with the option's name, the value and its
    ``doc``.  ``seat`` marks an option whose whole-number values name a seat
    ("seat 3 goes first"): every game then refuses a seat beyond its players
    (:meth:`~explorer.core.game.Game.options_for`).

    >>> o = Option("deal", "seven", ("seven", "all"), "How many cards.", title="The deal",
    ...            labels={"all": "every card"}, explain={"all": "The whole deck is dealt."})
    >>> o.heading(), o.label("all"), o.label("seven"), o.explanation("all"), o.explanation("seven")
    ('The deal', 'every card', 'seven', 'The whole deck is dealt.', 'How many cards.')
    >>> Option("bonus", False, (False, True), "").label(True), Option("first_turn", 1, (1, 2), "").heading()
    ('yes', 'First turn')
    """

    name: str
    default: Value
    choices: tuple[Value, ...]
    doc: str
    kind: str = "variant"
    labels: Mapping[Value, str] = field(default_factory=dict)
    title: str = ""
    explain: Mapping[Value, str] = field(default_factory=dict)
    seat: bool = False

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"default of option {self.name!r} is not among its choices")

    def heading(self) -> str:
        """The option's name for people ("First player", not ``first_player``)."""
        if self.title:
            return self.title
        words = self.name.replace("_", " ").replace("-", " ")
        return words[:1].upper() + words[1:]

    def label(self, value: Value) -> str:
        """How to show ``value`` in a control (a word for a yes/no value, never ``True``)."""
        for key, words in self.labels.items():
            if key == value and type(key) is type(value):  # 1 and True are equal, but not the same choice
                return words
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def explanation(self, value: Value) -> str:
        """One line on what ``value`` does (the option's ``doc`` where the declaration gives none)."""
        return self.explain.get(value, self.doc)

    def parse(self, text: Any) -> Value:
        """Return the allowed value that ``text`` names, or raise :class:`OptionError`."""
        for choice in self.choices:
            if text == choice and type(text) is type(choice):
                return choice
        wanted = text.strip().lower() if isinstance(text, str) else excerpt(text).lower()
        for choice in self.choices:
            if isinstance(choice, bool):
                if wanted in (("true", "yes", "on", "1") if choice else ("false", "no", "off", "0")):
                    return choice
            elif str(choice).lower() == wanted:
                return choice
        allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        raise OptionError(f"option {self.name!r} cannot be {excerpt(text)}; allowed: {allowed}.",
                          f"options.{self.name}")


def _keyed(words: Mapping[str, str], choices: tuple[Value, ...], where: str) -> dict[Value, str]:
    """``words`` with each key, text in TOML, turned back into the choice it names (``"1"`` → 1, ``"true"`` → True)."""
    names: dict[str, Value] = {}
    for choice in choices:
        key = ("true" if choice else "false") if isinstance(choice, bool) else str(choice)
        if key in names:
            raise ValueError(f"{where}: the choices {names[key]!r} and {choice!r} are written alike")
        names[key] = choice
    unknown = [key for key in words if key not in names]
    if unknown:
        raise ValueError(f"{where}: {', '.join(map(repr, unknown))} names none of the choices")
    return {names[key]: text for key, text in words.items()}


class OptionSet(Mapping[str, Option]):
    """The options of one game, in declaration order."""

    def __init__(self, options: Iterable[Option]) -> None:
        self._options = {o.name: o for o in options}

    @classmethod
    def load(cls, package: str) -> OptionSet:
        """The options that ``package``'s rules file declares (``OptionSet.load(__package__)`` in a game's ``rules.py``)."""
        data, source = rulefile.read(package)
        value = (str, int, bool)
        fields: dict[str, type | tuple[type, ...]] = {
            "name": str, "default": value, "choices": list, "doc": str, "kind": str, "title": str,
            "labels": dict, "explain": dict, "seat": bool,
        }
        options = []
        for where, t in rulefile.entries(data, "option", source, fields, ("name", "default", "choices", "doc")):
            choices = tuple(t["choices"])
            if not all(isinstance(c, value) for c in choices):
                raise ValueError(f"{where}: choices are text, whole numbers or true/false")
            for part in ("labels", "explain"):
                if not all(isinstance(text, str) for text in t.get(part, {}).values()):
                    raise ValueError(f"{where}: {part} are text")
            labels = _keyed(t.get("labels", {}), choices, f"{where}, labels")
            explain = _keyed(t.get("explain", {}), choices, f"{where}, explain")
            try:
                options.append(Option(t["name"], t["default"], choices, t["doc"], t.get("kind", "variant"),
                                      labels, t.get("title", ""), explain, t.get("seat", False)))
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
        return cls(options)

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def defaults(self) -> dict[str, Value]:
        return {name: o.default for name, o in self._options.items()}

    def resolve(self, given: Mapping[str, Any] | None) -> Mapping[str, Value]:
        """Every option's value: those ``given`` (checked), defaults for the rest."""
        if given is not None and not isinstance(given, Mapping):
            raise OptionError("options must be a mapping of option names to values.", "options")
        values = self.defaults()
        for name, value in (given or {}).items():
            if name not in self._options:
                known = ", ".join(self._options) or "none"
                raise OptionError(f"there is no option {excerpt(name)}; this game's options: {known}.", "options")
            values[name] = self._options[name].parse(value)
        return MappingProxyType(values)
