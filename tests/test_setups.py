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


@pytest.mark.parametrize("name,fields,field", [
    ("pet-quartet", {"taken_by": [0, None], "turn": 0}, "setup.turn"),
    ("pet-quartet", {"phase": "place"}, "setup.drawn"),
    ("pet-quartet", {"conductors": [[3, 3, 3, 3, 3], []]}, "setup.conductors"),
    ("pets", {"scored": [[[[12, 3]], []], [[], []], [[], []]]}, "setup.scored"),
    ("pets", {"over": True, "ended_by": "rounds"}, "setup.ended_by"),
    ("quartz", {"phase": "defend"}, "setup.window"),
    ("quartz", {"phase": "hire", "hire_source": "reveal"}, "setup.hire_source"),
    ("quartex", {"phase": "point-out"}, "setup.pointers"),
    ("quartex", {"board": ["1a0@0,0"], "hands": [[2], [3]], "bag": [4], "placed_by": [0, 1]}, "setup.placed_by"),
    ("keistad-kwartet", {"events": [["drew", 0]]}, "setup.events"),
    ("keistad-kwartet", {"out": [True, False]}, "setup.out"),
    ("pets", {"rng": "x" * 20}, "setup.rng"),
])
def test_a_position_that_play_cannot_reach_is_refused_naming_its_field(name, fields, field):
    setup = fields if "board" in fields else {**explorer.new(name, 2, 5).setup(), **fields}
    with pytest.raises(explorer.RecordError) as caught:
        explorer.replay({"game": name, "players": 2, "seed": 5, "setup": setup, "moves": []})
    assert caught.value.field == field, caught.value
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


def test_a_position_without_its_generator_goes_on_from_the_seed():
    state = explorer.new("pets", 3, seed=4)
    setup = state.as_setup()
    del setup["rng"]
    one, two = (explorer.new("pets", 3, seed, setup=setup) for seed in (4, 4))
    assert one == two and one.view() == state.view()
    assert explorer.new("pets", 3, 5, setup=setup).rng.state() != one.rng.state()
