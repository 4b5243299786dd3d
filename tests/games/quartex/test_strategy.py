"""The greedy heuristic: a legal move always, the tokens worth most, and no gifts to the next player."""

from __future__ import annotations

import random

import explorer
from explorer.games.quartex.strategy import gain, greedy_move

from .helpers import G, new, placements, tile_of

ONE = "YPP\nBBR\nPRY"  # a blue star at the point 1,1 waits for its fourth tile


def test_greedy_always_plays_a_legal_move():
    for options in ({}, {"point_out": "opponents"}, {"frame": 8}):
        state = explorer.new(G, players=3, seed=2, options=options)
        rng = random.Random(2)
        while not state.is_over():
            p = state.to_move
            move = greedy_move(state.determinize(p, state.ply), p, rng)
            assert move in state.legal_moves()
            state.play(move)


def test_greedy_completes_a_shape_whose_token_is_worth_something():
    *board, last = placements(ONE, [(0, 0), (1, 0), (0, 1), (1, 1)])
    state = new(board=board, hands=[[tile_of(last), 2], [3]], bag=[40, 41])
    assert str(greedy_move(state, 0, random.Random(0))) == last
    # With every blue token but one already out, another blue is worth nothing to her.
    broke = new(board=board, hands=[[tile_of(last), 2], [3]], bag=[40], tokens=[{"blue": 3}, {"blue": 6}])
    assert gain(broke, 0, [1]) < gain(state, 0, [1])


def test_greedy_beats_random_play():
    wins = 0
    for seed in range(6):
        state = explorer.new(G, players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.to_move
            move = greedy_move(state.determinize(p, seed), p, rng) if p == 0 else rng.choice(state.legal_moves())
            state.play(move)
        wins += state.result().winners == (0,)
    assert wins >= 5
