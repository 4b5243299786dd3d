"""What Quartex's moves do, as typed events: a move's log entry lists them in the order they happened.

Seats count from 0; a tile laid is its packed corners (``value``, see
:mod:`.tiles`), a colour its index in :data:`.tiles.COLOURS`.  The narration
(:mod:`~explorer.games.quartex.narration`) writes them out.
"""

from __future__ import annotations

from ...core.events import event


@event
class PointedOut:
    """``pointer`` pointed out that ``tile``, in the hand of the player who showed theirs, fits."""

    pointer: int
    tile: int


@event
class PointedNothing:
    """``pointer`` pointed out no placement."""

    pointer: int


@event
class MayPoint:
    """``player`` may now point out a placement, or pass."""

    player: int


@event
class NobodyPointed:
    """Every player asked passed: nobody pointed out a placement."""


@event
class Placed:
    """``player`` laid the tile whose corners are ``value`` on space ``(x, y)`` (``first``: the first tile on the
    table), completing a shape of each colour of ``completed``."""

    player: int
    value: int
    x: int
    y: int
    first: bool
    completed: tuple[int, ...] = ()


@event
class TookTokens:
    """``player`` took a token of each colour of ``colours`` from the stock."""

    player: int
    colours: tuple[int, ...]


@event
class StockOut:
    """The stock had no token of the ``colours`` of shapes just completed."""

    colours: tuple[int, ...]


@event
class BackInBag:
    """The ``tiles`` tiles set aside went back into the bag, which was shuffled."""

    tiles: int


@event
class DrewUp:
    """``player`` drew ``tiles`` tiles from the bag, back to a full hand; ``last``: the bag is now empty."""

    player: int
    tiles: int
    last: bool


@event
class Showed:
    """``player`` showed the ``tiles`` behind their shield (none: they had none), saying none fits;
    ``challenged``: others may point out one that does."""

    player: int
    tiles: tuple[int, ...]
    challenged: bool = False


@event
class Redrew:
    """``player``, unable to place, drew ``tiles`` new tiles (``set_aside``: after setting their hand aside);
    ``emptied``: that was all the bag held."""

    player: int
    tiles: int
    set_aside: bool
    emptied: bool


@event
class Eliminated:
    """The bag was empty: ``player``, unable to place, is eliminated."""

    player: int


@event
class GameEnded:
    """The game is over: ``winners`` (``shared``: all of them) won with ``points`` points."""

    winners: tuple[int, ...]
    shared: bool
    points: int


NOBODY_POINTED = NobodyPointed()
