"""What the moves of PETS do, as typed events: a move's log entry lists them in the order they happened.

Seats and rows count from 0, as everywhere in the engine; a kind is its
card's number (6 to 24).  The narration (:mod:`~explorer.games.pets.narration`) writes them out.
``Played`` and ``Added``, the events of two moves in three, are made once at
import and looked up (``PLAYED[player][kind][count]``,
``ADDED[player][kind][row][left]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Result
from ...core.events import event
from .moves import KINDS, ROWS

_SEATS = 5  # the most players


@dataclass(frozen=True, slots=True)
class RoundScore:
    """What a player wins from the Scoring Zone: ``won`` holds ``(kind, cards)`` for each kind won.

    >>> RoundScore(0, ((12, 1), (24, 3))).points
    8
    """

    player: int
    won: tuple[tuple[int, int], ...] = ()

    @property
    def cards(self) -> int:
        return sum(n for _, n in self.won)

    @property
    def kinds(self) -> int:
        return len(self.won)

    @property
    def points(self) -> int:
        return self.cards * self.kinds

    def __str__(self) -> str:
        if not self.won:
            return "0"
        cards = " + ".join(str(n) for _, n in self.won)
        if self.kinds > 1:
            cards = f"({cards})"
        return f"{cards} × {self.kinds} = {self.points}"


@event
class Played:
    """``player`` played ``count`` cards of ``kind`` in front of them, beating ``beaten``'s ``lost`` cards of it
    (``None``: nobody showed that kind)."""

    player: int
    kind: int
    count: int
    beaten: int | None = None
    lost: int = 0


@event
class Added:
    """``player`` added a card of ``kind`` to ``row``, at its left end (``left``) or its right end."""

    player: int
    kind: int
    row: int
    left: bool


@event
class Took:
    """``player`` took ``count`` cards of ``kind`` from an end of ``row`` (``left``: the left end);
    ``moved`` cards of ``moved_kind``, the next group inward, went to the Scoring Zone (0: it was the last group)."""

    player: int
    kind: int
    count: int
    row: int
    left: bool
    moved_kind: int
    moved: int


@event
class Refilled:
    """``row`` got ``added`` cards from the draw pile, now (``between_rounds``: before the next round);
    ``full``: it holds ten again.  ``reshuffle``, if the draw pile ran out on the way: the cards drawn before it
    did, and the discard pile's cards shuffled into a new draw pile."""

    row: int
    added: int
    full: bool
    between_rounds: bool
    reshuffle: tuple[int, int] | None = None


@event
class Triggered:
    """The Scoring Zone holds ``cards`` cards of ``kind``: round ``round`` ends at once and is scored."""

    kind: int
    cards: int
    round: int


@event
class Scored:
    """The round was scored: what each player won from the Scoring Zone."""

    scores: tuple[RoundScore, ...]


@event
class Exhausted:
    """All three rows are empty and cannot be refilled: the game ends at once."""


@event
class UnfinishedRound:
    """The rows ran out during round ``round``: it is ``scored`` as it stands, or not at all."""

    round: int
    scored: bool


@event
class RoundStarted:
    """``player``, on the left of ``previous`` (who ended the last round), starts round ``round``."""

    player: int
    previous: int
    round: int


@event
class GameEnded:
    """The game is over, with this ``result``; ``last_scoring``: because the last round was scored."""

    result: Result
    last_scoring: bool


EXHAUSTED = Exhausted()
PLAYED = tuple({k: tuple(Played(p, k, c) for c in range(k + 1)) for k in KINDS} for p in range(_SEATS))
ADDED = tuple({k: tuple(tuple(Added(p, k, r, left) for left in (False, True)) for r in range(ROWS)) for k in KINDS}
              for p in range(_SEATS))
