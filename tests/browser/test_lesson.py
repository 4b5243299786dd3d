"""Lessons and puzzles in a real browser: one lesson of every game from its first step to its last, and puzzles
served one after another.

Each lesson is opened by its link and walked as a learner would: every
question answered by a move typed and tried; the first one wrongly (a legal
move: why the answer is better, nothing played), then illegally (the rule's
own sentence, nothing played), then rightly (played, with its rule).  The
shortest lesson of each game is taken, on one server of this module's own:
no dashboard is preheated, so each opens in a kernel started for its
request and any may open more than once.  Nothing waits on time; every step
waits for what the page shows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.lessons.lesson import Lesson, shipped
from explorer.lessons.puzzles import puzzles

from .actions import assert_page_clean, show_move_buttons
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser

GAMES = ["pet-quartet", "pets", "quartz", "keistad-kwartet", "quartex"]


@pytest.fixture()
def server(cold_server):
    """One server for every lesson of this module, without preheated kernels (see the module's notes)."""
    return cold_server


def shortest(game: str) -> Lesson:
    return min(shipped(game), key=lambda lesson: (lesson.steps, lesson.name))


def position(record: dict, moves: int) -> explorer.State:
    """The game of ``record`` after its first ``moves`` moves, notes left out."""
    return explorer.replay({**{k: v for k, v in record.items() if k != "notes"}, "moves": record["moves"][:moves]})


def wrong_and_illegal(record: dict, at: int, answers: tuple[str, ...]) -> tuple[str, str, str]:
    """A legal move that does not answer the question at move ``at``, a move of the game that cannot be played
    there (one the record plays elsewhere), and the rule's sentence refusing it."""
    state = position(record, at)
    wrong = next(str(m) for m in state.legal_moves() if str(m) not in answers)
    for entry in explorer.replay(record).log:
        why = state.why_illegal(entry.notation)
        if why is not None:
            return wrong, entry.notation, why.reason
    raise AssertionError("the lesson's record plays no move that is illegal at its first question")


def typed(ex: Locator, move: str) -> None:
    """Type a move and try it, as a learner would."""
    ex.locator(".ex-notation input").fill(move)
    ex.locator("button.ex-try").click()


def answer(ex: Locator, verdict: Locator, move: str, expected: str, words: str = "") -> None:
    typed(ex, move)
    expect(verdict.locator(expected)).to_be_visible()
    if words:
        expect(verdict.locator(expected)).to_contain_text(words)


def open_lesson(page: Page, url: str):
    """Open a lesson's or a puzzle's link and wait for its card (the charts may be hidden: a question may wait)."""
    page.goto(url, timeout=TIMEOUT_MS)
    ex = page.locator(".ex-explorer").first
    expect(ex.locator(".ex-lesson")).to_be_visible(timeout=TIMEOUT_MS)
    return ex


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_taken_from_start_to_end_with_a_wrong_and_an_illegal_answer(page: Page, server, artifacts,
                                                                                game):
    lesson = shortest(game)
    notebook = explorer.game(game).notebook
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_lesson(page, server.url(notebook) + f"?lesson={lesson.name}")
    card = ex.locator(".ex-lesson")
    verdict = card.locator(".ex-lesson-verdict")
    progress = card.locator(".ex-lesson-progress")
    show_move_buttons(ex)  # the box to type a move in
    erred = False
    for step, note in enumerate(lesson.notes):
        expect(progress).to_contain_text(f"Step {step + 1} of {lesson.steps}")
        expect(card.locator("a.ex-lesson-link")).to_have_attribute("href", f"?lesson={lesson.name}&step={step + 1}")
        if note.comment:
            expect(card.locator(".ex-lesson-comment").first).to_have_text(note.comment)
        if note.asks:
            expect(card.locator(".ex-lesson-question")).to_have_text(note.question)
            if not erred:
                erred = True
                wrong, illegal, reason = wrong_and_illegal(lesson.record, note.at, note.answers)
                answer(ex, verdict, wrong, ".ex-lesson-wrong", "is allowed, but it is not the move this question")
                answer(ex, verdict, illegal, ".ex-illegal", reason)
                card.screenshot(path=str(artifacts / f"lesson-{game}-illegal.png"))
            answer(ex, verdict, note.answers[0], ".ex-lesson-right", "Right.")
            expect(verdict.locator(".ex-rule")).to_be_visible()
        if step < lesson.steps - 1:
            card.locator("button.ex-lesson-next").click()
    expect(card).to_contain_text("That is the end of the lesson:")
    expect(card).to_contain_text(f"{lesson.questions - 1} of {lesson.questions} question")  # the first was missed
    assert erred, f"{lesson.title} asks no question"
    card.screenshot(path=str(artifacts / f"lesson-{game}-end.png"))
    assert_page_clean(page)


def test_puzzles_are_served_one_after_another(page: Page, server, artifacts):
    served = puzzles("pet-quartet")
    first, second = served.puzzles[:2]
    page.set_viewport_size({"width": 1366, "height": 900})
    ex = open_lesson(page, server.url("pet_quartet.ipynb") + "?puzzles=pet-quartet&puzzle=1")
    card = ex.locator(".ex-lesson.ex-puzzles")
    verdict = card.locator(".ex-lesson-verdict")
    expect(card.locator(".ex-lesson-progress")).to_contain_text(f"Puzzle 1 of {served.steps}")
    expect(card.locator(".ex-lesson-question")).to_have_text(first.question)
    show_move_buttons(ex)
    expect(ex.locator(".ex-panel")).to_be_hidden()  # the charts could tell the answer: hidden until it is given
    answer(ex, verdict, first.answers[0], ".ex-lesson-right", first.why)
    expect(ex.locator(".ex-panel")).to_be_visible()
    card.screenshot(path=str(artifacts / "puzzle-solved.png"))
    card.locator("button.ex-lesson-next").click()
    expect(card.locator(".ex-lesson-progress")).to_contain_text(f"Puzzle 2 of {served.steps}")
    expect(card.locator(".ex-lesson-question")).to_have_text(second.question)
    expect(card.locator("a.ex-lesson-link")).to_have_attribute("href", "?puzzles=pet-quartet&puzzle=2")
    expect(verdict).to_have_text("")
    assert_page_clean(page)
