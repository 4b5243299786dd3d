"""How many consistent deals put each card in each place: the exact odds of :mod:`.deals`' model.

A consistent deal gives every card in play an origin in its domain, fills
every origin's room exactly and keeps every count statement (see
:mod:`.deals`).  Each count statement is about the cards of one quartet, so
the cards fall into independent *groups* (the cards that some statement
counts together, all of one quartet; cards no statement ties, with the
same domain and places, together; every other card alone) tied together
only by the origins' room.  Counting then is a dynamic programme over the
groups, its state the room taken so far in each origin:

* for each group, every assignment of its cards to origins that keeps the
  group's statements, gathered by the room it takes (how many of its cards
  each origin receives);
* ``after[g][used]``: the ways to give groups ``g`` onwards their origins
  so that they take the room ``used``, counted backwards;
* ``before[g][used]``: the ways groups before ``g`` fill the room that
  ``used`` leaves, counted forwards, only where ``after[g]`` has ways;
* the deals that give a group's cards one assignment are then the sum,
  over the rooms ``used`` after it, of ``after[g + 1][used]`` times the
  ways the groups before fill the rest; each card's place follows from its
  origin.

The work is the states times each group's choices, so four things keep
both few without changing what is counted:

* *Origins that the cards still to come cannot tell apart are one.*  Two
  origins that every card of the groups before ``g`` has in its domain or
  not, that put each such card in the same place, and that every statement
  about those cards counts both or neither of (two draws of one player
  between two statements, say, or every origin no card left may come from)
  are one origin for those groups, its room the sum ``r1 + r2``.  The ways
  those groups fill ``f1`` and ``f2`` of them are the ways they fill
  ``f1 + f2`` of the one, times ``(f1 + f2)! / (f1! f2!)`` (which of their
  cards went to which), so each state of ``after[g]`` is kept merged, its
  ways multiplied by that factor.  The groups that tell draws apart (a
  card shown, a card asked for) come first in the backward count, so that
  the many cards nobody has seen are counted once the draws are merged
  into a few classes (a hand and its draws, the pot).
* *Cards that cannot be told apart are counted together.*  Within a group,
  cards with the same domain, the same places and the same part in every
  statement are one *kind*: an assignment gives a kind only how many of its
  ``m`` cards go to each origin, ``c`` of them, which stands for the
  multinomial ``m! / prod(c!)`` assignments of the cards themselves, and
  puts a given card of the kind in origin ``o`` in ``c[o] / m`` of them.
* *Rooms that cannot be completed are not kept.*  Counted backwards, the
  groups before ``g`` must still fill the room ``used`` leaves: for every
  set of origins that is some card's domain (and every single origin),
  the room left there can be no more than their cards with an origin in
  it, and no less than their cards with every origin in it (Hall's
  condition, necessary though not sufficient).  Counted forwards, only the
  rooms that ``after`` fills are kept.
* *The groups go in a good order.*  From the last back, each step takes
  the group after which the rooms the next state may hold (the product,
  over the classes of origins the groups left still tell apart, of the
  values each class's room taken may span) are fewest (see
  :func:`_order`).

Every deal is counted once, as a whole number (Python integers have no
limit), so ``deals with card X in place P / all deals`` is the exact share
the odds show, every consistent deal counted as equally likely (the deck was
shuffled; what the players chose to say is taken as it came).

The programme's states can be many in a large game early on, so its work is
bounded like the search's: each assignment tried and each transition costs
a unit of :data:`COUNT_WORK`, and when they run out the count gives up
(None), and the odds fall back to their estimate (:class:`.strategy.Odds`).
How many assignments it will try follows from the kinds alone, so they are
paid for before the count starts: a count that cannot fit gives up early.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial
from typing import TYPE_CHECKING, Callable, Sequence


if TYPE_CHECKING:
    from .deals import Rule, _Solver

#: The work one count may do: each assignment of a group's cards tried and each step of the programme is a unit.
#: A count that needs more comes early in a game, while little is known yet; giving up at 10,000 keeps a move's
#: odds within tens of milliseconds (``benchmarks/knowledge.py`` prints how many moves are counted and how fast).
COUNT_WORK = 10_000

#: For each card (its index in the solver) and each place it may be now, how many consistent deals put it there.
Tally = dict[tuple[int, int], int]


#: Spends units of the budget (one by default), raising :class:`_Exhausted` once it is gone.
_Spend = Callable[..., None]


class _Exhausted(Exception):
    """The count's budget ran out."""


