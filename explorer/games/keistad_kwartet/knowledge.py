"""What the table knows about every hand, from the public asks and answers alone.

In kwartet every ask and every answer is said out loud, so a careful player
can keep track of a great deal: Ana asked for quartet 3, so she holds a card
of it; Bo said he has no 3.2; Cy handed 3.2 over to Ana, so it is in Ana's
hand now.  :class:`Knowledge` is that careful player.  It is told each public
event (an :data:`Event`: a small value such as :class:`Asked` or
:class:`Drew`) and keeps, for each player:

``known_in(p)``
    the cards known to be in ``p``'s hand;
``known_not_in(p)``
    the cards known not to be there;
``holds_some(p)``
    the quartets ``p`` is known to hold at least one card of (an ask says
    so even when it names a card nobody has seen);
``unplaced_holdings(p)``
    the quartets of which ``p`` holds a card the table has not placed: an
    ask that hits tells that the asker holds the card handed over *and*
    the card of its quartet that let them ask for it;
``unknown(p)``
    how many of ``p``'s cards are not known;
``draws_since_miss(p, card)``
    how many cards ``p`` has drawn since they last lacked ``card`` when
    asked for it (a miss is old news once they have drawn a few).

It never guesses: each fact follows from the events, and a test plays many
random games checking that no fact ever contradicts the real hands.  After
every event it draws the conclusions the facts allow, until none is left:

* a card known to be in one hand is known not to be in any other;
* a hand whose every card is known holds nothing else;
* if a hand's unknown cards can only be a certain few cards, it holds them;
* a player known to hold an unplaced card of a quartet, who cannot hold any
  of its unplaced cards but one, holds that one;
* once the pot is empty, a card only one hand can hold is in that hand.

What a player knows privately (their own hand) is the same knowledge with
that hand shown: :meth:`Knowledge.knowing_hand`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...core import ExplorerError
from .cards import (
    BONUS_CARDS, BONUS_CODES, PER_QUARTET, QUARTET_CARDS, QUARTET_MASK, QUARTETS, bit, cards_in, code, present,
)
from .moves import MAX_SEATS
from .view import KnowledgeView, PlayerKnowledge, QuartetCell


# -- the public events ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dealt:
    """The deal: each hand's size, the pot's size, and the mask of the cards in play (hands and pot)."""

    sizes: tuple[int, ...]
    pot: int
    live: int


@dataclass(frozen=True, slots=True)
class Asked:
    """``asker`` asked ``target`` for ``card``; ``hit``: it was handed over."""

    asker: int
    target: int
    card: int
    hit: bool


@dataclass(frozen=True, slots=True)
class AskedQuartet:
    """``asker`` asked ``target`` for a whole quartet; ``cards`` (a mask) were handed over, face up."""

    asker: int
    target: int
    quartet: int
    cards: int


@dataclass(frozen=True, slots=True)
class Drew:
    """``player`` took a card from the pot, unseen by the others."""

    player: int


@dataclass(frozen=True, slots=True)
class LaidDown:
    """``player`` laid down ``quartet``: its four cards leave play."""

    player: int
    quartet: int


@dataclass(frozen=True, slots=True)
class Played:
    """``player`` played a bonus card, which is put aside."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Shown:
    """``player``'s whole hand, ``cards`` (a mask), was shown to the table."""

    player: int
    cards: int


@dataclass(frozen=True, slots=True)
class Feasted:
    """``host`` named ``quartet``; each of ``guests`` brought the cards in ``brought`` (masks), face up."""

    host: int
    quartet: int
    guests: tuple[int, ...]
    brought: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Walked:
    """``walker`` asked each of ``asked`` in turn for ``card``; ``holder`` had it (or None: nobody)."""

    walker: int
    card: int
    asked: tuple[int, ...]
    holder: int | None


@dataclass(frozen=True, slots=True)
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


