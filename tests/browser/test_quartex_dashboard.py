"""The Quartex dashboard in a real browser: tiles placed by clicking the table, a shape completed, shields that hide.

The table is the move chooser: a tile of the hand, then a lit space, then
(if the tile fits there in several ways) one of the ways drawn.  What the
page lights up is checked against the engine, replaying the moves the
page's move list shows.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.games.quartex import Place

from .actions import assert_page_clean, instant_bots, open_record_as_people
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

SEED = 5
#: Two players, four tiles on the table: Ana's tile 25 fits on 1,-1 one way only, as the fourth tile round
#: the point 1,0, where it completes a red diamond.
NEAR_A_SHAPE = {"game": "quartex", "players": 2, "seed": 0,
                "moves": ["27a0@0,0", "26a1@-1,0", "3a3@0,-1", "38a1@1,0"]}

def chart_stamp(ex: Locator) -> str:
    return ex.locator(".ex-vega").first.get_attribute("data-stamp") or ""


def wait_chart_redrawn(ex: Locator, before: str) -> None:
    """Wait until the chart shows an update later than the one stamped ``before``."""
    expect(ex.locator(".ex-vega").first).not_to_have_attribute("data-stamp", before)


def picks(ex: Locator, selector: str) -> list[str]:
    """The ``data-touch`` values of the clickable parts of the table matching ``selector``."""
    found = ex.locator(selector)
    return [found.nth(i).get_attribute("data-touch") or "" for i in range(found.count())]


def replayed(ex: Locator):
    """The engine's state after the moves the page's move list shows."""
    state = explorer.new("quartex", players=3, seed=SEED)
    notations = ex.locator(".ex-moves .ex-mv-notation")
    for i in range(notations.count()):
        state.play(notations.nth(i).inner_text().strip())
    return state


def shield_labels(ex: Locator, seat: int) -> list[str]:
    """The numbers (or ``?``) drawn on the tiles behind one player's shield."""
    texts = ex.locator(f'.qx-player[data-seat="{seat}"] .qx-shield svg text')
    return [(texts.nth(i).text_content() or "").strip() for i in range(texts.count())]


def complete_a_shape(ex: Locator) -> None:
    """Load a table where Ana's tile completes a shape, place it by clicking, and read the token's new worth back."""
    open_record_as_people(ex, NEAR_A_SHAPE)
    state = explorer.replay(NEAR_A_SHAPE)
    move = Place(25, 0, (1, -1))
    assert state.completes(move) == [2] and [m for m in state.placements_for(25) if m.cell == move.cell] == [move]
    table = ex.locator(".ex-table")
    expect(table.locator(".qx-stock-red")).to_have_attribute("title", re.compile("^10 red tokens"))

    stamp = chart_stamp(ex)
    ex.locator('.qx-pick [data-touch="tile:25"]').click()
    table.locator('.qx-board [data-touch="space:1,-1"]').click()  # one way only: clicking the space places it
    entry = state.play(move)
    expect(ex.locator(".ex-where")).to_have_text("Move 5 of 5")
    expect(ex.locator('.ex-moves .ex-mv[data-k="5"] .ex-mv-text')).to_have_text(entry.text)
    assert "completing a red diamond. Ana takes a red token." in entry.text
    # the shape ringed in red, Ana's red token, and a red token now worth 9 on the table and in the chart
    expect(table.locator(".qx-board circle title", has_text="red shape: a red token taken")).to_have_count(1)
    assert state.stock == [10, 10, 9, 10] and state.tokens[0] == [0, 0, 1, 0]
    expect(table.locator(".qx-stock-red")).to_have_attribute("title", re.compile("^9 red tokens"))
    wait_chart_redrawn(ex, stamp)
    chart = ex.locator(".ex-vega").first

    def dot(colour: str, worth: int) -> Locator:
        """The worth chart's dot for ``colour`` at the position shown (its lines are labelled by their start)."""
        return chart.locator(f'svg .mark-symbol path[aria-label*="colour: {colour}"]'
                             f'[aria-label*="points a token: {worth}"]')

    expect(dot("red", 9)).to_have_count(1)
    for colour in ("purple", "blue", "yellow"):
        expect(dot(colour, 10)).to_have_count(1)


