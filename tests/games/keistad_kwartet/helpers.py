"""Positions laid out by hand for the Keistad Kwartet tests."""

from __future__ import annotations

import explorer
from explorer.games.keistad_kwartet.cards import cards_in, code, codes, parse_card

GAME = "keistad-kwartet"


def table(players: int = 2, *, options=None, seed: int = 1, names=None, **setup) -> explorer.State:
    """A match laid out by hand; ``first_player`` defaults to seat 0 (Ana)."""
    setup.setdefault("first_player", 0)
    return explorer.new(GAME, players, seed, options, setup=setup, names=names)


def hand(state, player: int) -> list[str]:
    """A player's cards, as notation, lowest first."""
    return codes(state.hands[player])


def quartet(number: int) -> list[str]:
    """The four cards of a quartet, as notation."""
    return [f"{number}.{k}" for k in range(1, 5)]


def cards(*texts: str) -> int:
    """A card mask from notation."""
    mask = 0
    for text in texts:
        mask |= 1 << parse_card(text)
    return mask


def notation(mask: int) -> list[str]:
    return [code(c) for c in cards_in(mask)]
