"""What ``PetsState.view(player)`` returns, field by field.

The rows, the Scoring Zone, every front and the discard are open to all.
A hand is seen only by its owner (``hands`` holds None for the others);
what the table has seen of it is in ``known``.  The draw pile is face down
unless the options make it known.  Per-kind lists (``zone``, ``fronts``)
follow the order of ``kinds``.  A view is plain JSON-able data: a
:class:`PetsView` is a ``dict``.
"""

from __future__ import annotations

from typing import TypedDict


class PetsView(TypedDict):
    """The table as one player (or, with ``viewer`` None, anyone) sees it."""

    #: The game's name, ``"pets"``.
    game: str
    #: The seat whose view this is; None for the whole table (every hand shown).
    viewer: int | None
    #: The players' names, by seat.
    names: list[str]
    #: The card kinds (their numbers), in the order the per-kind lists follow.
    kinds: list[int]
    #: The round under way, from 1.
    round: int
    #: How many rounds the game has.
    rounds: int
    #: The seat that decides now; None once the game is over.
    to_move: int | None
    #: The three rows of cards, left to right.
    rows: list[list[int]]
    #: Each row as its groups of equal neighbours: ``[kind, count]`` pairs, left to right.
    groups: list[list[list[int]]]
    #: How many cards of each kind lie in the Scoring Zone.
    zone: list[int]
    #: How many cards of one kind in the zone trigger a scoring.
    trigger: int
    #: Each seat's front: how many cards of each kind lie in front of them.
    fronts: list[list[int]]
    #: How many cards each seat holds.
    hand_sizes: list[int]
    #: Each seat's hand (its cards' kinds, sorted) for the viewer's own seat, or every seat for the whole table;
    #: None for a hand the viewer may not see.
    hands: list[list[int] | None]
    #: The cards of each hand the whole table has seen go in (and not yet come out), sorted.
    known: list[list[int]]
    #: How many cards are left in the draw pile.
    draw: int
    #: The draw pile's cards, sorted, when the options make them known; else None.
    draw_known: list[int] | None
    #: The discard pile, sorted.
    discard: list[int]
    #: Each scored round's points, by seat.
    round_scores: list[list[int]]
    #: Each seat's total so far.
    totals: list[int]
    #: What each seat would score if the round were scored now: ``[cards, kinds, points]``.
    score_now: list[list[int]]
    #: Whether the game is over.
    over: bool
    #: Why it ended (``"rounds"`` or ``"exhaustion"``), or None while it goes on.
    ended_by: str | None
    #: The winning seats once the game is over, else None.
    winners: list[int] | None
    #: How a tie was settled (a sentence with its rule id), or None.
    tiebreak: str | None
