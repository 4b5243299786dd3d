"""Keistad Kwartet: one scenario test a rule at least, each on a position set up by hand.

The sheet has no worked examples; its variation's card counts (16, 12 and 9
a player, 3 bonus cards out with 5 players) are checked as written.
"""

from __future__ import annotations

import random

import pytest

import explorer
from explorer import IllegalMove, OptionError, RecordError
from explorer.games.keistad_kwartet import DECK, load_deck
from explorer.core import ExplorerError
from tests.support import covers

from .helpers import GAME, hand, notation, quartet, table


def rule_of(state, move) -> str:
    why = state.why_illegal(move)
    assert why is not None, f"{move} should be illegal"
    return why.rule


# -- the deal ---------------------------------------------------------------------------

@covers("keistad-kwartet/setup")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal_gives_seven_cards_each_and_the_rest_is_the_pot(players):
    state = explorer.new(GAME, players, seed=3)
    assert sorted(state.inventory()) == sorted(f"{q}.{k}" for q in range(1, 12) for k in range(1, 5))
    assert set(state.inventory().values()) == {1}
    view = state.view()
    dealt = sum(view["hand_sizes"]) + 4 * sum(len(laid) for laid in view["laid"])
    assert dealt == 7 * players
    assert view["pot"] == 44 - 7 * players


@covers("keistad-kwartet/setup", "keistad-kwartet/bonus-cards")
def test_the_bonus_cards_are_shuffled_in_only_with_the_option():
    assert "BS" not in explorer.new(GAME, 3, seed=1).inventory()
    state = explorer.new(GAME, 3, seed=1, options={"bonus_cards": True})
    assert sum(state.inventory().values()) == 48
    assert {"BS", "KF", "SW", "OM"} <= set(state.inventory())


@covers("keistad-kwartet/setup")
def test_a_setup_is_checked_field_by_field():
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.1"], ["3.1"]])
    assert caught.value.field == "setup.hands[1]" and "twice" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.9"], []])
    assert caught.value.field == "setup.hands[0]"
    with pytest.raises(RecordError) as caught:
        table(hands=[["KF"], []])
    assert "without them" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.1"]])
    assert caught.value.field == "setup.hands"
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.1"], []], quartets=[[3], []])
    assert caught.value.field == "setup.quartets"
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.1"], []], removed=["3.2"])
    assert caught.value.field == "setup.removed"
    with pytest.raises(RecordError) as caught:
        table(hands=[["3.1"], []], first_player=2)
    assert caught.value.field == "setup.first_player"
    with pytest.raises(RecordError) as caught:
        explorer.new(GAME, 2, setup={"pot": ["3.1"]})
    assert caught.value.field == "setup.hands"
    with pytest.raises(RecordError) as caught:
        table(hands=[[], []], deck=[])
    assert caught.value.field == "setup"


@covers("keistad-kwartet/setup")
def test_cards_no_field_places_go_under_the_given_pot():
    state = table(hands=[["1.1"], ["2.1"]], pot=["5.3", "7.2"])
    assert state.pot[-1] == 5 * 4 - 4 + 2 and state.pot[-2] == 7 * 4 - 4 + 1  # 5.3 on top, then 7.2
    assert len(state.pot) == 42
    assert state.setup()["pot"][:2] == ["5.3", "7.2"]


@covers("keistad-kwartet/card-names")
def test_the_names_are_data_and_marked_as_stand_ins():
    assert DECK.stand_in and len(DECK.quartets) == 11 and all(len(c) == 4 for c in DECK.cards)
    state = explorer.new(GAME, 3, seed=2)
    view = state.view(0)
    assert view["names_stand_in"] is True and "stand-in" in view["names_note"]
    assert view["quartet_names"] == list(DECK.quartets)
    html = state.html(0)
    assert "stand-in" in html and f"{DECK.quartets[0]}*" in html
    assert "stand-in" in state.text(0)
    # Narration names cards by number, never by a stand-in name.
    entry = state.play(state.legal_moves()[0])
    assert not any(name in entry.text for name in DECK.quartets)


