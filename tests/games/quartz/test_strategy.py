"""The greedy player: legal in every phase, sensible at the decisions that matter."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.quartz.strategy import greedy_move

from .tables import G, legal, play, table


def greedy_game(players: int, seed: int, greedy=frozenset({0, 1, 2, 3})):
    state = explorer.new(G, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        p = state.to_move
        if p in greedy:
            move = greedy_move(state.determinize(p, rng.randrange(2**31)), p, rng)
        else:
            move = rng.choice(state.legal_moves())
        state.play(move)  # raises if the greedy move were illegal
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_players_finish_a_game(players):
    state = greedy_game(players, seed=players)
    assert state.is_over() and state.result().winners


def test_greedy_beats_random_play_more_often_than_not():
    wins = sum(greedy_game(2, seed, greedy={0}).result().winners == (0,) for seed in range(6))
    assert wins >= 4


def test_greedy_stops_when_the_odds_turn_and_pushes_when_they_are_good():
    rng = random.Random(0)
    safe = play(table(mine=["Q1", "A2", "E3"]), "explore")
    assert str(greedy_move(safe, 0, rng)) == "continue"  # nothing unstable in the line yet
    risky = play(table(mine=["Q1u1", "A2u2", "E3u3", "S4u4", "R6u5", "B8u25", "R6u14"]),
                 "explore, continue, continue, continue")
    assert str(greedy_move(risky, 0, rng)) == "stop"


def test_greedy_protects_a_valuable_column_and_steals_a_valuable_one():
    rng = random.Random(0)
    rich = table(mine=["Q1"], collections=[["R6u1", "R6u2", "R6u3"], []])
    assert str(greedy_move(rich, 0, rng)) == "protect R6"
    thief = play(table(mine=["Q1", "A2"], hands=[[], ["isso"]], collections=[["R6u1", "R6u2", "Q1"], []]),
                 "explore")
    assert str(greedy_move(thief, 1, rng)) == "isso R6"
    with pytest.raises(ValueError):
        greedy_move(thief, 0, rng)


def test_greedy_plays_para_para_para_only_where_it_cancels_something_worthwhile():
    rng = random.Random(0)
    # Two players: right after the announcement it cancels a whole exploration.
    announced = play(table(mine=["Q1", "A2", "E3"], hands=[[], ["para"]]), "explore")
    assert str(greedy_move(announced, 1, rng)) == "para"
    # After a reveal it would only hand Ana her line: it waits.
    revealed = play(table(mine=["Q1", "A2", "E3"], hands=[[], ["para"]]), "explore, pass")
    assert revealed.line == ["Q1"] and "para" in legal(revealed)
    assert str(greedy_move(revealed, 1, rng)) == "pass"


@pytest.mark.parametrize("collections, move", [
    ([["Q1"], [], ["R6u1", "R6u2"]], "pass"),  # Ana trails Cy: cancelling her turn helps Cy as much as Bo
    ([["R6u1", "R6u2"], [], ["Q1"]], "para"),  # Ana leads
    ([["Q1"], [], ["Q1"]], "pass"),  # Ana is level with Cy: not ahead outright
])
def test_greedy_stops_only_the_leader_with_three_or_more_players(collections, move):
    state = play(table(players=3, mine=["Q1", "A2", "E3"], hands=[[], ["para"], []], collections=collections),
                 "explore")
    assert "para" in legal(state)
    assert str(greedy_move(state, 1, random.Random(0))) == move
