"""PETS's puzzles: besides the move that scores most at once, the move that puts the most on the table this round.

Points come when a round ends, but the Scoring Zone and the cards a player
has laid in front of them say at any moment what each would win if the round
ended now (:meth:`~.state.PetsState.round_score`).  A position is a puzzle of
:func:`most_points_this_round` when no move scores at once and one move
raises that figure for the player to move by at least :data:`MARGIN` more
than any other: the play, add or take that builds the best round.
"""

from __future__ import annotations

from ...core.puzzles import Finding, best_move
from ...core.words import count
from .state import PetsState

#: How many more points this round the best move must be worth than the next best.
MARGIN = 2


def round_points(before: PetsState, after: PetsState, me: int) -> int | None:
    """What ``me`` would win if the round ended after a move; ``None`` for a move that scores or ends the round
    (that is :func:`~explorer.core.puzzles.most_points_now`'s question)."""
    if after.scores()[me].total != before.scores()[me].total or after.round != before.round:
        return None
    return after.round_score(me).points


def most_points_this_round(state: PetsState) -> Finding | None:
    """The move after which the player to move would win the most if the round ended, by a margin, none scoring now."""
    best = best_move(state, round_points)
    if best is None or state.to_move is None:
        return None
    now = state.round_score(state.to_move).points
    if best.worth - best.second < MARGIN or best.worth <= now:
        return None
    name = best.name
    return Finding(f"Which move puts the most points this round in {name}'s reach?", (best.move,),
                   f"{best.text} If the round ended now, {name} would win {count(best.worth, 'point')} (before the "
                   f"move: {now}); no other move leaves more than {count(best.second, 'point')}.", CRITERION,
                   "Which kinds in the Scoring Zone do you show in front of you, and which move adds to them?")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best move is the one after which the player would win the most points if the round ended "
             "at once: the engine plays every allowed move and counts the Scoring Zone's cards of the kinds the "
             "player shows.")
