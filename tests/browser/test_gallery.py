"""The gallery in a real browser: every game's card leads to its dashboard, which opens and shows its explorer.

Every card must link to its game's own dashboard, the address the other
browser tests open each dashboard at (``test_any_screen`` plays every one of
them).  One card is then clicked as a person would (with Ctrl, so the
gallery stays open in its tab), and the dashboard that opens must run every
one of its cells and show the explorer of its game, with no error on the
page; the simulation lab's card likewise.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from explorer.dashboards import NOTEBOOKS

from ..support import served_games
from .actions import PAGE_ERRORS
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

ERRORS = PAGE_ERRORS + ("cannot be opened",)  # a link the page refused


@pytest.fixture()
def server(cold_server):
    """A server without preheated kernels: each dashboard runs in a kernel started for its request, as on
    Binder, and reads its address at once."""
    return cold_server


def shown_cells(notebook: str) -> int:
    """How many cells the dashboard renders: all but those tagged ``hide``."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return sum("hide" not in c.get("metadata", {}).get("tags", []) for c in cells)


@contextmanager
def opened(card: Locator, notebook: str, server) -> Iterator[tuple[Page, list[str]]]:
    """Ctrl-click a gallery card and yield the dashboard's tab and the script errors it raises; close it after."""
    page = card.page
    with page.context.expect_page() as opening:
        card.click(modifiers=["Control"])
    dashboard = opening.value
    errors: list[str] = []
    dashboard.on("pageerror", lambda e: errors.append(str(e)))
    dashboard.set_default_timeout(TIMEOUT_MS)
    try:
        assert dashboard.url.startswith(server.url(notebook)), dashboard.url
        # every cell ran and is shown
        expect(dashboard.locator("div[cell-index]")).to_have_count(shown_cells(notebook), timeout=TIMEOUT_MS)
        yield dashboard, errors
        body = dashboard.locator("body").inner_text()
        found = [word for word in ERRORS if word in body]
        assert not found, f"{notebook} shows {found[0]!r}"
        assert errors == [], f"{notebook}: {errors[:2]}"
    finally:
        dashboard.close(run_before_unload=True)


#: The card clicked through: a game with hidden hands, chance and a chart panel of its own.
CLICKED = "quartz"


def test_every_card_leads_to_its_game_and_one_opens_from_the_gallery(page: Page, server, artifacts):
    page.goto(server.url("index.ipynb"), timeout=TIMEOUT_MS)
    cards = page.locator("a.gallery-card[data-game]")
    games = served_games()
    expect(cards).to_have_count(len(games), timeout=TIMEOUT_MS)
    for game in games:  # each card opens its game's own dashboard, in the same tab
        card = page.locator(f'a.gallery-card[data-game="{game.name}"]')
        expect(card.locator(".gallery-title")).to_have_text(game.title)
        href = card.get_attribute("href") or ""
        assert href == (game.notebook or f"explore.ipynb?game={game.name}"), (game.name, href)
        assert (NOTEBOOKS / href.split("?")[0]).is_file(), href
        assert card.get_attribute("target") == "_self"
    game = next(g for g in games if g.name == CLICKED)
    card = page.locator(f'a.gallery-card[data-game="{game.name}"]')
    with opened(card, game.notebook, server) as (dashboard, errors):
        ex = dashboard.locator(".ex-explorer")
        expect(ex).to_have_count(1)
        expect(ex.locator(".ex-title")).to_have_text(game.title)
        expect(ex.locator(".ex-where")).to_be_visible()
        expect(ex.locator(".ex-table")).not_to_be_empty()
        expect(ex.locator("button.ex-share-button")).to_be_visible()
        assert ex.locator(".ex-feedback .ex-error").count() == 0
        dashboard.screenshot(path=str(artifacts / f"gallery_{game.name}.png"))
    assert page.outside_requests == [] and page.errors == []


def test_the_simulation_lab_opens_from_the_gallery(page: Page, server, artifacts):
    """The lab's card opens the analysis dashboard, which runs its games and draws its charts without an error."""
    page.goto(server.url("index.ipynb"), timeout=TIMEOUT_MS)
    card = page.locator('a.gallery-card[data-lab="analysis"]')
    expect(card).to_be_visible(timeout=TIMEOUT_MS)
    with opened(card, "analysis.ipynb", server) as (lab, _):
        expect(lab.locator(".vega-embed, canvas, svg.marks").first).to_be_visible()
        lab.screenshot(path=str(artifacts / "gallery_analysis.png"), full_page=True)
    assert page.outside_requests == [] and page.errors == []
