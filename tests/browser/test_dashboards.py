"""The dashboards in a real browser: a person's clicks, and what the page shows back.

One Voila server serves the notebooks (as ``python -m explorer.dashboards``
does); headless Chromium opens them and clicks like a person.  The tests
find the explorer's parts by the CSS classes it puts on them (``ex-...``).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer

from ..support import served_games
from .actions import assert_page_clean, instant_bots, settled
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")


def open_explorer(page: Page, url: str) -> Locator:
    page.goto(url, timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    return ex


def where(ex: Locator) -> tuple[int, int]:
    """The position shown and the number of moves in the list, read from the status line."""
    text = ex.locator(".ex-where").inner_text()
    found = MOVE.search(text)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def status_changes(ex: Locator, action) -> str:
    """Do ``action`` and wait until the status line says something else; return the new status."""
    line = ex.locator(".ex-status-line")
    before = line.inner_text()
    action()
    expect(line).not_to_have_text(before)
    return line.inner_text()


def wait_table(page: Page, table: Locator, html: str, *, same: bool) -> None:
    """Wait until the table's HTML is (or is no longer) ``html``: each widget updates in its own message,
    so the status line may show a step before the table does."""
    page.wait_for_function("([el, html, same]) => (el.innerHTML === html) === same",
                           arg=[table.element_handle(), html, same], timeout=TIMEOUT_MS)


def chart_stamp(ex: Locator) -> str:
    return ex.locator(".ex-vega").first.get_attribute("data-stamp") or ""


def wait_chart_redrawn(page: Page, ex: Locator, before: str) -> None:
    handle = ex.locator(".ex-vega").first.element_handle()
    page.wait_for_function("([el, before]) => el.dataset.stamp !== before", arg=[handle, before])


def click_move(ex: Locator, prefix: str) -> None:
    settled(ex).locator("button.ex-move", has_text=re.compile("^" + re.escape(prefix))).first.click()


def test_pet_quartet_dashboard_plays_steps_explains_and_records(page: Page, server, artifacts):
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    ex = open_explorer(page, server.url("pet_quartet.ipynb"))
    # the charts' library comes from the template's static files, not inside the widget's state
    assert any("/voila/templates/explorer/static/vega-" in url for url in fetched), fetched[-5:]
    # the page ran on a kernel that had run the notebook before it was asked for
    log = (artifacts / "voila.log").read_text(errors="replace")
    assert re.search(r"Using pre-heated kernel: \S+ for pet_quartet\.ipynb", log)

    # -- a new seeded game from the form: 3 players, seed 11, you play Ana against two random bots
    instant_bots(ex)
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="3")
    ex.locator(".ex-seed input").fill("11")
    ex.locator(".ex-seed input").press("Enter")
    ex.locator(".ex-seat-1 select").select_option(label="random bot")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text("A new game: 3 players, seed 11.")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    expect(ex.locator(".ex-viewer button")).to_have_count(4)  # everyone, Ana, Bo, Cy
    start, total = where(ex)
    assert start == total  # the bots that sat before Ana have answered

    # -- play by clicking: draw, then place; the bots answer until Ana is to move again
    table = ex.locator(".ex-table")
    stamp = chart_stamp(ex)
    status_changes(ex, lambda: click_move(ex, "D"))
    assert where(ex) == (total + 1, total + 1)
    expect(table).to_contain_text("drawn:")
    expect(ex.locator(".ex-teach")).to_contain_text("pet-quartet/draw")
    wait_chart_redrawn(page, ex, stamp)
    status_changes(ex, lambda: click_move(ex, "P1"))
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move")
    played, total = where(ex)
    assert played == total >= start + 4  # Ana's draw and place, then at least Bo's and Cy's
    expect(ex.locator(".ex-moves .ex-mv")).to_have_count(total + 1)  # the start, then every move
    # no notation is cut in the move list
    cut = ex.locator(".ex-moves .ex-mv-notation").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)")
    assert cut == []

    # -- step back and forth: the table, the move list and the chart follow
    html_at_end = table.inner_html()
    stamp = chart_stamp(ex)
    status_changes(ex, lambda: ex.locator("button.ex-back").click())
    assert where(ex) == (total - 1, total)
    wait_table(page, table, html_at_end, same=False)
    wait_chart_redrawn(page, ex, stamp)
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", str(total - 1))
    status_changes(ex, lambda: ex.locator("button.ex-forward").click())
    assert where(ex) == (total, total)
    wait_table(page, table, html_at_end, same=True)
    status_changes(ex, lambda: ex.locator("button.ex-start").click())
    assert where(ex) == (0, total)
    expect(ex.locator(".ex-teach")).to_contain_text("pet-quartet/setup")

    # -- jump by clicking a move in the list
    status_changes(ex, lambda: ex.locator('.ex-moves .ex-mv[data-k="2"]').click())
    assert where(ex) == (2, total)
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", "2")
    expect(ex.locator(".ex-teach-head")).to_contain_text("Move 2")
    status_changes(ex, lambda: ex.locator("button.ex-end").click())
    assert where(ex) == (total, total)

    # -- seen by one player, then by everyone
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table).to_contain_text("seen by Bo")
    expect(table.locator("tr.viewer")).to_contain_text("Bo")
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table).to_contain_text("seen by everyone")

    # -- an illegal move typed: its reason and its rule, and nothing changes
    before = table.inner_html()
    ex.locator(".ex-notation input").fill("P1")
    ex.locator(".ex-notation input").press("Enter")
    illegal = ex.locator(".ex-feedback .ex-illegal")
    expect(illegal).to_contain_text("is not allowed here")
    expect(illegal.locator(".ex-rule")).to_have_attribute("data-rule", "pet-quartet/draw")
    expect(illegal).to_contain_text("Nothing changed.")
    assert where(ex) == (total, total) and table.inner_html() == before
    # a rule's id jumps to the rule in the rules reference on the same page
    link = ex.locator(".ex-teach a.ex-rule-id").first
    anchor = link.get_attribute("href")
    assert anchor and anchor.startswith("#pet-quartet-")
    link.click()
    expect(ex.locator(f".ex-ref-rule[id='{anchor[1:]}']")).to_be_visible()

    # -- records: download this game, then bad records are refused and the game stays
    ex.get_by_text("Records: download, upload, paste").click()
    upload = ex.locator(".ex-upload")
    expect(upload).to_be_visible()
    shown = upload.evaluate("b => [getComputedStyle(b, '::after').content, getComputedStyle(b).fontSize]")
    assert shown == ['"Upload record…"', "0px"]  # the button reads plainly, without the file count
    with page.expect_download() as download:
        ex.locator("a.ex-download-link").click()
    record = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert record["game"] == "pet-quartet" and record["seed"] == 11 and len(record["moves"]) == total
    assert explorer.replay(record).ply == total

    ex.locator(".ex-paste textarea").fill('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": ["T1"]}')
    ex.locator("button.ex-replay").click()
    refused = ex.locator(".ex-record-feedback .ex-error")
    expect(refused).to_contain_text("cannot be replayed")
    expect(refused).to_contain_text("moves[0]")
    with page.expect_file_chooser() as chooser:
        ex.locator(".ex-upload").click()
    chooser.value.set_files([{"name": "broken.json", "mimeType": "application/json",
                              "buffer": b'{"game": "pet-quartet", '}])
    expect(refused).to_contain_text("not valid JSON")
    assert where(ex) == (total, total) and table.inner_html() == before

    # -- a good record replays; autoplay then walks through it from the start
    ex.locator(".ex-paste textarea").fill(json.dumps(record))
    ex.locator("button.ex-replay").click()
    expect(ex.locator(".ex-record-feedback .ex-ok")).to_contain_text(f"{total} moves")
    ex.locator("button.ex-start").click()
    expect(ex.locator(".ex-where")).to_have_text(f"Move 0 of {total}")
    ex.locator(".ex-speed select").select_option(label="fastest")
    ex.locator(".ex-autoplay").click()
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}")
    expect(ex.locator(".ex-feedback")).to_contain_text("it is your move")

    # -- the chart drew offline, and no traceback ever reached the page
    assert ex.locator(".ex-vega svg .mark-line path").count() >= 1
    assert_page_clean(page)
    ex.screenshot(path=str(artifacts / "pet_quartet_dashboard.png"))


def test_gallery_links_every_game_and_hides_plumbing(page: Page, server, artifacts):
    page.goto(server.url("index.ipynb"), timeout=TIMEOUT_MS)
    cards = page.locator(".gallery-card[data-game]")
    expect(cards.first).to_be_visible(timeout=TIMEOUT_MS)
    games = served_games()
    expect(cards).to_have_count(len(games))
    assert page.locator('.gallery-card[data-lab="analysis"]').get_attribute("href") == "analysis.ipynb"
    for game in games:
        card = page.locator(f'.gallery-card[data-game="{game.name}"]')
        expect(card).to_contain_text(game.title)
        own = game.notebook
        expected = own if own and server_notebook(own).exists() else f"explore.ipynb?game={game.name}"
        assert card.get_attribute("href") == expected
    # the template leaves out cells tagged "hide": one rendered cell for each other cell
    notebook = json.loads((server_notebook("index.ipynb")).read_text(encoding="utf-8"))
    shown = [c for c in notebook["cells"] if "hide" not in c.get("metadata", {}).get("tags", [])]
    assert len(shown) < len(notebook["cells"])
    expect(page.locator("div[cell-index]")).to_have_count(len(shown))
    assert page.outside_requests == []
    page.screenshot(path=str(artifacts / "gallery.png"))


def server_notebook(name: str):
    from explorer.dashboards import NOTEBOOKS

    return NOTEBOOKS / name


def move_groups(ex: Locator) -> list[tuple[str, int]]:
    """The kinds the move buttons are grouped by, and how many buttons each group shows."""
    return ex.locator(".ex-move-group").evaluate_all(
        "groups => groups.map(g => [g.dataset.kind, g.querySelectorAll('button.ex-move').length])")


def test_generic_explorer_plays_another_game(page: Page, server, artifacts):
    from explorer.widgets.views import Views, views_for

    # a game with no views of its own if there is one: the explorer's defaults at work
    games = [g for g in served_games() if g.name != "pet-quartet"]
    game = next((g for g in games if views_for(g) == Views()), games[0])
    ex = open_explorer(page, server.url(f"explore.ipynb?game={game.name}"))
    expect(ex).to_have_class(re.compile(f"ex-game-{game.name}"))
    expect(ex.locator(".ex-title")).to_have_text(game.title)
    # every legal move is a button, each in the group of its kind; a filter shows one kind at a time
    groups = move_groups(ex)
    count = int(ex.locator(".ex-movebuttons").get_attribute("data-count"))
    assert count > 0 and sum(n for _, n in groups) == count and len({k for k, _ in groups}) == len(groups)
    filters = ex.locator(".ex-move-filter")
    if filters.count():
        kind, n = groups[-1]
        filters.filter(has_text=re.compile("^" + re.escape(kind) + r" \(")).click()
        expect(ex.locator("button.ex-move:visible")).to_have_count(n)
        filters.first.click()
        expect(ex.locator("button.ex-move:visible")).to_have_count(count)
    before = where(ex)
    status_changes(ex, lambda: settled(ex).locator("button.ex-move").first.click())
    assert where(ex)[1] > before[1]
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "Error loading script" not in body
    assert page.errors == []
    ex.screenshot(path=str(artifacts / f"explore_{game.name}.png"))
