"""What ``QuartzState.view(player)`` returns, field by field.

The line, the discards and every collection are open to all.  A player's
Helper hand and Chest are seen only by that player (``hand`` and ``chest``
are None for the others, who see the counts); once the game is over every
Chest is opened for the scoring.  The push-your-luck odds are the active
player's own, shown only to them.  A view is plain JSON-able data: a
:class:`QuartzView` is a ``dict``.
"""

from __future__ import annotations

import enum
from typing import TypedDict


class Phase(enum.StrEnum):
    """What the player to move is deciding (the view's ``phase``; equal to its plain string)."""

    ANNOUNCE = "announce"  #: the active player: explore, or protect a column
    ATTACK = "attack"  #: an opponent, in a reaction window: an Attack card, or pass
    DEFEND = "defend"  #: the active player: a Defense card against the pending attack, or pass
    CANCEL = "cancel"  #: the attacker: Sai Fora! against the defender's Sai Fora!, or pass
    CHOOSE = "choose"  #: the Posso Ajudar? attacker: which drawn card to keep
    HIRE = "hire"  #: the active player: discard the card just placed to hire a Helper, or pass
    DECIDE = "decide"  #: the active player: continue ("To work!") or stop ("Enough for today!")
    BELEZA = "beleza"  #: the active player, at the end of the turn: Mas Que Beleza! on a column, or pass
    OVER = "over"  #: the game is over; nobody decides


class DeckView(TypedDict):
    """The Mine deck in play."""

    #: Its full name.
    name: str
    #: A short label for it (``"reconstruction"``...).
    label: str
    #: Whether it was given by the match rather than built in.
    custom: bool


class AttackView(TypedDict):
    """The Attack card being resolved."""

    #: The Helper card's id (``"isso"``...).
    card: str
    #: Its printed title.
    title: str
    #: The attacking seat.
    attacker: int
    #: What it targets: a column (``"R6"``), two (``"R6+Q1"``), or empty.
    target: str
    #: The target in words: ``"the Ruby 6 column"``, ``"a Ruby 6 and a Quartz 1"``, or empty.
    aim: str


class LineCard(TypedDict):
    """One card of the line the active player has revealed."""

    #: The card's code (a Mine card such as ``"R6u25"``, or ``"presente"``).
    card: str
    #: Whether it is a Helper card (a Presentinho) rather than a Mine card.
    helper_card: bool
    #: What it shows, in words (``"Ruby 6"``, or the Helper card's title).
    title: str
    #: The line positions (from 1) at which it shows an unstable icon (none for a Helper card).
    unstable: list[int]
    #: Its crystal's value, or None for a Helper card.
    value: int | None
    #: Its crystal's name, or None for a Helper card.
    crystal: str | None
    #: Whether it shows the Hire-a-Helper icon.
    hire: bool


class QuartzPlayer(TypedDict):
    """One seat, as the viewer sees it."""

    #: The player's name.
    name: str
    #: Their collection, by column (``"R6"``), each with its cards' codes.
    collection: dict[str, list[str]]
    #: Their Chest by column, or None when the viewer may not see it.
    chest: dict[str, list[str]] | None
    #: How many cards their Chest holds (public).
    chest_count: int
    #: Their Helper cards, or None when the viewer may not see them.
    hand: list[str] | None
    #: How many Helper cards they hold (public).
    hand_count: int
    #: Presentinhos sent back to them by Sai Fora!, waiting for their next exploration.
    returned: int
    #: What their open collection scores.
    points_shown: int
    #: Their whole score (Chest included), or None when the viewer may not see their Chest.
    score: int | None


class OddsView(TypedDict):
    """The push-your-luck odds of one more reveal, for the active player."""

    #: The active seat.
    player: int
    #: How many Mine cards that player cannot see.
    unseen: int
    #: The chance the next card causes an accident, rounded.
    accident: float
    #: The same chance, exactly, as a fraction in text.
    accident_exact: str
    #: What stopping now scores.
    stop: int
    #: What one more reveal is worth on average, rounded.
    reveal: float
    #: The same, exactly, as a fraction in text.
    reveal_exact: str
    #: ``"continue"`` or ``"stop"``: which is worth more on average.
    advice: str


class QuartzView(TypedDict):
    """The table as one player (or, with ``viewer`` None, anyone) sees it."""

    #: The game's name, ``"quartz"``.
    game: str
    #: The seat whose view this is; None for the whole table.
    viewer: int | None
    #: The players' names, by seat.
    names: list[str]
    #: The Mine deck in play.
    deck: DeckView
    #: The deck's short label (as ``deck["label"]``).
    label: str
    #: The seat whose turn it is (the active player); None once the game is over.
    turn: int | None
    #: The seat that decides now (an opponent in a reaction window...); None once the game is over.
    to_move: int | None
    #: What the player to move is deciding.
    phase: Phase
    #: What opened the reaction window under way (a kind of moment in the turn), or None.
    window: str | None
    #: The opponents still to be asked in that window, the one asked now first.
    asked: list[int]
    #: The attack being resolved, or None.
    attack: AttackView | None
    #: The Sai Fora! awaiting the attacker's answer, or None.
    counter: str | None
    #: The Mine cards drawn by Posso Ajudar?, shown to all.
    drawn: list[str]
    #: The same cards in words, in the same order (``"Ruby 6 (unstable at 1 and 4)"``).
    drawn_names: list[str]
    #: The line revealed this turn, first card first.
    line: list[LineCard]
    #: How many Mine cards are left.
    mine_deck: int
    #: The Mine discard pile.
    mine_discard: list[str]
    #: How many cards are out of play (Mine and Helper).
    out_of_play: int
    #: How many Helper cards are left.
    helper_deck: int
    #: The Helper discard pile.
    helper_discard: list[str]
    #: Every seat.
    players: list[QuartzPlayer]
    #: The odds of one more reveal while the active player decides, for them (or the whole table); else None.
    odds: OddsView | None
    #: Whether the game is over.
    over: bool
    #: The winning seats once the game is over, else None.
    winners: list[int] | None
    #: How a tie was settled (a sentence with its rule id), or None.
    tiebreak: str | None
