"""Legal moves and why_illegal agree exactly, on every tile, orientation and nearby space."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.quartex.moves import PASS, SHOW, Place
from tests.support import covers

G = "quartex"


def probes(state):
    """Every placement of the hand's tiles and three others, in 8 orientations, on every space next to the table
    or on it, and show and pass."""
    if state.bounds is None:
        xs = ys = range(-1, 2)
    else:
        x0, y0, x1, y1 = state.bounds
        xs, ys = range(x0 - 1, x1 + 2), range(y0 - 1, y1 + 2)
    tiles = set(state.hands[state.current]) | {1, 19, 55}
    for t in sorted(tiles):
        for o in range(8):
            for x in xs:
                for y in ys:
                    yield Place(t, o, (x, y))
    yield SHOW
    yield PASS


@covers("quartex/place", "quartex/touch", "quartex/match")
@pytest.mark.parametrize("options", [{}, {"frame": 8}, {"point_out": "opponents"}])
def test_legal_moves_are_exactly_the_moves_why_illegal_accepts(options):
    for seed in range(2):
        state = explorer.new(G, players=3, seed=seed, options=options)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            if step % 11 == 0:
                legal = set(state.legal_moves())
                accepted = {m for m in probes(state) if state.why_illegal(m) is None}
                assert accepted == legal
            state.play(rng.choice(state.legal_moves()))
            step += 1