def count_places(solver: "_Solver") -> tuple[int, Tally] | None:
    """All consistent deals and, for each (card index, place), those that put the card there; None past budget."""
    work = [COUNT_WORK]

    def spend(units: int = 1) -> None:
        work[0] -= units
        if work[0] < 0:
            raise _Exhausted

    try:
        return _count(solver, spend)
    except _Exhausted:
        return None


#: The bits of each class's field in a packed room (see :func:`_count`): seven for the count, one guard above.
FIELD = 8
_GUARD = 1 << (FIELD - 1)
_VALUE = (1 << FIELD) - 1

#: A kind of cards in a group (see the module's docstring): its cards, their domain and, for each of the
#: group's statements, the classes it counts.
_Kind = tuple[list[int], int, tuple[int, ...]]
#: A group's assignments by the room they take: how many assignments of the cards themselves, and for each
#: (kind, place) how many of those put a given card of the kind there.
_Options = dict[int, tuple[int, dict[tuple[int, int], int]]]


@dataclass(frozen=True, slots=True)
class _Level:
    """The origins as the groups before one step see them: classes of origins none of them tells apart.

    ``of[o]`` is the class of the ``o``-th origin with room, ``members`` each class's origins (their indexes
    in the solver), ``room`` each class's room, ``parent`` each class's class one step further back (where
    fewer groups are left to tell them apart), and ``split`` the classes there that this level divides.
    """

    of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    room: tuple[int, ...]
    parent: tuple[int, ...] = ()
    split: tuple[tuple[int, ...], ...] = ()

    @property
    def full(self) -> int:
        """The packed room of every class."""
        return sum(r << (FIELD * k) for k, r in enumerate(self.room))

    @property
    def guards(self) -> int:
        return sum(_GUARD << (FIELD * k) for k in range(len(self.room)))

    def classes(self, origins: int, index: dict[int, int]) -> int:
        """The mask of the classes of a mask of origins (each class wholly in it or out of it)."""
        mask = 0
        while origins:
            o = (origins & -origins).bit_length() - 1
            mask |= 1 << self.of[index[o]]
            origins &= origins - 1
        return mask

    def merge(self, key: int) -> tuple[int, int]:
        """A packed room taken, in the classes one step further back, and by how much to multiply its ways: for
        each class there this level divides, the ways to share the room left in it among its parts."""
        values = [key >> (FIELD * k) & _VALUE for k in range(len(self.room))]
        back = 0
        for k, v in enumerate(values):
            back += v << (FIELD * self.parent[k])
        factor = 1
        for parts in self.split:
            left = [self.room[k] - values[k] for k in parts]
            ways = factorial(sum(left))
            for f in left:
                ways //= factorial(f)
            factor *= ways
        return back, factor


