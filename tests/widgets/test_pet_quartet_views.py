"""Pet Quartet's own views: its move buttons' words, its scoring panel and its table."""

from __future__ import annotations

import json

import explorer
from explorer.games.pet_quartet.render import table_html
from explorer.widgets import Explorer
from explorer.widgets.charts import rows_of
from explorer.widgets.games.pet_quartet import collection_rows, describe


def example() -> explorer.State:
    state = explorer.new("pet-quartet", players=3, seed=0, setup={
        "deck": [4, 9, 8], "first_player": 0, "collections": [[4, 4, 4, 10], [9, 5], [6, 6, 6, 6]]})
    for move in ["D", "P1", "D", "P2"]:
        state.play(move)
    return state


def test_move_buttons_say_what_each_move_does():
    state = example()
    state.play("D")
    assert describe(state, state.legal_moves()[0]) == "place the 8 under Conductor 1"
    state.play("P3")
    words = {str(m): describe(state, m) for m in state.legal_moves()}
    assert words == {"T1": "take Conductor 1 (4)", "T2": "take Conductor 2 (9)", "T3": "take Conductor 3 (8)",
                     "pass": "pass"}


def test_the_panel_scores_each_number_under_both_scorings():
    state = example()
    for move in ["D", "P3", "T1", "T2", "T3"]:
        state.play(move)
    rows = collection_rows(state.view(None))
    totals = {(r["player"], r["scoring"]): r["points"] for r in rows if r["number"] == "total"}
    advanced = explorer.replay({**state.to_record(), "options": {"scoring": "advanced"}})
    for p, name in enumerate(state.names):
        assert totals[(name, "standard")] == state.scores()[p].total
        assert totals[(name, "advanced")] == advanced.scores()[p].total
    ana = {r["number"]: r for r in rows if r["player"] == "Ana" and r["scoring"] == "advanced"}
    assert (ana["4"]["kind"], ana["4"]["points"], ana["10"]["points"]) == ("Quartet", 4, 10)


def test_the_panel_follows_the_position_shown():
    ex = Explorer("pet-quartet", players=3, seed=0, seats=["you"] * 3, record=example().to_record())
    chart = ex.panel.widget
    assert len(rows_of(chart, "scores")) == 3 * (len(ex.timeline) + 1)
    assert {r["move"] for r in rows_of(chart, "now")} == {4}
    ex.to_start.click()
    assert {r["move"] for r in rows_of(chart, "now")} == {0}
    start = {(r["player"], r["number"]) for r in rows_of(chart, "collections")}
    assert ("Ana", "10") in start and ("Bo", "9") in start
    spec = json.dumps(chart.spec)
    assert "Standard scoring" in spec and "Advanced scoring" in spec


def test_the_table_shows_conductors_collections_and_who_took_what():
    state = example()
    state.play("D")
    html = table_html(state.view(None))
    assert "drawn:" in html and "1/4" in html and "Conductor 3" in html
    state.play("P3")
    state.play("T1")
    html = table_html(state.view(1))
    assert "taken by" in html and "took Conductor 1" in html and "seen by Bo" in html
    assert 'class="card quartet"' in html and "Quartet" in html  # Ana's four 4s
    assert 'class="card solo"' in html and "Soloist" in html
