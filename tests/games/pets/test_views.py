"""What the dashboards read: the view, the score if the round ended now, the table drawn from a view,
and the explorer's own PETS views (move words, the last move, the scoring panel's data)."""

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
    assert '<div class="zone-kind" data-kind="24"' in html and "3/6" in html and "(1 + 3) × 2 = 8" in html
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


# -- the explorer's PETS views --------------------------------------------------------------------------------

EXAMPLE_B = {"hands": [[6], [9]], "rows": [[24, 24, 15, 15, 15, 6, 18, 24], [12], [21]], "first_player": 0}
#: Four rabbits in the Scoring Zone: taking row 1's dog sends two more, and the round ends.
TRIGGER = {"hands": [[6], [9]], "rows": [[24, 15, 15, 6], [12, 9], [21]], "fronts": [[15], [24]],
           "zone": [15, 15, 15, 15, 24], "first_player": 0}


def pets_views():
    from explorer.widgets.games import pets

    return pets


def test_move_buttons_say_what_each_move_does():
    pets = pets_views()
    state = explorer.new("pets", 2, seed=0, setup={**EXAMPLE_B, "hands": [[24, 15, 15], [9]], "fronts": [[], [15]]})
    words = {str(m): pets.describe(state, m) for m in state.legal_moves()}
    assert words["take 1L"] == "take the 2 dogs at row 1's left; 3 rabbits go to the Scoring Zone"
    assert words["take 1R"] == "take the dog at row 1's right; a chick goes to the Scoring Zone"
    assert words["take 2L"] == "take the fish, row 2's last group; nothing goes to the Scoring Zone"
    assert words["add 1L 24"] == "add a dog at row 1's left, joining its 2 dogs"
    assert words["add 1R 15"] == "add a rabbit at row 1's right"
    assert "play 15x1" not in words and words["play 15x2"] == "show 2 rabbits, beating Bo's 1"
    assert words["play 24x1"] == "show a dog"
    trigger = explorer.new("pets", 2, seed=1, setup=TRIGGER)
    assert pets.describe(trigger, trigger.parse("take 1L")) == (
        "take the dog at row 1's left; 2 rabbits go to the Scoring Zone: 6 rabbits there end the round")


def test_the_last_move_is_read_back_from_the_position_before_it():
    pets = pets_views()
    state = explorer.new("pets", 2, seed=0, setup=EXAMPLE_B)
    assert pets.last_move(state) is None
    state.play("take 1L")
    assert pets.last_move(state) == {"kind": "take", "move": "take 1L", "player": 0, "row": 1, "end": "L",
                                     "taken": [24, 2], "moved": [15, 3], "scored": False, "round": 1}
    state.play("add 2R 9")
    assert pets.last_move(state) == {"kind": "add", "move": "add 2R 9", "player": 1, "row": 2, "end": "R",
                                     "card": 9}
    beat = explorer.new("pets", 2, seed=0, setup={**EXAMPLE_B, "hands": [[6], [21, 21, 21]], "fronts": [[21, 21], []]})
    beat.play("take 3L")
    beat.play("play 21x3")
    assert pets.last_move(beat)["beaten"] == [0, 2]
    trigger = explorer.new("pets", 2, seed=1, setup=TRIGGER)
    trigger.play("take 1L")
    last = pets.last_move(trigger)
    assert last["scored"] and last["moved"] == [15, 2] and last["round"] == 1


def test_the_explorer_table_marks_the_last_move_and_previews_every_take():
    pets = pets_views()
    state = explorer.new("pets", 2, seed=0, setup=EXAMPLE_B)
    before = pets.table(state, None)
    # Row 1's left take previews the two dogs (group 0) and the three rabbits (group 1), with the zone's rabbits.
    key = re.search(r'<div class="pets" data-key="(\w+)"', before).group(1)
    button = f'.ex-explorer:has(.ex-move[title^="Play take 1L"]:hover) .pets[data-key="{key}"]'
    assert f'{button} .group[data-row="1"][data-group="0"]' in before
    assert f'{button} .group[data-row="1"][data-group="1"]' in before
    assert f'{button} .zone-kind[data-kind="15"] .zone-count::after' in before
    assert 'content:"+3 → 3"' in before
    assert 'title="take 1L: 2 dogs into the hand, 3 rabbits to the Scoring Zone"' in before
    state.play("take 1L")
    after = pets.table(state, 1)
    assert 'data-last="take 1L"' in after and '<div class="zone-kind fresh" data-kind="15"' in after
    assert "Row 1</th>" in after and 'data-row="1" data-group="0" data-kind="6"' in after
    # Seen by Bo: Ana's hand shows its size and the dogs everyone saw her take, not the bird she was dealt.
    ana = re.search(r'<tr class="[^"]*" data-player="0">.*?</tr>', after).group(0)
    assert "hidden; known to hold" in ana and 'data-kind="24"' in ana and 'data-kind="6"' not in ana
    assert "seen by Bo" in after
    assert 'data-kind="6"' in re.search(r'<tr class="[^"]*" data-player="0">.*?</tr>', pets.table(state, 0)).group(0)


