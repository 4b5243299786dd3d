"""What Pet Quartet's moves do, as typed events: a move's log entry lists them in the order they happened.

Seats and Conductors count from 0, as everywhere in the engine; the
narration (:mod:`~explorer.games.pet_quartet.narration`) numbers them from 1 for people.  ``Drew`` and
``Placed``, the events of nearly every move, are all made once, at import, and looked up:
``DREW[player][card]`` and ``PLACED[player][card][conductor][limit][count]``.
"""

from __future__ import annotations

from ...core.events import event
from .moves import MAX_CARD, MIN_CARD
from .view import Phase


@event
class Drew:
    """``player`` drew ``card`` from the deck; ``last``: it was the deck's last card, which triggers the end."""

    player: int
    card: int
    last: bool = False


@event
class Placed:
    """``player`` placed ``card`` under ``conductor``, which now holds ``count`` cards of its ``limit``."""

    player: int
    card: int
    conductor: int
    count: int
    limit: int


@event
class TakeOffered:
    """The Maestro of ``conductor``, just played to, lets the player take it at once (or pass)."""

    conductor: int


@event
class Took:
    """``player`` took ``conductor`` with ``cards`` under it; ``duty``: the Maestro's return they owe first."""

    player: int
    conductor: int
    cards: tuple[int, ...]
    duty: Phase | None = None


@event
class LeftOnTable:
    """``player`` passed on the immediate take: ``conductor`` stays on the table."""

    player: int
    conductor: int


@event
class PassedFinal:
    """``player`` passed on their final turn."""

    player: int


@event
class Returned:
    """``player`` returned ``card`` to the box: from under ``conductor``, or (``None``) from their collection."""

    player: int
    card: int
    conductor: int | None


@event
class Gave:
    """``player`` passed ``card`` of their collection to ``to``, on their left."""

    player: int
    card: int
    to: int


@event
class MaestroAdded:
    """The Maestro added the deck's top ``card`` to the taker's collection (``None``: the deck was empty)."""

    card: int | None


@event
class EndTriggered:
    """The last card left the deck by another way than a draw: the end of the game is triggered."""


@event
class MustPassLeft:
    """``player`` must now pass a card of their collection to ``to``."""

    player: int
    to: int


@event
class RoundEnded:
    """Round ``round`` ended: every player took a Conductor."""

    round: int


@event
class Discarded:
    """``cards`` were discarded face up: from ``conductor``, nobody's at a Duet round's end, or (``None``) from
    under every Conductor when the game ended."""

    cards: tuple[int, ...]
    conductor: int | None = None


@event
class RoundStarted:
    """``player``, who took the last Conductor, starts round ``round``."""

    player: int
    round: int


@event
class FinalTurns:
    """The deck ran out: ``players`` have a final turn each, in this order."""

    players: tuple[int, ...]


@event
class GameEnded:
    """The game is over: ``winners`` won (``shared``: a tie the tiebreaks did not settle)."""

    winners: tuple[int, ...]
    shared: bool


Event = (Drew | Placed | TakeOffered | Took | LeftOnTable | PassedFinal | Returned | Gave | MaestroAdded
         | EndTriggered | MustPassLeft | RoundEnded | Discarded | RoundStarted | FinalTurns | GameEnded)

_SEATS = 6  # the most players, and so the most Conductors
#: Every draw but the last: ``DREW[player][card]``.
DREW = tuple(tuple(Drew(p, c) for c in range(MAX_CARD + 1)) for p in range(_SEATS))
#: Every placement: ``PLACED[player][card][conductor][limit][count]`` (a Conductor takes 2, 3 or 4 cards).
PLACED = tuple(tuple(tuple(tuple(tuple(Placed(p, card, c, n, limit) if 1 <= n <= limit else None for n in range(5))
                                   if limit >= 2 else () for limit in range(5))
                             for c in range(_SEATS))
                       if card >= MIN_CARD else () for card in range(MAX_CARD + 1))
               for p in range(_SEATS))
END_TRIGGERED = EndTriggered()
