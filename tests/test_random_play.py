"""Random play for every registered game, player count and option: invariants at every step.

A new game gets these checks just by registering itself.  At every step:
only the player to move has moves; every legal move is legal by ``why_illegal``
and its notation parses back; every illegal probe is refused with a reason
and a known rule id, and leaves the state equal; undo restores the exact
previous state; cards (tiles, tokens) are conserved; every player's view is
unchanged when what they cannot see is dealt anew.  At the end, replaying the
record gives an equal state, with the same scores, and so does replaying the
record with its setup written out in full (``explicit=True``).
"""

from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer import IllegalMove

from .support import all_configs

CONFIGS = all_configs()
SEEDS = (1, 2)


def check_views(state: explorer.State, step: int) -> None:
    for p in range(state.players):
        view = state.view(p)
        json.dumps(view)  # views are plain data
        twin = state.determinize(p, seed=1000 + step)
        assert twin.view(p) == view, f"player {p}'s view depends on what they cannot see"
        if state.to_move == p:
            assert [str(m) for m in twin.legal_moves()] == [str(m) for m in state.legal_moves()]


def check_step(state: explorer.State, universe: set, rng: random.Random, step: int) -> None:
    game = state.game
    mover = state.to_move
    assert mover is not None and 0 <= mover < state.players
    legal = state.legal_moves()
    assert legal, "a player to move must have a move"
    assert len(set(legal)) == len(legal), "legal moves repeat"
    for p in range(state.players):
        if p != mover:
            assert state.legal_moves(p) == []
    for move in legal:
        assert game.parse_move(str(move)) == move, f"{move!r} does not parse back from {str(move)!r}"
        assert state.why_illegal(move) is None
    universe.update(legal)
    legal_set = set(legal)
    illegal = [m for m in universe if m not in legal_set]
    for move in rng.sample(illegal, min(len(illegal), 6)):
        why = state.why_illegal(move)
        assert why is not None, f"{move} is not among the legal moves yet why_illegal accepts it"
        assert why.reason and why.rule in game.rules, f"unknown rule id {why.rule!r}"
        before = state.copy()
        with pytest.raises(IllegalMove) as caught:
            state.play(move)
        assert caught.value.rule == why.rule
        assert state == before, "an illegal move changed the state"


@pytest.mark.parametrize("name,players,options", CONFIGS,
                         ids=[f"{n}-{p}p" + "".join(f"-{k}={v}" for k, v in o.items()) for n, p, o in CONFIGS])
def test_random_play(name, players, options):
    game = explorer.game(name)
    for seed in SEEDS:
        state = game.new(players, seed, options)
        rng = random.Random(seed)
        inventory = state.inventory()
        universe: set = set()
        step = 0
        while not state.is_over():
            check_step(state, universe, rng, step)
            move = rng.choice(state.legal_moves())
            if step % 7 == 0:
                # At the same positions, so that a view worked out once (some games' views cost milliseconds)
                # serves both checks.
                check_views(state, step)
                seen = state.view()
                twin = state.copy()
                twin.play(rng.choice(twin.legal_moves()))
                assert state.view() == seen, "a move played on a copy changed the original"
            before = state.copy()
            entry = state.play(move)
            unknown = [rule for rule in entry.rules if rule not in game.rules]
            assert entry.text and not unknown, f"narration of {move} cites unknown rules {unknown}"
            assert state.inventory() == inventory, f"{move} did not conserve the game's pieces"
            if step % 5 == 0:
                after = state.copy()
                assert state.undo() == move
                assert state == before, "undo did not restore the previous state"
                state.play(move)
                assert state == after
            step += 1
            assert step < 20_000, "the game does not end"
        assert state.legal_moves() == [] and state.to_move is None
        result = state.result()
        assert result is not None and result.winners
        assert all(0 <= w < players for w in result.winners)
        record = json.loads(json.dumps(state.to_record()))
        again = explorer.replay(record)
        assert again == state and again.scores() == state.scores() and again.result() == result
        explicit = explorer.replay(json.loads(json.dumps(state.to_record(explicit=True))))
        assert explicit == state, "the record with its setup written out does not replay the same state"
        assert explicit.log == state.log and explicit.view() == state.view() and explicit.result() == result
        assert isinstance(state._repr_html_(), str)
