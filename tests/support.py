"""Helpers the tests share: configurations to cover, and the rule-coverage mark."""

from __future__ import annotations

import itertools
from typing import Any, Iterator

import explorer


def configurations(game: explorer.Game) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with default options, then every value of every option.

    Each option value is tried at every player count it suits, the others at
    their defaults, so each variant is covered without the full product.
    """
    seen = set()
    for players in range(game.min_players, game.max_players + 1):
        candidates = [{}] + [{name: value} for name, option in game.options.items()
                             for value in option.choices if value != option.default]
        for options in candidates:
            try:
                game.options_for(players, options)
            except explorer.OptionError:
                continue
            key = (players, tuple(sorted(options.items(), key=str)))
            if key not in seen:
                seen.add(key)
                yield players, options


def covers(*rule_ids: str):
    """Mark a test as exercising these rules (tests/test_rule_coverage.py checks every rule is marked)."""
    def mark(fn):
        fn.rule_ids = tuple(rule_ids) + getattr(fn, "rule_ids", ())
        return fn
    return mark


def ids_of(config: tuple[int, dict[str, Any]]) -> str:
    players, options = config
    return f"{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


def all_configs() -> list[tuple[str, int, dict[str, Any]]]:
    return [(g.name, p, o) for g in explorer.games() for p, o in configurations(g)]


chain = itertools.chain


def served_games() -> list[explorer.Game]:
    """The games a dashboard server knows: every registered game but the test suite's own toy.

    The suite registers its toy game in its own process only; a server it
    starts (Voila, Jupyter) runs the explorer as it ships.
    """
    from .toy import GAME as TOY

    return [g for g in explorer.games() if g.name != TOY.name]  # by name: workers may send back a copy
