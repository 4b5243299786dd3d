"""Any position, written out as a setup, lays out a new match that is the same match from there on.

At random points of random games of every game, ``state.as_setup()`` (sent
through JSON, as a record carries it) lays out a new match with another seed
and no moves: it equals the first (position and generator), shows the same
table to everyone, offers the same legal moves, and when both play the same
random moves they stay equal, narrations and chance included.
"""

from __future__ import annotations

import json
import random

import pytest

import explorer

from .support import all_configs

#: Positions tried per configuration, and the moves both matches play on from each.
POINTS, ONWARD = 4, 25


def own_configs() -> list[tuple[str, int, dict]]:
    return [config for config in all_configs() if type(explorer.game(config[0])).__module__.startswith("explorer.")]


def same_match(fresh: explorer.State, state: explorer.State) -> None:
    assert fresh == state
    assert fresh.legal_moves() == state.legal_moves()
    for viewer in (None, *range(state.players)):
        assert fresh.view(viewer) == state.view(viewer)
    assert fresh.html() == state.html() and fresh.scores() == state.scores() and fresh.result() == state.result()


@pytest.mark.parametrize("name,players,options", own_configs(), ids=lambda v: str(v))
def test_any_position_written_as_a_setup_plays_on_the_same_way(name, players, options):
    game = explorer.game(name)
    for point in range(POINTS):
        rng = random.Random(f"{name}{players}{options}{point}")
        state = game.new(players, rng.randrange(1000), options)
        for _ in range(rng.randrange(120 if point else 1)):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        setup = json.loads(json.dumps(state.as_setup()))
        fresh = game.new(players, 424242, options, setup=setup, names=state.names)
        same_match(fresh, state)
        assert fresh.as_setup() == setup and fresh.setup() == setup
        again = explorer.replay(fresh.to_record(explicit=True))
        same_match(again, state)
        for _ in range(ONWARD):
            if state.is_over():
                break
            move = rng.choice(state.legal_moves())
            assert state.play(move).text == fresh.play(move).text
            same_match(fresh, state)
