"""Time travel through a match: the full list of moves, and every position along it.

Position ``k`` is the match after its first ``k`` moves.  Stepping back keeps
the later moves, so one can step forward through them again; playing a
different move at an earlier position replaces them (a new branch).

Every position is kept once computed, so jumping anywhere is immediate, and
memory still grows only linearly with the match's length.  The lists a match
only ever appends to (its moves, its log, and those its state declares in
``appended``, such as a log of public events) are held once, by the last
position: every earlier position reads the first items of the same lists
(a :class:`~explorer.core.prefix.Prefix`) instead of holding a copy, so each position costs only
its own table.  A position handed out is never played on afterwards: a caller
may keep it, and know it again by its identity.

>>> import explorer
>>> line = Timeline(explorer.new("pet-quartet", players=2, seed=3))
>>> entry = line.play("D")
>>> line.goto(0); line.position, len(line.moves)
(0, 1)
>>> line.forward()
True
>>> str(line.state.history[-1])
'D'
"""

from __future__ import annotations

from typing import Any

from ..core import Entry, IllegalMove, State
from ..core.errors import ExplorerError
from ..core.prefix import Prefix

#: The lists every state only appends to: its moves and its log.
APPENDED = ("_history", "_log")


class Timeline:
    """A match's moves and its positions; the list of moves is the match, the position is where we look."""

    def __init__(self, state: State) -> None:
        """Start from ``state``: its moves become the list, and we look at its last position."""
        moves = list(state.history)
        first = state.replayed(0) if moves else state.copy()
        self._appended = APPENDED + type(first).appended
        self._states: list[State] = [first]
        self._scores: list[tuple[int, ...]] = [_totals(first)]
        for move in moves:
            self._advance(move)
        self.position = len(moves)
        #: Grows whenever the list of moves changes, so views redraw only what changed.
        self.version = 0
        self._tuples: tuple[int, tuple, tuple] | None = None

    # -- where we look -------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position we look at.  Shared with the timeline: do not play moves on it."""
        return self._states[self.position]

    @property
    def final(self) -> State:
        """The position after every move of the list."""
        return self._states[-1]

    def _lists(self) -> tuple[tuple, tuple]:
        if self._tuples is None or self._tuples[0] != self.version:
            final = self.final
            self._tuples = (self.version, final.history, final.log)
        return self._tuples[1], self._tuples[2]

    @property
    def moves(self) -> tuple[Any, ...]:
        return self._lists()[0]

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The log of every move of the list: who played it, its narration and rule."""
        return self._lists()[1]

    def __len__(self) -> int:
        """How many moves the list holds."""
        return len(self._states) - 1

    def at(self, k: int) -> State:
        """The position after ``k`` moves."""
        return self._states[self._index(k)]

    def goto(self, k: int) -> None:
        """Look at the position after ``k`` moves (``0``: the start; ``len(self)``: the end)."""
        self.position = self._index(k)

    def _index(self, k: Any) -> int:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self):
            raise ExplorerError(f"there is no position {str(k)[:20]}; this match has positions 0 to {len(self)}.")
        return k

    def back(self) -> bool:
        """Step one move back; ``False`` at the start."""
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def forward(self) -> bool:
        """Step one move forward along the list; ``False`` at its end."""
        if self.position == len(self):
            return False
        self.position += 1
        return True

    @property
    def last_entry(self) -> Entry | None:
        """The move that led to the position we look at (``None`` at the start)."""
        return self.entries[self.position - 1] if self.position else None

    def scores(self) -> list[tuple[int, ...]]:
        """Every player's total after each move: ``scores()[k][p]`` is player ``p``'s after ``k`` moves."""
        return list(self._scores)

    # -- playing -----------------------------------------------------------------
    def play(self, move: Any) -> Entry:
        """Play ``move`` at the position we look at and step to the result.

        The same move as the list's next keeps the rest of the list; another
        move replaces it.  An illegal move raises :class:`~explorer.IllegalMove`
        (or :class:`~explorer.InvalidMove`) and changes nothing.
        """
        here = self.state
        move = here.parse(move)
        k = self.position
        if k < len(self) and str(self.moves[k]) == str(move):
            self.position += 1
            return self.entries[k]
        why = here.why_illegal(move)
        if why is not None:
            raise IllegalMove(why.reason, why.rule, move)
        del self._states[k + 1:]
        del self._scores[k + 1:]
        entry = self._advance(move)
        self.position = k + 1
        self.version += 1
        return entry

    def _advance(self, move: Any) -> Entry:
        """Play ``move`` on a copy of the last position, which hands its appended lists on to the copy."""
        last = self._states[-1]
        lists = [getattr(last, name) for name in self._appended]
        for name in self._appended:
            setattr(last, name, [])
        try:
            nxt = last.copy()
        finally:
            for name, items in zip(self._appended, lists):
                setattr(last, name, items)
        for name, items in zip(self._appended, lists):
            if isinstance(items, Prefix):  # a new branch from an earlier position: its future goes
                shared = items.items
                del shared[len(items):]
            else:
                shared = items
                setattr(last, name, Prefix(shared, len(shared)))
            setattr(nxt, name, shared)
        entry = nxt.play(move)
        self._states.append(nxt)
        self._scores.append(_totals(nxt))
        return entry


def _totals(state: State) -> tuple[int, ...]:
    return tuple(s.total for s in state.scores())
