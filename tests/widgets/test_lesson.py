"""The lesson player: every shipped lesson played through in an explorer, and each kind of answer judged."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

import explorer
from explorer.lessons.lesson import from_record, shipped
from explorer.widgets import Explorer
from explorer.lessons.puzzles import puzzles
from explorer.widgets.lesson import ASKING, LessonPlayer, play_lesson, play_puzzles
from explorer.widgets.share import LinkedPage

from .test_share import ask_link

LESSONS = shipped()


def words(html: str) -> str:
    """The text of some markup, as a person reads it."""
    text = re.sub(r"<style.*?</style>", "", html, flags=re.DOTALL)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_lesson_plays_to_its_end_with_its_answers(lesson):
    ex = Explorer(lesson.game)
    player = LessonPlayer(ex, lesson)
    for step, note in enumerate(player.notes):
        assert player.progress == f"Step {step + 1} of {lesson.steps}"
        assert ex.timeline.position == note.at
        # the list of moves shows nothing after the note: it would tell the answer
        assert len(ex.timeline) == note.at
        if note.asks:
            assert player.waiting
            ex.legal.click(str(ex.state.parse(note.answers[0])))  # a button, as a click sends it
            assert "Right." in words(player.verdict.value) and not player.waiting
        if step < lesson.steps - 1:
            player.next.click()
    assert player.first_try == player.solved and len(player.solved) == lesson.questions
    assert f"{lesson.questions} of {lesson.questions} question" in words(player.text.value)


def test_a_wrong_answer_says_why_an_illegal_one_gives_the_rule_and_neither_is_played():
    ex = Explorer("pet-quartet")
    player = play_lesson(ex, "pet-quartet-full-conductors", step=4)
    before = ex.timeline.position
    ex.legal.click("T2")
    said = words(player.verdict.value)
    assert "Take Conductor 2 (6, 6, 7, 7) is allowed, but it is not the move this question looks for." in said
    assert "After your move Ana would have 0 points; after the better one, 1." in said
    ex.notation.value = "D"  # typed
    assert "Every Conductor still on the table is full" in words(player.verdict.value)
    assert "pet-quartet/full-conductors" in player.verdict.value
    ex.notation.value = "T9"
    assert "is not a move" in words(player.verdict.value)
    player.hint.click()
    assert words(player.verdict.value) == "Hint: Only exactly one or exactly four cards of a number score."
    assert ex.timeline.position == before and player.waiting
    ex.play("T1")  # as a touch on the table plays it
    assert "Right." in words(player.verdict.value) and ex.timeline.position == before + 1
    assert player.first_try == set() and player.solved == {4}


def test_a_step_has_a_link_that_opens_the_lesson_there_and_the_lesson_can_be_left():
    page = LinkedPage("pet-quartet")
    page.follow("?lesson=pet-quartet-final-turn&step=3")
    player = page.explorer.lesson
    assert player is not None and player.progress == "Step 3 of 6"
    assert ask_link(page.explorer) == "?lesson=pet-quartet-final-turn&step=3"
    player.leave.click()
    assert page.explorer.lesson is None and "ex-lesson" not in repr(page.explorer.children)
    assert ask_link(page.explorer).startswith("?game=pet-quartet")
    page.explorer.play("T3")  # the explorer plays freely again


@pytest.mark.parametrize("query,problem", [
    ("?lesson=no-such-lesson", "there is no lesson called 'no-such-lesson'"),
    ("?lesson=pets-example-a", "is for another game"),
])
def test_a_bad_lesson_link_is_one_sentence_and_the_page_keeps_its_game(query, problem):
    page = LinkedPage("pet-quartet")
    page.follow(query)
    assert page.explorer.lesson is None
    assert problem in words(page.explorer.feedback.value)


def test_the_page_for_every_game_opens_another_games_lesson():
    page = LinkedPage("pet-quartet", any_game=True)
    page.follow("?lesson=pets-example-a&step=2")
    assert page.explorer.game.name == "pets" and page.explorer.lesson.progress == "Step 2 of 4"


def test_any_annotated_record_plays_as_a_lesson():
    record = {"game": "pet-quartet", "players": 2, "seed": 1, "moves": ["D", "P1"],
              "notes": [{"at": 0, "comment": "Draw first."},
                        {"at": 2, "question": "Draw or take?", "answers": ["T1"], "why": "One card waits."}]}
    ex = Explorer("pet-quartet")
    player = play_lesson(ex, from_record(record, "My lesson"))
    assert player.link == "" and "its link" not in player.text.value
    player.next.click()
    assert ex.play("D") is None and "not the move this question looks for" in words(player.verdict.value)
    assert explorer.replay(ex.timeline.final.to_record()).ply == 2


def test_a_teacher_writes_a_lesson_in_the_explorer_downloads_it_and_plays_it():
    from explorer.widgets.authoring import LessonWriter

    ex = Explorer("pet-quartet", players=2, seed=1, seats=["you", "you"])
    for move in ("D", "P1", "D", "P2"):
        ex.play(move)
    writer = LessonWriter(ex)
    ex.goto(0)
    writer.comment.value = "Every round starts with a draw."
    writer.note_here()
    ex.goto(2)
    writer.question.value = "Where should Bo place his card?"
    writer.why.value = "A card of its own under Conductor 2."
    writer.ask_here()
    record = writer.record()
    assert record["notes"] == [{"at": 0, "comment": "Every round starts with a draw."},
                               {"at": 2, "question": "Where should Bo place his card?", "answers": ["D"],
                                "why": "A card of its own under Conductor 2."}]
    assert "Download the lesson (2 notes)" in writer.download.value
    writer.play()
    player = ex.lesson
    assert player.progress == "Step 1 of 2" and player.link == ""
    player.next.click()
    ex.play("D")
    assert "Right." in words(player.verdict.value)
    # the downloaded record, pasted back, is a lesson again
    player.leave.click()
    writer.paste.value = json.dumps(record)
    writer.open_pasted()
    assert ex.lesson is not None and ex.lesson.progress == "Step 1 of 2"


@pytest.mark.parametrize("pasted,problem", [
    ("[1, 2]", "a lesson is a record"),
    ('{"game": "pet-quartet", "players": 2, "seed": 1, "moves": ["D"]}', "with notes"),
    ('{"game": "pets", "players": 2, "seed": 1, "moves": [], "notes": [{"at": 0, "comment": "Hi."}]}',
     "of another game"),
])
def test_a_bad_pasted_lesson_is_one_sentence(pasted, problem):
    from explorer.widgets.authoring import LessonWriter

    ex = Explorer("pet-quartet")
    writer = LessonWriter(ex)
    writer.paste.value = pasted
    writer.open_pasted()
    assert ex.lesson is None and problem in words(writer.feedback.value)
    assert "This record cannot be played as a lesson" in words(writer.feedback.value)


def test_the_writing_panel_is_built_when_first_opened():
    ex = Explorer("pet-quartet")
    box = next(c for c in ex.children if "ex-write-box" in c._dom_classes)
    assert not box.children[0]._dom_classes
    box.selected_index = 0
    assert "ex-write" in box.children[0]._dom_classes


def test_a_second_lesson_replaces_the_first_and_leaving_gives_the_seats_back():
    ex = Explorer("pet-quartet", seats=["you", "greedy", "random"])
    play_lesson(ex, "pet-quartet-final-turn")
    play_lesson(ex, "pet-quartet-tiebreaks", step=1)
    main = next(c for c in ex.children if "ex-main" in c._dom_classes)
    cards = [c for c in main.children[0].children if "ex-lesson" in c._dom_classes]
    assert len(cards) == 1 and ex.lesson.lesson.name == "pet-quartet-tiebreaks"
    ex.lesson.close()
    assert ex.seat_names[:3] == ["you", "greedy", "random"]


PUZZLE_GAMES = ["pet-quartet", "pets", "quartz", "keistad-kwartet", "quartex"]


def illegal_here(state, record):
    """A move of the game that cannot be played in ``state``: one the game's own record plays elsewhere."""
    replayed = explorer.replay(record)
    for earlier in replayed.log:
        if state.why_illegal(earlier.notation) is not None:
            return earlier.notation
    return None


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_puzzles_are_served_one_after_another_each_judged_and_explained(game):
    ex = Explorer(game)
    served = puzzles(game)
    player = play_puzzles(ex, game)
    assert player.progress == f"Puzzle 1 of {served.steps}" and served.steps >= 10
    note = player.note
    assert note.comment in words(player.text.value) and note.question in words(player.text.value)
    state, before = ex.state, ex.timeline.position
    wrong = next(m for m in state.legal_moves() if str(m) not in note.answers)
    ex.play(str(wrong))
    said = words(player.verdict.value)
    assert "is allowed, but it is not the move this question looks for." in said and note.why in said
    illegal = illegal_here(state, served.record(0))
    if illegal is not None:
        ex.play(illegal)
        assert state.why_illegal(illegal).reason in words(player.verdict.value)
    assert ex.timeline.position == before and player.waiting
    ex.play(note.answers[0])
    said = words(player.verdict.value)
    assert said.startswith("Right.") and note.why in said and ex.timeline.position == before + 1
    player.next.click()
    assert player.progress == f"Puzzle 2 of {served.steps}" and player.waiting
    assert ex.timeline.position == player.note.at and player.link == f"?puzzles={game}&puzzle=2"


