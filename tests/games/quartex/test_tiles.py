"""The 55 tiles are generated, not typed in: these tests prove the set is the right one."""

from __future__ import annotations

import itertools

import pytest

from explorer.games.quartex import tiles as T
from tests.support import covers


@covers("quartex/tiles")
def test_there_are_55_tiles_numbered_in_order():
    assert T.N_TILES == 55 == (4**4 + 2 * 4**3 + 3 * 4**2 + 2 * 4) // 8  # Burnside's count
    assert [t.id for t in T.TILES] == list(range(1, 56))
    assert [t.corners for t in T.TILES] == sorted(t.corners for t in T.TILES)
    assert T.tile(1).corners == (T.PURPLE,) * 4 and T.tile(55).corners == (T.YELLOW,) * 4


@covers("quartex/tiles", "quartex/orientations")
def test_tiles_are_distinct_even_turned_and_flipped():
    classes = [frozenset(T.orientations(t.corners)) for t in T.TILES]
    assert len(set(classes)) == 55
    for a, b in itertools.combinations(classes, 2):
        assert not a & b  # no orientation of one tile is an orientation of another


@covers("quartex/tiles", "quartex/orientations")
def test_every_colouring_is_exactly_one_tile_in_some_orientation():
    for corners in itertools.product(range(4), repeat=4):
        owners = [t.id for t in T.TILES if corners in T.orientations(t.corners)]
        assert len(owners) == 1, corners
        tile_id, orientation = T.find(corners)
        assert tile_id == owners[0]
        assert T.tile(tile_id).corners_in(orientation) == corners
    assert len({T.code(c) for c in itertools.product(range(4), repeat=4)}) == 256


@covers("quartex/orientations")
def test_eight_orientations_the_back_a_mirror_image():
    t = T.tile(19)  # purple, blue, red, yellow clockwise: no symmetry at all
    assert T.letters(t.corners) == "PBRY"
    shown = [T.letters(t.corners_in(o)) for o in range(8)]
    assert shown == ["PBRY", "YPBR", "RYPB", "BRYP", "BPYR", "RBPY", "YRBP", "PYRB"]
    assert t.distinct_orientations == tuple(range(8))
    # the b face is face a turned over left to right: top-left and top-right swap
    assert T.mirror(T.mirror(t.corners)) == t.corners and T.turn(T.turn(T.turn(T.turn(t.corners)))) == t.corners
    counts = sorted(len(x.distinct_orientations) for x in T.TILES)
    assert counts.count(1) == 4  # the four one-colour tiles
    four_colours = [x.id for x in T.TILES if len(set(x.corners)) == 4]
    assert len(four_colours) == 3 == 24 // 8  # four colours round a square, up to turning and flipping
    assert all(len(T.tile(i).distinct_orientations) == 8 for i in four_colours)
    assert sum(counts) == 256


@covers("quartex/match")
@pytest.mark.parametrize("demand", list(itertools.product(range(5), repeat=4))[::7])
def test_fit_index_agrees_with_trying_every_tile(demand):
    expected: dict[int, list[int]] = {}
    for t in T.TILES:
        for o in t.distinct_orientations:
            corners = t.corners_in(o)
            if all(d == T.FREE or d == c for d, c in zip(demand, corners)):
                expected.setdefault(t.id, []).append(T.code(corners))
    assert T.FIT[T.demand_index(demand)] == {k: tuple(v) for k, v in expected.items()}
