"""What makes a position a puzzle: one move clearly best, by a criterion the engine checks exactly.

A game declares its kinds of puzzle (``Game.puzzles``, a tuple of
:class:`Finder`): given a position, each returns a :class:`Finding` (the
question, the moves that answer it, why, and the criterion by which they are
best) or ``None``.  Each kind has its own criterion sentence, shown with the
question, and :func:`explorer.lessons.puzzles.solve` finds a puzzle's kind
again by it.  :mod:`explorer.lessons.puzzles` plays seeded games and keeps a
mix of the positions the kinds spot, as annotated records.

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
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

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

    A protocol rather than a ``Callable`` so that a game may declare its kinds as a class attribute
    (``puzzles = (finder, ...)``), each taking its own kind of state.
    """

    def __call__(self, state: Any, /) -> Finding | None: ...


@dataclass(frozen=True, slots=True)
class Best:
    """The move worth the most to the player to move (``name``) by some measure: its ``worth``, its notation
    and narration, and ``second``, what the next best move is worth (strictly less)."""

    name: str
    worth: int
    move: str
    text: str
    second: int


#: A game's own kind of state, as a measure of :func:`best_move` takes it.
S = TypeVar("S", bound="State")


def best_move(state: S, worth: Callable[[S, S, int], int | None]) -> Best | None:
    """The one move worth strictly more than any other to the player to move, each move played on a copy.

    ``worth(before, after, mover)`` says what a move is worth; ``None`` means
    the move makes the position no question of this kind, and then there is
    no best move.
    """
    mover = state.to_move
    legal = state.legal_moves()
    if mover is None or len(legal) < 2:
        return None
    ranked = []
    for move in legal:
        twin = state.copy()
        entry = twin.play(move)
        value = worth(state, twin, mover)
        if value is None:
            return None
        ranked.append((value, str(move), entry.text))
    ranked.sort(key=lambda r: -r[0])
    (value, move, text), second = ranked[0], ranked[1][0]
    return Best(state.names[mover], value, move, text, second) if second < value else None


def points_gained(before: "State", after: "State", mover: int) -> int:
    """What a move adds to the mover's score at once (a measure for :func:`best_move`)."""
    return after.scores()[mover].total - before.scores()[mover].total


def most_points_now(state: "State") -> Finding | None:
    """The move that gains the player to move the most points at once, if exactly one does (and gains some)."""
    best = best_move(state, points_gained)
    if best is None or best.worth <= 0:
        return None
    return Finding(f"Which move scores {best.name} the most points now?", (best.move,),
                   f"{best.text} That scores {counted(best.worth, 'point')} at once; no other move scores more than "
                   f"{counted(best.second, 'point')}.", MOST_POINTS,
                   "Look for the move that completes something the rules score now.")


def fewest_points_lost(state: "State") -> Finding | None:
    """The move that costs the player to move the fewest points at once, when every move costs some and one costs least."""
    best = best_move(state, points_gained)
    if best is None or best.worth >= 0:
        return None
    return Finding(f"Every move costs {best.name} points now: which one costs the fewest?", (best.move,),
                   f"{best.text} That costs {counted(-best.worth, 'point')}; every other move costs at least "
                   f"{counted(-best.second, 'point')}.", FEWEST_LOST,
                   "Count what each move takes away from the score, and keep what is worth most.")


#: The criterion of :func:`most_points_now`, as the learner reads it.
MOST_POINTS = ("The best move is the one that scores the most points at once: the engine plays every "
               "allowed move and counts the points each one leaves.")
#: The criterion of :func:`fewest_points_lost`, as the learner reads it.
FEWEST_LOST = ("The best move is the one that loses the fewest points at once: every allowed move lowers the "
               "score, and the engine plays each one and counts the points it leaves.")
