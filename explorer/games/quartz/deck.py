"""Quartz's cards as data: the Mine cards, the nine Helper cards, and the deck file that lists them.

The rule book does not publish the composition of its decks, so the engine
reads it from a data file: ``deck.toml`` beside this module holds a labelled
*reconstruction* (its comments give the reasoning), and anyone who owns the
game can write the real list in the same format and load it with
:func:`read_deck_file`.

A Mine card is named by a short code built from its data: the crystal's
letter and value, ``h`` if it shows the Hire-a-Helper icon, then ``u`` and the
positions of its Unstable Crystal icons.  ``R6u14`` is a Ruby worth 6 with
unstable icons at positions 1 and 4; ``Q1h`` a Quartz worth 1 with the
Hire-a-Helper icon.  Cards with the same code are interchangeable.  The
crystal's letter and value alone (``R6``) name a *column*: the cards that
count as identical for the set bonus.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, TypeGuard

from ...core import RecordError
from ...core.words import article, names_list

#: How many of each kind of card the rule book's box holds.
MINE_CARDS = 72
HELPER_CARDS = 38
POSITIONS = range(1, 7)


@dataclass(frozen=True, slots=True)
class Helper:
    """One of the nine Helper cards: its key (used in notation), its name, an English gloss, its type, and
    what it does, in a few words."""

    key: str
    title: str
    gloss: str
    kind: str  # "exploration", "attack" or "defense"
    does: str

    @property
    def label(self) -> str:
        return f"{self.title} ({self.gloss})"


HELPERS: Mapping[str, Helper] = MappingProxyType({h.key: h for h in (
    Helper("beleza", "Mas Que Beleza!", "How Nice!", "exploration",
           "at the end of an exploring turn, also protect one column in your Chest"),
    Helper("passa", "Passa Isso Aqui...", "Hand That Over...", "attack",
           "take the last Mine card of the line"),
    Helper("para", "Para, Para, Para!", "Stop, Stop, Stop!", "attack",
           "end the exploring player's turn at once: the line is collected as it is"),
    Helper("posso", "Posso Ajudar?", "Can I Help?", "attack",
           "draw two Mine cards: keep one, the other joins the exploring player's line"),
    Helper("presente", "Um Presentinho Para Você...", "A Little Present for You...", "attack",
           "goes into the line: the exploring player's next Unstable Crystal is an accident"),
    Helper("isso", "Isso Não Te Pertence Mais...", "This Is No Longer Yours...", "attack",
           "steal a column, or two cards, from the exploring player's collection"),
    Helper("semchance", "Sem Chance!", "No Chance!", "defense",
           "cancel any attack"),
    Helper("cadaver", "Só Por Cima do Meu Cadáver!", "Over My Dead Body!", "defense",
           "cancel a theft, and steal a card from the thief"),
    Helper("saifora", "Sai Fora!", "Get Out!", "defense",
           "send a Presentinho back to the player who gave it"),
)})
ATTACKS = tuple(k for k, h in HELPERS.items() if h.kind == "attack")
DEFENSES = tuple(k for k, h in HELPERS.items() if h.kind == "defense")


@dataclass(frozen=True, slots=True)
class MineCard:
    """One kind of Mine card.  ``mask`` has bit ``p - 1`` set for each unstable position ``p``."""

    code: str
    crystal: str
    letter: str
    value: int
    helper: bool
    unstable: tuple[int, ...]
    #: The column this card joins in a collection: its crystal letter and value (``"R6"``).
    column: str = ""
    mask: int = 0

    @classmethod
    def make(cls, crystal: str, letter: str, value: int, helper: bool, unstable: tuple[int, ...]) -> "MineCard":
        mask = 0
        for p in unstable:
            mask |= 1 << (p - 1)
        return cls(card_code(letter, value, helper, unstable), crystal, letter, value, helper, unstable,
                   f"{letter}{value}", mask)

    def _icons(self) -> list[str]:
        """What the card shows besides its crystal and value: the Helper icon, the unstable places."""
        icons = ["Hire a Helper"] if self.helper else []
        if self.unstable:
            icons.append("unstable at " + names_list(map(str, self.unstable)))
        return icons

    @property
    def name(self) -> str:
        """The card in words, as its face shows it: its crystal and value (``"Ruby 6"``)."""
        return f"{self.crystal} {self.value}"

    @property
    def label(self) -> str:
        """The card's name and its icons (``"Ruby 6 (unstable at 1 and 4)"``): what tells it from its column."""
        icons = self._icons()
        return self.name + (f" ({'; '.join(icons)})" if icons else "")

    @property
    def mention(self) -> str:
        """How a narration names a card just seen: ``"a Ruby 6 (unstable at 1 and 4)"``."""
        return article(self.label)


def card_code(letter: str, value: int, helper: bool, unstable: tuple[int, ...]) -> str:
    return f"{letter}{value}" + ("h" if helper else "") + ("u" + "".join(map(str, unstable)) if unstable else "")


