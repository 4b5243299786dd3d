"""Each game's own views in the explorer: its table, its scoring panel, its move labels.

The explorer draws every game through three slots, each with a default that
works for any game:

``table(state, viewer) -> str``
    the position as HTML, as ``viewer`` sees it (``None``: everyone).
    Default: ``state.html(viewer)``.
``panel(game) -> Panel``
    a scoring panel: an object with a ``widget`` to show and a
    ``show(timeline, viewer)`` method that updates it in place.
    Default: a chart of every player's total after every move.
``describe(state, move) -> str``
    a few words saying what a legal move does, shown on its button next to
    the notation.  Default: the state's own ``describe(move)`` if it has one,
    else nothing.

A game fills its slots with :func:`register_views`, from a module in
:mod:`explorer.widgets.games` named after its package; every module there is
imported the first time views are asked for, so adding a game's views is
adding a file.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..core import Game, State


class Panel(Protocol):
    """A scoring panel: a widget, and how to bring it up to date."""

    widget: Any

    def show(self, timeline: Any, viewer: int | None) -> None: ...


def default_table(state: State, viewer: int | None) -> str:
    return state.html(viewer)


def default_panel(game: Game) -> Panel:
    from .charts import ScorePanel

    return ScorePanel(game)


def default_describe(state: State, move: Any) -> str:
    describe = getattr(state, "describe", None)
    return str(describe(move)) if callable(describe) else ""


@dataclass(frozen=True, slots=True)
class Views:
    """The three slots of one game."""

    table: Callable[[State, int | None], str] = default_table
    panel: Callable[[Game], Panel] = default_panel
    describe: Callable[[State, Any], str] = default_describe


_VIEWS: dict[str, Views] = {}
_loaded = False


def register_views(game: str, *, table=None, panel=None, describe=None) -> Views:
    """Fill some of the slots of the game called ``game``; the others keep their defaults."""
    views = Views(table or default_table, panel or default_panel, describe or default_describe)
    _VIEWS[game] = views
    return views


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import games as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        importlib.import_module(f"{package.__name__}.{info.name}")


def views_for(game: Game | str) -> Views:
    """The views of ``game``: its own where it registered some, the defaults elsewhere."""
    _load()
    name = game if isinstance(game, str) else game.name
    return _VIEWS.get(name, Views())
