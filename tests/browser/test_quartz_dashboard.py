"""The Quartz dashboard in a real browser: explore, reveal, watch the odds, see the table through each pair of eyes,
and answer Attacks with Defenses.

Voila serves ``notebooks/quartz.ipynb`` (the session's server, see conftest);
headless Chromium opens it and clicks like a person.  The table's parts are
found by what the Quartz table marks on them (``.decision``, ``.line``,
``data-card``, ``data-position``, ``tr[data-player]``), the explorer's by its
``ex-...`` classes, the risk chart's points by Vega's ``mark-symbol`` class.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.games.quartz.odds import meter
from explorer.widgets.games.quartz import percent

from .actions import assert_page_clean, new_game, open_record_as_people, show_move_buttons
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

MOVE = re.compile(r"Move (\d+) of (\d+)")
#: With this seed and greedy bots in seats 2 and 3, nobody attacks Ana's first two cards:
#: a Quartz unstable at position 2, then one unstable at position 4.
SEED = 28
FIRST, SECOND = "Q1u2", "Q1u4"


def where(ex: Locator) -> tuple[int, int]:
    found = MOVE.search(ex.locator(".ex-where").inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def click_move(ex: Locator, prefix: str) -> None:
    """Click the move button whose notation is ``prefix`` and wait for the game to move on."""
    before = ex.locator(".ex-where").inner_text()
    ex.locator("button.ex-move", has_text=re.compile("^" + re.escape(prefix) + r"\b")).first.click()
    expect(ex.locator(".ex-where")).not_to_have_text(before)


def risk_points(ex: Locator) -> Locator:
    """The points of the risk chart: one per decision shown."""
    return ex.locator(".ex-vega").first.locator("svg .mark-symbol.role-mark path")


def stamp(ex: Locator) -> str:
    """Which update of the panel's chart the page shows (the chart counts them)."""
    return ex.locator(".ex-vega").first.get_attribute("data-stamp") or ""


def game_on_screen(ex: Locator) -> explorer.State:
    """The game the move list shows, replayed by the engine from its notation."""
    moves = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    return explorer.replay({"game": "quartz", "players": 3, "seed": SEED, "moves": moves})


def risk_words(state: explorer.State) -> str:
    return f"{percent(meter(state).accident)} accident risk"


