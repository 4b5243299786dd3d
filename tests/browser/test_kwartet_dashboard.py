"""The Keistad Kwartet dashboard in a real browser: ask, watch the table learn, see the table through each pair
of eyes, and miss: the turn passes to the player asked.

Voila serves ``notebooks/keistad_kwartet.ipynb`` (the session's server, see
conftest); headless Chromium opens it and clicks like a person.  The table's
parts are found by what the Kwartet table marks on them (``tr[data-player]``,
``td.hand[data-shown]``, the matrix's ``.pip[data-state]``, ``li.said``), the
explorer's by its ``ex-...`` classes.  What the page shows is checked against
the engine, replaying the moves the move list holds.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.games.keistad_kwartet.cards import QUARTET_CARDS
from explorer.games.keistad_kwartet.state import HAND
from explorer.widgets.games.keistad_kwartet import STATE_COLORS

from .actions import assert_page_clean, new_game, settled
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")
SEED = 4
ALL_QUARTET_CARDS = (1 << QUARTET_CARDS) - 1


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def hand(table: Locator, player: int) -> Locator:
    return table.locator(f'table.players tr[data-player="{player}"] td.hand')


def known_pips(table: Locator) -> Locator:
    """The matrix's pips of cards known to be in a hand, or known not to be there."""
    return table.locator('.know .pip[data-state="in"], .know .pip[data-state="not"]')


def game_on_screen(ex: Locator) -> explorer.State:
    """The game the move list shows, replayed by the engine from its notation."""
    moves = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    return explorer.replay({"game": "keistad-kwartet", "players": 3, "seed": SEED, "moves": moves})


def facts(state: explorer.State) -> int:
    """How many (player, card) facts the table knows about the quartet cards in play."""
    knowledge = state.knowledge()
    return sum(((knowledge.known_in(p) | knowledge.known_not_in(p)) & knowledge.live & ALL_QUARTET_CARDS).bit_count()
               for p in range(state.players))


def matrix_title(ex: Locator) -> Locator:
    return ex.locator(".ex-vega").first.locator("svg text", has_text=re.compile(r"^What .* knows"))


def green_cells(ex: Locator) -> Locator:
    """The chart's cells of cards known to be in a hand (and the legend's green square)."""
    return ex.locator(".ex-vega").first.locator(f'svg path[fill="{STATE_COLORS[0]}"]')


def known_in(state: explorer.State, viewer: int | None) -> int:
    """How many cards in play are known to be in some hand (by the table, or by ``viewer``)."""
    knowledge = state.knowledge(viewer)
    return sum((knowledge.known_in(p) & knowledge.live).bit_count() for p in range(state.players))