CARD_CODE = re.compile(r"^([A-Z])(\d{1,2})(h?)(?:u([1-6]{1,6}))?$")
COLUMN_CODE = re.compile(r"^[A-Z]\d{1,2}$")


class Deck:
    """A full set of Quartz cards: the Mine card kinds with their counts, and the Helper counts.

    ``label`` is shown wherever the deck is shown (``"reconstruction"`` for the
    deck that ships with the engine); ``data`` is the validated data the deck
    was read from, JSON-able, so a record can carry a deck of its own.
    """

    __slots__ = ("name", "label", "notes", "kinds", "counts", "helpers", "data", "_values", "column_of", "crystal_of")

    def __init__(self, name: str, label: str, notes: str, kinds: Mapping[str, MineCard],
                 counts: Mapping[str, int], helpers: Mapping[str, int], data: Mapping[str, Any]) -> None:
        self.name = name
        self.label = label
        self.notes = notes
        self.kinds = MappingProxyType(dict(kinds))
        self.counts = MappingProxyType(dict(counts))
        self.helpers = MappingProxyType(dict(helpers))
        self.data = data
        self._values = tuple(sorted({k.value for k in self.kinds.values()}))
        # Looked up at every step of a game, so made once here.
        #: Each Mine card's column, by code.
        self.column_of: Mapping[str, str] = MappingProxyType({c: k.column for c, k in self.kinds.items()})
        #: Each crystal's name, by its letter.
        self.crystal_of: Mapping[str, str] = MappingProxyType({k.letter: k.crystal for k in self.kinds.values()})

    def card(self, code: str) -> MineCard:
        return self.kinds[code]

    def mine_cards(self) -> list[str]:
        """Every Mine card's code, as many times as the deck holds it."""
        return [code for code, n in self.counts.items() for _ in range(n)]

    def helper_cards(self) -> list[str]:
        """Every Helper card's key, as many times as the deck holds it."""
        return [key for key, n in self.helpers.items() for _ in range(n)]

    @property
    def values(self) -> tuple[int, ...]:
        """The crystal values in this deck, lowest first (the order of the tiebreak)."""
        return self._values

    def column_name(self, column: str) -> str:
        """A column in words, from its code: ``"R6"`` is ``"Ruby 6"`` (a code no crystal of the deck has stays
        as it is)."""
        crystal = self.crystal_of.get(column[:1])
        return column if crystal is None else f"{crystal} {column[1:]}"

    def columns(self) -> dict[str, str]:
        """Every column code and its crystal name (``{"R6": "Ruby"}``)."""
        return {k.column: k.crystal for k in self.kinds.values()}

    def __repr__(self) -> str:
        mine, helpers = sum(self.counts.values()), sum(self.helpers.values())
        return f"<Deck {self.name!r} ({self.label}): {mine} Mine, {helpers} Helper>"


