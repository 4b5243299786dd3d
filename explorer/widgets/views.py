"""Each game's own views in the explorer: its table, its scoring panel, its move labels.

The explorer draws every game through six slots, each with a default that
works for any game:

``table(state, viewer[, targets[, looks]]) -> str``
    the position as HTML, as ``viewer`` sees it (``None``: everyone).  A
    game that can be played on its table (the ``touch`` slot) takes a third
    argument, the :class:`~explorer.widgets.touch.Targets` to mark (``None``
    when nobody may touch the table now), and may take a fourth, the parts
    of the table a lesson's note names to look at (a frozenset of words, see
    :func:`~explorer.widgets.touch.look`).  Default: ``state.html(viewer)``.
``panel(game) -> Panel``
    a scoring panel: an object with a ``widget`` to show and a
    ``show(timeline, viewer)`` method that updates it in place.
    Default: a chart of every player's total after every move.
``describe(state, move, viewer) -> str``
    a few words saying what a legal move does, shown on its button next to
    the notation, in words ``viewer`` may read (``None``: everyone; the
    buttons show only to everyone or to the player to move).  A function of
    ``(state, move)`` alone is accepted too.  Default: the state's own
    ``describe(move)`` if it has one, else nothing.
``chooser(game, explorer) -> Chooser``
    a way to choose a move of the game's own, for positions where buttons
    are not the best way (a tile placed by clicking the table, say): an
    object with a ``widget``, shown above the move buttons, and a
    ``show(state, viewer)`` method called whenever the position or the
    viewer changes.  It plays through the explorer it is given
    (``explorer.play(notation)``, ``explorer.say(text, kind)``,
    ``explorer.is_person(player)``, ``explorer.seen_by``).  Default: none;
    the buttons and the text box always work as well.
``touch(game) -> Touch``
    playing on the table itself: clicking cards, rows, tiles (see
    :mod:`explorer.widgets.touch`).  The explorer keeps the partial choice,
    passes the table's clicks on, plays the moves and shows the refusals;
    once a game has it, the move buttons fold away (one click opens them:
    the keyboard's and the screen reader's way).  Default: none.
``fold(entries, names) -> [(first, last, text)]``
    runs of moves the move list shows as one line: indexes into the
    match's ``entries`` (its log) and the words for them all ("Bo and Cy
    do not attack.").  Default: none; every move has its own line.

A game fills its slots with :func:`register_views`, from the module its
declaration names (``Game.widgets``, e.g. ``"explorer.widgets.games.pets"``),
imported the first time the game's views are asked for.  A game that names
none gets the defaults.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from ..core import Game, State
from .touch import Touch


class Panel(Protocol):
    """A scoring panel: a widget, and how to bring it up to date."""

    widget: Any

    def show(self, timeline: Any, viewer: int | None) -> None: ...


class Chooser(Protocol):
    """A game's own way to choose a move: a widget, and how to bring it up to date."""

    widget: Any

    def show(self, state: State, viewer: int | None) -> None: ...


def default_table(state: State, viewer: int | None) -> str:
    return state.html(viewer)


def default_panel(game: Game) -> Panel:
    from .charts import ScorePanel

    return ScorePanel(game)


def default_describe(state: State, move: Any, viewer: int | None = None) -> str:
    describe = getattr(state, "describe", None)
    return str(describe(move)) if callable(describe) else ""


def _takes(function: Callable[..., Any], most: int = 3) -> bool:
    """Whether ``function`` takes ``most`` positional arguments (one without a signature is given them)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= most or any(p.kind is p.VAR_POSITIONAL for p in parameters)


def with_targets(table: Callable[..., str]) -> Callable[[State, int | None, Any, Any], str]:
    """``table`` as a function of ``(state, viewer, targets, looks)``, whether or not it draws targets and looks.

    >>> with_targets(lambda state, viewer: "a table")(None, None, None, frozenset())
    'a table'
    """
    if _takes(table, 4):
        return table
    three = _takes(table)

    def drawn(state: State, viewer: int | None, targets: Any = None, looks: Any = frozenset()) -> str:
        return table(state, viewer, targets) if three else table(state, viewer)

    return drawn


def with_viewer(describe: Callable[..., str]) -> Callable[[State, Any, int | None], str]:
    """``describe`` as a function of ``(state, move, viewer)``, whether or not it reads the viewer.

    >>> with_viewer(lambda state, move: "two")(None, None, 1)
    'two'
    """
    if _takes(describe):
        return describe

    def described(state: State, move: Any, viewer: int | None = None) -> str:
        return describe(state, move)

    return described


@dataclass(frozen=True, slots=True)
class Views:
    """The six slots of one game."""

    table: Callable[[State, int | None, Any, Any], str] = default_table
    panel: Callable[[Game], Panel] = default_panel
    describe: Callable[[State, Any, int | None], str] = default_describe
    chooser: Callable[[Game, Any], Chooser] | None = None
    touch: Callable[[Game], Touch] | None = None
    fold: Callable[[Sequence[Any], Sequence[str]], list[tuple[int, int, str]]] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "describe", with_viewer(self.describe))
        object.__setattr__(self, "table", with_targets(self.table))


_VIEWS: dict[str, Views] = {}


def register_views(game: str, *, table=None, panel=None, describe=None, chooser=None, touch=None,
                   fold=None) -> Views:
    """Fill some of the slots of the game called ``game``; the others keep their defaults."""
    views = Views(table or default_table, panel or default_panel, describe or default_describe, chooser, touch,
                  fold)
    _VIEWS[game] = views
    return views


def views_for(game: Game | str) -> Views:
    """The views of ``game``: its own where its declared module registers some, the defaults elsewhere."""
    if isinstance(game, str):
        from ..core import game as find

        game = find(game)
    if game.name not in _VIEWS and game.widgets:
        importlib.import_module(game.widgets)
    return _VIEWS.get(game.name, Views())
