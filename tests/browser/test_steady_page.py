"""A steady page: the charts keep their place while moves are played."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .actions import instant_bots, open_dashboard, table_settled
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("notebook", ["pet_quartet.ipynb", "pets.ipynb"])
def test_the_charts_stay_put_over_ten_moves(page: Page, server, artifacts, notebook: str):
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_dashboard(page, server.url(notebook), TIMEOUT_MS)
    instant_bots(ex)
    panel = ex.locator(".ex-panel")
    tops = []
    for _ in range(10):
        status = ex.locator(".ex-status-line").inner_text()
        table_settled(ex).locator(".ex-table [data-touch-ok]").first.click()  # on the table: the buttons are folded
        expect(ex.locator(".ex-status-line")).not_to_have_text(status)
        expect(ex.locator(".ex-tomove")).to_contain_text("(you)")
        page.wait_for_timeout(300)  # let the page lay itself out
        tops.append(panel.evaluate("el => el.getBoundingClientRect().top + window.scrollY"))
    assert max(tops) - min(tops) <= 4, tops
