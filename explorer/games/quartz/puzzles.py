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
from .moves import CONTINUE, STOP, Continue, Stop
from .odds import meter
from .state import DECIDE, QuartzState

#: How much more the better choice must be worth, in points, for the position to make a puzzle.
MARGIN = 1


def worth_going(state: QuartzState) -> Finding | None:
    """Continue, when one more card is worth at least a point more than stopping, on exact average."""
    return _stop_or_go(state, CONTINUE)


def worth_stopping(state: QuartzState) -> Finding | None:
    """Stop, when stopping is worth at least a point more than one more card, on exact average."""
    return _stop_or_go(state, STOP)


def _stop_or_go(state: QuartzState, wanted: Continue | Stop) -> Finding | None:
    """The stop-or-go puzzle whose answer is ``wanted``, if the exact expected values say so by a point or more.

    Both answers share one question and one criterion, so the card gives nothing
    away; they are two kinds only so that a set of puzzles holds both.
    """
    if state.phase != DECIDE or state.to_move is None:
        return None
    odds = meter(state)
    gap = odds.reveal - odds.stop
    if abs(gap) < MARGIN or not odds.accident:  # no risk, no question
        return None
    best = CONTINUE if gap > 0 else STOP
    if best != wanted or state.why_illegal(best) is not None:
        return None
    name = state.names[state.active]
    accidents = int(odds.accident * odds.unseen)
    total = int(odds.reveal * odds.unseen)  # the points of every card it might be, added up
    verdict = (f"one more card is worth {float(gap):.1f} points more" if gap > 0
               else f"stopping is worth {float(-gap):.1f} points more")
    return Finding(f"Should {name} reveal another card (To work!) or stop (Enough for today!)?", (str(best),),
                   f"Stopping now adds {count(odds.stop, 'point')}. {name} has not seen {odds.unseen} cards; "
                   f"{count(accidents, 'of them causes', 'of them cause')} an accident "
                   f"({article(f'{float(odds.accident):.0%}')} chance). Added up over those {odds.unseen} cards, "
                   f"one more card brings {count(total, 'point')}, so it adds {float(odds.reveal):.1f} points on "
                   f"average: "
                   f"{verdict}.",
                   CRITERION, "Weigh what stopping banks now against the points one more card adds on average, "
                   "accidents counted.")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best choice is the one worth more points on average: the exact expected value of stopping "
             "against one more card, over every card not yet seen.")
