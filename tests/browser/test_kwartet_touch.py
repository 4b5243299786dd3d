"""Keistad Kwartet played by touching the table only, in a real browser: a whole seeded game against two greedy
bots.

Ana asks in three touches on the ask box under the hands (``.ex-ask``): the
opponent, the quartet, the card, taking a card marked as a sure hit when
there is one, else one with odds, never a move button nor a typed move.
Along the way the narration and the quartets laid down are checked against
the engine, which replays the game from the move list; at the end, the
results.  A second test touches what the rules forbid and reads the rule.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer

from .actions import asked, assert_page_clean, expect_results, new_game, open_touch_dashboard, screens, touch_choice
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

SEED = 0


def open_kwartet(page: Page, server) -> Locator:
    return open_touch_dashboard(page, server.url("keistad_kwartet.ipynb"), TIMEOUT_MS)


def game_on_screen(ex: Locator) -> explorer.State:
    moves = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    return explorer.replay({"game": "keistad-kwartet", "players": 3, "seed": SEED, "moves": moves})


def check_against_the_engine(ex: Locator) -> explorer.State:
    """The narration and the quartets each player laid down, on the page, are the engine's."""
    played = int(ex.locator(".ex-where").inner_text().split(" of ")[-1].split()[0])
    expect(ex.locator(".ex-moves .ex-mv[data-notation]")).to_have_count(played)
    state = game_on_screen(ex)
    expect(ex.locator(".ex-teach .ex-narration")).to_have_text(state.log[-1].text)
    for p, laid in enumerate(state.view(0)["scores"]):
        cell = ex.locator(f'.ex-table table.players tr[data-player="{p}"] td.laid')
        expect(cell).to_contain_text(str(laid))
    return state


def choose(now: dict) -> int:
    """Which button Ana touches: a sure hit, else a card with odds, else the first that is not Back."""
    for wanted in ("sure", "odds"):
        for i, k in enumerate(now["kinds"]):
            if wanted in k:
                return i
    return next(i for i, t in enumerate(now["targets"]) if t != "clear")


def test_a_whole_kwartet_game_played_by_touching_the_table(page: Page, server, artifacts):
    ex = open_kwartet(page, server)
    new_game(ex, SEED)
    expect(ex.locator(".ex-buttons")).to_be_hidden()  # no column of ask buttons: the table is the chooser
    ask = ex.locator(".ex-table .ex-ask")
    expect(ask).to_contain_text("Ana, whom do you ask?")
    clicks = asks = 0
    while not (now := asked(ex))["over"]:
        assert now["targets"], f"Ana is not asked anything at {now['where']}"
        i = choose(now)
        card = now["targets"][i].startswith("card:")
        if card and not asks:  # the cards say what the table knows of them
            expect(ask.locator("button.choice.odds, button.choice.sure").first).to_contain_text(
                "chance" if "odds" in now["kinds"][i] else "a sure hit")
            screens(page, ex.locator(".ex-table-card"), artifacts, "kwartet-touch")
        touch_choice(ex, now, i)
        clicks += 1
        if card:
            asks += 1
            if asks % 4 == 1:
                check_against_the_engine(ex)
        assert clicks < 400, "the game does not end"

    state = game_on_screen(ex)
    assert state.is_over() and asks >= 5
    expect_results(ex, state)
    assert not ex.locator("button.ex-move").first.is_visible()
    assert_page_clean(page)


def test_a_kwartet_touch_the_rules_forbid_shows_the_rule_in_place(page: Page, server, artifacts):
    ex = open_kwartet(page, server)
    new_game(ex, SEED)
    line = ex.locator(".ex-touch-line")
    players = ex.locator(".ex-table table.players")
    where = ex.locator(".ex-where").inner_text()
    players.locator('tr[data-player="0"] th').click()  # Ana asks herself
    expect(line.locator(".ex-illegal")).to_contain_text("You must choose an opponent, not yourself.")
    expect(line.locator(".ex-rule")).to_have_attribute("data-rule", "keistad-kwartet/ask")
    expect(ex.locator(".ex-where")).to_have_text(where)
    # the three touches, on the table itself: Bo's name, a group of Ana's hand, then a card of the box
    players.locator('tr[data-player="1"] th').click()
    ask = ex.locator(".ex-table .ex-ask")
    expect(ask).to_contain_text("Ana, ask Bo for a card of which quartet?")
    expect(line.locator(".ex-illegal")).to_have_count(0)
    group = players.locator('tr[data-player="0"] td.hand .grp').first
    quartet = group.get_attribute("data-quartet")
    group.click()
    expect(ask).to_contain_text(f"Ana, ask Bo for which card of Quartet {quartet}")
    expect(ask.locator("button.choice.bluff").first).to_contain_text("a bluff: you hold it")
    page.mouse.move(1, 1)
    ex.screenshot(path=str(artifacts / "kwartet-touch-asking.png"))
    ask.locator("button.choice.odds").first.click()
    expect(ex.locator(".ex-where")).not_to_have_text(where)
    asked = ex.locator(f'.ex-moves .ex-mv[data-notation^="{quartet}."][data-notation$="@2"]')
    expect(asked.first).to_contain_text("Ana")  # her ask of Bo, in the move list
    assert_page_clean(page)
