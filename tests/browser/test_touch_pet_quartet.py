"""Pet Quartet played from first draw to last take by clicking the table only, in the Maestro variant.

No move button and no typed notation: the deck draws, a Conductor places the card or is taken, and the
Maestro's choices (a card returned from beneath the Conductor taken or from the collection, a card passed
left) are made on the cards.  Two greedy bots answer at once; after every move of Ana's the page shows the
narration and the scores the engine has.  A Conductor that may not be touched answers with its rule.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explorer.widgets.games.pet_quartet import target_of

from .actions import against_greedy_bots, at_last_move, new_game, open_dashboard, play_a_whole_game, touch
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

#: With this seed Ana meets a Maestro's every choice but the immediate take (the widget tests have that one).
SEED = 15
MAESTRO = {"variant": "maestro"}


def test_pet_quartet_is_played_on_the_table_to_its_end_and_explains_a_forbidden_click(page: Page, server):
    ex = open_dashboard(page, server.url("pet_quartet.ipynb"), TIMEOUT_MS)
    a_conductor_that_may_not_be_taken_shows_the_rule(ex)  # one page for both (a second one would wait for a kernel)
    table = ex.locator(".ex-table")
    phases = set()

    def clicks(now, move):
        view = now.view(0)
        phases.add(str(view["phase"]))
        return [target_of(view, move)]

    def scores(now) -> None:
        for p, total in enumerate(now.view(None)["scores"]):
            expect(table.locator(f'tr[data-player="{p}"] .pq-score')).to_have_text(str(total))

    play_a_whole_game(page, ex, "pet-quartet", SEED, clicks, scores, MAESTRO, {"variant": "Maestro"})
    assert {"place", "return-from-conductor", "return-collected", "pass-left", "final"} <= phases


def a_conductor_that_may_not_be_taken_shows_the_rule(ex) -> None:
    """A click on a forbidden target first: the rule, in place, and nothing played; then a move made."""
    new_game(ex, SEED, options={"variant": "Maestro"})
    state, _ = against_greedy_bots("pet-quartet", SEED, MAESTRO)
    at_last_move(ex, state.ply)
    empty = next(c["number"] for c in state.view(0)["conductors"] if not c["cards"])
    why = state.why_illegal(f"T{empty}")
    assert why is not None
    touch(ex, f"conductor:{empty}")
    refusal = ex.locator(".ex-touch-line .ex-illegal")
    expect(refusal).to_contain_text(f"Conductor {empty} is not allowed here: {why.reason}")
    expect(refusal.locator(".ex-rule")).to_have_attribute("data-rule", why.rule)
    # a note pinned under the Conductor touched, over the table, read out by a screen reader as it appears
    note = ex.locator(".ex-refusal")
    expect(note).to_have_class(re.compile("ex-pinned"))
    expect(note).to_have_attribute("role", "alert")
    target = ex.locator(f'.ex-table [data-touch="conductor:{empty}"]').bounding_box()
    pinned = note.bounding_box()
    assert 0 <= pinned["y"] - (target["y"] + target["height"]) <= 20, (pinned, target)
    assert pinned["x"] < target["x"] + target["width"] and pinned["x"] + pinned["width"] > target["x"]
    at_last_move(ex, state.ply)  # nothing played
    # read, it gets out of the way of the targets beneath it at the next pointer-down, wherever it falls
    ex.locator(".ex-table-title").click()
    expect(note).to_have_class(re.compile("ex-faded"))
    expect(note).to_be_hidden()
    # the deck, then a Conductor: the card drawn is placed there
    touch(ex, "deck")
    expect(ex.locator(".ex-touch-line")).to_contain_text("click a Conductor with room to place the")
    touch(ex, f"conductor:{empty}")
    state.play("D")
    entry = state.play(f"P{empty}")
    expect(ex.locator(f'.ex-moves .ex-mv[data-k="{entry.index + 1}"] .ex-mv-text')).to_have_text(entry.text)
