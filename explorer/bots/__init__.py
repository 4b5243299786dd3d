"""Bots that play any registered game, each seeing only its own player's view.

>>> import explorer
>>> from explorer import bots
>>> bots.names()
['random', 'greedy', 'search']
>>> state = explorer.new("pet-quartet", players=3, seed=4)
>>> seats = [bots.make(name, seed=i) for i, name in enumerate(["random", "greedy", "search(playouts=8)"])]
>>> bots.play_out(state, seats).is_over()
True

Three bots, from weak to strong:

``random``
    uniform over the legal moves;
``greedy``
    the game's one-move heuristic, ``greedy_move`` in the game's
    ``strategy`` module (random play, with a warning, for a game without one);
``search``
    flat Monte Carlo over determinizations, playing by the game's playout
    policy (its ``playout_move`` where it offers a stronger player than its
    greedy one, else ``greedy_move``), on the game's own budget of playouts
    and rollout horizon by default (:data:`~explorer.bots.search.BUDGETS`).

A bot is handed an :class:`Observation` (the view, the legal moves and
determinizations), never the state: see :mod:`explorer.bots.observation`.
"""

from .base import MAX_MOVES, Bot, decide, play_out
from .greedy import FallbackWarning, GreedyBot, heuristic, playout_policy
from .observation import HiddenInformation, Observation
from .registry import describe, make, names, parameters, parse, register
from .search import BUDGETS, Budget, DeadEnd, SearchBot, budget, reward
from .seeding import BotRng, derive
from .uniform import RandomBot

__all__ = [
    "BUDGETS", "MAX_MOVES", "Bot", "BotRng", "Budget", "DeadEnd", "FallbackWarning", "GreedyBot", "HiddenInformation",
    "Observation", "RandomBot", "SearchBot", "budget", "decide", "derive", "describe", "heuristic", "make", "names",
    "parameters", "parse", "play_out", "playout_policy", "register", "reward",
]
