"""Every dashboard on a phone, a laptop and a projector, as a person would hold them.

On a phone (390×844) the table takes the width, the controls stack below it
and the move list folds away behind a button; on a laptop (1366×900) no text
of the table, the charts or the panels is under 12 px; on a projector
(1920×1080) the explorer leaves the notebook's column for the screen's width
and its text grows.  At no size does the page scroll sideways.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .actions import open_dashboard, page_scrolls_sideways, small_text
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

DASHBOARDS = ("pet_quartet.ipynb", "pets.ipynb", "quartz.ipynb", "keistad_kwartet.ipynb", "quartex.ipynb",
              "explore.ipynb")


def box(locator):
    return locator.first.bounding_box()


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_dashboard_fits_a_phone_a_laptop_and_a_projector(page: Page, server, artifacts, notebook: str):
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_dashboard(page, server.url(notebook), TIMEOUT_MS)
    name = notebook.removesuffix(".ipynb")

    # -- a laptop: nothing under 12 px in the table, the charts, the play and teaching panels, the move list
    for part in (".ex-table-card", ".ex-panel", ".ex-play", ".ex-teach-card", ".ex-moves-card", ".ex-status-line"):
        assert small_text(ex.locator(part).first) == [], f"{part} at 1366 px"
    assert not page_scrolls_sideways(page)
    ex.screenshot(path=str(artifacts / f"screen-{name}-1366.png"))

    # -- a phone: the table takes the width, the play panel below it; the move list folds away
    page.set_viewport_size({"width": 390, "height": 844})
    table, play = ex.locator(".ex-table-card"), ex.locator(".ex-play")
    page.wait_for_function("el => el.getBoundingClientRect().width > 300", arg=table.element_handle())
    assert box(table)["width"] >= 0.85 * 390
    assert box(play)["y"] >= box(table)["y"] + box(table)["height"] - 1  # stacked, not side by side
    assert box(play)["width"] >= 0.85 * 390
    assert not page_scrolls_sideways(page)
    wide = table.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert wide[0] <= wide[1] + 1, f"the table is {wide[0]} px wide in a card of {wide[1]} px"
    moves = ex.locator(".ex-moves")
    expect(moves).to_be_hidden()
    ex.locator(".ex-moves-toggle button, button.ex-moves-toggle").first.click()
    expect(moves).to_be_visible()
    assert not page_scrolls_sideways(page)
    page.screenshot(path=str(artifacts / f"screen-{name}-390.png"))

    # -- a projector: the explorer takes the screen's width, and its text is drawn larger
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function("el => el.getBoundingClientRect().width > 1700", arg=ex.element_handle())
    assert ex.evaluate("el => el.currentCSSZoom") > 1.1
    expect(moves).to_be_visible()  # the list is back beside the table
    assert box(moves)["x"] > box(table)["x"] + box(table)["width"] - 1
    assert not page_scrolls_sideways(page)
    page.screenshot(path=str(artifacts / f"screen-{name}-1920.png"))
