"""The one palette of player colours: every table, chart and panel of every game draws seat ``p`` alike.

>>> player_color(0), player_color(6) == player_color(0)
('#4c78a8', True)
"""

from __future__ import annotations

#: One colour per seat (Vega's tableau10, which the charts use too), repeating past the sixth.
PLAYER_COLORS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#b279a2")


def player_color(player: int) -> str:
    """The colour of seat ``player``."""
    return PLAYER_COLORS[player % len(PLAYER_COLORS)]
