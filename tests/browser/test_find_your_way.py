"""Finding your way, as a person would: back to the gallery, and the keyboard's ← → Home End."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .actions import open_dashboard, settled
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")


def where(ex) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def test_the_keyboard_steps_and_jumps_and_the_page_links_back_to_the_gallery(page: Page, server, artifacts):
    ex = open_dashboard(page, server.url("pets.ipynb"), TIMEOUT_MS)
    expect(ex.locator(".ex-keys")).to_have_text("Keys: ← → step, Home End jump")
    ex.locator(".ex-speed select").select_option(label="instant")
    for _ in range(3):  # a few moves, so there is somewhere to step
        before = where(ex)[1]
        settled(ex).locator("button.ex-move").first.click()
        expect(ex.locator(".ex-where")).not_to_have_text(f"Move {before} of {before}")
        expect(ex.locator(".ex-tomove")).to_contain_text("(you)")
    _, total = where(ex)
    assert total >= 3
    ex.locator(".ex-title").click()  # the page has the focus, not a text box
    page.keyboard.press("ArrowLeft")
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total - 1} of {total}")
    page.keyboard.press("Home")
    expect(ex.locator(".ex-where")).to_have_text(f"Move 0 of {total}")
    page.keyboard.press("ArrowRight")
    expect(ex.locator(".ex-where")).to_have_text(f"Move 1 of {total}")
    page.keyboard.press("End")
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}")
    # typing a move is not stepping
    ex.locator(".ex-notation input").focus()
    page.keyboard.press("Home")
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}")

    # back to the gallery, in the same tab
    link = ex.locator("a.ex-gallery")
    expect(link).to_have_text("← All games")
    assert link.get_attribute("target") in (None, "_self")
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/index\.ipynb"), timeout=TIMEOUT_MS)
    expect(page.locator("body")).to_contain_text("Pet Quartet", timeout=TIMEOUT_MS)
