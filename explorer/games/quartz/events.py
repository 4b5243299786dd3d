"""What Quartz's moves do, as typed events: a move's log entry lists them in the order they happened.

Seats count from 0; a Mine card is its :class:`~.deck.MineCard` (its ``code``
is ``"R6u25"``, its ``name`` ``"Ruby 6"``: a custom deck names its crystals its
own way, so the narration reads the names from the cards); a column is its
code (``"R6"``) with its name in words (``"Ruby 6"``) beside it; a Helper card
is its key (``"isso"``).  The
narration (:mod:`~explorer.games.quartz.narration`) writes them out.

Most moves of a game are an opponent declining to attack: those events are
made once, at import, and looked up (``DECLINED[player]``).  An accident,
whatever caused it, is one :class:`Accident`, and the end of a turn cut
short is told by what cut it (an accident, :class:`TurnCut`), so a widget or
a figure counts them from the log without reading a sentence.
"""

from __future__ import annotations

import enum

from ...core.events import event
from .deck import MineCard


class Cause(enum.Enum):
    """What made the line blow up."""

    UNSTABLE = "unstable"  #: a second Unstable Crystal at a position already taken
    PRESENTINHO = "presentinho"  #: an Unstable Crystal joined a line holding a Presentinho
    TWO_PRESENTINHOS = "two-presentinhos"  #: a second Presentinho joined the line


# -- the turn's announcements -------------------------------------------------------------
@event
class Explored:
    """``player`` announced an exploration; ``returned`` Presentinhos sent back to them by Sai Fora! start the
    line."""

    player: int
    returned: int = 0


@event
class Protected:
    """``player`` put every card of ``column`` (``cards`` of them) in their Chest: as their turn, or by Mas Que
    Beleza! (``beleza``) at its end; ``discarded`` Presentinhos sent back to them went to the discard.
    ``column_name`` is the column in words (``"Ruby 6"``)."""

    player: int
    column: str
    column_name: str
    cards: int
    beleza: bool = False
    discarded: int = 0


# -- the line ---------------------------------------------------------------------------------
@event
class Continued:
    """``player`` said "To work!": one more card."""

    player: int


@event
class Revealed:
    """``player`` revealed ``card``, the top Mine card, at the end of their line."""

    player: int
    card: MineCard


@event
class Stopped:
    """``player`` said "Enough for today!"."""

    player: int


@event
class MayHire:
    """The card just placed shows Hire a Helper: ``player`` may hire."""

    player: int


@event
class Hired:
    """``player`` discarded ``card`` from the line and drew a Helper card (``reshuffled``: the used Helper cards
    were first shuffled into a new deck)."""

    player: int
    card: MineCard
    reshuffled: bool = False


@event
class KeptInLine:
    """``player`` kept ``card`` in the line rather than hire."""

    player: int
    card: MineCard


@event
class Accident:
    """The line blew up (``cause``; ``positions``: the positions of the second Unstable Crystal): its
    ``cards`` Mine cards are discarded, and the turn ends."""

    cause: Cause
    cards: int
    positions: tuple[int, ...] = ()


@event
class LastCard:
    """That was the last Mine card."""


@event
class Collected:
    """``player`` put the line's Mine cards, ``cards`` (none: the line held none), into their collection."""

    player: int
    cards: tuple[MineCard, ...]


@event
class EndedTurn:
    """``player`` played no Mas Que Beleza!: their turn ends."""

    player: int


@event
class GameEnded:
    """The Mine deck is used up: ``winners`` won (``shared``: a tie nothing broke), ``tiebreak`` saying how a tie
    was settled."""

    winners: tuple[int, ...]
    shared: bool
    tiebreak: str | None = None


# -- attacks and defenses ---------------------------------------------------------------
@event
class Declined:
    """``player``, an opponent asked, did not attack."""

    player: int


@event
class Attacked:
    """``attacker`` played the Attack card ``card`` (aimed at ``columns`` of the active player's collection, for
    Isso Não Te Pertence Mais..., their names in words in ``column_names``); ``defender`` may answer it."""

    attacker: int
    card: str
    defender: int
    columns: tuple[str, ...] = ()
    column_names: tuple[str, ...] = ()


@event
class NoDefense:
    """``player`` did not answer the attack: it takes effect."""

    player: int


@event
class Cancelled:
    """``player`` cancelled the Attack card ``attack`` with Sem Chance!."""

    player: int
    attack: str


@event
class Cadaver:
    """``player`` answered the theft with Só Por Cima do Meu Cadáver!: it is cancelled, and they stole
    ``stolen`` from ``attacker`` (``None``: the attacker had nothing to steal)."""

    player: int
    attacker: int
    stolen: MineCard | None = None


@event
class SentBack:
    """``player`` answered the Presentinho with Sai Fora!: it goes back to ``attacker``, unless they cancel."""

    player: int
    attacker: int


@event
class CounterCancelled:
    """``attacker`` cancelled the Sai Fora! with one of their own: the Presentinho goes into the line after all."""

    attacker: int


@event
class TookBack:
    """``attacker`` took the Presentinho back: it starts their next exploration."""

    attacker: int


@event
class GiftInLine:
    """The Presentinho went into the line."""


@event
class TookFromLine:
    """``thief`` took ``card``, the line's last Mine card, into their collection (Passa Isso Aqui...)."""

    thief: int
    card: MineCard


@event
class TurnCut:
    """Para, Para, Para!: the turn ends at once."""


@event
class DrewForHelp:
    """``thief`` drew ``cards`` from the Mine deck for Posso Ajudar?, shown to all."""

    thief: int
    cards: tuple[MineCard, ...]


@event
class Kept:
    """``thief`` kept the drawn ``card``; ``placed``, the other one, went to the end of the line (``None``: there
    was no other)."""

    thief: int
    card: MineCard
    placed: MineCard | None = None


@event
class PutInLine:
    """``thief`` put the one card drawn, ``card``, at the end of the line."""

    thief: int
    card: MineCard


@event
class Stole:
    """``thief`` stole ``cards`` from ``victim``'s collection (Isso Não Te Pertence Mais...)."""

    thief: int
    victim: int
    cards: tuple[MineCard, ...]


Event = (Explored | Protected | Continued | Revealed | Stopped | MayHire | Hired | KeptInLine | Accident | LastCard
         | Collected | EndedTurn | GameEnded | Declined | Attacked | NoDefense | Cancelled | Cadaver | SentBack
         | CounterCancelled | TookBack | GiftInLine | TookFromLine | TurnCut | DrewForHelp | Kept | PutInLine
         | Stole)

_SEATS = 4  # the most players
#: An opponent declining to attack, the commonest move of a game: ``DECLINED[player]``, its events.
DECLINED = tuple((Declined(p),) for p in range(_SEATS))
LAST_CARD = LastCard()
GIFT_IN_LINE = GiftInLine()
TURN_CUT = TurnCut()