@covers("keistad-kwartet/card-names")
def test_a_deck_file_with_the_real_names_replaces_the_stand_ins():
    quartets = "".join(f'[[quartet]]\nname = "Q{q}"\ncards = ["a{q}", "b{q}", "c{q}", "d{q}"]\n\n' for q in range(11))
    deck = load_deck("stand_in = false\n" + quartets)
    assert not deck.stand_in and deck.quartet_name(10) == "Q10" and deck.card_name(5) == "b1"
    with pytest.raises(ExplorerError, match="11"):
        load_deck(quartets.split("[[quartet]]", 2)[1])
    with pytest.raises(ExplorerError, match="4 cards"):
        load_deck(quartets.replace('"d0"', ""))


@covers("keistad-kwartet/deal-all")
@pytest.mark.parametrize("players,each", [(3, 16), (4, 12), (5, 9)])
def test_dealing_all_the_cards_follows_the_sheet(players, each):
    state = explorer.new(GAME, players, seed=5, options={"deal": "all", "bonus_cards": True})
    dealt = [state.hands[p].bit_count() + 4 * len(state.laid[p]) for p in range(players)]
    assert dealt == [each] * players
    assert state.view()["pot"] == 0
    removed = state.view()["bonus"]["removed"]
    assert (len(removed), "BS" in removed) == ((3, True) if players == 5 else (0, False))


@covers("keistad-kwartet/deal-all")
def test_dealing_all_is_for_three_players_or_more():
    with pytest.raises(OptionError, match="3 to 5"):
        explorer.new(GAME, 2, options={"deal": "all"})


@covers("keistad-kwartet/deal-all-even")
@pytest.mark.parametrize("players,counts", [(3, [15, 15, 14]), (4, [11] * 4), (5, [9, 9, 9, 9, 8])])
def test_without_bonus_cards_all_44_are_dealt_evenly_from_the_youngest(players, counts):
    state = explorer.new(GAME, players, seed=8, options={"deal": "all"})
    dealt = [state.hands[p].bit_count() + 4 * len(state.laid[p]) for p in range(players)]
    assert dealt == counts
    second = explorer.new(GAME, players, seed=8, options={"deal": "all", "youngest": 2})
    dealt = [second.hands[p].bit_count() + 4 * len(second.laid[p]) for p in range(players)]
    assert dealt == counts[-1:] + counts[:-1]


@covers("keistad-kwartet/kept-bonus")
@pytest.mark.parametrize("kept,code", [("keistadfeesten", "KF"), ("stadswandeling", "SW"),
                                       ("open-monumentendagen", "OM")])
def test_with_five_players_the_chosen_bonus_card_stays(kept, code):
    options = {"deal": "all", "bonus_cards": True, "kept_bonus_card": kept}
    state = explorer.new(GAME, 5, seed=4, options=options)
    removed = state.view()["bonus"]["removed"]
    assert sorted(removed) == sorted({"BS", "KF", "SW", "OM"} - {code})
    in_play = [c for p in range(5) for c in hand(state, p)] + [c for p in range(5) for q in state.view()["laid"][p]
                                                             for c in quartet(q)]
    assert code in in_play and len(in_play) == 45
    assert sum(state.inventory().values()) == 48  # the three taken out still lie on the table, face up


@covers("keistad-kwartet/kept-bonus")
@pytest.mark.parametrize("players,options", [(4, {"deal": "all", "bonus_cards": True}),
                                             (5, {"bonus_cards": True}), (5, {"deal": "all"})])
def test_the_kept_card_is_chosen_only_where_three_are_taken_out(players, options):
    with pytest.raises(OptionError, match="kept_bonus_card"):
        explorer.new(GAME, players, options={**options, "kept_bonus_card": "stadswandeling"})


