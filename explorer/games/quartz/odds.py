"""The push-your-luck meter: what one more reveal risks and what it may bring, computed exactly.

The active player cannot tell the Mine deck from the other players' Chests:
both are Mine cards they have not seen.  From their seat the next card is
therefore any of those *unseen* cards with equal chance, and everything the
meter says is an exact fraction over them:

* ``accident``: the chance that the next reveal causes an accident (a second
  Unstable Crystal at a position already taken in the line, or any Unstable
  Crystal after Um Presentinho Para Você...);
* ``stop``: the points the line adds to the player's score if they stop now
  (crystal values, plus any set of 4 it completes with their collection and
  Chest);
* ``reveal``: the points it adds on average if they reveal one more card and
  then stop (an accident adds nothing).

Attacks are left out: nobody can know what the other players hold.  With the
``hire-first`` timing a card that would cause an accident but shows Hire a
Helper is counted as hired away (the line stays as it is).

>>> import explorer
>>> from explorer.games.quartz.odds import meter
>>> state = explorer.new("quartz", players=2, seed=3)
>>> for move in ("explore", "pass", "pass"): _ = state.play(move)
>>> state.line                      # Ana's line: one Amethyst, unstable at position 2
['A2u2']
>>> m = meter(state)
>>> m.unseen, m.accident, m.stop, m.reveal, m.advice
(71, Fraction(6, 71), 2, Fraction(318, 71), 'continue')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .state import PRESENT, score_cards
from .view import OddsView

if TYPE_CHECKING:
    from .state import QuartzState


@dataclass(frozen=True, slots=True)
class Meter:
    """The odds of one more reveal, for ``player`` (the active player), as exact fractions."""

    player: int
    unseen: int
    accident: Fraction
    stop: int
    reveal: Fraction

    @property
    def advice(self) -> str:
        """``"continue"`` when one more card is worth more on average than stopping, else ``"stop"``."""
        return "continue" if self.reveal > self.stop else "stop"

    def as_dict(self) -> OddsView:
        """Plain numbers for a view (floats rounded for display; the fractions as text)."""
        return {"player": self.player, "unseen": self.unseen, "accident": round(float(self.accident), 4),
                "accident_exact": str(self.accident), "stop": self.stop,
                "reveal": round(float(self.reveal), 3), "reveal_exact": str(self.reveal), "advice": self.advice}


def meter(state: "QuartzState") -> Meter:
    """The push-your-luck meter for the active player's current line, from what they can know."""
    player = state.active
    deck = state.deck
    kinds = deck.kinds
    bonus = state.options["set_bonus"]
    unseen = Counter(state.unseen(player))
    total = sum(unseen.values())
    owned = state.owned(player)
    base = score_cards(deck, owned, player, bonus).total
    gained = [c for c in state.line if c != PRESENT]
    armed = PRESENT in state.line
    taken = 0
    for code in gained:
        taken |= kinds[code].mask
    stop = score_cards(deck, owned + gained, player, bonus).total - base
    if total == 0:
        return Meter(player, 0, Fraction(0), stop, Fraction(stop))
    hire_saves = state.options["hire_timing"] == "hire-first" and state.can_hire()
    accidents = 0
    points = Fraction(0)
    for code, n in unseen.items():
        kind = kinds[code]
        if kind.mask and (armed or kind.mask & taken):
            if hire_saves and kind.helper:
                points += n * stop  # hired away: the line is as it was
            else:
                accidents += n
            continue
        points += n * (score_cards(deck, owned + gained + [code], player, bonus).total - base)
    return Meter(player, total, Fraction(accidents, total), stop, points / total)
