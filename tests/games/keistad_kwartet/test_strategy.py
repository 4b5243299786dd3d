"""The greedy Keistad Kwartet player: it uses what the table knows, reads no hidden hand, and wins."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core import ExplorerError
from explorer.games.keistad_kwartet.moves import Keistadfeesten, OpenMonumentendagen
from explorer.games.keistad_kwartet.strategy import chance, greedy_move

from .helpers import GAME, table


def greedy(state, seed: int = 0):
    me = state.to_move
    return greedy_move(state.determinize(me, seed=seed), me, random.Random(seed))


def test_it_asks_first_for_a_card_known_to_be_somewhere():
    state = table(3, hands=[["3.1", "3.3", "5.1"], ["3.2", "7.1"], ["7.2", "8.1"]], first_player=1)
    state.play("3.1@1")  # Bo takes 3.1 from Ana, in full view
    state.play("7.3@3")  # a miss: Cy's turn
    state.play("8.2@1")  # a miss: Ana's turn
    assert state.to_move == 0
    for seed in range(5):
        assert str(greedy(state, seed)) == "3.1@2"


def test_it_reads_no_hidden_hand():
    state = explorer.new(GAME, 4, seed=3)
    me = state.to_move
    moves = {str(greedy_move(state.determinize(me, seed=s), me, random.Random(1))) for s in range(6)}
    assert len(moves) == 1


def test_it_does_not_bluff_while_a_real_ask_is_open():
    state = table(hands=[["3.1", "3.2", "3.3"], ["5.1"]])
    for seed in range(5):
        assert str(greedy(state, seed)) == "3.4@2"


def test_it_plays_a_bonus_card_when_it_helps():
    options = {"bonus_cards": True}
    feast = table(3, hands=[["KF", "3.1", "3.2"], ["3.3", "5.1", "5.3"], ["3.4", "5.2", "5.4"]], options=options,
                  quartets=[[1, 2, 4], [6, 7, 8], [9, 10, 11]], removed=["BS", "SW", "OM"])
    assert feast.view()["pot"] == 0  # so both missing cards of quartet 3 are in the opponents' hands
    assert greedy(feast) == Keistadfeesten(2)
    only = table(hands=[["OM"], ["3.1", "5.1"]], options=options)
    assert isinstance(greedy(only), OpenMonumentendagen)


def test_the_chance_of_a_card_follows_the_knowledge():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "3.3", "7.1"], ["7.2", "8.1"]], pot=["9.1"])
    state.play("3.2@2")  # a hit: the table knows Ana holds 3.2
    state.play("3.4@2")  # a miss: Bo lacks 3.4
    cy = state.knowledge(2)
    assert chance(cy, 2, 0, 4 * 2 + 1) == 1.0
    assert chance(cy, 2, 1, 4 * 2 + 3) == 0.0
    assert 0 < chance(cy, 2, 1, 4 * 2 + 2) < 1


def test_only_the_player_to_move_gets_a_move():
    state = explorer.new(GAME, 3, seed=1)
    with pytest.raises(ExplorerError):
        greedy_move(state, 1, random.Random(0))


def test_it_beats_players_who_choose_at_random():
    wins = 0
    for seed in range(12):
        state = explorer.new(GAME, 4, seed=seed)
        rng = random.Random(seed)
        me = seed % 4
        while not state.is_over():
            p = state.to_move
            state.play(greedy_move(state.determinize(p, seed=state.ply), p, rng) if p == me
                       else rng.choice(state.legal_moves()))
        wins += state.result().winners == (me,)
    assert wins >= 10, f"greedy won only {wins} of 12 games against three random players"