def _count(solver: "_Solver", spend: _Spend) -> tuple[int, Tally]:
    # A room is packed into one integer, a field per class of origins, so that adding, subtracting and comparing
    # rooms field by field is a few integer operations: a field that would go below zero borrows its guard bit.
    dom, room = solver.dom, solver.room
    origins = tuple(o for o, r in enumerate(room) if r)
    index = {o: k for k, o in enumerate(origins)}
    groups, group_rules = _groups(solver.rules, dom, solver.places)
    looks = [_looks(solver, members, group_rules.get(members[0], []), origins) for members in groups]
    order = _order(groups, looks, dom, room, origins)
    groups = [groups[g] for g in order]
    levels = _levels([looks[g] for g in order], origins, room)
    # Each group's kinds, in the classes its step sees.  Listing their splits is paid for before any is listed,
    # so a count that cannot even list them gives up before it starts; combining them is paid for as it goes.
    kinds_of = [_kinds(solver, members, group_rules.get(members[0], []), levels[g + 1], index)
                for g, members in enumerate(groups)]
    # The first group's step (the backward count's last) needs only the assignments that fill every room left;
    # when it is one kind under no statement (the cards nobody has seen, as a rule), only those are made.
    closing = len(kinds_of[0]) == 1 and not group_rules.get(groups[0][0]) if groups else False
    spend(sum(_ways_to_split(len(members), [levels[g + 1].room[k] for k in _bits(domain)])
              for g, kinds in enumerate(kinds_of) if g or not closing for members, domain, _ in kinds))
    steps = [(kinds, [] if g == 0 and closing else [_splits(kind, levels[g + 1].room) for kind in kinds])
             for g, kinds in enumerate(kinds_of)]
    # The cards' domains of the groups before each step, with how many cards have each (for :func:`_bounds`).
    prefix: list[dict[int, int]] = [{}]
    for members in groups:
        domains = dict(prefix[-1])
        for i in members:
            domains[dom[i]] = domains.get(dom[i], 0) + 1
        prefix.append(domains)
    # Backwards: the ways groups g onwards take the room used, within the room and leaving what the groups before
    # can fill, each state merged into the classes the groups before still tell apart.
    last = levels[-1]
    start = 1  # the ways to share every origin's room within the classes the last level merges
    for k, origins_k in enumerate(last.members):
        start *= factorial(last.room[k])
        for o in origins_k:
            start //= factorial(room[o])
    after: list[dict[int, int]] = [{} for _ in groups] + [{0: start}]
    options: list[_Options] = []
    merged: list[dict[int, tuple[int, int]]] = [{} for _ in groups]  # each step's rooms in the classes before it
    for g in range(len(groups) - 1, -1, -1):
        kinds, splits = steps[g]
        rules = group_rules.get(groups[g][0], [])
        level = levels[g + 1]
        guards = level.guards
        ceiling = level.full | guards
        here: dict[int, int] = {}
        if g == 0:
            # The last step of the backward count: the first group takes whatever room is left, exactly.
            top = level.full
            needed = [top - used for used in after[1] if ((top | guards) - used) & guards == guards]
            spend(len(after[1]))
            options.append(_closing(solver, kinds[0], level, needed) if closing
                           else _options(solver, kinds, splits, rules, level, spend))
            for used, ways in after[1].items():
                option = options[-1].get(top - used) if ((top | guards) - used) & guards == guards else None
                if option is not None:
                    here[top] = here.get(top, 0) + ways * option[0]
        else:
            options.append(_options(solver, kinds, splits, rules, level, spend))
            floor, hall = _bounds(prefix[g], level, index)
            rooms = [(use, count) for use, (count, _) in options[-1].items()]
            spend(len(after[g + 1]) * len(rooms))
            for used, ways in after[g + 1].items():
                for use, count in rooms:
                    key = used + use
                    if (ceiling - key) & guards == guards and ((key | guards) - floor) & guards == guards:
                        here[key] = here.get(key, 0) + ways * count
        spend(len(here))
        if g:
            here = _fillable(here, hall, len(level.room))
        back = after[g]
        for key, ways in here.items():
            merged[g][key] = to = level.merge(key)
            back[to[0]] = back.get(to[0], 0) + ways * to[1]
    options.reverse()
    full = levels[0].full
    total = after[0].get(full, 0)
    tally: Tally = {}
    if not total:
        return 0, tally
    # Forwards: before[used], for each room used of after[g], the ways groups before g fill what it leaves, in
    # the classes of level g; and with it each group's share of the deals.
    before: dict[int, int] = {full: 1}
    for g, kinds_splits in enumerate(steps):
        kinds = kinds_splits[0]
        later, to_back = after[g + 1], merged[g]
        ahead: dict[int, int] = {}
        if g == 0:  # only the rooms that fill every room left (see above)
            top = levels[1].full
            pairs: dict[int, list[tuple[int, int]]] = {}
            for used, ways in later.items():
                if top - used in options[0]:
                    pairs.setdefault(top - used, []).append((used, ways))
            spend(len(later))
        else:
            spend(len(later) * len(options[g]))
        for use, (count, places) in options[g].items():
            weight = 0  # the deals through this room taken, but for the group's own assignments
            for used, ways in (pairs.get(use, ()) if g == 0 else later.items()):
                found = to_back.get(used + use)
                if found is None:
                    continue  # past the room, or a room the groups before cannot fill
                fill = before.get(found[0])
                if fill:
                    fill *= found[1]
                    ahead[used] = ahead.get(used, 0) + fill * count
                    weight += fill * ways
            if weight:
                for (k, w), n in places.items():
                    for i in kinds[k][0]:
                        tally[i, w] = tally.get((i, w), 0) + weight * n
        before = ahead
    return total, tally


