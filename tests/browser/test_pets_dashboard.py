"""The PETS dashboard in a real browser: previews, a take played by clicking, hands hidden and shown, a scoring.

Voila serves ``notebooks/pets.ipynb`` (the session's server, see conftest);
headless Chromium opens it and points and clicks like a person.  The table's
parts are found by what the PETS table marks on them (``data-row``,
``data-group``, ``.zone-kind``, ``data-player``), the explorer's by its
``ex-...`` classes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer

from .actions import assert_page_clean, new_game, open_record_as_people, show_move_buttons
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")
SEED = 5
#: The preview's colours (explorer.games.pets.render.TAKEN and MOVING) as the browser reports them.
TAKEN = "rgb(47, 111, 219)"
MOVING = "rgb(232, 113, 10)"


#: A hand-set table one take from a scoring, loaded as a record: the zone holds 4 rabbits and row 1 starts
#: with a dog before 2 rabbits.  Ana shows 3 rabbits and holds 2 birds; Bo shows 2 pigs.
NEAR_SCORING = {"game": "pets", "players": 2, "seed": 0, "moves": [], "setup": {
    "hands": [[6, 6, 21, 24], [9, 18, 18]],
    "rows": [[24, 15, 15, 21], [12, 12, 9], [18, 21, 24, 24]],
    "fronts": [[15, 15, 15], [9, 9]],
    "zone": [15, 15, 15, 15, 9, 9, 6],
    "first_player": 0}}
#: Clicked one by one: Ana shows her birds, Bo adds a pig, Ana's take sends the rabbits to six.
TO_THE_SCORING = ["play 6x2", "add 2R 9", "take 1L"]


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def hand(table: Locator, player: int) -> Locator:
    return table.locator(f'tr[data-player="{player}"] td.hand')


def click_move(ex: Locator, mover: str, notation: str) -> None:
    """Once the buttons are ``mover``'s, click the one of ``notation`` and wait for the move list to hold it."""
    expect(ex.locator(".ex-play-title")).to_contain_text(f"{mover}, choose a move")
    played = where(ex)[1]
    ex.locator(f'button.ex-move[title="Play {notation}"]').click()
    expect(ex.locator(f'.ex-moves .ex-mv[data-k="{played + 1}"]')).to_have_attribute(
        "data-notation", notation, timeout=TIMEOUT_MS)


def player_cells(table: Locator, player: int) -> dict[str, Locator]:
    row = table.locator(f'tr[data-player="{player}"]')
    return {"now": row.locator("td.now"), "rounds": row.locator("td").nth(4), "total": row.locator("td.total")}


def chart_text(panel: Locator, text: str) -> Locator:
    """The text marks of the panel's charts (not their axes) that read exactly ``text``."""
    return panel.locator("svg .mark-text.role-mark text", has_text=re.compile("^" + re.escape(text) + "$"))


