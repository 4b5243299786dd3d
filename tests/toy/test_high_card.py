"""Scenario tests for the toy game's rules, one a rule, on hand-set decks."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalMove

from ..support import covers
from . import G


def dealt(deck: list[int], players: int = 2) -> explorer.State:
    return explorer.new(G, players=players, seed=0, options={"top": 6}, setup={"deck": deck})


@covers(f"{G}/deal")
def test_each_player_is_dealt_two_cards_from_the_top():
    state = dealt([1, 2, 3, 4, 5, 6])
    assert state.view(0)["hands"] == [[1, 2], 2] and state.view(1)["hands"] == [2, [3, 4]]
    with pytest.raises(explorer.RecordError, match="setup.deck"):
        dealt([1, 2, 3])


@covers(f"{G}/play")
def test_a_card_must_beat_the_last_one_and_is_replaced():
    state = dealt([3, 5, 2, 6, 1, 4])
    state.play("5")
    assert state.scores()[0].total == 5 and state.view(0)["hands"][0] == [1, 3]
    why = state.why_illegal("2")
    assert why is not None and why.rule == f"{G}/play" and "higher than 5" in why.reason
    with pytest.raises(IllegalMove):
        state.play("2")


@covers(f"{G}/pass", f"{G}/end")
def test_the_game_ends_when_everyone_has_passed():
    state = dealt([3, 5, 2, 6, 1, 4])
    state.play("pass")
    assert not state.is_over()
    entry = state.play("pass")
    assert state.is_over() and entry.rule == f"{G}/end"


@covers(f"{G}/tiebreak")
def test_a_tie_goes_to_the_most_cards_in_hand_else_it_is_shared():
    state = dealt([1, 2, 3, 4, 5, 6])
    for move in ["1", "pass", "2", "3", "pass", "pass"]:
        state.play(move)
    result = state.result()
    assert [s.total for s in result.scores] == [3, 3] and result.winners == (0,)
    assert result.tiebreak == "tie on 3 points broken by the most cards in hand (2)"
    assert result.tiebreak_rule == f"{G}/tiebreak"
    state = dealt([1, 2, 3, 4, 5, 6])
    state.play("pass")
    state.play("pass")
    assert state.result().winners == (0, 1)
    assert state.result().tiebreak == "tie on 0 points and 2 cards in hand: the victory is shared"
