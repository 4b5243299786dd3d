"""What the table knows about every hand, from the public asks and answers alone.

In kwartet every ask and every answer is said out loud, so a careful player
can keep track of a great deal: Ana asked for quartet 3, so she holds a card
of it; Bo said he has no 3.2; Cy handed 3.2 over to Ana, so it is in Ana's
hand now.  :class:`Knowledge` is a perfect such player.  It is told each
public event (an :data:`Event`: a small value such as :class:`Asked` or
:class:`Drew`) and states, for each player, every fact that holds in every
deal consistent with the events, and no other (the model of :mod:`.deals`):

``known_in(p)``
    the cards surely in ``p``'s hand;
``known_not_in(p)``
    the cards surely not there;
``holds_some(p)``
    the quartets ``p`` surely holds at least one card of (an ask says so
    even when it names a card nobody has seen);
``unplaced_holdings(p)``
    the quartets of which ``p`` surely holds more cards than those surely
    in the hand: an ask that hits tells that the asker holds the card
    handed over *and* a card of its quartet that let them ask for it;
``bounds(p, q)``
    the least and the most cards of quartet ``q`` that ``p`` may hold;
``unknown(p)``
    how many of ``p``'s cards are not surely known;
``draws_since_miss(p, card)``
    how many cards ``p`` has drawn since they last lacked ``card`` when
    asked for it (a plain count of the events: a miss is old news once they
    have drawn a few).

What a player knows privately (their own hand) is the same knowledge with
that hand shown: :meth:`Knowledge.knowing_hand`.

``Knowledge(..., exact=True)`` (and ``state.knowledge()``, which the table,
the panel, the odds on the move buttons and the puzzles read) adds the exact
model of :mod:`.deals`: every fact that holds in all deals consistent with
the events, and no other, in a few milliseconds a move on average, its work
bounded (a question past the budget is left open, and
:attr:`Knowledge.complete` says so), and the exact chance of each card in
each hand (:meth:`Knowledge.share`).  Without it (``Knowledge(...)``,
``state.knowledge(exact=False)``, which the bots read, and every match
imagined while looking ahead once it moves on) a few quick rules stand
alone: sound, and a few microseconds an event, but not complete (they miss,
for one, that a hand cannot hold a whole quartet it has not laid down).
Until the next fact it learns they are drawn until none is left:

* a card known to be in one hand is known not to be in any other;
* a hand whose every card is known holds nothing else;
* if a hand's unknown cards can only be a certain few cards, it holds them;
* a player known to hold an unplaced card of a quartet, who cannot hold any
  of its unplaced cards but one, holds that one;
* once the pot is empty, a card only one hand can hold is in that hand.

A quick copy of an exact knowledge starts from the exact facts of its moment.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ...core import ExplorerError
from .cards import (
    BONUS_CARDS, BONUS_CODES, PER_QUARTET, QUARTET_CARDS, QUARTET_MASK, QUARTETS, bit, cards_in, code, present,
)
from .deals import Deals, Facts
# The public events it learns from, kept in .events with the rest of what a move tells (and named here too).
from .events import (
    ASKED, DREW, LAID_DOWN, Asked, AskedQuartet, Dealt, Drew, Event, Feasted, LaidDown, Played, Shown, Stormed,
    Walked,
)
from .view import KnowledgeView, PlayerKnowledge, QuartetCell


class Knowledge:
    """What follows about the hands from the public events alone.

    ``has[p]`` and ``hasnt[p]`` are card masks; ``holds[p]`` masks the
    first card of each quartet of which ``p`` surely holds a card *not*
    in ``has[p]`` (see :func:`.cards.present`).  Read them through the
    methods below.  ``bluffs`` says whether a player may ask for a card they
    hold: if not, every ask also tells the table that the asker lacks the
    card.

    With ``exact=True`` a :class:`.deals.Deals` model learns the
    events, and when the facts are next read it states every fact that
    holds in all deals consistent with them and no other; the quick rules
    (:meth:`_settle`) are kept beside the model for quick copies.  A move
    costs a few milliseconds on average in a five-player game, a few tens
    at worst (``benchmarks/knowledge.py``); the model's work (the deals it found, the
    origins it ruled out) passes on to copies, so a knowledge copied and
    taught the next move starts from it.
    """

    __slots__ = ("players", "bluffs", "live", "pot", "sizes", "_has", "_hasnt", "_holds", "drawn", "missed",
                 "deals", "_facts", "_stale", "_last", "_seats", "_seat_work", "_complete")

    def __init__(self, dealt: Dealt, *, bluffs: bool = True, exact: bool = False) -> None:
        self.players = len(dealt.sizes)
        self.bluffs = bluffs
        self.live = dealt.live
        self.pot = dealt.pot
        self.sizes = list(dealt.sizes)
        self._has = [0] * self.players
        self._hasnt = [0] * self.players
        self._holds = [0] * self.players
        #: Cards each player drew since the deal (or the last Beeldenstorm), and, for each (player, card)
        #: that missed, how many that player had drawn when it last missed.
        self.drawn = [0] * self.players
        self.missed: dict[tuple[int, int], int] = {}
        #: The exact model (None: the quick facts alone, see :meth:`copy`), its facts as last read (they
        #: count cards on request: :meth:`bounds`), whether the facts wait for the model, the last event, and
        #: each seat's own knowledge once worked out (see :meth:`knowing_hand`).
        self.deals: Deals | None = Deals(dealt.sizes, dealt.pot, dealt.live) if exact else None
        self._facts: Facts | None = None
        self._stale = exact
        self._last: Event = dealt
        self._seats: dict[tuple[int, int], Knowledge] = {}
        #: What the model worked out for each seat's own knowledge last time (see :meth:`knowing_hand`).
        self._seat_work: dict[int, tuple[int, bool, int, dict[int, int], list[tuple[int, tuple[int, ...]]]]] = {}
        self._complete = False
        self._settle()

    @classmethod
    def from_events(cls, events: Iterable[Event], *, bluffs: bool = True, exact: bool = False) -> "Knowledge":
        """The knowledge a table has after ``events`` (the first must be :class:`Dealt`); see :class:`Knowledge`
        for ``exact``."""
        events = iter(events)
        dealt = next(events)
        if not isinstance(dealt, Dealt):
            raise ExplorerError("the knowledge of a table starts from the deal: the first event must be Dealt.")
        knowledge = cls(dealt, bluffs=bluffs, exact=exact)
        for event in events:
            knowledge.learn(event)
        return knowledge

    def copy(self, exact: bool | None = None) -> "Knowledge":
        """A copy free to change; ``exact=False`` drops the model and keeps the quick facts alone.

        The facts of this moment are worked out first, so that the copy
        starts from them (and, with the model, from the deals it found).  A
        copy without the model then learns by the quick rules only
        (:meth:`_settle`): sound but not complete, and many times faster, as
        imagined matches need.
        """
        if exact is None:
            exact = self.deals is not None
        # The model's work so far (the deals found, the origins ruled out) is handed on with the copy.
        self._ensure()
        twin = Knowledge.__new__(Knowledge)
        twin.players, twin.bluffs, twin.live, twin.pot = self.players, self.bluffs, self.live, self.pot
        twin.sizes, twin._has = list(self.sizes), list(self._has)
        twin._hasnt, twin._holds = list(self._hasnt), list(self._holds)
        twin.drawn, twin.missed = list(self.drawn), dict(self.missed)
        twin.deals = self.deals.copy() if exact and self.deals is not None else None
        twin._facts, twin._stale, twin._last = self._facts, self._stale and twin.deals is not None, self._last
        twin._seats = self._seats if twin.deals is not None and not twin._stale else {}
        twin._seat_work = dict(self._seat_work) if twin.deals is not None else {}
        twin._complete = self._complete and twin.deals is not None
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Knowledge):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[Any, ...]:
        self._ensure()
        return (self.players, self.bluffs, self.live, self.pot, tuple(self.sizes), tuple(self._has),
                tuple(self._hasnt), tuple(self._holds), tuple(self.drawn), tuple(sorted(self.missed.items())))

    # -- learning ------------------------------------------------------------------
    def learn(self, event: Event) -> None:
        """Take in one public event: the quick rules' conclusions at once, and the exact model's when read."""
        if self.deals is not None:
            self._tell(self.deals, event)
        touched = -1  # the players whose facts the event changed (a mask; all by default)
        if event.__class__ is Asked:
            b = bit(event.card)
            self._collects(event.asker, event.card >> 2)
            if not self.bluffs:
                self._hasnt[event.asker] |= b
            if event.hit:
                self._move(event.target, event.asker, b)
            else:
                self._hasnt[event.target] |= b
                self.missed[event.target, event.card] = self.drawn[event.target]
                touched = 1 << event.asker | 1 << event.target
        elif event.__class__ is AskedQuartet:
            self._collects(event.asker, event.quartet)
            self._move(event.target, event.asker, event.cards)
            self._hasnt[event.target] |= QUARTET_MASK[event.quartet] & self.live
        elif event.__class__ is Drew:
            p = event.player
            self.sizes[p] += 1
            self.drawn[p] += 1
            self.pot -= 1
            elsewhere = 0
            for o in range(self.players):
                if o != p:
                    elsewhere |= self._has[o]
            # The drawn card may be any card the pot could hold: only what is seen elsewhere stays excluded.
            self._hasnt[p] &= elsewhere
            touched = 1 << p
        elif event.__class__ is LaidDown:
            self.sizes[event.player] -= PER_QUARTET
            self._retire(QUARTET_MASK[event.quartet])
        elif event.__class__ is Played:
            self.sizes[event.player] -= 1
            self._retire(bit(event.card))
        elif event.__class__ is Shown:
            self._has[event.player] = event.cards
            self._hasnt[event.player] = self.live & ~event.cards
            self._holds[event.player] = 0
        elif event.__class__ is Feasted:
            whole = QUARTET_MASK[event.quartet] & self.live
            for guest, cards in zip(event.guests, event.brought):
                self._move(guest, event.host, cards)
                self._hasnt[guest] |= whole
        elif event.__class__ is Walked:
            b = bit(event.card)
            if not self.bluffs:
                self._hasnt[event.walker] |= b
            if event.holder is None:
                for o in event.asked:
                    self._hasnt[o] |= b
            else:
                self._move(event.holder, event.walker, b)
        elif event.__class__ is Stormed:
            self.sizes = list(event.sizes)
            self._has = [0] * self.players
            self._hasnt = [0] * self.players
            self._holds = [0] * self.players
            self.drawn = [0] * self.players
            self.missed = {}
        elif event.__class__ is Dealt:
            raise ValueError("a deal starts a new Knowledge; it cannot be learnt mid-game")
        else:
            raise TypeError(f"not a Keistad Kwartet event: {event!r}")
        self._settle(touched)
        self._last = event

    def _tell(self, deals: Deals, event: Event) -> None:
        """Tell the exact model what ``event`` says about the cards' origins (see :mod:`.deals`)."""
        self._stale = True
        self._seats = {}
        # Not-all statements wait while quartets are laid down, and while a lone player takes the pot.
        if event.__class__ is not LaidDown and not (event.__class__ is Drew and self._last == event):
            deals.commit()
        if event.__class__ is Asked:
            a, t, card = event.asker, event.target, event.card
            deals.collects(a, card >> 2)
            if not self.bluffs:
                deals.lacks(a, card)
            if event.hit:
                deals.moves(card, t, a)
                deals.gains(a, 1 << (card >> 2))
            else:
                deals.lacks(t, card)
        elif event.__class__ is AskedQuartet:
            deals.collects(event.asker, event.quartet)
            self._brought(deals, event.target, event.asker, event.quartet, event.cards)
        elif event.__class__ is Drew:
            deals.draws(event.player)
        elif event.__class__ is LaidDown:
            deals.leaves(event.player, QUARTET_MASK[event.quartet])
        elif event.__class__ is Played:
            deals.leaves(event.player, bit(event.card))
        elif event.__class__ is Shown:
            for card in cards_in(self.live):
                (deals.holds if event.cards >> card & 1 else deals.lacks)(event.player, card)
        elif event.__class__ is Feasted:
            for guest, cards in zip(event.guests, event.brought):
                self._brought(deals, guest, event.host, event.quartet, cards)
        elif event.__class__ is Walked:
            card = event.card
            if not self.bluffs:
                deals.lacks(event.walker, card)
            for o in event.asked:
                if o == event.holder:
                    deals.moves(card, o, event.walker)
                    deals.gains(event.walker, 1 << (card >> 2))
                else:
                    deals.lacks(o, card)
        elif event.__class__ is Stormed:
            self.deals = Deals(event.sizes, self.pot, self.live)
            self._seat_work = {}

    def _brought(self, deals: Deals, src: int, dst: int, quartet: int, cards: int) -> None:
        """``src`` handed ``dst`` exactly ``cards`` of ``quartet``: it held those and no other card of it."""
        for card in cards_in(QUARTET_MASK[quartet] & self.live):
            if cards >> card & 1:
                deals.moves(card, src, dst)
            else:
                deals.lacks(src, card)
        if cards:
            deals.gains(dst, 1 << quartet)

    def _ensure(self) -> None:
        """Bring the facts up to date with the exact model, if it has learnt something since (see :mod:`.deals`)."""
        if not self._stale or self.deals is None:
            return
        self._stale = False
        self._solve(self.deals.facts())

    def _solve(self, facts: Facts) -> None:
        self._complete = facts.settled
        if not facts.consistent:
            # No deal fits the events (a hand-made sequence), or the budget ran out before one was found: keep
            # the quick facts.
            self._facts = None
            return
        n, live = self.players, self.live
        has, hasnt = [0] * n, [0] * n
        for card, where in facts.where.items():
            if not live >> card & 1:
                continue
            b = 1 << card
            if len(where) == 1 and 0 <= next(iter(where)) < n:
                has[next(iter(where))] |= b
            for p in range(n):
                if p not in where:
                    hasnt[p] |= b
        holds = [0] * n
        for p in range(n):
            for q in range(QUARTETS):
                if facts.unplaced[p] >> q & 1:
                    holds[p] |= 1 << (PER_QUARTET * q)
        if not facts.settled:
            # A question left open is answered the safe way; what the quick rules found (sound too) stays.
            has = [a | b for a, b in zip(has, self._has)]
            hasnt = [a | b for a, b in zip(hasnt, self._hasnt)]
            # A quick "holds a card beyond those placed" may have meant a card the model placed since.
            holds = [a | b & ~present(h & ~old) for a, b, h, old in zip(holds, self._holds, has, self._has)]
        # The places are in the masks now; the facts stay for the counts asked later (:meth:`bounds`).
        self._has, self._hasnt, self._holds, self._facts = has, hasnt, holds, replace(facts, where={})

    def knowing_hand(self, player: int, hand: int) -> "Knowledge":
        """This knowledge as ``player`` has it: the same, with their own ``hand`` seen.

        Knowing the hand they hold now is all a player knows beyond the
        table: a card leaves a hand only in public, so their earlier hands
        follow from it and from the events.  Worked out once for each seat
        and hand, then copied; what the model worked out for the seat (the
        deals found, the origins ruled out) is kept for the seat's next
        moves, since a player never knows less later.
        """
        key = (player, hand)
        known = self._seats.get(key) if self.deals is not None else None
        if known is None:
            known = self.copy()
            known._seats = {}  # its own: the table's would both mistake it for the table and hold it in a cycle
            known._has[player] = hand
            known._hasnt[player] = known.live & ~hand
            known._settle()
            deals = known.deals
            if deals is not None:
                for card in cards_in(known.live):
                    (deals.holds if hand >> card & 1 else deals.lacks)(player, card)
                work = self._seat_work.get(player)
                if work is not None:
                    # What this seat's model ruled out before still holds (it knows no less now), and the deals
                    # it found are worth trying first; a draw since cannot have brought a card ruled out of the pot.
                    epoch, leant, origins, cut, pool = work
                    if epoch == deals.epoch or not leant:
                        pot = deals.players
                        drawn = ((1 << len(deals.room)) - 1) & ~((1 << origins) - 1)
                        for card, mask in cut.items():
                            if mask >> pot & 1:
                                mask |= drawn
                            deals.cut[card] = deals.cut.get(card, 0) | mask
                        deals.cut_pending = deals.cut_pending or leant
                    deals.pool = pool + deals.pool
                known._stale = True
                known._ensure()
                self._seat_work[player] = (deals.epoch, deals.cut_pending, len(deals.room), dict(deals.cut),
                                           list(deals.pool))
                self._seats[key] = known
        return known.copy()

    # -- the facts, read ---------------------------------------------------------------
    @property
    def complete(self) -> bool:
        """Whether every fact that holds is stated: the exact model answered every question within its budget.

        False for the quick rules alone, and for the rare position whose
        questions the model's budget (:data:`.deals.WORK`, and the SAT
        solver's, :data:`.satisfiability.CONFLICTS`, where the ``exact``
        extra is installed) left open: its facts are then those it proved,
        with what the quick rules found, all sound, some missing.
        """
        self._ensure()
        return self._complete and (self._facts is None or self._facts.settled)
    @property
    def has(self) -> list[int]:
        """``has[p]``: the mask of cards known to be in ``p``'s hand (:meth:`known_in`)."""
        self._ensure()
        return self._has

    @property
    def hasnt(self) -> list[int]:
        """``hasnt[p]``: the mask of cards in play known not to be there (:meth:`known_not_in`)."""
        self._ensure()
        return self._hasnt

    @property
    def holds(self) -> list[int]:
        """``holds[p]``: first-card bits of the quartets of which ``p`` holds an unplaced card (:meth:`unplaced_holdings`)."""
        self._ensure()
        return self._holds

    def bounds(self, player: int, quartet: int) -> tuple[int, int]:
        """The least and the most cards of ``quartet`` (from 0) that ``player`` may hold, known cards included.

        Exact with the model (worked out when first asked); without it (a
        quick copy), what the quick facts allow: the known cards, up to the
        cards not known to be elsewhere.
        """
        self._ensure()
        if self._facts is not None and self.deals is not None:
            return self._facts.bounds(player, quartet)
        whole = QUARTET_MASK[quartet] & self.live
        known = (self._has[player] & whole).bit_count()
        least = known + bool(self._holds[player] >> (PER_QUARTET * quartet) & 1)
        most = known + min(self.unknown(player), (whole & ~self._has[player] & ~self._hasnt[player]).bit_count())
        return least, most

    def share(self, player: int, card: int) -> Fraction | None:
        """The exact chance that ``player`` holds ``card``: the share of the consistent deals that put it there.

        Every consistent deal counts as equally likely (the deck was
        shuffled), and they are counted, not sampled (:mod:`.counting`).
        None without the exact model, and when the count would take more
        than its budget (a large game early on); then the odds shown are
        an estimate (:class:`.strategy.Odds`).
        """
        self._ensure()
        if self._facts is None or self.deals is None or not self.live >> card & 1:
            return None
        return self._facts.share(card, player)

    def _collects(self, asker: int, quartet: int) -> None:
        """``asker`` asked for a card of ``quartet``, so holds one, unplaced unless the table has placed one there.

        The card asked for is never that card: when it is handed over, the
        asker holds it and the one that let them ask.
        """
        if not self._has[asker] & QUARTET_MASK[quartet]:
            self._holds[asker] |= 1 << (PER_QUARTET * quartet)

    def _move(self, src: int, dst: int, cards: int) -> None:
        """Cards seen passing from one hand to another."""
        if not cards:
            return
        # What told us src held an unplaced card of these quartets may have been these very cards, unless
        # they were placed there already.
        self._holds[src] &= ~present(cards & ~self._has[src])
        n = cards.bit_count()
        self.sizes[src] -= n
        self.sizes[dst] += n
        self._has[src] &= ~cards
        self._hasnt[src] |= cards
        self._has[dst] |= cards
        self._hasnt[dst] &= ~cards

    def _retire(self, cards: int) -> None:
        """Cards leave play (a quartet laid down, a bonus card put aside)."""
        self.live &= ~cards
        keep = ~cards
        self._has = [h & keep for h in self._has]
        self._hasnt = [x & keep for x in self._hasnt]
        standing = present(self.live)
        self._holds = [h & standing for h in self._holds]

    def _settle(self, touched: int = -1) -> None:
        """Draw conclusions until no more follow.

        ``touched`` masks the players whose facts just changed (all by
        default): a conclusion about a hand can only start there, or
        anywhere once some card is newly placed.
        """
        live, has, hasnt, holds, sizes = self.live, self._has, self._hasnt, self._holds, self.sizes
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
        self._ensure()
        return self._has[player]

    def known_not_in(self, player: int) -> int:
        """The mask of cards still in play known not to be in ``player``'s hand."""
        self._ensure()
        return self._hasnt[player]

    def holds_some(self, player: int) -> tuple[int, ...]:
        """The quartets (from 0) ``player`` is known to hold at least one card of."""
        self._ensure()
        mask = self._holds[player] | present(self._has[player])
        return tuple(q for q in range(QUARTETS) if mask >> (PER_QUARTET * q) & 1)

    def unplaced_holdings(self, player: int) -> tuple[int, ...]:
        """The quartets of which ``player`` is known to hold a card the table has not placed.

        An ask says the asker holds a card of the quartet; when the card asked
        for is handed over, the asker holds it and that other card too.
        """
        self._ensure()
        mask = self._holds[player]
        return tuple(q for q in range(QUARTETS) if mask >> (PER_QUARTET * q) & 1)

    def unknown(self, player: int) -> int:
        """How many of ``player``'s cards are not known to the table."""
        self._ensure()
        return self.sizes[player] - self._has[player].bit_count()

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
        self._ensure()
        b = bit(card)
        for p in range(self.players):
            if self._has[p] & b:
                return p
        return None

    def contradictions(self, hands: Sequence[int]) -> list[str]:
        """Every fact that the real ``hands`` (card masks) contradict; empty when all are true."""
        self._ensure()
        problems = []
        for p, hand in enumerate(hands):
            if self.sizes[p] != hand.bit_count():
                problems.append(f"player {p} holds {hand.bit_count()} cards, not {self.sizes[p]}")
            if self._has[p] & ~hand:
                problems.append(f"player {p} lacks {', '.join(code(c) for c in cards_in(self._has[p] & ~hand))}")
            if self._hasnt[p] & hand:
                problems.append(f"player {p} holds {', '.join(code(c) for c in cards_in(self._hasnt[p] & hand))}")
            for q in self.holds_some(p):
                if not hand & QUARTET_MASK[q]:
                    problems.append(f"player {p} holds no card of quartet {q + 1}")
            for q in self.unplaced_holdings(p):
                if not hand & QUARTET_MASK[q] & ~self._has[p]:
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
        self._ensure()
        rows: list[PlayerKnowledge] = []
        for p in range(self.players):
            has, hasnt, more = self._has[p], self._hasnt[p], self._holds[p]
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