def _groups(rules: list["Rule"], dom: list[int], places: Sequence[object]
            ) -> tuple[list[list[int]], dict[int, list["Rule"]]]:
    """The cards in independent groups: those that some statement counts together are in one (they are of one
    quartet), those no statement counts with the same domain and places in one, every other card alone; and
    each group's statements, by its first card."""
    # A card is in a statement when the statement counts some origin of its domain.  A statement that counts
    # none (it holds in every deal or in none) goes with its first card.
    link = list(range(len(dom)))

    def root(i: int) -> int:
        while link[i] != i:
            i = link[i]
        return i

    supports = []
    for idxs, masks, _, _ in rules:
        support = [i for i, m in zip(idxs, masks) if m & dom[i]] or [idxs[0]]
        supports.append(support)
        for i in support[1:]:
            a, b = sorted((root(support[0]), root(i)))
            link[b] = a
    tied = {i for support in supports for i in support}
    alike: dict[tuple[object, ...], int] = {}
    for i in range(len(dom)):
        if i not in tied:
            link[i] = alike.setdefault((dom[i], places[i]), i)
    members: dict[int, list[int]] = {}
    for i in range(len(dom)):
        members.setdefault(root(i), []).append(i)
    statements: dict[int, list["Rule"]] = {}
    for rule, support in zip(rules, supports):
        statements.setdefault(root(support[0]), []).append(rule)
    return list(members.values()), statements


def _looks(solver: "_Solver", members: list[int], rules: list["Rule"], origins: tuple[int, ...]
           ) -> list[tuple[int, ...] | None]:
    """How a group sees each origin with room: for each card the place the origin puts it (:data:`_NOWHERE`
    outside its domain), for each statement whether it counts the origin for each card; None where the
    origin is in no card's domain."""
    dom = solver.dom
    looks: list[tuple[int, ...] | None] = []
    for o in origins:
        if not any(dom[i] >> o & 1 for i in members):
            looks.append(None)
            continue
        look = [solver._where(i, o) if dom[i] >> o & 1 else _NOWHERE for i in members]
        for idxs, masks, _, _ in rules:
            look.extend((m & dom[i]) >> o & 1 for i, m in zip(idxs, masks))
        looks.append(tuple(look))
    return looks


#: Where a look (:func:`_looks`) says an origin puts a card outside the origin's domain: no place.
_NOWHERE = -9


def _levels(looks: list[list[tuple[int, ...] | None]], origins: tuple[int, ...], room: list[int]) -> list[_Level]:
    """For each step g (and one past the last), the classes of origins that the groups before it tell apart."""
    levels: list[_Level] = []
    marks: list[tuple[object, ...]] = [() for _ in origins]
    for g in range(len(looks) + 1):
        of = _classes(marks)
        members: list[list[int]] = [[] for _ in range(max(of, default=-1) + 1)]
        for k, o in enumerate(origins):
            members[of[k]].append(o)
        level = _Level(tuple(of), tuple(map(tuple, members)), tuple(sum(room[o] for o in m) for m in members))
        if levels:
            back = levels[-1]
            parent = tuple(back.of[origins.index(m[0])] for m in members)
            parts: dict[int, list[int]] = {}
            for k, p in enumerate(parent):
                parts.setdefault(p, []).append(k)
            level = _Level(level.of, level.members, level.room, parent,
                           tuple(tuple(ks) for ks in parts.values() if len(ks) > 1))
        levels.append(level)
        if g < len(looks):
            marks = [mark + (look,) for mark, look in zip(marks, looks[g])]
    return levels


def _classes(marks: Sequence[object]) -> list[int]:
    """Each origin's class: origins with equal marks share one, numbered in order of first appearance."""
    seen: dict[object, int] = {}
    return [seen.setdefault(mark, len(seen)) for mark in marks]


