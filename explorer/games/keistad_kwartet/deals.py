"""Every deal consistent with what the table saw: the exact model behind :class:`~.knowledge.Knowledge`.

A card leaves a hand only in public (handed over, brought, laid down,
played), so where a card is at any moment follows from one hidden thing
alone, its *origin*: the hand it was dealt to, the pot position it was
drawn from (the k-th draw of the game), or the part of the pot nobody has
drawn yet.  Every public event is then a statement about origins:

* "Bo handed over 3.2" keeps only the origins that put 3.2 in Bo's hand;
* "Bo lacks 3.2" drops those;
* "Ana asked for quartet 3" says that some card of quartet 3 has an origin
  that put it in Ana's hand then (an *or* over the quartet's four cards);
* no hand ever holds a whole quartet it has not laid down, so after every
  card gained, not all four cards of a quartet may have origins that put
  them in that hand (a *not-all* over the quartet's cards);
* each origin takes exactly as many cards as it has room for: a hand its
  size at the deal, a draw one card, the undrawn pot its size now.

The deals consistent with the events are exactly the assignments of cards
to origins that keep every statement: each statement touches one card or
the cards of one quartet, and only the room of the origins ties the
quartets together.  :meth:`Deals.facts` searches that space (depth first,
a quartet at a time, the quartets a question is about first, remembering
the room left from which no assignment of the remaining quartets exists), so every fact it states holds in every
consistent deal and every fact it does not state fails in one it has found.
A Beeldenstorm deals every card anew, so it starts a new model.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import PER_QUARTET, QUARTET_CARDS, QUARTET_MASK, QUARTETS, cards_in

#: Where a card laid down or played is: out of play.
GONE = -1
ALL_QUARTETS = (1 << QUARTETS) - 1
#: An ``(origins, places)`` pair per card: ``at[card]`` maps each place the card may be now (a seat, the pot
#: as seat ``players``, or :data:`GONE`) to the mask of origins that put it there.
Places = dict[int, int]


@dataclass(frozen=True, slots=True)
class Facts:
    """What holds in every consistent deal.

    ``where[card]`` is the set of places the card may be now (a frozenset
    of seats, the pot as seat ``players``, :data:`GONE` out of play);
    ``counts[p][q]`` the least and most cards of quartet ``q`` that seat
    ``p`` may hold now; ``consistent`` is False only when no deal fits the
    events (which a real game never produces).
    """

    where: dict[int, frozenset[int]]
    counts: tuple[tuple[tuple[int, int], ...], ...]
    consistent: bool


class Deals:
    """The origins of the cards and the statements they must keep (see the module's docstring)."""

    __slots__ = ("players", "room", "at", "rules", "pending")

    def __init__(self, sizes: tuple[int, ...], pot: int, live: int) -> None:
        n = self.players = len(sizes)
        #: Room of each origin: the hands as dealt, then the undrawn pot (origin ``n``), then one per draw.
        self.room = list(sizes) + [pot]
        start = {p: 1 << p for p in range(n)}
        start[n] = 1 << n
        self.at: dict[int, Places] = {c: dict(start) for c in cards_in(live)}
        #: The or / not-all statements, per quartet: a set of (kind, masks of origins for its cards).
        self.rules: dict[int, set[tuple[str, tuple[int, ...]]]] = {}
        #: Seats that gained cards, whose not-all statements wait for the quartets they lay down next:
        #: ``(seat, quartets)``, bit q of ``quartets`` standing for quartet q.
        self.pending: list[tuple[int, int]] = [(p, ALL_QUARTETS) for p in range(n)]

    def copy(self) -> "Deals":
        twin = Deals.__new__(Deals)
        twin.players, twin.room = self.players, list(self.room)
        twin.at = {c: dict(places) for c, places in self.at.items()}
        twin.rules = {q: set(r) for q, r in self.rules.items()}
        twin.pending = list(self.pending)
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
        self.pending = [(p, qs & ~gone if p == seat else qs) for p, qs in self.pending]

    def collects(self, seat: int, quartet: int) -> None:
        """``seat`` holds some card of ``quartet`` now (they asked for one)."""
        self._rule("or", seat, quartet)

    def draws(self, seat: int) -> None:
        """``seat`` takes the pot's top card: a new origin, which any card still possibly in the pot may have."""
        pot = self.players
        k = len(self.room)
        self.room.append(1)
        self.room[pot] -= 1
        b = 1 << k
        for places in self.at.values():
            if pot in places:
                places[seat] = places.get(seat, 0) | b
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
                    self._rule("not-all", seat, q)
        self.pending = []

    def _masks(self, seat: int, quartet: int) -> tuple[int, ...]:
        """For each card of ``quartet``, the origins that put it in ``seat``'s hand now."""
        at = self.at
        return tuple(at[c].get(seat, 0) if c in at else 0 for c in cards_in(QUARTET_MASK[quartet]))

    def _rule(self, kind: str, seat: int, quartet: int) -> None:
        masks = self._masks(seat, quartet)
        if kind == "not-all" and not all(masks):
            return  # they cannot all be there: nothing to say
        self.rules.setdefault(quartet, set()).add((kind, masks))

    # -- what follows ---------------------------------------------------------------
    def facts(self, fixed: dict[int, int] | None = None) -> Facts:
        """Every fact that holds in all consistent deals (``fixed``: extra origin masks per card, e.g. a seen hand)."""
        return _Search(self, fixed or {}).run()


def _fills(kinds: list[tuple[int, int]], room: list[int]) -> bool:
    """Whether the cards (``(domain, how many)`` pairs) can fill every origin's room exactly, one card each.

    A transportation problem, solved by augmenting paths: the quartets'
    statements aside, this is the whole of what counting can rule out.
    """
    left = list(room)
    flow: dict[tuple[int, int], int] = {}
    for k, (mask, count) in enumerate(kinds):
        for _ in range(count):
            if not _augment(k, kinds, left, flow):
                return False
    return not any(left)


def _augment(start: int, kinds: list[tuple[int, int]], left: list[int], flow: dict[tuple[int, int], int]) -> bool:
    """Seat one more card of kind ``start``: straight into an origin with room, or by moving others along."""
    parent: dict[int, tuple[int, int] | None] = {start: None}  # kind -> (previous kind, origin it gave up)
    frontier = [start]
    while frontier:
        nxt = []
        for k in frontier:
            mask = kinds[k][0]
            while mask:
                low = mask & -mask
                mask ^= low
                o = low.bit_length() - 1
                if left[o]:
                    left[o] -= 1
                    # Walk back: each kind on the path takes origin o, gives up the origin the next one took.
                    while True:
                        flow[k, o] = flow.get((k, o), 0) + 1
                        step = parent[k]
                        if step is None:
                            return True
                        prev, gave = step
                        flow[k, gave] -= 1
                        k, o = prev, gave
                for j, (other, _) in enumerate(kinds):
                    if j not in parent and flow.get((j, o), 0) > 0:
                        parent[j] = (k, o)
                        nxt.append(j)
        frontier = nxt
    return False


#: How many cards a steered search may place before it is given up (its deals only spare questions).
STEERED_STEPS = 2000


class _OutOfSteps(Exception):
    """A steered search placed too many cards."""


class _Search:
    """A depth-first search for consistent deals, a group of cards (a quartet, a bonus card) at a time."""

    def __init__(self, deals: Deals, fixed: dict[int, int]) -> None:
        self.n = deals.players
        self.room = deals.room
        rules = {q: set(r) for q, r in deals.rules.items()}
        for seat, quartets in deals.pending:  # a search sees the waiting statements too, without keeping them
            for q in range(QUARTETS):
                masks = deals._masks(seat, q)
                if quartets >> q & 1 and all(masks):
                    rules.setdefault(q, set()).add(("not-all", masks))
        # Each card: the place each origin puts it now, and its domain.
        self.place: dict[int, dict[int, int]] = {}
        self.domain: dict[int, int] = {}
        for card, places in deals.at.items():
            by_origin = {}
            domain = 0
            for where, mask in places.items():
                mask &= fixed.get(card, -1)
                domain |= mask
                while mask:
                    low = mask & -mask
                    by_origin[low.bit_length() - 1] = where
                    mask ^= low
            self.place[card] = by_origin
            self.domain[card] = domain
        groups: list[tuple[int, tuple[int, ...]]] = []
        for q in range(QUARTETS):
            members = tuple(c for c in cards_in(QUARTET_MASK[q]) if c in deals.at)
            if members:
                groups.append((q, members))
        for card in deals.at:
            if card >= QUARTET_CARDS:
                groups.append((-1, (card,)))
        # The most constrained groups first: they fail soonest.
        groups.sort(key=lambda g: sum(self.domain[c].bit_count() for c in g[1]))
        self.groups = groups
        #: For each tuple of groups searched first, the (group index, room left) from which the rest fail.
        self.failed: dict[tuple[int, ...], set[tuple[int, tuple[int, ...]]]] = {}
        # A quartet's statements, their masks in the order of its members (a quartet is in play whole).
        self.rules = [sorted(rules.get(q, ())) if q >= 0 else [] for q, _ in groups]

    def run(self) -> Facts:
        n = self.n
        domain = self.domain
        seen: dict[int, set[int]] = {c: set() for c in domain}
        counts = [[[PER_QUARTET + 1, -1] for _ in range(QUARTETS)] for _ in range(n)]

        def record(assignment: dict[int, int]) -> None:
            tally = [[0] * QUARTETS for _ in range(n)]
            for card, origin in assignment.items():
                where = self.place[card][origin]
                seen[card].add(where)
                if 0 <= where < n and card < QUARTET_CARDS:
                    tally[where][card >> 2] += 1
            for p in range(n):
                for q in range(QUARTETS):
                    low_high = counts[p][q]
                    t = tally[p][q]
                    if t < low_high[0]:
                        low_high[0] = t
                    if t > low_high[1]:
                        low_high[1] = t

        first = self._find({}, None)
        if first is None:
            return Facts({}, (), False)
        record(first)
        # Deals steered towards the places not yet seen, while each finds some; then each place left is asked for.
        while True:
            wanted = {c: set(self.place[c].values()) - seen[c] for c in domain}
            wanted = {c: w for c, w in wanted.items() if w}
            if not wanted:
                break
            before = sum(map(len, seen.values()))
            found = self._find({}, None, wanted)
            if found is None:
                break
            record(found)
            if sum(map(len, seen.values())) == before:
                break
        # Every place a card may be by its domain, witnessed or ruled out.
        for card in list(domain):
            for where in sorted(set(self.place[card].values()) - seen[card]):
                mask = 0
                for origin, w in self.place[card].items():
                    if w == where:
                        mask |= 1 << origin
                found = self._find({card: mask}, None)
                if found is None:
                    self._narrow(card, ~mask)
                else:
                    record(found)
        # Deals steered towards few and towards many cards in each hand, then each count left is asked for.
        for p in range(n):
            for goal in ({p}, set(range(-1, n + 1)) - {p}):
                found = self._find({}, None, {c: goal for c in domain})
                if found is not None:
                    record(found)
        # Every count of a quartet in a hand, from its least to its most.
        for p in range(n):
            for q in range(QUARTETS):
                members = [c for c in cards_in(QUARTET_MASK[q]) if c in domain]
                if not members:
                    counts[p][q] = [0, 0]
                    continue
                surely = sum(1 for c in members if seen[c] == {p})
                maybe = sum(1 for c in members if p in seen[c])
                if maybe == PER_QUARTET:
                    maybe -= 1  # a hand never holds a whole quartet it has not laid down
                # Ask straight for the extreme the places allow, then step back from it until a deal is found.
                for least in range(surely, counts[p][q][0]):
                    found = self._find({}, (p, q, 0, least))
                    if found is not None:
                        record(found)
                        break
                for most in range(maybe, counts[p][q][1], -1):
                    found = self._find({}, (p, q, most, PER_QUARTET))
                    if found is not None:
                        record(found)
                        break
        places = {c: frozenset(s) for c, s in seen.items()}
        return Facts(places, tuple(tuple((low, high) for low, high in row) for row in counts), True)

    def _narrow(self, card: int, keep: int) -> None:
        """No consistent deal gives ``card`` the origins outside ``keep``: drop them for good."""
        self.domain[card] &= keep

    def _find(self, forced: dict[int, int], count: tuple[int, int, int, int] | None,
              wanted: dict[int, set[int]] | None = None) -> dict[int, int] | None:
        """One consistent deal (card -> origin), with ``forced`` cards' origins in their masks and ``count``
        (seat, quartet, least, most) kept; None if there is none.  ``wanted``: places to try first, per card.

        The groups the query touches are searched first, so that a query
        their own statements rule out fails at once; each card then tries
        the origins with the most room left first, which keeps the room of
        every origin for the groups still to come.  A room left from which
        the remaining groups were already found to fail is not tried again.
        """
        domain = dict(self.domain)
        for card, mask in forced.items():
            domain[card] &= mask
        first = [g for g in self.groups if any(c in forced for c in g[1]) or (count is not None and count[1] == g[0])]
        groups = first + [g for g in self.groups if g not in first]
        # What fails after the groups a query touches depends on the groups after them alone, the same for
        # every query that touches the same groups: remembered across queries.
        touched = len(first)
        shared = self.failed.setdefault(tuple(q for q, _ in first), set())
        rules = [self.rules[self.groups.index(g)] for g in groups]
        origins = len(self.room)
        # avail[i][o]: how many cards of groups i.. may take origin o.
        avail = [[0] * origins for _ in range(len(groups) + 1)]
        for i in range(len(groups) - 1, -1, -1):
            row = list(avail[i + 1])
            for c in groups[i][1]:
                d = domain[c]
                while d:
                    low = d & -d
                    row[low.bit_length() - 1] += 1
                    d ^= low
            avail[i] = row
        # kinds[i]: the cards of groups i.. counted by domain, for the matching check (:func:`_fills`).
        kinds: list[list[tuple[int, int]]] = [[] for _ in range(len(groups) + 1)]
        tally: dict[int, int] = {}
        for i in range(len(groups) - 1, -1, -1):
            for c in groups[i][1]:
                tally[domain[c]] = tally.get(domain[c], 0) + 1
            kinds[i] = sorted(tally.items(), key=lambda kv: kv[0].bit_count())
        choices = {}
        for c, d in domain.items():
            bits = []
            while d:
                low = d & -d
                bits.append(low.bit_length() - 1)
                d ^= low
            choices[c] = bits
        room = list(self.room)
        assignment: dict[int, int] = {}
        local: set[tuple[int, tuple[int, ...]]] = set()
        place = self.place
        last = len(groups)

        steps = [STEERED_STEPS if wanted else -1]

        def group(i: int) -> bool:
            if i == last:
                return True
            key = (i, tuple(room))
            failed = shared if i >= touched else local
            if key in failed:
                return False
            row = avail[i]
            if any(room[o] > row[o] for o in range(origins)) or not _fills(kinds[i], room):
                failed.add(key)
                return False
            q, members = groups[i]
            group_rules = rules[i]
            size = len(members)
            seat, least, most = (count[0], count[2], count[3]) if count is not None and count[1] == q else (-2, 0, size)
            counted = seat != -2

            def card(j: int, there: int) -> bool:
                """Give the group's ``j``-th card an origin; ``there``: how many so far are in ``seat``'s hand."""
                if counted and (there > most or there + size - j < least):
                    return False
                if steps[0] == 0:
                    raise _OutOfSteps
                steps[0] -= 1
                if j == size:
                    for kind, masks in group_rules:
                        inside = [masks[k] >> assignment[c] & 1 for k, c in enumerate(members)]
                        if all(inside) if kind == "not-all" else not any(inside):
                            return False
                    return group(i + 1)
                c = members[j]
                options = choices[c]
                at = place[c]
                if len(options) > 1:
                    goal = wanted.get(c) if wanted else None
                    if goal:
                        options = sorted(options, key=lambda o: (at[o] not in goal, -room[o]))
                    else:
                        options = sorted(options, key=lambda o: -room[o])
                for o in options:
                    if room[o]:
                        room[o] -= 1
                        assignment[c] = o
                        if card(j + 1, there + (at[o] == seat)):
                            return True
                        room[o] += 1
                        del assignment[c]
                return False

            if card(0, 0):
                return True
            failed.add(key)
            return False

        try:
            return dict(assignment) if group(0) else None
        except _OutOfSteps:
            return None  # a steered search only saves questions: giving it up leaves them to be asked
