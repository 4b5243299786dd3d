"""What each player sees: secret hands, private Chests, the table drawn from a view alone; and the
explorer's Quartz panel (the push-your-luck meter, the crystals' worth) and move words."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import explorer
from explorer.games.quartz.odds import meter
from explorer.games.quartz.render import card_words, table_html, table_text
from explorer.widgets.games.quartz import (
    QuartzPanel, crystal_rows, decision_rows, describe, exploration_rows, meter_note, meter_seen, percent, visible,
)
from explorer.widgets.games.quartz import table as table_seen
from explorer.widgets.timeline import Timeline
from tests.support import covers

from .tables import G, play, table


@covers(f"{G}/hidden-hands", f"{G}/chest")
def test_views_show_only_what_each_player_may_see_through_a_whole_game():
    state = explorer.new(G, 3, seed=21)
    choose = random.Random(21).choice
    checked = 0
    while not state.is_over():
        if state.ply % 9 == 0:
            for p in range(3):
                view = state.view(p)
                json.dumps(view)
                for q, seat in enumerate(view["players"]):
                    assert (seat["hand"] is None) == (q != p)
                    assert (seat["chest"] is None) == (q != p)
                    assert seat["hand_count"] == len(state.hands[q]) and seat["chest_count"] == len(state.chests[q])
                for k in range(2):
                    twin = state.determinize(p, seed=k)
                    assert twin.view(p) == view
                    assert twin.inventory() == state.inventory()
                checked += 1
        state.play(choose(state.legal_moves()))
    assert checked > 20
    final = state.view(1)
    assert all(seat["chest"] is not None for seat in final["players"])  # the end opens every Chest


def test_determinize_deals_the_mine_deck_and_other_chests_anew():
    state = table(players=3, mine=["Q1", "A2", "E3", "S4", "R6u1", "B8u4"], chests=[["Q1h"], ["A2h"], ["E3h"]])
    deals = {(tuple(t.mine), tuple(t.chests[1]), tuple(t.chests[2]))
             for t in (state.determinize(0, seed=s) for s in range(20))}
    assert len(deals) > 5
    assert all(state.determinize(0, seed=s).chests[0] == ["Q1h"] for s in range(5))  # Ana's own is known


def test_cards_drawn_by_posso_ajudar_are_shown_to_everyone():
    state = play(table(mine=["Q1", "S4", "E3"], hands=[[], ["posso"]]), "explore, posso, pass")
    assert state.view(0)["drawn"] == ["Q1", "S4"] == state.view(1)["drawn"]


def test_the_html_table_hides_other_hands_and_draws_the_line():
    state = table(mine=["R6u14", "E3", "S4"], hands=[["semchance"], ["isso", "presente"]],
                  chests=[["B8u4"], []])
    play(state, "explore, pass, presente, pass")
    mine, theirs = state.html(0), state.html(1)
    assert "Isso Não Te Pertence" not in mine and "Isso Não Te Pertence" in theirs
    assert "reconstruction" in mine and "1 card, hidden" in theirs
    assert mine.count("<svg") == 2 and "Presentinho" in mine  # R6u14 and the Presentinho
    assert 'points="0,14 10,22 0,30"' in mine and 'points="64,14 54,22 64,30"' in mine  # positions 1 and 4
    text = table_text(state.view(1))
    assert "[reconstruction]" in text and "[R6u14] [Presentinho]" in text and "1 hidden" in text
    assert table_html(state.view()) == state.html(None)


def test_the_html_table_names_cards_and_columns_in_words_not_codes():
    state = table(mine=["S4"], collections=[["R6u14", "R6h", "Q1"], []], chests=[["B8u4"], []])
    html = state.html(0)
    assert "Ruby 6 &times;2" in html and "Quartz 1 &times;1" in html and "Amber 8 &times;1" in html
    assert 'title="Ruby 6 (unstable at 1 and 4)"' in html and 'title="Ruby 6 (Hire a Helper)"' in html
    assert ">6 <span class=\"unst\">&#9888;1 4</span>" in html  # the value, and where its crystals are unstable
    for code in ("R6u14", "R6h", "B8u4"):  # codes stay in the page's data only, never in its words
        assert f">{code}<" not in html and f"{code}:" not in html
    assert card_words("R6u14") == "R6 (unstable at 1 and 4)"  # a crystal not named: the column's code
    assert card_words("presente") == "presente"


# -- the explorer's panel: the meter, from the active player's seat ----------------------------------

def exploring(mine=("A2u2", "Q1", "E3u2", "S4", "Q1h"), chests=None, hands=None) -> explorer.State:
    """Ana explores a short Mine deck; nobody holds a Helper card, so nobody is asked to attack."""
    return table(mine=mine, chests=chests, hands=hands)


def test_the_meter_is_shown_to_the_active_player_and_to_everyone_only():
    state = play(exploring(), "explore")
    assert state.phase == "decide"
    assert meter_seen(state, 0) == meter_seen(state, None) == meter(state)
    assert meter_seen(state, 1) is None
    assert meter_seen(play(state.copy(), "stop"), None) is None  # no decision any more: no meter
    assert "stays hidden" in meter_note(state, 1)
    assert "25% accident risk (1/4 of 4 unseen cards)" in meter_note(state, 0)


def test_the_meter_rests_only_on_what_the_active_player_knows():
    state = explorer.new(G, 3, seed=8)
    choose = random.Random(8).choice
    checked = 0
    while not state.is_over() and checked < 12:
        if state.phase == "decide":
            m = meter(state)
            for seed in range(3):  # everything Ana cannot see dealt anew: the same meter
                assert meter(state.determinize(state.active, seed)) == m
            checked += 1
        moves = [str(m) for m in state.legal_moves()]
        state.play("continue" if "continue" in moves and len(state.line) < 3 else choose(moves))
    assert checked == 12


def test_a_chance_is_written_as_a_percentage_that_never_rounds_to_certainty():
    assert [percent(Fraction(*f)) for f in ((0, 1), (1, 300), (6, 71), (299, 300), (1, 1))] == [
        "0%", "<1%", "8%", ">99%", "100%"]


def test_decisions_are_listed_with_exact_odds_and_what_followed():
    line = Timeline(exploring())
    for move in ("explore", "continue", "continue"):
        line.play(move)
    rows = decision_rows(line)
    assert [(r["move"], r["player"], r["cards"], r["exact"], r["stop"], r["outcome"]) for r in rows] == [
        (1, "Ana", 1, "1/4", 2, "revealed, safe"),        # A2u2 shown: E3u2 of Q1, E3u2, S4, Q1h would clash
        (2, "Ana", 2, "1/3", 3, "revealed: accident"),    # Q1 shown: E3u2 of E3u2, S4, Q1h; and it came
    ]
    assert rows[0]["risk"] == 25.0 and rows[0]["reveal"] == 3.0  # (Q1 +1, E3u2 nothing, S4 +4, Q1h +1) on top of 2
    assert visible(rows, 1) == [] and visible(rows, 0) == rows == visible(rows, None)
    line.goto(2)
    assert decision_rows(line)[-1]["outcome"] == "revealed: accident"  # the list goes on past the position shown


def test_the_exploration_shown_keeps_its_decisions_until_the_turn_passes():
    line = Timeline(exploring())
    for move in ("explore", "continue", "stop", "pass"):
        line.play(move)
    rows = decision_rows(line)
    line.goto(2)
    shown = exploration_rows(rows, line, None)
    assert [(r["step"], r["choice"], r["points"], r["now"]) for r in shown] == [
        ("#1 · 1 card|25% risk", "stop now", 2, False), ("#1 · 1 card|25% risk", "one more card", 3.0, False),
        ("#2 · 2 cards|33% risk", "stop now", 3, True), ("#2 · 2 cards|33% risk", "one more card", 3.67, True)]
    assert exploration_rows(rows, line, 1) == []  # Bo may not read Ana's meter
    line.goto(3)  # stopped and collected: Ana may still play Mas Que Beleza!, the exploration stays on show
    assert line.state.phase == "beleza" and len(exploration_rows(rows, line, None)) == 4
    line.goto(4)  # the turn passed
    assert line.state.active == 1 and exploration_rows(rows, line, None) == []
    line.goto(0)
    assert exploration_rows(rows, line, None) == []


def test_the_panel_shows_another_player_nothing_of_what_they_cannot_see():
    """Two deals that differ only in Ana's Chest (swapped with a card deep in the Mine deck): Bo's panel is the same."""
    deals = [exploring(mine=("A2u2", "Q1", "E3", "S4", "R6u1"), chests=[["Q1h"], []]),
             exploring(mine=("A2u2", "Q1", "E3", "S4", "Q1h"), chests=[["R6u1"], []])]
    shown = {}
    panel = QuartzPanel(deals[0].game)  # one panel shows every match and viewer in turn, as in the explorer
    for k, state in enumerate(deals):
        line = Timeline(play(state, "explore, continue"))
        for viewer in (None, 0, 1):
            panel.show(line, viewer)
            shown[k, viewer] = dict(panel.widget.data)
    assert shown[0, 1] == shown[1, 1]
    assert shown[0, 0] != shown[1, 0] and shown[0, None] != shown[1, None]
    decisions = rows_of_data(shown[0, 0], "decisions")
    assert [d["player"] for d in decisions] == ["Ana", "Ana"] and rows_of_data(shown[0, 1], "decisions") == []
    labels = {r["player"]: r["text"] for r in rows_of_data(shown[0, 1], "crystal_labels")}
    assert labels == {"Ana": "0 + Chest (1 hidden)", "Bo": "0"}


def rows_of_data(data: dict, name: str) -> list:
    return json.loads(data[name])


# -- what the crystals are worth ------------------------------------------------------------------------

@covers(f"{G}/scoring", f"{G}/set-bonus")
def test_crystal_values_follow_the_rule_book_examples():
    # A lone card of value 4 scores 4; four identical cards of value 2 score 8 + 5 = 13.
    state = table(collections=[["S4"], ["A2", "A2", "A2u2", "A2u5"]], mine=["Q1"])
    segments, labels = crystal_rows(state, None)
    assert [(r["player"], r["column"], r["part"], r["points"]) for r in segments] == [
        ("Ana", "S4", "Sapphire", 4), ("Bo", "A2", "Amethyst", 8), ("Bo", "A2", "set bonus", 5)]
    assert [(r["player"], r["points"], r["text"]) for r in labels] == [("Ana", 4, "4"), ("Bo", 13, "13")]


def test_crystal_values_count_a_chest_only_where_the_viewer_sees_it():
    state = table(players=3, collections=[["A2", "A2u2"], ["E3"], []], chests=[["A2u5", "A2", "R6u1"], [], ["B8u4"]],
                  mine=["Q1"])
    for viewer in (None, 0, 1, 2):
        segments, labels = crystal_rows(state, viewer)
        for p, label in enumerate(labels):
            seat = state.view(viewer)["players"][p]
            expected = seat["score"] if seat["score"] is not None else seat["points_shown"]
            assert label["points"] == expected == sum(r["points"] for r in segments if r["seat"] == p)
    segments, labels = crystal_rows(state, 0)
    ana = [(r["column"], r["part"], r["place"], r["points"]) for r in segments if r["seat"] == 0]
    assert ana == [("A2", "Amethyst", "collection", 4), ("A2", "Amethyst", "Chest", 4),
                   ("A2", "set bonus", "collection", 5), ("R6", "Ruby", "Chest", 6)]
    assert [r["text"] for r in labels] == ["19", "3", "0 + Chest (1 hidden)"]
    seen_by_bo = crystal_rows(state, 1)[1]
    assert seen_by_bo[0]["text"] == "4 + Chest (3 hidden)"  # Ana's collection alone, no bonus from her Chest


# -- words on the buttons, and the table -----------------------------------------------------------------

def test_move_buttons_say_what_each_move_does():
    state = play(exploring(hands=[["semchance"], ["passa", "isso"]], mine=("R6u1", "A2u2", "Q1", "E3u2", "S4")),
                 "explore, pass")
    words = {str(m): describe(state, m) for m in state.legal_moves()}
    assert words == {"pass": "do not attack Ana", "passa": "attack: Passa Isso Aqui... (take the last card, the Ruby 6)"}
    state = table(collections=[["R6u1"], []], hands=[["semchance"], ["isso"]], mine=["A2u2", "Q1", "E3u2", "S4"])
    play(state, "explore")
    words = {str(m): describe(state, m) for m in state.legal_moves()}
    assert words["isso R6"] == "attack: Isso Não Te Pertence Mais... (steal Ana's Ruby 6 column: 1 card, 6 points)"
    play(state, "isso R6")
    words = {str(m): describe(state, m) for m in state.legal_moves()}
    assert words == {"pass": "no defense: Bo steals Ana's Ruby 6 column",
                     "semchance": "defend: Sem Chance! (cancel the Isso Não Te Pertence Mais...)"}
    play(state, "semchance")
    assert state.phase == "decide"
    words = {str(m): describe(state, m) for m in state.legal_moves()}
    assert words == {"continue": "reveal another card — 33% accident risk", "stop": "stop and keep 2 points"}


def test_every_legal_move_of_a_random_game_has_words():
    state = explorer.new(G, 4, seed=3)
    choose = random.Random(3).choice
    while not state.is_over():
        moves = state.legal_moves()
        for move in moves:
            assert describe(state, move), (state.phase, str(move))
        state.play(choose(moves))


def test_the_table_says_who_decides_in_a_chance_to_attack():
    state = play(exploring(hands=[["semchance"], ["passa"]]), "explore, pass")
    html = table_seen(state, 0)
    assert 'data-phase="attack"' in html and "Bo decides: attack Ana or pass" in html
    assert "reconstruction" in html and "seen by Ana" in html and "1 card, hidden" in html
    assert 'data-position="2"' in html and 'class="pos taken" data-position="2"' in html  # A2u2 takes position 2
    play(state, "passa")
    html = table_seen(state, None)
    assert 'data-phase="defend"' in html and "Ana decides: defend or no defense" in html and "Sem Chance!" in html
    assert "seen by everyone" in html
    html = table_seen(play(state, "pass"), 1)  # Bo takes the Amethyst: his collection shows it in its colour
    assert '<span class="col" data-column="A2">' in html and "border-left:6px solid #b48ede" in html
