"""Keistad Kwartet's notation, views and table drawings, and the explorer's Kwartet views.

The explorer's part (:mod:`explorer.widgets.games.keistad_kwartet`) is
tested on hand-set positions: the words on the move buttons, the table with
what was said, and the data of the scoring panel (quartets and knowledge
along the match, the knowledge matrix card by card).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re

import pytest

import explorer
from explorer import InvalidMove
from explorer.games.keistad_kwartet import parse_move
from explorer.games.keistad_kwartet.cards import parse_card
from explorer.games.keistad_kwartet.moves import (
    ASK, Ask, AskQuartet, Beeldenstorm, Keistadfeesten, OpenMonumentendagen, Stadswandeling,
)
from explorer.games.keistad_kwartet.cards import bit, cards_in, code
from explorer.games.keistad_kwartet.render import table_html, table_text
from explorer.widgets.charts import rows_of
from explorer.widgets.games import keistad_kwartet as views
from explorer.widgets.timeline import Timeline
from explorer.widgets.views import views_for

from .helpers import GAME, table


@pytest.mark.parametrize("text,move", [
    ("3.2@2", Ask(1, 9)), ("11.4@5", Ask(4, 43)), ("3@2", AskQuartet(1, 2)), ("BS", Beeldenstorm()),
    ("KF11", Keistadfeesten(10)), ("SW1.1", Stadswandeling(0)), ("OM3", OpenMonumentendagen(2)),
])
def test_notation_reads_back(text, move):
    assert parse_move(text) is move and str(move) == text
    assert parse_move(f"  {text.lower()} ") is move


@pytest.mark.parametrize("text", ["", "3.5@2", "12.1@2", "3.2@6", "3.2@0", "KF12", "OM9", "SW3", "ask", "3.2"])
def test_bad_notation_is_refused_in_one_sentence(text):
    with pytest.raises(InvalidMove) as caught:
        parse_move(text)
    assert str(caught.value).endswith(".")


def test_each_move_exists_once():
    assert Ask(1, 9) is ASK[1][9] and copy.deepcopy(Ask(1, 9)) is Ask(1, 9)
    assert pickle.loads(pickle.dumps(Stadswandeling(9))) is Stadswandeling(9)
    assert Ask(1, 9) != AskQuartet(1, 9) and len({Ask(1, 9), Ask(1, 9)}) == 1
    with pytest.raises(InvalidMove):
        Ask(7, 1)
    with pytest.raises(InvalidMove):
        parse_card("5.0")


def test_a_view_is_plain_data_and_hides_other_hands():
    state = explorer.new(GAME, 4, seed=2, options={"bonus_cards": True})
    for player in (None, 0, 1, 2, 3):
        view = state.view(player)
        assert json.loads(json.dumps(view)) == view
        shown = [p for p in range(4) if view["hands"][p] is not None]
        assert shown == ([0, 1, 2, 3] if player is None else [player])
    assert state.view(0)["bonus"]["effects"] == "the explorer's interpretation"


def test_the_html_table_shows_what_the_viewer_may_see():
    state = table(3, hands=[["3.1", "KF"], ["3.2", "5.1"], ["8.1"]], options={"bonus_cards": True})
    state.play("3.2@2")
    html = state.html(2)
    assert "3 cards, hidden" in html and "1 card, hidden" in html
    assert '<span class="card" data-card="8.1" title="Churches*">8.1 <small>Old church*</small></span>' in html
    assert "3.1 <small>" not in html and "Keistadfeesten</span>" not in html
    assert "What the table knows" in html and "Unknown</th>" in html
    assert "Bonus cards played: none" in html and "the explorer&#x27;s interpretation" in html
    assert "stand-in names" in html
    everyone = state.html(None)
    assert "3.1 <small>Land gate*</small>" not in everyone and "3.1 <small>Old wall*</small>" in everyone
    assert "Keistadfeesten</span>" in everyone
    assert table_html(state.view(1)) == state.html(1)


def test_the_text_table_draws_the_knowledge_matrix():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "7.1"], ["8.1"]], pot=["9.1"])
    state.play("3.2@2")  # a hit: 3.2 is Ana's
    state.play("5.2@3")  # a miss: Cy lacks 5.2, Ana draws
    text = table_text(state.view(2))
    lines = text.splitlines()
    assert lines[0] == "Cy to move. Pot: 38 cards."
    assert "hand: (4 cards hidden)" in lines[1] and "hand: (1 card hidden)" in lines[2] and "hand: 8.1" in lines[3]
    rows = {line.split()[0]: line.split()[1:] for line in lines[6:9]}
    assert rows["Ana"][2] == "2+" and rows["Ana"][4] == "+" and rows["Ana"][-1] == "3/4"
    assert rows["Cy"][4] == "-2" and rows["Bo"][2] == "-2"
    assert "City gates*" in text and "stand-in names" in text


# -- the explorer's views ---------------------------------------------------------------------

#: The notebook's worked example: three tiny hands and a known pot.
EXAMPLE = {"hands": [["3.1", "3.3", "5.1", "7.3"], ["3.2", "5.2", "7.1"], ["3.4", "7.2", "8.1"]],
           "pot": ["9.1", "9.2", "9.3"]}
ASKS = ["3.2@2", "3.4@2", "5.1@1", "7.2@3", "5.3@3", "8.2@1"]


def example(moves=ASKS):
    state = table(3, **EXAMPLE)
    for move in moves:
        state.play(move)
    return state


def words(state, notation):
    return views.describe(state, state.parse(notation))


def test_the_explorer_uses_the_kwartet_views():
    slots = views_for(GAME)
    assert slots.table is views.table and slots.panel is views.KwartetPanel
    state = example()  # the explorer's describe slot may wrap ours to take the viewer: it must say the same
    for move in state.legal_moves()[:5]:
        assert slots.describe(state, move, None) == views.describe(state, move) != ""


def test_each_ask_says_what_the_asker_knows_of_it():
    state = example()  # Ana to move: 7.2 was seen going to Bo; Bo lacked 3.4 but has drawn since
    assert words(state, "7.2@2") == "ask Bo for Quartet 7, card 2 \u2014 Bo is known to hold it"
    assert words(state, "7.2@3") == "ask Cy for Quartet 7, card 2 \u2014 Cy is known not to have it"
    assert words(state, "3.1@2") == "ask Bo for Quartet 3, card 1 \u2014 a bluff: you hold it"
    bo, cy = words(state, "3.4@2"), words(state, "3.4@3")
    assert bo.startswith("ask Bo for Quartet 3, card 4 \u2014 not known (about ") and bo.endswith("%)")
    percent = [int(text.rsplit("about ", 1)[1].split("%")[0]) for text in (bo, cy)]
    assert 0 < percent[0] < percent[1] < 100  # Bo could only have drawn it since he lacked it


def test_bonus_cards_and_whole_quartet_asks_are_described():
    state = table(3, hands=[["3.1", "BS", "KF", "SW", "OM"], ["3.2", "5.1"], ["8.1"]],
                  options={"bonus_cards": True, "ask_for": "quartet"})
    assert words(state, "3@2") == "ask Bo for all of Quartet 3 \u2014 not known"
    assert "interpretation" in words(state, "BS") and "Quartet 5" in words(state, "KF5")
    assert words(state, "OM3") == "play Open Monumentendagen: Cy shows their hand (interpretation)"
    assert words(state, "SW8.1").startswith("play Stadswandeling: walk round the table for Quartet 8, card 1")
    state.play("OM2")  # Bo's hand is shown to the table
    assert words(state, "3@2") == "ask Bo for all of Quartet 3 \u2014 Bo is known to hold 3.2"
    assert words(state, "3@3") == "ask Cy for all of Quartet 3 \u2014 not known"


def test_the_table_repeats_what_was_said_and_hides_what_the_viewer_may_not_see():
    state = example(ASKS + ["7.2@2"])
    html = views.table(state, 1)
    said = re.findall(r'<li class="said( latest)?" data-move="(\d+)">', html)
    assert [int(k) for _, k in said] == [4, 5, 6, 7] and said[-1][0] == " latest"
    assert "<b>Ana asks Bo for Quartet 7, card 2</b> \u2014 Bo has it and hands it over." in html
    ana = re.search(r'<tr data-player="0">.*?</tr>', html).group(0)
    assert 'data-shown="no"' in ana and "6 cards, hidden" in ana
    # Hidden, Ana's hand shows what the table knows of it: 3.2 and 7.2, and nothing else.
    assert re.findall(r'data-card="([\d.]+)"', ana) == ["3.2", "7.2"] and "+ 4 unknown" in ana
    bo = re.search(r'<tr data-player="1">.*?</tr>', html).group(0)
    assert 'data-shown="yes"' in bo and re.findall(r'data-card="([\d.]+)"', bo) == ["5.1", "5.2", "7.1", "9.2"]
    assert "(seen by Bo)" in html and "stand-in names" in html
    start = views.table(table(3, **EXAMPLE), None)
    assert "nothing said yet: Ana asks first" in start and 'data-shown="yes"' in start


def test_the_html_matrix_draws_a_pip_per_card_from_the_view():
    state = example()
    view = state.view(None)
    html = table_html(view)
    cy = re.search(r'<table class="know">.*?<tr data-player="2".*?</tr>', html, re.S).group(0)
    cy = cy[cy.index('<tr data-player="2"'):]
    assert 'data-known="0" data-unknown="3"' in cy
    cells = {q: some for some, q in re.findall(r'<td class="kq( some)?" data-quartet="(\d+)"', cy)}
    assert cells["8"] == " some" and cells["3"] == ""  # Cy asked for 8.2: some card of Quartet 8
    pips = dict(re.findall(r'data-card="(\d+\.\d)" data-state="(\w+)"', cy))
    assert pips["3.2"] == pips["5.1"] == pips["7.2"] == "not" and pips["8.1"] == "unknown"
    assert pips["5.3"] == "unknown"  # Cy lacked it when Bo asked, but has drawn from the pot since
    assert "3 of 3" in cy


def test_the_matrix_rows_say_what_the_table_or_one_player_knows():
    state = example(ASKS + ["7.2@2", "3.4@3"])  # Ana's kwartet: Quartet 3 is down
    rows = {(r["player"], r["card"]): r for r in views.matrix_rows(state, None)}
    assert len(rows) == 3 * 44 and all(r["state"] in views.STATES for r in rows.values())
    assert {rows[n, "3.1"]["state"] for n in ("Ana", "Bo", "Cy")} == {"laid down or played"}
    assert rows["Ana", "3.1"]["note"] == "laid down by Ana"
    assert rows["Ana", "7.2"]["state"] == "known in the hand" and rows["Bo", "5.1"]["state"] == "known in the hand"
    # Bo asked Cy for 7.2 and got it, so he held another card of quartet 7; handing the 7.2 on leaves it.
    assert rows["Bo", "7.2"]["state"] == "known not there"
    assert rows["Bo", "7.3"]["state"] == "holds at least one of these"
    assert rows["Bo", "9.1"]["state"] == "unknown"
    assert {rows["Cy", f"8.{k}"]["state"] for k in range(1, 5)} == {"holds at least one of these"}
    assert rows["Ana", "7.3"]["name"] == "Town hall square* (Squares*)"
    knowledge = state.knowledge()
    for (name, card), row in rows.items():
        p, b = state.names.index(name), bit(parse_card(card))
        assert (row["state"] == "known in the hand") == bool(knowledge.known_in(p) & b)
        assert (row["state"] == "known not there") == bool(knowledge.known_not_in(p) & b)
    # Seen by Ana: her own hand is known to her, and so is that Bo and Cy cannot hold her 7.3.
    mine = {(r["player"], r["card"]): r["state"] for r in views.matrix_rows(state, 0)}
    assert {mine["Ana", c] for c in ("7.2", "7.3", "9.1")} == {"known in the hand"}
    assert not any(s in ("unknown", "holds at least one of these") for (n, _), s in mine.items() if n == "Ana")
    assert mine["Bo", "7.3"] == mine["Cy", "7.3"] == "known not there"
    assert views.matrix_title(state, 0).startswith("What Ana knows after move 8")
    assert views.matrix_title(state, None).startswith("What the table knows after move 8")
    hands = views.matrix_hand_rows(state, None)
    assert [h["text"] for h in hands] == ["2 of 3 unknown", "3 of 4 unknown", "2 of 2 unknown"]
    assert [views._hand_known(0, 0), views._hand_known(0, 1), views._hand_known(0, 3)] == ["no cards", "1 card, known",
                                                                         "3 cards, all known"]


def greedy_timeline(seed=5, players=4):
    from explorer.bots import decide, make

    state = explorer.new(GAME, players, seed=seed)
    bot = make("greedy", seed=seed)
    while not state.is_over():
        state.play(decide(bot, state))
    return Timeline(state)


def test_the_known_rows_follow_the_table_knowledge_move_by_move():
    line = greedy_timeline()
    rows = views.known_rows(line)
    positions = len(line) + 1
    for p, name in enumerate(line.final.names):
        runs = [r for r in rows if r["seat"] == p]
        assert runs[0]["start"] == 0 and runs[-1]["end"] == positions
        assert all(a["end"] == b["start"] for a, b in zip(runs, runs[1:]))
        assert all((a["cards"], a["unknown"]) != (b["cards"], b["unknown"]) for a, b in zip(runs, runs[1:]))
        for k in range(0, positions, 7):
            knowledge = line.at(k).knowledge()
            run = next(r for r in runs if r["start"] <= k < r["end"])
            assert (run["cards"], run["unknown"]) == (knowledge.size(p), knowledge.unknown(p))
            assert run["known"] + run["unknown"] == run["cards"] and 0 <= run["share"] <= 1
    assert max(r["share"] for r in rows if r["cards"]) > 0.5  # the table learns a lot over a game


def test_the_panel_updates_its_data_in_place():
    line = greedy_timeline(seed=3, players=3)
    panel = views.KwartetPanel(explorer.game(GAME))
    line.goto(10)
    panel.show(line, None)
    spec, stamp = panel.widget.spec, panel.widget.stamp
    assert "Quartets laid down" in json.dumps(spec) and "How much of each hand the table knows" in json.dumps(spec)
    scores = rows_of(panel.widget, "scores")
    assert {r["score"] for r in scores if r["move"] == len(line)} == set(line.final.scores()[p].total
                                                                        for p in range(3))
    assert rows_of(panel.widget, "now")[0]["move"] == 10
    assert rows_of(panel.widget, "matrix_title")[0]["text"].startswith("What the table knows after move 10")
    assert len(rows_of(panel.widget, "matrix")) == 3 * 44
    line.goto(len(line))
    panel.show(line, 2)
    assert panel.widget.spec is spec and panel.widget.stamp > stamp  # the same chart, new data
    assert rows_of(panel.widget, "matrix_title")[0]["text"].startswith(f"What Cy knows after move {len(line)}")
    stamp = panel.widget.stamp
    panel.show(line, 2)
    assert panel.widget.stamp == stamp  # nothing changed, nothing sent


def test_a_players_hand_is_read_through_hand_and_matches_what_their_view_shows():
    state = explorer.new(GAME, 3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        for p in range(3):
            assert [code(c) for c in cards_in(state.hand(p))] == state.view(p)["hands"][p]
        state.play(rng.choice(state.legal_moves()))