@covers("keistad-kwartet/kept-bonus", "keistad-kwartet/deal-all", "keistad-kwartet/bonus-cards")
@pytest.mark.parametrize("kept", ["random", "keistadfeesten", "stadswandeling", "open-monumentendagen"])
def test_five_players_with_every_card_dealt_play_to_the_end(kept):
    """The generic random-play test varies one option at a time, so it never meets this combination."""
    options = {"deal": "all", "bonus_cards": True, "kept_bonus_card": kept}
    for seed in (1, 2):
        state = explorer.new(GAME, 5, seed, options)
        inventory = state.inventory()
        rng = random.Random(seed)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            assert state.inventory() == inventory
        assert explorer.replay(state.to_record()) == state
        assert explorer.replay(state.to_record(explicit=True)).scores() == state.scores()


@covers("keistad-kwartet/kept-bonus")
def test_a_card_taken_out_at_the_deal_cannot_be_played():
    options = {"deal": "all", "bonus_cards": True}
    kept = {explorer.new(GAME, 5, seed=s, options=options).view()["bonus"]["removed"][1] for s in range(12)}
    assert len(kept) > 1, "the seed should draw different bonus cards to keep"
    state = explorer.new(GAME, 5, seed=4, options=options)
    assert rule_of(state, "BS") == "keistad-kwartet/kept-bonus"
    assert "taken out of the game" in state.why_illegal("BS").reason


@covers("keistad-kwartet/first-player")
def test_the_youngest_begins():
    assert explorer.new(GAME, 4, seed=1).to_move == 0
    assert explorer.new(GAME, 4, seed=1, options={"youngest": 3}).to_move == 2
    with pytest.raises(OptionError, match="youngest"):
        explorer.new(GAME, 3, options={"youngest": 4})


@covers("keistad-kwartet/hidden")
def test_hands_are_hidden_and_the_pot_is_only_a_number():
    state = explorer.new(GAME, 3, seed=6)
    view = state.view(1)
    assert view["hands"][0] is None and view["hands"][2] is None and view["hands"][1] == hand(state, 1)
    assert view["hand_sizes"] == [7, 7, 7] and view["pot"] == 23
    assert all(h is not None for h in state.view()["hands"])
    twin = state.determinize(1, seed=9)
    assert twin.view(1) == view and twin.hands[1] == state.hands[1]
    assert twin.hands != state.hands or twin.pot != state.pot
    html = state.html(1)
    assert "7 cards, hidden" in html


# -- asking -------------------------------------------------------------------------------

@covers("keistad-kwartet/ask")
def test_you_ask_an_opponent_still_in_the_game():
    state = table(3, hands=[["3.1"], ["3.2"], []], options={"empty_hand": "out"})
    assert state.out == [False, False, True]
    assert rule_of(state, "3.2@1") == "keistad-kwartet/ask"
    assert "not yourself" in state.why_illegal("3.2@1").reason
    assert rule_of(state, "3.2@4") == "keistad-kwartet/ask"
    assert rule_of(state, "3.2@3") == "keistad-kwartet/empty-hand"
    assert [str(m) for m in state.legal_moves()] == ["3.1@2", "3.2@2", "3.3@2", "3.4@2"]


@covers("keistad-kwartet/ask-category")
def test_only_a_card_of_a_quartet_you_collect():
    state = table(hands=[["3.1", "5.2"], ["4.1", "6.1"]])
    assert rule_of(state, "4.1@2") == "keistad-kwartet/ask-category"
    assert "no card of Quartet 4" in state.why_illegal("4.1@2").reason
    assert state.is_legal("3.3@2") and state.is_legal("5.1@2")
    with pytest.raises(IllegalMove) as caught:
        state.play("6.1@2")
    assert caught.value.rule == "keistad-kwartet/ask-category"


@covers("keistad-kwartet/ask-card")
def test_by_default_you_name_one_card():
    state = table(hands=[["3.1", "3.2"], ["3.3", "3.4"]])
    assert rule_of(state, "3@2") == "keistad-kwartet/ask-card"
    entry = state.play("3.3@2")
    assert entry.text.startswith("Ana asks Bo for Quartet 3, card 3 \u2014 Bo has it and hands it over.")
    assert hand(state, 1) == ["3.4"]


