"""What makes a position a puzzle: one move clearly best, by a criterion the engine checks exactly.

A game declares how to spot one (``Game.puzzle``, a :data:`Finder`): given
a position, it returns a :class:`Finding` (the question, the moves that
answer it and why) or ``None``.  :mod:`explorer.lessons.puzzles` plays
seeded games and keeps the positions a finder spots as annotated records.

:func:`most_points_now` is the criterion most games use: the move that gains
the player to move the most points at once, when exactly one move does.

>>> import explorer
>>> state = explorer.new("pet-quartet", players=2, seed=0, setup={"deck": [7, 9, 4, 5], "first_player": 0,
...                      "collections": [[7, 7, 7, 9], []]})
>>> for move in ["D", "P1", "D", "P2"]:
...     _ = state.play(move)
>>> finding = most_points_now(state)
>>> finding.answers, finding.why
(('T1',), 'Ana takes Conductor 1 (7). That scores 1 point at once; no other move scores more than 0 points.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .words import count as counted

if TYPE_CHECKING:
    from .game import Game, State


@dataclass(frozen=True, slots=True)
class Finding:
    """What a position asks: ``question``, the moves that answer it (notations) and ``why`` they do.

    ``criterion`` says by what measure the answer is best, in a sentence the
    learner reads with the question; ``hint`` points the way without giving
    the answer.
    """

    question: str
    answers: tuple[str, ...]
    why: str
    criterion: str = ""
    hint: str = ""


class Finder(Protocol):
    """Spots a puzzle in a position: a :class:`Finding`, or ``None`` if no move is clearly best there.

    A protocol rather than a ``Callable`` so that a game may declare it as a class attribute
    (``puzzle = staticmethod(...)``) taking its own kind of state.
    """

    def __call__(self, state: Any, /) -> Finding | None: ...


def most_points_now(state: "State") -> Finding | None:
    """The move that gains the player to move the most points at once, if exactly one does (and gains some)."""
    mover = state.to_move
    legal = state.legal_moves()
    if mover is None or len(legal) < 2:
        return None
    before = state.scores()[mover].total
    gains = []
    for move in legal:
        twin = state.copy()
        entry = twin.play(move)
        gains.append((twin.scores()[mover].total - before, str(move), entry.text))
    gains.sort(key=lambda gain: -gain[0])
    (best, move, text), second = gains[0], gains[1][0]
    if best <= 0 or second == best:
        return None
    return Finding(f"Which move scores {state.names[mover]} the most points now?", (move,),
                   f"{text} That scores {counted(best, 'point')} at once; no other move scores more than "
                   f"{counted(second, 'point')}.", MOST_POINTS,
                   "Look for the move that completes something the rules score now.")


#: The criterion of :func:`most_points_now`, as the learner reads it.
MOST_POINTS = ("The best move is the one that scores the most points at once: the engine plays every "
               "allowed move and counts the points each one leaves.")