def play_a_scoring(ex: Locator, artifacts) -> None:
    """Load a table one take from a scoring, click the moves to it, and read the round's scores back.

    The scores on the page must be the engine's: cards won × kinds won, in
    the players' table and in the panel, before the take (if the round ended
    now) and after it (the scored round and the totals).
    """
    open_record_as_people(ex, NEAR_SCORING)
    table, panel = ex.locator(".ex-table"), ex.locator(".ex-panel")
    rabbits = table.locator('.zone-kind[data-kind="15"] .zone-count')
    expect(rabbits).to_have_text("4/6")
    expect(table).to_contain_text("Round 1 of 3")

    match = explorer.replay(NEAR_SCORING)
    for notation in TO_THE_SCORING[:-1]:
        click_move(ex, match.names[match.to_move], notation)
        match.play(notation)
    # one take from the end: the score if the round ended now, as the engine counts it, on the table and the panel
    before = match.view()
    assert before["round_scores"] == [] and before["zone"][before["kinds"].index(15)] == 4
    for p in range(2):
        cards, kinds, points = before["score_now"][p]
        written = player_cells(table, p)["now"]
        expect(written).to_have_text(re.compile(rf"× {kinds} = {points}$"))
        expect(chart_text(panel, written.inner_text())).to_have_count(1)
    expect(player_cells(table, 0)["now"]).to_have_text("(1 + 4) × 2 = 10")
    take = ex.locator(f'button.ex-move[title="Play {TO_THE_SCORING[-1]}"]')
    expect(take).to_contain_text("6 rabbits there end the round")

    # -- the take: six rabbits, the round is scored on the spot, round 2 begins
    stamp = ex.locator(".ex-panel .ex-vega").first.get_attribute("data-stamp")
    click_move(ex, "Ana", TO_THE_SCORING[-1])
    entry = match.play(TO_THE_SCORING[-1])
    after = match.view()
    assert after["round_scores"] == [[14, 2]] and after["round"] == 2  # (1 + 6) × 2 and 2 × 1
    expect(ex.locator(f'.ex-moves .ex-mv[data-notation="{entry.move}"] .ex-mv-text')).to_have_text(entry.text)
    expect(table).to_contain_text("Round 2 of 3")
    expect(rabbits).to_have_text("0/6")
    expect(ex.locator(".ex-tomove")).to_contain_text(f"{after['names'][after['to_move']]} to move (you)")
    ex.page.wait_for_function("([el, before]) => el.dataset.stamp !== before",
                              arg=[ex.locator(".ex-panel .ex-vega").first.element_handle(), stamp])
    for p in range(2):
        cells = player_cells(table, p)
        expect(cells["rounds"]).to_have_text(" + ".join(str(r[p]) for r in after["round_scores"]))
        expect(cells["total"]).to_have_text(str(after["totals"][p]))
        expect(chart_text(panel, str(after["totals"][p]))).to_have_count(1)  # the rounds chart's total
    assert "Ana (1 + 6) × 2 = 14, Bo 2 × 1 = 2" in entry.text
    # the zone chart marks the scoring at its peak: six rabbits, round 1
    expect(panel.locator('svg [aria-label*="cards reached: 6"]')).to_have_count(1)
    panel.screenshot(path=str(artifacts / "pets_scoring_panel.png"))


