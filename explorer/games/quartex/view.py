"""What ``QuartexState.view(player)`` returns, field by field.

The table and every token are open to all.  Behind a player's shield only
their own tiles, and tiles they showed, are seen; others' shields give a
count and the shown tiles.  The bag's order is nobody's.  A view is plain
JSON-able data: a :class:`QuartexView` is a ``dict``.
"""

from __future__ import annotations

import enum
from typing import TypedDict


class Phase(enum.StrEnum):
    """What the player to move is deciding (the view's ``phase``; equal to its plain string)."""

    PLACE = "place"  #: the player whose turn it is places a tile, or shows their tiles
    POINT_OUT = "point-out"  #: an opponent points out a placement for the player who showed, or passes
    OVER = "over"  #: the game is over; nobody decides


class PlacedTile(TypedDict):
    """One tile on the table, open to all."""

    #: Its space, ``[column, row]``; the first tile lies at ``[0, 0]``.
    cell: list[int]
    #: The tile's number in the set.
    tile: int
    #: How it is turned, by its orientation's name (``"a0"``...).
    orientation: str
    #: The letters of its corners' symbols, top-left, top-right, bottom-right, bottom-left.
    corners: list[str]
    #: The seat that placed it, or None for the start tile.
    by: int | None


class CompletedShape(TypedDict):
    """A shape completed at a point where four tiles meet."""

    #: The grid point, ``[x, y]``.
    point: list[int]
    #: The shape's colour name.
    colour: str
    #: The seat that completed it, or None.
    by: int | None
    #: The colour of the token it earned, or None if the stock had none left.
    token: str | None


class Shield(TypedDict):
    """A player's hand behind their shield, as the viewer sees it."""

    #: How many tiles it holds (seen or not).
    count: int
    #: The tiles the viewer sees: all of them for the player's own shield (or the whole table), else the shown ones.
    tiles: list[int]
    #: The tiles the player has shown to all, sorted.
    shown: list[int]


class QuartexView(TypedDict):
    """The table as one player (or, with ``viewer`` None, anyone) sees it."""

    #: The game's name, ``"quartex"``.
    game: str
    #: The seat whose view this is; None for the whole table.
    viewer: int | None
    #: The players' names, by seat.
    names: list[str]
    #: What the player to move is deciding.
    phase: Phase
    #: The seat that decides now (an opponent pointing out); None once the game is over.
    to_move: int | None
    #: The seat whose turn it is; None once the game is over.
    turn: int | None
    #: The side of the square every tile must fit in, or None without a frame.
    frame: int | None
    #: The tiles' extent, ``[x0, y0, x1, y1]`` (spaces), or None before the first tile.
    bounds: list[int] | None
    #: Every tile on the table, in the order placed.
    board: list[PlacedTile]
    #: Every shape completed so far.
    completed: list[CompletedShape]
    #: The space of the last tile placed, ``[column, row]``, or None.
    last: list[int] | None
    #: The tokens left in the stock, by colour name.
    stock: dict[str, int]
    #: Each seat's tokens, by colour name.
    tokens: list[dict[str, int]]
    #: Each seat's shield.
    shields: list[Shield]
    #: How many tiles are left in the bag.
    bag: int
    #: The tiles taken out before the deal, when the options show them (or for the whole table), else empty.
    removed: list[int]
    #: How many tiles were taken out before the deal, shown or not.
    removed_count: int
    #: The tiles set aside during play, sorted.
    set_aside: list[int]
    #: By seat: whether the player is out of the game.
    eliminated: list[bool]
    #: Each seat's score as things stand.
    scores: list[int]
    #: The winning seats once the game is over, else None.
    winners: list[int] | None
    #: How a tie was settled (a sentence with its rule id), or None.
    tiebreak: str | None
