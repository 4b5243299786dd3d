"""Quartz played by touching the table only, in a real browser: a whole seeded game against two greedy bots.

The game is seed 0's deal with its Mine deck cut to 24 cards (a record's
hand-set ``setup``), so that it ends after some thirty touches.

Ana answers every question of the prompt box under the banner (``.ex-ask``)
with its first button, except that she stops ("Enough for today!") once two
Mine cards lie in the line: she explores, attacks, defends, hires and
protects, all by clicking the table, never a move button nor a typed move.
Along the way the narration and the points on the table are checked against
the engine, which replays the game from the move list; at the end, the
results.  A second test clicks what the rules forbid and reads the rule.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer

from .actions import (
    asked, assert_page_clean, expect_results, load_record, new_game, open_touch_dashboard, screens, touch_choice,
)
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

SEED = 6
#: Seed 0's deal, its Mine deck cut to 24 cards: a whole game in some thirty touches of Ana's.
DEAL = explorer.new("quartz", players=3, seed=0).setup()
SHORT = {"game": "quartz", "players": 3, "seed": 0, "moves": [], "setup": {**DEAL, "mine": DEAL["mine"][:24]}}


def open_quartz(page: Page, server) -> Locator:
    return open_touch_dashboard(page, server.url("quartz.ipynb"), TIMEOUT_MS)


def game_on_screen(ex: Locator) -> explorer.State:
    """The game the move list shows, replayed by the engine from its notation."""
    moves = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    return explorer.replay({**SHORT, "moves": moves})


def check_against_the_engine(ex: Locator) -> explorer.State:
    """The narration and every player's points on the table are the engine's, for the game the page shows."""
    played = int(ex.locator(".ex-where").inner_text().split(" of ")[-1].split()[0])
    expect(ex.locator(".ex-moves .ex-mv[data-notation]")).to_have_count(played)  # the list has caught up
    state = game_on_screen(ex)
    expect(ex.locator(".ex-teach .ex-narration")).to_have_text(state.log[-1].text)
    view = state.view(0)
    for p, seat in enumerate(view["players"]):
        points = f"{seat['score']}" if seat["score"] is not None else f"{seat['points_shown']} + Chest"
        expect(ex.locator(f'.ex-table tr[data-player="{p}"] td.points')).to_have_text(points)
    return state


def test_a_whole_quartz_game_played_by_touching_the_table(page: Page, server, artifacts):
    ex = open_quartz(page, server)
    load_record(ex, SHORT)
    expect(ex.locator(".ex-buttons")).to_be_hidden()  # the move buttons are folded: the table is the chooser
    ask = ex.locator(".ex-table .ex-ask")
    expect(ask).to_contain_text("Ana, what is your turn: explore the mine, or protect a column?")
    expect(ask.locator("button.choice").first).to_contain_text("Explore the mine")
    # Every Helper card reads in English too, and says what it does on hover
    helper = ex.locator('.ex-table tr[data-player="0"] td.hand .helper').first
    expect(helper.locator(".gloss")).not_to_be_empty()
    assert ":" in (helper.get_attribute("title") or "")

    clicks = stops = 0
    while not (now := asked(ex))["over"]:
        assert now["labels"], f"Ana is not asked anything at {now['where']}"
        choice = 0
        if "Enough for today!" in now["labels"] and ex.locator(".ex-table .qz .line .card:not([data-card=presente])"
                                                               ).count() >= 2:
            choice = now["labels"].index("Enough for today!")
        touch_choice(ex, now, choice)
        clicks += 1
        if choice:
            stops += 1
            check_against_the_engine(ex)
            if stops == 2:
                screens(page, ex.locator(".ex-table-card"), artifacts, "quartz-touch")
        assert clicks < 400, "the game does not end"

    # -- the end: the results are the engine's, once the move list has caught up with the table
    played = int(ex.locator(".ex-where").inner_text().split(" of ")[-1].split()[0])
    expect(ex.locator(".ex-moves .ex-mv[data-notation]")).to_have_count(played)
    state = game_on_screen(ex)
    assert state.is_over()
    expect_results(ex, state)
    # the move list reads a round of passes as one line
    folded = ex.locator(".ex-moves .ex-mv.ex-fold .ex-mv-text")
    expect(folded.first).to_contain_text("do not attack")
    assert folded.count() > 5
    ex.locator(".ex-moves-card").screenshot(path=str(artifacts / "quartz-touch-moves.png"))
    assert not ex.locator("button.ex-move").first.is_visible()  # no move button was ever shown
    assert_page_clean(page)


def test_a_quartz_click_the_rules_forbid_shows_the_rule_in_place(page: Page, server, artifacts):
    ex = open_quartz(page, server)
    new_game(ex, SEED)
    line = ex.locator(".ex-touch-line")
    # an Attack card at the announcement: the rule says when Attack cards come
    hand = ex.locator('.ex-table tr[data-player="0"] td.hand')
    attack = hand.locator(".helper.attack").first
    where = ex.locator(".ex-where").inner_text()
    attack.click()
    expect(line.locator(".ex-illegal")).to_contain_text("is not allowed here: Attack cards come only after")
    expect(line.locator(".ex-rule")).to_have_attribute("data-rule", "quartz/attack-window")
    expect(ex.locator(".ex-where")).to_have_text(where)  # nothing was played
    # the move buttons are still there, folded: one click opens them (the keyboard's way)
    ex.locator(".ex-buttons-toggle").click()
    expect(ex.locator("button.ex-move").first).to_be_visible()
    # a touch that works clears the refusal
    ex.locator(".ex-table .ex-ask button.choice", has_text="Explore the mine").click()
    expect(line.locator(".ex-illegal")).to_have_count(0)
    expect(ex.locator(".ex-table .qz .decision")).not_to_have_attribute("data-phase", "announce")  # she explores
    page.mouse.move(1, 1)
    ex.screenshot(path=str(artifacts / "quartz-touch-refused.png"))
    assert_page_clean(page)
