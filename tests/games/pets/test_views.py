"""What the dashboards read: the view, the score if the round ended now, and the table drawn from a view."""

from __future__ import annotations

import json
import random
import re

import explorer
from explorer.games.pets.render import table_html, table_text
from tests.support import covers


def played(players: int = 3, seed: int = 2, moves: int = 40) -> explorer.State:
    state = explorer.new("pets", players, seed=seed)
    choose = random.Random(seed).choice
    for _ in range(moves):
        state.play(choose(state.legal_moves()))
    return state


@covers("pets/hidden-hands")
def test_a_players_table_never_shows_another_hand():
    state = played()
    for p in range(3):
        view = state.view(p)
        json.dumps(view)
        html, text = table_html(view), table_text(view)
        for q in range(3):
            shown = view["hands"][q]
            assert (shown is not None) == (q == p)
        others = [q for q in range(3) if q != p]
        # The text table prints a hidden hand as "?", followed only by its publicly known cards.
        for q in others:
            line = next(line for line in text.splitlines() if state.names[q] in line and "total" in line)
            assert ": ?" in line
        assert html.count('data-player=') == 3
    full = table_text(state.view())
    assert "?" not in full


@covers("pets/groups")
def test_the_html_marks_every_group_and_the_ends_a_player_may_take():
    state = explorer.new("pets", 2, seed=1, setup={
        "hands": [[6], [9]], "rows": [[24, 24, 15, 15, 15, 6, 18, 24], [12], []], "first_player": 0})
    html = table_html(state.view(0))
    groups = re.findall(r'<span class="group" data-row="1" data-group="(\d)" data-kind="(\d+)" '
                        r'data-count="(\d)"( data-end="\w+")?', html)
    assert [(int(i), int(k), int(n)) for i, k, n, _ in groups] == [(0, 24, 2), (1, 15, 3), (2, 6, 1), (3, 18, 1),
                                                                     (4, 24, 1)]
    assert [end for *_, end in groups] == [' data-end="L"', "", "", "", ' data-end="R"']
    assert 'data-row="2" data-group="0" data-kind="12" data-count="1" data-end="LR"' in html
    assert "Round 1 of 3" in html and "draw pile" in html and "discard pile" in html
    text = table_text(state.view(0))
    assert "Row 1: [24 24] [15 15 15] [6] [18] [24]" in text and "Row 3: (empty)" in text


@covers("pets/scoring")
def test_the_view_holds_the_zone_by_kind_and_the_score_if_the_round_ended_now():
    state = explorer.new("pets", 2, seed=1, setup={
        "hands": [[6], [9]], "rows": [[18], [12], [21]], "fronts": [[24, 12], [6]],
        "zone": [24, 24, 24, 12, 9], "first_player": 0})
    view = state.view(1)
    assert view["kinds"] == [6, 9, 12, 15, 18, 21, 24]
    assert view["zone"] == [0, 1, 1, 0, 0, 0, 3] and view["trigger"] == 6
    assert view["score_now"] == [[4, 2, 8], [0, 0, 0]]
    assert [state.round_score(p).points for p in range(2)] == [8, 0]
    html = table_html(view)
    assert '<tr data-kind="24">' in html and "3/6" in html and "4 × 2 = 8" in html
    assert "Scoring Zone (6 ends the round): 6:0 9:1 12:1 15:0 18:0 21:0 24:3" in table_text(view)


def test_the_end_of_the_game_is_shown():
    state = explorer.new("pets", 2, seed=3)
    choose = random.Random(3).choice
    while not state.is_over():
        state.play(choose(state.legal_moves()))
    view = state.view(0)
    assert view["winners"] and view["to_move"] is None
    assert "Game over after the third scoring" in table_text(view)
    assert "Game over" in state.html(0)
