"""Playing like at a board game, in a real browser: your own eyes, passing the device, bots you can follow."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .actions import open_dashboard, settled
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")


def test_you_see_your_own_hand_and_the_bots_play_one_move_at_a_time(page: Page, server, artifacts):
    ex = open_dashboard(page, server.url("pet_quartet.ipynb"), TIMEOUT_MS)
    # one person against bots: the table is Ana's view; the teacher's view is a labelled choice
    expect(ex.locator(".ex-viewer button.mod-active")).to_have_text("Ana")
    expect(ex.locator(".ex-viewer button").first).to_have_text("Everyone (teacher)")
    expect(ex.locator(".ex-table")).to_contain_text("seen by Ana")

    # a slow pace: after Ana's move the bots' moves arrive one by one, each narrated as it happens
    ex.locator(".ex-speed select").select_option(label="slow")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")
    settled(ex).locator("button.ex-move", has_text=re.compile("^D")).first.click()
    expect(ex.locator(".ex-table")).to_contain_text("drawn:")
    settled(ex).locator("button.ex-move", has_text=re.compile("^P")).first.click()
    expect(ex.locator(".ex-table")).not_to_contain_text("drawn:")  # Ana's card is placed: her move is in
    seen: list[int] = []
    narrated: list[str] = []
    mine = int(MOVE.search(ex.locator(".ex-where").inner_text()).group(2))
    for _ in range(1500):  # watch the status line until Ana is to move again (a bound, not a timing)
        page.wait_for_timeout(200)
        found = MOVE.search(ex.locator(".ex-where").inner_text())
        shown = int(found.group(1)) if found else 0
        if not seen or shown != seen[-1]:
            seen.append(shown)
            narrated.append(ex.locator(".ex-teach-head").first.inner_text())
        status, teach = ex.locator(".ex-status-line").inner_text(), ex.locator(".ex-teach-box").inner_text()
        if "Ana to move" in status and "your turn" in teach:
            break
    else:
        raise AssertionError(f"Ana's turn did not come back: {seen}")
    assert len([k for k in seen if k > mine]) >= 2, seen  # more than one step: the bots' moves one at a time
    assert any("Bo played" in head for head in narrated) and any("Cy played" in head for head in narrated)
    summary = ex.locator(".ex-since")
    expect(summary).to_contain_text("Ana, your turn. What happened since your last move")
    expect(summary.locator("li")).to_have_count(seen[-1] - mine)
    ex.screenshot(path=str(artifacts / "board-game-summary.png"))


def test_two_people_on_one_device_pass_it_between_turns(page: Page, server, artifacts):
    ex = open_dashboard(page, server.url("pets.ipynb"), TIMEOUT_MS)
    ex.get_by_text("New game: players, seed, options, seats").click()
    ex.locator(".ex-players select").select_option(label="2")
    ex.locator(".ex-seat-1 select").select_option(label="you")
    ex.locator("button.ex-new").click()
    expect(ex.locator(".ex-feedback")).to_contain_text("A new game: 2 players")
    mover = "Ana" if "Ana to move" in ex.locator(".ex-status-line").inner_text() else "Bo"
    other = "Bo" if mover == "Ana" else "Ana"
    expect(ex.locator(".ex-viewer button.mod-active")).to_have_text(mover)
    settled(ex).locator("button.ex-move", has_text=re.compile("^play")).first.click()
    # the table and the move buttons are covered until the next person asks for them
    cover = ex.locator(".ex-handoff")
    expect(cover).to_contain_text(f"Pass the device to {other}")
    expect(ex.locator(".ex-table")).to_be_hidden()
    expect(ex.locator("button.ex-move").first).to_be_hidden()
    ex.screenshot(path=str(artifacts / "board-game-pass-the-device.png"))
    ex.get_by_role("button", name=f"I am {other}: show my hand").click()
    expect(cover).to_be_hidden()
    expect(ex.locator(".ex-table")).to_contain_text(f"seen by {other}")
    expect(ex.locator(".ex-viewer button.mod-active")).to_have_text(other)
