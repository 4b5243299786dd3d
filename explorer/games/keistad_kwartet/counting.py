"""How many consistent deals put each card in each place: the exact odds of :mod:`.deals`' model.

A consistent deal gives every card in play an origin in its domain, fills
every origin's room exactly and keeps every count statement (see
:mod:`.deals`).  Each count statement is about the cards of one quartet, so
the cards fall into independent *groups* (a quartet's cards in play, or one
bonus card) tied together only by the origins' room.  Counting then is a
dynamic programme over the groups, its state the room still free in each
origin:

* for each group, every assignment of its cards to origins that keeps the
  group's statements, gathered by the room it takes (how many of its cards
  each origin receives);
* ``after[g][free]``: the ways to give groups ``g`` onwards their origins
  so that every origin ends full, counted backwards;
* ``before[g][free]``: the ways groups before ``g`` leave the room ``free``,
  counted forwards;
* the deals that give a group's cards one assignment are then the sum, over
  the rooms ``free`` before it, of ``before[g][free]`` times
  ``after[g + 1][free - taken]``; each card's place follows from its origin.

Every deal is counted once, as a whole number (Python integers have no
limit), so ``deals with card X in place P / all deals`` is the exact share
the odds show, every consistent deal counted as equally likely (the deck was
shuffled; what the players chose to say is taken as it came).

The programme's states can be many in a large game early on, so its work is
bounded like the search's: each assignment tried and each transition costs
a unit of :data:`COUNT_WORK`, and when they run out the count gives up
(None), and the odds fall back to their estimate (:class:`.strategy.Odds`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .cards import QUARTETS

if TYPE_CHECKING:
    from .deals import _Solver

#: The work one count may do: each assignment of a group's cards tried and each step of the programme is a unit.
COUNT_WORK = 100_000

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


def _count(solver: "_Solver", spend: _Spend) -> tuple[int, Tally]:
    # A room is packed into one integer, a field per origin, so that adding, subtracting and comparing rooms
    # field by field is a few integer operations: a field that would go below zero borrows its guard bit.
    origins = len(solver.room)
    room = sum(r << (FIELD * o) for o, r in enumerate(solver.room))
    guards = sum(_GUARD << (FIELD * o) for o in range(origins))
    dom, rules, cards = solver.dom, solver.rules, solver.cards
    # The groups: each quartet's cards in play, and each bonus card alone.
    by_quartet: dict[int, list[int]] = {}
    for i, c in enumerate(cards):
        by_quartet.setdefault(c >> 2 if c >> 2 < QUARTETS else 100 + c, []).append(i)
    groups = [by_quartet[k] for k in sorted(by_quartet)]
    group_of = {i: g for g, members in enumerate(groups) for i in members}
    group_rules: list[list[tuple[tuple[int, ...], tuple[int, ...], int, int]]] = [[] for _ in groups]
    for rule in rules:
        group_rules[group_of[rule[0][0]]].append(rule)
    # For each group: the room it takes (a tuple over the origins) -> (its assignments, each card's place tally).
    options: list[dict[int, tuple[int, Tally]]] = []
    for g, members in enumerate(groups):
        taken: dict[int, tuple[int, Tally]] = {}
        for assignment in _assignments(members, dom, spend):
            x = dict(zip(members, assignment))
            if not all(lo <= sum(m >> x[i] & 1 for i, m in zip(idxs, masks)) <= hi
                       for idxs, masks, lo, hi in group_rules[g]):
                continue
            key = 0
            for o in assignment:
                key += 1 << (FIELD * o)
            ways, tally = taken.get(key, (0, {}))
            for i, o in x.items():
                place = (i, solver._where(i, o))
                tally[place] = tally.get(place, 0) + 1
            taken[key] = (ways + 1, tally)
        options.append(taken)
    # Backwards: the ways groups g onwards fill the room left exactly.
    after: list[dict[int, int]] = [{} for _ in range(len(groups) + 1)]
    after[len(groups)][0] = 1
    ceiling = room | guards
    for g in range(len(groups) - 1, -1, -1):
        here = after[g]
        uses = list(options[g].items())
        spend(len(after[g + 1]) * len(uses))
        for free, ways in after[g + 1].items():
            for use, (count, _) in uses:
                key = free + use
                if (ceiling - key) & guards == guards:  # no field above its room
                    here[key] = here.get(key, 0) + ways * count
    total = after[0].get(room, 0)
    tally_all: Tally = {}
    if not total:
        return 0, tally_all
    # Forwards, with each group's share of the deals on the way.
    before: dict[int, int] = {room: 1}
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
                    tally_all[place] = tally_all.get(place, 0) + weight * n
        before = nxt
    return total, tally_all


def _assignments(members: list[int], dom: list[int], spend: _Spend) -> list[tuple[int, ...]]:
    """Every way to give each of ``members`` an origin of its domain (no two sharing a one-card origin is
    left to the room check)."""
    found: list[tuple[int, ...]] = [()]
    for i in members:
        origins = [o for o in range(dom[i].bit_length()) if dom[i] >> o & 1]
        spend(len(found) * len(origins))
        found = [a + (o,) for a in found for o in origins]
    return found