def test_kwartet_dashboard_asks_learns_and_hides_hands(page: Page, server, artifacts):
    # Voila streams the page while the notebook runs: wait for the explorer's chart, not for the page's load event.
    page.goto(server.url("keistad_kwartet.ipynb"), wait_until="commit", timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex).to_have_class(re.compile("ex-game-keistad-kwartet"))
    # the worked example above the explorer: what Ana knows of her asks, and her kwartet
    expect(page.get_by_text("ask Bo for Quartet 7, card 2 — Bo is known to hold it").first).to_be_visible()
    expect(page.get_by_text("lays down Quartet 3").first).to_be_visible()
    assert "def facts" not in page.locator("body").inner_text()  # plumbing cells stay hidden

    # -- a new seeded game: 3 players, you play Ana against two greedy bots
    new_game(ex, SEED)
    assert where(ex) == (0, 0)

    table = ex.locator(".ex-table")
    expect(table.locator(".kk")).to_have_attribute("data-viewer", "0")  # one person at the table: through her eyes
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table.locator(".kk")).to_have_attribute("data-viewer", "everyone")
    expect(table.locator(".said-box")).to_contain_text("nothing said yet: Ana asks first")
    expect(hand(table, 0)).to_have_attribute("data-shown", "yes")
    expect(hand(table, 0).locator(".card")).to_have_count(7)
    expect(table.locator('.know tr[data-player="0"] td.unk')).to_have_text("7 of 7")
    expect(known_pips(table)).to_have_count(0)
    expect(table).to_contain_text("stand-in names")
    expect(matrix_title(ex)).to_have_text("What the table knows at the deal: the public asks and answers alone")

    # -- Ana asks: her first button says what she knows of it; the bots answer until she is to move again
    button = settled(ex).locator("button.ex-move").first
    expect(button).to_contain_text(re.compile(r"^\d+\.\d@\d · ask (Bo|Cy) for Quartet \d+, card \d — "))
    notation = button.inner_text().split(" · ")[0]
    stamp = ex.locator(".ex-vega").first.get_attribute("data-stamp") or ""
    button.click()
    expect(ex.locator(".ex-where")).not_to_have_text("No moves yet")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    played, total = where(ex)
    assert played == total >= 1
    state = game_on_screen(ex)
    assert str(state.history[0]) == notation and state.to_move == 0
    # the table: what was said, and the matrix as the engine knows it
    said = table.locator("li.said")
    expect(said.first).to_contain_text(state.log[max(0, played - 4)].text.split(" — ")[0])
    expect(table.locator("li.said.latest")).to_contain_text(state.log[-1].text.split(" — ")[0])
    expect(known_pips(table)).to_have_count(facts(state))
    assert facts(state) > 0
    expect(table.locator('table.players tr[data-player="0"] td.size')).to_have_text(str(state.view()["hand_sizes"][0]))
    # the chart: redrawn in place, its matrix now after the moves played
    handle = ex.locator(".ex-vega").first.element_handle()
    page.wait_for_function("([el, before]) => el.dataset.stamp !== before", arg=[handle, stamp])
    expect(matrix_title(ex)).to_have_text(f"What the table knows after move {played}: the public asks and answers "
                                          "alone")
    expect(green_cells(ex)).to_have_count(known_in(state, None) + 1)

    # -- seen by Bo: Ana's hand is hidden (only what the table knows of it shows), Bo's is shown
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table.locator(".kk")).to_have_attribute("data-viewer", "1")
    expect(table.locator(".kk-seen")).to_have_text("(seen by Bo)")
    ana, bo = hand(table, 0), hand(table, 1)
    expect(ana).to_have_attribute("data-shown", "no")
    expect(ana).to_contain_text(f"{state.view()['hand_sizes'][0]} cards, hidden")
    known = state.knowledge().known_in(0).bit_count()
    expect(ana.locator(".card.known")).to_have_count(known)
    expect(ana.locator(".card:not(.known):not(.some)")).to_have_count(0)
    expect(bo).to_have_attribute("data-shown", "yes")
    expect(bo.locator(".card")).to_have_count(state.view()["hand_sizes"][1])
    expect(matrix_title(ex)).to_have_text(f"What Bo knows after move {played}: their own hand, and what the table "
                                          "knows")
    expect(green_cells(ex)).to_have_count(known_in(state, 1) + 1)  # Bo's own hand is known to him
    # ... and seen by everyone again: every hand shown
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table.locator(".kk-seen")).to_have_text("(seen by everyone)")
    expect(ana).to_have_attribute("data-shown", "yes")
    expect(ana.locator(".card")).to_have_count(state.view()["hand_sizes"][0])

    # -- a miss passes the turn: everyone plays in person, and Ana asks Bo (typed) for a card he does not have
    expect(ex.locator("button.ex-new")).to_be_visible()  # the new-game form is still open
    ex.locator(".ex-seat-1 select").select_option(label="you")
    ex.locator(".ex-seat-2 select").select_option(label="you")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A new game: 3 players, seed {SEED}.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    fresh = explorer.new("keistad-kwartet", players=3, seed=SEED)
    pot = fresh.view()["pot"]
    miss = next(m for m in fresh.legal_moves()  # a real miss: neither Bo nor Ana (no bluff) holds the card
                if m.target == 1 and not (fresh.hands[0] | fresh.hands[1]) >> m.card & 1)
    entry = fresh.play(miss)
    assert entry.rule == "keistad-kwartet/miss-draw" and fresh.to_move == 1
    assert "Bo does not have it. Ana draws a card from the pot. Bo takes over the turn." in entry.text
    ex.locator(".ex-notation input").fill(str(miss))
    ex.locator(".ex-notation input").press("Enter")
    expect(ex.locator(".ex-where")).to_contain_text("Move 1 of 1")
    # what was said: the ask, the miss, the draw and the turn passing, at the table and in the explanation
    expect(table.locator("li.said.latest")).to_contain_text(entry.text)
    expect(ex.locator(".ex-teach-box .ex-narration")).to_have_text(entry.text)
    expect(ex.locator('.ex-teach-box .ex-rule[data-rule="keistad-kwartet/miss-draw"]')).to_be_visible()
    # the draw: Ana holds one card more, the pot one fewer
    expect(table.locator('table.players tr[data-player="0"] td.size')).to_have_text(str(HAND + 1))
    expect(table.locator(".pot")).to_have_attribute("data-pot", str(pot - 1))
    # Bo, who was asked, is to move: his asks are offered, the first of them to Ana
    expect(ex.locator(".ex-tomove")).to_contain_text("Bo to move (you)")
    expect(ex.locator("button.ex-move").first).to_contain_text(re.compile(r"^\d+\.\d@1 · ask Ana for "))
    expect(table.locator(".kk-head b")).to_have_text("Bo to move.")
    expect(table.locator("table.players th.tomove")).to_have_count(1)
    expect(table.locator('table.players tr[data-player="1"] th.tomove')).to_be_visible()

    # -- the page drew offline, and no traceback reached it
    assert_page_clean(page)
    page.mouse.move(1, 1)
    page.set_viewport_size({"width": 1300, "height": 4000})  # the whole explorer, its panel included
    ex.screenshot(path=str(artifacts / "kwartet_dashboard.png"))
    ex.locator(".ex-panel").screenshot(path=str(artifacts / "kwartet_panel.png"))
