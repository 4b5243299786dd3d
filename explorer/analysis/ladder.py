"""Which bot beats which: two-player duels with 95% intervals, and the figures measured once and saved.

>>> from explorer.analysis.ladder import ladder
>>> table = ladder(["pet-quartet"], "greedy", "random", games=10, seed=1)
>>> list(table.columns[:4])
['game', 'players', 'stronger', 'weaker']

A duel seats two bots at a two-player table and turns it each game, so each
bot moves first equally often.  ``rate`` is the stronger bot's share of the
victories (a shared victory counts half to each), with its Wilson 95%
interval; the stronger bot *measurably* beats the weaker when the interval's
low end is above one half.

Duels between search bots take minutes, so ``benchmarks/bots.py --save``
measures them and writes :data:`SAVED`; :func:`saved_ladder` reads it back,
with the command that produced each line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from ..core import game as find_game
from .simulate import simulate
from .stats import win_rates

if TYPE_CHECKING:
    import pandas as pd

#: The duels measured by ``benchmarks/bots.py --save``.
SAVED = Path(__file__).with_name("ladder.csv")


def duel(game: str, stronger: str, weaker: str, games: int = 200, seed: int = 0, **kwargs: Any) -> dict[str, Any]:
    """One duel's line: the stronger bot's share of victories over ``games`` two-player games, with its interval."""
    kwargs.setdefault("progress", False)
    frame = simulate(game, [stronger, weaker], games=games, seed=seed, rotate=True, **kwargs)
    row = win_rates(frame).loc[stronger]
    return {"game": game, "players": 2, "stronger": stronger, "weaker": weaker, "games": games,
            "rate": float(row["rate"]), "low": float(row["low"]), "high": float(row["high"]),
            "beats": bool(row["low"] > 0.5)}


def ladder(names: Iterable[str], stronger: str, weaker: str, games: int = 200, seed: int = 0,
           **kwargs: Any) -> pd.DataFrame:
    """:func:`duel` in each game of ``names``, ``games`` games each; one row a game."""
    import pandas as pd

    return pd.DataFrame([duel(name, stronger, weaker, games=games, seed=seed, **kwargs) for name in names])


def saved_ladder() -> pd.DataFrame:
    """The duels saved by ``benchmarks/bots.py --save`` (empty if none were)."""
    import pandas as pd

    if not SAVED.exists():
        return pd.DataFrame(columns=["game", "players", "stronger", "weaker", "games", "rate", "low", "high", "beats"])
    return pd.read_csv(SAVED)


def ladder_sentence(row: Any) -> str:
    """A duel's line as a sentence that claims only what the interval supports."""
    title = find_game(row.game).title
    measured = f"{row.rate:.0%} of the victories [{row.low:.0%}, {row.high:.0%}] over {row.games} two-player games"
    if row.low > 0.5:
        return f"At {title}, {row.stronger} measurably beats {row.weaker}: {measured}."
    if row.high < 0.5:
        return f"At {title}, {row.stronger} measurably loses to {row.weaker}: {measured}."
    return f"At {title}, the games played do not show {row.stronger} beating {row.weaker}: {measured}."
