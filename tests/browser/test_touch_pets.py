"""PETS played from the deal to the last scoring by clicking the table only.

No move button and no typed notation: a group at a row's end is clicked to take it; a kind in the hand,
then how many, to play it in front; a kind in the hand, then a row's end, to add one.  Two greedy bots
answer at once; after every move of Ana's the page shows the narration and the totals the engine has.
A group inside a row answers with the rule, and the group pointed at says what its take would do.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explorer.games.pets import Add, Take
from explorer.games.pets.render import count_text, take_of
from explorer.widgets.games.pets import target_of

from .actions import against_greedy_bots, at_last_move, new_game, open_dashboard, play_a_whole_game, touch
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

#: With this seed Ana takes, plays and adds.
SEED = 2


def clicks(state, move) -> list[str]:
    """The targets that make ``move``: a take's group; a play's or an add's kind in the hand, then where."""
    if isinstance(move, Take):
        return [target_of(state, move)]
    return [f"hand:{move.kind}", target_of(state, move)]


def test_pets_is_played_on_the_table_to_its_end_and_explains_a_forbidden_click(page: Page, server):
    ex = open_dashboard(page, server.url("pets.ipynb"), TIMEOUT_MS)
    a_group_inside_a_row_is_refused_and_one_at_an_end_previewed(ex)  # one page for both (a second waits for a kernel)
    table = ex.locator(".ex-table")
    kinds = set()

    def made(now, move):
        kinds.add(type(move).__name__)
        return clicks(now, move)

    def totals(now) -> None:
        for p, total in enumerate(now.view(None)["totals"]):
            expect(table.locator(f'.players tr[data-player="{p}"] td.total')).to_have_text(str(total))

    play_a_whole_game(page, ex, "pets", SEED, made, totals)
    assert kinds == {"Take", "Play", "Add"}


def a_group_inside_a_row_is_refused_and_one_at_an_end_previewed(ex) -> None:
    """A click on a forbidden target first: the rule, in place, and nothing played; then a move made."""
    new_game(ex, SEED)
    state, _ = against_greedy_bots("pets", SEED)
    at_last_move(ex, state.ply)
    groups = state.view(0)["groups"][0]
    assert len(groups) >= 3
    touch(ex, "group:1:1")
    refusal = ex.locator(".ex-touch-line .ex-illegal")
    expect(refusal).to_contain_text("Taking this group is not allowed here: Only a group at one end of a row")
    expect(refusal.locator(".ex-rule")).to_have_attribute("data-rule", "pets/take")
    at_last_move(ex, state.ply)  # nothing played

    # pointing at the group at row 1's left end: by the pointer, what goes to the hand and to the Scoring Zone
    group = ex.locator('.ex-table [data-touch="take:1L"]')
    group.hover()
    (taken, moved) = take_of(groups, "L")
    shown = group.evaluate("el => getComputedStyle(el, '::after').content")
    assert f"{count_text(taken[1], taken[0])} to the hand" in shown and \
        f"{count_text(moved[1], moved[0])} to the Scoring Zone" in shown
    # a kind of the hand, then a row's end: one card added there
    kind = state.view(0)["hands"][0][0]
    touch(ex, f"hand:{kind}")
    expect(ex.locator(".ex-touch-line")).to_contain_text("chosen: click how many to play")
    touch(ex, "end:2R")
    entry = state.play(Add(1, "R", kind))
    expect(ex.locator(f'.ex-moves .ex-mv[data-k="{entry.index + 1}"] .ex-mv-text')).to_have_text(entry.text)
