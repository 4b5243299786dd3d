"""How many consistent deals put each card in each place: the exact odds of :mod:`.deals`' model.

A consistent deal gives every card in play an origin in its domain, fills
every origin's room exactly and keeps every count statement (see
:mod:`.deals`).  Each count statement is about the cards of one quartet, so
the cards fall into independent *groups* (the cards that some statement
counts together, all of one quartet, and every other card alone) tied
together only by the origins' room.  Counting then is a dynamic programme
over the groups, its state the room still free in each origin:

* for each group, every assignment of its cards to origins that keeps the
  group's statements, gathered by the room it takes (how many of its cards
  each origin receives);
* ``after[g][used]``: the ways to give groups ``g`` onwards their origins
  so that they take the room ``used``, counted backwards;
* ``before[g][free]``: the ways groups before ``g`` leave the room ``free``,
  counted forwards, kept only where ``after`` can fill the rest exactly;
* the deals that give a group's cards one assignment are then the sum, over
  the rooms ``free`` before it, of ``before[g][free]`` times
  ``after[g + 1][free - taken]``; each card's place follows from its origin.

The work is the states times each group's choices, so four things keep
both few without changing what is counted:

* *Origins that cannot be told apart are one.*  Two origins that every
  card has in its domain or not, that put each such card in the same place,
  and that every count statement counts both or neither of (two draws of
  one player between two statements, say) are merged into one whose room
  is the sum ``r1 + r2``.  A deal of the merged origin stands for exactly
  ``(r1 + r2)! / (r1! r2!)`` deals of the two (which of its cards came from
  which), the same for every deal, so the counts are multiplied back by it.
* *Cards that cannot be told apart are counted together.*  Within a group,
  cards with the same domain, the same places and the same part in every
  statement are one *kind*: an assignment gives a kind only how many of its
  ``m`` cards go to each origin, ``c`` of them, which stands for the
  multinomial ``m! / prod(c!)`` assignments of the cards themselves, and
  puts a given card of the kind in origin ``o`` in ``c[o] / m`` of them.
* *Cards that no statement ties are apart.*  A card is its own group
  unless a statement counts it with others, so a step's choices are a
  card's origins, not every combination of a quartet's.
* *Rooms that cannot be completed are not kept.*  Counted backwards, the
  groups before ``g`` must still fill the room ``used`` leaves: for every
  set of origins that is some card's domain (and every single origin),
  the room left there can be no more than their cards with an origin in
  it, and no less than their cards with every origin in it (Hall's
  condition, necessary though not sufficient).  Counted forwards, only the
  rooms that ``after`` fills are kept.  The groups go in an order that
  keeps the rooms half-filled at each step few (see :func:`_order`).

Every deal is counted once, as a whole number (Python integers have no
limit), so ``deals with card X in place P / all deals`` is the exact share
the odds show, every consistent deal counted as equally likely (the deck was
shuffled; what the players chose to say is taken as it came).

The programme's states can be many in a large game early on, so its work is
bounded like the search's: each assignment tried and each transition costs
a unit of :data:`COUNT_WORK`, and when they run out the count gives up
(None), and the odds fall back to their estimate (:class:`.strategy.Odds`).
How many assignments it will try follows from the kinds alone, so they are
paid for before the count starts, and a group's are listed only when the
count reaches it: a count that cannot fit gives up early.
"""

from __future__ import annotations

from itertools import product
from math import comb, factorial
from typing import TYPE_CHECKING, Callable


if TYPE_CHECKING:
    from .deals import Rule, _Solver

#: The work one count may do: each assignment of a group's cards tried and each step of the programme is a unit.
#: A count that needs more comes early in a game, while little is known yet; giving up
#: at 10,000 rather than 100,000 keeps a move's odds under 100 ms: in a random five-player game 116 moves of 639
#: are estimated instead of 96, the 95th percentile falls from 71 to 39 ms and the worst from 258 to 79
#: (``benchmarks/knowledge.py``).
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


