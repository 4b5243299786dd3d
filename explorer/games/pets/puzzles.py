"""PETS's puzzles: besides the move that scores most at once, the move that puts the most on the table this round.

Points come when a round ends, but the Scoring Zone and the cards a player
has laid in front of them say at any moment what each would win if the round
ended now (:meth:`~.state.PetsState.round_score`).  A position is a puzzle of
:func:`most_points_this_round` when no move scores at once and one move
raises that figure for the player to move by at least :data:`MARGIN` more
than any other: the play, add or take that builds the best round.
"""

from __future__ import annotations

from ...core.puzzles import Finding
from ...core.words import count
from .state import PetsState

#: How many more points this round the best move must be worth than the next best.
MARGIN = 2


def most_points_this_round(state: PetsState) -> Finding | None:
    """The move after which the player to move would win the most if the round ended, by a margin, none scoring now."""
    me = state.to_move
    legal = state.legal_moves()
    if me is None or len(legal) < 2:
        return None
    before, now = state.scores()[me].total, state.round_score(me).points
    worth = []
    for move in legal:
        twin = state.copy()
        entry = twin.play(move)
        if twin.scores()[me].total != before or twin.round != state.round:
            return None  # a move that scores or ends the round is the other kind's question
        worth.append((twin.round_score(me).points, str(move), entry.text))
    worth.sort(key=lambda w: -w[0])
    (best, move, text), second = worth[0], worth[1][0]
    if best - second < MARGIN or best <= now:
        return None
    name = state.names[me]
    return Finding(f"Which move puts the most points this round in {name}'s reach?", (move,),
                   f"{text} If the round ended now, {name} would win {count(best, 'point')} (before the move: "
                   f"{now}); no other move leaves more than {count(second, 'point')}.", CRITERION,
                   "Which kinds in the Scoring Zone do you show in front of you, and which move adds to them?")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best move is the one after which the player would win the most points if the round ended "
             "at once: the engine plays every allowed move and counts the Scoring Zone's cards of the kinds the "
             "player shows.")
