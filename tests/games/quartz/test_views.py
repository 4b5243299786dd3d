"""What each player sees: secret hands, private Chests, the table drawn from a view alone."""

from __future__ import annotations

import json
import random

import explorer
from explorer.games.quartz.render import table_html, table_text
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
    assert "reconstruction" in mine and "1 card(s), hidden" in theirs
    assert mine.count("<svg") == 2 and "Presentinho" in mine  # R6u14 and the Presentinho
    assert 'points="0,14 10,22 0,30"' in mine and 'points="64,14 54,22 64,30"' in mine  # positions 1 and 4
    text = table_text(state.view(1))
    assert "[reconstruction]" in text and "[R6u14] [Presentinho]" in text and "1 hidden" in text
    assert table_html(state.view()) == state.html(None)
