"""PETS: one scenario test a rule at least, each on a position set up by hand.

The rule sheet's worked examples are here as they are written: Example A
(5 cats beat 4), Example B (a row of 8 cards in 5 groups, and what each of
its two takes sends to the Scoring Zone) and the two scoring examples,
(3 + 1) x 2 = 8 and 6 x 3 = 18.
"""

from __future__ import annotations

from collections import Counter

import pytest

import explorer
from explorer import IllegalMove, InvalidMove, RecordError
from explorer.games.pets import KINDS, RoundScore, groups_of
from explorer.games.pets.state import full_deck
from tests.support import covers

EXAMPLE_B = [24, 24, 15, 15, 15, 6, 18, 24]


def rest_of(*placed: list[int]) -> list[int]:
    """The cards of the game that none of ``placed`` holds, in order of kind."""
    left = Counter(full_deck())
    for cards in placed:
        left.subtract(cards)
    assert all(n >= 0 for n in left.values()), "a test placed more cards of a kind than exist"
    return sorted(left.elements())


def table(players: int = 2, *, names=None, seed: int = 1, options=None, **setup) -> explorer.State:
    """A match laid out by hand; ``first_player`` defaults to seat 0 (Ana)."""
    setup.setdefault("first_player", 0)
    return explorer.new("pets", players, seed, options, setup=setup, names=names)


def exhausted(rows, zone=(), fronts=None, players: int = 2, options=None, **setup) -> explorer.State:
    """A match whose draw and discard piles are used up: every card not on the table is in Bo's hand."""
    fronts = fronts or [[] for _ in range(players)]
    ana = setup.pop("ana", [])
    others = [[] for _ in range(players - 2)]
    bo = rest_of(*rows, list(zone), *fronts, ana)
    return table(players, rows=rows, zone=list(zone), fronts=fronts, hands=[ana, bo, *others], draw=[],
                 discard=[], options=options, **setup)


# -- setting up ---------------------------------------------------------------------------

@covers("pets/setup")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal(players):
    state = explorer.new("pets", players, seed=3)
    assert sorted(state.inventory().items()) == [(k, k) for k in KINDS]
    assert sum(state.inventory().values()) == 105
    view = state.view()
    assert view["hand_sizes"] == [7] * players
    assert [len(row) for row in view["rows"]] == [10, 10, 10]
    assert view["draw"] == 105 - 7 * players - 30
    assert view["discard"] == [] and view["zone"] == [0] * 7 and view["round"] == 1


@covers("pets/setup")
def test_a_setup_is_checked_field_by_field():
    with pytest.raises(RecordError) as caught:
        table(hands=[[7], []])
    assert caught.value.field == "setup.hands[0]"
    with pytest.raises(RecordError) as caught:
        table(rows=[[6] * 7, [], []])
    assert "more 6s" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        table(zone=[24] * 6)
    assert caught.value.field == "setup.zone"
    with pytest.raises(RecordError) as caught:
        table(fronts=[[21], [21]])
    assert caught.value.field == "setup.fronts"
    with pytest.raises(RecordError) as caught:
        table(known=[[6], []])
    assert caught.value.field == "setup.known[0]"
    with pytest.raises(RecordError) as caught:
        table(round=3)
    assert caught.value.field == "setup.round"
    with pytest.raises(RecordError):
        table(tiles=[])


@covers("pets/setup")
def test_the_explicit_setup_replays_the_same_game():
    import random

    state = explorer.new("pets", 3, seed=11)
    choose = random.Random(11).choice
    while not state.is_over():
        state.play(choose(state.legal_moves()))
    again = explorer.replay(state.to_record(explicit=True))
    assert again == state and [e.text for e in again.log] == [e.text for e in state.log]


@covers("pets/first-player")
def test_the_first_player():
    assert explorer.new("pets", 4, seed=5).to_move == 0  # seat 1: the oldest player sits there
    assert explorer.new("pets", 4, seed=5, options={"first_player": 3}).to_move == 2
    drawn = {explorer.new("pets", 4, seed=s, options={"first_player": "random"}).to_move for s in range(30)}
    assert drawn == {0, 1, 2, 3}
    assert table(3, first_player=2).to_move == 2
    with pytest.raises(explorer.OptionError):
        explorer.new("pets", 2, options={"first_player": 3})


# -- what each player sees ----------------------------------------------------------------

