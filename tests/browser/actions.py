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


def settled(ex: Locator, part: str = ".ex-movebuttons") -> Locator:
    """Wait until the move buttons (or another ``part`` that names its position in ``data-at``) show the
    position the status line shows, and return ``ex``.

    Each widget reaches the page in its own message, so for a moment after a move the status line
    may already show the new position while the buttons still offer the old one; a click then
    plays nothing (the page says so). A person would look again; a test waits.
    """
    at = ex.locator(".ex-status").get_attribute("data-at")
    expect(ex.locator(part)).to_have_attribute("data-at", at or "")
    return ex


def table_settled(ex: Locator) -> Locator:
    """Wait until the table shows the position the status line shows (as :func:`settled` for the buttons)."""
    return settled(ex, ".ex-touch-line [data-at]")


def instant_bots(ex: Locator) -> None:
    """Let the bots answer at once, rather than one move at a time."""
    ex.locator(".ex-speed select").select_option(label="instant")


def new_game(ex: Locator, seed: int, bots: str = "greedy", options: dict[str, str] | None = None) -> None:
    """Deal a new 3-player game with ``seed``: you play Ana against two ``bots`` bots, who answer at once.

    ``options`` chooses some options by their name and the label of the value (``{"variant": "Maestro"}``).
    """
    instant_bots(ex)
    if not ex.locator(".ex-setup .ex-players select").is_visible():  # open the form, unless it is open
        ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    for name, label in (options or {}).items():
        ex.locator(f".ex-option-{name} select").select_option(label=label)
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


#: What a table played by touch asks now, read in one go: where the game is, the question and its buttons.
ASKED_JS = """ex => {
  const ask = ex.querySelector(".ex-table .ex-ask");
  const buttons = ask ? [...ask.querySelectorAll("button.choice")] : [];
  return {
    where: ex.querySelector(".ex-where").innerText,
    ask: ask ? ask.dataset.ply + "|" + ask.innerText : "",
    labels: buttons.map(b => b.querySelector("b").innerText),
    kinds: buttons.map(b => b.className.split(" ")),
    targets: buttons.map(b => b.dataset.touch),
    over: !!ex.querySelector(".ex-results-card .ex-results"),
  };
}"""
#: Whether the table asks something else than ``before`` (at another position, or another part of a move), or
#: the game is over.
CHANGED_JS = """([ex, before]) => {
  const ask = ex.querySelector(".ex-table .ex-ask");
  return (ask ? ask.dataset.ply + "|" + ask.innerText : "") !== before.ask
    || !!ex.querySelector(".ex-results-card .ex-results");
}"""


#: The smaller side, in CSS pixels, of the smallest part of the table a click can play (WCAG 2.5.8's
#: minimum), and which part it is.
SMALLEST_TARGET_JS = """ex => {
  let least = Infinity, which = "";
  for (const el of ex.querySelectorAll(".ex-table [data-touch]")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    const side = Math.min(box.width, box.height);
    if (side < least) { least = side; which = el.dataset.touch; }
  }
  return [least, which];
}"""
#: No target of a table may be smaller than this (WCAG 2.5.8, target size, minimum).
LEAST_TARGET_PX = 24


def assert_targets_large_enough(ex: Locator) -> None:
    """Every part of the table a click can play is at least :data:`LEAST_TARGET_PX` on its smaller side."""
    least, which = ex.evaluate(SMALLEST_TARGET_JS)
    assert least >= LEAST_TARGET_PX - 0.05, f"the target {which!r} is {least:.1f} px on its smaller side"


def open_touch_dashboard(page, url: str, timeout: float) -> Locator:
    """Open a dashboard whose table is played by touch, and wait until it listens to the table's clicks."""
    ex = open_dashboard(page, url, timeout)
    expect(ex.locator(".ex-touch-relay")).to_have_attribute("data-ready", "1")
    return ex


def asked(ex: Locator) -> dict:
    """What the table's prompt box asks (:data:`ASKED_JS`), once it offers a choice or the game is over: after the
    last move the table is drawn a moment before the results are."""
    ready = f"ex => {{ const now = ({ASKED_JS})(ex); return now.labels.length || now.over ? now : null; }}"
    return ex.page.wait_for_function(ready, arg=ex.element_handle()).json_value()


def touch_choice(ex: Locator, now: dict, i: int) -> None:
    """Click the ``i``-th button of the prompt box read as ``now``, and wait until the table asks anew."""
    assert_targets_large_enough(ex)
    ex.locator(".ex-table .ex-ask button.choice").nth(i).click()
    ex.page.wait_for_function(CHANGED_JS, arg=[ex.element_handle(), now])


