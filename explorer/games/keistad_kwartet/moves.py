"""Keistad Kwartet's moves and their notation.

==========  ============================================================
``3.2@2``   ask the player in seat 2 for quartet 3, card 2
``3@2``     ask seat 2 for quartet 3 as a whole (only with ``ask_for=quartet``)
``BS``      play Beeldenstorm
``KF3``     play Keistadfeesten for quartet 3
``SW3.2``   play Stadswandeling, looking for quartet 3, card 2
``OM2``     play Open Monumentendagen on seat 2
``stop``    stop asking after a hand-over (only with ``ask_again=may``)
==========  ============================================================

Seats and quartets count from 1 in notation and from 0 in code.  Handing a
card over, drawing from the pot and laying down a quartet are not moves:
the rules leave no choice in them, so they happen as part of the move that
causes them.

There are few moves (at most 348) and a position may offer a hundred of
them, so each move exists once: ``Ask(1, 9)`` returns the one ``Ask`` for
seat 2 and card 3.2, made when this module loads.  Moves are therefore
compared and hashed by identity, which keeps sets of legal moves cheap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeVar

_M = TypeVar("_M", bound="_Canonical")

from ...core import InvalidMove
from .cards import PER_QUARTET, QUARTET_CARDS, QUARTETS, code

MAX_SEATS = 5


class _Canonical:
    """What every move shares: one instance per value, made once; copies are the move itself."""

    __slots__: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, name) for name in self.__slots__)

    def __copy__(self) -> "_Canonical":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Canonical":
        return self


def _make(cls: type[_M], *values: int) -> _M:
    move = object.__new__(cls)
    for name, value in zip(getattr(cls, "__slots__"), values):  # the dataclass's fields, in order
        object.__setattr__(move, name, value)
    return move


def _index(value: Any, size: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < size:
        raise InvalidMove(f"{what} must be a whole number from 0 to {size - 1}, not {value!r}.")
    return value


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Ask(_Canonical):
    """Ask the player in seat ``target`` for one named card."""

    target: int
    card: int

    def __new__(cls, target: int, card: int) -> "Ask":
        return ASK[_index(target, MAX_SEATS, "a seat")][_index(card, QUARTET_CARDS, "a quartet card")]

    def __str__(self) -> str:
        return f"{code(self.card)}@{self.target + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class AskQuartet(_Canonical):
    """Ask the player in seat ``target`` for every card they hold of ``quartet``."""

    target: int
    quartet: int

    def __new__(cls, target: int, quartet: int) -> "AskQuartet":
        return ASK_QUARTET[_index(target, MAX_SEATS, "a seat")][_index(quartet, QUARTETS, "a quartet")]

    def __str__(self) -> str:
        return f"{self.quartet + 1}@{self.target + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Beeldenstorm(_Canonical):
    """Play Beeldenstorm: every hand and the pot are shuffled together and dealt out again."""

    def __new__(cls) -> "Beeldenstorm":
        return BEELDENSTORM

    def __str__(self) -> str:
        return "BS"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Keistadfeesten(_Canonical):
    """Play Keistadfeesten: every opponent brings you all their cards of ``quartet``."""

    quartet: int

    def __new__(cls, quartet: int) -> "Keistadfeesten":
        return KEISTADFEESTEN[_index(quartet, QUARTETS, "a quartet")]

    def __str__(self) -> str:
        return f"KF{self.quartet + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Stadswandeling(_Canonical):
    """Play Stadswandeling: walk round the table asking every opponent for ``card``."""

    card: int

    def __new__(cls, card: int) -> "Stadswandeling":
        return STADSWANDELING[_index(card, QUARTET_CARDS, "a quartet card")]

    def __str__(self) -> str:
        return f"SW{code(self.card)}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class OpenMonumentendagen(_Canonical):
    """Play Open Monumentendagen: the player in seat ``target`` shows their hand to the table."""

    target: int

    def __new__(cls, target: int) -> "OpenMonumentendagen":
        return OPEN_MONUMENTENDAGEN[_index(target, MAX_SEATS, "a seat")]

    def __str__(self) -> str:
        return f"OM{self.target + 1}"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Stop(_Canonical):
    """Stop asking after a card was handed over, and pass the turn to the left (only with ``ask_again=may``)."""

    def __new__(cls) -> "Stop":
        return STOP

    def __str__(self) -> str:
        return "stop"


Move = Ask | AskQuartet | Beeldenstorm | Keistadfeesten | Stadswandeling | OpenMonumentendagen | Stop
BonusMove = Beeldenstorm | Keistadfeesten | Stadswandeling | OpenMonumentendagen

# Every move, made once: the constructors above and the legal-move lists hand these out.
ASK = tuple(tuple(_make(Ask, t, c) for c in range(QUARTET_CARDS)) for t in range(MAX_SEATS))
ASK_QUARTET = tuple(tuple(_make(AskQuartet, t, q) for q in range(QUARTETS)) for t in range(MAX_SEATS))
BEELDENSTORM = _make(Beeldenstorm)
KEISTADFEESTEN = tuple(_make(Keistadfeesten, q) for q in range(QUARTETS))
STADSWANDELING = tuple(_make(Stadswandeling, c) for c in range(QUARTET_CARDS))
OPEN_MONUMENTENDAGEN = tuple(_make(OpenMonumentendagen, t) for t in range(MAX_SEATS))
STOP = _make(Stop)

_EVERY_MOVE: list[Move] = [*(m for row in ASK for m in row), *(m for row in ASK_QUARTET for m in row),
                           BEELDENSTORM, *KEISTADFEESTEN, *STADSWANDELING, *OPEN_MONUMENTENDAGEN, STOP]
_BY_NOTATION = {str(m): m for m in _EVERY_MOVE}
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
    move = _BY_NOTATION.get(text) if isinstance(text, str) else None
    if move is not None:
        return move
    if isinstance(text, str) and text.strip().lower() == "stop":
        return STOP
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