class Knowledge:
    """What follows about the hands from the public events alone.

    ``has[p]`` and ``hasnt[p]`` are card masks; ``holds[p]`` masks the
    first card of each quartet of which ``p`` is known to hold a card *not*
    in ``has[p]`` (see :func:`.cards.present`).  Read them through the
    methods below.  ``bluffs`` says whether a player may ask for a card they
    hold: if not, every ask also tells the table that the asker lacks the
    card.
    """

    __slots__ = ("players", "bluffs", "live", "pot", "sizes", "has", "hasnt", "holds", "drawn", "missed")

    def __init__(self, dealt: Dealt, *, bluffs: bool = True) -> None:
        self.players = len(dealt.sizes)
        self.bluffs = bluffs
        self.live = dealt.live
        self.pot = dealt.pot
        self.sizes = list(dealt.sizes)
        self.has = [0] * self.players
        self.hasnt = [0] * self.players
        self.holds = [0] * self.players
        #: Cards each player drew since the deal (or the last Beeldenstorm), and, for each (player, card)
        #: that missed, how many that player had drawn when it last missed.
        self.drawn = [0] * self.players
        self.missed: dict[tuple[int, int], int] = {}
        self._settle()

    @classmethod
    def from_events(cls, events: Iterable[Event], *, bluffs: bool = True) -> "Knowledge":
        """The knowledge a table has after ``events`` (the first must be :class:`Dealt`)."""
        events = iter(events)
        dealt = next(events)
        if not isinstance(dealt, Dealt):
            raise ExplorerError("the knowledge of a table starts from the deal: the first event must be Dealt.")
        knowledge = cls(dealt, bluffs=bluffs)
        for event in events:
            knowledge.learn(event)
        return knowledge

    def copy(self) -> "Knowledge":
        twin = Knowledge.__new__(Knowledge)
        twin.players, twin.bluffs, twin.live, twin.pot = self.players, self.bluffs, self.live, self.pot
        twin.sizes, twin.has = list(self.sizes), list(self.has)
        twin.hasnt, twin.holds = list(self.hasnt), list(self.holds)
        twin.drawn, twin.missed = list(self.drawn), dict(self.missed)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Knowledge):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[Any, ...]:
        return (self.players, self.bluffs, self.live, self.pot, tuple(self.sizes), tuple(self.has),
                tuple(self.hasnt), tuple(self.holds), tuple(self.drawn), tuple(sorted(self.missed.items())))

    # -- learning ------------------------------------------------------------------
    def learn(self, event: Event) -> None:
        """Take in one public event and draw every conclusion it allows."""
        touched = -1  # the players whose facts the event changed (a mask; all by default)
        if event.__class__ is Asked:
            b = bit(event.card)
            self._collects(event.asker, event.card >> 2)
            if not self.bluffs:
                self.hasnt[event.asker] |= b
            if event.hit:
                self._move(event.target, event.asker, b)
            else:
                self.hasnt[event.target] |= b
                self.missed[event.target, event.card] = self.drawn[event.target]
                touched = 1 << event.asker | 1 << event.target
        elif event.__class__ is AskedQuartet:
            self._collects(event.asker, event.quartet)
            self._move(event.target, event.asker, event.cards)
            self.hasnt[event.target] |= QUARTET_MASK[event.quartet] & self.live
        elif event.__class__ is Drew:
            p = event.player
            self.sizes[p] += 1
            self.drawn[p] += 1
            self.pot -= 1
            elsewhere = 0
            for o in range(self.players):
                if o != p:
                    elsewhere |= self.has[o]
            # The drawn card may be any card the pot could hold: only what is seen elsewhere stays excluded.
            self.hasnt[p] &= elsewhere
            touched = 1 << p
        elif event.__class__ is LaidDown:
            self.sizes[event.player] -= PER_QUARTET
            self._retire(QUARTET_MASK[event.quartet])
        elif event.__class__ is Played:
            self.sizes[event.player] -= 1
            self._retire(bit(event.card))
        elif event.__class__ is Shown:
            self.has[event.player] = event.cards
            self.hasnt[event.player] = self.live & ~event.cards
            self.holds[event.player] = 0
        elif event.__class__ is Feasted:
            whole = QUARTET_MASK[event.quartet] & self.live
            for guest, cards in zip(event.guests, event.brought):
                self._move(guest, event.host, cards)
                self.hasnt[guest] |= whole
        elif event.__class__ is Walked:
            b = bit(event.card)
            if not self.bluffs:
                self.hasnt[event.walker] |= b
            if event.holder is None:
                for o in event.asked:
                    self.hasnt[o] |= b
            else:
                self._move(event.holder, event.walker, b)
        elif event.__class__ is Stormed:
            self.sizes = list(event.sizes)
            self.has = [0] * self.players
            self.hasnt = [0] * self.players
            self.holds = [0] * self.players
            self.drawn = [0] * self.players
            self.missed = {}
        elif event.__class__ is Dealt:
            raise ValueError("a deal starts a new Knowledge; it cannot be learnt mid-game")
        else:
            raise TypeError(f"not a Keistad Kwartet event: {event!r}")
        self._settle(touched)

    def knowing_hand(self, player: int, hand: int) -> "Knowledge":
        """This knowledge as ``player`` has it: the same, with their own ``hand`` seen."""
        twin = self.copy()
        twin.has[player] = hand
        twin.hasnt[player] = twin.live & ~hand
        twin._settle()
        return twin

    def _collects(self, asker: int, quartet: int) -> None:
        """``asker`` asked for a card of ``quartet``, so holds one, unplaced unless the table has placed one there.

        The card asked for is never that card: when it is handed over, the
        asker holds it and the one that let them ask.
        """
        if not self.has[asker] & QUARTET_MASK[quartet]:
            self.holds[asker] |= 1 << (PER_QUARTET * quartet)

    def _move(self, src: int, dst: int, cards: int) -> None:
        """Cards seen passing from one hand to another."""
        if not cards:
            return
        # What told us src held an unplaced card of these quartets may have been these very cards, unless
        # they were placed there already.
        self.holds[src] &= ~present(cards & ~self.has[src])
        n = cards.bit_count()
        self.sizes[src] -= n
        self.sizes[dst] += n
        self.has[src] &= ~cards
        self.hasnt[src] |= cards
        self.has[dst] |= cards
        self.hasnt[dst] &= ~cards

    def _retire(self, cards: int) -> None:
        """Cards leave play (a quartet laid down, a bonus card put aside)."""
        self.live &= ~cards
        keep = ~cards
        self.has = [h & keep for h in self.has]
        self.hasnt = [x & keep for x in self.hasnt]
        standing = present(self.live)
        self.holds = [h & standing for h in self.holds]

    def _settle(self, touched: int = -1) -> None:
        """Draw conclusions until no more follow.

        ``touched`` masks the players whose facts just changed (all by
        default): a conclusion about a hand can only start there, or
        anywhere once some card is newly placed.
        """
        live, has, hasnt, holds, sizes = self.live, self.has, self.hasnt, self.holds, self.sizes
        n = self.players
        while True:
            grew = False
            located = 0
            for h in has:
                located |= h
            for p in range(n):
                if not touched >> p & 1:
                    continue
                h = has[p]
                x = (hasnt[p] | (located & ~h)) & live
                free = sizes[p] - h.bit_count()
                if free <= 0:
                    x = live & ~h
                    holds[p] = 0  # every card is placed
                else:
                    candidates = live & ~h & ~x
                    if candidates.bit_count() == free:
                        h |= candidates
                        x = live & ~h
                        holds[p] = 0
                        grew = True
                    else:
                        need = holds[p]
                        while need:
                            first = need & -need
                            need ^= first
                            only = candidates & (first * 0b1111)
                            if only and not only & (only - 1):
                                h |= only
                                holds[p] &= ~first  # the unplaced card is placed now
                                grew = True
                has[p] = h
                hasnt[p] = x
                located |= h
            if self.pot == 0:
                # Which unplaced cards can be in one hand only?  Bit-parallel: seen once, seen more.
                once = more = 0
                for p in range(n):
                    may = live & ~located & ~hasnt[p]
                    more |= once & may
                    once |= may
                only = once & ~more
                if only:
                    for p in range(n):
                        forced = only & ~hasnt[p]
                        if forced:
                            has[p] |= forced
                            holds[p] &= ~present(forced)
                            located |= forced
                            grew = True
            if not grew:
                return
            touched = -1

    # -- asking it -----------------------------------------------------------------
    def known_in(self, player: int) -> int:
        """The mask of cards known to be in ``player``'s hand."""
        return self.has[player]

    def known_not_in(self, player: int) -> int:
        """The mask of cards still in play known not to be in ``player``'s hand."""
        return self.hasnt[player]

    def holds_some(self, player: int) -> tuple[int, ...]:
        """The quartets (from 0) ``player`` is known to hold at least one card of."""
        mask = self.holds[player] | present(self.has[player])
        return tuple(q for q in range(QUARTETS) if mask >> (PER_QUARTET * q) & 1)

    def unplaced_holdings(self, player: int) -> tuple[int, ...]:
        """The quartets of which ``player`` is known to hold a card the table has not placed.

        An ask says the asker holds a card of the quartet; when the card asked
        for is handed over, the asker holds it and that other card too.
        """
        mask = self.holds[player]
        return tuple(q for q in range(QUARTETS) if mask >> (PER_QUARTET * q) & 1)

    def unknown(self, player: int) -> int:
        """How many of ``player``'s cards are not known to the table."""
        return self.sizes[player] - self.has[player].bit_count()

    def draws_since_miss(self, player: int, card: int) -> int | None:
        """How many cards ``player`` drew since they last lacked ``card`` when asked for it (None: no such miss).

        Only those draws can have brought the card, so the fewer there are,
        the less likely ``player`` holds it.  A Beeldenstorm deals every hand
        anew and so forgets every miss.
        """
        at = self.missed.get((player, card))
        return None if at is None else self.drawn[player] - at

    def size(self, player: int) -> int:
        return self.sizes[player]

    def where(self, card: int) -> int | None:
        """The player known to hold ``card``, if any."""
        b = bit(card)
        for p in range(self.players):
            if self.has[p] & b:
                return p
        return None

    def contradictions(self, hands: Sequence[int]) -> list[str]:
        """Every fact that the real ``hands`` (card masks) contradict; empty when all are true."""
        problems = []
        for p, hand in enumerate(hands):
            if self.sizes[p] != hand.bit_count():
                problems.append(f"player {p} holds {hand.bit_count()} cards, not {self.sizes[p]}")
            if self.has[p] & ~hand:
                problems.append(f"player {p} lacks {', '.join(code(c) for c in cards_in(self.has[p] & ~hand))}")
            if self.hasnt[p] & hand:
                problems.append(f"player {p} holds {', '.join(code(c) for c in cards_in(self.hasnt[p] & hand))}")
            for q in self.holds_some(p):
                if not hand & QUARTET_MASK[q]:
                    problems.append(f"player {p} holds no card of quartet {q + 1}")
            for q in self.unplaced_holdings(p):
                if not hand & QUARTET_MASK[q] & ~self.has[p]:
                    problems.append(f"player {p} holds no card of quartet {q + 1} but those known there")
        return problems

    def table(self) -> KnowledgeView:
        """The knowledge as plain data, a matrix of players by quartets (numbers count from 1).

        Each cell says which cards of the quartet are known to be ``in`` the
        hand, which are known ``not`` to be there, whether the player is
        known to hold ``some`` card of it, and whether they hold ``more`` of
        it than the cards known (a card nobody has placed); the quartets laid
        down are listed as ``down``.
        """
        rows: list[PlayerKnowledge] = []
        for p in range(self.players):
            has, hasnt, more = self.has[p], self.hasnt[p], self.holds[p]
            some = more | present(has)
            cells: list[QuartetCell] = []
            for q in range(QUARTETS):
                shift = PER_QUARTET * q
                cells.append({
                    "quartet": q + 1,
                    "in": list(_NUMBERS[has >> shift & 15]),
                    "not": list(_NUMBERS[hasnt >> shift & 15]),
                    "some": bool(some >> shift & 1),
                    "more": bool(more >> shift & 1),
                })
            rows.append({
                "cards": self.sizes[p],
                "unknown": self.unknown(p),
                "quartets": cells,
                "bonus_in": [BONUS_CODES[c] for c in BONUS_CARDS if has >> c & 1],
                "bonus_not": [BONUS_CODES[c] for c in BONUS_CARDS if hasnt >> c & 1],
            })
        return {
            "pot": self.pot,
            "down": [q + 1 for q in range(QUARTETS) if not self.live & QUARTET_MASK[q]],
            "players": rows,
        }


#: The card numbers (1 to 4) a quartet's four bits name, for each of the 16 patterns.
_NUMBERS = tuple(tuple(k + 1 for k in range(PER_QUARTET) if nibble >> k & 1) for nibble in range(16))
