"""Pet Quartet, one scenario a rule: hand-set decks (top card first) and the moves that follow."""

from __future__ import annotations

from collections import Counter

import pytest

import explorer
from explorer import IllegalMove, OptionError, RecordError
from tests.support import covers

G = "pet-quartet"


def new(players=3, deck=None, first=0, options=None, **setup):
    """A game with a hand-set deck (top card first) and first player."""
    layout = {"first_player": first, **setup}
    if deck is not None:
        layout["deck"] = deck
    return explorer.new(G, players=players, seed=0, options=options, setup=layout)


def play(state, moves: str):
    for move in moves.split():
        state.play(move)
    return state


def legal(state):
    return [str(m) for m in state.legal_moves()]


def refused(state, move, rule):
    """Check ``move`` is refused citing ``rule``, and the state is untouched."""
    before = state.copy()
    with pytest.raises(IllegalMove) as caught:
        state.play(move)
    assert caught.value.rule == f"{G}/{rule}", caught.value
    assert state == before
    return caught.value.reason


@covers(f"{G}/setup")
@pytest.mark.parametrize("players,top", [(2, 9), (3, 10), (4, 11), (5, 12), (6, 13)])
def test_deck_by_player_count(players, top):
    state = explorer.new(G, players=players, seed=3)
    assert state.inventory() == Counter({n: n for n in range(3, top + 1)})
    assert state.box == []


@covers(f"{G}/setup")
def test_full_deck_is_88_cards():
    state = explorer.new(G, players=6, seed=0)
    assert sum(state.inventory().values()) == 88


@covers(f"{G}/conductors")
def test_one_conductor_per_player():
    for players in range(2, 7):
        state = explorer.new(G, players=players, seed=1)
        assert len(state.view()["conductors"]) == players
        assert all(c["limit"] == 4 and not c["cards"] for c in state.view()["conductors"])
    refused(play(new(3, [5, 6]), "D"), "P4", "conductors")


@covers(f"{G}/first-player")
def test_first_player_option_and_seed():
    assert explorer.new(G, players=4, seed=0, options={"first_player": 3}).to_move == 2
    starts = {explorer.new(G, players=4, seed=s).to_move for s in range(40)}
    assert starts == {0, 1, 2, 3}  # the seed picks any seat
    with pytest.raises(OptionError):
        explorer.new(G, players=2, options={"first_player": 3})


@covers(f"{G}/turn-order", f"{G}/draw", f"{G}/place")
def test_draw_place_and_clockwise_order():
    state = new(3, [5, 6, 7, 8], first=1)
    assert legal(state) == ["D"]  # every Conductor is empty: nothing to take
    entry = state.play("D")
    assert entry.text == "Bo draws a 5." and state.view()["drawn"] == 5
    assert legal(state) == ["P1", "P2", "P3"]
    play(state, "P2")
    assert state.view()["conductors"][1]["cards"] == [5]
    assert state.to_move == 2
    play(state, "D P1")
    assert state.to_move == 0  # Cy's left is Ana: clockwise wraps round


@covers(f"{G}/one-action")
def test_draw_or_take_never_both():
    state = play(new(3, [5, 6, 7, 8]), "D P1 D")
    refused(state, "T1", "place")  # having drawn, you must place: no take this turn
    play(state, "P2")
    state.play("T1")  # a take ends the turn at once: no draw follows
    assert state.to_move == 0 and legal(state)[0] == "D"


@covers(f"{G}/conductor-limit")
def test_four_card_limit():
    state = play(new(2, [3, 4, 5, 6, 7, 8]), "D P1 D P1 D P1 D P1 D")
    assert "P1" not in legal(state)
    reason = refused(state, "P1", "conductor-limit")
    assert "4 cards" in reason


@covers(f"{G}/full-conductors")
def test_no_room_means_take():
    state = play(new(2, [3, 4, 5, 6, 7, 8, 9, 9, 9]), "D P1 D P1 D P1 D P1 D P2 D P2 D P2 D P2")
    assert legal(state) == ["T1", "T2"]
    refused(state, "D", "full-conductors")


