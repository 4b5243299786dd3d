"""A lesson in a real browser: opened by its link, a question answered wrongly, illegally, with a hint, then rightly."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .actions import assert_page_clean, open_dashboard, show_move_buttons
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

LESSON = "pet-quartet-full-conductors"
SIZES = ((390, 844), (1366, 900), (1920, 1080))


def test_a_lesson_opens_by_its_link_and_judges_the_answers(page: Page, server, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_dashboard(page, server.url("pet_quartet.ipynb") + f"?lesson={LESSON}&step=5", TIMEOUT_MS)
    card = ex.locator(".ex-lesson")
    verdict = card.locator(".ex-lesson-verdict")
    expect(card.locator(".ex-lesson-progress")).to_contain_text("Step 5 of 7")
    expect(card.locator(".ex-lesson-question")).to_have_text("Ana cannot draw. Which Conductor should she take?")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        card.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"lesson-{width}x{height}.png"))

    # a legal but wrong answer, by its button: why the other is better, and nothing is played
    show_move_buttons(ex)  # the game is played on its table: its buttons are folded away
    ex.locator("button.ex-move[data-notation='T2']").click()
    expect(verdict.locator(".ex-lesson-wrong")).to_contain_text("After your move Ana would have 0 points; "
                                                                "after the better one, 1.")
    expect(verdict).to_contain_text("Conductor 1 gives her four 5s: a Quartet.")
    expect(ex.locator(".ex-where")).to_contain_text("Move 24 of 24")
    card.screenshot(path=str(artifacts / "lesson-wrong-answer.png"))
    # an illegal one, typed: the rule's own sentence
    ex.locator(".ex-notation input").fill("D")
    ex.locator("button.ex-try").click()
    expect(verdict.locator(".ex-illegal")).to_contain_text("Every Conductor still on the table is full")
    expect(verdict.locator(".ex-rule")).to_contain_text("pet-quartet/full-conductors")
    # a hint on request
    card.locator("button.ex-lesson-hint").click()
    expect(verdict).to_have_text("Hint: Only exactly one or exactly four cards of a number score.")
    # the right answer: played, and confirmed with the rule it follows
    ex.locator("button.ex-move[data-notation='T1']").click()
    expect(verdict.locator(".ex-lesson-right")).to_contain_text("Right.")
    expect(verdict.locator(".ex-rule")).to_contain_text("pet-quartet/take")
    expect(ex.locator(".ex-where")).to_contain_text("Move 25 of 25")
    card.screenshot(path=str(artifacts / "lesson-right-answer.png"))
    # on to the next step, whose link comes back to it
    card.locator("button.ex-lesson-next").click()
    expect(card.locator(".ex-lesson-progress")).to_contain_text("Step 6 of 7")
    expect(card.locator("a.ex-lesson-link")).to_have_attribute("href", f"?lesson={LESSON}&step=6")
    assert_page_clean(page)