@covers("pets/hidden-hands")
def test_hands_are_secret_and_the_draw_pile_is_face_down():
    state = table(3, hands=[[6, 9], [12, 12], [24]], rows=[[21, 18], [15], [9, 9]])
    mine = state.view(1)
    assert mine["hands"] == [None, [12, 12], None] and mine["hand_sizes"] == [2, 2, 1]
    assert state.view()["hands"] == [[6, 9], [12, 12], [24]]
    assert isinstance(mine["draw"], int) and mine["draw_known"] is None
    for seed in range(5):
        twin = state.determinize(1, seed)
        assert twin.view(1) == mine
        assert twin.inventory() == state.inventory()
    assert any(state.determinize(1, s).view()["hands"][0] != [6, 9] for s in range(5))


@covers("pets/hidden-hands", "pets/take")
def test_cards_taken_from_a_row_stay_known_to_everyone():
    state = table(3, hands=[[6], [12], [9]], rows=[[21, 21, 18], [15], [9, 9]])
    state.play("take 1L")  # Ana takes 2 cats in full view
    assert state.view(2)["known"][0] == [21, 21]
    for seed in range(10):
        twin = state.determinize(2, seed)
        assert twin.hands[0][21] >= 2 and twin.view(2) == state.view(2)
    state.play("add 2R 12")
    state.play("play 9x1")
    state.play("play 21x1")  # Ana plays one of the two known cats: one stays known
    assert state.view(1)["known"][0] == [21]


@covers("pets/hidden-hands", "pets/reshuffle")
def test_after_a_reshuffle_the_draw_pile_holds_known_cards():
    state = table(hands=[[6], [12]], rows=[[21], [15, 15], [9]], draw=[24, 24], discard=rest_of(
        [6], [12], [21], [15, 15], [9], [24, 24]))
    state.play("take 1L")
    view = state.view(1)
    assert view["draw_known"] is not None and len(view["draw_known"]) == view["draw"]
    twin = state.determinize(1, 4)
    assert sorted(twin.draw) == sorted(state.draw) and twin.view(1) == view


# -- a turn ---------------------------------------------------------------------------------

@covers("pets/turn-order")
def test_play_goes_clockwise():
    state = table(3, hands=[[6], [9], [12]], rows=[[21], [15], [24]])
    seen = []
    for move in ("add 1L 6", "add 1L 9", "add 1L 12", "take 2R"):
        seen.append(state.to_move)
        state.play(move)
    assert seen == [0, 1, 2, 0] and state.to_move == 1


@covers("pets/one-action")
def test_three_actions_and_no_pass():
    state = table(hands=[[21, 21, 6], [9]], rows=[[18], [15], [24, 12]])
    kinds = {str(m).split()[0] for m in state.legal_moves()}
    assert kinds == {"play", "add", "take"}
    with pytest.raises(InvalidMove):
        state.play("pass")
    assert state.why_illegal(object()).rule == "pets/one-action"


@covers("pets/play")
def test_play_cards_of_one_kind_in_front():
    state = table(hands=[[21, 21, 21, 6], [9]], rows=[[18], [15], [24]])
    legal = {str(m) for m in state.legal_moves() if str(m).startswith("play")}
    assert legal == {"play 21x1", "play 21x2", "play 21x3", "play 6x1"}
    state.play("play 21x2")
    assert state.view()["fronts"][0] == [0, 0, 0, 0, 0, 2, 0]
    assert state.view()["hands"][0] == [6, 21]
    assert state.why_illegal("play 9x2").rule == "pets/play"  # Bo holds one pig
    state.play("add 1L 9")
    assert state.why_illegal("play 6x2").rule == "pets/play"


@covers("pets/play-new-kind")
def test_no_second_play_of_a_kind_you_show():
    state = table(hands=[[21, 21, 21], [9]], rows=[[18], [15], [24]], fronts=[[21], []])
    why = state.why_illegal("play 21x3")
    assert why.rule == "pets/play-new-kind"
    assert not any(str(m).startswith("play 21") for m in state.legal_moves())


@covers("pets/play-beat")
def test_example_a_five_cats_beat_four():
    """Zhiming shows 4 cats; Chunjiao must play at least 5, and then his 4 are discarded."""
    state = table(names=["Chunjiao", "Zhiming"], hands=[[21] * 6, [9]], fronts=[[], [21] * 4],
                  rows=[[18], [15], [24]])
    why = state.why_illegal("play 21x4")
    assert why.rule == "pets/play-beat" and "Zhiming" in why.reason and "at least 5" in why.reason
    with pytest.raises(IllegalMove):
        state.play("play 21x4")
    assert {str(m) for m in state.legal_moves() if str(m).startswith("play")} == {"play 21x5", "play 21x6"}
    entry = state.play("play 21x5")
    assert entry.rule == "pets/play-beat"
    view = state.view()
    assert view["fronts"][0][5] == 5 and view["fronts"][1][5] == 0
    assert view["discard"] == [21] * 4