@covers("keistad-kwartet/ask-card")
def test_asking_for_a_whole_quartet_takes_every_card_of_it():
    state = table(hands=[["3.1", "5.1"], ["3.2", "3.4", "5.2"]], pot=["8.1"], options={"ask_for": "quartet"})
    assert rule_of(state, "3.2@2") == "keistad-kwartet/ask-card"
    entry = state.play("3@2")
    assert entry.text.startswith("Ana asks Bo for Quartet 3 \u2014 Bo hands over card 2 and card 4.")
    assert hand(state, 0) == ["3.1", "3.2", "3.4", "5.1"] and state.to_move == 0
    knowledge = state.knowledge()
    assert notation(knowledge.known_not_in(1)) == ["3.1", "3.2", "3.3", "3.4"]
    entry = state.play("3@2")
    assert "Bo has none of it. Ana draws a card from the pot. Bo takes over the turn." in entry.text


@covers("keistad-kwartet/bluff")
def test_asking_for_your_own_card_is_a_bluff_that_ends_the_turn():
    state = table(hands=[["3.1", "3.2"], ["5.1"]], pot=["9.4"])
    assert state.is_legal("3.1@2")
    entry = state.play("3.1@2")
    assert "Bo does not have it" in entry.text and state.to_move == 1
    assert hand(state, 0) == ["3.1", "3.2", "9.4"]
    # The table cannot tell a bluff from a real ask: it learns only that Ana collects quartet 3.
    knowledge = state.knowledge()
    assert 2 in knowledge.holds_some(0) and not knowledge.known_not_in(0) & 1 << 8


REST = [[1, 2, 4], [6, 7, 8], [9, 10, 11]]  # laid down already, so that with quartets 3 and 5 in hand the pot is empty


@covers("keistad-kwartet/bluff")
def test_bluffing_can_be_forbidden_and_then_every_ask_tells():
    hands = [["3.1", "3.2", "5.4"], ["5.1", "5.2", "5.3"], ["3.3", "3.4"]]
    state = table(3, hands=hands, quartets=REST, options={"bluff": "forbidden"})
    assert state.view()["pot"] == 0
    assert rule_of(state, "3.1@2") == "keistad-kwartet/bluff"
    assert "3.1@2" not in [str(m) for m in state.legal_moves()]
    state.play("3.3@2")
    knowledge = state.knowledge()
    assert "3.3" in notation(knowledge.known_not_in(0))  # Ana may not ask for her own card
    assert knowledge.where(4 * 2 + 2) == 2  # not Ana's, not Bo's, no pot: Cy has it
    # Where bluffs are allowed, Ana might hold the card herself.
    allowed = table(3, hands=hands, quartets=REST)
    allowed.play("3.3@2")
    assert allowed.knowledge().where(4 * 2 + 2) is None


@covers("keistad-kwartet/hand-over", "keistad-kwartet/ask-again")
def test_a_hit_hands_the_card_over_and_you_ask_again():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "7.1"], ["3.3"]])
    entry = state.play("3.2@2")
    assert entry.text == ("Ana asks Bo for Quartet 3, card 2 \u2014 Bo has it and hands it over. Ana asks again.")
    assert entry.rule == "keistad-kwartet/hand-over"
    assert hand(state, 0) == ["3.1", "3.2", "5.1"] and hand(state, 1) == ["7.1"]
    assert state.to_move == 0
    state.play("3.3@3")
    assert state.to_move == 0


@covers("keistad-kwartet/ask-again")
def test_by_default_a_player_handed_a_card_must_go_on_asking():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "7.1"], ["3.3"]])
    state.play("3.2@2")
    assert "stop" not in [str(m) for m in state.legal_moves()]
    problem = state.why_illegal("stop")
    assert problem.rule == "keistad-kwartet/ask-again" and "until you miss" in problem.reason