#: The bits of each origin's field in a packed room (see :func:`_count`): seven for the count, one guard above.
FIELD = 8
_GUARD = 1 << (FIELD - 1)

#: A kind of cards in a group (see the module's docstring): its cards, their domain and, for each of the
#: group's statements, the mask of origins it counts.
_Kind = tuple[list[int], int, tuple[int, ...]]


def _count(solver: "_Solver", spend: _Spend) -> tuple[int, Tally]:
    # A room is packed into one integer, a field per origin, so that adding, subtracting and comparing rooms
    # field by field is a few integer operations: a field that would go below zero borrows its guard bit.
    dom, rules, room, factor = _merged(solver)
    origins = len(room)
    full = sum(r << (FIELD * o) for o, r in enumerate(room))
    guards = sum(_GUARD << (FIELD * o) for o in range(origins))
    groups, group_rules = _groups(rules, dom)
    # Each group's kinds, by its first card (the groups share no card).
    kinds_of = {members[0]: _kinds(solver, members, dom, group_rules.get(members[0], [])) for members in groups}
    # Each assignment of a group's cards tried costs a unit, and how many a group tries follows from its kinds
    # alone: a count that cannot fit its budget gives up before it orders the groups or tries any.
    spend(sum(_tries(group_kinds) for group_kinds in kinds_of.values()))
    groups = _order(groups, dom, room)
    # For each group: the room it takes -> (its assignments, for each kind and place the assignments that put
    # a given card of the kind there), listed as the backward count reaches the group (a count that runs out
    # of budget on the way lists no more); and the kinds, numbered across the groups.
    kinds: list[_Kind] = []
    options: list[dict[int, tuple[int, dict[tuple[int, int], int]]]] = [{} for _ in groups]
    least, hall = _bounds(groups, dom, room)
    # Backwards: the ways groups g onwards take the room used, within the room and leaving what the groups before
    # can fill: each origin checked on every step taken, the sets of origins on every room reached.
    after: list[dict[int, int]] = [{} for _ in range(len(groups) + 1)]
    after[len(groups)][0] = 1
    ceiling = full | guards
    for g in range(len(groups) - 1, -1, -1):
        first = len(kinds)
        kinds.extend(kinds_of[groups[g][0]])
        options[g] = _options(solver, kinds, first, group_rules.get(groups[g][0], []), spend)
        here = after[g]
        floor = least[g]
        rooms = [(use, count) for use, (count, _) in options[g].items()]
        spend(len(after[g + 1]) * len(rooms))
        for used, ways in after[g + 1].items():
            for use, count in rooms:
                key = used + use
                if (ceiling - key) & guards == guards and ((key | guards) - floor) & guards == guards:
                    here[key] = here.get(key, 0) + ways * count
        if g:
            spend(len(here))
            after[g] = _fillable(here, hall[g], origins)
    total = after[0].get(full, 0)
    tally_all: Tally = {}
    if not total:
        return 0, tally_all
    # Forwards, with each group's share of the deals on the way.
    tally_kinds: dict[tuple[int, int], int] = {}
    before: dict[int, int] = {full: 1}
    for g in range(len(groups)):
        nxt: dict[int, int] = {}
        uses = list(options[g].items())
        later = after[g + 1]
        spend(len(before) * len(uses))
        for use, (count, tally) in uses:
            weight = 0  # the deals through this room taken, but for the group's own assignments
            for free, ways in before.items():
                if (free | guards) - use & guards != guards:
                    continue  # some field would go below zero
                left = free - use
                rest = later.get(left, 0)
                if rest:
                    nxt[left] = nxt.get(left, 0) + ways * count
                    weight += ways * rest
            if weight:
                for place, n in tally.items():
                    tally_kinds[place] = tally_kinds.get(place, 0) + weight * n
        before = nxt
    for (k, w), n in tally_kinds.items():
        for i in kinds[k][0]:
            tally_all[i, w] = n * factor
    return total * factor, tally_all


