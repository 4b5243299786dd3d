"""What every game shares: the game protocol and declaration, records, options, rules, scoring, errors and randomness."""

from .declaration import Budget, Chance, Information, Renderer, Strategy
from .errors import (
    ArgumentError, ExplorerError, IllegalMove, InvalidMove, OptionError, RecordError, UnknownGame,
)
from .game import DEFAULT_NAMES, Entry, Game, Illegal, State
from .events import Narrator
from .options import Option, OptionSet
from .records import dumps, parse_record, replay
from .registry import game, games, register
from .rng import Rng
from .rules import Rule, Rulebook
from .scoring import Result, Score, Tiebreaker, rank

__all__ = [
    "ArgumentError", "DEFAULT_NAMES", "Budget", "Chance", "Entry", "ExplorerError", "Game", "Illegal", "IllegalMove", "Information",
    "InvalidMove", "Narrator", "Option", "OptionError", "OptionSet", "RecordError", "Renderer", "Result", "Rng", "Rule", "Rulebook",
    "Score", "State", "Strategy", "Tiebreaker", "UnknownGame", "dumps", "game", "games", "parse_record", "rank",
    "register", "replay",
]
