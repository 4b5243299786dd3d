"""The Conductor masks that legal moves are read from agree with the Conductors, move after move."""

from __future__ import annotations

import random

import pytest

import explorer


def masks(state) -> tuple[int, int]:
    """The masks computed afresh from the Conductors themselves."""
    takeable = roomy = 0
    for c, cards in enumerate(state.conductors):
        if state.taken_by[c] is None and state.phase != "over":
            if cards:
                takeable |= 1 << c
            if len(cards) < state.limits[c]:
                roomy |= 1 << c
    return takeable, roomy


@pytest.mark.parametrize("players,variant", [(2, "none"), (4, "maestro"), (6, "maestro"), (2, "duet")])
def test_masks_follow_the_conductors(players, variant):
    for seed in range(6):
        state = explorer.new("pet-quartet", players=players, seed=seed, options={"variant": variant})
        rng = random.Random(seed)
        while True:
            assert (state.takeable, state.roomy) == masks(state), f"ply {state.ply}: {state.history[-3:]}"
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
            if state.ply % 11 == 0:  # undo rebuilds the state by replaying: the masks must come back too
                last = state.undo()
                assert (state.takeable, state.roomy) == masks(state)
                state.play(last)


def test_to_move_follows_the_turn():
    state = explorer.new("pet-quartet", players=3, seed=4)
    rng = random.Random(4)
    while not state.is_over():
        assert state.to_move == state.current
        state.play(rng.choice(state.legal_moves()))
    assert state.to_move is None