def _order(groups: list[list[int]], looks: list[list[tuple[int, ...] | None]], dom: list[int], room: list[int],
           origins: tuple[int, ...]) -> list[int]:
    """The groups in an order that keeps the programme's states few (their indexes).

    From the last back (where the backward count, the one no other count
    prunes, starts), each step takes the group after which the rooms the
    next state may hold span the fewest values (of equals, the one whose
    cards have the fewest origins, then the first): the product, over the
    classes of origins the groups left tell apart, of the values a class's
    room taken may span, from its room less what the groups left may fill
    up to what the groups taken may fill.  Only the classes a group's own
    origins are in change, so each group's product is a ratio to the
    current one; classes are told apart by a sum of marks, one for each
    group's look at an origin, so that taking a group out subtracts its
    marks (a sum shared by chance only makes the order worse, never the
    count wrong).
    """
    n = len(origins)
    rooms = [room[o] for o in origins]
    marks: list[dict[int, int]] = []  # for each group, its mark on each origin it sees
    reach: list[dict[int, int]] = []  # and how many of its cards may come from there
    for g, members in enumerate(groups):
        marks.append({k: hash((g, look)) for k, look in enumerate(looks[g]) if look is not None})
        reach.append({k: sum(dom[i] >> origins[k] & 1 for i in members) for k in marks[-1]})
    mark = [0] * n  # each origin's mark: the sum of the marks of the groups left
    left_may = [0] * n  # the cards of the groups left that may come from each origin
    taken_may = [0] * n  # and of the groups taken
    for g in range(len(groups)):
        for k, m in marks[g].items():
            mark[k] += m
            left_may[k] += reach[g][k]

    def gather() -> dict[int, list[int]]:
        # Each class of the groups left, by its mark: its room, what the groups left and the groups taken may
        # fill (the same for each of its origins, which every group left sees alike) and the values its room
        # taken may span.
        classes: dict[int, list[int]] = {}
        for k in range(n):
            entry = classes.setdefault(mark[k], [0, left_may[k], 0, 0])
            entry[0] += rooms[k]
            entry[2] += taken_may[k]
        for entry in classes.values():
            entry[3] = _span(entry)
        return classes

    classes = gather()
    # Groups that look alike everywhere are alike for the order too: only the first of them is weighed.
    alike = [(tuple(looks[g]), tuple(reach[g].items())) for g in range(len(groups))]
    spread = [sum(dom[i].bit_count() for i in members) for members in groups]
    sees = [sum(1 << k for k in marks[g]) for g in range(len(groups))]  # the origins each group sees, a mask
    left = list(range(len(groups)))
    order = []
    # Each group's weighing, kept until a step changes a class it sees.
    weighing: dict[int, tuple[float, int, int]] = {}
    while left:
        best: tuple[float, int, int] | None = None
        weighed = set()
        for g in left:
            if alike[g] in weighed:
                continue
            weighed.add(alike[g])
            known = weighing.get(g)
            if known is not None:
                if best is None or known < best:
                    best = known
                continue
            mine, may = marks[g], reach[g]
            # Every class the group's origins are in breaks up (the group sees all of a class's origins alike), and
            # they form classes by their marks without it, some of them joining a class the group does not see.
            gone = set()
            made: dict[int, list[int]] = {}
            for k, m in mine.items():
                gone.add(mark[k])
                now = mark[k] - m
                entry = made.get(now)
                if entry is None:
                    kept = classes.get(now)
                    entry = made[now] = [0, 0, 0, 1] if kept is None else list(kept)
                entry[0] += rooms[k]
                entry[1] = left_may[k] - may[k]
                entry[2] += taken_may[k] + may[k]
            ratio = 1.0
            for was in gone:
                ratio /= classes[was][3]
            for entry in made.values():
                ratio *= _span(entry) / entry[3]
            key = weighing[g] = (ratio, spread[g], g)
            if best is None or key < best:
                best = key
        assert best is not None
        g = best[2]
        left.remove(g)
        order.append(g)
        for k in marks[g]:
            mark[k] -= marks[g][k]
            left_may[k] -= reach[g][k]
            taken_may[k] += reach[g][k]
        classes = gather()
        # The classes that changed are those the group's origins are in now: weigh again the groups seeing them.
        moved = {mark[k] for k in marks[g]}
        changed = sum(1 << k for k in range(n) if mark[k] in moved) | sees[g]
        weighing = {h: key for h, key in weighing.items() if not sees[h] & changed}
    return order[::-1]


