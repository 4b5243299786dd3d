"""Pet Quartet's moves and their notation.

=========  =====================================================
``D``      draw the top card of the deck
``P2``     place the drawn card under Conductor 2
``T2``     take Conductor 2 and its cards
``pass``   decline (a final turn, or an optional immediate take)
``R7``     return a 7 to the box (a Maestro tile's effect)
``L7``     pass a 7 to the player on your left (a Maestro tile's effect)
=========  =====================================================

Conductors are numbered from 1 in notation and from 0 in code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMove

MAX_CONDUCTORS = 6
MIN_CARD, MAX_CARD = 3, 13


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the deck (it must then be placed)."""

    def __str__(self) -> str:
        return "D"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the drawn card under a Conductor (``conductor`` counts from 0)."""

    conductor: int

    def __str__(self) -> str:
        return f"P{self.conductor + 1}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take a Conductor and every card beneath it."""

    conductor: int

    def __str__(self) -> str:
        return f"T{self.conductor + 1}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Take nothing: on a final turn, or instead of an optional immediate take."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Return:
    """Return a card of this number to the box (Maestro: return a card)."""

    card: int

    def __str__(self) -> str:
        return f"R{self.card}"


@dataclass(frozen=True, slots=True)
class Give:
    """Pass a card of this number to the player on your left (Maestro: pass a card left)."""

    card: int

    def __str__(self) -> str:
        return f"L{self.card}"


Move = Draw | Place | Take | Pass | Return | Give

# One value per move, made once: legal-move lists hand these out instead of new objects.
DRAW = Draw()
PASS = Pass()
PLACE = tuple(Place(c) for c in range(MAX_CONDUCTORS))
TAKE = tuple(Take(c) for c in range(MAX_CONDUCTORS))
RETURN = {n: Return(n) for n in range(MIN_CARD, MAX_CARD + 1)}
GIVE = {n: Give(n) for n in range(MIN_CARD, MAX_CARD + 1)}

_NOTATION = re.compile(r"^\s*(?:(D)|(pass)|([PT])([1-9])|([RL])(\d{1,2}))\s*$", re.IGNORECASE)


def parse_move(text: str) -> Move:
    """The move ``text`` writes down: ``"D"``, ``"P2"``, ``"T2"``, ``"pass"``, ``"R7"`` or ``"L7"``."""
    match = _NOTATION.match(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(
            f"{str(text)[:20]!r} is not a Pet Quartet move; write D, P2, T2, pass, R7 or L7."
        )
    draw, pass_, letter, conductor, card_letter, card = match.groups()
    if draw:
        return DRAW
    if pass_:
        return PASS
    if letter:
        c = int(conductor) - 1
        if c >= MAX_CONDUCTORS:
            raise InvalidMove(f"there are at most {MAX_CONDUCTORS} Conductors, so {text.strip()!r} names none.")
        return (PLACE if letter.upper() == "P" else TAKE)[c]
    n = int(card)
    if not MIN_CARD <= n <= MAX_CARD:
        raise InvalidMove(f"Musician cards run from {MIN_CARD} to {MAX_CARD}, so {text.strip()!r} names none.")
    return (RETURN if card_letter.upper() == "R" else GIVE)[n]
