"""PETS's three actions and their notation.

===============  ===========================================================
``play 21x5``    lay 5 cards of kind 21 (cats) from your hand in front of you
``add 2R 15``    add a 15 (a rabbit) from your hand to the right end of row 2
``take 3L``      take the group at the left end of row 3 into your hand
===============  ===========================================================

A kind is named by its number (6, 9, 12, 15, 18, 21 or 24); rows are
numbered 1 to 3 in notation and 0 to 2 in code; an end is ``L`` or ``R``.
Case and extra spaces do not matter when reading (``"ADD 2r 15"``), and
``play 21x5`` may also be written ``play 21*5``.  There is no pass: every
turn is one of these three.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMove

#: The seven kinds, by their number; a kind of number n has n cards.
KINDS = (6, 9, 12, 15, 18, 21, 24)
ANIMALS = {6: "bird", 9: "pig", 12: "fish", 15: "rabbit", 18: "chick", 21: "cat", 24: "dog"}
PLURALS = {6: "birds", 9: "pigs", 12: "fish", 15: "rabbits", 18: "chicks", 21: "cats", 24: "dogs"}
ROWS = 3
ENDS = ("L", "R")


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``count`` cards of one ``kind`` from your hand face up in front of you."""

    kind: int
    count: int

    def __str__(self) -> str:
        return f"play {self.kind}x{self.count}"


@dataclass(frozen=True, slots=True)
class Add:
    """Add one card of ``kind`` from your hand to one end (``"L"`` or ``"R"``) of a row (from 0)."""

    row: int
    end: str
    kind: int

    def __str__(self) -> str:
        return f"add {self.row + 1}{self.end} {self.kind}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the group at one end (``"L"`` or ``"R"``) of a row (from 0) into your hand."""

    row: int
    end: str

    def __str__(self) -> str:
        return f"take {self.row + 1}{self.end}"


Move = Play | Add | Take

# One value per move, made once: legal-move lists hand these out instead of new objects.
PLAY = {k: tuple(Play(k, c) for c in range(k + 1)) for k in KINDS}  # PLAY[k][c]; c = 0 is never legal
ADD = tuple(tuple({k: Add(r, e, k) for k in KINDS} for e in ENDS) for r in range(ROWS))  # ADD[row][end][kind]
TAKE = tuple(tuple(Take(r, e) for e in ENDS) for r in range(ROWS))  # TAKE[row][end]
#: Each kind with its bit in a hand's mask of held kinds.
KIND_BITS = tuple((k, 1 << i) for i, k in enumerate(KINDS))
#: ADDS[mask][row]: every add to that row of the kinds in ``mask``, left end first (legal-move lists, ready made).
ADDS = tuple(
    tuple(tuple(ADD[r][e][k] for e in range(len(ENDS)) for k, bit in KIND_BITS if mask & bit) for r in range(ROWS))
    for mask in range(1 << len(KINDS))
)

_NOTATION = re.compile(
    r"^\s*(?:(play)\s+(\d{1,2})\s*[x*]\s*(\d{1,2})|(add)\s+([1-9])\s*([LR])\s+(\d{1,2})|(take)\s+([1-9])\s*([LR]))\s*$",
    re.IGNORECASE,
)


def _kind(text: str, whole: str) -> int:
    kind = int(text)
    if kind not in ANIMALS:
        raise InvalidMove(f"there is no kind {kind} in PETS (the kinds are 6, 9, 12, 15, 18, 21 and 24), "
                          f"so {whole!r} names no move.")
    return kind


def _row(text: str, whole: str) -> int:
    row = int(text) - 1
    if row >= ROWS:
        raise InvalidMove(f"there are {ROWS} rows, so {whole!r} names no move.")
    return row


def parse_move(text: str) -> Move:
    """The move ``text`` writes down: ``"play 21x5"``, ``"add 2R 15"`` or ``"take 3L"``."""
    match = _NOTATION.match(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(f"{str(text)[:20]!r} is not a PETS move; write play 21x5, add 2R 15 or take 3L.")
    whole = text.strip()
    play, kind, count, add, arow, aend, akind, take, trow, tend = match.groups()
    if play:
        k, c = _kind(kind, whole), int(count)
        if not 1 <= c <= k:
            raise InvalidMove(f"there are {k} cards of kind {k}, so {whole!r} cannot play {c} of them.")
        return PLAY[k][c]
    if add:
        return ADD[_row(arow, whole)][aend.upper() == "R"][_kind(akind, whole)]
    return TAKE[_row(trow, whole)][tend.upper() == "R"]
