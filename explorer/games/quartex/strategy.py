"""A one-move heuristic for Quartex, used by the ``greedy`` bot and by search rollouts.

A thoughtful beginner: it places the tile whose completed shapes gain it the
most points over its opponents at the stock's present worth (a token taken
is worth the tokens of its colour still in the stock, and taking it makes
every token of that colour worth one less), and it avoids leaving a point
with three tiles around it, a shape the next player may complete, when that
shape's token is still worth something.  Asked to point out a placement for
an opponent who showed their tiles, it points out the one that helps them
least; it never shows its own tiles while one of them fits.
"""

from __future__ import annotations

import random

from .moves import PASS, Move, Place
from .state import POINTING, QuartexState
from .tiles import CODES, CORNER_OFFSETS, CORNERS

#: How much a shape left for the next player to complete counts against a placement, per point of its worth.
OPENING = 0.3


def gain(state: QuartexState, player: int, colours: list[int]) -> float:
    """What taking tokens of ``colours`` is worth to ``player`` against the average opponent, at today's stock.

    Taking a token of a colour with ``s`` left in the stock, holding ``m``
    already, changes one's own score by ``s - 1 - m`` and costs every other
    holder of that colour one point a token.
    """
    stock = list(state.stock)
    mine = list(state.tokens[player])
    others = [p for p in range(state.players) if p != player]
    value = 0.0
    for c in colours:
        if stock[c] == 0:
            continue
        theirs = sum(state.tokens[p][c] for p in others) / max(len(others), 1)
        value += stock[c] - 1 - mine[c] + theirs
        stock[c] -= 1
        mine[c] += 1
    return value


def openings(state: QuartexState, move: Place) -> float:
    """The worth of the shapes ``move`` leaves one tile short of complete (three tiles around a point)."""
    x, y = move.cell
    corners = CORNERS[CODES[move.tile][move.orientation]]
    worth = 0.0
    for k, (dx, dy) in enumerate(CORNER_OFFSETS):
        if state.around.get((x + dx, y + dy), 0) == 2:
            worth += state.stock[corners[k]]
    return worth


def greedy_move(state: QuartexState, player: int, rng: random.Random) -> Move:
    """The heuristic's move for ``player``, who is to move in ``state`` (a determinization)."""
    legal = state.legal_moves()  # the kinds of move the phase allows
    if len(legal) == 1:
        return legal[0]
    places = [m for m in legal if type(m) is Place]
    if not places:
        return legal[0]
    if state.phase == POINTING:
        helped = state.turn
        assert helped is not None  # a placement is pointed out for the player whose turn it is
        options = [(-gain(state, helped, state.completes(m)), m) for m in places]
    else:
        options = [(gain(state, player, state.completes(m)) - OPENING * openings(state, m), m) for m in places]
    top = max(v for v, _ in options)
    best = [m for v, m in options if v >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


__all__ = ["greedy_move", "gain", "openings", "PASS"]
