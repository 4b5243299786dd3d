"""Words, not code: every dashboard played through a seeded game, its page read for Python and slips.

A person reads the page: no dict or tuple, no True/False, no option's
internal name or slug, no "Upload record… (0)"; and no English slips such
as "1 tiles" or "a E3".
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import explorer

from .actions import open_dashboard, visible_text
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

DASHBOARDS = {"pet_quartet.ipynb": "pet-quartet", "pets.ipynb": "pets", "quartz.ipynb": "quartz",
              "keistad_kwartet.ipynb": "keistad-kwartet", "quartex.ipynb": "quartex"}
#: Python on a page: a dict, a tuple of strings, a bare True/False, the file upload's counter.
CODE = [re.compile(r"\{'[^']*':"), re.compile(r"\{\"[^\"]*\":"), re.compile(r"\('[^']*', '"),
        re.compile(r"\b(True|False|None)\b"), re.compile(r"Upload record… \(\d+\)")]
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


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_a_dashboard_shows_words_not_code(page: Page, server, artifacts, notebook: str):
    game = explorer.game(DASHBOARDS[notebook])
    ex = open_dashboard(page, server.url(notebook), TIMEOUT_MS)
    play_through(page, ex, 30)
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
