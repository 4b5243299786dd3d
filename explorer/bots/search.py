"""A Monte Carlo search bot for games of imperfect information.

The bot cannot see the hidden cards, so it imagines them: a playout deals a
*determinization* (the hidden parts dealt anew, consistently with what the
player has seen), plays one candidate move in it, then plays the match to
its end with a fast policy: the game's *playout policy* (its greedy
heuristic, or the stronger player a game may offer for playouts, see
:func:`~explorer.bots.greedy.playout_policy`), or uniform random moves.
A candidate's value is its average result for the player: 1 for a win,
``1/k`` for a victory shared by ``k`` players, 0 for a loss, blended with a
little of the final score margin so that a search facing a stronger
opponent still tells a close loss from a rout.

The candidates are compared on equal luck: the j-th playout of every
candidate imagines the same world and draws from the same random stream,
so a difference in results comes from the moves, not the deal.  The playout
policy's own choice is the default; the bot plays another candidate only
when, over the shared worlds, it does better by more than chance would
explain (``confidence`` standard errors).  A small budget therefore plays
like the policy, and a larger one improves on it.

This is flat Monte Carlo over determinizations: no tree below the root, and
only as far-sighted as its rollouts; like every determinized search it may
overrate a move that pays only for a player who knows the hidden cards.  The
budget is a number of playouts, so a seeded bot always makes the same
decisions; a time budget may be given instead.

Rollouts cost very different amounts in different games, so unless told
otherwise the bot takes the budget each game declares (``Game.search_budget``): as many playouts,
and rollouts as long, as keep a decision well under a second of CPU time
while still beating the greedy heuristic where the saved duels show it does
(``explorer/analysis/ladder.csv``).
"""

from __future__ import annotations

import itertools
import math
import time

from ..core import Budget, ExplorerError, Game, State
from ..core.game import Move
from .base import MAX_MOVES, Bot
from ..core.declaration import Heuristic
from .greedy import heuristic, playout_policy
from .observation import Observation
from .seeding import BotRng, derive

#: How an imagined match is finished: by the game's playout policy, by its greedy heuristic, or at random.
ROLLOUTS = ("policy", "greedy", "random")


class DeadEnd(ExplorerError):
    """An imagined match stopped where no real one can: the game's ``determinize`` dealt a world its rules cannot reach."""


#: The most imagined worlds asked for the playout policy's choice when picking candidates.
POLICY_SAMPLES = 8


def budget(game: Game | str) -> Budget:
    """The default budget of a search at ``game`` (a game or its name): the one the game declares."""
    from ..core import game as find

    return (find(game) if isinstance(game, str) else game).search_budget


def reward(state: State, player: int, margin: float = 0.0) -> float:
    """What a match is worth to ``player``, from 0 to 1; an unfinished one, as if it ended now.

    Mostly the share of the victory (1, ``1/k`` if shared by ``k``, or 0);
    a ``margin`` weight of it goes to the score against the best opponent,
    ``(mine - theirs) / (|mine| + |theirs| + 1)`` rescaled to [0, 1], so that
    among lost (or won) matches the closer (or wider) ones count for more.
    A match cut short (a rollout with a horizon) is valued on the scores it
    has so far, its leaders counting as its winners.
    """
    result = state.result() if state.is_over() else None
    if result is not None:
        winners = result.winners
        totals = [s.total for s in result.scores]
    else:
        totals = [s.total for s in state.scores()]
        best = max(totals)
        winners = tuple(p for p, t in enumerate(totals) if t == best)
    win = 1.0 / len(winners) if player in winners else 0.0
    if not margin:
        return win
    mine = totals[player]
    theirs = max(t for p, t in enumerate(totals) if p != player)
    lead = (mine - theirs) / (abs(mine) + abs(theirs) + 1)
    return (1 - margin) * win + margin * (lead + 1) / 2


def _better(challenger: list[float], default: list[float], confidence: float, least: int) -> bool:
    """Whether ``challenger`` beats ``default`` over at least ``least`` shared worlds by more than chance explains."""
    diffs = [a - b for a, b in zip(challenger, default)]
    n = len(diffs)
    if n < max(least, 1):
        return False
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0 and confidence == 0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean > confidence * spread / math.sqrt(n) and mean > 0


