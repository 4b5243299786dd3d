"""Keistad Kwartet's puzzles: an ask that is sure to hit, worked out from what the table has seen.

The player to move knows their own hand and everything said at the table
(:meth:`~.state.KeistadKwartetState.knowledge`); when that knowledge places a
card they lack in an opponent's hand, asking for it cannot miss.  Such a
position is a puzzle when some asks are sure and others are not: the
learner must read the table to find the sure ones.
"""

from __future__ import annotations

from ...core.puzzles import Finding
from ...core.words import names_list
from .cards import BIT, code
from .moves import Ask
from .state import KeistadKwartetState
from .strategy import Odds


def sure_hit(state: KeistadKwartetState) -> Finding | None:
    """The asks the player to move knows will hit, when there are some and not every ask is one."""
    me = state.to_move
    if me is None:
        return None
    hand = state.hands[me]
    asks = [m for m in state.legal_moves() if type(m) is Ask and not hand & BIT[m.card]]
    odds = Odds(state.knowledge(me), me)
    sure = [m for m in asks if odds.of(m.target, m.card) >= 1.0]
    if not sure or len(sure) == len(asks):
        return None
    said = names_list([f"{state.names[m.target]} holds card {code(m.card)}" for m in sure])
    return Finding(f"Which ask is sure to be a hit for {state.names[me]}?", tuple(str(m) for m in sure),
                   f"From what has been asked, answered and laid down, the table knows that {said}, so asking for "
                   f"{'it' if len(sure) == 1 else 'those'} cannot miss; any other ask might.", CRITERION,
                   "Who asked for a card and got it? Who answered “no”? The table remembers.")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best ask is one that cannot miss: what has been asked, answered and laid down at the table "
             "places the card in one opponent's hand.")
