"""The greedy bot: each game's one-move heuristic, as the game declares it.

A game offers a heuristic by declaring a :class:`~explorer.core.Strategy`
(``Game.strategy``) whose ``greedy`` is a function::

    def greedy_move(state: State, player: int, rng: BotRng) -> Move

``state`` is a determinization from ``player``'s point of view (a full
match in which what ``player`` cannot see is an invented but consistent
deal), ``state.to_move == player``, and the function returns one of
``state.legal_moves()``.  It may read the state freely and play on copies of
it: whatever it finds beyond the player's view is invented.  ``rng`` is a
:class:`random.Random` (also offering ``below(n)``) for breaking ties.
A game that declares no strategy gets uniform random play, and the bot says so.

The strategy may also declare a ``playout`` function, with the same
signature: the policy the search bot plays by (its default move and its
imagined matches) when the game knows a stronger one than its greedy
beginner's (:func:`playout_policy`); Keistad Kwartet does.
"""

from __future__ import annotations

import warnings

from ..core import ExplorerError, Game
from ..core.declaration import Heuristic
from ..core.game import Move
from .base import Bot
from .observation import Observation
from .seeding import BotRng

class FallbackWarning(UserWarning):
    """A bot could not play as asked for some game and plays a simpler way instead."""


def heuristic(game: Game) -> Heuristic | None:
    """The game's greedy heuristic, or None if it declares no strategy."""
    return game.strategy.greedy if game.strategy is not None else None


def playout_policy(game: Game) -> Heuristic | None:
    """The policy a search plays by at ``game``: its playout policy if it has one, else its greedy heuristic."""
    return game.strategy.policy if game.strategy is not None else None


class GreedyBot(Bot):
    """Plays the game's one-move heuristic (uniform random play where a game has none)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.fallback: str | None = None

    def choose(self, seen: Observation) -> Move:
        legal = seen.legal
        rule = heuristic(seen.game)
        if rule is None:
            if self.fallback is None:
                self.fallback = f"{seen.game.title} has no greedy strategy, so the greedy bot plays at random."
                warnings.warn(self.fallback, FallbackWarning, stacklevel=2)
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]
        move: Move = rule(seen.determinize(self.rng.seed63()), seen.player, self.rng)
        if move not in legal:
            raise ExplorerError(f"{seen.game.title}'s greedy strategy chose {move}, which is not a legal move.")
        return move

    def describe(self) -> str:
        return self.fallback or super().describe()