def load_record(ex: Locator, record: dict, bots: str = "greedy") -> None:
    """Seats 2 and 3 to ``bots`` bots answering at once, then open ``record`` from the records panel."""
    instant_bots(ex)
    ex.get_by_text("New game: players, seed, options, seats").click()
    for seat in (1, 2):
        ex.locator(f".ex-seat-{seat} select").select_option(label=f"{bots} bot")
    ex.get_by_text("Records: download, upload, paste").click()
    ex.locator(".ex-paste textarea").fill(json.dumps(record))
    ex.locator("button.ex-replay").click()
    expect(ex.locator(".ex-record-feedback .ex-ok")).to_be_visible()
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")


def screens(page, part: Locator, path: Path, name: str) -> None:
    """Screenshots of ``part`` at a phone's, a laptop's and a projector's size; the page never scrolls sideways."""
    page.mouse.move(1, 1)
    size = page.viewport_size
    for width, height in ((390, 844), (1366, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        assert not page_scrolls_sideways(page), f"the page scrolls sideways at {width} wide"
        part.screenshot(path=str(path / f"{name}-{width}.png"))
    page.set_viewport_size(size)


def show_move_buttons(ex: Locator) -> None:
    """Unfold the move buttons of a game played on its table (they are folded away at first)."""
    toggle = ex.locator(".ex-buttons-toggle")
    if toggle.count() and "Show" in (toggle.text_content() or ""):
        toggle.click()
    expect(ex.locator(".ex-buttons .ex-movebuttons")).to_be_visible()


def against_greedy_bots(game: str, seed: int, options: dict | None = None):
    """The engine's copy of a new 3-player game of ``game`` that Ana plays against two greedy bots, as
    :func:`new_game` deals it, and those bots (seeded as the page seeds them), the bots before Ana played."""
    import explorer
    from explorer.widgets.seats import bot_seed, seat

    state = explorer.new(game, players=3, seed=seed, options=options)
    bots = {p: seat("greedy").make(bot_seed(seed, p)) for p in (1, 2)}
    while not state.is_over() and state.to_move in bots:
        state.play(bots[state.to_move].choose(state))
    return state, bots


def play_a_whole_game(page, ex: Locator, game: str, seed: int, clicks, check, options: dict | None = None,
                      labels: dict[str, str] | None = None):
    """Deal a new game (``labels``: its options as the form names them), and play it to its end on the table
    against two greedy bots, Ana choosing as a greedy player would (see :func:`play_by_touch`); the results
    must show, and nothing go wrong on the page.  Returns the engine's copy of the game."""
    from explorer.widgets.seats import seat

    new_game(ex, seed, options=labels)
    expect(ex.locator(".ex-buttons")).to_be_hidden()  # the move buttons are folded away
    state, bots = against_greedy_bots(game, seed, options)
    at_last_move(ex, state.ply)
    play_by_touch(ex, state, bots, seat("greedy").make(7).choose, clicks, check)
    expect(ex.locator(".ex-status-line")).to_contain_text("Game over")
    expect(ex.locator(".ex-results-card")).to_be_visible()
    assert_page_clean(page, "did not work")
    return state


def expect_results(ex: Locator, state) -> None:
    """The results panel shows every player's total as the engine counts it for ``state``, a finished game."""
    for score in state.result().scores:
        expect(ex.locator(f'.ex-ranking tr[data-player="{score.player}"] .ex-total')).to_have_text(str(score.total))


def at_last_move(ex: Locator, ply: int) -> None:
    """Wait until the page shows the last of ``ply`` moves played."""
    expect(ex.locator(".ex-where")).to_have_text(f"Move {ply} of {ply}" if ply else "No moves yet")


def touch(ex: Locator, target: str) -> None:
    """Click the part of the table marked ``data-touch="target"`` (it is waited for)."""
    ex.locator(f'.ex-table [data-touch="{target}"]').first.click()


def play_by_touch(ex: Locator, state, bots: dict, choose, clicks, check=None) -> None:
    """Play ``state`` to its end on the page by touching the table only, as the page plays it.

    ``state`` is the engine's copy of the game on the page, played along: ``bots`` (seat: the same bot as
    the page's, seeded alike) answer in it as they do on the page, at once.  For a person's turn,
    ``choose(state)`` picks the move and ``clicks(state, move)`` says which targets make it; after each of
    those moves the page must show the position reached, the move's narration and the bots' after it, and
    ``check(state)`` may look further (the scores...).
    """
    while not state.is_over():
        if state.to_move in bots:
            state.play(bots[state.to_move].choose(state))
            continue
        move = choose(state)
        for i, target in enumerate(clicks(state, move)):
            if i == 0:
                assert_targets_large_enough(ex)
            touch(ex, target)
        entries = [state.play(move)]
        while not state.is_over() and state.to_move in bots:
            entries.append(state.play(bots[state.to_move].choose(state)))
        at_last_move(ex, state.ply)
        for entry in entries:
            expect(ex.locator(f'.ex-moves .ex-mv[data-k="{entry.index + 1}"] .ex-mv-text')).to_have_text(entry.text)
        if check is not None:
            check(state)
