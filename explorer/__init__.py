"""explorer: a rule explorer for five tabletop games.

>>> import explorer
>>> state = explorer.new("pet-quartet", players=4, seed=7)
>>> state.legal_moves()
[Draw()]
>>> entry = state.play("D")
>>> state.to_record()["moves"]
['D']
"""

from .core import (
    ArgumentError, Entry, ExplorerError, Game, Illegal, IllegalMove, InvalidMove, Option, OptionError, RecordError,
    Result, Rule, Score, State, UnknownGame, dumps, game, parse_record, replay,
)
from .games import games_package as games  # the package of games, callable: explorer.games() lists them

__version__ = "0.1.0"


def new(name: str, players: int | None = None, seed: int = 0, options=None, *, setup=None, names=None) -> State:
    """A new match of the game called ``name``: ``explorer.new("pet-quartet", players=4, seed=7)``."""
    return game(name).new(players, seed, options, setup=setup, names=names)


__all__ = [
    "ArgumentError", "Entry", "ExplorerError", "Game", "Illegal", "IllegalMove", "InvalidMove", "Option", "OptionError",
    "RecordError", "Result", "Rule", "Score", "State", "UnknownGame", "dumps", "game", "games", "new",
    "parse_record", "replay",
]


def __getattr__(name: str):
    # explorer.simulate lives with the analysis tools; importing it only when asked keeps
    # `import explorer` light for a bot or a worker process that never simulates.
    if name == "simulate":
        from .analysis import simulate

        return simulate
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")