def test_quartex_places_a_tile_by_clicking_and_hides_the_shields(page: Page, server, artifacts):
    page.goto(server.url("quartex.ipynb"), timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex.locator(".ex-touch-relay")).to_have_attribute("data-ready", "1")

    # -- a new seeded game: you play Ana, who moves first, against two greedy bots (who answer at once)
    instant_bots(ex)
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    ex.locator(".ex-seed input").fill(str(SEED))
    ex.locator(".ex-seed input").press("Enter")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A new game: 3 players, seed {SEED}.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    start = explorer.new("quartex", players=3, seed=SEED)
    hand = start.hands[0]
    assert picks(ex, ".qx-pick .qx-tile") == [f"tile:{t}" for t in hand]

    # -- the first tile: any tile, any way, on 0,0; take the one with the most ways
    tile = max(hand, key=lambda t: len(start.placements_for(t)))
    ex.locator(f'.qx-pick [data-touch="tile:{tile}"]').click()
    expect(ex.locator(".ex-touch-line")).to_contain_text(f"Tile {tile} fits on 1 space")
    assert picks(ex, ".qx-board .qx-space[data-touch^='space:']") == ["space:0,0"]
    ex.locator('.qx-board [data-touch="space:0,0"]').click()
    ways = ex.locator(".qx-ways [data-touch^='move:']")
    expect(ways).to_have_count(len(start.placements_for(tile)))
    assert picks(ex, ".qx-ways [data-touch^='move:']") == [f"move:{m}" for m in start.placements_for(tile)]
    chosen = picks(ex, ".qx-ways [data-touch^='move:']")[-1].removeprefix("move:")

    table = ex.locator(".ex-table")
    stamp = chart_stamp(ex)
    ways.last.click()
    expect(ex.locator(".ex-where")).to_have_text("Move 3 of 3")  # Ana's move, then Bo's and Cy's answers
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    expect(ex.locator(".ex-moves .ex-mv-notation").first).to_have_text(chosen)
    wait_chart_redrawn(ex, stamp)
    board = table.locator(".qx-board")
    expect(board.locator("title", has_text="the last tile placed")).to_have_count(1)
    expect(board.locator("text.qx-label", has_text=re.compile(f"^{tile}$"))).to_have_count(1)

    # -- the second tile: the page lights up exactly where the engine says it fits
    state = replayed(ex)
    fitting = sorted({m.tile for m in state.legal_moves() if isinstance(m, Place)})
    assert fitting, "the scenario needs a tile of Ana's that fits"
    assert picks(ex, ".qx-pick .qx-fits") == [f"tile:{t}" for t in fitting]
    tile = fitting[0]
    ex.locator(f'.qx-pick [data-touch="tile:{tile}"]').click()
    spaces = {f"space:{x},{y}" for x, y in {m.cell for m in state.placements_for(tile)}}
    expect(board.locator(".qx-space[data-touch^='space:']")).to_have_count(len(spaces))
    assert set(picks(board, ".qx-space[data-touch^='space:']")) == spaces
    space = picks(board, ".qx-space[data-touch^='space:']")[0]
    x, y = (int(v) for v in space.removeprefix("space:").split(","))
    there = [m for m in state.placements_for(tile) if m.cell == (x, y)]
    stamp = chart_stamp(ex)
    board.locator(f'[data-touch="{space}"]').click()
    if len(there) > 1:  # several ways on that space: they are drawn, in the engine's order; click one
        expect(ex.locator(".qx-ways [data-touch^='move:']")).to_have_count(len(there))
        assert picks(ex, ".qx-ways [data-touch^='move:']") == [f"move:{m}" for m in there]
        ex.locator(".qx-ways [data-touch^='move:']").first.click()
    expect(ex.locator(".ex-where")).not_to_have_text("Move 3 of 3")
    wait_chart_redrawn(ex, stamp)
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    state = replayed(ex)  # Ana's tile and the bots' are on the table, as the engine has them
    labels = board.locator("text.qx-label")
    assert sorted(int(labels.nth(i).text_content() or 0) for i in range(labels.count())) == sorted(
        int(c["tile"]) for c in state.view(None)["board"])
    assert ex.locator(".ex-moves .ex-mv-notation").nth(3).inner_text() == str(there[0])

    # -- seen by Bo: Ana's and Cy's tiles are hidden, Bo's shown, and nobody can pick Ana's tiles
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table.locator(".qx")).to_have_attribute("data-viewer", "1")
    assert shield_labels(ex, 0) == ["?"] * len(state.hands[0])
    assert shield_labels(ex, 2) == ["?"] * len(state.hands[2])
    assert shield_labels(ex, 1) == [str(t) for t in state.hands[1]]
    expect(ex.locator(".ex-touch-line .ex-touch-prompt")).to_have_count(0)  # Ana's move is not Bo's to make here
    expect(ex.locator(".qx-pick [data-touch^='tile:']")).to_have_count(0)

    # -- seen by Ana: hers are shown and can be picked; the others' are hidden
    ex.locator(".ex-viewer button", has_text="Ana").click()
    expect(table.locator(".qx")).to_have_attribute("data-viewer", "0")
    assert shield_labels(ex, 0) == [str(t) for t in state.hands[0]]
    assert shield_labels(ex, 1) == ["?"] * len(state.hands[1])
    expect(ex.locator(".qx-pick .qx-tile")).to_have_count(len(state.hands[0]))

    # -- seen by everyone: every shield open
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table.locator(".qx")).to_have_attribute("data-viewer", "all")
    for seat in range(3):
        assert shield_labels(ex, seat) == [str(t) for t in state.hands[seat]]

    # -- a bot in Ana's seat: no chooser; autoplay to the end, the charts following
    ex.locator(".ex-seat-0 select").select_option(label="greedy bot")
    expect(ex.locator(".qx-pick")).to_have_count(0)
    stamp = chart_stamp(ex)
    ex.locator(".ex-speed select").select_option(label="fastest")
    ex.locator(".ex-autoplay").click()
    expect(ex.locator(".ex-status-line")).to_contain_text("Game over", timeout=TIMEOUT_MS * 3)
    wait_chart_redrawn(ex, stamp)
    final = replayed(ex)
    assert final.is_over()
    totals = [str(score.total) for score in final.scores()]
    for seat in range(3):
        expect(ex.locator(f'.qx-player[data-seat="{seat}"] td').nth(2)).to_have_text(totals[seat])
    labels = ex.locator(".ex-vega svg .mark-text text")  # the numbers at the ends of the bars
    assert set(totals) <= {(labels.nth(i).text_content() or "").strip() for i in range(labels.count())}

    # -- back to a late position where Ana is to move, Ana a person again: the chooser is back
    total = ex.locator(".ex-moves .ex-mv-notation").count()
    k = max(k for k in range(total * 2 // 3) if final.replayed(k).to_move == 0
            and any(isinstance(m, Place) for m in final.replayed(k).legal_moves()))
    ex.locator(f'.ex-moves .ex-mv[data-k="{k}"]').click()
    expect(ex.locator(".ex-where")).to_have_text(f"Move {k} of {total}")
    ex.locator(".ex-seat-0 select").select_option(label="you")
    expect(ex.locator(".qx-pick .qx-fits").first).to_be_visible()
    ex.locator(".qx-pick .qx-fits").first.click()
    expect(board.locator(".qx-space[data-touch^='space:']").first).to_be_visible()

    # -- a shape completed by clicking, from a record: the token taken, its colour now worth one less
    complete_a_shape(ex)

    # -- the charts drew offline, and nothing went wrong on the page
    assert ex.locator(".ex-vega svg .mark-line path").count() >= 1
    assert_page_clean(page, "did not work")
    ex.screenshot(path=str(artifacts / "quartex_dashboard.png"))
