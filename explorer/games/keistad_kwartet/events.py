"""What Keistad Kwartet's moves do, as typed events: a move's log entry lists them in the order they happened.

Two kinds.  The public events (:class:`Dealt` to :class:`Stormed`) are what
the whole table sees; the table's :class:`~.knowledge.Knowledge` is built
from them, and the state keeps them (its ``events``).  The others tell the
rest of a move's story for its narration (:mod:`~explorer.games.keistad_kwartet.narration`): whose turn it
becomes, who goes out, how the game ends.  Seats, cards and quartets count
from 0, as everywhere in the engine; cards are numbers (see :mod:`.cards`).

The events of nearly every move, an ask and what follows it, are made once
at import and looked up (``ASKED``, ``DREW``, ``LAID_DOWN``, ``GOES_ON``,
``TAKES_OVER``): a game plays hundreds of asks.
"""

from __future__ import annotations

from ...core.events import event
from .cards import QUARTET_CARDS, QUARTETS
from .moves import MAX_SEATS


# -- the public events ---------------------------------------------------------------
@event
class Dealt:
    """The deal: each hand's size, the pot's size, and the mask of the cards in play (hands and pot)."""

    sizes: tuple[int, ...]
    pot: int
    live: int


@event
class Asked:
    """``asker`` asked ``target`` for ``card``; ``hit``: it was handed over."""

    asker: int
    target: int
    card: int
    hit: bool


@event
class AskedQuartet:
    """``asker`` asked ``target`` for a whole quartet; ``cards`` (a mask) were handed over, face up."""

    asker: int
    target: int
    quartet: int
    cards: int


@event
class Drew:
    """``player`` took a card from the pot, unseen by the others."""

    player: int


@event
class LaidDown:
    """``player`` laid down ``quartet``: its four cards leave play."""

    player: int
    quartet: int


@event
class Played:
    """``player`` played a bonus card, which is put aside."""

    player: int
    card: int


@event
class Shown:
    """``player``'s whole hand, ``cards`` (a mask), was shown to the table."""

    player: int
    cards: int


@event
class Feasted:
    """``host`` named ``quartet``; each of ``guests`` brought the cards in ``brought`` (masks), face up."""

    host: int
    quartet: int
    guests: tuple[int, ...]
    brought: tuple[int, ...]


@event
class Walked:
    """``walker`` asked each of ``asked`` in turn for ``card``; ``holder`` had it (or None: nobody)."""

    walker: int
    card: int
    asked: tuple[int, ...]
    holder: int | None


@event
class Stormed:
    """Every hand and the pot were shuffled together and dealt anew: hands now have ``sizes`` cards."""

    sizes: tuple[int, ...]


Event = Dealt | Asked | AskedQuartet | Drew | LaidDown | Played | Shown | Feasted | Walked | Stormed

#: The most frequent events, made once like the moves (a game records hundreds of them, and these are
#: equal to any ``Asked(...)`` built by hand): ``ASKED[asker][target][card][hit]``, ``DREW[player]`` and
#: ``LAID_DOWN[player][quartet]``.
ASKED = tuple(tuple(tuple((Asked(a, t, c, False), Asked(a, t, c, True)) for c in range(QUARTET_CARDS))
                    for t in range(MAX_SEATS)) for a in range(MAX_SEATS))
DREW = tuple(Drew(p) for p in range(MAX_SEATS))
LAID_DOWN = tuple(tuple(LaidDown(p, q) for q in range(QUARTETS)) for p in range(MAX_SEATS))


# -- the rest of a move's story ---------------------------------------------------------
@event
class PotEmpty:
    """The asker missed, and the pot was empty: nothing was drawn."""


@event
class GoesOn:
    """``player`` keeps the turn; ``asking``: they hold quartet cards to ask with (else they may play a bonus card)."""

    player: int
    asking: bool


@event
class TakesOver:
    """``player``, who was asked and did not have it, takes over the turn."""

    player: int


@event
class TurnPasses:
    """The player to move went out: the turn passes to ``player``, the next still in the game."""

    player: int


@event
class Refilled:
    """``player`` ran out of cards and drew one from the pot (empty_hand=draw)."""

    player: int


@event
class WentOut:
    """``player`` ran out of cards and is out of the game."""

    player: int


@event
class TookPot:
    """``player``, the only one left in the game, took the rest of the pot: ``cards`` cards."""

    player: int
    cards: int


@event
class Stopped:
    """``player`` stopped asking after a hand-over (ask_again=may); ``next``, on their left, takes over the turn."""

    player: int
    next: int


@event
class GameEnded:
    """The game is over: ``winners`` (``shared``: all of them) won with ``quartets`` quartets each.

    ``stalled``: it ended by the no-progress rule, after that many moves without progress (``None``: every
    quartet is down).
    """

    winners: tuple[int, ...]
    shared: bool
    quartets: int
    stalled: int | None = None


POT_EMPTY = PotEmpty()
#: ``GOES_ON[player][asking]``, ``TAKES_OVER[player]``: the story of nearly every ask, made once.
GOES_ON = tuple((GoesOn(p, False), GoesOn(p, True)) for p in range(MAX_SEATS))
TAKES_OVER = tuple(TakesOver(p) for p in range(MAX_SEATS))
