"""The 55 Quartex tiles, generated, and the index that says which of them fit a space.

A tile is a square with a symbol in each corner.  There are four symbols, one
per colour: a purple X, a blue star, a red diamond and a yellow circle.  The
tiles are every way of putting symbols on the four corners, counted once up to
rotation and reflection (the back of a tile is the mirror image of its front),
so each tile may lie in any of 8 orientations.  Nothing here is typed in: the
tiles come out of :func:`generate`, and Burnside's count confirms there are 55,
``(4**4 + 2*4**3 + 3*4**2 + 2*4) / 8``.

Corners are always listed clockwise from the top left: north-west, north-east,
south-east, south-west.  Colours are the numbers 0 to 3 (purple, blue, red,
yellow), written ``P``, ``B``, ``R``, ``Y``.

Numbering
    Tiles are numbered 1 to 55 in the order of their smallest corner list
    (purple < blue < red < yellow), so tile 1 is all purple X and tile 55 all
    yellow circle.  That smallest list is the tile's face ``a`` unturned.

Orientations
    ``a0``–``a3`` are face ``a`` turned 0 to 3 quarter turns clockwise;
    ``b0``–``b3`` are the back, face ``b`` (face ``a`` mirrored left to
    right), turned the same way.  A symmetric tile shows the same corners in
    several orientations; the lowest-numbered of them is the one the engine
    uses (:data:`CANONICAL`).

Fitting
    A space on the table demands some corners (those where tiles already
    meet) and leaves the others free.  :data:`FIT` maps every such demand to
    the tiles and orientations that meet it, so finding where a hand fits is a
    lookup per space rather than a trial of every tile in every orientation.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

PURPLE, BLUE, RED, YELLOW = range(4)
COLOURS = ("purple", "blue", "red", "yellow")
LETTERS = "PBRY"
SHAPES = ("X", "star", "diamond", "circle")
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")
ORIENTATION_NAMES = ("a0", "a1", "a2", "a3", "b0", "b1", "b2", "b3")
#: Where each corner of the space at ``(x, y)`` lies: the points ``(x + dx, y + dy)``.
CORNER_OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))
#: A corner a space leaves free, in a demand (:func:`demand_index`).
FREE = 4

Corners = tuple[int, int, int, int]


def turn(corners: Corners) -> Corners:
    """The corners after a quarter turn clockwise: the top-left symbol moves to the top right."""
    nw, ne, se, sw = corners
    return (sw, nw, ne, se)


def mirror(corners: Corners) -> Corners:
    """The corners of the other face: the tile turned over left to right, a mirror image."""
    nw, ne, se, sw = corners
    return (ne, nw, sw, se)


def orientations(corners: Corners) -> tuple[Corners, ...]:
    """The corners in each of the 8 orientations, in the order ``a0``–``a3``, ``b0``–``b3``."""
    out = []
    for face in (corners, mirror(corners)):
        for _ in range(4):
            out.append(face)
            face = turn(face)
    return tuple(out)


def code(corners: Corners) -> int:
    """The corners packed into one number from 0 to 255 (two bits a corner)."""
    return corners[0] | corners[1] << 2 | corners[2] << 4 | corners[3] << 6


def decode(value: int) -> Corners:
    return (value & 3, value >> 2 & 3, value >> 4 & 3, value >> 6 & 3)


def letters(corners: Corners) -> str:
    """``"PBRY"``: the corners' colour letters, clockwise from the top left."""
    return "".join(LETTERS[c] for c in corners)


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: its number and its corners as face ``a`` shows them unturned."""

    id: int
    corners: Corners

    def corners_in(self, orientation: int) -> Corners:
        """The corners this tile shows in ``orientation`` (0–7: ``a0``–``b3``)."""
        return orientations(self.corners)[orientation]

    @property
    def distinct_orientations(self) -> tuple[int, ...]:
        """The orientations that show different corners (8 for a tile with no symmetry, 1 for one colour)."""
        seen: dict[Corners, int] = {}
        for o, c in enumerate(orientations(self.corners)):
            seen.setdefault(c, o)
        return tuple(seen.values())

    def __str__(self) -> str:
        return f"tile {self.id} ({letters(self.corners)})"


def generate() -> tuple[Tile, ...]:
    """Every tile: one per class of corner colourings under rotation and reflection.

    The colourings are visited in increasing order, so the first of a class to
    appear is its smallest, and the tiles come out already numbered in order.
    """
    seen: set[Corners] = set()
    tiles: list[Tile] = []
    for tl, tr, br, bl in itertools.product(range(4), repeat=4):
        corners = (tl, tr, br, bl)
        if corners in seen:
            continue
        seen.update(orientations(corners))
        tiles.append(Tile(len(tiles) + 1, corners))
    return tuple(tiles)


#: The tiles, ``TILES[0]`` being tile 1.
TILES = generate()
N_TILES = len(TILES)
TILE_IDS = tuple(range(1, N_TILES + 1))


def tile(tile_id: int) -> Tile:
    """Tile number ``tile_id`` (1 to 55)."""
    return TILES[tile_id - 1]


#: ``CODES[t][o]``: the packed corners of tile ``t`` in orientation ``o`` (index 0 unused).
CODES: tuple[tuple[int, ...], ...] = ((),) + tuple(tuple(code(c) for c in orientations(t.corners)) for t in TILES)
#: For each packed colouring: the tile that shows it, and the lowest orientation that does.
_tile_of = [0] * 256
_canonical = [0] * 256
for _t in TILES:
    for _o in reversed(range(8)):  # the lowest orientation wins
        _tile_of[CODES[_t.id][_o]] = _t.id
        _canonical[CODES[_t.id][_o]] = _o
TILE_OF = tuple(_tile_of)
CANONICAL = tuple(_canonical)
#: Each packed colouring unpacked.
CORNERS = tuple(decode(v) for v in range(256))


def find(corners: Corners) -> tuple[int, int]:
    """The tile showing these corners and its orientation: every colouring is one tile's, exactly."""
    value = code(corners)
    return TILE_OF[value], CANONICAL[value]


def demand_index(demand: tuple[int, ...]) -> int:
    """The index in :data:`FIT` of a demand: four corners, each a colour or :data:`FREE`."""
    return demand[0] + 5 * demand[1] + 25 * demand[2] + 125 * demand[3]


def _fit_index() -> tuple[dict[int, tuple[int, ...]], ...]:
    fit: list[dict[int, list[int]]] = [{} for _ in range(5 ** 4)]
    for t in TILES:
        for o in t.distinct_orientations:
            corners = t.corners_in(o)
            for free in itertools.product((False, True), repeat=4):
                demand = tuple(FREE if f else c for f, c in zip(free, corners))
                fit[demand_index(demand)].setdefault(t.id, []).append(code(corners))
    return tuple({t: tuple(codes) for t, codes in d.items()} for d in fit)


#: ``FIT[demand_index(d)]``: tile number -> packed colourings of that tile meeting demand ``d``.
FIT = _fit_index()
#: ``FIT_TILES[demand_index(d)]``: the numbers of the tiles that can meet demand ``d``.
FIT_TILES = tuple(frozenset(d) for d in FIT)
#: ``FIT_MASK[demand_index(d)]``: the same tiles as one number, bit ``t`` set for tile ``t``.  A hand is
#: such a number too, so which of its tiles meet a demand is one ``&``.
FIT_MASK = tuple(sum(1 << t for t in d) for d in FIT)
