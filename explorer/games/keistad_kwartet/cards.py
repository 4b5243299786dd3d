"""Keistad Kwartet's 48 cards: eleven quartets of four, and four bonus cards.

A card is a small integer and a set of cards is a bit mask (bit ``c`` is set
when card ``c`` is in the set), the way python-chess keeps squares: a hand is
one ``int``, and "does this hand hold a card of quartet 3?" is one ``&``.

=============  ===========================================================
``0`` – ``43``  quartet cards: card ``4*q + k`` is card ``k+1`` of quartet ``q+1``
``44`` – ``47``  the bonus cards Beeldenstorm, Keistadfeesten, Stadswandeling
               and Open Monumentendagen
=============  ===========================================================

Quartets count from 0 in code and from 1 wherever a person reads them.  In
notation a quartet card is ``"3.2"`` (quartet 3, card 2) and a bonus card its
initials: ``"BS"``, ``"KF"``, ``"SW"``, ``"OM"``.

The names of the quartets and their cards are data (``deck.toml``).  The
rule sheet does not print them, so the names shipped are stand-ins, and
:attr:`Deck.stand_in` says so to everything that shows them.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Iterator

from ...core import ExplorerError, InvalidMove

QUARTETS = 11
PER_QUARTET = 4
QUARTET_CARDS = QUARTETS * PER_QUARTET  # 44

BEELDENSTORM, KEISTADFEESTEN, STADSWANDELING, OPEN_MONUMENTENDAGEN = 44, 45, 46, 47
BONUS_CARDS = (BEELDENSTORM, KEISTADFEESTEN, STADSWANDELING, OPEN_MONUMENTENDAGEN)
BONUS_CODES = {BEELDENSTORM: "BS", KEISTADFEESTEN: "KF", STADSWANDELING: "SW", OPEN_MONUMENTENDAGEN: "OM"}
BONUS_NAMES = {
    BEELDENSTORM: "Beeldenstorm",
    KEISTADFEESTEN: "Keistadfeesten",
    STADSWANDELING: "Stadswandeling",
    OPEN_MONUMENTENDAGEN: "Open Monumentendagen",
}
#: The option values that name a bonus card (``kept_bonus_card``).
BONUS_BY_SLUG = {
    "beeldenstorm": BEELDENSTORM,
    "keistadfeesten": KEISTADFEESTEN,
    "stadswandeling": STADSWANDELING,
    "open-monumentendagen": OPEN_MONUMENTENDAGEN,
}

QUARTET_MASK = tuple(0b1111 << (PER_QUARTET * q) for q in range(QUARTETS))
ALL_QUARTET_CARDS = (1 << QUARTET_CARDS) - 1
BONUS_MASK = 0b1111 << QUARTET_CARDS
ALL_CARDS = ALL_QUARTET_CARDS | BONUS_MASK
#: The first card of every quartet: a mask of these bits names a set of quartets.
FIRSTS = sum(1 << (PER_QUARTET * q) for q in range(QUARTETS))
#: ``BIT[c]`` is :func:`bit` of ``c``, and ``MATES[c]`` the mask of the three other cards of quartet card
#: ``c``'s quartet: a hand ``h`` completes that quartet by gaining ``c`` when ``h & QUARTET_MASK[c >> 2]``
#: equals ``MATES[c]``.  Looked up, not computed: the moves played most need them, and every shift of a
#: 48-bit mask makes a new integer.
BIT = tuple(1 << c for c in range(QUARTET_CARDS + 4))
MATES = tuple(QUARTET_MASK[c >> 2] & ~(1 << c) for c in range(QUARTET_CARDS))


def bit(card: int) -> int:
    """The mask holding just ``card``."""
    return 1 << card


def quartet_of(card: int) -> int:
    """The quartet a quartet card belongs to (from 0)."""
    return card >> 2


def is_bonus(card: int) -> bool:
    return card >= QUARTET_CARDS


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def quartets_in(mask: int) -> Iterator[int]:
    """The quartets of which ``mask`` holds at least one card, lowest first."""
    for q in range(QUARTETS):
        if mask & QUARTET_MASK[q]:
            yield q


def present(mask: int) -> int:
    """The quartets of which ``mask`` holds at least one card (as first-card bits, see :data:`FIRSTS`)."""
    return (mask | mask >> 1 | mask >> 2 | mask >> 3) & FIRSTS


def complete(mask: int) -> int:
    """The quartets of which ``mask`` holds all four cards (as first-card bits)."""
    return mask & mask >> 1 & mask >> 2 & mask >> 3 & FIRSTS


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for card in cards:
        m |= 1 << card
    return m


def code(card: int) -> str:
    """A card's notation: ``"3.2"`` for quartet 3, card 2; ``"BS"`` for Beeldenstorm."""
    if card >= QUARTET_CARDS:
        return BONUS_CODES[card]
    return f"{(card >> 2) + 1}.{(card & 3) + 1}"


