"""The count of consistent deals behind the exact odds: its shortcuts count what the plain programme counts.

The brute-force comparison (``test_exact_knowledge.py``) checks every share
of small games against every deal; these check, on larger seeded games,
that merging origins that cannot be told apart changes no count, and that
the count keeps within its budget where a five-player game needs it to.
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


def _unmerged(solver):
    """The domains, statements and rooms as they are: no origin merged."""
    return solver.dom, solver.rules, list(solver.room), 1


def test_merging_origins_that_cannot_be_told_apart_changes_no_count(monkeypatch):
    monkeypatch.setattr(counting, "COUNT_WORK", 100_000)  # room for the plain programme, which merges nothing
    compared = 0
    for state, knowledge in _positions(2, 2, {"ask_for": "quartet"}):
        knowledge.share((state.to_move + 1) % state.players, 0)
        solver = knowledge._facts.solver
        if counting._merged(solver)[3] == 1:
            continue
        merged = counting.count_places(solver)
        with monkeypatch.context() as patch:
            patch.setattr(counting, "_merged", _unmerged)
            assert counting.count_places(solver) == merged
        compared += merged is not None
        if compared == 6:
            break
    assert compared == 6  # the game has such positions, counted within the budget


def test_a_five_player_game_is_counted_exactly_from_its_middle_on():
    for move, (state, knowledge) in enumerate(_positions(5, 0, {})):
        if move >= 130 and move % 7 == 0:
            card = (knowledge.live & -knowledge.live).bit_length() - 1
            assert knowledge.share((state.to_move + 1) % state.players, card) is not None, move
