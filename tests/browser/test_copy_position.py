"""A position copied as a setup in a real browser: the record in the box starts a new game right there."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

import explorer

from .actions import assert_page_clean, new_game, show_move_buttons
from .test_dashboards import open_explorer

pytestmark = pytest.mark.browser


def test_the_position_on_screen_is_copied_as_a_setup_and_replays(page: Page, server, artifacts):
    ex = open_explorer(page, server.url("pet_quartet.ipynb"))
    new_game(ex, seed=5)
    show_move_buttons(ex)  # the game is played on its table: its buttons are folded away
    ex.locator("button.ex-move", has_text=re.compile("^D")).first.click()  # Ana draws; the card waits to be placed
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    ex.get_by_text("Records: download, upload, paste").click()
    ex.locator("button.ex-copy-position").click()
    expect(ex.locator(".ex-record-feedback .ex-ok")).to_contain_text("is in the box as a setup")
    record = json.loads(ex.locator(".ex-paste textarea").input_value())
    state = explorer.replay(record)
    assert record["moves"] == [] and record["setup"]["phase"] == "place" and state.to_move == 0
    for width, height in ((390, 844), (1366, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        ex.locator("button.ex-copy-position").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"copy_position_{width}.png"))
    ex.locator("button.ex-replay").click()
    expect(ex.locator(".ex-record-feedback .ex-ok")).to_contain_text("0 moves")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    assert_page_clean(page)
