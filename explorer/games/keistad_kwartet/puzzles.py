"""Keistad Kwartet's puzzles: an ask that is sure to hit, worked out from what the table has seen.

The player to move knows their own hand and everything said at the table
(:meth:`~.state.KeistadKwartetState.knowledge`); when that knowledge places a
card they lack in an opponent's hand, asking for it cannot miss.  Such a
position is a puzzle when some asks are sure and others are not: the
learner must read the table to find the sure ones.  A harder kind,
:func:`sure_quartet`, asks for the one sure ask that also completes a
quartet the player holds three cards of.
"""

from __future__ import annotations

from ...core.puzzles import Finding
from ...core.words import names_list
from .cards import BIT, MATES, QUARTET_CARDS, code
from .moves import Ask
from .state import KeistadKwartetState
from .strategy import Odds


def _asks(state: KeistadKwartetState) -> tuple[list[Ask], list[Ask]]:
    """The asks of the player to move for cards they lack, and those of them the table knows will hit."""
    me = state.to_move
    if me is None:
        return [], []
    hand = state.hands[me]
    asks = [m for m in state.legal_moves() if type(m) is Ask and not hand & BIT[m.card]]
    odds = Odds(state.knowledge(me), me)
    return asks, [m for m in asks if odds.of(m.target, m.card) >= 1.0]


def sure_hit(state: KeistadKwartetState) -> Finding | None:
    """The asks the player to move knows will hit, when there are some and not every ask is one."""
    me = state.to_move
    asks, sure = _asks(state)
    if me is None or not sure or len(sure) == len(asks):
        return None
    said = names_list([f"{state.names[m.target]} holds card {code(m.card)}" for m in sure])
    return Finding(f"Which ask is sure to be a hit for {state.names[me]}?", tuple(str(m) for m in sure),
                   f"From what has been asked, answered and laid down, the table knows that {said}, so asking for "
                   f"{'it' if len(sure) == 1 else 'those'} cannot miss; any other ask might.", CRITERION,
                   "Who asked for a card and got it? Who answered “no”? The table remembers.")


def sure_quartet(state: KeistadKwartetState) -> Finding | None:
    """The one sure ask that completes a quartet, when exactly one does and some other ask is sure or not sure."""
    me = state.to_move
    asks, sure = _asks(state)
    if me is None:
        return None
    hand = state.hands[me]
    completing = [m for m in sure if m.card < QUARTET_CARDS and hand & MATES[m.card] == MATES[m.card]]
    if len(completing) != 1 or len(asks) < 2:
        return None
    (ask,) = completing
    quartet = ask.card // 4 + 1
    return Finding(f"Which ask is sure to hit and completes a quartet for {state.names[me]}?", (str(ask),),
                   f"{state.names[me]} holds the other three cards of quartet {quartet}, and from what has been "
                   f"asked, answered and laid down the table knows that {state.names[ask.target]} holds card "
                   f"{code(ask.card)}: that ask cannot miss and completes the quartet. No other ask does both.",
                   QUARTET_CRITERION, "Which quartet do you hold three cards of, and who is known to hold the fourth?")


#: What makes the answer best, as the learner reads it.
CRITERION = ("The best ask is one that cannot miss: what has been asked, answered and laid down at the table "
             "places the card in one opponent's hand.")
#: What makes a :func:`sure_quartet` answer best, as the learner reads it.
QUARTET_CRITERION = ("The best ask is the one that cannot miss and completes a quartet: the player holds the "
                     "other three cards, and what the table has seen places the fourth in one opponent's hand.")
