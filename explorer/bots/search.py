"""A Monte Carlo search bot for games of imperfect information.

The bot cannot see the hidden cards, so it imagines them: every playout
deals a fresh *determinization* (the hidden parts dealt anew, consistently
with what the player has seen), plays one candidate move in it, then plays
the match to its end with a fast policy (the game's greedy heuristic with a
dash of randomness, or uniform random moves).  Each candidate's value is its
average result for the player: 1 for a win, ``1/k`` for a victory shared by
``k`` players, 0 for a loss.

The playouts are shared among the candidates by UCB1 (the bandit rule that
spends more playouts on the moves that look best while still trying the
others), and the bot plays the candidate with the best average.  This is
flat Monte Carlo over determinizations: no tree below the root, so no
strategy fusion across imagined worlds, and it is only as far-sighted as
its rollouts.  The budget is a number of playouts by default, so a seeded
bot always makes the same decisions; a time budget may be given instead.
"""

from __future__ import annotations

import math
import time

from ..core import ExplorerError, State
from ..core.game import Move
from .base import MAX_MOVES, Bot
from .greedy import heuristic
from .observation import Observation
from .seeding import BotRng, derive

ROLLOUTS = ("greedy", "random")


def reward(state: State, player: int) -> float:
    """``player``'s share of the victory in a finished match: 1, ``1/k`` if shared by k, or 0."""
    winners = state.result().winners
    return 1.0 / len(winners) if player in winners else 0.0


class SearchBot(Bot):
    """Flat Monte Carlo search over determinizations, with greedy (or random) rollouts."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 50,
        rollout: str = "greedy",
        epsilon: float = 0.1,
        exploration: float = 0.5,
        seconds: float = 0.0,
    ) -> None:
        """``playouts`` per decision (or ``seconds`` per decision, when positive, instead).

        ``rollout`` is the policy that finishes each imagined match:
        ``"greedy"`` (the game's heuristic, a uniformly random move with
        probability ``epsilon``) or ``"random"``.  ``exploration`` is UCB1's
        constant: higher spreads the playouts more evenly.
        """
        super().__init__(seed)
        if playouts < 1:
            raise ExplorerError(f"a search needs at least one playout, not {playouts}.")
        if rollout not in ROLLOUTS:
            raise ExplorerError(f"the rollout policy must be one of {', '.join(ROLLOUTS)}, not {rollout!r}.")
        if not 0.0 <= epsilon <= 1.0:
            raise ExplorerError(f"epsilon is a probability from 0 to 1, not {epsilon}.")
        if exploration < 0 or seconds < 0:
            raise ExplorerError("exploration and seconds cannot be negative.")
        self.playouts = playouts
        self.rollout = rollout
        self.epsilon = epsilon
        self.exploration = exploration
        self.seconds = seconds
        #: Playouts run so far, over all decisions (for benchmarks).
        self.spent = 0

    def choose(self, seen: Observation) -> Move:
        legal = seen.legal
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        player = seen.player
        k = len(legal)
        visits = [0] * k
        totals = [0.0] * k
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        budget = self.playouts
        first = list(range(k))
        rng.shuffle(first)  # when the budget is smaller than the choice, try a fair sample of it
        base = rng.seed63()
        n = 0
        while True:
            if deadline is None:
                if n >= budget:
                    break
            elif n >= k and time.perf_counter() >= deadline:
                break
            if n < k:
                arm = first[n]  # every candidate once before the bandit rule takes over
            else:
                log_n = math.log(n)
                c = self.exploration
                arm = max(range(k), key=lambda a: totals[a] / visits[a] + c * math.sqrt(log_n / visits[a]))
            # Every candidate's j-th playout imagines the same world and starts its rollout from
            # the same random stream, so candidates are compared on equal luck.
            j = visits[arm]
            world = seen.determinize(derive(base, j))
            world.play(legal[arm])
            self._finish(world, BotRng(derive(base, j, "rollout")))
            visits[arm] += 1
            totals[arm] += reward(world, player)
            n += 1
        self.spent += n
        tried = [a for a in range(k) if visits[a]]
        return legal[max(tried, key=lambda a: (totals[a] / visits[a], visits[a]))]

    def _finish(self, world: State, rng: BotRng) -> None:
        """Play an imagined match to its end with the rollout policy, drawing from ``rng``."""
        policy = heuristic(world.game) if self.rollout == "greedy" else None
        epsilon = self.epsilon
        steps = 0
        while not world.is_over():
            moves = world.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            elif policy is not None and rng.random() >= epsilon:
                move = policy(world, world.to_move, rng)
            else:
                move = rng.choice(moves)
            world.play(move)
            steps += 1
            if steps > MAX_MOVES:
                raise ExplorerError(f"an imagined match did not end within {MAX_MOVES:,} moves.")
