"""What every game shares: the game protocol, records, options, rules, errors and randomness."""

from .errors import ArgumentError, ExplorerError, IllegalMove, InvalidMove, OptionError, RecordError, UnknownGame
from .game import DEFAULT_NAMES, Entry, Game, Illegal, Result, Score, State
from .options import Option, OptionSet
from .records import dumps, parse_record, replay
from .registry import game, games, register
from .rng import Rng
from .rules import Rule, Rulebook

__all__ = [
    "ArgumentError", "DEFAULT_NAMES", "Entry", "ExplorerError", "Game", "Illegal", "IllegalMove", "InvalidMove",
    "Option", "OptionError", "OptionSet", "RecordError", "Result", "Rng", "Rule", "Rulebook",
    "Score", "State", "UnknownGame", "dumps", "game", "games", "parse_record", "register", "replay",
]
