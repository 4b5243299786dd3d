"""The one palette of player colours: every table, chart and panel of every game draws seat ``p`` alike.

>>> player_color(0), player_color(6) == player_color(0)
('#0072b2', True)
"""

from __future__ import annotations

#: One colour per seat, repeating past the sixth: Okabe and Ito's palette, which people with any
#: common colour-vision deficiency tell apart (its yellow, too pale on white, is left out).
PLAYER_COLORS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9")


def player_color(player: int) -> str:
    """The colour of seat ``player``."""
    return PLAYER_COLORS[player % len(PLAYER_COLORS)]
