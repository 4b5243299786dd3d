"""Keistad Kwartet's notation, views and table drawings."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import explorer
from explorer import InvalidMove
from explorer.games.keistad_kwartet import parse_move
from explorer.games.keistad_kwartet.cards import parse_card
from explorer.games.keistad_kwartet.moves import (
    ASK, Ask, AskQuartet, Beeldenstorm, Keistadfeesten, OpenMonumentendagen, Stadswandeling,
)
from explorer.games.keistad_kwartet.render import table_html, table_text

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
    assert '<span class="card" title="Churches*">8.1 <small>Old church*</small></span>' in html
    assert "3.1 <small>" not in html and "Keistadfeesten</span>" not in html
    assert "What the table knows" in html and "Unknown cards" in html
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
    assert rows["Ana"][2] == "2" and rows["Ana"][4] == "+" and rows["Ana"][-1] == "3/4"
    assert rows["Cy"][4] == "-2" and rows["Bo"][2] == "-2"
    assert "City gates*" in text and "stand-in names" in text