@covers("pets/add")
def test_add_a_card_to_either_end_of_a_row():
    state = table(hands=[[6, 9], [12]], rows=[[18, 21], [15], [24]])
    state.play("add 1L 6")
    state.play("add 1R 12")
    assert state.rows[0] == [6, 18, 21, 12]
    assert state.why_illegal("add 2L 24").rule == "pets/add"  # Ana holds no dog


@covers("pets/add-empty-row")
def test_adding_to_an_empty_row():
    state = exhausted(rows=[[], [15, 9], [24]], ana=[6])
    assert state.is_legal("add 1L 6") and state.is_legal("add 1R 6")
    assert state.play("add 1L 6").rule == "pets/add-empty-row"
    assert state.rows[0] == [6]
    forbidden = exhausted(rows=[[], [15, 9], [24]], ana=[6], options={"empty_row": "forbidden"})
    assert forbidden.why_illegal("add 1L 6").rule == "pets/add-empty-row"
    assert "add 1L 6" not in {str(m) for m in forbidden.legal_moves()}


@covers("pets/row-length")
def test_rows_have_no_length_limit_unless_the_option_sets_one():
    long_row = [6, 9] * 5 + [12]
    state = table(hands=[[24], [24]], rows=[long_row, [15], [18]])
    state.play("add 1R 24")
    assert len(state.rows[0]) == 12
    limited = table(hands=[[24], [24]], rows=[[6, 9] * 5, [15], [18]], options={"row_limit": 10})
    assert limited.why_illegal("add 1R 24").rule == "pets/row-length"
    assert limited.is_legal("add 2R 24")


# -- groups and takes ---------------------------------------------------------------------

@covers("pets/groups")
def test_example_b_the_row_holds_five_groups():
    assert groups_of(EXAMPLE_B) == [(24, 2), (15, 3), (6, 1), (18, 1), (24, 1)]
    state = table(hands=[[6], [9]], rows=[EXAMPLE_B, [12], [21]])
    assert state.view()["groups"][0] == [[24, 2], [15, 3], [6, 1], [18, 1], [24, 1]]


@covers("pets/take")
def test_example_b_taking_the_two_dogs_on_the_left_sends_the_three_rabbits():
    state = table(hands=[[6], [9]], rows=[list(EXAMPLE_B), [12], [21]])
    entry = state.play("take 1L")
    assert entry.rule == "pets/take"
    assert state.hands[0][24] == 2
    assert state.view()["zone"] == [0, 0, 0, 3, 0, 0, 0]
    assert state.rows[0] == [6, 18, 24]


@covers("pets/take")
def test_example_b_taking_the_dog_on_the_right_sends_the_chick():
    state = table(hands=[[6], [9]], rows=[list(EXAMPLE_B), [12], [21]])
    state.play("take 1R")
    assert state.hands[0][24] == 1
    assert state.view()["zone"] == [0, 0, 0, 0, 1, 0, 0]
    assert state.rows[0] == [24, 24, 15, 15, 15, 6]


@covers("pets/take-last-group")
def test_taking_a_rows_only_group_moves_nothing():
    state = table(hands=[[6], [9]], rows=[[12, 12, 12], [15, 21], [24]])
    entry = state.play("take 1R")
    assert entry.rule == "pets/take-last-group" and "nothing moves" in entry.text
    assert state.hands[0][12] == 3 and state.view()["zone"] == [0] * 7
    assert len(state.rows[0]) == 10  # emptied, so refilled at once


@covers("pets/always-an-action")
def test_an_empty_hand_can_still_take():
    state = table(hands=[[], [9]], rows=[[12, 15], [], [24]])
    assert {str(m) for m in state.legal_moves()} == {"take 1L", "take 1R", "take 3L", "take 3R"}


# -- refills --------------------------------------------------------------------------------