@covers("keistad-kwartet/ask-again")
def test_with_ask_again_may_a_player_handed_a_card_may_stop_and_the_left_neighbour_goes_on():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "7.1", "5.2"], ["3.3"]], options={"ask_again": "may"})
    assert state.why_illegal("stop").rule == "keistad-kwartet/ask-again"  # nothing handed over yet
    state.play("3.2@2")
    assert str(state.legal_moves()[-1]) == "stop"
    entry = state.play("stop")
    assert entry.text == "Ana stops asking. Bo, on Ana's left, takes over the turn."
    assert entry.rule == "keistad-kwartet/ask-again" and state.to_move == 1
    assert hand(state, 0) == ["3.1", "3.2", "5.1"]
    state.play("5.1@1")  # Bo hits, and may stop too ...
    state.play("7.2@3")  # ... but asks on and misses: Cy, who was asked, may not stop before a hand-over
    assert state.to_move == 2 and "stop" not in [str(m) for m in state.legal_moves()]
    assert explorer.replay(state.to_record()).to_record() == state.to_record()


@covers("keistad-kwartet/miss-draw", "keistad-kwartet/turn-passes")
def test_a_miss_draws_from_the_pot_and_the_asked_player_goes_on():
    state = table(3, hands=[["3.1", "5.1"], ["7.1"], ["3.2"]], pot=["9.4", "10.1"])
    entry = state.play("3.2@2")
    assert entry.text == ("Ana asks Bo for Quartet 3, card 2 \u2014 Bo does not have it. Ana draws a card from the "
                          "pot. Bo takes over the turn.")
    assert entry.rule == "keistad-kwartet/miss-draw"
    assert hand(state, 0) == ["3.1", "5.1", "9.4"]
    assert state.to_move == 1 and state.view()["pot"] == len(state.pot)
    # Bo was asked, so Bo goes on, though Cy sits between Bo and Ana.
    state.play("7.2@3")
    assert state.to_move == 2


@covers("keistad-kwartet/empty-pot")
def test_with_the_pot_empty_a_miss_still_passes_the_turn():
    state = explorer.new(GAME, 3, seed=2, options={"deal": "all"})
    assert state.view()["pot"] == 0
    me = state.to_move
    move = next(m for m in state.legal_moves() if not state.hands[m.target] >> m.card & 1)
    entry = state.play(move)
    assert "The pot is empty, so nothing is drawn." in entry.text
    assert entry.rule == "keistad-kwartet/empty-pot" and state.to_move == move.target != me


@covers("keistad-kwartet/kwartet")
def test_a_completed_quartet_goes_down_at_once():
    state = table(hands=[["3.1", "3.2", "3.3", "5.1"], ["3.4", "5.2"]], pot=["5.3", "5.4"])
    entry = state.play("3.4@2")
    assert "Ana calls \u201ckwartet!\u201d and lays down Quartet 3." in entry.text
    assert entry.rule == "keistad-kwartet/kwartet"
    assert state.view()["laid"] == [[3], []] and hand(state, 0) == ["5.1"] and state.scores()[0].total == 1


@covers("keistad-kwartet/kwartet")
def test_a_quartet_completed_by_a_draw_or_by_the_deal_goes_down_too():
    state = table(hands=[["5.1", "5.2", "5.3", "3.1"], ["4.1"]], pot=["5.4"])
    assert state.view()["laid"] == [[], []]
    entry = state.play("5.4@2")  # a miss: Ana draws the 5.4
    assert "Ana draws a card from the pot. Ana calls \u201ckwartet!\u201d and lays down Quartet 5." in entry.text
    dealt = table(hands=[quartet(7) + ["1.1"], ["1.2"]])
    assert dealt.view()["laid"] == [[7], []] and hand(dealt, 0) == ["1.1"]
    assert "lays down Quartet 7" in dealt.opening
    assert rule_of(dealt, "7.1@2") == "keistad-kwartet/kwartet"


@covers("keistad-kwartet/empty-hand")
def test_a_player_without_cards_draws_from_the_pot():
    state = table(3, hands=[["3.1", "5.1"], ["3.2"], ["8.1"]], pot=["9.1", "9.2"])
    entry = state.play("3.2@2")
    assert "Bo has no cards left and draws one from the pot." in entry.text
    assert hand(state, 1) == ["9.1"] and not state.out[1]


