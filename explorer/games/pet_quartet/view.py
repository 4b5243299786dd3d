"""What ``PetQuartetState.view(player)`` returns, field by field.

Pet Quartet hides almost nothing: every Conductor, collection and the box are
open to all.  Only the deck's order is secret (the view gives its size), so a
view is the same for every player; ``viewer`` says whose it is all the same.
A view is plain JSON-able data: a :class:`PetQuartetView` is a ``dict``.
"""

from __future__ import annotations

import enum
from typing import TypedDict


class Phase(enum.StrEnum):
    """What the player to move is deciding (the view's ``phase``; equal to its plain string)."""

    TURN = "turn"  #: draw a card, or take a Conductor
    PLACE = "place"  #: place the card just drawn under a Conductor
    IMMEDIATE = "immediate"  #: take the Conductor just played to (its Maestro allows it), or pass
    RETURN_FROM_CONDUCTOR = "return-from-conductor"  #: box one card from under the Conductor just taken
    RETURN_COLLECTED = "return-collected"  #: box one card collected earlier
    PASS_LEFT = "pass-left"  #: pass one collected card to the player on the left
    FINAL = "final"  #: a final turn after the deck ran out: take a Conductor, or pass
    OVER = "over"  #: the game is over; nobody decides


class ConductorView(TypedDict):
    """One Conductor on the table, open to all."""

    #: Its number, from 1, as notation writes it (``T2`` takes Conductor 2).
    number: int
    #: The cards beneath it, in the order they were placed.
    cards: list[int]
    #: How many cards it may hold: 4, or what its Maestro or Duet tile says.
    limit: int
    #: Its tile's id (``"extra-card"``...), or None in the standard game.
    tile: str | None
    #: The tile's printed title, or None without a tile.
    tile_title: str | None
    #: The seat that took it this round, or None while it is on the table.
    taken_by: int | None


class PetQuartetView(TypedDict):
    """The table as one player (or, with ``viewer`` None, anyone) sees it."""

    #: The game's name, ``"pet-quartet"``.
    game: str
    #: The seat whose view this is; None for the whole table (the same here: nothing else is hidden).
    viewer: int | None
    #: The players' names, by seat.
    names: list[str]
    #: The round under way, from 1.
    round: int
    #: What the player to move is deciding.
    phase: Phase
    #: The seat that decides now; None once the game is over.
    to_move: int | None
    #: How many cards are left in the deck (their order is nobody's to see).
    deck: int
    #: The card just drawn and not yet placed, or None.
    drawn: int | None
    #: The Conductor a Maestro's choice is about, numbered from 1: the one being taken (a card to return from
    #: beneath it) or just played to (an immediate take); None otherwise.
    pending: int | None
    #: Every Conductor, in order.
    conductors: list[ConductorView]
    #: Each seat's collection: for every number held, how many of it (numbers not held are left out).
    collections: list[dict[int, int]]
    #: By seat: whether the player has taken a Conductor this round (and so sits out the rest of it).
    out: list[bool]
    #: Whether the last card has been drawn, so that the game ends after the final turns.
    end_triggered: bool
    #: The seats still owed a final turn, the next one first.
    final_queue: list[int]
    #: How many cards Maestro tiles have sent back to the box.
    returned: int
    #: The cards out of play face up (Duet's untaken Conductor, and those left at the end), sorted.
    discard: list[int]
    #: Each seat's score as things stand.
    scores: list[int]
    #: The scoring in force: ``"standard"`` or ``"advanced"``.
    scoring: str
    #: The winning seats once the game is over, else None.
    winners: list[int] | None
    #: How a tie on points was settled (a sentence with its rule id), or None.
    tiebreak: str | None