@covers("pets/refill")
def test_an_emptied_row_is_refilled_at_once_from_the_top_of_the_draw_pile():
    draw = [6, 9, 12, 15, 18, 21, 24, 24, 21, 18, 15, 12]
    state = table(hands=[[6], [9]], rows=[[12], [15], [24]], draw=draw,
                  discard=rest_of([6], [9], [12], [15], [24], draw))
    entry = state.play("take 1L")
    assert entry.rule == "pets/take-last-group" and "At once, row 1 is refilled with 10 cards" in entry.text
    assert state.rows[0] == draw[:10]  # the first card drawn lies at the left end
    assert state.view()["draw"] == 2 and state.draw[::-1] == draw[10:]  # the rest, top first


@covers("pets/reshuffle")
def test_the_discard_pile_is_shuffled_into_a_new_draw_pile():
    draw = [24, 24, 24]
    discard = rest_of([6], [9], [12], [15], [21], draw)
    state = table(hands=[[6], [9]], rows=[[12], [15], [21]], draw=draw, discard=discard)
    state.play("take 1R")
    assert state.rows[0][:3] == [24, 24, 24]
    assert len(state.rows[0]) == 10 and state.view()["discard"] == []
    assert len(state.draw) == len(discard) - 7
    assert "the draw pile ran out after 3 cards: the discard pile's 97 cards were shuffled" in state.log[-1].text


@covers("pets/partial-refill")
def test_a_row_gets_what_is_left_when_both_piles_run_out():
    ana = rest_of([9], [12], [15], [21], [24, 24], [6, 6, 6])
    state = table(hands=[ana, [9]], rows=[[12], [15], [21]], draw=[24, 24], discard=[6, 6, 6])
    state.play("take 1L")
    assert sorted(state.rows[0]) == [6, 6, 6, 24, 24] and state.rows[0][:2] == [24, 24]
    assert state.view()["draw"] == 0 and state.view()["discard"] == []
    assert not state.is_over()


@covers("pets/refill-then-trigger")
def test_the_row_is_refilled_before_the_round_is_scored():
    draw = [6, 9, 12, 15, 18, 21, 6, 9, 12, 15]
    discard = rest_of([6], [9], [9, 24], [21], [15], [24] * 5, draw)
    state = table(hands=[[6], [9]], rows=[[9, 24], [21], [15]], zone=[24] * 5, draw=draw, discard=discard)
    entry = state.play("take 1L")
    assert entry.rule == "pets/trigger"
    assert state.rows[0] == draw  # from the draw pile, not from the cards the scoring discarded
    assert state.round == 2


# -- rounds ---------------------------------------------------------------------------------

@covers("pets/trigger")
def test_the_round_ends_when_a_kind_reaches_six_in_the_zone():
    state = table(hands=[[6], [9]], rows=[[18, 24, 24], [12, 24], [21]], zone=[24] * 3, fronts=[[24], []])
    state.play("take 1L")  # two dogs join the three: five
    assert state.round == 1 and state.view()["zone"][6] == 5
    entry = state.play("take 2L")  # one more dog, counted with the five already there
    assert entry.rule == "pets/trigger" and "round 1 ends" in entry.text
    assert state.round == 2 and state.view()["round_scores"] == [[6, 0]]


@covers("pets/scoring")
def test_xiaofen_wins_three_dogs_and_a_fish():
    """(3 + 1) x 2 = 8: the cards she shows herself do not count."""
    state = table(names=["Xiaofen", "Bo"], hands=[[6], [9]], rows=[[9, 15], [21], [18]],
                  fronts=[[24, 24, 12], [21]], zone=[24, 24, 24, 12, 15, 15, 15, 15, 15])
    now = state.round_score(0)
    assert now == RoundScore(0, ((12, 1), (24, 3))) and now.points == 8 and str(now) == "(1 + 3) × 2 = 8"
    assert state.view()["score_now"] == [[4, 2, 8], [0, 0, 0]]
    state.play("take 1L")  # a sixth rabbit: the round is scored
    assert state.scores()[0].total == 8 and state.scores()[0].parts == (("round 1: 4 cards × 2 kinds", 8),)
    assert state.scores()[1].total == 0


@covers("pets/scoring")
def test_six_cards_of_three_kinds_score_eighteen():
    state = table(names=["Xiaofen", "Bo"], hands=[[6], [9]], rows=[[6, 15], [21], [18]],
                  fronts=[[24, 12, 9], []], zone=[24, 24, 12, 12, 9, 9, 15, 15, 15, 15, 15])
    assert state.round_score(0).points == 18
    state.play("take 1L")
    assert state.scores()[0].total == 18 and state.scores()[0].parts[0][0] == "round 1: 6 cards × 3 kinds"


