"""The registry of games: each package under :mod:`explorer.games` registers itself.

Games are found by importing every subpackage of ``explorer.games`` the
first time the registry is asked, so adding a game is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a game package calls this on import)."""
    _GAMES[game.name] = game
    return game


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    package = importlib.import_module("explorer.games")

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{package.__name__}.{info.name}")


def games() -> list[Game]:
    """Every registered game, in alphabetical order of name."""
    _load()
    return [_GAMES[name] for name in sorted(_GAMES)]


def game(name: str) -> Game:
    """The game called ``name`` (``"pet-quartet"``; ``"pet_quartet"`` and case do not matter)."""
    _load()
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key in _GAMES:
        return _GAMES[key]
    known = ", ".join(sorted(_GAMES))
    raise UnknownGame(f"there is no game called {str(name)[:40]!r}; the games are: {known}.")
