"""Shared links in a real browser: a link opens its game at its move, and the explorer hands out links.

The link is made in Python (:func:`explorer.core.links.to_query`) for a game
other than the dashboard's default; the page must show exactly that
position.  The explorer's own "Copy link" then gives the link to the
position on screen, which opens the same position in a new page.  A
tampered link shows one sentence and a fresh game.
"""

from __future__ import annotations

import random
import re
import sys

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.core.links import to_query
from explorer.dashboards import environment
from explorer.widgets import Explorer
from explorer.widgets.stepper import EVERYONE_LABEL

from .actions import jupyter_server
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")


#: Names a link must carry as they are: markup shown as text, the list separator inside a name.
NAMES = ["Ana", "<i>Bo</i>", "Cy ~ 3"]


def shared_game() -> explorer.State:
    """Three players, seed 11, twenty random moves: not the dashboard's default game (four players, seed 7)."""
    state = explorer.new("pet-quartet", players=3, seed=11, names=NAMES)
    choose = random.Random(11).choice
    for _ in range(20):
        state.play(choose(state.legal_moves()))
    return state


def open_explorer(page: Page, url: str) -> Locator:
    page.goto(url, timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-where")).to_be_visible(timeout=TIMEOUT_MS)
    return ex


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def table_html(ex: Locator, other_than: str) -> str:
    """The table's markup, once it is not ``other_than``.

    Each widget of the explorer changes in a message of its own, so the
    status line may show a new position a moment before the table does.
    """
    table = ex.locator(".ex-table").element_handle()
    table.owner_frame().wait_for_function("([el, old]) => el.innerHTML !== old", arg=[table, other_than],
                                          timeout=TIMEOUT_MS)
    return table.inner_html()


def no_error_text(page: Page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "There was an error" not in body and "Error loading script" not in body
    assert page.errors == []


def test_a_shared_link_opens_its_position_and_the_explorer_links_back(page: Page, server, artifacts):
    state = shared_game()
    ex = open_explorer(page, server.url("pet_quartet.ipynb") + "?" + to_query(state, at=9))

    # -- exactly the position the link names: the whole move list, the ninth move shown
    expect(ex.locator(".ex-where")).to_have_text("Move 9 of 20")
    expect(ex.locator(".ex-moves .ex-mv")).to_have_count(21)  # the start, then every move
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", "9")
    ninth = state.log[8]
    expect(ex.locator(".ex-teach-head")).to_contain_text(f"Move 9 · {state.names[ninth.player]} played {ninth.notation}")
    expect(ex.locator(".ex-viewer button")).to_have_text([EVERYONE_LABEL, *NAMES])  # the names, as text
    assert "ex-error" not in (ex.locator(".ex-feedback").inner_html())
    table = ex.locator(".ex-table")
    at_nine = table.inner_html()
    # the same position reached by hand shows the same table
    ex.locator("button.ex-start").click()
    expect(ex.locator(".ex-where")).to_have_text("Move 0 of 20")
    at_start = table_html(ex, at_nine)
    ex.locator('.ex-moves .ex-mv[data-k="9"]').click()
    expect(ex.locator(".ex-where")).to_have_text("Move 9 of 20")
    assert table_html(ex, at_start) == at_nine

    # -- "Copy link" after stepping back: the link to the position on screen, copied
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ex.locator("button.ex-back").click()
    expect(ex.locator(".ex-where")).to_have_text("Move 8 of 20")
    at_eight = table_html(ex, at_nine)
    ex.locator("button.ex-share-button").click()
    field = ex.locator("input.ex-share-url")
    expected = server.url("pet_quartet.ipynb") + "?" + to_query(state, at=8)
    expect(field).to_have_value(expected)
    expect(ex.locator(".ex-share")).to_have_attribute("data-copied", "Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    # the box follows the steps while it shows a link
    ex.locator("button.ex-end").click()
    expect(field).to_have_value(server.url("pet_quartet.ipynb") + "?" + to_query(state))
    no_error_text(page)
    ex.screenshot(path=str(artifacts / "shared_link.png"))

    # -- the copied link, opened anew, shows the same position
    again = open_explorer(page, expected)
    expect(again.locator(".ex-where")).to_have_text("Move 8 of 20")
    assert again.locator(".ex-table").inner_html() == at_eight
    no_error_text(page)


def test_a_tampered_link_shows_one_sentence_and_a_fresh_game(page: Page, server, artifacts):
    state = shared_game()
    tampered = to_query(state, at=9).replace("moves=D", "moves=Q9", 1)  # the first move is now no move at all
    ex = open_explorer(page, server.url("explore.ipynb") + "?" + tampered)
    message = ex.locator(".ex-feedback .ex-error")
    expect(message).to_contain_text("This link cannot be opened: move 1 ('Q9', moves[0]) cannot be played")
    expect(message).to_contain_text("Here is a new game instead.")
    # the fresh game is the page's default: Pet Quartet, seed 0, the bots' first moves answered
    fresh = Explorer("pet-quartet")
    total = len(fresh.timeline)
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}" if total else "No moves yet")
    expect(ex.locator(".ex-viewer button")).to_have_count(fresh.game.default_players + 1)
    no_error_text(page)
    ex.screenshot(path=str(artifacts / "tampered_link.png"))


def test_the_generic_page_opens_a_link_to_any_game_at_its_move(page: Page, server, artifacts):
    state = explorer.new("quartz", players=3, seed=4)
    choose = random.Random(4).choice
    for _ in range(15):
        state.play(choose(state.legal_moves()))
    ex = open_explorer(page, server.url("explore.ipynb") + "?" + to_query(state, at=6))
    expect(page.locator(".ex-explorer")).to_have_count(1)  # the default game's explorer made way for this one
    expect(ex).to_have_class(re.compile("ex-game-quartz"))
    expect(ex.locator(".ex-where")).to_have_text("Move 6 of 15")
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", "6")
    assert "ex-error" not in ex.locator(".ex-feedback").inner_html()
    ex.locator("button.ex-share-button").click()
    expect(ex.locator("input.ex-share-url")).to_have_value(server.url("explore.ipynb") + "?" + to_query(state, at=6))
    no_error_text(page)


@pytest.fixture(scope="module")
def extension_server(artifacts, tmp_path_factory):
    """Voila as Binder runs it: an extension of the Jupyter server, dashboards under /voila/render/notebooks/."""
    home = tmp_path_factory.mktemp("extension")
    env = environment()
    env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"))
    with jupyter_server([sys.executable, "-m", "jupyter"], "--VoilaConfiguration.template=explorer",
                        "--VoilaConfiguration.show_tracebacks=False", home=home, env=env,
                        log=artifacts / "voila-extension.log", timeout=240) as url:
        yield url


@pytest.mark.slow
def test_links_work_under_binders_path(page: Page, extension_server, artifacts):
    state = explorer.new("quartz", players=3, seed=4)
    choose = random.Random(4).choice
    for _ in range(15):
        state.play(choose(state.legal_moves()))
    dashboard = f"{extension_server}/voila/render/notebooks/quartz.ipynb"
    ex = open_explorer(page, f"{dashboard}?{to_query(state, at=6)}")
    expect(ex.locator(".ex-where")).to_have_text("Move 6 of 15")
    ex.locator("button.ex-forward").click()
    expect(ex.locator(".ex-where")).to_have_text("Move 7 of 15")
    ex.locator("button.ex-share-button").click()
    # the link keeps the page's own path: /voila/render/notebooks/..., only the query changes
    expect(ex.locator("input.ex-share-url")).to_have_value(f"{dashboard}?{to_query(state, at=7)}")
    no_error_text(page)
