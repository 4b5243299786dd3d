"""A shared link lands on the game: the page scrolls to the explorer, at the move, the viewer and the list's place."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

import explorer
from explorer.core.links import to_query

from .actions import open_dashboard
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser


def test_a_shared_link_lands_on_the_explorer_at_its_move_and_viewer(page: Page, server, artifacts):
    state = explorer.new("pets", players=3, seed=4)
    rng = random.Random(2)
    for _ in range(60):
        state.play(rng.choice(state.legal_moves()))
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_dashboard(page, server.url("pets.ipynb") + "?" + to_query(state, at=40) + "&seen=2", TIMEOUT_MS)
    expect(ex.locator(".ex-where")).to_have_text("Move 40 of 60")
    expect(ex.locator(".ex-viewer button.mod-active")).to_have_text("Bo")
    expect(ex.locator(".ex-table")).to_contain_text("seen by Bo")
    # the page has scrolled to the explorer: its top is on screen, the rules above it are not
    page.wait_for_function("el => Math.abs(el.getBoundingClientRect().top) < 120", arg=ex.element_handle())
    # the move list shows the move, within its own scrolled box
    current = ex.locator(".ex-moves .ex-current")
    expect(current).to_have_attribute("data-k", "40")
    inside = current.evaluate("row => { const box = row.closest('.ex-mv-scroll').getBoundingClientRect(); "
                              "const r = row.getBoundingClientRect(); "
                              "return r.top >= box.top && r.bottom <= box.bottom; }")
    assert inside
    page.screenshot(path=str(artifacts / "link-lands.png"))
    # the link the explorer offers says the same
    ex.locator("button.ex-share-button").click()
    expect(ex.locator("input.ex-share-url")).to_have_value(
        server.url("pets.ipynb") + "?" + to_query(state, at=40) + "&seen=2")
