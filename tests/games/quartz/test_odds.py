"""The push-your-luck meter against brute force: every unseen card played out by the engine, and
Monte Carlo over determinizations."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import explorer
from explorer.games.quartz.odds import meter
from explorer.games.quartz.state import DECIDE
from tests.support import covers

from .tables import G, play, table


def put_on_top(state, code: str) -> None:
    """Make ``code`` the Mine deck's top card, swapping it with the top (from the deck or another's Chest)."""
    mine = state.mine
    if code in mine:
        i = len(mine) - 1 - mine[::-1].index(code)
        mine[i], mine[-1] = mine[-1], mine[i]
        return
    for p, chest in enumerate(state.chests):
        if p != state.active and code in chest:
            chest[chest.index(code)], mine[-1] = mine[-1], code
            return
    raise AssertionError(f"{code} is not unseen")


def finish_turn(state, player: int) -> None:
    """Nobody attacks, nobody defends, nobody hires, and the explorer stops."""
    while not state.is_over() and state.turn == player:
        state.play("stop" if state.phase == DECIDE else "pass")


def brute_force(state):
    """Play one more reveal with each unseen card in turn on top of the deck: (accident chance, points)."""
    player = state.active
    unseen = state.unseen(player)
    base = state.score_of(player).total
    accidents, points = 0, Fraction(0)
    for code in unseen:
        twin = state.copy()
        twin._legal_cache = None
        put_on_top(twin, code)
        twin.play("continue")
        if "accident" in twin.log[-1].text:
            accidents += 1
            continue
        if twin.phase == "hire":
            twin.play("pass")
        finish_turn(twin, player)
        points += twin.score_of(player).total - base
    stopped = state.copy()
    finish_turn(stopped, player)
    return Fraction(accidents, len(unseen)), points / len(unseen), stopped.score_of(player).total - base


@covers(f"{G}/unstable", f"{G}/set-bonus", f"{G}/chest")
def test_the_meter_is_exact_against_every_unseen_card_played_out():
    mine = ["Q1u1", "A2u2", "Q1", "A2h", "E3u1", "R6u2", "S4", "A2", "A2u5", "B8u25", "Q1u3", "E3u4"]
    state = table(players=3, mine=mine, collections=[["A2", "A2"], ["S4u1"], []],
                  chests=[["Q1h"], ["R6u1", "S4u4"], ["B8u4"]], hands=[[], ["semchance"], []])
    play(state, "explore, pass, pass, continue, pass")
    assert state.phase == DECIDE and state.line == ["Q1u1", "A2u2"]
    m = meter(state)
    assert m.unseen == 10 + 3  # the Mine deck and the two other Chests; Ana's own Chest is known
    accident, reveal, stop = brute_force(state)
    assert (m.accident, m.reveal, m.stop) == (accident, reveal, stop)
    assert m.accident == Fraction(4, 13)  # E3u1, R6u2, B8u25 and R6u1 hit positions 1 or 2
    assert m.stop == 1 + 2  # a third Amethyst: no set yet


def test_the_meter_counts_a_set_the_next_card_would_complete():
    state = table(players=2, mine=["A2h", "A2", "Q1", "S4"], collections=[["A2", "A2u1"], []], helpers=["isso"])
    play(state, "explore")
    assert state.phase == "hire"
    play(state, "pass")  # A2h stays: three Amethysts with the two collected
    m = meter(state)
    assert m.stop == 2  # ... not yet a set
    play(state, "continue")
    m = meter(state)
    assert m.stop == 2 + 2 + 5 and m.accident == 0  # the fourth Amethyst brings the set bonus
    assert (m.accident, m.reveal, m.stop) == brute_force(state)


@covers(f"{G}/presentinho")
def test_the_meter_knows_a_presentinho_arms_every_unstable_crystal():
    state = table(players=2, mine=["Q1", "A2u5", "S4", "E3", "B8u4"], hands=[[], ["presente"]])
    play(state, "explore, presente, pass")
    assert state.line == ["presente", "Q1"]
    m = meter(state)
    assert m.accident == Fraction(2, 4) and (m.accident, m.reveal, m.stop) == brute_force(state)


@pytest.mark.parametrize("seed", [3, 11])
def test_the_meter_matches_monte_carlo_over_determinizations(seed):
    state = explorer.new(G, 3, seed=seed)
    choose = random.Random(seed)
    while not (state.phase == DECIDE and len(state.line) >= 2 and state.ply > 60
               and any(state.chests[p] for p in range(3) if p != state.active)):
        moves = state.legal_moves()
        state.play("continue" if state.phase == DECIDE and len(state.line) < 2 else choose.choice(moves))
    player = state.active
    m = meter(state)
    assert (m.accident, m.reveal, m.stop) == brute_force(state)
    trials, accidents = 300, 0
    for k in range(trials):
        twin = state.determinize(player, seed=k)
        assert twin.view(player) == state.view(player)
        twin.play("continue")
        accidents += "accident" in twin.log[-1].text
    assert abs(accidents / trials - float(m.accident)) < 0.08


def test_the_meter_appears_in_the_view_of_the_active_player_only():
    state = play(table(players=2, mine=["Q1u1", "A2", "E3"]), "explore")
    odds = state.view(0)["odds"]
    assert odds["unseen"] == 2 and odds["accident"] == 0 and odds["advice"] == "continue"
    assert state.view(1)["odds"] is None and state.view()["odds"] == odds
    assert "chance of an accident" in state.html(0)