@covers("keistad-kwartet/empty-hand")
def test_a_player_without_cards_and_no_pot_is_out():
    state = table(3, hands=[["3.1", "3.2", "3.3", "5.1"], ["3.4"], ["5.2", "5.3", "5.4"]], quartets=REST)
    entry = state.play("3.4@2")
    assert "Bo has no cards left and is out of the game. Ana asks again." in entry.text
    assert state.out == [False, True, False] and state.view()["out"] == [False, True, False]
    assert {m.target for m in state.legal_moves()} == {2}


@covers("keistad-kwartet/empty-hand")
def test_when_the_player_to_move_runs_out_the_turn_passes_left():
    state = table(3, hands=[["3.1", "3.2", "3.3"], ["3.4", "5.1"], ["5.2", "5.3", "5.4"]], quartets=REST)
    assert state.view()["pot"] == 0
    entry = state.play("3.4@2")
    assert "Ana has no cards left and is out of the game. It is Bo's turn." in entry.text
    assert state.to_move == 1 and state.out == [True, False, False]
    assert rule_of(state, "5.2@1") == "keistad-kwartet/empty-hand"


@covers("keistad-kwartet/empty-hand")
def test_with_empty_hand_out_a_player_is_out_even_with_a_pot():
    state = table(3, hands=[["3.1", "5.1"], ["3.2"], ["8.1"]], pot=["9.1"], options={"empty_hand": "out"})
    entry = state.play("3.2@2")
    assert "Bo has no cards left and is out of the game." in entry.text
    assert state.out == [False, True, False] and state.view()["pot"] == len(state.pot) > 0


@covers("keistad-kwartet/lone-player", "keistad-kwartet/game-end", "keistad-kwartet/winner")
def test_the_last_player_in_the_game_takes_the_pot():
    state = table(hands=[["3.1", "3.2", "3.3"], ["3.4"]], options={"empty_hand": "out"})
    entry = state.play("3.4@2")
    assert "Ana has no cards left and is out of the game." in entry.text
    assert "Bo is the only player left in the game and takes the rest of the pot (40 cards)." in entry.text
    assert state.is_over() and entry.rule == "keistad-kwartet/game-end"
    assert [s.total for s in state.scores()] == [1, 10]
    assert state.result().winners == (1,)
    assert entry.text.endswith("All quartets are down: the game is over. Bo wins with 10 quartets.")


@covers("keistad-kwartet/game-end", "keistad-kwartet/winner")
def test_the_game_ends_when_the_last_quartet_is_down():
    state = table(hands=[["11.1", "11.2", "11.3"], ["11.4"]], quartets=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10]])
    assert not state.is_over()
    entry = state.play("11.4@2")
    assert state.is_over() and state.to_move is None and state.legal_moves() == []
    assert entry.rule == "keistad-kwartet/game-end"
    assert state.why_illegal("11.1@2").rule == "keistad-kwartet/game-end"
    result = state.result()
    assert result.winners == (0,) and result.tiebreak is None
    assert [s.total for s in result.scores] == [7, 4]
    assert result.scores[0].parts[-1] == ("Quartet 11", 1)


@covers("keistad-kwartet/no-progress", "keistad-kwartet/empty-pot")
def test_a_game_going_in_circles_ends_by_the_no_progress_rule():
    """The pot empty, two players bluff in turn forever; cards handed back and forth do not count either."""
    state = table(hands=[["10.1", "10.2", "11.1"], ["10.3", "10.4", "11.2", "11.3", "11.4"]],
                  quartets=[[1, 2, 3, 4, 5], [6, 7, 8, 9]], options={"no_progress": 200})
    assert state.view()["pot"] == 0
    state.play("10.3@2")  # a hit: Ana now holds 10.1-10.3 ...
    state.play("10.1@2")  # ... asks Bo for her own card, a miss ...
    state.play("10.3@1")  # ... and Bo takes it back
    while state.ply < 199:
        me = state.to_move
        state.play("10.1@2" if me == 0 else "11.2@1")  # each asks for a card of their own: a miss
    assert not state.is_over() and state.idle == 199
    entry = state.play("10.1@2" if state.to_move == 0 else "11.2@1")
    assert state.is_over() and state.legal_moves() == [] and entry.rule == "keistad-kwartet/no-progress"
    assert entry.text.endswith("200 moves in a row have drawn no card, laid down no quartet, played no bonus card "
                               "and put nobody out: the game ends here. Ana wins with 5 quartets.")
    assert state.result().winners == (0,) and explorer.replay(state.to_record()) == state


