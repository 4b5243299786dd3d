"""Notes on records, and the shipped puzzles: each one's answer is the best by its game's own criterion."""

from __future__ import annotations

import json

import pytest

import explorer
from explorer.cli import main
from explorer.lessons import find_puzzles, solve
from explorer.lessons import lesson as lessons
from explorer.lessons.puzzles import shipped

CRITERIA = [g for g in explorer.games() if g.puzzle is not None]


@pytest.mark.parametrize("game", [g for g in CRITERIA if g.docs_page], ids=lambda g: g.name)
def test_every_shipped_puzzle_is_solved_by_its_criterion(game):
    puzzles = shipped(game)
    assert puzzles, f"{game.title} has a puzzle criterion but ships no puzzles: run python -m explorer.lessons"
    for puzzle in puzzles:
        state = explorer.replay(puzzle.record)  # the note's answers are legal where it stands
        assert not state.is_over() and puzzle.record["notes"][-1]["at"] == state.ply
        assert solve(puzzle.record) == puzzle.answers, f"a shipped puzzle of {game.title} is no longer right"
        for answer in puzzle.answers:
            assert state.why_illegal(answer) is None


def gains(state):
    """What each legal move gains the player to move at once, by playing it."""
    mover, before = state.to_move, state.scores()[state.to_move].total
    found = {}
    for move in state.legal_moves():
        twin = state.copy()
        twin.play(move)
        found[str(move)] = twin.scores()[mover].total - before
    return found


@pytest.mark.parametrize("game", ["pet-quartet", "pets", "quartex"])
def test_a_most_points_puzzle_answer_scores_more_at_once_than_any_other_move(game):
    for puzzle in shipped(explorer.game(game)):
        state = explorer.replay(puzzle.record)
        gained = gains(state)
        (answer,) = puzzle.answers
        assert gained[answer] > 0 and all(g < gained[answer] for m, g in gained.items() if m != answer)
        assert f"scores {gained[answer]} point" in puzzle.why  # the numbers the learner reads are the engine's


def test_a_sure_hit_puzzle_answer_hits_every_time():
    from explorer.games.keistad_kwartet.cards import BIT

    for puzzle in shipped(explorer.game("keistad-kwartet")):
        state = explorer.replay(puzzle.record)
        for answer in puzzle.answers:
            ask = state.parse(answer)
            assert state.hands[ask.target] & BIT[ask.card], f"{answer} would miss"  # the real hand, not the odds


def test_a_stop_or_go_puzzle_answer_is_worth_more_on_average():
    from explorer.games.quartz.odds import meter

    for puzzle in shipped(explorer.game("quartz")):
        odds = meter(explorer.replay(puzzle.record))
        best = "continue" if odds.reveal > odds.stop else "stop"
        assert puzzle.answers == (best,) and abs(odds.reveal - odds.stop) >= 1
        assert f"one more card adds {float(odds.reveal):.1f} points on average" in puzzle.why


@pytest.mark.parametrize("game", CRITERIA, ids=lambda g: g.name)
def test_puzzles_are_found_and_solved_again(game):
    puzzles = find_puzzles(game, count=2, seed=4)
    assert puzzles
    for puzzle in puzzles:
        assert solve(json.loads(json.dumps(puzzle.record))) == puzzle.answers
        assert puzzle.question.endswith("?") and puzzle.why


NOTE_RECORD = {"game": "pet-quartet", "players": 2, "seed": 1, "moves": ["D", "P1"]}


@pytest.mark.parametrize("notes,message", [
    ([{"at": 3}], "notes[0].at must be a move index from 0 to 2"),
    ([{"at": 2, "question": "Which?", "answers": ["T3"]}], "notes[0] accepts 'T3' before move 3, which cannot be"),
    ([{"at": 1, "answers": ["P1"]}], "notes[0] gives answers but asks no question"),
    ([{"at": 1, "question": "Which?"}], "notes[0] asks a question but gives no answer"),
    ([{"at": 0, "colour": "red"}], "notes[0] has an unknown field 'colour'"),
    ({"at": 0}, "the record's 'notes' must be a list"),
])
def test_check_names_a_bad_note_in_one_line(notes, message, tmp_path, capsys):
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps({**NOTE_RECORD, "notes": notes}), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:") and message in err


def test_a_record_with_notes_replays_as_without():
    lesson = {**NOTE_RECORD, "notes": [{"at": 0, "comment": "Draw first."},
                                       {"at": 2, "question": "Take or draw?", "answers": ["T1", "D"], "hint": "One card."}]}
    assert explorer.replay(lesson) == explorer.replay(NOTE_RECORD)


LESSON_GAMES = [g for g in explorer.games() if g.docs_page]


@pytest.mark.parametrize("game", LESSON_GAMES, ids=lambda g: g.name)
def test_every_game_ships_lessons_that_replay_with_their_notes(game):
    found = lessons.shipped(game.name)
    assert len(found) >= 3, f"{game.title} ships {len(found)} lessons; every game has at least three"
    for item in found:
        again = lessons.read_lesson({"name": item.name, "title": item.title, "teaches": item.teaches,
                                     "record": item.record})  # replays it: every note's answers legal there
        assert again.game == game.name and again.questions >= 2, f"{item.title}: a quiz asks two questions or more"
        assert again.notes[-1].asks or again.notes[-2].asks, f"{item.title} does not end with a short quiz"
        for note in again.notes:
            assert note.comment or note.question
            if note.asks:
                assert note.why and note.question.endswith("?")


def test_lesson_names_are_unique_and_found():
    names = [item.name for item in lessons.shipped()]
    assert len(names) == len(set(names))
    assert all(lessons.lesson(name).name == name for name in names)