def test_zone_rows_follow_the_scoring_zone_and_show_each_scoring_at_its_peak():
    from explorer.widgets.timeline import Timeline

    pets = pets_views()
    state = explorer.new("pets", 2, seed=1, setup=TRIGGER)
    line = Timeline(state)
    line.play("take 2R")  # a pig to Ana's hand, a fish to the zone
    line.play("take 1L")  # Bo takes the dog: two rabbits make six, and round 1 is scored
    views = [line.at(k).view() for k in range(len(line) + 1)]
    rows = pets.zone_rows(views, list(line.moves))
    start = {r["kind"]: r["cards"] for r in rows if r["move"] == 0}
    assert start == {"bird (6)": 0, "pig (9)": 0, "fish (12)": 0, "rabbit (15)": 4, "chick (18)": 0, "cat (21)": 0,
                     "dog (24)": 1}
    assert [(r["move"], r["kind"], r["cards"]) for r in rows if r["move"] == 1] == [(1, "fish (12)", 1)]
    rabbits = [(r["move"], r["cards"], r["peak"]) for r in rows if r["kind"] == "rabbit (15)"]
    assert rabbits == [(0, 4, False), (2, 6, True), (2, 0, False)]
    assert [r["step"] for r in rows] == list(range(len(rows)))
    assert {r["kind"] for r in rows if r["move"] == 2} == set(pets.KIND_LABELS)  # every line runs to the end
    assert all(r["cards"] == 0 for r in rows if r["move"] == 2 and not r["peak"])


def test_won_rows_split_the_score_if_the_round_ended_now_by_kind():
    pets = pets_views()
    # The sheet's examples: 3 dogs and 1 fish make (3 + 1) × 2 = 8; 6 cards of 3 kinds make 6 × 3 = 18.
    state = explorer.new("pets", 2, seed=1, setup={
        "hands": [[6], [9]], "rows": [[18], [12], [21]], "fronts": [[24, 12], [6, 9, 15]],
        "zone": [24, 24, 24, 12, 6, 6, 9, 15, 15, 15], "first_player": 0})
    view = state.view()
    segments, labels = pets.won_rows(view)
    assert [(s["player"], s["kind"], s["cards"], s["points"]) for s in segments] == [
        ("Ana", "fish (12)", 1, 2), ("Ana", "dog (24)", 3, 6),
        ("Bo", "bird (6)", 2, 6), ("Bo", "pig (9)", 1, 3), ("Bo", "rabbit (15)", 3, 9)]
    assert labels == [{"player": "Ana", "seat": 0, "points": 8, "text": "(1 + 3) × 2 = 8"},
                      {"player": "Bo", "seat": 1, "points": 18, "text": "(2 + 1 + 3) × 3 = 18"}]
    for p, label in enumerate(labels):
        assert label["points"] == state.round_score(p).points == view["score_now"][p][2]
        assert sum(s["points"] for s in segments if s["seat"] == p) == label["points"]


def test_round_rows_stack_the_scored_rounds_under_the_round_under_way():
    pets = pets_views()
    state = explorer.new("pets", 2, seed=1, setup=TRIGGER)
    state.play("take 1L")  # round 1: Ana 6, Bo 1
    state.play("play 9x1")  # Bo shows his pig; the new round's zone is empty
    segments, labels = pets.round_rows(state.view())
    assert [(s["player"], s["round"], s["points"]) for s in segments] == [
        ("Ana", "round 1", 6), ("Ana", "this round, if it ended now", 0),
        ("Bo", "round 1", 1), ("Bo", "this round, if it ended now", 0)]
    assert [label["text"] for label in labels] == ["6", "1"]
    done = played(players=2, seed=3, moves=0)
    choose = random.Random(3).choice
    while not done.is_over():
        done.play(choose(done.legal_moves()))
    segments, labels = pets.round_rows(done.view())
    assert all(s["round"] != pets.ROUND_NAMES[-1] for s in segments)
    assert [label["points"] for label in labels] == [s.total for s in done.scores()]


def test_the_panel_updates_its_datasets_in_place_as_the_match_moves():
    from explorer.widgets.charts import rows_of
    from explorer.widgets.timeline import Timeline

    pets = pets_views()
    panel = pets.PetsPanel(explorer.game("pets"))
    line = Timeline(explorer.new("pets", 2, seed=1, setup=TRIGGER))
    panel.show(line, None)
    spec = panel.widget.spec
    assert rows_of(panel.widget, "won_label")[0]["text"] == "4 × 1 = 4"
    line.play("take 1L")
    panel.show(line, None)
    assert panel.widget.spec is spec  # same players: the chart is not rebuilt, only its data
    assert any(r["peak"] and r["cards"] == 6 for r in rows_of(panel.widget, "zone"))
    assert [r["points"] for r in rows_of(panel.widget, "rounds") if r["round"] == "round 1"] == [6, 1]
    line.goto(0)
    panel.show(line, 1)
    assert {r["move"] for r in rows_of(panel.widget, "zone_now")} == {0}
    assert rows_of(panel.widget, "rounds") == [
        {"player": "Ana", "seat": 0, "round": "this round, if it ended now", "order": 3, "points": 4},
        {"player": "Bo", "seat": 1, "round": "this round, if it ended now", "order": 3, "points": 1}]
