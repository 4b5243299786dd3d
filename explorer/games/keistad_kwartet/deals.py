"""Every deal consistent with what the table saw: the exact model behind :class:`~.knowledge.Knowledge`.

A card leaves a hand only in public (handed over, brought, laid down,
played), so where a card is at any moment follows from one hidden thing
alone, its *origin*: the hand it was dealt to, the pot position it was
drawn from (the k-th draw of the game), or the part of the pot nobody has
drawn yet.  Every public event is then a statement about origins:

* "Bo handed over 3.2" keeps only the origins that put 3.2 in Bo's hand;
* "Bo lacks 3.2" drops those;
* "Ana asked for quartet 3" says that at least one card of quartet 3 has
  an origin that put it in Ana's hand then;
* no hand ever holds a whole quartet it has not laid down, so after every
  card gained, at most three of a quartet's cards may have origins that put
  them in that hand;
* each origin takes exactly as many cards as it has room for: a hand its
  size at the deal, a draw one card, the undrawn pot its size now.

So a consistent deal is an assignment of cards to origins in their
*domains* (the first two kinds of statement), filling every origin's room
exactly, that keeps every *count* statement (the last but one kind: each
says that between ``lo`` and ``hi`` of one quartet's cards lie in given
origins).  Without the count statements that is a transportation problem,
and augmenting paths answer it exactly.  :class:`_Solver` keeps one such
assignment; while it breaks a count statement it picks a card of that
statement and splits the search in two, the card in the statement's
origins or out of them, each half narrowed by what the count statements
then force, and each half's assignment repaired by augmenting paths (when
no path exists, no deal is left in that half).  Both halves together hold
every deal of the whole, so the search finds a deal whenever there is one,
and proves there is none otherwise: exact by construction, and bounded
by a budget of steps (see :class:`_Solver`).  A question the search does
not answer at a glance goes to the room argument (:mod:`.room`: counting
alone often proves a pigeonhole the search would split on card by card),
then, where the ``exact`` extra is installed, to a SAT solver given the same
model (:mod:`.satisfiability`), and only then to the rest of the search's
budget and the solver's; one still open past them is answered the safe way.

:meth:`Deals.facts` asks it, for every card and every place the card's
domain allows, for a deal that puts it there (one found deal answers
dozens of such questions at once; most of the rest are one swap of two
cards' origins away from a deal found, which is tried before a search),
and for the least and the most cards of each quartet in each hand.  Deals found are kept (:attr:`Deals.pool`) and
tried first after the next events; an origin proven impossible for a card
stays impossible (:attr:`Deals.cut`), since later events only add
statements.  That is what makes a move cost milliseconds.
A Beeldenstorm deals every card anew, so it starts a new model.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from .cards import PER_QUARTET, QUARTET_CARDS, QUARTET_MASK, QUARTETS, cards_in
from .counting import count_places
from .room import RoomArgument
from .satisfiability import CONFLICTS, Clauses, Undecided, available

#: Where a card laid down or played is: out of play.
GONE = -1
ALL_QUARTETS = (1 << QUARTETS) - 1
#: ``at[card]`` maps each place the card may be now (a seat, the pot as seat ``players``, or :data:`GONE`)
#: to the mask of origins that put it there.
Places = dict[int, int]
#: A count statement: the cards it is about, for each the mask of origins it counts, and the least and the
#: most of them that may have such an origin.
Rule = tuple[tuple[int, ...], tuple[int, ...], int, int]
#: How many deals found are kept for the next events, and how many variants of each the next reading tries
#: for each draw made since (which card the draw took from the pot).
POOL = 48
VARIANTS = 3
#: The work one reading of the facts may do (see :class:`_Solver`): each augmenting-path search and each node of
#: the search for a deal costs one unit.  Reading the counts of one hand and quartet (:meth:`Facts.bounds`) may do
#: :data:`BOUNDS_WORK` more.
WORK = 1000
BOUNDS_WORK = 300
#: The deeper look a question left open by the room argument and the SAT solver may still have, and how many
#: such looks one reading (with its counts) may take.
DEEP_WORK = 10_000
#: How a question spends its budget (see :meth:`_Solver._either`): a glance of :data:`GLANCE` units of the search
#: (:data:`GLANCE_AFTER` once the room argument has settled a question of the reading past its glance: such
#: positions have more), then the room argument, then :data:`SAT_GLANCE` conflicts of the SAT solver, and only
#: then the rest.  The search starts from the first deal found and from up to :data:`STARTS` of the latest, each
#: given :data:`START_UNITS` units at first and twice as many at each turn after (see :meth:`_Solver._searches`).
GLANCE = 100
GLANCE_AFTER = 25
SAT_GLANCE = 200
STARTS = 3
START_UNITS = 25
DEEP_LOOKS = 3
#: Whether a question the search leaves open goes on to the SAT solver (:mod:`.satisfiability`, the ``exact``
#: extra): True where it is installed.
SAT = available()


class _Spent(Exception):
    """The work budget of one reading ran out (see :data:`WORK`): the question being asked is left open."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What holds in every consistent deal.

    ``where[card]`` is the set of places the card may be now (a frozenset
    of seats, the pot as seat ``players``, :data:`GONE` out of play);
    ``unplaced[p]`` has bit ``q`` set when seat ``p`` surely holds more
    cards of quartet ``q`` than those surely in its hand; ``consistent`` is
    False only when no deal fits the events (which a real game never
    produces), and None when the budget ran out before a first deal was
    found.  :meth:`bounds` counts on request.  A question the budget left
    open (:attr:`settled` False) is answered the safe way: the card may be
    there, the hand may hold no card beyond those surely there, the count
    lies between the cards surely there and those that may be.
    """

    where: dict[int, frozenset[int]]
    unplaced: tuple[int, ...]
    consistent: bool | None
    solver: "_Solver"

    @property
    def settled(self) -> bool:
        """Whether every question was answered within the budget (:data:`WORK`): then the facts are all the facts."""
        return self.consistent is not None and not self.solver.left_open

    def bounds(self, seat: int, quartet: int) -> tuple[int, int]:
        """The least and most cards of ``quartet`` that ``seat`` may hold now, over every consistent deal."""
        return self.solver.bounds(seat, quartet)

    def share(self, card: int, place: int) -> Fraction | None:
        """The share of the consistent deals that put ``card`` in ``place`` (a seat, or the pot as seat
        ``players``), counted exactly (:mod:`.counting`); None when the count would take more than its budget."""
        return self.solver.share(card, place)


class Deals:
    """The origins of the cards and the statements they must keep (see the module's docstring)."""

    __slots__ = ("players", "room", "holder", "at", "rules", "pending", "cut", "cut_pending", "pool", "epoch")

    def __init__(self, sizes: tuple[int, ...], pot: int, live: int) -> None:
        n = self.players = len(sizes)
        #: Room of each origin: the hands as dealt, then the undrawn pot (origin ``n``), then one per draw.
        self.room = list(sizes) + [pot]
        #: The seat each origin gave its cards to (the pot's: seat ``n``, none).
        self.holder = list(range(n + 1))
        start = {p: 1 << p for p in range(n)}
        start[n] = 1 << n
        self.at: dict[int, Places] = {c: dict(start) for c in cards_in(live)}
        #: The count statements made so far, in order (a dict for a set that keeps it).
        self.rules: dict[Rule, None] = {}
        #: Seats that gained cards, whose not-all statements wait for the quartets they lay down next:
        #: ``(seat, quartets)``, bit q of ``quartets`` standing for quartet q.
        self.pending: list[tuple[int, int]] = [(p, ALL_QUARTETS) for p in range(n)]
        #: Origins proven impossible for a card (its mask), and whether the proof leant on waiting statements
        #: (then a quartet laid down next voids it, and :attr:`epoch` counts such voidings).
        self.cut: dict[int, int] = {}
        self.cut_pending = False
        self.epoch = 0
        #: Consistent deals found lately: (how many origins there were, each card's origin in :attr:`at`'s order).
        self.pool: list[tuple[int, tuple[int, ...]]] = []

    def copy(self) -> "Deals":
        twin = Deals.__new__(Deals)
        twin.players, twin.room, twin.holder = self.players, list(self.room), list(self.holder)
        twin.at = {c: dict(places) for c, places in self.at.items()}
        twin.rules = dict(self.rules)
        twin.pending = list(self.pending)
        twin.cut, twin.cut_pending, twin.epoch = dict(self.cut), self.cut_pending, self.epoch
        twin.pool = list(self.pool)
        return twin

    # -- the statements ----------------------------------------------------------
    def holds(self, seat: int, card: int) -> None:
        """``seat`` holds ``card`` now."""
        places = self.at.get(card)
        if places is not None:
            self.at[card] = {seat: places.get(seat, 0)}

    def lacks(self, seat: int, card: int) -> None:
        """``seat`` does not hold ``card`` now."""
        places = self.at.get(card)
        if places is not None:
            places.pop(seat, None)

    def moves(self, card: int, src: int, dst: int) -> None:
        """``card`` passes from ``src`` to ``dst`` in public (so ``src`` held it)."""
        places = self.at.get(card)
        if places is not None:
            self.at[card] = {dst: places.get(src, 0)}

    def leaves(self, seat: int, cards: int) -> None:
        """``seat`` puts ``cards`` out of play (a quartet laid down, a bonus card played)."""
        for card in cards_in(cards):
            places = self.at.get(card)
            if places is not None:
                self.at[card] = {GONE: places.get(seat, 0)}
        gone = 0
        for q in range(QUARTETS):
            if cards & QUARTET_MASK[q]:
                gone |= 1 << q
        # A quartet laid down straight after a gain was complete then: it owes no not-all statement.
        pending = [(p, qs & ~gone if p == seat else qs) for p, qs in self.pending]
        if pending != self.pending:
            self._void()
        self.pending = pending

    def _void(self) -> None:
        """Forget the cuts that leant on waiting statements, now that they change (:attr:`epoch` counts this)."""
        self.epoch += 1
        if self.cut_pending:
            self.cut = {}
            self.cut_pending = False

    def collects(self, seat: int, quartet: int) -> None:
        """``seat`` holds some card of ``quartet`` now (they asked for one)."""
        self._rule(seat, quartet, 1)

    def draws(self, seat: int) -> None:
        """``seat`` takes the pot's top card: a new origin, which any card still possibly in the pot may have."""
        if self.pending:
            self._void()  # a lone player taking the pot: the waiting statements change with every card
        pot = self.players
        k = len(self.room)
        self.room.append(1)
        self.holder.append(seat)
        self.room[pot] -= 1
        b = 1 << k
        cut = self.cut
        for card, places in self.at.items():
            if pot in places:
                places[seat] = places.get(seat, 0) | b
                if cut.get(card, 0) >> pot & 1:
                    cut[card] |= b  # a card that cannot be in the pot cannot be drawn from it
        self.gains(seat, ALL_QUARTETS)

    def gains(self, seat: int, quartets: int) -> None:
        """``seat`` gained cards that may complete the quartets of the mask ``quartets`` (bit q: quartet q).

        The statement that the hand holds none of them whole waits for the
        quartets laid down next (:meth:`leaves`), and is made by
        :meth:`commit` before the next event of another kind.
        """
        self.pending.append((seat, quartets))

    def commit(self) -> None:
        """Make the waiting not-all statements (no quartet was laid down since)."""
        for seat, quartets in self.pending:
            for q in range(QUARTETS):
                if quartets >> q & 1:
                    self._rule(seat, q, 0)
        self.pending = []
        self.cut_pending = False

    def _masks(self, seat: int, quartet: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards of ``quartet`` in play and, for each, the origins that put it in ``seat``'s hand now."""
        at = self.at
        cards = tuple(c for c in cards_in(QUARTET_MASK[quartet]) if c in at)
        return cards, tuple(at[c].get(seat, 0) for c in cards)

    def _rule(self, seat: int, quartet: int, least: int) -> None:
        """``least`` 1: ``seat`` holds a card of ``quartet``; 0: it does not hold the quartet whole."""
        cards, masks = self._masks(seat, quartet)
        if not cards:
            return
        if least:
            self.rules[(cards, masks, 1, len(cards))] = None
        elif all(masks):  # they cannot all be there otherwise: nothing to say
            self.rules[(cards, masks, 0, len(cards) - 1)] = None

    def _waiting(self) -> list[Rule]:
        """The not-all statements that wait (see :meth:`gains`), as they would be made now."""
        rules = []
        for seat, quartets in self.pending:
            for q in range(QUARTETS):
                if quartets >> q & 1:
                    cards, masks = self._masks(seat, q)
                    if cards and all(masks):
                        rules.append((cards, masks, 0, len(cards) - 1))
        return rules

    # -- what follows ---------------------------------------------------------------
    def facts(self) -> Facts:
        """Every fact that holds in all consistent deals (see the module's docstring)."""
        return _Solver(self).facts()


class _Solver:
    """The search for consistent deals of one moment (see the module's docstring).

    Its effort is bounded by construction: every augmenting-path search
    and every node of the search for a deal spends a unit of :attr:`work`,
    and each costs at most a polynomial in the cards, origins and count
    statements (a path search visits each card and origin once; a node
    narrows each card's domain at most once per statement).  Reading the
    facts may spend :data:`WORK` units, each count :data:`BOUNDS_WORK`
    more; a question still unanswered when they are spent is left open
    (:attr:`left_open` counts them), answered the safe way (see
    :class:`Facts`).  The budget counts steps, not time, so the same
    events give the same facts on any machine.
    """

    def __init__(self, deals: Deals) -> None:
        self.deals = deals
        self.work = WORK
        self.deep = DEEP_LOOKS
        self.glance = GLANCE
        #: Whether the room argument weighs each question before the search's glance: once it has settled one
        #: of the reading past the glance, it settles most of the rest, in a tenth of the glance's time.
        self.room_first = False
        self.left_open = 0
        self.n = deals.players
        self.room = deals.room
        self.cards = list(deals.at)
        cut = deals.cut
        full = 0  # the origins with room: the undrawn pot has none once it is empty
        for o, r in enumerate(self.room):
            if r:
                full |= 1 << o
        #: Each card's domain (its origins not cut), its places now with the origins that put it there, and,
        #: filled in as deals are read (:meth:`_where`), for each origin the place it puts the card now (-2: not
        #: looked up yet) and where a deal's tally of each hand's quartets counts it (:meth:`_record`).
        self.dom: list[int] = []
        self.places: list[tuple[tuple[int, int], ...]] = []
        self.place: list[list[int]] = []
        self.slot: list[list[int]] = []
        self.index = {c: i for i, c in enumerate(self.cards)}
        #: Each card's quartet (-1: a bonus card).
        self.quartet_of = [c >> 2 if c >> 2 < QUARTETS else -1 for c in self.cards]
        for c in self.cards:
            places = tuple(deals.at[c].items())
            domain = 0
            for _, mask in places:
                domain |= mask
            self.dom.append(domain & ~cut.get(c, 0) & full)
            self.places.append(places)
            self.place.append([-2] * len(self.room))
            self.slot.append([0] * len(self.room))
        index = self.index
        rules: list[Rule] = []
        for cards, masks, lo, hi in list(deals.rules) + deals._waiting():
            rules.append((tuple(index[c] for c in cards), masks, lo, hi))
        self.rules = self._simplify(rules, self.dom)
        #: For each card, the rules about it, and each with the origins it counts the card in.
        self.watch: list[list[int]] = [[] for _ in self.cards]
        self.counted_in: list[list[tuple[int, int]]] = [[] for _ in self.cards]
        for r, (idxs, masks, _, _) in enumerate(self.rules):
            for i, m in zip(idxs, masks):
                self.watch[i].append(r)
                self.counted_in[i].append((r, m))
        self.failed: set[tuple[object, tuple[int, ...]]] = set()
        #: The counts worked out so far (see :meth:`bounds`).
        self.bounded: dict[tuple[int, int], tuple[int, int]] = {}
        #: The consistent deals and each card's share of them, once counted (see :meth:`share`; False: not yet).
        self.counted_deals: tuple[int, dict[tuple[int, int], int]] | None | bool = False
        #: The same model as clauses, made the first time the search leaves a question open (see :meth:`_either`).
        self.clauses: Clauses | None = None
        #: The hands' sizes now as statements, once read (see :meth:`_hands`).
        self.hand_rules: list[Rule] | None = None
        #: The room argument, once a question needs it (see :meth:`_room`).
        self.room_argument: RoomArgument | None = None
        #: The consistent deals found in this reading (see :meth:`facts`).
        self.found: list[tuple[int, ...]] = []
        #: Some of them with their cards by origin, and with their tallies of each hand's quartets, by their ids
        #: (see :meth:`_holding` and :meth:`_record`).
        self.members: dict[int, tuple[tuple[int, ...], list[list[int]]]] = {}
        self.tallies: dict[int, tuple[tuple[int, ...], list[int]]] = {}

    @staticmethod
    def _simplify(rules: list[Rule], dom: list[int]) -> list[Rule]:
        """The rules that ``dom`` does not already keep by itself, and that no other kept rule implies."""
        groups: dict[tuple[tuple[int, ...], int, int], list[tuple[int, ...]]] = {}
        for idxs, masks, lo, hi in rules:
            masks = tuple(m & dom[i] for i, m in zip(idxs, masks))
            sure = maybe = 0
            for i, m in zip(idxs, masks):
                if m:
                    maybe += 1
                    if m == dom[i]:
                        sure += 1
            if sure >= lo and maybe <= hi:
                continue  # every assignment within the domains keeps it
            groups.setdefault((idxs, lo, hi), []).append(masks)
        kept: list[Rule] = []
        for (idxs, lo, hi), family in groups.items():
            family = list(dict.fromkeys(family))
            # An at-most rule over wider masks implies one over narrower masks; an at-least rule the reverse.
            def wider(a: Sequence[int], b: Sequence[int], at_most: bool = lo == 0) -> bool:
                return all(x & y == (y if at_most else x) for x, y in zip(a, b))
            for k, masks in enumerate(family):
                if not any(j != k and wider(other, masks) and (other != masks or j < k)
                           for j, other in enumerate(family)):
                    kept.append((idxs, masks, lo, hi))
        return kept

    # -- one deal ----------------------------------------------------------------------
    def _spend(self) -> None:
        """Spend a unit of work, or stop the question being asked (see :class:`_Solver`)."""
        self.work -= 1
        if self.work < 0:
            raise _Spent

    def _augment(self, start: int, dom: list[int], x: list[int], load: list[int]) -> bool:
        """Give card ``start`` (without an origin in ``x``) one, moving others along a path if need be."""
        self._spend()
        room = self.room
        members: list[list[int]] = [[] for _ in room]
        for j, o in enumerate(x):
            if o >= 0:
                members[o].append(j)
        prev: dict[int, int] = {}  # origin -> the card that would move into it
        reached = {start}
        frontier = [start]
        while frontier:
            nxt = []
            for j in frontier:
                d = dom[j]
                while d:
                    low = d & -d
                    d ^= low
                    o = low.bit_length() - 1
                    if o in prev:
                        continue
                    prev[o] = j
                    if load[o] < room[o]:
                        load[o] += 1
                        while True:  # walk back: each card on the path takes the origin the previous one left
                            j = prev[o]
                            old = x[j]
                            x[j] = o
                            if j == start:
                                return True
                            o = old
                    for k in members[o]:
                        if k not in reached:
                            reached.add(k)
                            nxt.append(k)
            frontier = nxt
        return False

    def start(self) -> list[int] | None:
        """An assignment within the domains that fills every origin (the count statements aside), or None."""
        x = [-1] * len(self.cards)
        load = [0] * len(self.room)
        for i in range(len(x)):
            if not self._augment(i, self.dom, x, load):
                return None
        return x

    def search(self, dom: list[int], x: list[int] | tuple[int, ...], touched: tuple[int, ...] = (),
               extra: Rule | None = None) -> tuple[int, ...] | None:
        """A consistent deal within ``dom`` (and keeping ``extra``), started from ``x``, a consistent deal within
        the domains before the cards ``touched`` were narrowed; None if there is none."""
        rules = self.rules
        watch = self.watch
        todo: set[int] = set()
        for i in touched:
            todo.update(watch[i])
        if extra is not None:
            rules = rules + [extra]
            e = len(rules) - 1
            watch = list(watch)
            for i in extra[0]:
                watch[i] = watch[i] + [e]
            todo.add(e)
        failed = self.failed
        room = self.room

        def node(dom: list[int], x: list[int] | tuple[int, ...], todo: set[int], suspects: set[int]
                 ) -> tuple[int, ...] | None:
            self._spend()
            # What the count statements force, until nothing more follows.
            changed: set[int] = set()
            queue = sorted(todo)
            while queue:
                idxs, masks, lo, hi = rules[queue.pop()]
                sure = maybe = 0
                for i, m in zip(idxs, masks):
                    d = dom[i]
                    if d & m:
                        maybe += 1
                        if not d & ~m:
                            sure += 1
                if sure > hi or maybe < lo:
                    return None
                force = 0
                if maybe == lo and sure < lo:
                    force = 1  # every card that may count must
                elif sure == hi and maybe > hi:
                    force = -1  # no card that may count beyond the sure ones does
                if force:
                    for i, m in zip(idxs, masks):
                        d = dom[i]
                        if d & m and d & ~m:
                            dom[i] = d & m if force > 0 else d & ~m
                            changed.add(i)
                            queue.extend(watch[i])
            key = (extra, tuple(dom))
            if key in failed:
                return None
            suspects = set(suspects)
            for i in changed:
                suspects.update(watch[i])
            if any(not dom[i] >> o & 1 for i, o in enumerate(x)):
                before = x
                x = list(x)
                load = list(room)
                loose = [i for i, o in enumerate(x) if not dom[i] >> o & 1]
                for i in loose:
                    load[x[i]] -= 1
                    x[i] = -1
                for i in loose:
                    if not self._augment(i, dom, x, load):
                        failed.add(key)
                        return None
                for i, o in enumerate(x):
                    if o != before[i]:
                        suspects.update(watch[i])
            broken = set()
            for r in suspects:
                idxs, masks, lo, hi = rules[r]
                inside = 0
                for i, m in zip(idxs, masks):
                    inside += m >> x[i] & 1
                if not lo <= inside <= hi:
                    broken.add(r)
            if not broken:
                return tuple(x)
            # The broken rule with the fewest cards that could mend it: the fewest ways to try.
            r = min(broken, key=lambda r: (self._menders(rules[r], dom, x), r))
            idxs, masks, lo, hi = rules[r]
            inside = sum(m >> x[i] & 1 for i, m in zip(idxs, masks))
            want = inside < lo  # the rule needs one more card in its origins, or one fewer
            for i, m in zip(idxs, masks):
                if bool(m >> x[i] & 1) != want and (dom[i] & m if want else dom[i] & ~m):
                    there = list(dom)
                    there[i] &= m if want else ~m
                    found = node(there, x, set(watch[i]), broken)
                    if found is None:
                        here = list(dom)
                        here[i] &= ~m if want else m
                        found = node(here, x, set(watch[i]), broken)
                    if found is None:
                        failed.add(key)
                    return found
            failed.add(key)  # propagation rules this out; kept for safety
            return None

        try:
            return node(list(dom), x, todo, todo)
        finally:
            del node  # it refers to itself: without this the search would linger until a garbage collection

    @staticmethod
    def _menders(rule: Rule, dom: list[int], x: list[int] | tuple[int, ...]) -> int:
        """How many cards of a broken ``rule`` could change sides to mend it."""
        idxs, masks, lo, hi = rule
        inside = sum(m >> x[i] & 1 for i, m in zip(idxs, masks))
        want = inside < lo
        return sum(1 for i, m in zip(idxs, masks)
                   if bool(m >> x[i] & 1) != want and (dom[i] & m if want else dom[i] & ~m))

    # -- when the search runs out ---------------------------------------------------------
    def _ask(self, keep: dict[int, int], extra: Rule | None = None) -> tuple[int, ...] | None:
        """A consistent deal that puts each card ``i`` of ``keep`` in an origin of the mask ``keep[i]`` and keeps
        ``extra`` (if given), or None; past every budget :class:`_Spent` (see :meth:`_either`).

        A statement that counts none of its cards, or all of them ("Bo holds no card of quartet 3", "every
        one of them"), is asked as those cards narrowed instead.  Then the room argument weighs each card
        where it must lie, and the SAT solver propagates it at once; as a count, it bounds only its quartet's
        cards.  One such question of a four-player game, that no deal keeps, went past the solver's 100,000
        conflicts and took a deeper search 28 ms; as narrowings, the room argument proves it at once."""
        if extra is not None:
            idxs, masks, lo, hi = extra
            if hi == 0 or lo == len(idxs):
                keep = dict(keep)
                for i, m in zip(idxs, masks):
                    keep[i] = keep.get(i, -1) & (m if lo else ~m)
                extra = None
        dom = list(self.dom)
        for i, m in keep.items():
            dom[i] &= m
        # Asked once a deal is found (the first is asked by :meth:`facts`), so every start is a deal.
        return self._either(lambda x: self.search(dom, self.base if x is None else x, tuple(keep), extra), keep,
                            extra)

    def _either(self, search: Callable[[tuple[int, ...] | None], tuple[int, ...] | None], keep: dict[int, int],
                extra: Rule | None = None) -> tuple[int, ...] | None:
        """The answer of ``search`` (started from a deal, see :meth:`_searches`), a deal with each card ``i`` of
        ``keep`` in an origin of ``keep[i]`` that keeps ``extra`` (if given), or None.  Past the search's budget:
        None if the room argument proves there is no such deal (:meth:`_room`), else the SAT solver's answer
        (:mod:`.satisfiability`), else a last deeper search, else :class:`_Spent` goes on (the question is left
        open)."""
        # A glance first.  Over four games of five players, the search answered 97% of 24,146 questions within
        # 10 units.  It took more than 100 units on 26 of them. None of the 26 had a deal, and the room argument
        # proved each at once, where the search splits on card after card.  Where there is a deal, the SAT
        # solver mostly finds it within a few conflicts.  Only then does the rest of the budget go.
        # Once the room argument has proved one question past the glance, the reading is one of those, and the
        # cheap argument over the kept parts alone goes before each later search.
        if self.room_first and extra is None and self._room().overfull(keep, kept_only=True):
            return None
        try:
            return self._searches(search, self.glance, turns=True)
        except _Spent:
            if self._room().overfull(keep, extra):
                self.glance = GLANCE_AFTER
                self.room_first = True
                return None
        # The solver's glance is 200 conflicts: one question of a five-player game (seed 6 after move 97) had a
        # deal 115 conflicts in, where the search spent all of its 881 units left (16 ms) without one.
        if SAT and self.work > 0:  # with no search left to come, the solver's whole budget follows at once
            try:
                return self._clauses().deal(keep, extra, SAT_GLANCE)
            except Undecided:
                pass
        try:
            return self._searches(search, self.work)
        except _Spent:
            pass
        if SAT:
            try:
                return self._clauses().deal(keep, extra)
            except Undecided:
                pass
        if self.deep <= 0:
            raise _Spent
        # Some questions are hard for the solver and only a little beyond the search's budget: a last, deeper
        # look, a few a reading.
        self.deep -= 1
        self.work = DEEP_WORK
        try:
            return self._searches(search, DEEP_WORK)
        finally:
            self.work = 0

    def _searches(self, search: Callable[[tuple[int, ...] | None], tuple[int, ...] | None], units: int,
                  turns: bool = False) -> tuple[int, ...] | None:
        """The answer of ``search`` within ``units`` of the budget (:class:`_Spent` past them), started from the
        first deal found; with ``turns``, from several deals found in turn, each with twice the units of the
        turn before.

        Where a deal exists, how far the search goes to find it depends on the deal it starts from: for one
        question of a five-player game, 10,740 units from the first deal found, 25 from the last.  Where there
        is none, every turn but the last is lost, so only a glance takes turns."""
        starts: list[tuple[int, ...] | None] = [self.base] if self.found else [None]
        if turns:
            for latest in reversed(self.found[-STARTS:]):
                if latest not in starts:
                    starts.append(latest)
        units = min(units, self.work)
        cap = START_UNITS if len(starts) > 1 else units
        while True:
            for start in starts:
                if units <= 0:
                    raise _Spent
                turn = min(cap, units)
                spare = self.work - turn
                self.work = turn
                try:
                    return search(start)
                except _Spent:
                    pass
                finally:
                    units -= turn - max(self.work, 0)
                    self.work = max(self.work, 0) + spare
            cap *= 2

    def _clauses(self) -> Clauses:
        """The model as clauses (:mod:`.satisfiability`), made at its first question, its guesses leaning towards
        the last deal found."""
        if self.clauses is None:
            self.clauses = Clauses(self.dom, self.room, self.rules + self._hands())
        if self.found:
            self.clauses.prefer(self.found[-1])
        return self.clauses

    def _room(self) -> RoomArgument:
        """The room argument over this model (:mod:`.room`), made at its first question and again once the
        hands' sizes are known (they are its strongest parts)."""
        hands = self._hands()
        if self.room_argument is None or len(hands) != self.room_argument.hands:
            self.room_argument = RoomArgument(self.dom, self.room, self.rules, hands, self.quartet_of,
                                              self.deals.holder)
        return self.room_argument

    def _hands(self) -> list[Rule]:
        """Each hand's size now, as a count statement over every card: exactly that many cards have an origin
        that puts them there (sizes are public, so every consistent deal has them; read off a deal found).

        The search does not need them (the origins' room implies them), but the room argument and the SAT
        solver do: without them, that a hand is full shows only after every way to overfill it is tried.
        None are known before a first deal is found."""
        if self.hand_rules is None and self.found:
            x = self.found[0]
            every = tuple(range(len(self.cards)))
            self.hand_rules = []
            for p in range(self.n):
                masks = tuple(dict(places).get(p, 0) for places in self.places)
                size = sum(m >> o & 1 for m, o in zip(masks, x))
                self.hand_rules.append((every, masks, size, size))
        return self.hand_rules or []

    # -- every fact ----------------------------------------------------------------------
    def _valid(self, x: tuple[int, ...]) -> bool:
        """Whether the deal ``x`` is within the domains and keeps every statement."""
        dom = self.dom
        for i, o in enumerate(x):
            if not dom[i] >> o & 1:
                return False
        # The latest statements first: a deal kept from before an event breaks the event's own statements most.
        for idxs, masks, lo, hi in reversed(self.rules):
            inside = 0
            for i, m in zip(idxs, masks):
                inside += m >> x[i] & 1
            if not lo <= inside <= hi:
                return False
        return True

    def _pool(self) -> tuple[list[tuple[int, ...]], tuple[int, ...] | None]:
        """The kept deals that are still consistent, each brought up to the draws made since it was found: at
        most :data:`POOL` of them, the latest found first (where there are draws since, a deal kept has a few
        such variants, and the first moves of a game kept 160 deals, which took 6 ms to check and take in).

        And the latest deal kept, brought up to date, if it fills every origin: where no kept deal is still
        consistent, the search mends it rather than start afresh."""
        origins = len(self.room)
        pot = self.n
        valid: list[tuple[int, ...]] = []
        latest: tuple[int, ...] | None = None
        for made, x in reversed(self.deals.pool):
            if len(valid) >= POOL:
                break
            if len(x) != len(self.cards):
                continue
            variants = [x]
            for k in range(made, origins):  # the k-th origin is a draw: one of the pot's cards went there
                grown = []
                for v in variants:
                    for i, o in enumerate(v):
                        if o == pot and self.dom[i] >> k & 1:
                            grown.append(v[:i] + (k,) + v[i + 1:])
                            if len(grown) >= VARIANTS:
                                break
                    if len(grown) >= VARIANTS:
                        break
                variants = grown
            if latest is None and variants:
                latest = variants[0]
            valid.extend(v for v in variants if self._valid(v))
        if latest is not None and not valid:
            load = [0] * origins
            for o in latest:
                load[o] += 1
            if load != self.room:
                latest = None
        return valid[POOL - 1::-1], latest

    def facts(self) -> Facts:
        deals = self.deals
        n = self.n
        cards, dom = self.cards, self.dom
        found, latest = self._pool()
        self.found = found
        swapped: list[tuple[int, ...]] = []  # deals one swap from another (see _swapped)
        if not found:
            # Mostly a deal kept is a few cards from one consistent now (the last event ruled out every deal
            # kept: at one five-player game's seventh move, 144 of them): the search mends it.
            def first(_: object) -> tuple[int, ...] | None:
                start = self.start() if latest is None else latest
                return None if start is None else self.search(dom, start, tuple(range(len(cards))))
            try:
                witness = self._either(first, {})
            except (_Spent, Undecided):
                self.left_open += 1
                return Facts({}, (), None, self)
            if witness is None:
                return Facts({}, (), False, self)
            found.append(witness)
        seen: list[set[int]] = [set() for _ in cards]
        self.seen: list[set[int]] | None = seen
        # counted[p][q]: the cards of quartet q in play, the masks of origins that put each in p's hand.
        counted: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = []
        self.counted = counted
        for p in range(n):
            row = []
            for q in range(QUARTETS):
                idxs = tuple(self.index[c] for c in cards_in(QUARTET_MASK[q]) if c in self.index)
                row.append((idxs, tuple(deals.at[cards[i]].get(p, 0) for i in idxs)))
            counted.append(row)
        self.counts = [[[PER_QUARTET + 1, -1] for _ in range(QUARTETS)] for _ in range(n)]
        #: Each count that a deal updates, by its place in a tally.
        self.tallied = [(p * QUARTETS + q, self.counts[p][q]) for p in range(n) for q in range(QUARTETS)
                        if counted[p][q][0]]
        #: The same counts by their places in a tally (None: a tally's place that updates no count).
        self.tally_at: list[list[int] | None] = [None] * (n * QUARTETS + 1)
        for k, low_high in self.tallied:
            self.tally_at[k] = low_high
        for x in found:
            self._record(x, new=False)
        self.base = found[0]
        cut = deals.cut
        cutting = False
        for i, c in enumerate(cards):
            for w, mask in self.places[i]:
                mask &= dom[i]
                if not mask or w in seen[i]:
                    continue
                swap = self._swapped(i, mask)
                if swap is not None:
                    # Kept for the next events only where the pool has room: a deal one swap from another adds
                    # less to it than one the search found.
                    near, x, j = swap
                    self._record_swap(near, x, i, j)
                    swapped.append(near)
                    continue
                try:
                    other = self._ask({i: mask})
                except (_Spent, Undecided):
                    seen[i].add(w)  # left open: the card may be there, for all this reading proved
                    self.left_open += 1
                    continue
                if other is None:
                    dom[i] &= ~mask  # no deal puts it there: never again
                    if self.room_argument is not None:
                        self.room_argument.narrow(i, dom[i])
                    cut[c] = cut.get(c, 0) | mask
                    if self.clauses is not None:
                        self.clauses.rule_out(i, mask)
                    cutting = True
                else:
                    self._record(other)
        if cutting and deals.pending:
            deals.cut_pending = True
        # The quartets of which a hand surely holds a card beyond those surely there: no deal has it hold
        # only those.
        unplaced = []
        for p in range(n):
            bits = 0
            for q in range(QUARTETS):
                idxs, masks = counted[p][q]
                sure = sum(1 for i, m in zip(idxs, masks) if not dom[i] & ~m)
                if idxs and (self._least(p, q, sure) or 0) > sure:
                    bits |= 1 << q
            unplaced.append(bits)
        kept = found[-POOL:]
        if len(kept) < POOL:
            kept = swapped[len(kept) - POOL:] + kept
        deals.pool = [(len(self.room), x) for x in kept]
        # The solver stays with the facts, for counts asked later (:meth:`bounds`): it keeps what it needs.
        self.found = found[-POOL:]
        self.failed = set()
        self.members, self.tallies = {}, {}
        places = {c: frozenset(seen[i]) for i, c in enumerate(cards)}
        self.seen = None  # the places are told; the fewer objects outlive a move, the quicker garbage collection
        return Facts(places, tuple(unplaced), True, self)

    def _swapped(self, i: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
        """A consistent deal with card ``i`` in an origin of ``mask``, one swap away from a deal found: card ``i``
        trades origins with a card there, card ``j``; that deal, the deal found and ``j``, or None if no such
        swap keeps every statement (the search then decides).

        Most places a card may be are a swap away from some deal already found, and a swap costs a pass over
        the cards, where the search would narrow and repair a whole deal.  The deal found keeps every
        statement, so a swap can break only one that counts one of the two cards on one side of it and not on
        the other."""
        dom, rules, counted_in = self.dom, self.rules, self.counted_in
        for x in self.found[-4:]:
            a = x[i]
            y = list(x)  # each swap tried is made in it, and undone if it breaks a statement
            for j in self._holding(x, mask):
                b = x[j]
                if not dom[j] >> a & 1 or a == b:
                    continue
                y[i], y[j] = b, a
                for r, counts in counted_in[i] + counted_in[j]:  # one about both cards may be checked twice
                    if not (counts >> a ^ counts >> b) & 1:
                        continue
                    idxs, masks, lo, hi = rules[r]
                    inside = 0
                    for k, m in zip(idxs, masks):
                        inside += m >> y[k] & 1
                    if not lo <= inside <= hi:
                        break
                else:
                    return tuple(y), x, j
                y[i], y[j] = a, b
        return None

    def _holding(self, x: tuple[int, ...], mask: int) -> list[int]:
        """The cards the deal ``x`` gives an origin of ``mask``, in card order.

        A reading asks :meth:`_swapped` of the same few deals some hundreds of times, each time for the cards
        of a hand's few origins: each deal's cards by origin are listed once (:attr:`members`)."""
        entry = self.members.get(id(x))
        if entry is None or entry[0] is not x:
            members: list[list[int]] = [[] for _ in self.room]
            for j, o in enumerate(x):
                members[o].append(j)
            entry = self.members[id(x)] = (x, members)
        members = entry[1]
        held: list[int] = []
        several = False
        while mask:
            low = mask & -mask
            mask ^= low
            cards = members[low.bit_length() - 1]
            if cards:
                several = bool(held)
                held.extend(cards)
        if several:
            held.sort()
        return held

    def _record(self, x: tuple[int, ...], new: bool = True) -> None:
        """Take in a consistent deal: the places it puts each card and the cards of each quartet in each hand."""
        if new:
            self.found.append(x)
        seen, place, slot = self.seen, self.place, self.slot
        # A card of quartet q counts in p's hand exactly when its origin puts it there now: tally by place (the
        # last entry takes the cards no hand's tally counts).
        tally = [0] * (self.n * QUARTETS + 1)
        for i, o in enumerate(x):
            w = place[i][o]
            if w == -2:
                w = self._where(i, o)
            if seen is not None:
                seen[i].add(w)
            tally[slot[i][o]] += 1
        if seen is not None:
            self.tallies[id(x)] = (x, tally)
        for k, low_high in self.tallied:
            t = tally[k]
            if t < low_high[0]:
                low_high[0] = t
            if t > low_high[1]:
                low_high[1] = t

    def _record_swap(self, y: tuple[int, ...], x: tuple[int, ...], i: int, j: int) -> None:
        """Take in the deal ``y``, the deal ``x`` taken in with cards ``i`` and ``j`` swapped: only their places
        are new, and only the tallies they leave or join change (a swap tried for each place of each card,
        some hundreds a reading, would otherwise take in every card again)."""
        entry = self.tallies.get(id(x))
        if entry is None or entry[0] is not x:
            self._record(y, new=False)
            return
        tally, slot, seen = entry[1], self.slot, self.seen
        moved: dict[int, int] = {}
        for k in (i, j):
            w = self.place[k][y[k]]
            if w == -2:
                w = self._where(k, y[k])
            if seen is not None:
                seen[k].add(w)
            before, after = slot[k][x[k]], slot[k][y[k]]
            moved[before] = moved.get(before, 0) - 1
            moved[after] = moved.get(after, 0) + 1
        for k, change in moved.items():
            low_high = self.tally_at[k]
            if low_high is None or not change:
                continue
            t = tally[k] + change
            if t < low_high[0]:
                low_high[0] = t
            if t > low_high[1]:
                low_high[1] = t

    def _where(self, i: int, o: int) -> int:
        """The place origin ``o`` puts card ``i`` now (and remember it)."""
        for w, mask in self.places[i]:
            if mask >> o & 1:
                self.place[i][o] = w
                q = self.quartet_of[i]
                self.slot[i][o] = w * QUARTETS + q if q >= 0 and 0 <= w < self.n else self.n * QUARTETS
                return w
        raise AssertionError("a deal gave a card an origin outside its domain")

    def _least(self, p: int, q: int, floor: int = 0) -> int | None:
        """The least cards of quartet ``q`` in hand ``p`` in any consistent deal, if not below ``floor``
        (None: left open, the budget spent)."""
        idxs, masks = self.counted[p][q]
        low_high = self.counts[p][q]
        try:
            while low_high[0] > floor:
                x = self._ask({}, (idxs, masks, 0, low_high[0] - 1))
                if x is None:
                    break
                self._record(x)
        except (_Spent, Undecided):
            self.left_open += 1
            return None
        return low_high[0]

    def share(self, card: int, place: int) -> Fraction | None:
        """The share of the consistent deals that put ``card`` in ``place``, or None past the count's budget."""
        if self.counted_deals is False:
            self.counted_deals = count_places(self)
        counted = self.counted_deals
        i = self.index.get(card)
        if not isinstance(counted, tuple) or i is None or not counted[0]:
            return None
        total, tally = counted
        return Fraction(tally.get((i, place), 0), total)

    def bounds(self, p: int, q: int) -> tuple[int, int]:
        """The least and the most cards of quartet ``q`` in hand ``p`` over every consistent deal."""
        known = self.bounded.get((p, q))
        if known is not None:
            return known
        idxs, masks = self.counted[p][q]
        if not idxs:
            return 0, 0
        self.work = BOUNDS_WORK
        if self.clauses is not None:
            self.clauses.left = CONFLICTS
        least = self._least(p, q)
        low_high = self.counts[p][q]
        most: int | None = low_high[1]
        try:
            while low_high[1] < len(idxs):
                x = self._ask({}, (idxs, masks, low_high[1] + 1, len(idxs)))
                if x is None:
                    break
                self._record(x)
            most = low_high[1]
        except (_Spent, Undecided):
            self.left_open += 1
            most = None
        dom = self.dom
        if least is None:  # the safe answer: the cards surely there
            least = sum(1 for i, m in zip(idxs, masks) if not dom[i] & ~m)
        if most is None:  # and those that may be
            most = sum(1 for i, m in zip(idxs, masks) if dom[i] & m)
        known = self.bounded[p, q] = (least, most)
        return known
