"""The deals of :mod:`.deals` as a satisfiability problem, for the questions its own search leaves open.

The search of :class:`~.deals._Solver` is exact, but some questions are
hard for it: a hand that needs a card of each of several quartets while
the places those cards may come from are few is a pigeonhole problem,
and splitting on one card at a time tries every way to fill the holes.
A SAT solver learns from each dead end instead.  This module states the
same model for Minicard (from `python-sat <https://pysathq.github.io/>`__, the ``exact`` extra),
MiniSat 2.2 with native cardinality constraints:

* one variable a card and an origin in its domain, true when the card
  has that origin; exactly one of a card's variables is true;
* each origin takes exactly as many cards as it has room for (at most
  ``room`` of its variables are true, and at most ``len - room`` false);
* each count statement ``lo <= cards in their origins <= hi`` is two
  cardinality constraints over the variables of those origins (at most
  one of a card's is true, so they count cards).

A question ("a deal with card c in one of these origins?", "a deal with
fewer than k cards of quartet q in hand p?") is a call with assumptions,
so one solver serves a whole reading and keeps what it learnt; its first
guesses lean towards the last deal found (:meth:`Clauses.prefer`), since
the deal a question asks for is most often a few cards away from one.
Each call may spend :data:`QUESTION` conflicts and a reading
:data:`CONFLICTS`; past them :class:`Undecided` leaves the question open,
as the search's own budget does.  Conflicts are counted, not seconds, and
the solver is deterministic, so the same events give the same facts on
any machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:
    from .deals import Rule

try:  # the exact extra; without it the engine answers from its own search alone
    # Minicard looks at its budget before every decision, so a call ends within its conflicts.  Gluecard 3
    # and 4 look only when they restart, and they may not restart for a long while: on a two-player position
    # set up by hand, thirty cards in the pot, one call of Gluecard 3 ran for minutes on a budget of 1000.
    from pysat.solvers import Minicard as Cardinal
except ImportError:  # pragma: no cover - exercised by the tests that switch it off
    Cardinal = None

#: Conflicts one question may cost, and one reading of the facts in all.  A question not settled in 1000
#: rarely settles by 3000, and the deeper search answers it sooner: in 10 random games of three players the
#: slowest move took 37 ms instead of 44 (five players: 30 ms either way), none left open either way.
QUESTION = 1_000
CONFLICTS = 15_000


def available() -> bool:
    """Whether the SAT solver is installed (the ``exact`` extra)."""
    return Cardinal is not None


class Undecided(Exception):
    """The solver spent its conflicts (:data:`QUESTION`, :data:`CONFLICTS`) before it answered."""


class Clauses:
    """One moment's deals as clauses, and the questions :class:`~.deals._Solver` asks of them.

    ``dom[i]`` is card ``i``'s mask of possible origins, ``room[o]`` the
    cards origin ``o`` takes, ``rules`` the count statements.  Answers are
    deals as :mod:`.deals` writes them: each card's origin, in card order.
    """

    def __init__(self, dom: Sequence[int], room: Sequence[int], rules: Sequence["Rule"]) -> None:
        if Cardinal is None:
            raise RuntimeError("the exact extra is not installed")
        #: Conflicts this reading may still spend (:meth:`~.deals._Solver.bounds` gives a count a fresh
        #: allowance).
        self.left = CONFLICTS
        self.var: list[dict[int, int]] = []
        top = 0
        for d in dom:
            row = {}
            while d:
                low = d & -d
                d ^= low
                top += 1
                row[low.bit_length() - 1] = top
            self.var.append(row)
        self.top = top
        self.solver = solver = Cardinal()
        for row in self.var:
            lits = list(row.values())
            solver.add_clause(lits)
            if len(lits) > 1:
                solver.add_atmost(lits, 1)
        for o, r in enumerate(room):
            lits = [row[o] for row in self.var if o in row]
            self._between(lits, r, r)
        for idxs, masks, lo, hi in rules:
            self._between(self._counted(idxs, masks), lo, hi)
        #: The switch of each count asked about (see :meth:`counted`).
        self.switch: dict["Rule", int] = {}

    def _fresh(self) -> int:
        self.top += 1
        return self.top

    def _counted(self, idxs: Sequence[int], masks: Sequence[int]) -> list[int]:
        """The variables that put card ``idxs[k]`` in an origin of ``masks[k]``."""
        return [v for i, m in zip(idxs, masks) for o, v in self.var[i].items() if m >> o & 1]

    def _between(self, lits: list[int], lo: int, hi: int, switch: int = 0) -> None:
        """Between ``lo`` and ``hi`` of ``lits`` are true (when ``switch`` is true, if one is given)."""
        n = len(lits)
        if lo > n or hi < 0:
            self.solver.add_clause([-switch] if switch else [])
            return
        for bound, side in ((hi, lits), (n - lo, [-v for v in lits])):
            if bound >= n:
                continue  # nothing to say
            if switch:
                # The copies trick: n - bound extra literals, each true when the switch is, make "at most n"
                # over all of them "at most bound" over ``side``; with the switch off they may all be false.
                copies = [self._fresh() for _ in range(n - bound)]
                for c in copies:
                    self.solver.add_clause([-switch, c])
                self.solver.add_atmost(side + copies, n)
            elif bound == 0:
                for v in side:
                    self.solver.add_clause([-v])
            else:
                self.solver.add_atmost(side, bound)

    # -- the questions -----------------------------------------------------------------
    def counted(self, rule: "Rule") -> int:
        """The switch that, assumed true, adds the count statement ``rule`` for one question."""
        switch = self.switch.get(rule)
        if switch is None:
            idxs, masks, lo, hi = rule
            switch = self.switch[rule] = self._fresh()
            self._between(self._counted(idxs, masks), lo, hi, switch)
        return switch

    def rule_out(self, card: int, mask: int) -> None:
        """Card ``card`` has none of the origins of ``mask``, for good (the search proved it)."""
        for o, v in self.var[card].items():
            if mask >> o & 1:
                self.solver.add_clause([-v])

    def prefer(self, deal: Sequence[int]) -> None:
        """Lean the solver's first guesses towards ``deal`` (each card's origin, in card order).

        Without it, where a deal exists but few do, the solver may spend its whole budget in the wrong corner:
        in a five-player game it left eight such questions of one reading open, and with it none."""
        # Set again before every question, even for the same deal: the solver's search overwrites the phases (it
        # saves each variable's last value), so a hint set once fades after the first question.
        self.solver.set_phases([v if o == deal[i] else -v for i, row in enumerate(self.var) for o, v in row.items()])

    def deal(self, keep: "Mapping[int, int] | None" = None, extra: "Rule | None" = None,
             conflicts: int | None = None) -> tuple[int, ...] | None:
        """A consistent deal, with each card ``i`` of ``keep`` (if given) in an origin of the mask ``keep[i]``
        and keeping ``extra``; None if there is none.  Raises :class:`Undecided` past the budget: ``conflicts``
        for this question (at most :data:`QUESTION`, and that if not given), within what is left of the
        reading's."""
        assumptions = [-v for i, m in (keep or {}).items() for o, v in self.var[i].items() if not m >> o & 1]
        if extra is not None:
            assumptions.append(self.counted(extra))
        return self._solve(assumptions, conflicts)

    def _solve(self, assumptions: list[int], conflicts: int | None = None) -> tuple[int, ...] | None:
        solver = self.solver
        if self.left <= 0:
            raise Undecided
        before = solver.accum_stats()["conflicts"]
        solver.conf_budget(min(QUESTION, self.left) if conflicts is None else min(conflicts, QUESTION, self.left))
        answer = solver.solve_limited(assumptions=assumptions)
        self.left -= solver.accum_stats()["conflicts"] - before
        if answer is None:
            raise Undecided
        if not answer:
            return None
        true = set(v for v in solver.get_model() if v > 0)
        return tuple(next(o for o, v in row.items() if v in true) for row in self.var)