def test_pets_dashboard_previews_a_take_plays_it_and_hides_hands(page: Page, server, artifacts):
    # Voila streams the page while the notebook runs: wait for the explorer's chart, not for the page's load event.
    page.goto(server.url("pets.ipynb"), wait_until="commit", timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex).to_have_class(re.compile("ex-game-pets"))
    # the worked example above the explorer: the sheet's Example B row, and its scoring
    expect(page.locator(".pets").first).to_contain_text("Xiaofen")
    expect(page.get_by_text("(1 + 3) × 2 = 8").first).to_be_visible()

    # -- a new seeded game: 3 players, you play Ana against two random bots
    new_game(ex, SEED, bots="random")
    assert where(ex) == (0, 0)
    show_move_buttons(ex)  # this test plays with the buttons (the table is played on in test_touch_pets)

    # -- the table: three rows by group, the Scoring Zone by kind against six, three players, the piles
    dealt = explorer.new("pets", players=3, seed=SEED).view()
    table = ex.locator(".ex-table")
    expect(table.locator("tr[data-row]")).to_have_count(3)
    expect(table.locator('.group[data-row="1"]')).to_have_count(len(dealt["groups"][0]))
    expect(table.locator(".zone-kind")).to_have_count(7)
    expect(table.locator(".zone-kind").first).to_contain_text("0/6")
    expect(table.locator("tr[data-player]")).to_have_count(3)
    expect(table).to_contain_text("Round 1 of 3")
    expect(table.locator(".pets-pile").first).to_have_text(str(dealt["draw"]))
    expect(table).to_contain_text("seen by Ana")  # one person against bots: their own eyes first
    ex.locator(".ex-viewer button", has_text="Everyone").click()  # the teacher's view, chosen
    expect(table).to_contain_text("seen by everyone")

    # -- pointing at a take button previews it: the group taken (blue), the group sent to the zone (orange)
    taken_count = dealt["groups"][0][0][1]
    moved_kind, moved_count = dealt["groups"][0][1]
    button = ex.locator("button.ex-move:visible", has_text=re.compile(r"^take 1L"))
    expect(button).to_contain_text("go to the Scoring Zone" if moved_count > 1 else "goes to the Scoring Zone")
    taken = table.locator('.group[data-row="1"][data-group="0"]')
    moving = table.locator('.group[data-row="1"][data-group="1"]')
    expect(taken).not_to_have_css("border-top-color", TAKEN)
    button.hover()
    expect(taken).to_have_css("border-top-color", TAKEN)
    expect(moving).to_have_css("border-top-color", MOVING)
    expect(table.locator(f'.zone-kind[data-kind="{moved_kind}"]')).to_have_css("border-top-color", MOVING)
    page.mouse.move(1, 1)
    expect(taken).not_to_have_css("border-top-color", TAKEN)
    # ... and so does pointing at the row's other end group, in the table itself
    last = len(dealt["groups"][0]) - 1
    table.locator(f'.group[data-row="1"][data-group="{last}"]').hover()
    expect(table.locator(f'.group[data-row="1"][data-group="{last - 1}"]')).to_have_css("border-top-color", MOVING)
    page.mouse.move(1, 1)

    # -- play the take by clicking; the bots answer; the table and the chart change
    chart = ex.locator(".ex-vega").first
    stamp = chart.get_attribute("data-stamp")
    zone_before = table.locator(f'.zone-kind[data-kind="{moved_kind}"] .zone-count').inner_text()
    button.click()
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move")
    expect(ex.locator(".ex-where")).not_to_have_text("No moves yet")
    played, total = where(ex)
    assert played == total >= 3  # Ana's take, then Bo's and Cy's answers
    expect(ex.locator('.ex-moves .ex-mv[data-k="1"]')).to_contain_text("take 1L")
    page.wait_for_function("([el, before]) => el.dataset.stamp !== before", arg=[chart.element_handle(), stamp])
    expect(table.locator(".pets-last")).to_be_visible()
    match = explorer.replay({"game": "pets", "players": 3, "seed": SEED, "moves": ["take 1L"]})
    ana = match.view()["hand_sizes"][0]
    assert ana == len(dealt["hands"][0]) + taken_count
    # stepping back to the take itself shows it marked on the table, the zone's kind grown
    ex.locator('.ex-moves .ex-mv[data-k="1"]').click()
    expect(table.locator(".pets-last")).to_have_attribute("data-last", "take 1L")
    zone = table.locator(f'.zone-kind[data-kind="{moved_kind}"]')
    expect(zone).to_have_class(re.compile("fresh"))
    expect(zone.locator(".zone-count")).to_have_text(f"{moved_count}/6")
    assert zone_before == "0/6"
    expect(hand(table, 0).locator(".card")).to_have_count(ana)
    assert ex.locator(".ex-vega svg .mark-line path").count() >= 1

    # -- seen by Bo: Ana's hand is hidden (its size and the cards she was seen to take), Bo's is shown
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table).to_contain_text("seen by Bo")
    expect(hand(table, 0)).to_contain_text("hidden")
    expect(hand(table, 0).locator(".card")).to_have_count(taken_count)  # only the cards everyone saw her take
    expect(hand(table, 0)).to_contain_text(str(ana))
    expect(hand(table, 1).locator(".card")).to_have_count(len(match.view(1)["hands"][1]))
    expect(hand(table, 2)).to_contain_text("hidden")
    expect(table.locator("tr.viewer")).to_contain_text("Bo")
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table).to_contain_text("seen by everyone")
    expect(hand(table, 0).locator(".card")).to_have_count(ana)
    expect(hand(table, 0)).not_to_contain_text("hidden")

    # -- the page drew offline, and no traceback reached it
    assert_page_clean(page)
    ex.locator(".ex-end").click()
    expect(ex.locator(".ex-where")).to_have_text(f"Move {total} of {total}")
    expect(ex.locator(".ex-moves .ex-current")).to_have_attribute("data-k", str(total))
    expect(ex.locator(".ex-play-title")).to_contain_text("Ana, choose a move")
    page.mouse.move(1, 1)
    ex.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "pets_dashboard.png"))
    panel = ex.locator(".ex-panel")
    panel.scroll_into_view_if_needed()
    expect(panel.locator(".ex-vega svg")).to_be_visible()
    panel.screenshot(path=str(artifacts / "pets_panel.png"))
    ex.locator("button.ex-move:visible", has_text=re.compile(r"^take 2R")).hover()
    ex.locator(".ex-table-card").screenshot(path=str(artifacts / "pets_preview.png"))
    page.mouse.move(1, 1)

    # -- a scoring, clicked through from a record one take before it
    play_a_scoring(ex, artifacts)
    assert page.errors == []