@covers(f"{G}/take", f"{G}/collection")
def test_take_collects_and_sits_out():
    state = play(new(3, [5, 5, 7, 9, 9, 9]), "D P1 D P1 D P2")
    entry = state.play("T1")
    assert "takes Conductor 1 (5, 5)" in entry.text
    view = state.view(2)
    assert view["collections"][0] == {5: 2} and view["out"][0]
    assert view["conductors"][0]["taken_by"] == 0
    # Ana is out: the turn goes Bo, Cy, Bo, Cy...
    play(state, "D P2")
    assert state.to_move == 2
    play(state, "D P3")
    assert state.to_move == 1
    refused(state, "T1", "take")  # a taken Conductor is off the table this round
    play(state, "D")
    refused(state, "P1", "take")


@covers(f"{G}/take-nonempty")
def test_never_take_an_empty_conductor():
    state = play(new(3, [5, 6, 7]), "D P1")
    assert legal(state) == ["D", "T1"]
    refused(state, "T2", "take-nonempty")


@covers(f"{G}/round-end")
def test_round_end_and_next_starter():
    state = play(new(3, [5, 6, 7, 8, 9, 10]), "D P1 D P2 D P3 T1 T2")
    assert state.view()["round"] == 1 and state.to_move == 2
    entry = state.play("T3")
    assert "Round 1 ends" in entry.text and "Cy took the last Conductor and starts round 2" in entry.text
    view = state.view()
    assert view["round"] == 2 and state.to_move == 2 and not any(view["out"])
    assert all(c["taken_by"] is None and not c["cards"] for c in view["conductors"])


@covers(f"{G}/end-trigger", f"{G}/final-turn", f"{G}/game-end", f"{G}/leftover")
def test_last_card_gives_everyone_a_final_turn():
    state = play(new(3, [5, 6, 7, 8]), "D P1 D P2 T1 D P2")  # Cy took; Ana, Bo remain
    entry = state.play("D")
    assert "the last card" in entry.text and state.view()["end_triggered"]
    entry = state.play("P3")
    assert "Final turns: Cy, Ana, Bo" in entry.text
    assert state.to_move == 2  # Cy, out of the round, still gets a final turn by default
    assert legal(state) == ["T2", "T3", "pass"]
    refused(state, "D", "final-turn")
    play(state, "pass T2")
    assert not state.is_over() and state.to_move == 1
    entry = state.play("pass")
    assert state.is_over() and "discarded" in entry.text
    assert state.view()["discard"] == [8]  # the 8 left under Conductor 3
    refused(state, "pass", "game-end")
    assert state.legal_moves() == []


@covers(f"{G}/final-turn")
def test_final_turns_all_lets_a_player_who_took_this_round_take_a_second_conductor():
    state = play(new(3, [5, 6, 7, 8]), "D P1 D P2 T1 D P2 D P3")  # Cy took Conductor 1 this round
    assert state.to_move == 2 and state.view()["out"][2]
    entry = state.play("T2")
    assert entry.text == "Cy takes Conductor 2 (6, 7)."  # a second Conductor in the round she left
    assert state.collections[2][6] == state.collections[2][7] == 1


@covers(f"{G}/final-turn")
def test_final_turns_in_round_option():
    state = new(3, [5, 6, 7, 8], options={"final_turns": "in-round"})
    play(state, "D P1 D P2 T1 D P2 D")
    entry = state.play("P3")
    assert "Final turns: Ana, Bo" in entry.text  # Cy took a Conductor: no final turn
    play(state, "pass pass")
    assert state.is_over()
    refused(new(3, [5, 6]), "pass", "final-turn")  # passing is for final turns only


@covers(f"{G}/scoring-standard")
def test_standard_scoring():
    state = new(2, [3], collections=[[3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7, 9], []])
    score = state.scores()[0]
    assert score.total == 3  # Soloist 3, Quartet 6, Soloist 9; pairs, triples and five 7s score nothing
    assert score.parts == (("Soloist 3", 1), ("Quartet 6", 1), ("Soloist 9", 1))


@covers(f"{G}/scoring-advanced")
def test_advanced_scoring():
    state = new(2, [3], options={"scoring": "advanced"},
                collections=[[3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7, 9], []])
    assert state.scores()[0].total == 3 + 4 + 9
    # The document's examples: a solo 6 scores 6 points, a solo 9 scores 9.
    assert dict(new(2, [3], options={"scoring": "advanced"}, collections=[[6], [9]]).scores()[0].parts) == {
        "Soloist 6": 6}
    assert new(2, [3], options={"scoring": "advanced"}, collections=[[6], [9]]).scores()[1].total == 9