@covers("pets/scoring-discard")
def test_after_scoring_fronts_and_zone_are_discarded_hands_and_rows_stay():
    state = table(hands=[[6, 6], [9, 12]], rows=[[9, 24], [21, 21], [15, 18]], fronts=[[24, 24], [18]],
                  zone=[24] * 5 + [12])
    entry = state.play("take 1L")
    assert entry.rule == "pets/trigger"
    view = state.view()
    assert view["fronts"] == [[0] * 7, [0] * 7] and view["zone"] == [0] * 7
    assert view["discard"] == sorted([24, 24, 18] + [24] * 6 + [12])
    assert view["hands"] == [[6, 6, 9], [9, 12]]
    assert view["rows"][1:] == [[21, 21], [15, 18]] and len(view["rows"][0]) == 10


@covers("pets/round-refill", "pets/next-round")
def test_empty_rows_are_refilled_before_the_next_round():
    # The piles are used up, so row 1 is empty and row 2 stays empty once taken; the scoring's
    # discards then refill both before round 2, which the player on the trigger's left starts.
    state = exhausted(players=3, rows=[[], [9, 24], [12]], zone=[24] * 5, fronts=[[], [24], []], first_player=1)
    entry = state.play("take 2L")
    assert entry.rule == "pets/trigger"
    assert state.round == 2 and state.to_move == 2
    assert sorted(state.rows[0] + state.rows[1]) == sorted([24] * 7)  # the 6 dogs of the zone, 1 shown
    assert state.rows[2] == [12]
    assert "Before the next round, row 1" in entry.text and "Cy, on Bo's left, starts round 2" in entry.text


@covers("pets/next-round")
def test_the_player_left_of_the_trigger_starts_the_next_round():
    state = table(4, hands=[[6], [9], [12], [15]], rows=[[9, 24], [21], [18]], zone=[24] * 5, first_player=3)
    state.play("take 1L")  # Dee triggers: Ana, on her left, starts
    assert state.round == 2 and state.to_move == 0


# -- the end --------------------------------------------------------------------------------

def three_quick_rounds(ana: list[int], bo: list[int], fronts=None) -> explorer.State:
    """Three takes, three scorings: dogs, then cats, then chicks reach six in the Scoring Zone."""
    rows = [[9, 24], [9] + [21] * 6, [9] + [18] * 6]
    return table(hands=[ana, bo], rows=rows, zone=[24] * 5, fronts=fronts or [[24], [21]])


@covers("pets/game-end", "pets/winner")
def test_the_game_ends_after_the_third_scoring():
    state = three_quick_rounds([6], [12], fronts=[[24, 18], [21]])
    state.play("take 1L")  # Ana: 6 dogs, she shows dogs
    assert (state.round, state.to_move) == (2, 1)
    state.play("take 2L")  # Bo: 6 cats, nobody shows anything now
    assert (state.round, state.to_move) == (3, 0)
    assert state.view()["round_scores"] == [[6, 0], [0, 0]]
    entry = state.play("take 3L")
    assert entry.rule == "pets/trigger" and state.is_over() and state.ended_by == "rounds"
    assert "The game is over" in entry.text
    assert state.legal_moves() == [] and state.to_move is None
    assert state.why_illegal("take 1L").rule == "pets/game-end"
    result = state.result()
    assert result.winners == (0,) and result.tiebreak is None
    assert [s.total for s in result.scores] == [6, 0]


def tied_game(bo: list[int]) -> explorer.State:
    """Ana wins 6 dogs in round 1, Bo 6 cats in round 2, nobody anything in round 3: 6 points each."""
    state = three_quick_rounds([6], bo, fronts=[[24], []])
    state.play("take 1L")  # Ana: 6 dogs
    state.play("play 21x1")  # Bo shows a cat ...
    state.play("take 2L")  # ... and Ana's take sends 6 cats to the zone: Bo wins them
    assert state.view()["totals"] == [6, 6] and state.to_move == 1
    state.play("take 3L")  # Bo: 6 chicks, shown by nobody
    assert state.is_over()
    return state


@covers("pets/tiebreak-hand")
def test_a_tie_goes_to_more_cards_in_hand():
    state = tied_game([21, 12, 12, 12])
    result = state.result()
    assert [s.total for s in result.scores] == [6, 6]
    assert (state.hand_size(0), state.hand_size(1)) == (3, 4)  # Ana: 6, 9, 9; Bo: 12, 12, 12, 9
    assert result.winners == (1,) and result.tiebreak_rule == "pets/tiebreak-hand"