def _bounds(groups: list[list[int]], dom: list[int], room: list[int]
            ) -> tuple[list[int], list[list[tuple[int, int, int]]]]:
    """For each group g, what the room taken by groups g onwards must be for the groups before to fill the rest:
    packed, the least in each origin; and for each set of origins that is some card's domain, its fields
    (:func:`_fields`) and the least and the most in them together (see the module's docstring)."""
    origins = range(len(room))
    reach = [0] * len(room)  # cards of the groups before with an origin there, for each origin
    spans = sorted({d for d in dom if d & d - 1})
    rooms = [sum(room[o] for o in origins if s >> o & 1) for s in spans]
    inside = [0] * len(spans)  # cards of the groups before with every origin in the set
    touching = [0] * len(spans)  # with some origin in the set
    least, hall = [], []
    for members in groups:
        least.append(sum(max(0, r - reach[o]) << (FIELD * o) for o, r in enumerate(room)))
        hall.append([(_fields(s), rooms[k] - touching[k], rooms[k] - inside[k]) for k, s in enumerate(spans)])
        for i in members:
            d = dom[i]
            for o in origins:
                reach[o] += d >> o & 1
            for k, s in enumerate(spans):
                inside[k] += not d & ~s
                touching[k] += bool(d & s)
    return least, hall


def _merged(solver: "_Solver") -> tuple[list[int], list["Rule"], list[int], int]:
    """The domains, statements and rooms with the origins that cannot be told apart merged into the first of
    them, and how many deals of the origins as they are one merged deal stands for."""
    dom, rules, room = solver.dom, solver.rules, list(solver.room)
    cards = range(len(dom))
    same: dict[tuple[object, ...], list[int]] = {}
    for o in range(len(room)):
        looks = (tuple(solver._where(i, o) if dom[i] >> o & 1 else None for i in cards),
                 tuple((m & dom[i]) >> o & 1 for idxs, masks, _, _ in rules for i, m in zip(idxs, masks)))
        same.setdefault(looks, []).append(o)
    keep = 0
    factor = 1
    for members in same.values():
        keep |= 1 << members[0]
        for o in members[1:]:
            factor *= comb(room[members[0]] + room[o], room[o])
            room[members[0]] += room[o]
            room[o] = 0
    return ([d & keep for d in dom], [(idxs, tuple(m & keep for m in masks), lo, hi) for idxs, masks, lo, hi in rules],
            room, factor)


def _groups(rules: list["Rule"], dom: list[int]) -> tuple[list[list[int]], dict[int, list["Rule"]]]:
    """The cards in independent groups: those that some statement counts together are in one (they are of one
    quartet), every other card alone; and each group's statements, by its first card."""
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
    members: dict[int, list[int]] = {}
    for i in range(len(dom)):
        members.setdefault(root(i), []).append(i)
    statements: dict[int, list["Rule"]] = {}
    for rule, support in zip(rules, supports):
        statements.setdefault(root(support[0]), []).append(rule)
    return list(members.values()), statements


def _order(groups: list[list[int]], dom: list[int], room: list[int]) -> list[list[int]]:
    """The groups in an order that keeps the programme's states few: from the last back (where the backward
    count, the one no other count prunes, starts), each the one (the first of equals) after which the rooms the
    groups chosen so far may have taken span the fewest values."""
    origins = range(len(room))
    reach = [[sum(dom[i] >> o & 1 for i in members) for o in origins] for members in groups]
    # Each group's origins: only those change their span when the group is chosen.
    touches = [[(o, r) for o, r in enumerate(row) if r] for row in reach]
    behind = [0] * len(room)  # cards of the groups chosen so far that may take each origin
    ahead: list[int] = [sum(column) for column in zip(*reach)] if groups else []  # and of those left

    def span(o: int, moved: int) -> int:
        # The values origin o's room taken may span once ``moved`` more of its cards are behind.
        low = max(0, room[o] - (ahead[o] - moved))
        high = min(room[o], behind[o] + moved)
        return max(1, high - low + 1)

    left = list(range(len(groups)))
    order = []
    while left:
        spans = [span(o, 0) for o in origins]
        every = 1  # the product of the spans, the number of rooms the state may take at most
        for value in spans:
            every *= value

        def spread(g: int) -> int:
            kept = changed = 1
            for o, r in touches[g]:
                kept *= spans[o]
                changed *= span(o, r)
            return every // kept * changed

        g = min(left, key=lambda g: (spread(g), g))
        left.remove(g)
        order.append(groups[g])
        for o, r in touches[g]:
            behind[o] += r
            ahead[o] -= r
    return order[::-1]