def test_quartz_dashboard_explores_shows_the_odds_and_hides_hands(page: Page, server, artifacts):
    page.goto(server.url("quartz.ipynb"), timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)
    expect(ex).to_have_class(re.compile("ex-game-quartz"))
    # the worked examples above the explorer: the rule book's scores, and the accident
    expect(page.get_by_text("Bo: 8 (Amethyst 2 x4) + 5 (set bonus Amethyst 2 x1) = 13").first).to_be_visible()
    expect(page.get_by_text("A second Unstable Crystal at position 1: accident!").first).to_be_visible()
    expect(page.get_by_text("accident risk 1/3 = 33%").first).to_be_visible()

    # -- a new seeded game: 3 players, you play Ana against two greedy bots
    new_game(ex, SEED)
    show_move_buttons(ex)  # this test plays by the move buttons (the touch tests play on the table)

    table = ex.locator(".ex-table")
    expect(table.locator(".qz .label")).to_have_text("reconstruction")
    expect(table.locator(".decision")).to_contain_text("Ana decides: explore or protect")
    expect(table.locator('.pile[data-pile="mine"]')).to_contain_text("72")
    expect(table.locator(".line")).to_have_attribute("data-cards", "0")
    expect(risk_points(ex)).to_have_count(0)

    # -- explore: the first card is revealed, nobody attacks, Ana decides with the meter on her button
    before = stamp(ex)
    click_move(ex, "explore")
    expect(table.locator(".line .card")).to_have_count(1)
    expect(table.locator(f'.line .card[data-card="{FIRST}"]')).to_be_visible()
    expect(table.locator('.pos.taken[data-position="2"]')).to_be_visible()
    expect(table.locator(".decision")).to_have_attribute("data-phase", "decide")
    expect(table.locator(".decision")).to_contain_text("Ana decides")
    played, total = where(ex)
    assert played == total >= 3  # Ana's explore, then each greedy bot's pass (at least)
    first = game_on_screen(ex)
    assert first.line == [FIRST] and first.phase == "decide"
    continue_button = ex.locator("button.ex-move", has_text=re.compile(r"^continue"))
    expect(continue_button).to_contain_text(f"reveal another card — {risk_words(first)}")
    expect(ex.locator("button.ex-move", has_text=re.compile(r"^stop"))).to_contain_text("stop and keep 1 point")
    expect(risk_points(ex)).to_have_count(1)
    assert stamp(ex) != before
    expect(ex.locator(".ex-vega").first).to_contain_text(f"{risk_words(first)} ({meter(first).accident} of")

    # -- one more card: a second decision, a higher risk, one more point on the chart
    before = stamp(ex)
    click_move(ex, "continue")
    expect(table.locator(".line .card")).to_have_count(2)
    expect(table.locator(f'.line .card[data-card="{SECOND}"]')).to_be_visible()
    expect(table.locator('.pos.taken[data-position="4"]')).to_be_visible()
    expect(risk_points(ex)).to_have_count(2)
    assert stamp(ex) != before
    second = game_on_screen(ex)
    assert second.line == [FIRST, SECOND] and meter(second).accident > meter(first).accident
    expect(continue_button).to_contain_text(f"reveal another card — {risk_words(second)}")
    expect(ex.locator(".ex-vega").first).to_contain_text("Stop now +2")

    # -- seen by Bo: Ana's hand and the meter are hers; Bo's hand is shown
    ex.locator(".ex-viewer button", has_text="Bo").click()
    expect(table).to_contain_text("seen by Bo")
    ana, bo = table.locator('tr[data-player="0"] td.hand'), table.locator('tr[data-player="1"] td.hand')
    expect(ana).to_contain_text("5 cards, hidden")
    expect(ana.locator(".helper")).to_have_count(0)
    expect(bo).not_to_contain_text("hidden")
    expect(bo.locator(".helper").first).to_be_visible()
    expect(table.locator(".meter")).to_have_count(0)
    expect(risk_points(ex)).to_have_count(0)
    expect(ex.locator(".ex-vega").first).to_contain_text("it stays hidden")
    # ... seen by Ana: her own hand and meter, Bo's hand hidden
    ex.locator(".ex-viewer button", has_text="Ana").click()
    expect(table).to_contain_text("seen by Ana")
    expect(ana.locator(".helper")).to_have_count(5)
    expect(bo).to_contain_text("hidden")
    expect(table.locator(".meter")).to_contain_text("chance of an accident")
    expect(risk_points(ex)).to_have_count(2)
    ex.locator(".ex-viewer button", has_text="Everyone").click()
    expect(table).to_contain_text("seen by everyone")
    expect(ana.locator(".helper")).to_have_count(5)
    expect(bo).not_to_contain_text("hidden")

    # -- the page drew offline, and no traceback reached it
    assert_page_clean(page)
    page.mouse.move(1, 1)
    ex.screenshot(path=str(artifacts / "quartz_dashboard.png"))


#: A hand-set table, loaded as a record: Ana (to explore) holds two Defense cards and a column of Rubies;
#: Bo holds two Attacks and a small collection.  Ana's first card is a plain Quartz; Bo's two are both
#: unstable at position 1.  Both seats are played by clicking.
DUEL = {"game": "quartz", "players": 2, "seed": 0, "moves": [], "setup": {
    "mine": ["Q1", "A2u1", "E3u1", "S4", "A2"], "helpers": [], "first_player": 0,
    "hands": [["semchance", "cadaver"], ["isso", "para"]],
    "collections": [["R6u1", "R6u2"], ["E3", "Q1"]]}}


def narration(ex: Locator, notation: str) -> Locator:
    """The move list's narration of the move written ``notation``."""
    return ex.locator(f'.ex-moves .ex-mv[data-notation="{notation}"] .ex-mv-text')


