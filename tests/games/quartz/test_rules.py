"""Quartz, one scenario a rule: hand-set Mine decks (top card first), hands and collections.

In these tables an opponent with an empty Helper hand is never asked to
attack, so a two-player scenario in which only the active player holds cards
runs straight from reveal to decision.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import explorer
from explorer import OptionError, RecordError
from explorer.games.quartz import reconstruction
from explorer.games.quartz.state import ANNOUNCE, ATTACK, BELEZA, DECIDE, HIRE_
from tests.support import covers

from .tables import G, legal, play, refused, table, texts


# -- setting up --------------------------------------------------------------------------------

@covers(f"{G}/setup")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_secret_helpers_each_and_shuffles_the_mine(players):
    state = explorer.new(G, players, seed=4)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.helper_deck) == 38 - 5 * players
    assert len(state.mine) == 72 and state.line == []
    assert state.collections == [[] for _ in range(players)] and state.chests == [[] for _ in range(players)]
    inventory = state.inventory()
    assert inventory["Chest"] == players
    assert sum(n for card, n in inventory.items() if card in state.deck.kinds) == 72
    assert sum(n for card, n in inventory.items() if card.islower()) == 38
    assert explorer.new(G, players, seed=5).mine != state.mine  # the seed shuffles


@covers(f"{G}/setup")
def test_setup_fields_are_checked_and_named():
    with pytest.raises(RecordError) as caught:
        table(mine=["Q1", "Z9"])
    assert caught.value.field == "setup.mine" and "Z9" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        table(mine=["B8u4", "B8u4"])
    assert "more B8u4 cards than the deck has" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        table(hands=[["isso"], ["joker"]])
    assert caught.value.field == "setup.hands[1]"
    with pytest.raises(RecordError) as caught:
        table(first=2)
    assert caught.value.field == "setup.first_player"
    with pytest.raises(RecordError) as caught:
        explorer.new(G, 2, setup={"cards": []})
    assert "unknown field 'cards'" in str(caught.value)


@covers(f"{G}/setup")
def test_an_explicit_setup_replays_the_seeded_game():
    state = explorer.new(G, 3, seed=9)
    for move in ["explore"] + ["pass"] * 6:
        if state.is_over() or move not in legal(state):
            break
        state.play(move)
    again = explorer.replay(state.to_record(explicit=True))
    assert again.view() == state.view()


@covers(f"{G}/deck")
def test_the_deck_is_a_labelled_reconstruction_of_72_mine_and_38_helper_cards():
    deck = reconstruction()
    assert deck.label == "reconstruction"
    assert sum(deck.counts.values()) == 72 and sum(deck.helpers.values()) == 38
    assert set(deck.helpers) == {"beleza", "passa", "para", "posso", "presente", "isso", "semchance", "cadaver",
                                 "saifora"}
    state = explorer.new(G, 2, seed=1)
    assert state.view(0)["label"] == "reconstruction" and state.view()["deck"]["label"] == "reconstruction"
    assert "reconstruction" in state.html(0)


@covers(f"{G}/deck")
def test_a_setup_may_bring_its_own_deck():
    data = copy.deepcopy(dict(reconstruction().data))
    data["label"] = "the published deck"
    data["helpers"] = dict(data["helpers"], beleza=3, semchance=7)
    state = explorer.new(G, 2, seed=1, setup={"deck": data})
    assert state.view(1)["label"] == "the published deck"
    assert state.inventory()["semchance"] == 7
    again = explorer.replay(state.to_record())
    assert again.view() == state.view()


@covers(f"{G}/hidden-hands")
def test_helper_hands_are_secret_and_the_decks_face_down():
    state = explorer.new(G, 3, seed=2)
    view = state.view(1)
    assert view["players"][1]["hand"] == sorted(state.hands[1], key=list(explorer.games.quartz.HELPERS).index)
    assert view["players"][0]["hand"] is None and view["players"][0]["hand_count"] == 5
    assert view["mine_deck"] == 72 and isinstance(view["helper_deck"], int)
    assert "mine" not in view and all(state.view()["players"][p]["hand"] is not None for p in range(3))
    others = {tuple(state.determinize(1, seed).hands[0]) for seed in range(8)}
    assert len(others) > 1  # what Bo cannot see is dealt anew ...
    assert all(state.determinize(1, seed).view(1) == view for seed in range(8))  # ... and Bo sees no change


@covers(f"{G}/hidden-hands")
def test_a_card_not_in_hand_cannot_be_played():
    state = table(mine=["Q1", "A2", "E3"], hands=[[], ["passa"]], collections=[["Q1"], []])
    play(state, "explore")
    assert refused(state, "isso Q1", "hidden-hands") == "Bo holds no Isso Não Te Pertence Mais..."


@covers(f"{G}/first-player")
def test_the_youngest_player_seat_1_starts_or_a_seeded_seat():
    assert explorer.new(G, 4, seed=3).to_move == 0
    seats = {explorer.new(G, 4, seed=s, options={"first_player": "random"}).to_move for s in range(12)}
    assert len(seats) > 1
    assert table(players=3, first=2, mine=["Q1"]).to_move == 2
    with pytest.raises(OptionError):
        explorer.new(G, 3, options={"first_player": "oldest"})


@covers(f"{G}/turn-order")
def test_turns_pass_to_the_left_and_wrap_around():
    state = table(players=3, mine=["Q1", "A2"], collections=[["Q1"], ["A2"], ["E3"]])
    seen = []
    for column in ("Q1", "A2", "E3"):
        seen.append(state.turn)
        play(state, f"protect {column}")
    assert seen == [0, 1, 2] and state.turn == 0


# -- a turn ------------------------------------------------------------------------------------

@covers(f"{G}/announce")
def test_a_turn_begins_by_announcing_explore_or_protect():
    state = table(mine=["Q1", "A2"], collections=[["R6u1", "Q1"], []])
    assert legal(state) == ["explore", "protect Q1", "protect R6"]
    assert state.phase == ANNOUNCE
    refused(state, "continue", "announce")
    refused(state, "stop", "announce")


@covers(f"{G}/protect")
def test_protecting_moves_a_whole_column_into_the_chest_and_ends_the_turn_unattacked():
    state = table(mine=["Q1", "A2"], hands=[[], ["passa", "isso"]], collections=[["R6u1", "Q1", "R6u2"], []])
    play(state, "protect R6")
    assert state.chests[0] == ["R6u1", "R6u2"] and state.collections[0] == ["Q1"]
    assert state.turn == 1 and state.to_move == 1 and state.phase == ANNOUNCE  # no chance to attack
    assert texts(state) == "Ana protects the Ruby 6 column (2 cards) in their Chest."
    state = table(mine=["Q1"], collections=[["Q1"], []])
    assert refused(state, "protect E3", "protect") == "Ana has no Emerald 3 column to protect."


@covers(f"{G}/column")
def test_a_column_is_every_card_of_one_crystal_whatever_its_icons():
    state = table(mine=["E3"], collections=[["Q1", "Q1h", "A2", "Q1u1"], []])
    assert state.columns(0) == ["Q1", "A2"]
    assert state.view(0)["players"][0]["collection"] == {"Q1": ["Q1", "Q1h", "Q1u1"], "A2": ["A2"]}
    play(state, "protect Q1")
    assert sorted(state.chests[0]) == ["Q1", "Q1h", "Q1u1"]


@covers(f"{G}/chest")
def test_the_chest_is_private_safe_and_scored_at_the_end():
    state = table(mine=["E3", "A2"], hands=[[], ["isso"]], collections=[["Q1"], []], chests=[["S4", "S4h"], []])
    other, own = state.view(1)["players"][0], state.view(0)["players"][0]
    assert other["chest"] is None and other["chest_count"] == 2 and other["score"] is None
    assert other["points_shown"] == 1
    assert own["chest"] == {"S4": ["S4", "S4h"]} and own["score"] == 9
    play(state, "explore")
    assert legal(state) == ["pass", "isso Q1"]  # the Chest is out of reach
    play(state, "isso Q1, pass, continue")
    assert state.is_over() and state.collections == [["E3", "A2"], ["Q1"]]
    assert state.view(1)["players"][0]["chest"] == {"S4": ["S4", "S4h"]}  # opened for the scoring
    assert state.scores()[0].total == 3 + 2 + 8


@covers(f"{G}/reveal")
def test_exploring_reveals_the_top_mine_card_into_the_line():
    state = table(mine=["S4", "Q1", "A2"])
    entry = play(state, "explore").log[-1]
    assert state.line == ["S4"] and state.mine == ["A2", "Q1"]
    assert entry.text == "Ana announces: explore the mine. Ana reveals a Sapphire 4."
    assert state.phase == DECIDE


@covers(f"{G}/continue")
def test_to_work_reveals_one_more_card():
    state = play(table(mine=["S4", "Q1", "A2"]), "explore, continue")
    assert state.line == ["S4", "Q1"] and state.phase == DECIDE
    assert texts(state) == "\"To work!\": Ana reveals a Quartz 1."


@covers(f"{G}/stop")
def test_enough_for_today_collects_the_line():
    state = play(table(mine=["S4", "Q1", "A2"], collections=[["E3"], []]), "explore, continue, stop")
    assert state.collections[0] == ["E3", "S4", "Q1"] and state.line == []
    assert state.phase == BELEZA and legal(state) == ["pass"]  # no Mas Que Beleza! in hand
    play(state, "pass")
    assert state.turn == 1


@covers(f"{G}/hire")
def test_hire_a_helper_discards_the_card_and_draws_a_helper():
    state = play(table(mine=["Q1h", "A2", "E3"], helpers=["beleza", "isso"]), "explore")
    assert state.phase == HIRE_ and legal(state) == ["hire", "pass"]
    play(state, "hire")
    assert state.hands[0] == ["beleza"] and state.helper_deck == ["isso"]
    assert state.line == [] and state.mine_discard == ["Q1h"] and state.phase == DECIDE
    assert state.view(1)["players"][0]["hand"] is None  # the drawn card stays secret
    kept = play(table(mine=["Q1h", "A2", "E3"], helpers=["beleza"]), "explore, pass")
    assert kept.line == ["Q1h"] and kept.hands[0] == [] and kept.phase == DECIDE


def _deck_with_a_two_icon_ruby():
    data = copy.deepcopy(dict(reconstruction().data))
    for entry in data["mine"]:
        if entry["crystal"] == "Ruby" and entry["helper"]:
            entry["unstable"] = [1]
    return data


@covers(f"{G}/hire-timing")
def test_a_card_with_both_icons_blows_up_first_by_default():
    deck = _deck_with_a_two_icon_ruby()
    state = play(table(mine=["Q1u1", "R6hu1", "A2"], helpers=["semchance"], deck=deck), "explore, continue")
    assert "accident" in texts(state) and state.line == [] and state.turn == 1
    assert state.hands[0] == []


@covers(f"{G}/hire-timing")
def test_hire_first_lets_the_player_hire_the_dangerous_card_away():
    deck = _deck_with_a_two_icon_ruby()
    options = {"hire_timing": "hire-first"}
    state = play(table(mine=["Q1u1", "R6hu1", "A2"], helpers=["semchance"], deck=deck, options=options),
                 "explore, continue")
    assert state.phase == HIRE_
    play(state, "hire")
    assert state.line == ["Q1u1"] and state.hands[0] == ["semchance"] and state.phase == DECIDE
    state = play(table(mine=["Q1u1", "R6hu1", "A2"], helpers=["semchance"], deck=deck, options=options),
                 "explore, continue, pass")
    assert state.log[-1].rule == f"{G}/hire-timing" and "accident" in texts(state) and state.turn == 1


@covers(f"{G}/helper-refill")
def test_an_empty_helper_deck_is_refilled_from_the_used_cards():
    moves = "explore, pass, passa, semchance, continue"
    state = play(table(mine=["Q1", "Q1h", "A2"], hands=[["semchance"], ["passa"]]), moves)
    assert state.helper_deck == [] and sorted(state.helper_discard) == ["passa", "semchance"]
    assert state.phase == HIRE_
    play(state, "hire")
    assert "shuffled into a new deck" in texts(state)
    assert len(state.hands[0]) == 1 and len(state.helper_deck) == 1 and state.helper_discard == []
    none = play(table(mine=["Q1", "Q1h", "A2"], hands=[["semchance"], ["passa"]],
                      options={"helper_refill": "none"}), moves)
    assert none.phase == DECIDE and none.line == ["Q1", "Q1h"]  # nobody can hire any more


@covers(f"{G}/unstable")
def test_a_second_unstable_crystal_at_the_same_position_is_an_accident():
    state = play(table(mine=["Q1u1", "A2u2", "E3u1", "S4"]), "explore, continue")
    assert state.line == ["Q1u1", "A2u2"]  # positions 1 and 2: no trouble
    play(state, "continue")
    assert texts(state).startswith("\"To work!\": Ana reveals an Emerald 3 (unstable at 1). "
                                   "A second Unstable Crystal at position 1: accident!")
    state = play(table(mine=["S4u4", "Q1u2", "R6u14", "A2"]), "explore, continue, continue")
    assert "position 4: accident" in texts(state)  # a card with two icons clashes on either


@covers(f"{G}/accident")
def test_an_accident_discards_the_line_and_ends_the_turn():
    state = play(table(mine=["Q1u1", "A2", "E3u1", "S4"], collections=[["R6u2"], []]),
                 "explore, continue, continue")
    assert state.line == [] and state.mine_discard == ["Q1u1", "A2", "E3u1"]
    assert state.collections[0] == ["R6u2"]  # the collection is untouched
    assert state.turn == 1 and state.phase == ANNOUNCE


# -- attacks and defenses: when ----------------------------------------------------------------

@covers(f"{G}/attack-window")
def test_opponents_may_attack_after_the_announcement_each_reveal_and_the_stop():
    state = table(players=4, mine=["Q1", "A2", "E3"], hands=[[], ["semchance"], ["semchance"], ["semchance"]])
    asked = []
    play(state, "explore")
    while state.phase == ATTACK:
        asked.append((state.window, state.to_move))
        play(state, "pass")
    assert asked == [("announce", 1), ("announce", 2), ("announce", 3), ("reveal", 1), ("reveal", 2),
                     ("reveal", 3)]
    assert state.phase == DECIDE
    refused(state, "passa", "attack-window")
    play(state, "stop")
    assert (state.phase, state.window, state.to_move, state.turn) == (ATTACK, "stop", 1, 0)


@covers(f"{G}/attack-window")
def test_a_player_with_no_helper_card_is_not_asked():
    state = play(table(players=4, mine=["Q1", "A2"], hands=[[], ["isso"], [], ["isso"]]), "explore")
    assert state.queue == [1, 3]


@covers(f"{G}/attacks-per-window")
def test_one_attack_each_per_chance_or_as_many_as_they_like():
    moves = "explore, pass, pass, pass, pass, continue, passa, pass"
    hands = [[], ["passa", "passa"], ["semchance"]]
    state = play(table(players=3, mine=["Q1", "A2", "E3"], hands=hands), moves)
    assert state.collections[1] == ["A2"] and state.to_move == 2  # Bo has had his chance
    state = play(table(players=3, mine=["Q1", "A2", "E3"], hands=hands, options={"attacks_per_window": "any"}),
                 moves)
    assert state.to_move == 1 and "passa" in legal(state)  # Bo may take the next card too


@covers(f"{G}/defense")
def test_the_active_player_may_answer_an_attack_with_a_defense():
    state = table(mine=["Q1", "A2", "E3"], hands=[["semchance", "cadaver", "saifora"], ["passa"]])
    play(state, "explore, pass, passa")
    assert state.to_move == 0 and legal(state) == ["pass", "semchance"]
    refused(state, "isso Q1", "defense")
    play(state, "pass")
    assert state.collections[1] == ["Q1"] and state.line == []
    state = table(mine=["Q1", "A2", "E3"], hands=[[], ["passa", "semchance"]])
    play(state, "explore, pass")
    refused(state, "semchance", "defense")  # Defense cards belong to the active player


@covers(f"{G}/mas-que-beleza")
def test_mas_que_beleza_protects_a_column_when_the_player_stops():
    state = table(mine=["Q1", "A2"], hands=[["beleza"], []], collections=[["R6u1"], []])
    refused(state, "beleza R6", "announce")
    play(state, "explore, stop")
    assert legal(state) == ["pass", "beleza Q1", "beleza R6"]
    play(state, "beleza R6")
    assert state.chests[0] == ["R6u1"] and state.collections[0] == ["Q1"] and state.hands[0] == []
    assert state.helper_discard == ["beleza"] and state.turn == 1


@covers(f"{G}/beleza-timing")
def test_mas_que_beleza_after_an_accident_only_with_the_option():
    setup = dict(mine=["Q1u1", "A2u1", "E3"], hands=[["beleza"], []], collections=[["R6u1"], []])
    state = play(table(**setup), "explore, continue")
    assert state.turn == 1 and state.phase == ANNOUNCE
    state = play(table(**setup, options={"beleza_timing": "any-end"}), "explore, continue")
    assert state.turn == 0 and state.phase == BELEZA and "beleza R6" in legal(state)


@covers(f"{G}/beleza-timing", f"{G}/posso-ajudar")
def test_mas_que_beleza_still_follows_a_stop_that_an_attack_turned_into_an_accident():
    state = table(mine=["Q1u1", "E3", "A2u1", "S4", "R6u2"], hands=[["beleza"], ["posso"]],
                  collections=[["R6u1"], []])
    play(state, "explore, pass, pass, stop, posso, pass, keep E3")
    assert "position 1: accident" in texts(state)
    assert state.turn == 0 and state.phase == BELEZA and "beleza R6" in legal(state)


# -- the end -----------------------------------------------------------------------------------

@covers(f"{G}/last-card")
def test_the_last_card_is_resolved_collected_and_ends_the_game_without_attacks():
    state = play(table(mine=["Q1", "A2"], hands=[[], ["passa"]]), "explore, pass, pass, continue")
    assert state.is_over() and state.collections[0] == ["Q1", "A2"]
    assert "That was the last Mine card. Ana collects a Quartz 1 and an Amethyst 2." in texts(state)
    state = play(table(mine=["Q1u1", "A2u1"], collections=[["S4"], []]), "explore, continue")
    assert state.is_over() and state.collections[0] == ["S4"] and state.mine_discard == ["Q1u1", "A2u1"]


@covers(f"{G}/game-end")
def test_at_the_end_hands_are_discarded_and_everything_owned_is_scored():
    state = play(table(mine=["Q1", "A2"], hands=[["semchance"], ["passa"]], chests=[[], ["R6u1"]]),
                 "explore, pass, pass, continue")
    assert state.is_over() and state.to_move is None and state.legal_moves() == []
    assert state.hands == [[], []] and sorted(state.helper_discard) == ["passa", "semchance"]
    assert [s.total for s in state.scores()] == [3, 6]
    assert state.result().winners == (1,)
    assert state.why_illegal("explore").rule == f"{G}/game-end"


@covers(f"{G}/scoring", f"{G}/set-bonus")
def test_the_rule_books_examples_a_lone_4_and_four_identical_2s():
    state = table(mine=["Q1"], collections=[["S4"], ["A2", "A2", "A2", "A2"]])
    lone, four = state.scores()
    assert lone.total == 4 and lone.parts == (("Sapphire 4 x1", 4),)
    assert four.total == 13 and four.parts == (("Amethyst 2 x4", 8), ("set bonus Amethyst 2 x1", 5))
    icons = table(mine=["Q1"], collections=[["A2", "A2h", "A2u1", "A2u2"], []])
    assert icons.scores()[0].total == 13  # identical means same colour and value, whatever the icons


@covers(f"{G}/set-bonus")
def test_eight_identical_cards_are_two_sets_unless_the_option_says_once():
    cards = ["Q1"] * 8
    assert table(mine=["A2"], collections=[cards, []]).scores()[0].total == 8 + 10
    once = table(mine=["A2"], collections=[cards, []], options={"set_bonus": "once"})
    assert once.scores()[0].total == 8 + 5
    seven = table(mine=["A2"], collections=[["Q1"] * 7, []])
    assert seven.scores()[0].total == 7 + 5


def _tied(collections):
    return play(table(mine=["Q1u1", "A2u1"], collections=collections), "explore, continue")


@covers(f"{G}/tiebreak")
def test_ties_go_to_the_most_value_1_cards_then_value_2_then_shared():
    state = _tied([["Q1", "Q1", "A2"], ["A2", "A2"]])
    result = state.result()
    assert [s.total for s in result.scores] == [4, 4] and result.winners == (0,)
    assert result.tiebreak == "tie on 4 points broken by the most cards of value 1 (2)"
    assert result.tiebreak_rule == "quartz/tiebreak"
    state = _tied([["Q1", "S4"], ["Q1", "A2", "A2h"]])  # one Quartz each: the Amethysts decide
    assert state.result().winners == (1,) and "value 2" in state.result().tiebreak
    state = _tied([["Q1", "A2"], ["Q1h", "A2h"]])
    assert state.result().winners == (0, 1) and state.result().shared


# -- notation and records ------------------------------------------------------------------------

@covers(f"{G}/announce")
def test_every_move_notation_parses_back_and_bad_text_is_refused():
    game = explorer.game(G)
    for text in ["explore", "protect R6", "continue", "stop", "hire", "pass", "passa", "para", "posso",
                 "presente", "isso R6", "isso Q1+R6", "semchance", "cadaver E3", "cadaver", "saifora",
                 "beleza R6", "keep R6u25", "line Q1h"]:
        assert str(game.parse_move(text)) == text
    assert str(game.parse_move("isso R6+Q1")) == "isso Q1+R6"  # two cards in one canonical order
    for bad in ["explore now", "protect", "protect ruby", "isso", "isso R6+Q1+A2", "passa R6", "keep 7", "dig"]:
        with pytest.raises(explorer.InvalidMove):
            game.parse_move(bad)


def test_inventory_counts_every_card_wherever_it_lies():
    state = explorer.new(G, 3, seed=8)
    assert sum(state.inventory().values()) == 72 + 38 + 3
    assert Counter(state.deck.mine_cards()) == Counter({c: n for c, n in state.inventory().items()
                                                       if c in state.deck.kinds})


# -- the open reading of a stop ---------------------------------------------------------------

@covers(f"{G}/collect-on-stop", f"{G}/isso-nao-te-pertence")
def test_after_a_stop_isso_steals_only_what_was_collected_before_by_default():
    state = play(table(mine=["E3", "A2"], hands=[[], ["isso"]], collections=[["Q1"], []]),
                 "explore, pass, pass, stop")
    assert state.window == "stop" and state.line == ["E3"]
    assert legal(state) == ["pass", "isso Q1"]  # E3 is still in the line, not yet collected
    play(state, "isso Q1, pass")  # Ana, without a defense, lets it happen
    assert state.collections == [["E3"], ["Q1"]]


@covers(f"{G}/collect-on-stop")
def test_collecting_at_once_on_a_stop_lets_isso_steal_the_cards_just_collected():
    state = table(mine=["E3", "A2"], hands=[[], ["isso"]], collections=[["Q1"], []],
                  options={"collect_on_stop": "at-once"})
    entry = play(state, "explore, pass, pass").play("stop")
    assert "Ana collects an Emerald 3" in entry.text and state.line == [] and state.collections[0] == ["Q1", "E3"]
    assert legal(state) == ["pass", "isso Q1", "isso E3", "isso Q1+E3"]
    entry = play(state, "isso E3").play("pass")
    assert state.collections == [["Q1"], ["E3"]] and "collects" not in entry.text
