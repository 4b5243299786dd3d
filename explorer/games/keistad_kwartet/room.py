"""The room argument: counting alone proves that some questions about Keistad Kwartet's deals have no deal.

The search of :mod:`.deals` splits on one card at a time, so a pigeonhole is
its worst case: Ana needs a card of each of three quartets and the origins
those may come from hold two.  Counting settles it at once.  Take a *part*
of the deal whose size is known: a set ``O`` of origins, which takes
exactly its room (tried: each origin alone, and the origins each statement
counts), or a hand now (its size is public), each card there by its own
origins.  The cards that can only be in the part are there, and an
at-least statement puts at least ``lo`` of its quartet's cards there, less
those it may count outside; an at-most statement lets at most ``hi`` of
them be there, less those it surely counts outside, more those it may not
count inside.  A quartet's cards are distinct from another's, so the least
of each quartet must fit the part's size and the most of each must fill
it; either failing proves there is no deal.

A reading asks this many times, each question the solver's domains with some
cards narrowed (one card, or each card of a statement that counts none or
all of them: see ``_Solver._ask`` in :mod:`.deals`) and perhaps one
statement more, and narrows a card's domain for good
each time a question is settled.  So :class:`RoomArgument` keeps, for every
part, each quartet's bounds and each statement's, and a question or a
narrowing works out again only what the one card or statement touches: a
question costs the parts times that card's few statements, not the parts
times every card and statement.  A card moves a statement's bound in a part
by a step of its own (:func:`_floor_step`, :func:`_ceiling_step`), so a new
domain changes the bound by the new step less the old, without counting the
statement's other cards again.

The parts can each have room while together they have none: a hand whose
other cards are all forced takes one card of a quartet at most, the rest of
that quartet must go elsewhere, and another hand overflows.  The seats' own
origins (a hand as dealt with its draws, and the undrawn pot) take every card
once, so their bounds are also weighed together, as quartets shipping their
cards to those parts (:meth:`RoomArgument._unshippable`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from .cards import QUARTETS

if TYPE_CHECKING:
    from .deals import Rule

#: A card a question narrows: its domain as asked and now, its index, its steps (:attr:`RoomArgument.steps`), and
#: those that move a bound in a part it cannot be in, by how much they move the floor and the ceiling.
Narrowed = tuple[int, int, int, list[tuple[int, int, bool, bool]], list[tuple[int, int, int]]]

#: A bound a statement sets no bound with: an at-least of nothing, an at-most of everything.
_NO_FLOOR = 0
_NO_CEILING = 1 << 30


class Part:
    """One part of the deal the argument weighs, and its tallies as the domains are now.

    ``inside[i]``: the origins that put card ``i`` in the part; ``size``: the cards it takes.  For each
    quartet (the last entry: bonus cards), ``least``/``most``: by its cards alone; for each statement,
    ``floors``/``ceilings``: what it says of its quartet there; ``low``/``high``: the bounds all of them set
    together, ``floor_of``/``ceiling_of`` those its statements alone set, and ``low_sum``/``high_sum`` their sums
    over the quartets; ``group``: its place among a seat's parts (:attr:`RoomArgument.groups`), or -1."""

    __slots__ = ("inside", "size", "least", "most", "floors", "ceilings", "low", "high", "floor_of", "ceiling_of",
                 "low_sum", "high_sum", "group")

    def __init__(self, inside: Sequence[int], size: int, least: list[int], most: list[int], floors: list[int],
                 ceilings: list[int]) -> None:
        self.inside, self.size = inside, size
        self.least, self.most, self.floors, self.ceilings = least, most, floors, ceilings
        self.low = [0] * len(least)
        self.high = [0] * len(least)
        self.floor_of = [_NO_FLOOR] * len(least)
        self.ceiling_of = [_NO_CEILING] * len(least)
        self.low_sum = self.high_sum = 0
        self.group = -1


def _gain(d: int, inside: int) -> tuple[int, int]:
    """What a card with the domain ``d`` adds to a part's least and most cards of its quartet."""
    may = 1 if d & inside else 0
    return (may if not d & ~inside else 0), may