def _kinds(solver: "_Solver", members: list[int], dom: list[int], rules: list["Rule"]) -> list[_Kind]:
    """The kinds of a group's cards: the same domain, the same places, the same part in every statement."""
    part = {i: [0] * len(rules) for i in members}
    for r, (idxs, masks, _, _) in enumerate(rules):
        for i, m in zip(idxs, masks):
            if i in part:
                part[i][r] = m & dom[i]
    kinds: dict[tuple[object, ...], _Kind] = {}
    for i in members:
        masks = tuple(part[i])
        kinds.setdefault((dom[i], solver.places[i], masks), ([], dom[i], masks))[0].append(i)
    return list(kinds.values())


def _options(solver: "_Solver", kinds: list[_Kind], first: int, rules: list["Rule"], spend: _Spend
             ) -> dict[int, tuple[int, dict[tuple[int, int], int]]]:
    """A group's assignments that keep its statements, by the room they take: for each, how many assignments of
    the cards themselves, and for each (kind, place) how many of those put a given card of the kind there."""
    # Each kind's splits: how many of its cards go to each origin of its domain.
    splits = []
    for k in range(first, len(kinds)):
        members, d, masks = kinds[k]
        spots = [o for o in range(d.bit_length()) if d >> o & 1]
        mine = []
        for counts in _compositions(len(members), len(spots), spend):
            take = 0
            ways = factorial(len(members))
            inside = [0] * len(rules)
            for o, c in zip(spots, counts):
                take += c << (FIELD * o)
                ways //= factorial(c)
                for r, m in enumerate(masks):
                    inside[r] += c * (m >> o & 1)
            mine.append((take, ways, inside, [(o, c) for o, c in zip(spots, counts) if c]))
        splits.append(mine)
    taken: dict[int, tuple[int, dict[tuple[int, int], int]]] = {}
    bounds = [(lo, hi) for _, _, lo, hi in rules]
    for choice in product(*splits):  # paid for already (see _tries)
        if not all(lo <= sum(split[2][r] for split in choice) <= hi for r, (lo, hi) in enumerate(bounds)):
            continue
        key = 0
        ways = 1
        for split in choice:
            key += split[0]
            ways *= split[1]
        count, tally = taken.get(key, (0, {}))
        for k, split in enumerate(choice, first):
            members = kinds[k][0]
            for o, c in split[3]:
                place = (k, solver._where(members[0], o))
                # A given card of the kind is in o in c of every m of the kind's arrangements.
                tally[place] = tally.get(place, 0) + ways * c // len(members)
        taken[key] = (count + ways, tally)
    return taken


def _tries(kinds: list[_Kind]) -> int:
    """How many assignments :func:`_options` tries for a group of these kinds: the product of each kind's
    splits, the ways to write its number of cards as an ordered sum over its origins."""
    tries = 1
    for members, d, _ in kinds:
        spots = d.bit_count()
        tries *= comb(len(members) + spots - 1, spots - 1) if spots else 0
    return tries


def _compositions(n: int, parts: int, spend: _Spend) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``parts`` whole numbers (none if there are no parts)."""
    found: list[tuple[int, ...]] = [()] if parts else []
    for p in range(parts - 1):
        spend(len(found))
        found = [a + (c,) for a in found for c in range(n - sum(a) + 1)]
    return [a + (n - sum(a),) for a in found]


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
