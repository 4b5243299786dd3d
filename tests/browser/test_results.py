"""The end of a game in a real browser: the ranking, the breakdowns, the tiebreak in words, a rematch."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

import explorer
from explorer.core.links import to_query

from .actions import open_dashboard
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser


def finished(game: str, seed: int, players: int = 3) -> explorer.State:
    state = explorer.new(game, players=players, seed=seed)
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    return state


def test_a_finished_game_shows_its_results_and_offers_a_rematch_and_a_replay(page: Page, server, artifacts):
    state = finished("pet-quartet", 0)  # a tie on points, broken by the highest Soloist
    result = state.result()
    ex = open_dashboard(page, server.url("pet_quartet.ipynb") + "?" + to_query(state), TIMEOUT_MS)
    panel = ex.locator(".ex-results-card")
    expect(panel).to_be_visible()
    winner = state.names[result.winners[0]]
    expect(panel.locator(".ex-results-head")).to_have_text(f"Game over: {winner} wins.")
    rows = panel.locator(".ex-ranking tr[data-player]")
    expect(rows).to_have_count(state.players)
    expect(rows.first.locator("th")).to_have_text(winner)
    expect(rows.first.locator(".ex-place")).to_have_text("1st")
    for score in result.scores:  # every player's total, and its breakdown part by part
        row = panel.locator(f'.ex-ranking tr[data-player="{score.player}"]')
        expect(row.locator(".ex-total")).to_have_text(str(score.total))
        expect(row.locator(".ex-part")).to_have_count(max(1, len(score.parts)))
    expect(panel.locator(".ex-tiebreak-words")).to_contain_text("Tie on 4 points broken by the highest Soloist")
    expect(panel.locator(".ex-rule")).to_contain_text("highest-numbered Soloist")
    # the status line says who won without a rule id
    status = ex.locator(".ex-status-line").inner_text()
    assert f"{winner} wins" in status and "[" not in status and "pet-quartet/" not in status
    ex.screenshot(path=str(artifacts / "results-pet-quartet.png"))

    # a step back hides the results; the last move shows them again
    ex.locator("button.ex-back").click()
    expect(panel).to_be_hidden()
    ex.locator("button.ex-end").click()
    expect(panel).to_be_visible()

    # a rematch: the same players and options, the next seed
    ex.get_by_role("button", name="Rematch").click()
    expect(ex.locator(".ex-feedback")).to_contain_text(f"A rematch: 3 players, the same options, seed {state.seed + 1}.")
    expect(panel).to_be_hidden()


def test_replay_this_game_plays_it_again_from_the_start(page: Page, server):
    state = finished("pet-quartet", 2, players=2)
    ex = open_dashboard(page, server.url("pet_quartet.ipynb") + "?" + to_query(state), TIMEOUT_MS)
    ex.locator(".ex-speed select").select_option(label="fastest")
    panel = ex.locator(".ex-results-card")
    expect(panel).to_be_visible()
    ex.get_by_role("button", name="Replay this game").click()
    # it starts again from the first move: the results fold away while it plays, the game's length unchanged
    expect(ex.locator(".ex-where")).to_have_text(re.compile(r"Move [1-9]\d* of " + str(state.ply)))
    expect(ex.locator(".ex-autoplay button, button.ex-autoplay").first).to_have_text("Pause")
    expect(panel).to_be_hidden()
    # and plays through to the same end, where the results come back and autoplay stops by itself
    expect(ex.locator(".ex-where")).to_have_text(f"Move {state.ply} of {state.ply}", timeout=4 * TIMEOUT_MS)
    expect(panel).to_be_visible()
    expect(ex.locator(".ex-autoplay button, button.ex-autoplay").first).to_have_text("Autoplay")
    expect(ex.locator(".ex-feedback")).to_contain_text("Autoplay stopped: the game is over.")
    played = ex.locator(".ex-moves .ex-mv[data-notation]").evaluate_all("rows => rows.map(r => r.dataset.notation)")
    assert played == [str(m) for m in state.history]  # the very same game, move for move


def test_the_kwartet_winner_is_not_out_of_the_game(page: Page, server, artifacts):
    state = finished("keistad-kwartet", 5)
    ex = open_dashboard(page, server.url("keistad_kwartet.ipynb") + "?" + to_query(state), TIMEOUT_MS)
    expect(ex.locator(".ex-results-card")).to_be_visible()
    table = ex.locator(".ex-table")
    for p in state.result().winners:
        expect(table.locator(f'table.players tr[data-player="{p}"] > th')).not_to_contain_text("out of the game")
    expect(ex.locator(".ex-results-card .ex-tiebreak-words")).to_contain_text("the victory is shared")
    ex.locator(".ex-results-card").screenshot(path=str(artifacts / "results-kwartet.png"))
