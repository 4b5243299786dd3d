"""Scores, outcomes and the ranking every game settles its ties with.

A game says how a player scores (:class:`Score`, with its breakdown) and
which tiebreakers settle a tie on points, in order (:class:`Tiebreaker`);
:func:`rank` does the rest, the same way for every game, and says in words
how the tie was settled, citing the rule.

>>> scores = (Score(0, 5), Score(1, 5), Score(2, 3))
>>> hands = {0: 2, 1: 4, 2: 9}
>>> result = rank(scores, Tiebreaker(hands.get, "broken by the most cards in hand ({value})", "demo/tiebreak",
...                                   ties="{value} cards in hand"))
>>> result.winners, result.tiebreak, result.tiebreak_rule
((1,), 'tie on 5 points broken by the most cards in hand (4)', 'demo/tiebreak')
>>> rank((Score(0, 1), Score(1, 1)), shared_rule="demo/tie").tiebreak
'tie on 1 point: the victory is shared'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .words import count


@dataclass(frozen=True, slots=True)
class Score:
    """A player's score with its breakdown: ``parts`` are ``(label, points)`` pairs."""

    player: int
    total: int
    parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a game (or the standing of one under way).

    ``winners`` holds one player, or several who share the victory;
    ``tiebreak`` says in words how a tie on points was settled (or why it
    stands), and ``tiebreak_rule`` is the id of the rule that settled it.
    """

    winners: tuple[int, ...]
    scores: tuple[Score, ...]
    tiebreak: str | None = None
    tiebreak_rule: str | None = None

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def order(self) -> tuple[int, ...]:
        """Every player from first to last: the winners first, then by points (ties keep seat order)."""
        rest = sorted((s for s in self.scores if s.player not in self.winners), key=lambda s: -s.total)
        return self.winners + tuple(s.player for s in rest)


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    """One way of settling a tie on points, tried in turn among the players still tied.

    ``measure(player)`` is the player's value (``None``: they have none, and
    give way to anyone who has one); the highest value wins, the lowest if
    ``lowest``.  ``says`` words a tie it breaks (``{value}``: the winning
    value, ``{name}``: the winner, ``{best}``: the points tied on), ``ties``
    words a tie it leaves standing (``"{value} cards in hand"``), and
    ``rule`` is the id of the rule it follows.
    """

    measure: Callable[[int], int | float | None]
    says: str
    rule: str
    lowest: bool = False
    ties: str | None = None
    shown: Callable[[int | float], object] = lambda value: value


def rank(scores: Sequence[Score], *tiebreakers: Tiebreaker, unit: str = "point", names: Sequence[str] = (),
         shared_rule: str | None = None, unsettled: str = "that no tiebreaker settles") -> Result:
    """Who wins on ``scores``: the most points, then each tiebreaker in turn among those still tied.

    A tie that the tiebreakers leave standing is a shared victory, cited to
    ``shared_rule`` (default: the last tiebreaker's rule) and worded by the
    last tiebreaker that had a say (its ``ties``), else as ``unsettled``.
    """
    scores = tuple(scores)
    best = max(s.total for s in scores)
    tied = [s.player for s in scores if s.total == best]
    if len(tied) == 1:
        return Result((tied[0],), scores)
    amount = count(best, unit)
    last: tuple[Tiebreaker, object] | None = None
    for breaker in tiebreakers:
        values = {p: breaker.measure(p) for p in tied}
        having = [p for p in tied if values[p] is not None]
        if not having:
            continue
        pick = min if breaker.lowest else max
        top = pick(values[p] for p in having)  # type: ignore[type-var]
        tied = [p for p in having if values[p] == top]
        shown = breaker.shown(top)  # type: ignore[arg-type]
        if len(tied) == 1:
            name = names[tied[0]] if names else str(tied[0])
            text = breaker.says.format(value=shown, name=name, best=best)
            return Result(tuple(tied), scores, f"tie on {amount}{'' if text[:1] in ',;:' else ' '}{text}", breaker.rule)
        last = (breaker, shown)
    rule = shared_rule or (tiebreakers[-1].rule if tiebreakers else None)
    if last is not None and last[0].ties:
        why = f"tie on {amount} and {last[0].ties.format(value=last[1], best=best)}"
    elif tiebreakers:
        why = f"tie on {amount} {unsettled}"
    else:
        why = f"tie on {amount}"
    return Result(tuple(tied), scores, why + ": the victory is shared", rule)
