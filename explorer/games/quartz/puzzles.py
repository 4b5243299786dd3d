"""Quartz's puzzles: reveal another card or stop, settled by the exact odds of the next card.

At "To work!" or "Enough for today!", the active player's choice has an
exact expected value from their seat (:func:`~.odds.meter`): what stopping
adds now, and what one more card adds on average, accidents counted.  A
position is a puzzle when the next card may cause an accident and one
choice is worth at least a point more than the other.
"""

from __future__ import annotations

from ...core.puzzles import Finding
from ...core.words import article, count
from .moves import CONTINUE, STOP
from .odds import meter
from .state import DECIDE, QuartzState

#: How much more the better choice must be worth, in points, for the position to make a puzzle.
MARGIN = 1


def stop_or_go(state: QuartzState) -> Finding | None:
    """Continue or stop, when the exact expected points of one more card and of stopping differ by a point or more."""
    if state.phase != DECIDE or state.to_move is None:
        return None
    odds = meter(state)
    gap = odds.reveal - odds.stop
    if abs(gap) < MARGIN or not odds.accident:  # no risk, no question
        return None
    best = CONTINUE if gap > 0 else STOP
    if state.why_illegal(best) is not None:
        return None
    name = state.names[state.active]
    risk = f"{article(f'{float(odds.accident):.0%}')} chance of an accident"
    verdict = "one more card is worth more" if gap > 0 else "stopping is worth more"
    return Finding(f"Should {name} reveal another card (To work!) or stop (Enough for today!)?", (str(best),),
                   f"Stopping now adds {count(odds.stop, 'point')}; one more card adds {float(odds.reveal):.1f} "
                   f"points on average, with {risk} among the {odds.unseen} cards {name} has not seen: {verdict}.",
                   CRITERION, "Weigh what stopping banks now against the points one more card adds on average, "
                   "accidents counted.")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best choice is the one worth more points on average: the exact expected value of stopping "
             "against one more card, over every card not yet seen.")
