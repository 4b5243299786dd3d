"""Notes on records, and the shipped puzzles: each one's answer is the best by its game's own criterion."""

from __future__ import annotations

import json

import pytest

import explorer
from explorer.cli import main
from explorer.lessons import find_puzzles, solve
from explorer.lessons import lesson as lessons
from explorer.core.puzzles import FEWEST_LOST, MOST_POINTS
from explorer.lessons.puzzles import SHIPPED_COUNT, SHIPPED_SEED, shipped

CRITERIA = [g for g in explorer.games() if g.puzzles]


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


@pytest.mark.parametrize("game", [g for g in CRITERIA if g.docs_page], ids=lambda g: g.name)
def test_the_shipped_puzzles_are_made_again_bit_for_bit_from_their_seeds(game):
    made = find_puzzles(game, count=SHIPPED_COUNT, seed=SHIPPED_SEED)
    assert [p.record for p in made] == [p.record for p in shipped(game)], "run python -m explorer.lessons"
    assert len(made) >= 10


def criteria(game):
    """How many shipped puzzles of ``game`` each criterion (each kind's sentence, shown on the card) has."""
    found = {}
    for puzzle in shipped(explorer.game(game)):
        found[puzzle.note.comment] = found.get(puzzle.note.comment, 0) + 1
    return found


@pytest.mark.parametrize("game", ["pet-quartet", "pets", "keistad-kwartet"])
def test_a_game_with_several_kinds_ships_a_balanced_mix_of_them(game):
    found = criteria(game)
    assert len(found) == len(explorer.game(game).puzzles) and max(found.values()) - min(found.values()) <= 2
    served = [p.note.comment for p in shipped(explorer.game(game))]
    assert served[0] != served[1]  # the kinds take turns


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
        if puzzle.note.comment != MOST_POINTS:
            continue
        state = explorer.replay(puzzle.record)
        gained = gains(state)
        (answer,) = puzzle.answers
        assert gained[answer] > 0 and all(g < gained[answer] for m, g in gained.items() if m != answer)
        assert f"scores {gained[answer]} point" in puzzle.why  # the numbers the learner reads are the engine's


def test_a_fewest_points_lost_puzzle_answer_costs_less_than_any_other_move():
    kept = [p for p in shipped(explorer.game("pet-quartet")) if p.note.comment == FEWEST_LOST]
    assert kept
    for puzzle in kept:
        gained = gains(explorer.replay(puzzle.record))
        (answer,) = puzzle.answers
        assert all(g < gained[answer] < 0 for m, g in gained.items() if m != answer)
        assert f"costs {-gained[answer]} point" in puzzle.why


def test_a_most_points_this_round_puzzle_answer_leaves_the_most_to_win_when_the_round_ends():
    from explorer.games.pets.puzzles import CRITERION, MARGIN

    kept = [p for p in shipped(explorer.game("pets")) if p.note.comment == CRITERION]
    assert kept
    for puzzle in kept:
        state = explorer.replay(puzzle.record)
        me, worth = state.to_move, {}
        for move in state.legal_moves():
            twin = state.copy()
            twin.play(move)
            assert twin.round == state.round and twin.scores()[me] == state.scores()[me]  # no move scores now
            worth[str(move)] = twin.round_score(me).points
        (answer,) = puzzle.answers
        assert all(w + MARGIN <= worth[answer] for m, w in worth.items() if m != answer)
        assert f"would win {worth[answer]} point" in puzzle.why


def test_a_sure_hit_puzzle_answer_hits_every_time_and_a_sure_quartet_one_completes_a_quartet():
    from explorer.games.keistad_kwartet.cards import BIT, MATES
    from explorer.games.keistad_kwartet.puzzles import QUARTET_CRITERION

    quartets = 0
    for puzzle in shipped(explorer.game("keistad-kwartet")):
        state = explorer.replay(puzzle.record)
        for answer in puzzle.answers:
            ask = state.parse(answer)
            assert state.hands[ask.target] & BIT[ask.card], f"{answer} would miss"  # the real hand, not the odds
        if puzzle.note.comment == QUARTET_CRITERION:
            quartets += 1
            (ask,) = [state.parse(a) for a in puzzle.answers]
            assert state.hands[state.to_move] & MATES[ask.card] == MATES[ask.card]
    assert quartets >= 4


def test_a_stop_or_go_puzzle_answer_is_worth_more_on_average():
    from explorer.games.quartz.odds import meter

    for puzzle in shipped(explorer.game("quartz")):
        odds = meter(explorer.replay(puzzle.record))
        best = "continue" if odds.reveal > odds.stop else "stop"
        assert puzzle.answers == (best,) and abs(odds.reveal - odds.stop) >= 1
        # The numbers the learner reads are the exact ones: the cards, the accidents, the points in all.
        assert f"adds {float(odds.reveal):.1f} points on average" in puzzle.why
        assert f"not seen {odds.unseen} cards; {odds.accident * odds.unseen} of them" in puzzle.why
        assert f"brings {odds.reveal * odds.unseen} point" in puzzle.why


def test_the_stop_or_go_puzzles_ask_for_both_answers_about_as_often():
    answers = [p.answers for p in shipped(explorer.game("quartz"))]
    assert abs(answers.count(("stop",)) - answers.count(("continue",))) <= 2


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
