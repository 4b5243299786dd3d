"""The count of consistent deals behind the exact odds: its shortcuts count what the plain programme counts.

The brute-force comparison (``test_exact_knowledge.py``) checks every share
of small games against every deal; these check, on larger seeded games,
that merging origins the cards still to come cannot tell apart changes no
count, and that the count keeps within its budget where three- and
five-player games need it to.
"""

from __future__ import annotations

import random

import explorer
from explorer.games.keistad_kwartet import counting

from .helpers import GAME


def _positions(players: int, seed: int, options: dict):
    """Each position of a seeded game of random moves with a player to move, and that player's exact knowledge."""
    state = explorer.new(GAME, players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
        if state.to_move is not None:
            yield state, state.knowledge(state.to_move, exact=True)


def _apart(marks):
    """Every origin in a class of its own: the plain programme, which merges nothing."""
    return list(range(len(marks)))


def test_merging_origins_that_cannot_be_told_apart_changes_no_count(monkeypatch):
    monkeypatch.setattr(counting, "COUNT_WORK", 200_000)  # room for the plain programme
    compared = 0
    for state, knowledge in _positions(2, 2, {"ask_for": "quartet"}):
        knowledge.share((state.to_move + 1) % state.players, 0)
        solver = knowledge._facts.solver
        merged = counting.count_places(solver)
        if merged is None:
            continue
        with monkeypatch.context() as patch:
            patch.setattr(counting, "_classes", _apart)
            plain = counting.count_places(solver)
        if plain is None:
            continue
        assert plain == merged
        compared += 1
        if compared == 6:
            break
    assert compared == 6  # the game has such positions, counted within the budget


def test_three_player_games_are_mostly_counted_exactly():
    counted = moves = 0
    for state, knowledge in _positions(3, 1, {}):
        card = (knowledge.live & -knowledge.live).bit_length() - 1
        moves += 1
        counted += knowledge.share((state.to_move + 1) % state.players, card) is not None
    assert counted > moves / 2, (counted, moves)


def test_a_five_player_game_is_counted_exactly_from_its_middle_on():
    for move, (state, knowledge) in enumerate(_positions(5, 0, {})):
        if move >= 130 and move % 7 == 0:
            card = (knowledge.live & -knowledge.live).bit_length() - 1
            assert knowledge.share((state.to_move + 1) % state.players, card) is not None, move
