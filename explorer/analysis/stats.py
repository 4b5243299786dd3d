"""Figures from a simulation's frame: per-seat results, win rates with confidence intervals.

A win shared by ``k`` players counts ``1/k`` to each, so the win rates of
all seats in a game add up to one.  Intervals are Wilson score intervals
(95% by default), which stay inside [0, 1] and behave well near 0 and 1,
unlike the textbook ``p ± 1.96·sqrt(p(1-p)/n)``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (``z=1.96``: 95%)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_results(frame: pd.DataFrame) -> pd.DataFrame:
    """One row a seat in a game: ``game, seat, order, bot, score, win``.

    ``order`` is the seat's place in the turn order (0 moved first), and
    ``win`` the seat's share of the victory (1, ``1/k`` if shared, or 0).
    """
    import pandas as pd

    rows = []
    for game, players, seats, scores, winners, first in zip(
        frame["game"], frame["players"], frame["seats"], frame["scores"], frame["winners"], frame["first"]
    ):
        share = 1.0 / len(winners)
        for seat in range(players):
            rows.append((game, seat, (seat - first) % players, seats[seat], scores[seat],
                         share if seat in winners else 0.0))
    return pd.DataFrame(rows, columns=["game", "seat", "order", "bot", "score", "win"])


def win_rates(frame: pd.DataFrame, by: str = "bot", z: float = 1.96) -> pd.DataFrame:
    """Win rate (share of victories a seat takes) grouped ``by`` bot, seat or order, with Wilson bounds.

    Columns: ``seats`` (seat-games counted), ``wins``, ``rate``, ``low``,
    ``high`` and ``even``, the rate every seat would have if all were equal
    (``1/players``).
    """
    import pandas as pd

    import numpy as np

    seats = seat_results(frame)
    players = frame["players"].to_numpy()
    seats["even"] = np.repeat(1.0 / players, players)  # seat_results keeps the frame's order, a game's seats together
    grouped = seats.groupby(by, sort=True)
    table = pd.DataFrame({"seats": grouped.size(), "wins": grouped["win"].sum(), "even": grouped["even"].mean()})
    table["rate"] = table["wins"] / table["seats"]
    bounds = [wilson(w, n, z) for w, n in zip(table["wins"], table["seats"])]
    table["low"] = [b[0] for b in bounds]
    table["high"] = [b[1] for b in bounds]
    return table[["seats", "wins", "rate", "low", "high", "even"]]
