"""Steps several dashboard tests take the same way."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Locator, expect

from explorer.dashboards import ROOT, free_port


def open_record_as_people(ex: Locator, record: dict, first: str = "Ana") -> None:
    """Make seat 2 a person too, then paste ``record`` and open it: both seats wait for clicks.

    The bots play at once, and the table is seen by everyone (the teacher's view: no passing the device).
    """
    instant_bots(ex)
    ex.locator(".ex-seat-1 select").select_option(label="you")
    ex.get_by_text("Records: download, upload, paste").click()
    ex.locator(".ex-paste textarea").fill(json.dumps(record))
    ex.locator("button.ex-replay").click()
    expect(ex.locator(".ex-record-feedback .ex-ok")).to_be_visible()
    expect(ex.locator(".ex-tomove")).to_contain_text(f"{first} to move (you)")
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(ex.locator(".ex-viewer button.mod-active")).to_contain_text("Everyone")


def settled(ex: Locator) -> Locator:
    """Wait until the move buttons show the position the status line shows, and return ``ex``.

    Each widget reaches the page in its own message, so for a moment after a move the status line
    may already show the new position while the buttons still offer the old one; a click then
    plays nothing (the page says so). A person would look again; a test waits.
    """
    at = ex.locator(".ex-status").get_attribute("data-at")
    expect(ex.locator(".ex-movebuttons")).to_have_attribute("data-at", at or "")
    return ex


def instant_bots(ex: Locator) -> None:
    """Let the bots answer at once, rather than one move at a time."""
    ex.locator(".ex-speed select").select_option(label="instant")


def new_game(ex: Locator, seed: int, bots: str = "greedy") -> None:
    """Deal a new 3-player game with ``seed``: you play Ana against two ``bots`` bots, who answer at once."""
    instant_bots(ex)
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    ex.locator(".ex-seed input").fill(str(seed))
    ex.locator(".ex-seed input").press("Enter")
    ex.locator(".ex-seat-1 select").select_option(label=f"{bots} bot")
    ex.locator(".ex-seat-2 select").select_option(label=f"{bots} bot")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A new game: 3 players, seed {seed}.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")


#: What a dashboard must never show: a Python traceback, Voila's error page, a script that failed to load.
PAGE_ERRORS = ("Traceback", "There was an error", "Error loading script")


def assert_page_clean(page, *also: str) -> None:
    """No error text on the page (nor any of ``also``), no request outside the server, no script error."""
    body = page.locator("body").inner_text()
    found = [word for word in PAGE_ERRORS + also if word in body]
    assert not found, f"the page shows {found[0]!r}"
    assert page.outside_requests == [], f"the dashboard reached outside: {page.outside_requests[:3]}"
    assert page.errors == []


@contextmanager
def jupyter_server(jupyter: list[str], *options: str, home: Path, env: dict, log: Path,
                   timeout: float) -> Iterator[str]:
    """A Jupyter server (``jupyter``: the command that runs it) serving the repository, as Binder runs one.

    Started in ``home`` with ``options`` added, its output in ``log``; yields its address once it answers,
    and is stopped afterwards.
    """
    port = free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [*jupyter, "server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
             "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}",
             "--ServerApp.port_retries=0", "--allow-root", *options],
            cwd=home, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    urllib.request.urlopen(f"{url}/api/status", timeout=5)
                    break
                except OSError:
                    assert process.poll() is None, log.read_text()[-3000:]
                    assert time.monotonic() < deadline, "the Jupyter server did not start"
                    time.sleep(0.5)
            yield url
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def open_dashboard(page, url: str, timeout: float) -> Locator:
    """Open a dashboard and wait until its explorer and first chart are drawn."""
    page.goto(url, timeout=timeout)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=timeout)
    return ex


#: Every piece of visible text inside ``root`` drawn smaller than 12 px (SVG text measured as drawn).
SMALL_TEXT_JS = """([root, least]) => {
  const small = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const el = walker.currentNode.parentElement;
    if (!text || !el) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
    let scale = 1;
    if (el instanceof SVGElement && el.getScreenCTM()) { const m = el.getScreenCTM(); scale = Math.hypot(m.a, m.b); }
    const px = parseFloat(style.fontSize) * scale;
    if (px < least - 0.05) small.push(`${text.slice(0, 30)} (${Math.round(px * 10) / 10} px)`);
  }
  return small;
}"""


#: The text a person sees: every rendered text node, leaving out text drawn at no size (a label replaced by CSS).
VISIBLE_TEXT_JS = """root => {
  const seen = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const text = walker.currentNode.textContent.trim();
    if (!text || !el || el.closest("script, style")) continue;
    const style = getComputedStyle(el);
    if (parseFloat(style.fontSize) === 0 || style.visibility === "hidden" || !el.getClientRects().length) continue;
    seen.push(text);
  }
  return seen.join("\\n");
}"""


def visible_text(part: Locator) -> str:
    """The words of ``part`` a person sees."""
    return part.evaluate(VISIBLE_TEXT_JS)


def small_text(part: Locator, least: float = 12) -> list[str]:
    """The texts of ``part`` drawn under ``least`` pixels (each with its size)."""
    return part.evaluate(SMALL_TEXT_JS.replace("([root, least])", "(root, least)"), least)


def page_scrolls_sideways(page) -> bool:
    """Whether the page is wider than the window (a person would have to scroll it sideways)."""
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
