"""PETS played on its table, without a browser: groups taken, kinds played or added from the hand."""

from __future__ import annotations

import re

import explorer
from explorer.games.pets import Add, Play, Take
from explorer.widgets import Explorer
from explorer.widgets.games import pets as views
from explorer.widgets.touch import Choose, Play as PlayIt

SETUP = {"hands": [[6, 6, 6, 21], [9, 9]], "rows": [[24, 24, 15, 15, 15, 6, 18, 24], [12], [21]], "first_player": 0}


def table_at(moves=(), **setup):
    record = {"game": "pets", "players": 2, "seed": 0, "setup": {**SETUP, **setup}, "moves": list(moves)}
    ex = Explorer("pets", record=record, seats=["you", "you"])
    ex.see(None)  # the teacher's view: no passing the device between the people
    return ex


def targets(ex) -> dict[str, bool]:
    return {m.group(1): bool(m.group(2)) for m in re.finditer(r'data-touch="([^"]+)"( data-touch-ok)?', ex.table.value)}


def test_a_group_at_a_rows_end_is_taken_and_one_inside_is_refused_with_the_rule():
    ex = table_at()
    found = targets(ex)
    assert found["take:1L"] and found["take:1R"] and found["take:2L"] and "take:2R" not in found  # one group
    assert found["group:1:1"] is False and "play:6x1" not in found and "end:1L" not in found
    ex.touch("group:1:2")
    assert "pets/take" in ex.touch_line.value and ex.state.ply == 0
    ex.touch("take:2L")  # row 2's only group
    assert [str(m) for m in ex.timeline.moves] == ["take 2L"]


def test_a_kind_of_the_hand_then_a_count_or_a_rows_end():
    ex = table_at()
    ex.touch("hand:6")
    found = targets(ex)
    assert found["play:6x1"] and found["play:6x3"] and found["end:3R"] and "play:21x1" not in found
    assert "birds chosen" in ex.touch_line.value
    ex.touch("hand:6")  # put back
    assert "play:6x1" not in targets(ex)
    ex.touch("end:1L")
    assert "First click the kind in your hand" in ex.touch_line.value
    ex.touch("hand:6")
    ex.touch("play:6x2")
    assert [str(m) for m in ex.timeline.moves] == ["play 6x2"]
    ex.touch("hand:9")
    ex.touch("end:3R")
    assert [str(m) for m in ex.timeline.moves] == ["play 6x2", "add 3R 9"]


def test_a_count_too_small_to_beat_what_is_shown_and_a_kind_shown_already_are_refused_with_their_rules():
    ex = table_at(["play 6x1", "play 9x2"], hands=[[9, 6, 6, 6, 21], [9, 9]])
    ex.touch("hand:9")
    ex.touch("play:9x1")  # Bo shows two pigs: one does not beat them
    assert "pets/play-beat" in ex.touch_line.value and "Playing a pig</b> is not allowed" in ex.touch_line.value
    ex.touch("hand:6")
    ex.touch("play:6x2")  # Ana shows birds already
    assert "pets/play-new-kind" in ex.touch_line.value and ex.state.ply == 2


def test_every_legal_move_is_made_by_its_clicks():
    state = explorer.new("pets", players=3, seed=4)
    touch = views.PetsTouch(explorer.game("pets"))
    for _ in range(40):
        if state.is_over():
            break
        for move in state.legal_moves():
            picked = None
            if isinstance(move, (Add, Play)):
                answer = touch.pick(state, None, None, f"hand:{move.kind}")
                assert answer == Choose(move.kind)
                picked = move.kind
            assert touch.pick(state, None, picked, views.target_of(state, move)) in (PlayIt(move), PlayIt(
                Take(move.row, "L")) if isinstance(move, Take) else None)
        state.play(state.legal_moves()[0])


def test_the_group_pointed_at_says_what_its_take_does():
    html = views.table(explorer.new("pets", players=2, seed=0, setup=SETUP), None)
    assert 'content:"2 dogs to the hand · 3 rabbits to the Scoring Zone (3 of 6)"' in html
    assert 'content:"a fish to the hand · nothing to the Scoring Zone"' in html
