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
    the game's one-move heuristic, as its declared ``Game.strategy`` says
    (random play, with a warning, for a game that declares none);
``search``
    flat Monte Carlo over determinizations, playing by the game's playout
    policy (the strategy's ``playout`` where it offers a stronger player than
    its greedy one, else ``greedy``), on the game's own budget of playouts
    and rollout horizon by default (``Game.search_budget``).

A bot is handed an :class:`Observation` (the view, the legal moves and
determinizations), never the state: see :mod:`explorer.bots.observation`.
"""

from .base import MAX_MOVES, Bot, decide, play_out
from .greedy import FallbackWarning, GreedyBot, heuristic, playout_policy
from .observation import HiddenInformation, Observation
from .registry import describe, make, names, parameters, parse, register
from ..core import Budget
from .search import DeadEnd, SearchBot, budget, reward
from .seeding import BotRng, derive
from .uniform import RandomBot

__all__ = [
    "MAX_MOVES", "Bot", "BotRng", "Budget", "DeadEnd", "FallbackWarning", "GreedyBot", "HiddenInformation",
    "Observation", "RandomBot", "SearchBot", "budget", "decide", "derive", "describe", "heuristic", "make", "names",
    "parameters", "parse", "play_out", "playout_policy", "register", "reward",
]
