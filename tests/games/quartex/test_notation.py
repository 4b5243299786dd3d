"""Quartex notation: tile, orientation and space, or the corners a placement shows; show; pass."""

from __future__ import annotations

import pytest

import explorer
from explorer import InvalidMove
from explorer.games.quartex.moves import PASS, SHOW, Place, parse_move
from tests.support import covers


@covers("quartex/orientations")
@pytest.mark.parametrize("text,move", [
    ("12a1@3,-2", Place(12, 1, (3, -2))),
    ("19b3@0,1", Place(19, 7, (0, 1))),
    (" 19B3 @ 0 , 1 ", Place(19, 7, (0, 1))),
    ("PYRB@0,1", Place(19, 7, (0, 1))),  # named by its corners, clockwise from the top left
    ("pbry@-4,10", Place(19, 0, (-4, 10))),
    ("1b2@0,0", Place(1, 0, (0, 0))),  # all purple: every orientation is a0
    ("show", SHOW),
    ("SHOW", SHOW),
    ("pass", PASS),
])
def test_notation_reads(text, move):
    assert parse_move(text) == move
    assert parse_move(str(move)) == move


def test_notation_writes():
    assert str(Place(12, 1, (3, -2))) == "12a1@3,-2"
    assert str(Place(19, 7, (0, 1))) == "19b3@0,1"
    assert (str(SHOW), str(PASS)) == ("show", "pass")


@pytest.mark.parametrize("text", ["", "12", "12a1", "12c1@0,0", "12a4@0,0", "0a0@0,0", "56a0@0,0",
                                  "PBR@0,0", "PBRG@0,0", "12a1@0", "12a1@1,2,3", "12a1@1000,0", "draw", None, 12])
def test_bad_notation_is_one_clear_sentence(text):
    with pytest.raises(InvalidMove) as caught:
        parse_move(text)
    assert str(caught.value).endswith(".")


def test_the_game_parses_and_plays_both_forms():
    state = explorer.new("quartex", players=2, seed=0, setup={"hands": [[19], [2]], "bag": []})
    entry = state.play("PBRY@0,0")
    assert entry.notation == "19a0@0,0" and state.to_record()["moves"] == ["19a0@0,0"]
