"""Pet Quartet played on its table, without a browser: the deck, the Conductors and the cards are the moves."""

from __future__ import annotations

import re

import explorer
from explorer.widgets import Explorer
from explorer.widgets.games import pet_quartet as views
from explorer.widgets.touch import Play

G = "pet-quartet"


def table_at(tiles, deck, moves=(), players=2, **setup):
    """An explorer where every seat is a person, on a Maestro table with hand-set tiles and deck."""
    record = {"game": G, "players": players, "seed": 0, "options": {"variant": "maestro"},
              "setup": {"first_player": 0, "tiles": tiles, "deck": deck, **setup}, "moves": list(moves)}
    ex = Explorer(G, record=record, seats=["you"] * players, viewer=None)
    ex.see(None)  # the teacher's view: no passing the device between the people
    return ex


def touchable(ex) -> dict[str, bool]:
    """The targets on the table: whether each does something now."""
    return {m.group(1): bool(m.group(2)) for m in re.finditer(r'data-touch="([^"]+)"( data-touch-ok)?', ex.table.value)}


def test_draw_on_the_deck_then_place_under_a_conductor():
    ex = table_at(["two-card-limit", "extra-card"], [5, 6, 7, 8])
    assert touchable(ex) == {"deck": True, "conductor:1": False, "conductor:2": False}
    ex.touch("deck")
    assert "place the 5 under it" in ex.touch_line.value
    ex.touch("conductor:1")
    assert [str(m) for m in ex.timeline.moves] == ["D", "P1"]
    assert "Bo, click the deck to draw a card, or a Conductor to take it." in ex.touch_line.value


def test_a_full_conductor_and_the_deck_after_a_draw_are_refused_with_their_rules():
    ex = table_at(["two-card-limit", "extra-card"], [5, 6, 7, 8], ["D", "P1", "D", "P1", "D"])
    ex.touch("conductor:1")
    assert "pet-quartet/maestro-two-card" in ex.touch_line.value and "Conductor 1</b> is not allowed" in \
        ex.touch_line.value
    ex.touch("deck")
    assert "pet-quartet/place" in ex.touch_line.value and ex.state.ply == 5
    ex.touch("conductor:2")
    assert ex.state.ply == 6


def test_the_card_to_return_is_clicked_under_the_conductor_taken():
    ex = table_at(["return-from-conductor", "extra-card"], [5, 7, 9, 9], ["D", "P1", "D", "P1", "T1"])
    targets = touchable(ex)
    assert targets["card:1:5"] and targets["card:1:7"] and "collection:0:5" not in targets
    assert "click the card beneath Conductor 1" in ex.touch_line.value
    ex.touch("card:1:7")
    assert str(ex.timeline.moves[-1]) == "R7" and ex.state.view()["collections"][0] == {5: 1}


def test_a_collected_card_is_returned_or_passed_left_on_the_collection():
    ex = table_at(["return-collected", "extra-card"], [5, 9, 9], ["D", "P1", "T1"], collections=[[], [8, 8, 3]])
    targets = touchable(ex)
    assert targets["collection:1:8"] and targets["collection:1:3"]
    ex.touch("card:1:5")  # the 5 under the Conductor is not a collected card: not a target now
    assert ex.state.ply == 3
    ex.touch("collection:1:8")
    assert str(ex.timeline.moves[-1]) == "R8"

    ex = table_at(["pass-left", "extra-card", "two-card-limit"], [5, 6, 9, 9, 9], ["D", "P1", "D", "P1", "T1"],
                  players=3)
    assert "to pass to Ana" in ex.touch_line.value
    ex.touch("collection:1:6")  # Bo's card, while Cy passes one: refused
    assert "Choose a card of your own collection, Cy." in ex.touch_line.value
    ex.touch("collection:2:6")
    assert str(ex.timeline.moves[-1]) == "L6"


def test_the_immediate_take_is_made_on_the_conductor_or_left_with_a_button():
    ex = table_at(["immediate-take", "extra-card"], [5, 6, 9, 9], ["D", "P1"])
    assert touchable(ex)["pass"] and "Leave it on the table</span>" in ex.table.value
    ex.touch("deck")
    assert "pet-quartet/maestro-immediate" in ex.touch_line.value
    ex.touch("conductor:1")
    assert str(ex.timeline.moves[-1]) == "T1"
    ex = table_at(["immediate-take", "extra-card"], [5, 6, 9, 9], ["D", "P1"])
    ex.touch("pass")
    assert str(ex.timeline.moves[-1]) == "pass" and "pq-pass" not in ex.table.value  # no pass in Bo's turn


def test_every_legal_move_has_one_target_and_that_target_plays_it():
    state = explorer.new(G, players=4, seed=3, options={"variant": "maestro"})
    touch = views.PetQuartetTouch(explorer.game(G))
    for _ in range(60):
        if state.is_over():
            break
        view = state.view(None)
        for move in state.legal_moves():
            assert touch.pick(state, None, None, views.target_of(view, move)) == Play(move)
        state.play(state.legal_moves()[-1])


def test_stacked_tens_and_elevens_read_as_cards():
    state = explorer.new(G, players=5, seed=0, setup={"first_player": 0, "collections": [[10, 10, 11], [], [], [], []]})
    html = views.table(state, None)
    group = html.split('data-number="10"')[1].split("pq-tag")[0]
    assert group.count(">10</span>") == 2
    assert ".pq .pq-fan .card+.card{margin-left:-9px}" in html  # each card keeps its number in view
