"""Determinization deals only worlds the rules can reach.

A search bot imagines the hidden cards with ``determinize`` and plays the
imagined match to its end, so each world must be a position of a real
game: no hand holds a complete quartet (it would have been laid down), the
player to move has a legal move unless the game is over, the player's own
view is unchanged, and the match can be played out.
"""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.keistad_kwartet.cards import complete

from .helpers import table

GAME = explorer.game("keistad-kwartet")

KINDS = [
    {},
    {"bluff": "forbidden"},
    {"empty_hand": "out"},
    {"ask_for": "quartet", "empty_hand": "out"},
    {"bonus_cards": True},
    {"bonus_cards": True, "bluff": "forbidden", "ask_for": "quartet"},
]


def _check_world(state, player: int, seed: int, rng: random.Random) -> None:
    world = state.determinize(player, seed)
    assert world.view(player) == state.view(player)
    assert world.inventory() == state.inventory()
    assert not any(complete(hand) for hand in world.hands), "a complete quartet was left in a hand"
    assert world.is_over() or world.legal_moves(), "the world has no legal move yet is not over"
    assert not world.knowledge(player, exact=False).contradictions(world.hands)  # what a bot knows
    while not world.is_over():
        world.play(rng.choice(world.legal_moves()))


@pytest.mark.parametrize("options", KINDS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_determinized_world_is_reachable_and_playable(options, players):
    rng = random.Random(f"{players}{options}")
    for game_seed in range(2):
        state = GAME.new(players, game_seed, options)
        while not state.is_over():
            if rng.random() < 0.1:
                for player in range(players):
                    _check_world(state, player, rng.randrange(1 << 62), rng)
            state.play(rng.choice(state.legal_moves()))


def test_a_card_a_player_lacked_comes_back_only_with_a_later_draw():
    state = table(hands=[["3.1", "7.1"], ["7.2", "8.1", "8.2", "9.1", "9.2", "10.1", "10.2", "11.1"]])
    state.play("3.3@2")  # Bo lacks 3.3 ...
    state.play("7.3@1")  # ... and has drawn one card since
    assert state.knowledge(0).draws_since_miss(1, 10) == 1
    worlds = [state.determinize(0, seed) for seed in range(400)]
    holds = sum(world.hands[1] >> 10 & 1 for world in worlds)
    # Only Bo's one new card can be the 3.3: about 1 world in 33, not the 1 in 5 of Bo's share of the unknown cards.
    assert 0 < holds < 0.1 * len(worlds)