def codes(mask: int) -> list[str]:
    return [code(c) for c in cards_in(mask)]


def describe(card: int) -> str:
    """A card as narration names it: ``"Quartet 3, card 2"`` or ``"Beeldenstorm"``."""
    return _DESCRIPTIONS[card]


# Narration names a card on almost every move, so each name is written once.
_DESCRIPTIONS = tuple(f"Quartet {(c >> 2) + 1}, card {(c & 3) + 1}" for c in range(QUARTET_CARDS)) + tuple(
    BONUS_NAMES[c] for c in BONUS_CARDS)


_CARD = re.compile(r"^\s*(?:(\d{1,2})\.(\d)|(BS|KF|SW|OM))\s*$", re.IGNORECASE)
_BY_CODE = {v: k for k, v in BONUS_CODES.items()}


def parse_card(text: str) -> int:
    """The card ``text`` writes down (``"3.2"``, ``"KF"``); raise :class:`InvalidMove` if none."""
    match = _CARD.match(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(f"{str(text)[:20]!r} is not a card; write a quartet card as 3.2 or a bonus card as "
                          "BS, KF, SW or OM.")
    quartet, number, bonus = match.groups()
    if bonus:
        return _BY_CODE[bonus.upper()]
    q, k = int(quartet), int(number)
    if not 1 <= q <= QUARTETS or not 1 <= k <= PER_QUARTET:
        raise InvalidMove(f"there is no card {text.strip()!r}: quartets run from 1 to {QUARTETS}, "
                          f"cards from 1 to {PER_QUARTET}.")
    return (q - 1) * PER_QUARTET + k - 1


# -- the names, as data ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deck:
    """The names printed on the cards: one per quartet and one per card.

    ``stand_in`` is true when the names are not the game's own (the rule
    sheet does not list them); whatever shows a name must then say so.
    """

    quartets: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]
    stand_in: bool
    note: str

    def quartet_name(self, q: int) -> str:
        return self.quartets[q]

    def card_name(self, card: int) -> str:
        if card >= QUARTET_CARDS:
            return BONUS_NAMES[card]
        return self.cards[card >> 2][card & 3]


def load_deck(text: str) -> Deck:
    """Read a deck file (TOML: ``stand_in``, ``note`` and eleven ``[[quartet]]`` tables)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExplorerError(f"the deck file is not valid TOML ({exc}).") from None
    quartets = data.get("quartet")
    if not isinstance(quartets, list) or len(quartets) != QUARTETS:
        raise ExplorerError(f"the deck file must hold {QUARTETS} [[quartet]] tables.")
    names, cards = [], []
    for i, quartet in enumerate(quartets, 1):
        name, four = quartet.get("name"), quartet.get("cards")
        if not isinstance(name, str) or not name.strip():
            raise ExplorerError(f"quartet {i} of the deck file has no name.")
        if not (isinstance(four, list) and len(four) == PER_QUARTET
                and all(isinstance(c, str) and c.strip() for c in four)):
            raise ExplorerError(f"quartet {i} ({name}) of the deck file must name {PER_QUARTET} cards.")
        names.append(name)
        cards.append(tuple(four))
    if len(set(names)) != QUARTETS:
        raise ExplorerError("the deck file names two quartets alike.")
    stand_in = data.get("stand_in", True)
    if not isinstance(stand_in, bool):
        raise ExplorerError("the deck file's stand_in must be true or false.")
    return Deck(tuple(names), tuple(cards), stand_in, str(data.get("note", "")))


#: The deck this package ships (stand-in names; see ``deck.toml``).
DECK = load_deck(resources.files(__package__).joinpath("deck.toml").read_text(encoding="utf-8"))
