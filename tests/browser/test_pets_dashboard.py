"""The PETS dashboard in a real browser: previews, a take played by clicking, hands hidden and shown.

Voila serves ``notebooks/pets.ipynb`` (the session's server, see conftest);
headless Chromium opens it and points and clicks like a person.  The table's
parts are found by what the PETS table marks on them (``data-row``,
``data-group``, ``.zone-kind``, ``data-player``), the explorer's by its
``ex-...`` classes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer

from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")
SEED = 5
#: The preview's colours (explorer.games.pets.render.TAKEN and MOVING) as the browser reports them.
TAKEN = "rgb(47, 111, 219)"
MOVING = "rgb(232, 113, 10)"


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def hand(table: Locator, player: int) -> Locator:
    return table.locator(f'tr[data-player="{player}"] td.hand')


def test_pets_dashboard_previews_a_take_plays_it_and_hides_hands(page: Page, server, artifacts):
    # Voila streams the page while the notebook runs: wait for the explorer's chart, not for the page's load event.
    page.goto(server.url("pets.ipynb"), wait_until="commit", timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex).to_have_class(re.compile("ex-game-pets"))
    # the worked example above the explorer: the sheet's Example B row, and its scoring
    expect(page.locator(".pets").first).to_contain_text("Xiaofen")
    expect(page.get_by_text("(1 + 3) × 2 = 8").first).to_be_visible()

    # -- a new seeded game: 3 players, you play Ana against two random bots
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    ex.locator(".ex-seed input").fill(str(SEED))
    ex.locator(".ex-seed input").press("Enter")
    ex.locator(".ex-seat-1 select").select_option(label="random bot")
    ex.locator(".ex-seat-2 select").select_option(label="random bot")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A new game: 3 players, seed {SEED}.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    assert where(ex) == (0, 0)

    # -- the table: three rows by group, the Scoring Zone by kind against six, three players, the piles
    dealt = explorer.new("pets", players=3, seed=SEED).view()
    table = ex.locator(".ex-table")
    expect(table.locator("tr[data-row]")).to_have_count(3)
    expect(table.locator('.group[data-row="1"]')).to_have_count(len(dealt["groups"][0]))
    expect(table.locator(".zone-kind")).to_have_count(7)
    expect(table.locator(".zone-kind").first).to_contain_text("0/6")
    expect(table.locator("tr[data-player]")).to_have_count(3)
    expect(table).to_contain_text("Round 1 of 3")
    expect(table.locator(".pets-pile").first).to_have_text(str(dealt["draw"]))
    expect(table).to_contain_text("seen by everyone")

    # -- pointing at a take button previews it: the group taken (blue), the group sent to the zone (orange)
    taken_count = dealt["groups"][0][0][1]
    moved_kind, moved_count = dealt["groups"][0][1]
    button = ex.locator("button.ex-move:visible", has_text=re.compile(r"^take 1L"))
    expect(button).to_contain_text("go to the Scoring Zone" if moved_count > 1 else "goes to the Scoring Zone")
    taken = table.locator('.group[data-row="1"][data-group="0"]')
    moving = table.locator('.group[data-row="1"][data-group="1"]')
    expect(taken).not_to_have_css("border-top-color", TAKEN)
    button.hover()
    expect(taken).to_have_css("border-top-color", TAKEN)
    expect(moving).to_have_css("border-top-color", MOVING)
    expect(table.locator(f'.zone-kind[data-kind="{moved_kind}"]')).to_have_css("border-top-color", MOVING)
    page.mouse.move(1, 1)
    expect(taken).not_to_have_css("border-top-color", TAKEN)
    # ... and so does pointing at the row's other end group, in the table itself
    last = len(dealt["groups"][0]) - 1
    table.locator(f'.group[data-row="1"][data-group="{last}"]').hover()
    expect(table.locator(f'.group[data-row="1"][data-group="{last - 1}"]')).to_have_css("border-top-color", MOVING)
    page.mouse.move(1, 1)

    # -- play the take by clicking; the bots answer; the table and the chart change
    chart = ex.locator(".ex-vega").first
    stamp = chart.get_attribute("data-stamp")
    zone_before = table.locator(f'.zone-kind[data-kind="{moved_kind}"] .zone-count').inner_text()
    button.click()
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move")
    expect(ex.locator(".ex-where")).not_to_have_text("No moves yet")
    played, total = where(ex)
    assert played == total >= 3  # Ana's take, then Bo's and Cy's answers
    expect(ex.locator('.ex-moves .ex-mv[data-k="1"]')).to_contain_text("take 1L")
    page.wait_for_function("([el, before]) => el.dataset.stamp !== before", arg=[chart.element_handle(), stamp])
    expect(table.locator(".pets-last")).to_be_visible()
    match = explorer.replay({"game": "pets", "players": 3, "seed": SEED, "moves": ["take 1L"]})
    ana = match.view()["hand_sizes"][0]
    assert ana == len(dealt["hands"][0]) + taken_count
    # stepping back to the take itself shows it marked on the table, the zone's kind grown
    ex.locator('.ex-moves .ex-mv[data-k="1"]').click()
    expect(table.locator(".pets-last")).to_have_attribute("data-last", "take 1L")
    zone = table.locator(f'.zone-kind[data-kind="{moved_kind}"]')
    expect(zone).to_have_class(re.compile("fresh"))
    expect(zone.locator(".zone-count")).to_have_text(f"{moved_count}/6")
    assert zone_before == "0/6"
    expect(hand(table, 0).locator(".card")).to_have_count(ana)
    assert ex.locator(".ex-vega svg .mark-line path").count() >= 1

    # -- seen by Bo: Ana's hand is hidden (its size and the cards she was seen to take), Bo's is shown
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table).to_contain_text("seen by Bo")
    expect(hand(table, 0)).to_contain_text("hidden")
    expect(hand(table, 0).locator(".card")).to_have_count(taken_count)  # only the cards everyone saw her take
    expect(hand(table, 0)).to_contain_text(str(ana))
    expect(hand(table, 1).locator(".card")).to_have_count(len(match.view(1)["hands"][1]))
    expect(hand(table, 2)).to_contain_text("hidden")
    expect(table.locator("tr.viewer")).to_contain_text("Bo")
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table).to_contain_text("seen by everyone")
    expect(hand(table, 0).locator(".card")).to_have_count(ana)
    expect(hand(table, 0)).not_to_contain_text("hidden")

    # -- the page drew offline, and no traceback reached it
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "Error loading script" not in body
    assert page.outside_requests == [], f"the dashboard reached outside: {page.outside_requests[:3]}"
    assert page.errors == []
    ex.locator(".ex-end").click()
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}")
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", str(total))
    expect(ex.locator(".ex-play-title")).to_contain_text("Ana, choose a move")
    page.mouse.move(1, 1)
    ex.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "pets_dashboard.png"))
    panel = ex.locator(".ex-panel")
    panel.scroll_into_view_if_needed()
    expect(panel.locator(".ex-vega svg")).to_be_visible()
    panel.screenshot(path=str(artifacts / "pets_panel.png"))
    ex.locator("button.ex-move:visible", has_text=re.compile(r"^take 2R")).hover()
    ex.locator(".ex-table-card").screenshot(path=str(artifacts / "pets_preview.png"))
