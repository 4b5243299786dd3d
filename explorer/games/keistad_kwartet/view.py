"""What ``KeistadKwartetState.view(player)`` returns, field by field.

A hand is seen only by its owner (``hands`` holds None for the others, and
every hand for the whole table); its size is public.  The quartets laid
down, the pot's size and the bonus cards played are open to all, and so is
``knowledge``: what the whole table can tell about every hand from the
questions, answers and draws so far.  A view is plain JSON-able data: a
:class:`KeistadKwartetView` is a ``dict``.
"""

from __future__ import annotations

from typing import TypedDict


class PlayedBonus(TypedDict):
    """A bonus card played."""

    #: The card's code (``"SW"``...).
    card: str
    #: Its name.
    name: str
    #: The seat that played it.
    by: int


class BonusView(TypedDict):
    """The bonus cards."""

    #: Whether this game is played with them.
    in_game: bool
    #: Those played so far, in order.
    played: list[PlayedBonus]
    #: The codes of those taken out of the game before the deal.
    removed: list[str]
    #: Where their effects come from (the explorer's interpretation, in words).
    effects: str


#: One cell of the knowledge matrix: what the table knows of one player's cards of one quartet (card
#: numbers count from 1).  ``quartet``: its number, from 1; ``in``: the cards of it known to be in the
#: hand; ``not``: those known not to be there; ``some``: whether the player is known to hold some card
#: of it; ``more``: whether they hold more of it than the cards known (a card nobody has placed).
#: Declared by the functional syntax, as ``in`` and ``not`` are Python keywords.
QuartetCell = TypedDict("QuartetCell", {"quartet": int, "in": list[int], "not": list[int], "some": bool, "more": bool})


class PlayerKnowledge(TypedDict):
    """What the table knows of one player's hand."""

    #: How many cards they hold.
    cards: int
    #: How many of them nobody can name.
    unknown: int
    #: One cell per quartet, in order.
    quartets: list[QuartetCell]
    #: The bonus cards known to be in the hand (codes).
    bonus_in: list[str]
    #: The bonus cards known not to be there (codes).
    bonus_not: list[str]


class KnowledgeView(TypedDict):
    """What the whole table can tell about every hand."""

    #: How many cards are left in the pot.
    pot: int
    #: The quartets laid down (numbers from 1).
    down: list[int]
    #: One row per seat.
    players: list[PlayerKnowledge]


class KeistadKwartetView(TypedDict):
    """The table as one player (or, with ``viewer`` None, anyone) sees it."""

    #: The game's name, ``"keistad-kwartet"``.
    game: str
    #: The seat whose view this is; None for the whole table (every hand shown).
    viewer: int | None
    #: The players' names, by seat.
    names: list[str]
    #: The seat that decides now; None once the game is over.
    to_move: int | None
    #: Whether the game is over.
    over: bool
    #: Each hand as card codes (``"3.2"``: quartet 3, card 2) for the viewer's own seat, or every seat for the
    #: whole table; None for a hand the viewer may not see.
    hands: list[list[str] | None]
    #: How many cards each seat holds.
    hand_sizes: list[int]
    #: By seat: whether the player is out of cards and out of the game.
    out: list[bool]
    #: How many cards are left in the pot.
    pot: int
    #: The quartets each seat has laid down (numbers from 1).
    laid: list[list[int]]
    #: The quartets' names, in order.
    quartet_names: list[str]
    #: Each quartet's four card names.
    card_names: list[list[str]]
    #: Whether the names are stand-ins (the rule sheet does not list the real ones).
    names_stand_in: bool
    #: A note on the names, in words.
    names_note: str
    #: What a player may ask for, as the options say (``"card"``...).
    ask_for: str
    #: The bonus cards.
    bonus: BonusView
    #: What the whole table can tell about every hand.
    knowledge: KnowledgeView
    #: Each seat's score: the quartets laid down.
    scores: list[int]
    #: The winning seats once the game is over, else None.
    winners: list[int] | None
    #: How a tie was settled (a sentence with its rule id), or None.
    tiebreak: str | None
