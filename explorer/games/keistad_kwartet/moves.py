"""Keistad Kwartet's moves and their notation.

==========  ============================================================
``3.2@2``   ask the player in seat 2 for quartet 3, card 2
``3@2``     ask seat 2 for quartet 3 as a whole (only with ``ask_for=quartet``)
``BS``      play Beeldenstorm
``KF3``     play Keistadfeesten for quartet 3
``SW3.2``   play Stadswandeling, looking for quartet 3, card 2
``OM2``     play Open Monumentendagen on seat 2
==========  ============================================================

Seats and quartets count from 1 in notation and from 0 in code.  Handing a
card over, drawing from the pot and laying down a quartet are not moves:
the rules leave no choice in them, so they happen as part of the move that
causes them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMove
from .cards import PER_QUARTET, QUARTET_CARDS, QUARTETS, code

MAX_SEATS = 5


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the player in seat ``target`` for one named card."""

    target: int
    card: int

    def __str__(self) -> str:
        return f"{code(self.card)}@{self.target + 1}"


@dataclass(frozen=True, slots=True)
class AskQuartet:
    """Ask the player in seat ``target`` for every card they hold of ``quartet``."""

    target: int
    quartet: int

    def __str__(self) -> str:
        return f"{self.quartet + 1}@{self.target + 1}"


@dataclass(frozen=True, slots=True)
class Beeldenstorm:
    """Play Beeldenstorm: every hand and the pot are shuffled together and dealt out again."""

    def __str__(self) -> str:
        return "BS"


@dataclass(frozen=True, slots=True)
class Keistadfeesten:
    """Play Keistadfeesten: every opponent brings you all their cards of ``quartet``."""

    quartet: int

    def __str__(self) -> str:
        return f"KF{self.quartet + 1}"


@dataclass(frozen=True, slots=True)
class Stadswandeling:
    """Play Stadswandeling: walk round the table asking every opponent for ``card``."""

    card: int

    def __str__(self) -> str:
        return f"SW{code(self.card)}"


@dataclass(frozen=True, slots=True)
class OpenMonumentendagen:
    """Play Open Monumentendagen: the player in seat ``target`` shows their hand to the table."""

    target: int

    def __str__(self) -> str:
        return f"OM{self.target + 1}"


Move = Ask | AskQuartet | Beeldenstorm | Keistadfeesten | Stadswandeling | OpenMonumentendagen
BonusMove = Beeldenstorm | Keistadfeesten | Stadswandeling | OpenMonumentendagen

# One value per move, made once: legal-move lists hand these out instead of new objects.
ASK = tuple(tuple(Ask(t, c) for c in range(QUARTET_CARDS)) for t in range(MAX_SEATS))
ASK_QUARTET = tuple(tuple(AskQuartet(t, q) for q in range(QUARTETS)) for t in range(MAX_SEATS))
BEELDENSTORM = Beeldenstorm()
KEISTADFEESTEN = tuple(Keistadfeesten(q) for q in range(QUARTETS))
STADSWANDELING = tuple(Stadswandeling(c) for c in range(QUARTET_CARDS))
OPEN_MONUMENTENDAGEN = tuple(OpenMonumentendagen(t) for t in range(MAX_SEATS))

_NOTATION = re.compile(
    r"^\s*(?:(\d{1,2})(?:\.(\d))?@(\d)|(BS)|KF(\d{1,2})|SW(\d{1,2})\.(\d)|OM(\d))\s*$", re.IGNORECASE)


def _quartet(text: str, q: str) -> int:
    n = int(q)
    if not 1 <= n <= QUARTETS:
        raise InvalidMove(f"quartets run from 1 to {QUARTETS}, so {text.strip()!r} names none.")
    return n - 1


def _card(text: str, q: str, k: str) -> int:
    n = int(k)
    if not 1 <= n <= PER_QUARTET:
        raise InvalidMove(f"a quartet has cards 1 to {PER_QUARTET}, so {text.strip()!r} names none.")
    return _quartet(text, q) * PER_QUARTET + n - 1


def _seat(text: str, s: str) -> int:
    n = int(s)
    if not 1 <= n <= MAX_SEATS:
        raise InvalidMove(f"seats run from 1 to {MAX_SEATS}, so {text.strip()!r} names no player.")
    return n - 1


def parse_move(text: str) -> Move:
    """The move ``text`` writes down: ``"3.2@2"``, ``"3@2"``, ``"BS"``, ``"KF3"``, ``"SW3.2"`` or ``"OM2"``."""
    match = _NOTATION.match(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(f"{str(text)[:20]!r} is not a Keistad Kwartet move; write 3.2@2 (ask seat 2 for "
                          "quartet 3, card 2), 3@2, BS, KF3, SW3.2 or OM2.")
    q, k, seat, storm, feast, walk_q, walk_k, open_seat = match.groups()
    if seat is not None:
        target = _seat(text, seat)
        if k is None:
            return ASK_QUARTET[target][_quartet(text, q)]
        return ASK[target][_card(text, q, k)]
    if storm:
        return BEELDENSTORM
    if feast is not None:
        return KEISTADFEESTEN[_quartet(text, feast)]
    if walk_q is not None:
        return STADSWANDELING[_card(text, walk_q, walk_k)]
    return OPEN_MONUMENTENDAGEN[_seat(text, open_seat)]