def _span(entry: list[int]) -> int:
    """The values a class's room taken may span (see :func:`_order`): from its room less what the groups left
    may fill, up to what the groups taken may fill."""
    room, left, taken = entry[0], entry[1], entry[2]
    return max(1, min(room, taken) - max(0, room - left) + 1)


def _fields(origins: int) -> int:
    """The packed mask of the fields of a set of origins."""
    mask = 0
    while origins:
        o = (origins & -origins).bit_length() - 1
        mask |= (1 << FIELD) - 1 << (FIELD * o)
        origins &= origins - 1
    return mask


def _fillable(layer: dict[int, int], bounds: list[tuple[int, int, int]], origins: int) -> dict[int, int]:
    """The rooms of ``layer`` whose sum over each set of origins (its packed fields) lies within its bounds."""
    ones = sum(1 << (FIELD * o) for o in range(origins))
    top = FIELD * (origins - 1)
    kept = {}
    for key, ways in layer.items():
        for fields, lo, hi in bounds:
            # Multiplying by a one in every field adds the fields up into the top one (no sum passes 127).
            total = ((key & fields) * ones) >> top & 0xFF
            if not lo <= total <= hi:
                break
        else:
            kept[key] = ways
    return kept


def _kinds(solver: "_Solver", members: list[int], rules: list["Rule"], level: _Level, index: dict[int, int]
           ) -> list[_Kind]:
    """The kinds of a group's cards, in the classes of ``level``: the same domain, the same places, the same part
    in every statement."""
    dom = solver.dom
    part = {i: [0] * len(rules) for i in members}
    for r, (idxs, masks, _, _) in enumerate(rules):
        for i, m in zip(idxs, masks):
            if i in part:
                part[i][r] = level.classes(m & dom[i], index)
    kinds: dict[tuple[object, ...], _Kind] = {}
    for i in members:
        masks = tuple(part[i])
        domain = level.classes(dom[i], index)
        kinds.setdefault((domain, solver.places[i], masks), ([], domain, masks))[0].append(i)
    return list(kinds.values())


#: One way to split a kind's cards among its classes: the room it takes (packed), the assignments of the cards
#: themselves it stands for, how many of its cards each statement counts, and each class with its cards.
_Split = tuple[int, int, list[int], list[tuple[int, int]]]


def _splits(kind: _Kind, room: tuple[int, ...]) -> list[_Split]:
    """Every way to split a kind's cards among the classes of its domain, none given more than its room."""
    members, domain, masks = kind
    spots = _bits(domain)
    found: list[_Split] = []
    for counts in _compositions(len(members), [room[k] for k in spots]):
        take = 0
        ways = factorial(len(members))
        inside = [0] * len(masks)
        for k, c in zip(spots, counts):
            take += c << (FIELD * k)
            ways //= factorial(c)
            for r, m in enumerate(masks):
                inside[r] += c * (m >> k & 1)
        found.append((take, ways, inside, [(k, c) for k, c in zip(spots, counts) if c]))
    return found


