"""Quartex played from first tile to last by clicking the table only: a tile, a space, a way.

No move button and no typed notation: Ana's tiles, the lit spaces and the ways drawn are clicked, the
two greedy bots answer at once, and after every move of Ana's the page shows the narration and the
scores the engine has.  A space where the picked tile does not fit answers with the rule.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explorer.games.quartex import Place
from explorer.widgets.games.quartex import spaces_for

from .actions import against_greedy_bots, at_last_move, new_game, open_dashboard, play_a_whole_game, touch
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

SEED = 3


def clicks(state, move) -> list[str]:
    """The targets that make ``move`` on the table: the tile, its space, and the way if it has several."""
    if not isinstance(move, Place):
        return [f"move:{move}"]
    there = spaces_for(state, move.tile)[move.cell]
    space = f"space:{move.cell[0]},{move.cell[1]}"
    return [f"tile:{move.tile}", space] + ([f"move:{move}"] if len(there) > 1 else [])


def test_quartex_is_played_on_the_table_to_its_end_and_explains_a_forbidden_click(page: Page, server):
    ex = open_dashboard(page, server.url("quartex.ipynb"), TIMEOUT_MS)
    a_space_where_the_tile_does_not_fit_shows_the_rule(ex)  # one page for both (a second one would wait for a kernel)
    expect(ex.locator(".ex-touch-relay")).to_have_attribute("data-ready", "1")
    table = ex.locator(".ex-table")

    def scores(now) -> None:
        for p, score in enumerate(now.scores()):
            expect(table.locator(f'.qx-player[data-seat="{p}"] td').nth(2)).to_have_text(str(score.total))

    play_a_whole_game(page, ex, "quartex", SEED, clicks, scores)


def a_space_where_the_tile_does_not_fit_shows_the_rule(ex) -> None:
    """A click on a forbidden target first: the rule, in place, and nothing played; then a move made."""
    new_game(ex, SEED)
    state, bots = against_greedy_bots("quartex", SEED)
    first = max(state.hands[0], key=lambda t: len(state.placements_for(t)))
    for target in clicks(state, state.placements_for(first)[0]):
        touch(ex, target)
    state.play(state.placements_for(first)[0])
    while state.to_move in bots:
        state.play(bots[state.to_move].choose(state))
    at_last_move(ex, state.ply)
    tile = next(m.tile for m in state.legal_moves() if isinstance(m, Place))
    touch(ex, f"tile:{tile}")
    unlit = ex.locator(".ex-table .qx-unlit").first
    target = unlit.get_attribute("data-touch") or ""
    x, y = (int(v) for v in target.removeprefix("space:").split(","))
    why = state.why_illegal(Place(tile, 0, (x, y)))
    assert why is not None
    unlit.click()
    refusal = ex.locator(".ex-touch-line .ex-illegal")
    expect(refusal).to_contain_text(f"Tile {tile} on {x},{y} is not allowed here: {why.reason}")
    expect(refusal.locator(".ex-rule")).to_have_attribute("data-rule", why.rule)
    at_last_move(ex, state.ply)  # nothing played
