"""Hand-set Quartz tables for the scenario tests: decks top card first, hands and collections given."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalMove

G = "quartz"


def table(players=2, mine=(), hands=None, collections=None, chests=None, helpers=(), first=0, options=None,
          deck=None):
    """A game laid out by hand.  Opponents with an empty hand are never asked to attack, which keeps
    scenarios short: give a hand only to the players a scenario needs."""
    setup = {"mine": list(mine), "helpers": list(helpers), "first_player": first,
             "hands": [list(h) for h in hands] if hands else [[] for _ in range(players)]}
    if collections:
        setup["collections"] = [list(c) for c in collections]
    if chests:
        setup["chests"] = [list(c) for c in chests]
    if deck is not None:
        setup["deck"] = deck
    return explorer.new(G, players=players, seed=0, options=options, setup=setup)


def play(state, moves: str):
    """Play moves separated by commas: ``"explore, pass, continue"``."""
    for move in moves.split(","):
        state.play(move.strip())
    return state


def legal(state):
    return [str(m) for m in state.legal_moves()]


def refused(state, move, rule):
    """Check ``move`` is refused citing ``rule``, and the state is untouched; return the reason."""
    before = state.copy()
    with pytest.raises(IllegalMove) as caught:
        state.play(move)
    assert caught.value.rule == f"{G}/{rule}", caught.value
    assert state == before
    return caught.value.reason


def texts(state, last: int = 1) -> str:
    return " ".join(e.text for e in state.log[-last:])