def test_quartz_dashboard_answers_attacks_with_a_counter_and_a_cancel_then_stops_and_blows_up(
        page: Page, server, artifacts):
    page.goto(server.url("quartz.ipynb"), timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-vega svg").first).to_be_visible(timeout=TIMEOUT_MS)

    # -- you play both seats, then open the hand-set table from a pasted record
    ex.get_by_text("New game: players, seed, options, seats").click()
    open_record_as_people(ex, DUEL)
    show_move_buttons(ex)
    table = ex.locator(".ex-table")
    ana, bo = table.locator('tr[data-player="0"]'), table.locator('tr[data-player="1"]')
    expect(ana.locator('td.collection .col[data-column="R6"]')).to_contain_text("Ruby 6 ×2")

    # -- Ana explores; Bo, asked first, attacks her Rubies with Isso Não Te Pertence Mais...
    click_move(ex, "explore")
    expect(ex.locator(".ex-tomove")).to_contain_text("Bo to move (you)")
    expect(table.locator(".decision")).to_have_attribute("data-phase", "attack")
    click_move(ex, "isso R6")
    expect(narration(ex, "isso R6")).to_have_text(
        "Bo attacks with Isso Não Te Pertence Mais...: the Ruby 6 column. Ana may defend.")
    expect(table.locator(".decision")).to_have_attribute("data-phase", "defend")
    expect(table.locator(".decision")).to_contain_text("Bo attacks with Isso Não Te Pertence Mais... (the Ruby 6 column).")

    # -- Ana counters with Só Por Cima do Meu Cadáver!: the theft is cancelled and she steals Bo's E3
    click_move(ex, "cadaver E3")
    expect(narration(ex, "cadaver E3")).to_contain_text(
        "Ana answers with Só Por Cima do Meu Cadáver!: the theft is cancelled and Ana steals an Emerald 3 from Bo.")
    expect(ex.locator(".ex-teach .ex-narration")).to_contain_text("the theft is cancelled")
    expect(ana.locator('td.collection .col[data-column="R6"]')).to_contain_text("Ruby 6 ×2")
    expect(ana.locator('td.collection .col[data-column="E3"]')).to_be_visible()
    expect(bo.locator('td.collection .col[data-column="E3"]')).to_have_count(0)
    expect(table.locator('.line .card[data-card="Q1"]')).to_be_visible()  # the window closed: Ana revealed

    # -- after the reveal Bo tries to stop her with Para, Para, Para!; Sem Chance! cancels it
    expect(ex.locator(".ex-tomove")).to_contain_text("Bo to move (you)")
    click_move(ex, "para")
    expect(narration(ex, "para")).to_have_text("Bo attacks with Para, Para, Para! Ana may defend.")
    click_move(ex, "semchance")
    expect(narration(ex, "semchance")).to_have_text("Ana cancels the Para, Para, Para! with Sem Chance!")
    expect(table.locator(".decision")).to_have_attribute("data-phase", "decide")  # her turn goes on
    expect(table.locator(".line .card")).to_have_count(1)
    expect(ana.locator("td.hand")).to_contain_text("none")
    expect(bo.locator("td.hand")).to_contain_text("none")

    # -- Ana stops and collects her Quartz; Bo explores, pushes on, and the second unstable 1 blows up
    click_move(ex, "stop")
    expect(narration(ex, "stop")).to_have_text('"Enough for today!": Ana stops exploring. Ana collects a Quartz 1.')
    expect(ana.locator('td.collection .col[data-column="Q1"]')).to_be_visible()
    click_move(ex, "pass")  # no Mas Que Beleza! to play
    click_move(ex, "explore")
    expect(table.locator('.line .card[data-card="A2u1"]')).to_be_visible()
    expect(table.locator('.pos.taken[data-position="1"]')).to_be_visible()
    click_move(ex, "continue")
    expect(ex.locator(".ex-teach .ex-narration")).to_have_text(
        '"To work!": Bo reveals an Emerald 3 (unstable at 1). A second Unstable Crystal at position 1: '
        "accident! The line (2 Mine cards) is discarded.")
    expect(table.locator(".line")).to_have_attribute("data-cards", "0")
    expect(table.locator('.pile[data-pile="mine-discard"]')).to_contain_text("2")
    expect(ex.locator(".ex-tomove")).to_contain_text("Ana to move (you)")

    rows = ex.locator(".ex-moves .ex-mv[data-notation]")
    expect(rows).to_have_count(9)  # the move list follows the narration: wait for it, then read it
    on_screen = rows.evaluate_all(
        "rows => rows.map(r => r.dataset.notation)")
    state = explorer.replay({**DUEL, "moves": on_screen})
    assert on_screen == ["explore", "isso R6", "cadaver E3", "para", "semchance", "stop", "pass", "explore",
                         "continue"]
    assert state.collections == [["R6u1", "R6u2", "E3", "Q1"], ["Q1"]] and state.mine_discard == ["A2u1", "E3u1"]

    assert_page_clean(page)
    page.mouse.move(1, 1)
    ex.screenshot(path=str(artifacts / "quartz_dashboard_defense.png"))
