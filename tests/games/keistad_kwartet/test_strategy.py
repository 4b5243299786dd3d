"""The greedy Keistad Kwartet player: it uses what the table knows, reads no hidden hand, and wins.

The search's playout policy is the same player weighing how near each quartet is to completion.
"""

from __future__ import annotations

import random

import pytest

import explorer
from explorer import bots
from explorer.core import ExplorerError
from explorer.games.keistad_kwartet.moves import Keistadfeesten, OpenMonumentendagen
from explorer.games.keistad_kwartet.strategy import chance, greedy_move, playout_move

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


def almost_a_quartet():
    """Ana holds three of quartet 3 and one of quartet 5; Bo has just shown he holds a card of quartet 5."""
    state = table(hands=[["3.1", "3.2", "3.3", "5.1"], ["5.2", "7.1", "7.2", "8.1"]], first_player=1)
    state.play("5.3@1")  # a miss: Ana's turn, and the table knows Bo holds a card of quartet 5
    return state


def test_the_search_policy_goes_for_the_quartet_it_almost_has():
    state = almost_a_quartet()
    ana = state.knowledge(0)
    assert chance(ana, 0, 1, 4 * 2 + 3) < chance(ana, 0, 1, 4 * 4 + 1)  # 3.4 is less likely there than 5.2
    for seed in range(5):
        assert str(greedy(state, seed)) in {"5.2@2", "5.3@2", "5.4@2"}
        assert str(playout_move(state.determinize(0, seed=seed), 0, random.Random(seed))) == "3.4@2"


def test_the_search_policy_still_takes_a_sure_hit_first():
    state = table(hands=[["3.1", "3.2", "3.3", "5.1", "5.2"], ["5.3", "7.1"]], first_player=1)
    state.play("5.2@1")  # Bo takes 5.2, in full view
    state.play("7.4@1")  # a miss: Ana's turn
    for seed in range(5):
        assert str(playout_move(state.determinize(0, seed=seed), 0, random.Random(seed))) == "5.2@2"


def test_the_search_plays_by_the_playout_policy_unless_told_greedy():
    state = almost_a_quartet()
    assert bots.playout_policy(state.game) is playout_move
    assert bots.heuristic(state.game) is greedy_move
    assert bots.playout_policy(explorer.game("pet-quartet")) is bots.heuristic(explorer.game("pet-quartet"))
    # Two playouts cannot overrule the default move, so each search plays its policy's choice.
    assert str(bots.decide(bots.make("search(playouts=2)", seed=1), state)) == "3.4@2"
    greedy_search = bots.make("search(playouts=2, rollout=greedy)", seed=1)
    assert str(bots.decide(greedy_search, state)) in {"5.2@2", "5.3@2", "5.4@2"}


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
