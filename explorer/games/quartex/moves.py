"""Quartex's moves and their notation.

==================  ===========================================================
``12a1@3,-2``       place tile 12 in orientation ``a1`` on the space at column 3, row -2
``PBRY@3,-2``       the same, named by the corners it shows (read back as ``12a1@3,-2``)
``show``            show the tiles behind your shield: none of them fits
``pass``            (an opponent) decline to point out a placement for the player who showed
==================  ===========================================================

A placement is tile, orientation, space:

* the tile is its number, 1 to 55 (see :mod:`.tiles` for how they are numbered);
* the orientation is ``a0``–``a3`` (face ``a`` turned 0–3 quarter turns
  clockwise) or ``b0``–``b3`` (the back, its mirror image, turned the same
  way).  A symmetric tile shows the same corners in several orientations;
  notation always uses the lowest (``parse_move("1b2@0,0")`` is ``1a0@0,0``);
* the space is ``column,row``: the first tile on the table lies at ``0,0``,
  columns grow to the right and rows downwards, so ``1,0`` is the space right
  of it and ``0,-1`` the one above it.

Instead of tile and orientation, a placement may be written as the four
corner colours it shows, clockwise from the top left (``P`` purple X, ``B``
blue star, ``R`` red diamond, ``Y`` yellow circle): every such colouring is
exactly one tile in one orientation.

In a game where opponents may point out a placement (option ``point_out``),
the opponent asked writes the placement they point out, in the same notation,
or ``pass``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMove
from .tiles import CANONICAL, CODES, LETTERS, N_TILES, ORIENTATION_NAMES, TILE_OF


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``tile`` in ``orientation`` (0–7: ``a0``–``b3``) on the space ``cell`` = ``(column, row)``."""

    tile: int
    orientation: int
    cell: tuple[int, int]

    def __str__(self) -> str:
        x, y = self.cell
        return f"{self.tile}{ORIENTATION_NAMES[self.orientation]}@{x},{y}"


@dataclass(frozen=True, slots=True)
class Show:
    """Show the tiles behind your shield, declaring that none of them fits."""

    def __str__(self) -> str:
        return "show"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to point out a placement for the player who showed their tiles."""

    def __str__(self) -> str:
        return "pass"


Move = Place | Show | Pass

SHOW = Show()
PASS = Pass()


def placement(colouring: int, cell: tuple[int, int]) -> Place:
    """The placement that shows the packed corners ``colouring`` on ``cell``."""
    return Place(TILE_OF[colouring], CANONICAL[colouring], cell)


_NOTATION = re.compile(
    r"^\s*(?:(show)|(pass)|(?:(\d{1,2})([ab])([0-3])|([PBRY]{4}))\s*@\s*(-?\d{1,3})\s*,\s*(-?\d{1,3}))\s*$",
    re.IGNORECASE,
)


def parse_move(text: str) -> Move:
    """The move ``text`` writes down: ``"12a1@3,-2"``, ``"PBRY@3,-2"``, ``"show"`` or ``"pass"``."""
    match = _NOTATION.match(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(
            f"{str(text)[:20]!r} is not a Quartex move; write a placement such as 12a1@3,-2 or PBRY@3,-2, "
            "or show, or pass."
        )
    show, pass_, number, face, turns, corners, x, y = match.groups()
    if show:
        return SHOW
    if pass_:
        return PASS
    cell = (int(x), int(y))
    if corners:
        colouring = 0
        for k, letter in enumerate(corners.upper()):
            colouring |= LETTERS.index(letter) << 2 * k
        return placement(colouring, cell)
    t = int(number)
    if not 1 <= t <= N_TILES:
        raise InvalidMove(f"tiles are numbered 1 to {N_TILES}, so {text.strip()!r} names none.")
    orientation = (4 if face.lower() == "b" else 0) + int(turns)
    return placement(CODES[t][orientation], cell)