@covers("keistad-kwartet/no-progress")
def test_a_quartet_or_a_draw_starts_the_count_again():
    state = table(hands=[["10.1", "10.2"], ["10.3", "10.4", "11.1"]])
    state.play("10.3@2")
    assert state.idle == 1  # a card handed over is no progress: it may go back
    state.play("10.4@2")
    assert state.idle == 0 and state.laid[0] == [9]
    state.play(f"{hand(state, 0)[0]}@2")  # Ana's own card, drawn when her hand ran out: a miss, and a draw
    assert state.idle == 0 and state.to_move == 1


@covers("keistad-kwartet/tie")
@pytest.mark.parametrize("tiebreak,winners", [("shared", (0, 1)), ("first", (0,))])
def test_a_tie_on_quartets(tiebreak, winners):
    state = table(3, hands=[[], ["11.1", "11.2", "11.3"], ["11.4"]], first_player=1,
                  quartets=[[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]], options={"tiebreak": tiebreak, "empty_hand": "out"})
    state.play("11.4@3")
    result = state.result()
    assert result.winners == winners
    assert "tie on 4 quartets" in result.tiebreak and result.tiebreak_rule == "keistad-kwartet/tie"


# -- the bonus cards --------------------------------------------------------------------

BONUS = {"bonus_cards": True}


@covers("keistad-kwartet/bonus-cards")
def test_without_the_option_there_are_no_bonus_moves():
    state = table(hands=[["3.1"], ["3.2"]])
    for move in ("BS", "KF3", "SW3.2", "OM2"):
        assert rule_of(state, move) == "keistad-kwartet/bonus-cards"


@covers("keistad-kwartet/bonus-cards")
def test_each_bonus_card_is_played_once_then_put_aside():
    state = table(hands=[["3.1", "OM"], ["3.2", "5.1"]], options=BONUS)
    assert rule_of(state, "KF3") == "keistad-kwartet/bonus-cards"
    assert "do not hold" in state.why_illegal("KF3").reason
    state.play("OM2")
    assert state.view()["bonus"]["played"] == [{"card": "OM", "name": "Open Monumentendagen", "by": 0}]
    assert "OM" in state.inventory()
    assert "already been played" in state.why_illegal("OM2").reason
    assert rule_of(state, "OM2") == "keistad-kwartet/bonus-cards"


@covers("keistad-kwartet/bonus-timing")
def test_a_bonus_card_does_not_end_the_turn_and_a_hand_of_bonus_cards_must_play():
    state = table(hands=[["3.1", "SW", "KF"], ["3.2", "5.1"]], options=BONUS, pot=["9.1"])
    entry = state.play("SW3.2")
    assert entry.text.endswith("Ana goes on.") and state.to_move == 0
    only = table(hands=[["OM"], ["3.2", "5.1"]], options=BONUS)
    assert [str(m) for m in only.legal_moves()] == ["OM2"]
    assert rule_of(only, "3.1@2") == "keistad-kwartet/ask-category"