def test_a_puzzle_link_restores_the_puzzle_and_a_bad_one_is_one_sentence():
    page = LinkedPage("quartz")
    page.follow("?puzzles=quartz&puzzle=4")
    player = page.explorer.lesson
    assert player.progress == "Puzzle 4 of 10" and ask_link(page.explorer) == "?puzzles=quartz&puzzle=4"
    assert explorer.replay(page.explorer.timeline.final.to_record()).ply == player.note.at
    player.show(len(player.notes) - 1)
    page.explorer.play(player.note.answers[0])
    assert "That was the last puzzle: 1 of 10 questions answered at the first try." in words(player.text.value)
    for query, problem in [("?puzzles=chess", "there is no game called 'chess'"),
                           ("?puzzles=pets", "are for another game")]:
        page = LinkedPage("quartz")
        page.follow(query)
        assert page.explorer.lesson is None and problem in words(page.explorer.feedback.value)
    page = LinkedPage("quartz", any_game=True)
    page.follow("?puzzles=pets&puzzle=2")
    assert page.explorer.game.name == "pets" and page.explorer.lesson.progress == "Puzzle 2 of 10"


HIGHLIGHTED = [(lesson, step) for lesson in LESSONS for step, note in enumerate(lesson.notes) if note.highlight]


def test_every_game_has_a_lesson_that_highlights_its_table():
    assert {lesson.game for lesson, _ in HIGHLIGHTED} == {lesson.game for lesson in LESSONS}


@pytest.mark.parametrize("lesson,step", HIGHLIGHTED, ids=lambda x: x.name if hasattr(x, "name") else str(x))
def test_what_a_note_highlights_is_outlined_on_the_table_and_only_while_it_is_shown(lesson, step):
    ex = Explorer(lesson.game)
    player = LessonPlayer(ex, lesson, step)
    assert ex.table.value.count("data-look") == len(player.note.highlight), player.note.highlight
    assert "outlined with dashes on the table" in words(player.text.value)
    player.leave.click()
    assert "data-look" not in ex.table.value


def test_what_could_tell_the_answer_is_hidden_while_a_question_waits():
    """A Quartz stop-or-go puzzle: the meter's advice and the charts would give the answer, until it is given."""
    ex = Explorer("quartz")
    player = play_puzzles(ex, "quartz")
    note = player.note
    assert player.waiting and ASKING in ex._dom_classes
    assert "ex-gives-away" in ex.table.value  # the table's meter, with its advice, is the part hidden
    ex.legal.click(str(ex.state.parse(note.answers[0])))
    assert not player.waiting and ASKING not in ex._dom_classes
    player.leave.click()
    assert ASKING not in ex._dom_classes
