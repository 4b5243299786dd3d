"""Hand-set Quartex tables for the scenario tests.

A table is drawn as its grid of points, one letter a point (``P`` purple X,
``B`` blue star, ``R`` red diamond, ``Y`` yellow circle), row by row from the
top: the space ``(x, y)`` has the points ``(x, y)``, ``(x + 1, y)``,
``(x + 1, y + 1)`` and ``(x, y + 1)`` at its corners.  :func:`placements`
turns the spaces to fill into placement notation, naming each space's tile by
the corners it shows, and checks that no tile is used twice.
"""

from __future__ import annotations

import explorer
from explorer.games.quartex.moves import parse_move

G = "quartex"


def points(grid: str) -> dict[tuple[int, int], str]:
    rows = [row.strip() for row in grid.strip().splitlines()]
    return {(x, y): letter for y, row in enumerate(rows) for x, letter in enumerate(row)}


def corners(grid: str, cell: tuple[int, int]) -> str:
    """The four corner letters, clockwise from the top left, that ``cell`` shows on ``grid``."""
    at = points(grid)
    x, y = cell
    return at[(x, y)] + at[(x + 1, y)] + at[(x + 1, y + 1)] + at[(x, y + 1)]


def placement(grid: str, cell: tuple[int, int]) -> str:
    """The notation (``12a1@3,-2``) of the tile that fits ``cell`` on ``grid``."""
    return str(parse_move(f"{corners(grid, cell)}@{cell[0]},{cell[1]}"))


def placements(grid: str, cells) -> list[str]:
    moves = [placement(grid, cell) for cell in cells]
    tiles = [parse_move(m).tile for m in moves]
    assert len(set(tiles)) == len(tiles), f"the table uses a tile twice: {moves}"
    return moves


def tile_of(text: str) -> int:
    """The tile number of a placement written ``PBRY@x,y`` or ``12a1@x,y``."""
    return parse_move(text if "@" in text else text + "@0,0").tile


def new(players=2, options=None, first=0, **setup):
    """A game laid out by hand: any of board, hands, bag (top first), removed, tokens."""
    return explorer.new(G, players=players, seed=0, options=options, setup={"first_player": first, **setup})


def play(state, moves: str):
    for move in moves.split():
        state.play(move)
    return state


def legal(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]