@covers("keistad-kwartet/beeldenstorm")
def test_beeldenstorm_deals_every_hand_and_the_pot_anew():
    state = table(3, hands=[["3.1", "BS", "5.1"], ["3.2", "6.1", "6.2"], ["3.3"]], options=BONUS)
    state.play("3.2@2")
    assert state.knowledge().known_in(0)
    before = state.inventory()
    entry = state.play("BS")
    assert "Beeldenstorm (the explorer's interpretation)" in entry.text and entry.rule == "keistad-kwartet/beeldenstorm"
    assert state.inventory() == before
    assert [h.bit_count() + 4 * len(state.laid[p]) for p, h in enumerate(state.hands)] == [3, 2, 1]
    knowledge = state.knowledge()
    assert all(knowledge.known_in(p) == 0 and knowledge.holds_some(p) == () for p in range(3))
    again = explorer.replay(state.to_record())
    assert again == state
    explicit = explorer.replay(state.to_record(explicit=True))
    assert explicit.hands == state.hands


@covers("keistad-kwartet/keistadfeesten")
def test_keistadfeesten_brings_every_card_of_a_quartet():
    state = table(3, hands=[["KF", "1.1"], ["3.2", "3.3", "5.1"], ["3.4", "6.1"]], options=BONUS)
    entry = state.play("KF3")
    assert entry.text == ("Ana plays Keistadfeesten (the explorer's interpretation): everyone brings Ana their cards "
                          "of Quartet 3: Bo brings card 2 and card 3; Cy brings card 4. Ana goes on.")
    assert hand(state, 0) == ["1.1", "3.2", "3.3", "3.4"] and state.to_move == 0
    knowledge = state.knowledge()
    assert "3.1" in notation(knowledge.known_not_in(1)) and "3.1" in notation(knowledge.known_not_in(2))
    assert rule_of(state, "KF3") == "keistad-kwartet/bonus-cards"
    # A quartet already laid down cannot be named.
    down = table(hands=[["KF", "1.1"], ["2.1"]], quartets=[[3], []], options=BONUS)
    assert rule_of(down, "KF3") == "keistad-kwartet/keistadfeesten"


@covers("keistad-kwartet/stadswandeling")
def test_stadswandeling_asks_everyone_in_turn():
    state = table(4, hands=[["SW", "1.1"], ["5.1"], ["3.2", "6.1"], ["3.1"]], options=BONUS)
    entry = state.play("SW3.2")
    assert entry.text == ("Ana plays Stadswandeling (the explorer's interpretation): Ana walks round the table "
                          "looking for Quartet 3, card 2: Bo does not have it; Cy has it and hands it over. "
                          "Ana goes on.")
    assert hand(state, 0) == ["1.1", "3.2"] and state.to_move == 0


@covers("keistad-kwartet/stadswandeling")
def test_a_walk_that_finds_nothing_tells_the_table_where_the_card_is_not():
    state = table(3, hands=[["SW", "1.1"], ["5.1"], ["6.1"]], options=BONUS)
    entry = state.play("SW3.2")
    assert "looking for Quartet 3, card 2: nobody has it." in entry.text
    knowledge = state.knowledge()
    assert all("3.2" in notation(knowledge.known_not_in(p)) for p in (1, 2))
    forbidden = table(hands=[["SW", "3.2"], ["5.1"]], options={**BONUS, "bluff": "forbidden"})
    assert rule_of(forbidden, "SW3.2") == "keistad-kwartet/bluff"
    down = table(hands=[["SW", "1.1"], ["2.1"]], quartets=[[3], []], options=BONUS)
    assert rule_of(down, "SW3.2") == "keistad-kwartet/stadswandeling"


@covers("keistad-kwartet/open-monumentendagen")
def test_open_monumentendagen_shows_a_hand_to_the_table():
    state = table(3, hands=[["OM", "1.1"], ["5.1", "KF"], ["6.1"]], options=BONUS)
    assert rule_of(state, "OM1") == "keistad-kwartet/open-monumentendagen"
    assert rule_of(state, "OM5") == "keistad-kwartet/open-monumentendagen"
    entry = state.play("OM2")
    assert entry.text == ("Ana plays Open Monumentendagen (the explorer's interpretation): Bo shows their hand to "
                          "the table: 5.1, KF. Ana goes on.")
    knowledge = state.knowledge()
    assert notation(knowledge.known_in(1)) == ["5.1", "KF"] and knowledge.unknown(1) == 0
    assert state.view(2)["hands"][1] is None  # shown, then taken back
