"""The table drawn from a view: SVG for notebooks, text for a terminal; neither shows what the view hides."""

from __future__ import annotations

import random
import re

import explorer
from explorer.games.quartex.render import INK, board_text, table_html, table_text

from .helpers import G, new, placements, tile_of

ONE = "YPP\nBBR\nPRY"


def played(seed=3, moves=25, options=None):
    state = explorer.new(G, players=3, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    return state


def test_the_board_is_svg_with_four_symbols():
    state = played()
    html = state.html(None)
    assert html.count("<svg") >= len(state.order) and "</svg>" in html
    for colour in ("purple", "blue", "red", "yellow"):
        assert INK[colour][0] in html
    assert "the last tile placed" in html


def test_shields_are_drawn_only_as_the_view_has_them():
    state = explorer.new(G, players=3, seed=1)
    mine = table_html(state.view(0))
    for t in state.hands[1] + state.hands[2]:
        if t not in state.hands[0]:
            assert f">{t}</text>" not in mine
    for t in state.hands[0]:
        assert f">{t}</text>" in mine
    assert mine.count(">?</text>") == 10


def test_completed_shapes_are_ringed_in_their_token_colour():
    *board, last = placements(ONE, [(0, 0), (1, 0), (0, 1), (1, 1)])
    state = new(board=board, hands=[[tile_of(last)], [2]], bag=[40])
    state.play(last)
    html = state.html(1)
    assert re.search(rf'<circle [^>]*stroke="{INK["blue"][1]}"[^>]*><title>blue shape: a blue token taken', html)
    text = table_text(state.view(1))
    assert "B" in "".join(board_text(state.view(1))) and "1 blue" not in text.splitlines()[0]


def test_the_frame_and_the_eliminated_are_shown():
    state = played(moves=40, options={"frame": 8})
    html = state.html(0)
    assert 'stroke-dasharray="6 4"' in html and "8×8 frame" in html
    stuck = new(board=["1a0@0,0"], hands=[[11, 12], [2]], bag=[])
    stuck.play("show")
    assert "eliminated" in table_html(stuck.view(1)) and "eliminated" in table_text(stuck.view(1))


def test_text_table():
    state = played()
    text = table_text(state.view(0))
    assert text.splitlines()[0].startswith("Bag ")
    assert "Stock:" in text and all(name in text for name in state.names)
    assert "*" in text  # the last tile placed
    empty = table_text(explorer.new(G, players=2, seed=0).view(0))
    assert "the table is empty" in empty
