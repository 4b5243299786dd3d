"""The exact model of the table's knowledge: the issue's three positions, and every fact against every deal.

The quick rules miss facts that only counting and the quartets' cards
together give; :class:`~explorer.games.keistad_kwartet.deals.Deals` finds
them.  The brute-force test replays the same moves from every other deal of
a small game (through the engine itself, so every rule counts) and keeps the
deals whose public events are the same: a fact is one that holds in all of
them.
"""

from __future__ import annotations

import itertools
import random

import pytest

import explorer
from explorer.games.keistad_kwartet.cards import QUARTET_MASK, codes
from explorer.games.keistad_kwartet.knowledge import Knowledge

from .helpers import GAME

#: Quartets 3 to 11 laid down before the match, so only quartets 1 and 2 are in play.
LAID = [q for q in range(3, 12)]


def small(hands, pot, first, options=None, laid=LAID, seed=1):
    players = len(hands)
    quartets = [laid] + [[] for _ in range(players - 1)]
    return explorer.new(GAME, players, seed, options, setup={"hands": hands, "pot": pot, "first_player": first,
                                                             "quartets": quartets})


def exact(state) -> Knowledge:
    return Knowledge.from_events(state.events, bluffs=state.bluffs, exact=True)


def test_a_hand_of_four_cannot_hold_a_whole_quartet_so_it_holds_a_card_of_the_other():
    state = small([["1.1", "2.1", "2.4"], ["1.3", "2.2", "2.3"]], ["1.4", "1.2"], 1)
    state.play("2.1@1")
    assert state.knowledge().holds_some(1) == (1,)  # the quick rules: quartet 2 alone
    knowledge = exact(state)
    assert knowledge.holds_some(1) == (0, 1)
    assert knowledge.bounds(1, 0) == (1, 2) and knowledge.bounds(1, 1) == (2, 3)


def test_a_hand_whose_one_unknown_card_is_of_another_quartet_places_the_card_elsewhere():
    state = small([["2.3", "2.2", "1.4"], ["1.2", "2.1", "1.1"], ["2.4", "1.3"]], [], 2)
    for move in ["2.2@1", "1.1@1", "1.3@3"]:
        state.play(move)
    assert "1.1" not in codes(state.knowledge().known_in(1))
    assert codes(exact(state).known_in(1)) == ["1.1"]


def test_a_draw_shown_later_keeps_what_the_drawer_lacked():
    state = small([["2.3", "2.1"], ["1.1", "1.2"]], ["1.3", "1.4", "2.2", "2.4"], 1, {"bluff": "forbidden"})
    for move in ["1.4@1", "2.2@2", "1.4@1"]:
        state.play(move)
    assert "2.2" in codes(exact(state).known_not_in(0))


def _deals(state):
    """Every deal of the cards in play into hands of the dealt sizes and a pot in any order."""
    hands = state.dealt_hands
    cards = sorted([c for h in hands for c in codes(h)] + _pot_codes(state.dealt_pot))

    def split(rest, sizes):
        if not sizes:
            for order in itertools.permutations(rest):
                yield [], list(order)
            return
        for hand in itertools.combinations(rest, sizes[0]):
            left = [c for c in rest if c not in hand]
            for others, pot in split(left, sizes[1:]):
                yield [list(hand)] + others, pot

    yield from split(cards, [h.bit_count() for h in hands])


def _pot_codes(pot):
    from explorer.games.keistad_kwartet.cards import code
    return [code(c) for c in pot]


def _truth(state, viewer=None):
    """The places each card in play may be, over every deal consistent with what ``viewer`` saw (None: the table)."""
    moves = [entry.notation for entry in state.log]
    places: dict[str, set] = {}
    seen = 0
    for hands, pot in _deals(state):
        if viewer is not None and sorted(hands[viewer]) != codes(state.dealt_hands[viewer]):
            continue
        twin = small(hands, pot, state.first_player, state.options)
        try:
            for move in moves:
                twin.play(move)
        except ValueError:
            continue
        if twin.events != state.events:
            continue
        if viewer is not None and twin.hands[viewer] != state.hands[viewer]:
            continue
        seen += 1
        for p, hand in enumerate(twin.hands):
            for card in codes(hand):
                places.setdefault(card, set()).add(p)
        for card in _pot_codes(twin.pot):
            places.setdefault(card, set()).add(len(hands))
    assert seen
    return places


@pytest.mark.parametrize("seed", range(12))
def test_every_fact_holds_in_every_consistent_deal_and_no_other(seed):
    rng = random.Random(seed)
    options = {"bluff": rng.choice(["allowed", "forbidden"])}
    cards = [f"{q}.{k}" for q in (1, 2) for k in range(1, 5)]
    rng.shuffle(cards)
    state = small([sorted(cards[:3]), sorted(cards[3:6])], cards[6:], rng.randrange(2), options)
    for _ in range(rng.randrange(1, 6)):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    for viewer in (None, 0):
        truth = _truth(state, viewer)
        knowledge = exact(state)
        if viewer is not None:
            knowledge = knowledge.knowing_hand(viewer, state.hands[viewer])
        for p in range(2):
            sure = sorted(c for c, where in truth.items() if where == {p})
            never = sorted(c for c, where in truth.items() if p not in where)
            assert codes(knowledge.known_in(p)) == sure, (viewer, p)
            assert codes(knowledge.known_not_in(p)) == never, (viewer, p)
