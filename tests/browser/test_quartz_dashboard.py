"""The Quartz dashboard in a real browser: explore, reveal, watch the odds, see the table through each pair of eyes.

Voila serves ``notebooks/quartz.ipynb`` (the session's server, see conftest);
headless Chromium opens it and clicks like a person.  The table's parts are
found by what the Quartz table marks on them (``.decision``, ``.line``,
``data-card``, ``data-position``, ``tr[data-player]``), the explorer's by its
``ex-...`` classes, the risk chart's points by Vega's ``mark-symbol`` class.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.games.quartz.odds import meter
from explorer.widgets.games.quartz import percent

from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")
#: With this seed and greedy bots in seats 2 and 3, nobody attacks Ana's first two cards:
#: a Quartz unstable at position 2, then one unstable at position 4.
SEED = 28
FIRST, SECOND = "Q1u2", "Q1u4"


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def click_move(ex: Locator, prefix: str) -> None:
    """Click the move button whose notation is ``prefix`` and wait for the game to move on."""
    before = ex.locator(".ex-where").inner_text()
    ex.locator("button.ex-move", has_text=re.compile("^" + re.escape(prefix) + r"\b")).first.click()
    expect(ex.locator(".ex-where")).not_to_have_text(before)


def risk_points(ex: Locator) -> Locator:
    """The points of the risk chart: one per decision shown."""
    return ex.locator(".ex-vega").first.locator("svg .mark-symbol.role-mark path")


def stamp(ex: Locator) -> str:
    """Which update of the panel's chart the page shows (the chart counts them)."""
    return ex.locator(".ex-vega").first.get_attribute("data-stamp") or ""


def game_on_screen(ex: Locator) -> explorer.State:
    """The game the move list shows, replayed by the engine from its notation."""
    moves = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    return explorer.replay({"game": "quartz", "players": 3, "seed": SEED, "moves": moves})


def risk_words(state: explorer.State) -> str:
    return f"{percent(meter(state).accident)} accident risk"


def test_quartz_dashboard_explores_shows_the_odds_and_hides_hands(page: Page, server, artifacts):
    page.goto(server.url("quartz.ipynb"), timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex).to_have_class(re.compile("ex-game-quartz"))
    # the worked examples above the explorer: the rule book's scores, and the accident
    expect(page.get_by_text("Bo: 8 (Amethyst 2 x4) + 5 (set bonus A2 x1) = 13").first).to_be_visible()
    expect(page.get_by_text("A second Unstable Crystal at position 1: accident!").first).to_be_visible()
    expect(page.get_by_text("accident risk 1/3 = 33%").first).to_be_visible()

    # -- a new seeded game: 3 players, you play Ana against two greedy bots
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    ex.locator(".ex-seed input").fill(str(SEED))
    ex.locator(".ex-seed input").press("Enter")
    ex.locator(".ex-seat-1 select").select_option(label="greedy bot")
    ex.locator(".ex-seat-2 select").select_option(label="greedy bot")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A new game: 3 players, seed {SEED}.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")

    table = ex.locator(".ex-table")
    expect(table.locator(".qz .label")).to_have_text("reconstruction")
    expect(table.locator(".decision")).to_contain_text("Ana decides: explore or protect")
    expect(table.locator('.pile[data-pile="mine"]')).to_contain_text("72")
    expect(table.locator(".line")).to_have_attribute("data-cards", "0")
    expect(risk_points(ex)).to_have_count(0)

    # -- explore: the first card is revealed, nobody attacks, Ana decides with the meter on her button
    before = stamp(ex)
    click_move(ex, "explore")
    expect(table.locator(".line .card")).to_have_count(1)
    expect(table.locator(f'.line .card[data-card="{FIRST}"]')).to_be_visible()
    expect(table.locator('.pos.taken[data-position="2"]')).to_be_visible()
    expect(table.locator(".decision")).to_have_attribute("data-phase", "decide")
    expect(table.locator(".decision")).to_contain_text("Ana decides")
    played, total = where(ex)
    assert played == total >= 3  # Ana's explore, then each greedy bot's pass (at least)
    first = game_on_screen(ex)
    assert first.line == [FIRST] and first.phase == "decide"
    continue_button = ex.locator("button.ex-move", has_text=re.compile(r"^continue"))
    expect(continue_button).to_contain_text(f"reveal another card — {risk_words(first)}")
    expect(ex.locator("button.ex-move", has_text=re.compile(r"^stop"))).to_contain_text("stop and keep 1 point")
    expect(risk_points(ex)).to_have_count(1)
    assert stamp(ex) != before
    expect(ex.locator(".ex-vega").first).to_contain_text(f"{risk_words(first)} ({meter(first).accident} of")

    # -- one more card: a second decision, a higher risk, one more point on the chart
    before = stamp(ex)
    click_move(ex, "continue")
    expect(table.locator(".line .card")).to_have_count(2)
    expect(table.locator(f'.line .card[data-card="{SECOND}"]')).to_be_visible()
    expect(table.locator('.pos.taken[data-position="4"]')).to_be_visible()
    expect(risk_points(ex)).to_have_count(2)
    assert stamp(ex) != before
    second = game_on_screen(ex)
    assert second.line == [FIRST, SECOND] and meter(second).accident > meter(first).accident
    expect(continue_button).to_contain_text(f"reveal another card — {risk_words(second)}")
    expect(ex.locator(".ex-vega").first).to_contain_text("Stop now +2")

    # -- seen by Bo: Ana's hand and the meter are hers; Bo's hand is shown
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table).to_contain_text("seen by Bo")
    ana, bo = table.locator('tr[data-player="0"] td.hand'), table.locator('tr[data-player="1"] td.hand')
    expect(ana).to_contain_text("5 cards, hidden")
    expect(ana.locator(".helper")).to_have_count(0)
    expect(bo).not_to_contain_text("hidden")
    expect(bo.locator(".helper").first).to_be_visible()
    expect(table.locator(".meter")).to_have_count(0)
    expect(risk_points(ex)).to_have_count(0)
    expect(ex.locator(".ex-vega").first).to_contain_text("it stays hidden")
    # ... seen by Ana: her own hand and meter, Bo's hand hidden
    ex.locator(".ex-viewer button", has_text="Ana").click()
    expect(table).to_contain_text("seen by Ana")
    expect(ana.locator(".helper")).to_have_count(5)
    expect(bo).to_contain_text("hidden")
    expect(table.locator(".meter")).to_contain_text("chance of an accident")
    expect(risk_points(ex)).to_have_count(2)
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table).to_contain_text("seen by everyone")
    expect(ana.locator(".helper")).to_have_count(5)
    expect(bo).not_to_contain_text("hidden")

    # -- the page drew offline, and no traceback reached it
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "Error loading script" not in body
    assert page.outside_requests == [], f"the dashboard reached outside: {page.outside_requests[:3]}"
    assert page.errors == []
    page.mouse.move(1, 1)
    ex.screenshot(path=str(artifacts / "quartz_dashboard.png"))
