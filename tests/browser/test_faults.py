"""When things go wrong, a dashboard says so in a sentence.

* Its kernel dies (killed here, as the machine's memory killer would): the
  page turns into one sentence and a button that reloads it, and the reload
  brings a working dashboard back.
* A link longer than any game needs (over
  :data:`~explorer.core.links.MAX_QUERY_CHARS`): the dashboard opens and says
  the link is too long, instead of a connection closed without a word.
"""

from __future__ import annotations

import signal

import psutil
import pytest
from playwright.sync_api import expect

from explorer.core.links import MAX_QUERY_CHARS
from explorer.dashboards import Server

from .actions import assert_page_clean
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser


@pytest.fixture()
def server(cold_server):
    """This module's pages open in kernels started for their requests (no preheated kernels)."""
    return cold_server


def kernel_process(server: Server, kernel_id: str) -> psutil.Process:
    for child in server.kernel_processes():
        if any(kernel_id in part for part in child.cmdline()):
            return child
    raise AssertionError(f"no process runs kernel {kernel_id}")


def test_a_dead_kernel_turns_the_page_into_a_sentence_and_a_reload(page, server, artifacts):
    kernels: list[str] = []
    page.on("websocket", lambda ws: kernels.append(ws.url.split("/api/kernels/")[1].split("/")[0])
            if "/api/kernels/" in ws.url else None)
    page.goto(server.url("pet_quartet.ipynb"), timeout=TIMEOUT_MS)
    expect(page.locator(".ex-explorer button.ex-move").first).to_be_attached(timeout=TIMEOUT_MS)
    assert page.locator("#ex-lost").count() == 0
    kernel_process(server, kernels[0]).send_signal(signal.SIGKILL)
    lost = page.locator("#ex-lost")
    expect(lost).to_be_visible(timeout=TIMEOUT_MS)
    expect(lost.locator(".ex-lost-text")).to_have_text(
        "This page lost its connection to the server, so its game has stopped; reload the page to start again.")
    for width, height in ((390, 844), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"kernel-lost-{width}.png"))
    lost.get_by_role("button", name="Reload the page").click()
    expect(page.locator(".ex-explorer button.ex-move").first).to_be_attached(timeout=TIMEOUT_MS)
    expect(page.locator("#ex-lost")).to_have_count(0)
    assert len(set(kernels)) >= 2  # the reload runs in a kernel of its own


@pytest.mark.parametrize("length", [MAX_QUERY_CHARS + 10_000, 1_000_000])
def test_a_link_longer_than_any_game_opens_the_dashboard_with_a_sentence(page, server, length):
    query = "game=pet-quartet&moves=" + "D~" * (length // 2)
    page.goto(server.url("pet_quartet.ipynb") + "?" + query, timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-feedback .ex-error")).to_contain_text(
        f"longer than {MAX_QUERY_CHARS:,} characters", timeout=TIMEOUT_MS)
    expect(ex.locator("button.ex-move").first).to_be_attached()  # and a game to play instead
    assert_page_clean(page)