class SearchBot(Bot):
    """Flat Monte Carlo search over determinizations, playing by the game's playout policy (or random rollouts)."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        playouts: int | None = None,
        rollout: str = "policy",
        epsilon: float = 0.0,
        width: int = 0,
        confidence: float | None = None,
        least: int = 0,
        margin: float = 0.2,
        seconds: float = 0.0,
        horizon: int | None = None,
    ) -> None:
        """``playouts`` per decision (or ``seconds`` per decision, when positive, instead).

        ``playouts``, ``horizon`` and ``confidence`` left at None take the game's :func:`budget`.

        ``rollout`` is the policy that finishes each imagined match:
        ``"policy"``, the game's playout policy (a uniformly random move
        instead with probability ``epsilon``); ``"greedy"``, its greedy
        heuristic even where it offers a stronger playout policy; or
        ``"random"``.  The first two also choose the default move, which
        with ``"random"`` is the playout policy's.  ``width`` is the most
        moves a decision weighs (0: a fifth of the playouts, at least 2; see
        :meth:`candidates`).  ``confidence`` is how many standard errors a
        move must gain over the policy's choice to replace it (0: any gain), and
        ``least`` how many shared worlds that gain must be measured on.
        ``margin`` is the weight of the final score margin in a playout's
        value (see :func:`reward`).  ``horizon`` cuts each rollout after that
        many moves and values the match on its scores so far (0: play to the
        end); a short horizon makes a playout far cheaper in a long game.
        """
        super().__init__(seed)
        if playouts is not None and playouts < 1:
            raise ExplorerError(f"a search needs at least one playout, not {playouts}.")
        if rollout not in ROLLOUTS:
            raise ExplorerError(f"the rollout policy must be one of {', '.join(ROLLOUTS)}, not {rollout!r}.")
        if not 0.0 <= epsilon <= 1.0:
            raise ExplorerError(f"epsilon is a probability from 0 to 1, not {epsilon}.")
        if not 0.0 <= margin <= 1.0:
            raise ExplorerError(f"margin is a weight from 0 to 1, not {margin}.")
        if width < 0 or (confidence or 0) < 0 or least < 0 or seconds < 0 or (horizon or 0) < 0:
            raise ExplorerError("width, confidence, least, seconds and horizon cannot be negative.")
        self.playouts = playouts
        self.rollout = rollout
        self.epsilon = epsilon
        self.width = width
        self.confidence = confidence
        self.least = least
        self.margin = margin
        self.seconds = seconds
        self.horizon = horizon
        #: Playouts run so far, over all decisions (for benchmarks).
        self.spent = 0

    def choose(self, seen: Observation) -> Move:
        if len(seen.legal) == 1:
            return seen.legal[0]
        base = self.rng.seed63()
        spend = self.budget(seen.game)
        default, candidates = self.candidates(seen, base)
        policy = None if self.rollout == "random" else self._policy(seen.game)
        results: list[list[float]] = [[] for _ in candidates]
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        n = 0
        for world_index in itertools.count():
            if deadline is not None and world_index and time.perf_counter() >= deadline:
                break
            for arm, move in enumerate(candidates):
                if deadline is None and n >= spend.playouts:
                    break
                world = seen.determinize(derive(base, world_index))
                world.play(move)
                self._finish(world, policy, BotRng(derive(base, world_index, "rollout")), spend.horizon)
                results[arm].append(reward(world, seen.player, self.margin))
                n += 1
            if deadline is None and n >= spend.playouts:
                break
        self.spent += n
        tried = [a for a in range(len(candidates)) if results[a]]
        best = max(tried, key=lambda a: (sum(results[a]) / len(results[a]), -a))
        if default is None or best == default or _better(results[best], results[default], spend.confidence, self.least):
            return candidates[best]
        return candidates[default]

    def candidates(self, seen: Observation, base: int) -> tuple[int | None, list[Move]]:
        """The moves the playouts are shared among, and which of them is the policy's choice (if any).

        Every legal move when the budget can tell them apart.  Otherwise (more
        moves than ``width``) the moves the policy chooses in a few imagined
        worlds, then a random sample of the others, so that each candidate
        gets a few playouts rather than every move one or none.  The policy's
        choice in the first world is the default.  The policy is the game's
        playout policy, or its greedy heuristic with ``rollout="greedy"``.
        """
        legal = list(seen.legal)
        width = len(legal) if self.seconds else self.width or max(2, self.budget(seen.game).playouts // 5)
        picked: list[Move] = []
        rule = self._policy(seen.game)
        if rule is not None:
            for i in range(min(width, len(legal), POLICY_SAMPLES)):
                world = seen.determinize(derive(base, "greedy", i))
                move = rule(world, seen.player, BotRng(derive(base, "greedy", i, "rng")))
                if move not in picked:
                    picked.append(move)
        others = [m for m in legal if m not in picked]
        self.rng.shuffle(others)
        return (0 if picked else None), picked + others[: max(0, width - len(picked))]

    def budget(self, game: Game | str) -> Budget:
        """What this bot spends on a decision at ``game``: the playouts, horizon and confidence given, else the game's."""
        default = budget(game)
        return Budget(default.playouts if self.playouts is None else self.playouts,
                      default.horizon if self.horizon is None else self.horizon,
                      default.confidence if self.confidence is None else self.confidence,
                      default.why)

    def _policy(self, game: Game) -> Heuristic | None:
        """The policy that picks the default move and plays the rollouts (the random rollouts' default too)."""
        return heuristic(game) if self.rollout == "greedy" else playout_policy(game)

    def _finish(self, world: State, policy: Heuristic | None, rng: BotRng, horizon: int) -> None:
        """Play an imagined match to its end (or ``horizon`` moves on) with ``policy`` (None: at random), drawing
        from ``rng``."""
        epsilon = self.epsilon
        steps = 0
        limit = horizon or MAX_MOVES + 1
        while not world.is_over() and steps < limit:
            moves = world.legal_moves()
            if not moves:
                # A real match never gets here: valuing the playout anyway would hide a fault of the game.
                raise DeadEnd(
                    f"an imagined match of {world.game.title} reached a position where the player to move has no "
                    f"legal move, yet the game is not over (ply {world.ply}): the game's determinize() dealt a world "
                    "its rules cannot reach.")
            if len(moves) == 1:
                move = moves[0]
            elif policy is not None and (not epsilon or rng.random() >= epsilon):
                mover = world.to_move
                assert mover is not None  # someone has legal moves, so someone decides
                move = policy(world, mover, rng)
            else:
                move = rng.choice(moves)
            world.play(move)
            steps += 1
            if steps > MAX_MOVES:
                raise ExplorerError(f"an imagined match did not end within {MAX_MOVES:,} moves.")