def _fail(message: str, field: str) -> RecordError:
    return RecordError(message, field)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def deck_from_data(data: Any, where: str = "deck") -> Deck:
    """Check a deck's data (as read from TOML or JSON) and build the :class:`Deck`.

    Every problem raises :class:`~explorer.core.RecordError` with one sentence
    that names the bad entry (``deck.mine[3].value``) in its ``field``.
    """
    if not isinstance(data, Mapping):
        raise _fail(f"{where} must be a table (a JSON object) with crystals, mine and helpers.", where)
    allowed = {"name", "label", "notes", "crystals", "mine", "helpers"}
    for key in data:
        if key not in allowed:
            raise _fail(f"{where} has an unknown field {str(key)!r}; the fields are {', '.join(sorted(allowed))}.",
                        f"{where}.{key}")
    name = data.get("name", "Quartz deck")
    label = data.get("label", "custom deck")
    notes = data.get("notes", "")
    for key, value in (("name", name), ("label", label), ("notes", notes)):
        if not isinstance(value, str) or (key != "notes" and not value.strip()) or len(value) > 2000:
            raise _fail(f"{where}.{key} must be a short, non-empty text.", f"{where}.{key}")

    crystals = data.get("crystals")
    if not isinstance(crystals, Mapping) or not crystals:
        raise _fail(f"{where}.crystals must map each crystal's colour to a one-letter code.", f"{where}.crystals")
    letters: dict[str, str] = {}
    for colour, letter in crystals.items():
        field = f"{where}.crystals.{colour}"
        if not isinstance(letter, str) or not re.fullmatch(r"[A-Z]", letter):
            raise _fail(f"{field} must be one capital letter, not {letter!r}.", field)
        if letter in letters.values():
            raise _fail(f"{field} reuses the letter {letter!r}; each crystal needs its own.", field)
        if not str(colour).strip():
            raise _fail(f"{where}.crystals has a crystal with an empty name.", field)
        letters[str(colour)] = letter

    mine = data.get("mine")
    if not isinstance(mine, list) or not mine:
        raise _fail(f"{where}.mine must be a list of Mine card entries.", f"{where}.mine")
    kinds: dict[str, MineCard] = {}
    counts: dict[str, int] = {}
    first_entry: dict[str, int] = {}
    for i, entry in enumerate(mine):
        field = f"{where}.mine[{i}]"
        if not isinstance(entry, Mapping):
            raise _fail(f"{field} must be a table with crystal, value and count.", field)
        for key in entry:
            if key not in ("crystal", "value", "count", "helper", "unstable"):
                raise _fail(f"{field} has an unknown field {str(key)!r}; the fields are crystal, value, count, "
                            "helper and unstable.", f"{field}.{key}")
        crystal = entry.get("crystal")
        if crystal not in letters:
            raise _fail(f"{field}.crystal is {crystal!r}, which is not one of the crystals "
                        f"({', '.join(letters)}).", f"{field}.crystal")
        value = entry.get("value")
        if not _whole(value) or not 1 <= value <= 99:
            raise _fail(f"{field}.value is {value!r}; a crystal's value must be a whole number from 1 to 99.",
                        f"{field}.value")
        count = entry.get("count", 1)
        if not _whole(count) or not 1 <= count <= MINE_CARDS:
            raise _fail(f"{field}.count is {count!r}; it must be a whole number from 1 to {MINE_CARDS}.",
                        f"{field}.count")
        helper = entry.get("helper", False)
        if not isinstance(helper, bool):
            raise _fail(f"{field}.helper must be true or false, not {helper!r}.", f"{field}.helper")
        unstable = entry.get("unstable", [])
        if (not isinstance(unstable, list) or not all(_whole(p) and p in POSITIONS for p in unstable)
                or len(set(unstable)) != len(unstable)):
            raise _fail(f"{field}.unstable must list different positions from 1 to 6, not {unstable!r}.",
                        f"{field}.unstable")
        positions = tuple(sorted(unstable))
        code = card_code(letters[crystal], value, helper, positions)
        if code in kinds:
            raise _fail(f"{field} describes the same card as mine[{first_entry[code]}] ({code}); "
                        "add their counts in one entry.", field)
        first_entry[code] = i
        kinds[code] = MineCard.make(crystal, letters[crystal], value, helper, positions)
        counts[code] = count
    total = sum(counts.values())
    if total != MINE_CARDS:
        raise _fail(f"{where}.mine holds {total} Mine cards, but Quartz has {MINE_CARDS}.", f"{where}.mine")

    helpers = data.get("helpers")
    if not isinstance(helpers, Mapping):
        raise _fail(f"{where}.helpers must give the number of each of the nine Helper cards.", f"{where}.helpers")
    helper_counts: dict[str, int] = {}
    for key in helpers:
        if key not in HELPERS:
            raise _fail(f"{where}.helpers has {str(key)!r}, which is not a Helper card; they are "
                        f"{', '.join(HELPERS)}.", f"{where}.helpers.{key}")
    for key in HELPERS:
        n = helpers.get(key)
        if not _whole(n) or not 0 <= n <= HELPER_CARDS:
            raise _fail(f"{where}.helpers.{key} is {n!r}; give how many {HELPERS[key].title} cards there are "
                        f"(0 to {HELPER_CARDS}).", f"{where}.helpers.{key}")
        helper_counts[key] = n
    total = sum(helper_counts.values())
    if total != HELPER_CARDS:
        raise _fail(f"{where}.helpers adds up to {total} Helper cards, but Quartz has {HELPER_CARDS}.",
                    f"{where}.helpers")

    clean = {"name": name, "label": label, "notes": notes, "crystals": dict(letters),
             "mine": [{"crystal": k.crystal, "value": k.value, "count": counts[c], "helper": k.helper,
                       "unstable": list(k.unstable)} for c, k in kinds.items()],
             "helpers": dict(helper_counts)}
    return Deck(name, label, notes, kinds, counts, helper_counts, clean)


def read_deck_file(path: str | Path) -> dict[str, Any]:
    """Read a deck file (``.toml`` or ``.json``), check it, and return its data for the setup field ``deck``.

    >>> setup = {"deck": read_deck_file("my-quartz.toml")}   # doctest: +SKIP
    >>> explorer.new("quartz", players=3, setup=setup)        # doctest: +SKIP
    """
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise RecordError(f"the deck file {path.name} cannot be read ({exc}).", "deck") from None
    return dict(deck_from_data(data).data)


@lru_cache(maxsize=None)
def reconstruction() -> Deck:
    """The deck that ships with the engine: a labelled reconstruction (see ``deck.toml``)."""
    text = resources.files(__package__).joinpath("deck.toml").read_text(encoding="utf-8")
    return deck_from_data(tomllib.loads(text), "deck.toml")


_CUSTOM: dict[str, Deck] = {}


def deck_for(data: Any) -> Deck:
    """The deck a setup names: the reconstruction for ``None``, else the given data, checked (and cached)."""
    if data is None:
        return reconstruction()
    try:
        key = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):
        raise RecordError("setup.deck must be plain data (a JSON object).", "setup.deck") from None
    deck = _CUSTOM.get(key)
    if deck is None:
        deck = deck_from_data(data, "setup.deck")
        if len(_CUSTOM) < 64:
            _CUSTOM[key] = deck
    return deck
