"""The table's knowledge: what it learns from hand-made sequences, and that it is never wrong.

The first tests feed :class:`Knowledge` public events by hand and check each
conclusion; then the same through a game's moves; then a property test plays
random games of every kind (hypothesis picks the options, the seed and the
choices) and checks, after every move, that no fact contradicts the real
hands, that a player's own knowledge only adds to the table's, and that a
determinization keeps every fact true.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

import explorer
from explorer.games.keistad_kwartet.cards import ALL_QUARTET_CARDS, BONUS_MASK, parse_card, present
from explorer.games.keistad_kwartet.knowledge import (
    Asked, AskedQuartet, Dealt, Drew, Feasted, Knowledge, LaidDown, Played, Shown, Stormed, Walked,
)
from tests.support import covers

from .helpers import GAME, cards, notation, table


def c(text: str) -> int:
    return parse_card(text)


def dealt(sizes=(7, 7, 7), pot=23, live=ALL_QUARTET_CARDS) -> Dealt:
    return Dealt(tuple(sizes), pot, live)


@covers("keistad-kwartet/hidden")
def test_a_fresh_deal_knows_nothing_but_the_sizes():
    k = Knowledge(dealt())
    assert [k.unknown(p) for p in range(3)] == [7, 7, 7]
    assert all(k.known_in(p) == 0 and k.known_not_in(p) == 0 and k.holds_some(p) == () for p in range(3))


@covers("keistad-kwartet/ask", "keistad-kwartet/ask-category")
def test_an_ask_tells_that_the_asker_collects_the_quartet():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=False))
    assert k.holds_some(0) == (2,)
    assert notation(k.known_not_in(1)) == ["3.2"]
    assert k.known_not_in(0) == 0  # a bluff is allowed: Ana may hold 3.2 herself
    assert k.unknown(0) == 7


@covers("keistad-kwartet/bluff")
def test_without_bluffs_an_ask_tells_that_the_asker_lacks_the_card():
    k = Knowledge(dealt(), bluffs=False)
    k.learn(Asked(0, 1, c("3.2"), hit=False))
    assert notation(k.known_not_in(0)) == ["3.2"] and notation(k.known_not_in(1)) == ["3.2"]


@covers("keistad-kwartet/hand-over")
def test_a_card_handed_over_is_known_in_its_new_hand_and_nowhere_else():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    assert notation(k.known_in(0)) == ["3.2"] and k.where(c("3.2")) == 0
    assert "3.2" in notation(k.known_not_in(1)) and "3.2" in notation(k.known_not_in(2))
    assert [k.size(p) for p in range(3)] == [8, 6, 7] and k.unknown(0) == 7


@covers("keistad-kwartet/hand-over")
def test_handing_a_card_over_forgets_that_the_giver_held_its_quartet():
    k = Knowledge(dealt())
    k.learn(Asked(1, 2, c("3.1"), hit=False))  # Bo collects quartet 3 ...
    assert k.holds_some(1) == (2,)
    k.learn(Asked(0, 1, c("3.2"), hit=True))  # ... but that may have been the 3.2 he just gave away
    assert k.holds_some(1) == ()
    assert k.holds_some(0) == (2,)


@covers("keistad-kwartet/miss-draw")
def test_a_draw_forgets_what_the_drawer_lacked_except_cards_placed_elsewhere():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    k.learn(Asked(1, 2, c("5.1"), hit=False))
    assert "5.1" in notation(k.known_not_in(2))
    k.learn(Drew(2))  # Cy might have drawn the 5.1
    assert notation(k.known_not_in(2)) == ["3.2"]
    assert k.size(2) == 8 and k.pot == 22


def test_a_miss_is_remembered_with_the_draws_since():
    k = Knowledge(dealt())
    assert k.draws_since_miss(2, c("5.1")) is None
    k.learn(Asked(1, 2, c("5.1"), hit=False))
    assert k.draws_since_miss(2, c("5.1")) == 0
    k.learn(Drew(2))
    k.learn(Drew(1))
    assert k.draws_since_miss(2, c("5.1")) == 1
    k.learn(Asked(0, 2, c("5.1"), hit=False))  # asked again: only the latest miss counts
    assert k.draws_since_miss(2, c("5.1")) == 0
    k.learn(Stormed((8, 5, 7)))  # every hand dealt anew
    assert k.draws_since_miss(2, c("5.1")) is None


def test_a_player_known_to_collect_a_quartet_holds_its_only_possible_card():
    k = Knowledge(dealt())
    k.learn(Asked(2, 1, c("3.1"), hit=False))  # Cy holds some card of quartet 3, not known which
    for card in ("3.2", "3.3", "3.4"):
        k.learn(Asked(0, 1, c(card), hit=False))
    k2 = Knowledge(dealt())
    k2.learn(Asked(2, 1, c("3.1"), hit=False))
    k2.learn(Asked(0, 2, c("3.1"), hit=False))  # Cy lacks 3.1 ...
    k2.learn(Asked(0, 1, c("3.2"), hit=True))   # ... 3.2 is Ana's now ...
    k2.learn(Asked(0, 1, c("3.3"), hit=True))   # ... and so is 3.3: Cy's card of quartet 3 is the 3.4
    assert k2.where(c("3.4")) == 2
    assert k2.where(c("3.1")) == 0  # and Ana's own, the one that let her ask, is the 3.1
    assert k.where(c("3.4")) is None  # the first table cannot tell: Bo lacks them, but Cy may hold any


@covers("keistad-kwartet/ask-category", "keistad-kwartet/hand-over")
def test_a_hit_tells_that_the_asker_holds_another_card_of_the_quartet():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))  # Ana needed a card of quartet 3 to ask, and the 3.2 was Bo's
    assert notation(k.known_in(0)) == ["3.2"] and k.unplaced_holdings(0) == (2,)
    k.learn(Asked(1, 0, c("3.2"), hit=True))  # Bo asks it back (so he holds one too); Ana keeps hers
    assert k.known_in(0) == 0 and k.unplaced_holdings(0) == (2,) and k.unplaced_holdings(1) == (2,)
    k.learn(Asked(1, 0, c("3.1"), hit=True))  # a card nobody had placed leaves Ana: it may have been that one
    assert k.unplaced_holdings(0) == ()
    again = Knowledge(dealt())
    again.learn(Asked(0, 1, c("3.2"), hit=True))
    again.learn(Asked(0, 1, c("3.3"), hit=True))  # her second ask tells nothing new: 3.2 let her ask
    assert again.unplaced_holdings(0) == (2,) and notation(again.known_in(0)) == ["3.2", "3.3"]


def test_a_hand_whose_cards_are_all_known_holds_nothing_else():
    k = Knowledge(dealt(sizes=(2, 1, 1), pot=40))
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    k.learn(Asked(0, 2, c("5.1"), hit=True))
    assert k.size(1) == 0 and k.known_not_in(1) == k.live
    k.learn(Asked(2, 0, c("3.2"), hit=True))  # Cy asks back: Ana's 3.2 moves to Cy, who holds only it
    assert k.unknown(2) == 0
    assert notation(k.known_not_in(2)) == notation(k.live & ~cards("3.2"))


def test_once_the_pot_is_empty_a_card_only_one_hand_can_hold_is_there():
    k = Knowledge(dealt(pot=0), bluffs=False)
    k.learn(Asked(0, 1, c("3.2"), hit=False))
    assert k.where(c("3.2")) == 2
    with_pot = Knowledge(dealt(pot=5), bluffs=False)
    with_pot.learn(Asked(0, 1, c("3.2"), hit=False))
    assert with_pot.where(c("3.2")) is None  # it may lie in the pot


def test_the_only_cards_a_hand_can_hold_fill_it():
    live = cards("3.1", "3.2", "3.3", "3.4", "5.1", "5.2")
    k = Knowledge(Dealt((2, 2, 2), 0, live))
    k.learn(Asked(1, 0, c("3.1"), hit=False))
    k.learn(Asked(1, 0, c("3.2"), hit=False))
    k.learn(Asked(1, 0, c("3.3"), hit=False))
    k.learn(Asked(1, 0, c("3.4"), hit=False))
    assert notation(k.known_in(0)) == ["5.1", "5.2"]


@covers("keistad-kwartet/kwartet")
def test_a_quartet_laid_down_leaves_play():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    k.learn(Asked(0, 2, c("3.3"), hit=False))
    k.learn(Asked(1, 0, c("5.1"), hit=False))
    k.learn(LaidDown(1, 4))
    assert k.size(1) == 2 and k.holds_some(1) == ()
    assert not k.live & cards("5.1", "5.2", "5.3", "5.4")
    assert k.table()["down"] == [5]


@covers("keistad-kwartet/ask-card")
def test_a_quartet_ask_shows_every_card_handed_over():
    k = Knowledge(dealt())
    k.learn(AskedQuartet(0, 1, 2, cards("3.1", "3.4")))
    assert notation(k.known_in(0)) == ["3.1", "3.4"]
    assert {"3.1", "3.2", "3.3", "3.4"} <= set(notation(k.known_not_in(1)))


@covers("keistad-kwartet/open-monumentendagen", "keistad-kwartet/bonus-cards")
def test_a_hand_shown_is_known_exactly():
    k = Knowledge(dealt(live=ALL_QUARTET_CARDS | BONUS_MASK, pot=27))
    k.learn(Played(0, c("OM")))
    k.learn(Shown(1, cards("3.1", "5.2", "6.1", "6.2", "7.1", "8.1", "KF")))
    assert k.unknown(1) == 0 and notation(k.known_in(1))[-1] == "KF"
    assert "KF" in notation(k.known_not_in(0)) and k.size(0) == 6
    assert not k.live >> c("OM") & 1


@covers("keistad-kwartet/keistadfeesten")
def test_a_feast_shows_what_each_guest_brings_and_that_they_have_no_more():
    k = Knowledge(dealt())
    k.learn(Feasted(0, 2, (1, 2), (cards("3.1"), 0)))
    assert notation(k.known_in(0)) == ["3.1"]
    assert {"3.2", "3.3", "3.4"} <= set(notation(k.known_not_in(1))) & set(notation(k.known_not_in(2)))


@covers("keistad-kwartet/stadswandeling")
def test_a_walk_places_the_card_or_rules_out_every_opponent():
    k = Knowledge(dealt())
    k.learn(Walked(0, c("3.2"), (1, 2), None))
    assert all("3.2" in notation(k.known_not_in(p)) for p in (1, 2))
    k.learn(Walked(0, c("5.1"), (1, 2), 2))
    assert k.where(c("5.1")) == 0


@covers("keistad-kwartet/beeldenstorm")
def test_a_storm_forgets_everything():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    k.learn(Stormed((8, 5, 7)))
    assert all(k.known_in(p) == 0 and k.known_not_in(p) == 0 for p in range(3))
    assert [k.size(p) for p in range(3)] == [8, 5, 7]


def test_a_players_own_knowledge_adds_their_hand():
    k = Knowledge(dealt(pot=0))
    mine = k.knowing_hand(0, cards("3.1", "3.2", "5.1", "5.2", "6.1", "7.1", "8.1"))
    assert mine.unknown(0) == 0 and k.unknown(0) == 7
    assert "3.1" in notation(mine.known_not_in(1))


def test_the_matrix_is_plain_data():
    k = Knowledge(dealt())
    k.learn(Asked(0, 1, c("3.2"), hit=True))
    k.learn(Asked(0, 1, c("3.3"), hit=False))
    table = k.table()
    ana, bo, _ = table["players"]
    # Ana holds the 3.2 handed over, and the card of quartet 3 that let her ask for it.
    assert ana["quartets"][2] == {"quartet": 3, "in": [2], "not": [], "some": True, "more": True}
    assert bo["quartets"][2] == {"quartet": 3, "in": [], "not": [2, 3], "some": False, "more": False}
    assert ana["unknown"] == 7 and ana["cards"] == 8 and table["pot"] == 23


# -- through a game ---------------------------------------------------------------------

def test_the_state_keeps_the_tables_knowledge_in_its_view():
    state = table(3, hands=[["3.1", "5.1"], ["3.2", "7.1"], ["3.3", "8.1"]], pot=["9.1"])
    state.play("3.2@2")
    state.play("5.2@3")  # a miss: Ana draws, Cy goes on
    view = state.view(1)
    row = view["knowledge"]["players"][0]
    assert row["quartets"][2]["in"] == [2] and row["quartets"][4]["some"]
    assert view["knowledge"]["players"][2]["quartets"][4]["not"] == [2]
    assert state.knowledge() == state.knowledge()  # a fresh copy each time, alike
    assert state.knowledge(0).unknown(0) == 0 and state.knowledge().unknown(0) == 3


# -- never wrong ----------------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "bonus_cards": st.booleans(),
    "deal": st.sampled_from(["seven", "all"]),
    "bluff": st.sampled_from(["allowed", "forbidden"]),
    "ask_for": st.sampled_from(["card", "card", "quartet"]),
    "empty_hand": st.sampled_from(["draw", "out"]),
})


def facts(k: Knowledge, p: int) -> tuple[int, int, int]:
    # A card of a quartet the table knows only as unplaced may be placed in a player's own knowledge.
    return k.known_in(p), k.known_not_in(p), k.holds[p] | present(k.has[p])


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_knowledge_is_never_wrong(players, options, seed, choices):
    if options["deal"] == "all" and players < 3:
        options = {**options, "deal": "seven"}
    state = explorer.new(GAME, players, seed, options)
    rng = random.Random(choices)
    step = 0
    while True:
        table_knows = state.knowledge()
        assert table_knows.contradictions(state.hands) == [], f"after {state.history}"
        assert [table_knows.size(p) for p in range(players)] == [h.bit_count() for h in state.hands]
        if step % 8 == 0 and not state.is_over():
            for p in range(players):
                mine = state.knowledge(p)
                for p2 in range(players):
                    public, private = facts(table_knows, p2), facts(mine, p2)
                    assert all(a & ~b == 0 for a, b in zip(public, private)), "a player knows less than the table"
                twin = state.determinize(p, seed=step)
                # A bot's world agrees with what it knows, by the quick rules.
                assert state.knowledge(p, exact=False).contradictions(twin.hands) == []
                assert twin.view(p) == state.view(p) and twin.inventory() == state.inventory()
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
        step += 1