def _compositions(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of whole numbers, one for each cap and none above it."""
    if not caps:
        return []
    found: list[tuple[tuple[int, ...], int]] = [((), n)]
    for p, cap in enumerate(caps[:-1]):
        rest = sum(caps[p + 1:])
        found = [(a + (c,), left - c) for a, left in found for c in range(max(0, left - rest), min(cap, left) + 1)]
    return [a + (left,) for a, left in found if left <= caps[-1]]


def _options(solver: "_Solver", kinds: list[_Kind], splits: list[list[_Split]], rules: list["Rule"],
             level: _Level, spend: _Spend) -> _Options:
    """A group's assignments that keep its statements, by the room they take: for each, how many assignments of
    the cards themselves, and for each (kind, place) how many of those put a given card of the kind there.

    The kinds are split one after another, the splits so far gathered by the room they take and the cards each
    statement counts among them (which only grow, so a split past a statement's most is dropped at once): the
    work is the gathered splits times the next kind's, not every combination of the kinds' splits.
    """
    first = [origins[0] for origins in level.members]  # a class's origins put each card of the group in one place
    most = [hi for _, _, _, hi in rules]
    # (room taken, cards each statement counts) -> (assignments, for each (kind, place) those with a given card
    # of the kind there)
    partial: dict[tuple[int, tuple[int, ...]], tuple[int, dict[tuple[int, int], int]]] = {
        (0, (0,) * len(rules)): (1, {})}
    for k, kind_splits in enumerate(splits):
        spend(len(partial) * len(kind_splits))
        m = len(kinds[k][0])
        card = kinds[k][0][0]
        places = {c: (k, solver._where(card, first[c])) for split in kind_splits for c, _ in split[3]}
        grown: dict[tuple[int, tuple[int, ...]], tuple[int, dict[tuple[int, int], int]]] = {}
        for (key, inside), (ways, tally) in partial.items():
            for take, split_ways, counted, spots in kind_splits:
                now = tuple(a + b for a, b in zip(inside, counted))
                if any(x > hi for x, hi in zip(now, most)):
                    continue
                both = ways * split_ways
                mark = (key + take, now)
                old = grown.get(mark)
                if old is None:
                    total, merged = both, {place: n * split_ways for place, n in tally.items()}
                else:
                    total, merged = old[0] + both, old[1]
                    for place, n in tally.items():
                        merged[place] = merged.get(place, 0) + n * split_ways
                for c, n in spots:
                    # A given card of the kind is in class c in n of every m of the kind's arrangements.
                    merged[places[c]] = merged.get(places[c], 0) + both * n // m
                grown[mark] = (total, merged)
        partial = grown
    least = [lo for _, _, lo, _ in rules]
    taken: _Options = {}
    for (key, inside), (ways, tally) in partial.items():
        if any(x < lo for x, lo in zip(inside, least)):
            continue
        old = taken.get(key)
        if old is None:
            taken[key] = (ways, tally)
        else:
            for place, n in tally.items():
                old[1][place] = old[1].get(place, 0) + n
            taken[key] = (old[0] + ways, old[1])
    return taken


def _closing(solver: "_Solver", kind: _Kind, level: _Level, uses: list[int]) -> _Options:
    """The assignments of one kind's cards, under no statement, that take exactly the rooms ``uses``
    (those a kind can take), as :func:`_options` gives them."""
    members, domain, _ = kind
    m = len(members)
    first = [origins[0] for origins in level.members]
    taken: _Options = {}
    for use in uses:
        counts = [use >> (FIELD * k) & _VALUE for k in range(len(level.room))]
        if sum(counts) != m or any(c and not domain >> k & 1 for k, c in enumerate(counts)):
            continue
        ways = factorial(m)
        for c in counts:
            ways //= factorial(c)
        tally: dict[tuple[int, int], int] = {}
        for k, c in enumerate(counts):
            if c:
                place = (0, solver._where(members[0], first[k]))
                tally[place] = tally.get(place, 0) + ways * c // m
        taken[use] = (ways, tally)
    return taken


def _bounds(domains: dict[int, int], level: _Level, index: dict[int, int]) -> tuple[int, list[tuple[int, int, int]]]:
    """What the room taken by the groups after some must be for those groups (the cards' ``domains``, with how
    many cards have each) to fill the rest, in the classes of ``level``: packed, the least in each class; and
    for each set of classes that is some card's domain, its fields (:func:`_fields`) and the least and the
    most in them together (see the module's docstring)."""
    room = level.room
    classes = range(len(room))
    seen: dict[int, int] = {}  # the same, in classes
    for d, n in domains.items():
        d = level.classes(d, index)
        seen[d] = seen.get(d, 0) + n
    reach = [sum(n for d, n in seen.items() if d >> k & 1) for k in classes]
    least = sum(max(0, r - reach[k]) << (FIELD * k) for k, r in enumerate(room))
    hall = []
    for s in sorted(d for d in seen if d & d - 1):
        inside = sum(n for d, n in seen.items() if not d & ~s)
        touching = sum(n for d, n in seen.items() if d & s)
        total = sum(room[k] for k in classes if s >> k & 1)
        hall.append((_fields(s), total - touching, total - inside))
    return least, hall


def _bits(mask: int) -> list[int]:
    """The positions of a mask's bits, lowest first."""
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def _ways_to_split(n: int, caps: list[int]) -> int:
    """How many ways :func:`_compositions` lists, counted without listing them."""
    ways = [1] + [0] * n  # ways[t]: the ways to give t cards to the caps so far
    for cap in caps:
        ways = [sum(ways[t - c] for c in range(min(cap, t) + 1)) for t in range(n + 1)]
    return ways[n] if caps else 0