def finished(collections, players=None, options=None):
    """A game ended at once: one card in the deck, drawn, placed, and everyone passes."""
    players = players or len(collections)
    state = new(players, [3], collections=collections, options=options)
    state.play("D")
    state.play("P1")
    while not state.is_over():
        state.play("pass")
    return state


@covers(f"{G}/tiebreak-quartet")
def test_lowest_quartet_breaks_a_tie():
    state = finished([[7, 7, 7, 7, 9], [5, 5, 5, 5, 8], [4]])
    result = state.result()
    assert [s.total for s in result.scores] == [2, 2, 1]
    assert result.winners == (1,) and "lowest Quartet (5)" in result.tiebreak
    assert result.tiebreak_rule == f"{G}/tiebreak-quartet"


@covers(f"{G}/tiebreak-soloist")
def test_highest_soloist_breaks_a_tie():
    state = finished([[5, 5, 5, 5, 8], [6, 6, 6, 6, 9]], players=2)
    assert state.result().winners == (0,)  # the lowest Quartet decides before any Soloist
    state = finished([[5, 5, 8], [6, 6, 9]], players=2)  # no Quartets: the Soloists decide
    result = state.result()
    assert result.winners == (1,) and "highest Soloist (9)" in result.tiebreak
    assert result.tiebreak_rule == f"{G}/tiebreak-soloist"


@covers(f"{G}/tiebreak-shared")
def test_shared_victory():
    state = finished([[8, 8, 8, 8, 9], [8, 8, 8, 8, 9]])
    assert state.result().winners == (0, 1) and state.result().shared
    assert "shared" in state.result().tiebreak and state.result().tiebreak_rule == f"{G}/tiebreak-shared"


@covers(f"{G}/tiebreak-quartet", f"{G}/scoring-advanced")
def test_tiebreakers_apply_to_advanced_scoring():
    state = finished([[4, 4, 4, 4, 3], [8, 8, 8, 8, 3]], options={"scoring": "advanced"})
    assert [s.total for s in state.scores()] == [7, 7]
    assert state.result().winners == (0,)


@covers(f"{G}/maestro-setup")
def test_maestro_tiles_dealt_by_seed():
    seen = set()
    for seed in range(30):
        tiles = explorer.new(G, players=4, seed=seed, options={"variant": "maestro"}).view()["conductors"]
        names = [c["tile"] for c in tiles]
        assert len(set(names)) == 4 and None not in names
        seen.update(names)
    assert len(seen) == 6
    with pytest.raises(RecordError):
        new(2, [5], tiles=["extra-card", "extra-card"], options={"variant": "maestro"})


def maestro(tiles, deck, players=2, **kw):
    return new(players, deck, tiles=tiles, options={"variant": "maestro", **kw.pop("options", {})}, **kw)


@covers(f"{G}/maestro-two-card")
def test_two_card_limit():
    state = play(maestro(["two-card-limit", "extra-card"], [5, 6, 7, 8]), "D P1 D P1 D")
    assert legal(state) == ["P2"]
    assert "2 cards" in refused(state, "P1", "maestro-two-card")


@covers(f"{G}/maestro-extra-card")
def test_extra_card():
    state = play(maestro(["extra-card", "pass-left"], [5, 6, 9, 9]), "D P1")
    entry = state.play("T1")
    assert "top card, a 6" in entry.text
    assert state.view()["collections"][1] == {5: 1, 6: 1}


@covers(f"{G}/maestro-extra-card", f"{G}/end-trigger")
def test_extra_card_can_draw_the_last_card():
    state = play(maestro(["extra-card", "pass-left"], [5, 6]), "D P1")
    entry = state.play("T1")
    assert "last card" in entry.text and state.view()["end_triggered"]
    assert state.view()["final_queue"] == [0, 1]


