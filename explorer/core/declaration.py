"""What a game declares about itself, beside its rules and options, for generic code to read.

A :class:`~explorer.core.Game` is one declaration: everything the command
line, the bots, the analysis, the widgets and the docs need to know about a
game is an attribute of it, never a module found by its path or a table
that names the games.  The values it takes are defined here:

* :class:`Information`: whether every player sees the whole position;
* :class:`Chance`: whether chance takes part, and how;
* :class:`Strategy`: the game's one-move heuristic and playout policy, for the bots;
* :class:`Budget`: how much a search spends on a decision at this game;
* :class:`Renderer`: how a position is drawn, as text and as HTML.

Like OpenSpiel's ``GameType``, these are plain values: a sixth game sets them
in its class body and every generic part of the explorer picks it up.
"""

from __future__ import annotations

import enum
import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .game import Move, State


class Information(enum.Enum):
    """How much of the position each player sees."""

    #: Every player sees the whole position (a deck's order may still be unknown to all alike).
    PERFECT = "perfect"
    #: Some of the position is hidden from some players: their views differ, and bots determinize.
    IMPERFECT = "imperfect"


class Chance(enum.Enum):
    """Whether chance takes part in a game, and how the engine draws it."""

    #: No chance after the deal.
    DETERMINISTIC = "deterministic"
    #: Chance is drawn, as moves are played, from the state's own seeded generator (OpenSpiel's
    #: ``SAMPLED_STOCHASTIC``): a draw from a shuffled deck, a reshuffle.  A record replays it bit for bit.
    SAMPLED = "sampled"


#: A one-move heuristic: ``(state, player, rng) -> move``, where ``state`` is a determinization from
#: ``player``'s point of view with ``state.to_move == player``, and ``rng`` breaks ties.  Typed with
#: ``Any``: each game's heuristic takes its own kind of state and gives its own kind of move.
Heuristic = Callable[[Any, int, Any], Any]


@dataclass(frozen=True, slots=True)
class Strategy:
    """The game's own play for its bots: ``greedy`` is the beginner's heuristic the greedy bot plays;
    ``playout``, where the game knows a stronger one, is the policy a search plays its imagined matches
    by (else the greedy heuristic)."""

    greedy: Heuristic
    playout: Heuristic | None = None

    @property
    def policy(self) -> Heuristic:
        """What a search plays by: the playout policy, or the greedy heuristic."""
        return self.playout or self.greedy


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search spends on one decision, and how sure it must be to overrule the policy's choice.

    ``playouts``, each cut after ``horizon`` moves (0: none); ``confidence``
    is how many standard errors a move must gain over the policy's choice to
    replace it.  ``why`` says how the game's figures were chosen; the docs
    print it beside them.
    """

    playouts: int = 50
    horizon: int = 0
    confidence: float = 1.5
    why: str = ""


#: What makes a part of a drawn table a target to click in a page that lets a person play on the table
#: (see :mod:`explorer.widgets.touch`): ``marks(target, words)`` gives the HTML attributes for ``target``
#: (a short name the page reads back) described in ``words``, or '' to leave that part as it is.  A game's
#: HTML renderer may take one, so that it draws targets without deciding anything.
Marks = Callable[[str, str], str]


def no_marks(target: str, words: str) -> str:
    """No targets: a table only to look at."""
    return ""


def text_as_html(text: str) -> str:
    """A text table shown as HTML, escaped: a game without an HTML table of its own gets this."""
    return f'<pre class="explorer-table">{html.escape(text)}</pre>'


@dataclass(frozen=True, slots=True)
class Renderer:
    """How a position is drawn: ``text(view)`` for the command line, ``html(view)`` for notebooks.

    Both take a view (``state.view(player)``), so neither can show what the
    viewer may not see.  ``html`` defaults to the text table, escaped.
    """

    text: Callable[[Any], str]
    html: Callable[[Any], str] | None = None

    def table_html(self, view: Any) -> str:
        return self.html(view) if self.html is not None else text_as_html(self.text(view))