def _floor_step(m: int, d: int, inside: int) -> int:
    """What a card with the domain ``d`` changes of a statement's floor in a part (``inside``: the origins that
    put the card there), the statement counting it in the origins ``m``."""
    c = m & d
    if c & ~inside:
        return -1  # it may count outside the part
    return 1 if not c and not d & ~inside else 0  # in the part, and never counted


def _ceiling_step(m: int, d: int, inside: int) -> int:
    """What a card with the domain ``d`` changes of a statement's ceiling in a part, as :func:`_floor_step`."""
    c = m & d
    if not d & ~c and not d & inside:
        return -1  # surely counted, outside the part
    return 1 if d & inside & ~c else 0  # it may be in the part uncounted


class RoomArgument:
    """The room argument over a model's domains ``dom`` (its own copy, narrowed by :meth:`narrow`), its origins'
    ``room``, its count statements ``rules`` and its hands' sizes now ``hands`` (statements over every
    card; parts only); ``quartet_of`` gives each card's quartet (-1: a bonus card), and ``holder`` (if given)
    the seat each origin gave its cards to, whose parts are weighed together too (:meth:`_unshippable`)."""

    __slots__ = ("dom", "room", "rules", "quartet_of", "live", "rules_of", "watch", "steps", "parts", "known",
                 "hands", "groups")

    def __init__(self, dom: Sequence[int], room: Sequence[int], rules: Sequence["Rule"],
                 hands: Sequence["Rule"], quartet_of: Sequence[int], holder: Sequence[int] = ()) -> None:
        self.dom = list(dom)
        self.room = list(room)
        self.rules = list(rules)
        self.quartet_of = list(quartet_of)
        self.live = [0] * (QUARTETS + 1)  # the cards of each quartet in play (the last entry: bonus cards)
        for q in quartet_of:
            self.live[q] += 1
        #: The statements about each quartet, and those about each card.
        self.rules_of: list[list[int]] = [[] for _ in range(QUARTETS + 1)]
        self.watch: list[list[int]] = [[] for _ in dom]
        #: For each card, each statement about it that sets a floor or a ceiling, with the origins it counts the
        #: card in: a card's new domain moves those bounds by its own step alone (:func:`_floor_step`).
        self.steps: list[list[tuple[int, int, bool, bool]]] = [[] for _ in dom]
        for r, (idxs, masks, lo, hi) in enumerate(self.rules):
            self.rules_of[quartet_of[idxs[0]]].append(r)
            floored, ceiled = lo > 0, hi < len(idxs)
            for i, m in zip(idxs, masks):
                self.watch[i].append(r)
                if floored or ceiled:
                    self.steps[i].append((r, m, floored, ceiled))
        self.parts: list[Part] = []
        #: The parts of one set of origins for every card, by that set (so that none is weighed twice).
        self.known: dict[int, Part] = {}
        counted = {self._union(idxs, masks) for idxs, masks, _, _ in self.rules}
        for inside in sorted({1 << o for o, r in enumerate(room) if r} | counted):
            self._add_uniform(inside)
        for _, masks, size, _ in hands:
            self._add(masks, size)
        #: The parts of each seat's origins (its hand as dealt and its draws; the undrawn pot's), which together
        #: take every card once.
        by_holder: dict[int, int] = {}
        for o, (r, h) in enumerate(zip(room, holder)):
            if r:
                by_holder[h] = by_holder.get(h, 0) | 1 << o
        self.groups: list[Part] = []
        if holder and sum(self._size(inside) for inside in by_holder.values()) == len(dom):  # each card once
            for inside in by_holder.values():
                self._add_uniform(inside)
                entry = self.known[inside]
                entry.group = len(self.groups)
                self.groups.append(entry)
        #: How many hands' sizes it weighs.
        self.hands = len(hands)

    # -- the parts ------------------------------------------------------------------------
    def _union(self, idxs: Sequence[int], masks: Sequence[int], dom: Sequence[int] | None = None) -> int:
        """The origins a statement about cards ``idxs`` counts, by the domains ``dom`` (the argument's own if not
        given)."""
        dom = self.dom if dom is None else dom
        inside = 0
        for i, m in zip(idxs, masks):
            inside |= m & dom[i]
        return inside

    def _size(self, inside: int) -> int:
        """The cards the origins ``inside`` take."""
        return sum(r for o, r in enumerate(self.room) if inside >> o & 1)

    def _tallies(self, dom: Sequence[int], part: Sequence[int]) -> tuple[list[int], list[int]]:
        """Each quartet's least and most cards in the part by its cards' domains ``dom`` alone."""
        least = [0] * (QUARTETS + 1)
        most = [0] * (QUARTETS + 1)
        for d, inside, q in zip(dom, part, self.quartet_of):
            sure, may = _gain(d, inside)
            least[q] += sure
            most[q] += may
        return least, most

    def _add_uniform(self, inside: int) -> None:
        if inside not in self.known:
            self.known[inside] = self._add([inside] * len(self.dom), self._size(inside))

    def _add(self, part: Sequence[int], size: int) -> Part:
        least, most = self._tallies(self.dom, part)
        floors = [self._floor(r, part) for r in range(len(self.rules))]
        ceilings = [self._ceiling(r, part) for r in range(len(self.rules))]
        entry = Part(part, size, least, most, floors, ceilings)
        for q in range(QUARTETS + 1):
            self._settle(entry, q)
        self.parts.append(entry)
        return entry

    def _settle(self, entry: Part, q: int) -> None:
        """Work out again quartet ``q``'s bounds in the part ``entry`` from its cards' and statements' tallies."""
        floor, ceiling = _NO_FLOOR, _NO_CEILING
        for r in self.rules_of[q]:
            floor = max(floor, entry.floors[r])
            ceiling = min(ceiling, entry.ceilings[r])
        entry.floor_of[q], entry.ceiling_of[q] = floor, ceiling
        low, high = max(entry.least[q], floor), min(entry.most[q], ceiling)
        entry.low_sum += low - entry.low[q]
        entry.high_sum += high - entry.high[q]
        entry.low[q], entry.high[q] = low, high

    # -- one statement's bounds on a part ---------------------------------------------------
    def _floor(self, r: int, part: Sequence[int], dom: Sequence[int] | None = None, rule: "Rule | None" = None
               ) -> int:
        """How many of its quartet's cards statement ``r`` (or ``rule``) puts in the part at least, by the domains
        ``dom`` (the argument's own if not given)."""
        idxs, masks, lo, _ = self.rules[r] if rule is None else rule
        if not lo:
            return _NO_FLOOR
        dom = self.dom if dom is None else dom
        return lo + sum(_floor_step(m, dom[i], part[i]) for i, m in zip(idxs, masks))

    def _ceiling(self, r: int, part: Sequence[int], dom: Sequence[int] | None = None, rule: "Rule | None" = None
                 ) -> int:
        """How many of its quartet's cards statement ``r`` (or ``rule``) lets be in the part at most, by the
        domains ``dom`` (the argument's own if not given)."""
        idxs, masks, _, hi = self.rules[r] if rule is None else rule
        if hi >= len(idxs):
            return _NO_CEILING
        dom = self.dom if dom is None else dom
        ceiling = hi + self.live[self.quartet_of[idxs[0]]] - len(idxs)  # the quartet's cards it is not about
        return ceiling + sum(_ceiling_step(m, dom[i], part[i]) for i, m in zip(idxs, masks))

    # -- the questions ------------------------------------------------------------------------
    def narrow(self, card: int, d: int) -> None:
        """Card ``card``'s domain is ``d`` from now on (a narrowing: the reading proved the rest impossible)."""
        old = self.dom[card]
        self.dom[card] = d
        q = self.quartet_of[card]
        for entry in self.parts:
            inside = entry.inside[card]
            (new_least, new_most), (old_least, old_most) = _gain(d, inside), _gain(old, inside)
            entry.least[q] += new_least - old_least
            entry.most[q] += new_most - old_most
            for r, m, floored, ceiled in self.steps[card]:  # each about the card's quartet
                if floored:
                    entry.floors[r] += _floor_step(m, d, inside) - _floor_step(m, old, inside)
                if ceiled:
                    entry.ceilings[r] += _ceiling_step(m, d, inside) - _ceiling_step(m, old, inside)
            self._settle(entry, q)
        for r in self.watch[card]:
            self._add_uniform(self._union(*self.rules[r][:2]))

    def overfull(self, keep: "Mapping[int, int] | None" = None, extra: "Rule | None" = None,
                 kept_only: bool = False) -> bool:
        """Whether counting alone proves that no deal keeps the statements with each card ``i`` of ``keep`` (if
        given) in an origin of the mask ``keep[i]``, and the statement ``extra`` (if given).  With ``kept_only``,
        by the parts kept alone: not the sets of origins the question's own statements count, which cost a
        pass over every statement each."""
        dom = self.dom
        narrowed = {i: dom[i] & m for i, m in keep.items()} if keep else {}
        if not all(narrowed.values()):
            return True  # a card with no origin left
        narrowed = {i: d for i, d in narrowed.items() if d != dom[i]}  # a card kept where it may only be anyway
        if narrowed:
            asked = list(dom)
            for i, d in narrowed.items():
                asked[i] = d
        else:
            asked = dom
        # The quartets the question changes anything of: its cards' and the extra statement's.  Each card with
        # its domains as asked and now, the statements it moves the bounds of, and how it moves them in a part it
        # cannot be in either way (there it adds to no least or most, and a step does not depend on the part).
        changed: dict[int, list[Narrowed]] = {}
        for i, d in narrowed.items():
            steps = self.steps[i]
            was = dom[i]
            far = [(r, up, down) for r, up, down in
                   ((r, _floor_step(m, d, 0) - _floor_step(m, was, 0) if floored else 0,
                     _ceiling_step(m, d, 0) - _ceiling_step(m, was, 0) if ceiled else 0)
                    for r, m, floored, ceiled in steps) if up or down]
            changed.setdefault(self.quartet_of[i], []).append((d, was, i, steps, far))
        q_extra = self.quartet_of[extra[0][0]] if extra is not None else -2
        if extra is not None:
            changed.setdefault(q_extra, [])
        # The seats' parts' bounds as the question changes them, for :meth:`_unshippable`.
        shipped: list[dict[int, tuple[int, int]]] = [] if kept_only else [{} for _ in self.groups]
        for entry in self.parts:
            part = entry.inside
            low_sum, high_sum = entry.low_sum, entry.high_sum
            group = -1 if kept_only else entry.group
            for q, cards in changed.items():
                low, high = entry.least[q], entry.most[q]
                moved: dict[int, tuple[int, int]] = {}  # the statements' floors and ceilings the question moves
                for now, was, i, steps, far in cards:
                    inside = part[i]
                    if not was & inside:
                        for r, up, down in far:
                            old_up, old_down = moved.get(r, (0, 0))
                            moved[r] = (old_up + up, old_down + down)
                        continue
                    # What the card adds to its quartet's least and most in the part, now less before (_gain).
                    if now & inside:
                        high += 1
                        if not now & ~inside:
                            low += 1
                    high -= 1  # it may be in the part as before (else it moved nothing there)
                    if not was & ~inside:
                        low -= 1
                    for r, m, floored, ceiled in steps:
                        up = down = 0
                        if floored:
                            up = _floor_step(m, now, inside) - _floor_step(m, was, inside)
                        if ceiled:
                            down = _ceiling_step(m, now, inside) - _ceiling_step(m, was, inside)
                        if up or down:
                            old_up, old_down = moved.get(r, (0, 0))
                            moved[r] = (old_up + up, old_down + down)
                if moved:
                    floors, ceilings = entry.floors, entry.ceilings
                    for r in self.rules_of[q]:
                        up, down = moved.get(r, (0, 0))
                        low = max(low, floors[r] + up)
                        high = min(high, ceilings[r] + down)
                else:  # the statements bound the quartet as before: their tightest bounds are kept
                    low = max(low, entry.floor_of[q])
                    high = min(high, entry.ceiling_of[q])
                if q == q_extra:
                    low = max(low, self._floor(-1, part, asked, extra))
                    high = min(high, self._ceiling(-1, part, asked, extra))
                low_sum += low - entry.low[q]
                high_sum += high - entry.high[q]
                if group >= 0:
                    shipped[group][q] = (low, high)
            if low_sum > entry.size or high_sum < entry.size:
                return True
        if kept_only:
            return False
        if self.groups and self._unshippable(shipped):
            return True
        # The sets of origins the question's own statements count, where they are not weighed yet.
        touched = {r for i in narrowed for r in self.watch[i]}
        fresh = {self._union(*self.rules[r][:2], asked) for r in touched}
        if extra is not None:
            fresh.add(self._union(*extra[:2], asked))
        for inside in fresh - self.known.keys():
            if self._fresh_overfull(inside, asked, extra):
                return True
        return False

    def _unshippable(self, changed: Sequence[Mapping[int, tuple[int, int]]]) -> bool:
        """Whether no count of each quartet's cards in each seat's part keeps every part's bounds (as kept, or as
        ``changed`` for that part: quartet to least and most), with each quartet's cards all placed and each
        part full.

        Each part alone may have room for its bounds while together they have none: a hand whose other cards
        are all forced may take one card of a quartet at most, so its remaining cards must go elsewhere, and
        another hand fills up.  That is a transportation problem with bounds (quartets ship their cards to the
        parts), and it has a solution exactly when, after the least of every count is shipped, a flow from
        the quartets' cards left to the parts' room left fills the room within each count's slack."""
        kinds = QUARTETS + 1
        supply = list(self.live)  # each quartet's cards not shipped yet (the last entry: bonus cards)
        slack: list[list[int]] = []  # each part's room for more of each quartet
        demand: list[int] = []  # each part's room not filled yet
        for entry, bounds in zip(self.groups, changed):
            room = entry.size
            row = []
            for q in range(kinds):
                low, high = bounds.get(q) or (entry.low[q], entry.high[q])
                if low > high:
                    return True
                supply[q] -= low
                room -= low
                row.append(high - low)
            if room < 0:
                return True
            slack.append(row)
            demand.append(room)
        if min(supply) < 0:
            return True
        # Augmenting paths, a card at a time (a few dozen cards, a dozen quartets, a few parts): from a quartet
        # with cards left, to a part with room left, through parts that may give back a card they took of
        # another quartet for one of this.
        parts = range(len(slack))
        flow = [[0] * kinds for _ in parts]

        def ship(q: int, seen: set[int]) -> bool:
            for g in parts:
                if g in seen or flow[g][q] >= slack[g][q]:
                    continue
                seen.add(g)
                if demand[g] > 0:
                    demand[g] -= 1
                    flow[g][q] += 1
                    return True
                for other in range(kinds):
                    if flow[g][other] > 0 and other != q:
                        flow[g][other] -= 1  # the part gives back a card of the other quartet...
                        if ship(other, seen):  # ...which goes elsewhere
                            flow[g][q] += 1
                            return True
                        flow[g][other] += 1
            return False

        for q in range(kinds):
            for _ in range(supply[q]):
                if not ship(q, set()):
                    return True
        return False

    def _fresh_overfull(self, inside: int, dom: Sequence[int], extra: "Rule | None") -> bool:
        """The room argument on a part not kept (the origins ``inside``), for one question: its domains ``dom``."""
        part = [inside] * len(dom)
        least, most = self._tallies(dom, part)
        rules: list[tuple[int, "Rule | None"]] = [(r, None) for r in range(len(self.rules))]
        if extra is not None:
            rules.append((-1, extra))
        for r, rule in rules:
            q = self.quartet_of[(self.rules[r] if rule is None else rule)[0][0]]
            least[q] = max(least[q], self._floor(r, part, dom, rule))
            most[q] = min(most[q], self._ceiling(r, part, dom, rule))
        size = self._size(inside)
        return sum(least) > size or sum(most) < size
