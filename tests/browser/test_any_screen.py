"""Every dashboard played through a seeded game, then held as a phone, a laptop and a projector, and read.

On a phone (390×844) the table takes the width, the controls stack below it
and the move list folds away behind a button; on a laptop (1366×900) no text
of the table, the charts or the panels is under 12 px; on a projector
(1920×1080) the explorer leaves the notebook's column for the screen's width
and its text grows.  At no size does the page scroll sideways.

Then a person reads the page: no dict or tuple, no True/False, no option's
internal name or slug, no card code, no "Upload record… (0)"; and no English slips such
as "1 tiles" or "a E3".  One page does both, mid-game, so each dashboard
opens and plays once.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import explorer

from .actions import open_dashboard, page_scrolls_sideways, small_text, visible_text
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

#: Every dashboard, with the game it plays (the generic explorer's is chosen on the page).
DASHBOARDS = {"pet_quartet.ipynb": "pet-quartet", "pets.ipynb": "pets", "quartz.ipynb": "quartz",
              "keistad_kwartet.ipynb": "keistad-kwartet", "quartex.ipynb": "quartex", "explore.ipynb": None}
#: Python on a page: a dict, a tuple of strings, a bare True/False, the file upload's counter.
CODE = [re.compile(r"\{'[^']*':"), re.compile(r"\{\"[^\"]*\":"), re.compile(r"\('[^']*', '"),
        re.compile(r"\b(True|False|None)\b"), re.compile(r"Upload record… \(\d+\)")]
#: A game's own notation where a person reads words: Quartz's card and column codes ("R6u14", "E3").
NOTATION = {"quartz": re.compile(r"\b[QAESRB]\d{1,2}(?:h|u[1-6]+|hu[1-6]+)?\b")}
#: Moves played before the page is read, where 30 leave the table too bare to show what it draws.
MOVES = {"quartz": 80}
#: English slips: a plural after one, "a" before a vowel sound.
SLIPS = [re.compile(r"(?<![\d.,])\b1 (tiles|cards|moves|points|tokens|games|players|quartets)\b"),
         re.compile(r"\ba (?:[AEIO]\d|[aeio][a-z]+)\b")]
#: Words that start with a vowel letter but not a vowel sound.
NOT_A_VOWEL = ("one", "once", "unit", "use", "user", "usual", "euro")


#: The parts of the explorer whose sentences are its own (the tables and the narration are the game's).
OWN_WORDS = (".ex-status-line", ".ex-play-title", ".ex-feedback", ".ex-results-card", ".ex-setup", ".ex-options",
             ".ex-teach-head", ".ex-handoff", ".ex-since-more")


def leaks(text: str, game: explorer.Game) -> list[str]:
    found = [m.group(0) for pattern in CODE for m in pattern.finditer(text)]
    found += [m.group(0) for m in NOTATION[game.name].finditer(text)] if game.name in NOTATION else []
    found += [name for name in game.options if "_" in name and name in text]
    found += [f"{o.name}={c}" for o in game.options.values() for c in o.choices if f"{o.name}={c}" in text]
    return found


def slips(text: str) -> list[str]:
    found = []
    for pattern in SLIPS:
        for match in pattern.finditer(text):
            word = match.group(0).split()[-1].lower()
            if word not in NOT_A_VOWEL:
                found.append(text[max(0, match.start() - 30): match.end() + 10])
    return found


def play_through(page: Page, ex, moves: int) -> None:
    """Play ``moves`` of a seeded game: every seat a greedy bot, autoplay at the fastest pace."""
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-seed input").fill("5")
    ex.locator(".ex-seed input").press("Enter")
    for seat in range(int(ex.locator(".ex-players select").input_value())):
        ex.locator(f".ex-seat-{seat} select").select_option(label="greedy bot")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text("A new game")
    ex.locator(".ex-speed select").select_option(label="fastest")
    ex.locator(".ex-autoplay button, button.ex-autoplay").first.click()
    page.wait_for_function(
        "([el, n]) => { const m = /Move (\\d+) of/.exec(el.innerText); return (m && +m[1] >= n) || "
        "el.innerText.includes('Game over'); }",
        arg=[ex.locator(".ex-status-line").element_handle(), moves], timeout=TIMEOUT_MS)
    ex.locator(".ex-autoplay button, button.ex-autoplay").first.click()



def box(locator):
    return locator.first.bounding_box()


def fits_every_screen(page: Page, ex, artifacts, name: str) -> None:
    """The page at 1366, 390 and 1920 px wide, with a screenshot of each."""
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


def reads_as_words(page: Page, ex, artifacts, game: explorer.Game) -> None:
    """With the records and the rules opened too, the page shows no code, and the explorer's sentences no slip."""
    ex.get_by_text("Records: download, upload, paste").click()
    ex.locator(".ex-rules-ref summary").click()
    ex.locator(".ex-viewer button").nth(1).click()
    page.wait_for_timeout(500)
    text = visible_text(page.locator("body"))
    assert leaks(text, game) == []
    # the explorer's own sentences read right; the slips in the game's narration are listed for the report
    own = "\n".join(ex.locator(part).first.inner_text() for part in OWN_WORDS if ex.locator(part).count())
    assert slips(own) == []
    (artifacts / f"slips-{game.name}.txt").write_text("\n".join(slips(text)))
    # the moves' notation is the typed moves' language: it shows with the move buttons, not before
    notation = ex.locator(".ex-moves .ex-mv:not(.ex-folded) .ex-mv-notation").last
    expect(notation).to_be_hidden()
    ex.locator(".ex-buttons-toggle button, button.ex-buttons-toggle").first.click()
    expect(notation).to_be_visible()


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_a_dashboard_played_fits_every_screen_and_shows_words_not_code(page: Page, server, artifacts, notebook: str):
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_dashboard(page, server.url(notebook), TIMEOUT_MS)
    game = DASHBOARDS[notebook]
    if game is not None:
        play_through(page, ex, MOVES.get(game, 30))
    fits_every_screen(page, ex, artifacts, notebook.removesuffix(".ipynb"))
    if game is not None:
        page.set_viewport_size({"width": 1366, "height": 900})
        reads_as_words(page, ex, artifacts, explorer.game(game))