@covers(f"{G}/maestro-return-conductor")
def test_return_a_card_from_the_conductor():
    state = play(maestro(["return-from-conductor", "extra-card"], [5, 7, 9, 9]), "D P1 D P1 T1")
    assert legal(state) == ["R5", "R7"]
    refused(state, "R9", "maestro-return-conductor")
    play(state, "R7")
    assert state.view()["collections"][0] == {5: 1} and state.view()["returned"] == 1


@covers(f"{G}/maestro-return-collected")
def test_return_a_previously_collected_card():
    state = maestro(["return-collected", "extra-card"], [5, 9, 9], collections=[[], [8, 8, 3]])
    play(state, "D P1 T1")  # Ana draws a 5 for Conductor 1; Bo takes it
    assert legal(state) == ["R3", "R8"]
    refused(state, "R5", "maestro-return-collected")  # the 5 under the Conductor is not yet collected
    play(state, "R8")
    assert state.view()["collections"][1] == {3: 1, 5: 1, 8: 1}
    # With nothing collected before, the take goes straight through.
    state = play(maestro(["return-collected", "extra-card"], [5, 9, 9]), "D P1 T1")
    assert state.view()["collections"][1] == {5: 1} and state.to_move == 0


@covers(f"{G}/maestro-immediate")
def test_optional_immediate_take():
    state = play(maestro(["immediate-take", "extra-card"], [5, 6, 9, 9]), "D P1")
    assert state.to_move == 0 and legal(state) == ["T1", "pass"]
    refused(state, "D", "maestro-immediate")
    play(state, "T1")
    assert state.view()["collections"][0] == {5: 1} and state.to_move == 1
    state = play(maestro(["immediate-take", "extra-card"], [5, 6, 9, 9]), "D P1 pass")
    assert state.to_move == 1 and state.view()["conductors"][0]["cards"] == [5]


@covers(f"{G}/maestro-pass-left")
def test_pass_a_card_left():
    state = play(maestro3(["pass-left", "extra-card", "two-card-limit"], [5, 6, 9, 9, 9]), "D P1 D P1 T1")
    assert state.to_move == 2 and legal(state) == ["L5", "L6"]
    refused(state, "L9", "maestro-pass-left")
    play(state, "L6")
    assert state.view()["collections"][2] == {5: 1} and state.view()["collections"][0] == {6: 1}


def maestro3(tiles, deck, **kw):  # a 3-player Maestro game
    return new(3, deck, tiles=tiles, options={"variant": "maestro"}, **kw)


@covers(f"{G}/duet-setup")
def test_duet_setup():
    state = explorer.new(G, players=2, seed=5, options={"variant": "duet"})
    view = state.view()
    assert [c["limit"] for c in view["conductors"]] == [2, 3, 4]
    assert max(state.inventory()) == 10 and sum(state.inventory().values()) == sum(range(3, 11))
    with pytest.raises(OptionError):
        explorer.new(G, players=3, options={"variant": "duet"})
    state = play(new(2, [5, 6, 7], options={"variant": "duet"}), "D P1 D P1 D")
    refused(state, "P1", "duet-setup")


@covers(f"{G}/duet-round-end")
def test_duet_round_ends_after_two_takes():
    state = play(new(2, [5, 6, 7, 8, 9], options={"variant": "duet"}), "D P1 D P2 D P3 T1")
    entry = state.play("T2")
    assert "Round 1 ends" in entry.text and "Conductor 3's cards (7) are discarded face up" in entry.text
    view = state.view(0)
    assert view["round"] == 2 and view["discard"] == [7] and state.to_move == 0  # Ana took last


def test_setup_errors_name_the_field():
    with pytest.raises(RecordError) as caught:
        new(3, [5, 11])
    assert caught.value.field == "setup.deck"
    with pytest.raises(RecordError, match="more 3s"):
        new(3, [3, 3, 3, 3])
    with pytest.raises(RecordError):
        new(3, [5], first=7)


def test_narration_and_log():
    state = play(new(3, [5, 6]), "D P2")
    assert [e.text for e in state.log] == ["Ana draws a 5.", "Ana places the 5 under Conductor 2 (1 of 4)."]
    assert state.narrate() == state.log[-1].text and state.narrate("D") == "Ana draws a 5."
    assert [e.rule for e in state.log] == [f"{G}/draw", f"{G}/place"]
