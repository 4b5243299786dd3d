"""Kernels come and go with their pages: a page left or closed frees its kernel, the pool refills.

The server here preheats one dashboard (Pet Quartet) with a pool of one, and
culls a kernel that has sat idle without its page for half a minute (the
launcher waits :data:`~explorer.dashboards.CULL_IDLE` seconds).  Chromium
opens and leaves dashboards twenty times, four at once, as people do: closing the tab, or
going to another page in it; afterwards the server runs exactly the
pool's kernel again.  Every fourth page is Pet Quartet's, which takes the
preheated kernel and makes the pool refill; the others are the gallery, whose
kernel is started for its request (the way back to a kernel is the same, and
the gallery's is quick to run, so twenty pages stay cheap).  A page that vanishes without a word (its browser gone)
leaves its kernel behind until the culler stops it.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from explorer.dashboards import Server

from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

POOL = 1
#: A page is handed its preheated kernel with its HTML and connects to it a moment later: on two cores busy
#: with the rest of the suite that moment may pass 8 s, and a culler that quick would stop the kernel first
#: (the page then waits for its widgets forever).  The launcher waits 600 s; half a minute keeps this short.
CULL_IDLE = 30.0
FILLED = "Kernel pool of pet_quartet.ipynb is filled"
#: A page elsewhere, for leaving a dashboard in its tab: its kernel must go as when the tab closes.
LEFT_FOR = "data:text/html,<p>elsewhere</p>"


@pytest.fixture(scope="module")
def server(artifacts):
    with Server(log=artifacts / "voila-kernels.log", preheat_only=("pet_quartet.ipynb",), pool_size=POOL,
                fill_delay=1.0, cull_idle=CULL_IDLE) as running:
        running.settle()
        yield running


def wait_for_kernels(server: Server, count: int, timeout: float = 300) -> int:
    """Wait until the server runs ``count`` kernels; return how many it runs then (``count`` unless time ran out)."""
    deadline = time.monotonic() + timeout
    while (now := server.kernels()) != count and time.monotonic() < deadline:
        time.sleep(0.5)
    return now


def open_dashboard(context, server: Server, gallery: bool = False):
    page = opening(context, server, gallery)
    ready(page, gallery)
    return page


def opening(context, server: Server, gallery: bool):
    """A new tab on its way to a dashboard (the gallery, or Pet Quartet's), not yet waited for."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server.url() if gallery else server.url("pet_quartet.ipynb"), timeout=TIMEOUT_MS, wait_until="commit")
    return page


def ready(page, gallery: bool) -> None:
    """Wait until the dashboard in ``page`` is drawn whole, its kernel connected."""
    if gallery:
        expect(page.locator("a.gallery-card").first).to_be_visible(timeout=TIMEOUT_MS)
    else:
        expect(page.locator(".ex-explorer button.ex-move").first).to_be_attached(timeout=TIMEOUT_MS)


#: Pages opened at once, as a few people arrive together: twenty pages in five such arrivals.
TOGETHER = 4


def test_twenty_dashboards_opened_and_left_give_every_kernel_back(browser, server, artifacts):
    assert wait_for_kernels(server, POOL) == POOL
    context = browser.new_context(viewport={"width": 1300, "height": 1200})
    for first in range(0, 20, TOGETHER):
        pages = [(i, opening(context, server, gallery=i % 4 != 0)) for i in range(first, first + TOGETHER)]
        for i, page in pages:
            ready(page, gallery=i % 4 != 0)
        for i, page in pages:
            if i % 2:  # leave for another address in the same tab (one that starts no kernel), then close it
                page.goto(LEFT_FOR, timeout=TIMEOUT_MS)
                expect(page.locator("body")).to_have_text("elsewhere")
            page.close(run_before_unload=True)
    context.close()
    assert wait_for_kernels(server, POOL) == POOL, "some kernels outlived their pages"
    # Every page's request to stop its kernel was accepted (a refused one is logged as a 403), and the
    # pool was refilled after it was used.
    log = server.log.read_text(errors="replace")
    assert log.count("Kernel shutdown:") >= 20
    assert "403 POST" not in log and "_xsrf" not in log
    assert log.count(FILLED) >= 2


def test_a_kernel_whose_page_vanished_is_culled(browser, server):
    assert wait_for_kernels(server, POOL) == POOL
    context = browser.new_context()
    open_dashboard(context, server)
    assert server.kernels() >= POOL + 1
    context.close()  # no page unload: the browser is simply gone, as with a closed laptop
    assert wait_for_kernels(server, POOL) == POOL, "the kernel of a vanished page was never culled"
    assert "Culling '" in server.log.read_text(errors="replace")
