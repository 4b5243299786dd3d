"""The bot protocol: a seeded object that chooses a move from an observation.

>>> import explorer
>>> from explorer import bots
>>> state = explorer.new("pet-quartet", players=3, seed=1)
>>> bot = bots.make("random", seed=5)
>>> str(bots.decide(bot, state))
'D'

A bot is made for one match (``make(name, seed)``) and asked to
:meth:`~Bot.choose` each time its player is to move.  Its answer depends on
the observation and on its own seeded generator only, so a match between
bots replays exactly from the seeds.
"""

from __future__ import annotations

from typing import ClassVar

from ..core import ExplorerError, State
from ..core.game import Move
from .observation import Observation
from .seeding import BotRng

#: A match that runs longer than this is taken to be stuck.
MAX_MOVES = 20_000


class Bot:
    """Base of every bot: a name, a seed and a generator drawn from it.

    Subclasses implement :meth:`choose`.  A bot's parameters are the keyword
    arguments of its constructor (``SearchBot(seed, playouts=400)``); the
    registry checks them when a bot is made from text.
    """

    name: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = BotRng(seed)

    def choose(self, seen: Observation) -> Move:
        """The move this bot plays, seeing only ``seen``."""
        raise NotImplementedError

    def describe(self) -> str:
        """One line saying what this bot does (and any fallback it had to make)."""
        return (type(self).__doc__ or self.name).strip().splitlines()[0]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


def decide(bot: Bot, state: State) -> Move:
    """The move ``bot`` chooses for the player to move in ``state`` (which it never sees)."""
    player = state.to_move
    if player is None or state.is_over():
        raise ExplorerError("the game is over, so there is no move to choose.")
    move = bot.choose(Observation(state, player))
    return move


def play_out(state: State, bots: "list[Bot] | tuple[Bot, ...]") -> State:
    """Play ``state`` to the end, each player's moves chosen by ``bots[player]``; return it."""
    if len(bots) != state.players:
        raise ExplorerError(f"this match has {state.players} players but {len(bots)} bots were given.")
    choose = [bot.choose for bot in bots]
    for _ in range(MAX_MOVES - state.ply):
        if state.is_over():
            return state
        player = state.to_move
        assert player is not None  # the game is not over, so someone decides
        state.play(choose[player](Observation(state, player)))
    if not state.is_over():
        raise ExplorerError(f"the match did not end within {MAX_MOVES:,} moves.")
    return state
