"""The greedy PETS player: legal, blind to what it cannot see, and better than chance."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer import IllegalMove
from explorer.games.pets.strategy import greedy_move, move_value


def test_the_greedy_move_is_legal_and_reads_only_what_its_player_sees():
    state = explorer.new("pets", 3, seed=8)
    choose = random.Random(8).choice
    for _ in range(30):
        p = state.to_move
        picks = {str(greedy_move(state.determinize(p, s), p, random.Random(0))) for s in range(4)}
        assert len(picks) == 1, "the greedy move depends on cards its player cannot see"
        move = state.parse(picks.pop())
        assert state.is_legal(move)
        state.play(choose(state.legal_moves()))


def test_it_claims_a_kind_waiting_in_the_scoring_zone():
    state = explorer.new("pets", 2, seed=1, setup={
        "hands": [[24, 24, 9], [6]], "rows": [[18, 12], [12, 18], [21, 15]], "zone": [24] * 4,
        "first_player": 0})
    move = greedy_move(state, 0, random.Random(1))
    assert str(move).startswith("play 24x")
    assert move_value(state, 0, move) > move_value(state, 0, state.parse("add 1L 9"))


def test_it_ends_the_round_when_ahead():
    state = explorer.new("pets", 2, seed=1, setup={
        "hands": [[6], [9]], "rows": [[9, 24], [12, 18], [21, 15]], "zone": [24] * 5, "fronts": [[24], []],
        "first_player": 0})
    assert str(greedy_move(state, 0, random.Random(1))) == "take 1L"


def test_it_only_moves_on_its_turn():
    state = explorer.new("pets", 2, seed=1)
    with pytest.raises(IllegalMove):
        greedy_move(state, 1, random.Random(1))


def test_greedy_beats_random_players():
    wins = 0
    for seed in range(8):
        state = explorer.new("pets", 3, seed=seed)
        rng = random.Random(seed)
        greedy = seed % 3
        while not state.is_over():
            p = state.to_move
            if p == greedy:
                state.play(greedy_move(state.determinize(p, seed * 1000 + state.ply), p, rng))
            else:
                state.play(rng.choice(state.legal_moves()))
        wins += greedy in state.result().winners
    assert wins >= 6