#: The exact knowledge of the positions read lately, by their events (see :func:`recall`).
_LATELY: "OrderedDict[tuple[Any, ...], tuple[list[Event], Knowledge]]" = OrderedDict()
LATELY = 16


def remember(events: Sequence[Event], knowledge: Knowledge) -> None:
    """Keep ``knowledge``, learnt from exactly ``events``, for :func:`recall` (the last :data:`LATELY` are kept)."""
    key = (knowledge.bluffs, len(events), events[0], events[-1])
    _LATELY[key] = (list(events), knowledge)
    _LATELY.move_to_end(key)
    while len(_LATELY) > LATELY:
        _LATELY.popitem(last=False)


def recall(events: Sequence[Event], bluffs: bool) -> tuple[Knowledge, int] | None:
    """The exact knowledge kept for the longest start of ``events`` read lately, and how many events it learnt:
    never changed in place, so share it or copy it; None when no start of ``events`` was read.

    A match taken back a move is dealt anew and replayed (see
    :meth:`~explorer.core.game.State.undo`), and so are positions opened
    from a record: what the model worked out for them, or for a position
    before them, is found here rather than worked out again from the deal.
    """
    count = len(events)
    best: tuple[Knowledge, int] | None = None
    for (kept_bluffs, length, first, last), (kept, knowledge) in _LATELY.items():
        if (kept_bluffs == bluffs and length <= count and (best is None or length > best[1])
                and first == events[0] and last == events[length - 1] and kept == list(events[:length])):
            best = knowledge, length
    return best


#: The card numbers (1 to 4) a quartet's four bits name, for each of the 16 patterns.
_NUMBERS = tuple(tuple(k + 1 for k in range(PER_QUARTET) if nibble >> k & 1) for nibble in range(16))
