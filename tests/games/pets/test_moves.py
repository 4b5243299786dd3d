"""PETS's notation: every move writes itself down and reads itself back."""

from __future__ import annotations

import pytest

import explorer
from explorer import InvalidMove
from explorer.games.pets import ADD, PLAY, TAKE, Add, Play, Take, parse_move
from tests.support import covers


@covers("pets/one-action")
def test_every_move_parses_back_from_its_notation():
    moves = [m for k in PLAY for m in PLAY[k][1:]] + [m for row in ADD for end in row for m in end.values()]
    moves += [m for row in TAKE for m in row]
    assert len(moves) == 105 + 3 * 2 * 7 + 3 * 2
    for move in moves:
        assert parse_move(str(move)) is move


def test_the_notation_reads_like_the_docstring():
    assert str(Play(21, 5)) == "play 21x5" and parse_move("play 21x5") == Play(21, 5)
    assert str(Add(1, "R", 15)) == "add 2R 15" and parse_move("add 2R 15") == Add(1, "R", 15)
    assert str(Take(2, "L")) == "take 3L" and parse_move("take 3L") == Take(2, "L")
    assert parse_move("  PLAY 21*5 ") == Play(21, 5)
    assert parse_move("add 2r 15") == Add(1, "R", 15)
    assert parse_move("take 3 l") == Take(2, "L")


@pytest.mark.parametrize("text", ["pass", "", "play 7x1", "play 6x7", "play 21x0", "add 4L 6", "add 1L 5",
                                  "take 2X", "take 0L", "take 4R", "draw", "T2", "play 21", "add 1L"])
def test_bad_notation_is_refused_with_one_sentence(text):
    with pytest.raises(InvalidMove) as caught:
        parse_move(text)
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message


def test_a_state_plays_notation_or_values():
    state = explorer.new("pets", 2, seed=4)
    first = state.legal_moves()[0]
    entry = state.play(str(first))
    assert entry.move is first and entry.notation == str(first)
