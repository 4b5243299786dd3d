"""Links that reopen a game on a dashboard, and the explorer's "copy link to this position".

A dashboard's address may name a game: ``pet_quartet.ipynb?game=pet-quartet&players=4&seed=7&moves=D~P2&at=1``
(the format is :mod:`explorer.core.links`).  :func:`linked_explorer` is what
a dashboard's notebook calls: it reads the page's address and opens that
game at that move, or, without one, the notebook's own default game.  A link
that cannot be opened (tampered, too long, naming another game, holding an
illegal move) gives one sentence on the page and the default game instead:
nothing in a link is executed, and a bad one never shows a traceback.

:func:`opening` is the same decision without a page: a query string in,
what the explorer opens out.

>>> first = opening("game=pet-quartet&players=2&seed=3&moves=D~P1", "pet-quartet")
>>> first.players, first.seed, first.record["moves"], first.problem
(2, 3, ['D', 'P1'], '')
>>> print(opening("game=pet-quartet&seed=x", "pet-quartet").problem)
This link cannot be opened: the link's 'seed' must be a whole number, not 'x'. Here is a new game instead.

:class:`ShareLink` is the small box in the explorer's toolbar: its button
shows the link to the game on screen at the move shown and copies it.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import anywidget
import traitlets

from .. import core
from ..core import ExplorerError, links
from . import explain
from .seats import HUMAN

if TYPE_CHECKING:
    from .stepper import Explorer

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Opening:
    """What a dashboard opens: a new game of ``game``, or the game a link's ``record`` names, at move ``at``.

    ``problem`` is the sentence to show when a link was refused (the
    opening is then the page's default game).
    """

    game: str
    players: int | None = None
    seed: int = 0
    options: Mapping[str, Any] | None = None
    record: Mapping[str, Any] | None = None
    at: int | None = None
    problem: str = ""

    @property
    def is_exact(self) -> bool:
        """Whether it replays a record (moves, a hand-set layout or names), rather than dealing a new game."""
        record = self.record
        return record is not None and bool(record["moves"] or "setup" in record or "names" in record)


def opening(query: str, game: str, players: int | None = None, seed: int = 0,
            options: Mapping[str, Any] | None = None, *, any_game: bool = False) -> Opening:
    """What to open for a page whose address has ``query``; the other arguments are the page's default game.

    A page shows one game unless ``any_game``: a link to another game is
    then refused, with a sentence saying where it opens.
    """
    default = Opening(core.game(game).name, players, seed, options)
    if not query.lstrip("?"):
        return default
    try:
        record, at = links.from_query(query)
        state = core.replay(record)  # every move checked here, before the page shows anything
        if not any_game and state.game.name != default.game:
            own = core.game(default.game).title
            raise core.RecordError(f"it is a game of {state.game.title}, and this page shows {own} "
                                   "(the explorer for every game, explore.ipynb, opens any link)")
    except ExplorerError as exc:
        reason = explain.sentence(exc)
        reason = reason[0].lower() + reason[1:]
        return replace(default, problem=f"This link cannot be opened: {reason} Here is a new game instead.")
    except Exception:  # a game's own checks failed in a way nobody foresaw: still one sentence, no traceback
        log.warning("share: a link could not be read", exc_info=True)
        return replace(default, problem="This link cannot be opened: the game it describes could not be set up. "
                                        "Here is a new game instead.")
    return Opening(state.game.name, state.players, state.seed, dict(state.options), record, at)


def page_query() -> str:
    """The query string of the dashboard's address ('' when the notebook does not run in a dashboard).

    Voila gives its kernels the address.  A preheated kernel has run the
    notebook before anyone asked for the page: it waits here until the
    request arrives (``voila.utils.get_query_string``), so call this late in
    a notebook, where the explorer is made, and let the cells before it run
    ahead.
    """
    if os.environ.get("VOILA_PREHEAT") is None:  # not a kernel Voila started (a notebook, a test)
        return ""
    try:
        from voila.utils import get_query_string
    except ImportError:
        return ""
    return get_query_string() or ""


def open_explorer(start: Opening, seats: Sequence[str] | None = None) -> "Explorer":
    """The explorer showing ``start``; its ``problem``, if any, is the explorer's first message.

    A link opens exactly the position it names: the bots do not answer on
    opening (▶ asks the bot to move for its seat, as at any other position).
    """
    from .stepper import Explorer

    if not start.is_exact:
        explorer = Explorer(start.game, start.players, start.seed, start.options, seats)
    else:
        game = core.game(start.game)
        explorer = Explorer(game, seats=[HUMAN] * game.max_players, record=dict(start.record or {}))
        chosen = list(seats) if seats is not None else [HUMAN] + ["random"] * (game.max_players - 1)
        explorer.seat_names = (chosen + [HUMAN] * game.max_players)[: game.max_players]
        explorer.goto(len(explorer.timeline) if start.at is None else start.at)
    if start.problem:
        explorer.say(start.problem, "error")
    return explorer


def linked_explorer(game: str, players: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None,
                    seats: Sequence[str] | None = None, *, any_game: bool = False,
                    query: str | None = None) -> "Explorer":
    """The explorer a dashboard shows: the game its address links to, else a new game of ``game``.

    ``players``, ``seed``, ``options`` and ``seats`` are the page's default
    game, as for :class:`~explorer.widgets.Explorer`; ``seats`` also seat the
    players of a linked game.  ``query`` stands for the page's address
    (default: read it, see :func:`page_query`).
    """
    start = opening(page_query() if query is None else query, game, players, seed, options, any_game=any_game)
    return open_explorer(start, seats)


_ESM = r"""
function render({ model, el }) {
  el.classList.add("ex-share");
  const button = document.createElement("button");
  button.className = "jupyter-button ex-share-button";
  button.textContent = "Copy link to this position";
  button.title = "A link that reopens this game at the move shown (copied where the browser allows)";
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "ex-share-url";
  field.setAttribute("aria-label", "Link to this position");
  field.hidden = true;
  const note = document.createElement("span");
  note.className = "ex-share-note";
  el.append(button, field, note);
  // The link is relative to the page (its own path, a new query string), so it works wherever the
  // dashboard is served: locally, or under Binder's /voila/render/...
  const show = () => {
    const query = model.get("query");
    field.value = query ? new URL(query, window.location.href).href : "";
    field.hidden = !query;
    el.dataset.query = query;
  };
  const copy = async () => {
    show();
    field.focus();
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      note.textContent = "Copied.";
    } catch (error) {
      let copied = false;
      try { copied = document.execCommand("copy"); } catch (again) { copied = false; }
      note.textContent = copied ? "Copied." : "Select the link and copy it.";
    }
    el.dataset.copied = note.textContent;
  };
  button.addEventListener("click", () => { note.textContent = ""; model.send({ event: "copy" }); });
  field.addEventListener("focus", () => field.select());
  model.on("change:query", show);
  model.on("msg:custom", (message) => { if (message && message.event === "copy") { copy(); } });
  show();
}
export default { render };
"""

_CSS = r"""
.ex-share { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.ex-share .ex-share-button { width: auto; height: 28px; padding: 0 10px; border-radius: 6px; cursor: pointer; }
.ex-share .ex-share-url { width: 26em; max-width: 60vw; font: 12px ui-monospace, Menlo, monospace;
  padding: 3px 6px; border: 1px solid #cfd6de; border-radius: 6px; background: #fff; color: #1f2328; }
.ex-share .ex-share-note { font-size: 12px; color: #59636e; }
"""


class ShareLink(anywidget.AnyWidget):
    """"Copy link to this position": the link that reopens ``explorer``'s game at the move it shows.

    The button asks for the link when it is pressed, so the link is always
    the position on screen (also after stepping back); the box then shows it,
    selected, and the page copies it where the browser allows.  While the box
    shows a link, it follows every step.
    """

    _esm = _ESM
    _css = _CSS
    #: The link's query string, with its ``?`` ('' until first asked for).
    query = traitlets.Unicode("").tag(sync=True)

    def __init__(self, explorer: "Explorer") -> None:
        super().__init__()
        self.add_class("ex-share-box")
        self._explorer = explorer
        self.on_msg(self._on_msg)
        for widget, name in ((explorer.moves, "position"), (explorer.moves, "items"), (explorer.table, "value")):
            widget.observe(self._follow, name)

    @property
    def link(self) -> str:
        """The link to the position on screen, relative to the page (``?game=...``)."""
        line = self._explorer.timeline
        at = line.position if line.position < len(line) else None
        return "?" + links.to_query(line.final, at)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "copy":
            try:
                self.query = self.link
            except Exception as exc:  # no traceback on the page: the explorer's one sentence
                log.warning("share: no link", exc_info=True)
                self._explorer.say(f"No link to this position: {explain.sentence(exc)}", "error")
                return
            self.send({"event": "copy"})

    def _follow(self, change: Any) -> None:
        if self.query and getattr(self._explorer, "timeline", None) is not None:
            try:
                self.query = self.link
            except Exception:  # the box keeps its last link; pressing the button says what is wrong
                log.warning("share: the link did not follow", exc_info=True)
