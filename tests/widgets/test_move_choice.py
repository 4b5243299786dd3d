"""Choosing a move in the explorer: every legal move a button, a game's own chooser, words for the viewer."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.widgets import Explorer, Views, views_for
from explorer.widgets.movebuttons import FILTER_FROM, MoveButton, kind_of
from explorer.widgets.recordbox import UPLOAD
from explorer.widgets.style import CSS
from explorer.widgets.views import with_viewer


def crowded_pets() -> explorer.State:
    """A PETS position with more legal moves than a screenful, takes among them (found by seeded play)."""
    for seed in range(40):
        state = explorer.new("pets", 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            moves = state.legal_moves()
            kinds = {kind_of(m) for m in moves}
            if len(moves) > 48 and "take" in kinds:
                return state
            state.play(rng.choice(moves))
    raise AssertionError("no crowded PETS position in 40 seeded games")


def test_every_legal_move_gets_a_button_even_when_there_are_many():
    state = crowded_pets()
    ex = Explorer("pets", record=state.to_record(), seats=["you"] * 6)
    moves = [str(m) for m in ex.state.legal_moves()]
    assert len(moves) > 48
    assert ex.legal.notations == moves
    kinds = {item["kind"] for item in ex.legal.items}
    assert {"take", "add"} <= kinds and len(moves) >= FILTER_FROM  # the page groups them, with filters
    take = next(item for item in ex.legal.items if item["kind"] == "take")
    assert take["label"].startswith(take["notation"])
    ex.legal.click(take["notation"])
    assert ex.timeline.position == state.ply + 1 and str(ex.timeline.moves[state.ply]) == take["notation"]


def test_a_click_on_a_move_not_offered_plays_nothing():
    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you"] * 6)
    before = (ex.timeline.moves, ex.timeline.position)
    with pytest.raises(ValueError, match="no button"):
        ex.legal.click("T9")
    ex.legal._on_msg(ex.legal, {"play": "T9"}, [])  # what a stale page might send
    ex.legal._on_msg(ex.legal, {"play": 3}, [])
    assert (ex.timeline.moves, ex.timeline.position) == before
    ex.legal._on_msg(ex.legal, {"play": ex.legal.notations[0]}, [])
    assert ex.timeline.position == before[1] + 1


def test_a_click_on_buttons_drawn_for_an_earlier_position_plays_nothing_and_says_so():
    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you"] * 6)
    drawn_for = ex.legal.at
    first = ex.legal.notations[0]
    assert ex.legal.at and ex.status.value.count(f'data-at="{drawn_for}"') == 1
    ex.legal._on_msg(ex.legal, {"play": first, "at": drawn_for}, [])
    after = (ex.timeline.moves, ex.timeline.position)
    assert ex.legal.at != drawn_for
    # the same button clicked again on a page that has not caught up: its position is gone
    ex.legal._on_msg(ex.legal, {"play": first, "at": drawn_for}, [])
    assert (ex.timeline.moves, ex.timeline.position) == after
    assert "nothing was played: choose again" in ex.feedback.value


def test_kinds_are_the_moves_classes_in_words():
    class TakeConductor:
        pass

    assert kind_of(TakeConductor()) == "take conductor"
    assert kind_of("D") == "move"
    state = explorer.new("pet-quartet", players=3, seed=1)
    assert {kind_of(m) for m in state.legal_moves()} <= {"draw", "take", "place", "pass"}
    assert MoveButton("D", "D · draw a card", "draw").kind == "draw"


def test_a_hidden_movers_choices_show_no_buttons():
    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you"] * 6)
    mover = ex.state.to_move
    ex.viewer.value = (mover + 1) % 3
    assert ex.legal.notations == [] and "hidden from" in ex.play_title.value
    ex.viewer.value = mover
    assert ex.legal.notations == [str(m) for m in ex.state.legal_moves()]


def test_describe_is_given_the_viewer_and_old_two_argument_describes_still_work():
    seen = []

    def describe(state, move, viewer):
        seen.append(viewer)
        return f"seen by {viewer}"

    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you"] * 6, views=Views(describe=describe))
    assert seen and set(seen) == {ex.state.to_move}  # people at the table: seen by the one to move
    assert all(item["label"].endswith(f"seen by {ex.state.to_move}") for item in ex.legal.items)
    ex.viewer.value = -1  # everyone
    assert seen[-1] is None
    assert all(item["label"].endswith("seen by None") for item in ex.legal.items)

    old = with_viewer(lambda state, move: "old words")
    assert old(ex.state, ex.state.legal_moves()[0], 1) == "old words"
    words = views_for("pet-quartet").describe(ex.state, ex.state.legal_moves()[0], None)
    assert isinstance(words, str) and words


class CountingChooser:
    """A chooser that offers the first legal move as its own button, and remembers what it was shown."""

    def __init__(self, game, ex):
        import ipywidgets as w

        self.explorer = ex
        self.shown = []
        self.widget = w.Button(description="first move")
        self.widget.on_click(lambda _: ex.play(ex.state.legal_moves()[0]))

    def show(self, state, viewer):
        self.shown.append((state.ply, viewer, self.explorer.is_person(state.to_move)))


def test_a_games_chooser_sits_in_the_play_card_follows_the_position_and_plays_through_the_explorer():
    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you", "random", "random"],
                  views=Views(chooser=CountingChooser))
    chooser = ex.chooser
    assert isinstance(chooser, CountingChooser)
    play_card = ex.legal  # the chooser sits just above the move buttons
    main = next(c for c in ex.children if "ex-main" in c._dom_classes)
    card = next(c for c in main.children[0].children if chooser.widget in c.children)
    assert list(card.children).index(chooser.widget) + 1 == list(card.children).index(play_card)
    assert chooser.shown[-1] == (ex.state.ply, 0, True)  # seen by the one person at the table
    ply = ex.state.ply
    chooser.widget.click()
    assert ex.timeline.final.ply > ply and chooser.shown[-1][0] == ex.state.ply
    ex.back.click()
    assert chooser.shown[-1][0] == ex.state.ply
    assert ex.is_person(0) and not ex.is_person(1)


def test_the_upload_button_reads_plainly():
    ex = Explorer("pet-quartet", seed=1)
    assert ex.records.upload.description == UPLOAD == "Upload record…"
    assert '.ex-upload::after { content: "Upload record…"' in CSS
