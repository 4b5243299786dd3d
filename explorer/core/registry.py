"""The registry of games, filled from the ``explorer.games`` entry-point group.

Every installed package may declare games in its metadata, the explorer
itself included (its ``pyproject.toml``)::

    [project.entry-points."explorer.games"]
    pet-quartet = "explorer.games.pet_quartet:GAME"

The first time the registry is asked, each entry point is loaded: it names a
:class:`~explorer.core.game.Game` instance, a ``Game`` subclass (made with no
arguments) or a module that calls :func:`register` when imported.  A process
started afresh (a ``spawn`` or ``forkserver`` worker, a Dask worker) finds
the same games the same way.  A game given to :func:`register` by hand, in a
notebook say, is known to this process only; :func:`registered_by_hand` lists
those, so that a simulation can send them to its workers.

From a source tree that is not installed there is no metadata to read; the
games are then found by importing every subpackage of :mod:`explorer.games`.
"""

from __future__ import annotations

import importlib
import pkgutil
import types
import warnings
from typing import TYPE_CHECKING

from .errors import UnknownGame
from .game import Game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

#: The entry-point group games are declared in.
GROUP = "explorer.games"

_GAMES: dict[str, Game] = {}
_DECLARED: dict[str, Game] = {}  # the games that came from entry points
_loaded = False


class PluginWarning(UserWarning):
    """An installed package declares a game or a bot that cannot be loaded; the others still are."""


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a game package calls this on import) and return it."""
    _GAMES[game.name] = game
    return game


def declared(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` that installed packages declare, in order of name."""
    # importlib.metadata is imported when first asked, not with the engine: it costs more than the engine.
    from importlib.metadata import entry_points

    return sorted(entry_points(group=group), key=lambda e: e.name)


def load_entry_point(entry: EntryPoint, group: str) -> object | None:
    """What an entry point names, or None (with a :class:`PluginWarning`) when loading it fails."""
    try:
        return entry.load()
    except Exception as exc:  # a broken plugin must not take the other games down with it
        warnings.warn(f"the {group} entry point {entry.name!r} ({entry.value}) cannot be loaded: "
                      f"{type(exc).__name__}: {exc}", PluginWarning, stacklevel=3)
        return None


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    found = declared(GROUP)
    for entry in found:
        target = load_entry_point(entry, GROUP)
        if isinstance(target, type) and issubclass(target, Game):
            target = target()
        if isinstance(target, Game):
            _DECLARED[target.name] = register(target)
        elif isinstance(target, types.ModuleType):
            _declare_games_of(target)
        elif target is not None:
            warnings.warn(f"the {GROUP} entry point {entry.name!r} names {type(target).__name__}, "
                          "not a game.", PluginWarning, stacklevel=2)
    if not any(entry.value.startswith("explorer.games.") for entry in found):
        _walk_own_games()


def _walk_own_games() -> None:
    # No metadata of the explorer's own (a source tree on sys.path): its games are its subpackages.
    package = importlib.import_module("explorer.games")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg:
            _declare_games_of(importlib.import_module(f"{package.__name__}.{info.name}"))


def _declare_games_of(module: types.ModuleType) -> None:
    """Count the games a module registered on import as declared (every process finds them)."""
    _DECLARED.update({name: g for name, g in _GAMES.items() if type(g).__module__.startswith(module.__name__)})


def games() -> list[Game]:
    """Every registered game, in alphabetical order of name."""
    _load()
    return [_GAMES[name] for name in sorted(_GAMES)]


def registered_by_hand() -> list[Game]:
    """The games given to :func:`register` in this process that no entry point declares.

    A fresh worker process does not know them: :func:`explorer.analysis.simulate.simulate`
    sends them along with the work.
    """
    _load()
    return [g for name, g in sorted(_GAMES.items()) if _DECLARED.get(name) is not g]


def game(name: str) -> Game:
    """The game called ``name`` (``"pet-quartet"``; ``"pet_quartet"`` and case do not matter)."""
    _load()
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key in _GAMES:
        return _GAMES[key]
    known = ", ".join(sorted(_GAMES))
    raise UnknownGame(f"there is no game called {str(name)[:40]!r}; the games are: {known}.")