@covers("pets/tiebreak-shared")
def test_a_tie_on_points_and_hand_is_shared():
    state = tied_game([21, 12, 12])
    result = state.result()
    assert state.hand_size(0) == state.hand_size(1) == 3
    assert result.winners == (0, 1) and result.shared and result.tiebreak_rule == "pets/tiebreak-shared"


@covers("pets/exhaustion", "pets/exhausted-round", "pets/game-end")
def test_the_game_ends_at_once_when_the_last_row_cannot_be_refilled():
    state = exhausted(rows=[[], [], [9, 24]], fronts=[[24], []])
    entry = state.play("take 3L")
    assert entry.rule == "pets/exhaustion" and state.is_over() and state.ended_by == "exhaustion"
    assert state.view()["round_scores"] == []  # the round cut short is not scored
    assert state.result().winners == (1,)  # 0 points each: Bo holds the most cards
    assert state.result().tiebreak_rule == "pets/tiebreak-hand"


@covers("pets/exhausted-round")
def test_the_round_cut_short_can_be_scored_instead():
    state = exhausted(rows=[[], [], [9, 24]], fronts=[[24], []], options={"exhausted_round": "scored"})
    state.play("take 3L")
    assert state.is_over() and state.view()["round_scores"] == [[1, 0]]
    assert state.result().winners == (0,)


@covers("pets/exhaustion")
def test_a_row_that_stays_empty_does_not_end_the_game_while_another_holds_cards():
    state = exhausted(rows=[[], [15], [9, 24]])
    state.play("take 3L")
    assert not state.is_over() and state.rows == [[], [15], []]


@covers("pets/trigger-before-exhaustion")
def test_a_take_that_triggers_and_exhausts_scores_and_goes_on():
    state = exhausted(rows=[[], [], [9, 24]], zone=[24] * 5, fronts=[[24], []])
    entry = state.play("take 3L")
    assert entry.rule == "pets/trigger" and not state.is_over()
    assert state.round == 2 and state.view()["round_scores"] == [[6, 0]]
    assert sum(len(r) for r in state.rows) == 7  # the scoring's discards refill the rows


@covers("pets/trigger-before-exhaustion")
def test_a_take_that_triggers_and_exhausts_can_end_the_game_instead():
    state = exhausted(rows=[[], [], [9, 24]], zone=[24] * 5, fronts=[[24], []], options={"both_ends": "game"})
    entry = state.play("take 3L")
    assert entry.rule == "pets/trigger-before-exhaustion" and state.is_over()
    assert state.round == 1 and state.view()["round_scores"] == [[6, 0]]
    assert "round 1 ends at once and is scored" in entry.text and "the game ends at once" in entry.text
    assert state.result().winners == (0,)


@covers("pets/setup", "pets/refill")
def test_random_games_conserve_cards_and_keep_rows_filled():
    import random

    for seed in range(3):
        state = explorer.new("pets", 3, seed=seed)
        choose = random.Random(seed).choice
        while not state.is_over():
            move = choose(state.legal_moves())
            state.play(move)
            if str(move).startswith("take") and not state.rows[move.row]:
                assert not state.draw and not state.discard, "an emptied row was not refilled"
        assert sum(state.inventory().values()) == 105


@covers("pets/setup")
def test_a_setup_may_give_the_top_of_the_draw_pile_and_leave_the_rest_to_the_seed():
    state = table(hands=[[6], [9]], rows=[[24, 24], [12], [21]], draw=[18, 15])
    assert sum(state.inventory().values()) == 105
    assert state.draw[-2:] == [15, 18]  # the given cards on top, 18 first
    assert state.view()["draw"] == 105 - 2 - 4  # every card neither in a hand nor in a row


@covers("pets/setup")
def test_a_setup_lays_out_a_later_round_with_its_scores():
    state = table(hands=[[6], [9]], rows=[[24, 24, 15], [12], [21]], round=2, turn=1,
                  scored=[[[[12, 3]], [[24, 2], [9, 1]]]], known=[[], [9]])
    view = state.view(0)
    assert view["round"] == 2 and state.to_move == 1 and view["round_scores"] == [[3, 6]]
    assert view["known"] == [[], [9]]
    with pytest.raises(RecordError) as caught:
        table(round=2, scored=[[[[12, 3]], [[12, 2]], []]])
    assert caught.value.field == "setup.scored"
    with pytest.raises(RecordError) as caught:
        table(over=True)
    assert caught.value.field == "setup.ended_by"
