"""Links that reopen a game on a dashboard, and the explorer's "copy link to this position".

A dashboard's address may name a game: ``pet_quartet.ipynb?game=pet-quartet&players=4&seed=7&moves=D~P2&at=1``
(the format is :mod:`explorer.core.links`).  :func:`linked_explorer` is what
a dashboard's notebook calls: it reads the page's address and opens that
game at that move, or, without one, the notebook's own default game.  A link
that cannot be opened (tampered, too long, naming another game, holding an
illegal move) gives one sentence on the page and the default game instead:
nothing in a link is executed, and a bad one never shows a traceback.

A dashboard's kernel is preheated: it runs the notebook before anyone asks
for the page, and learns the page's address only when the request comes.
:class:`LinkedPage` lets the explorer be built before that: the notebook
shows ``LinkedPage(...)`` (the default game, built ahead), and its last cell,
hidden, calls :meth:`LinkedPage.follow`, which waits for the address and
opens the game it links to in the explorer already on the page.

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
import ipywidgets as w
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
    #: Whose eyes the link shows the table through: a seat, :data:`EVERYONE`, or ``None`` (the page's default).
    viewer: int | None = None

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
    query, viewer = split_seen(query)
    default = Opening(core.game(game).name, players, seed, options, viewer=viewer)
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
    return Opening(state.game.name, state.players, state.seed, dict(state.options), record, at,
                   viewer=viewer if viewer is None or viewer < state.players else None)


#: The link's parameter for whose eyes the table is seen through (a seat from 1, or ``all``).
SEEN = "seen"
EVERYONE = -1


def split_seen(query: str) -> tuple[str, int | None]:
    """The query without its ``seen`` parameter, and the viewer it names (``None``: none, or not a viewer).

    >>> split_seen("?game=pets&seen=2"), split_seen("game=pets&seen=all"), split_seen("game=pets&seen=x")
    (('?game=pets', 1), ('game=pets', -1), ('game=pets', None))
    """
    lead = "?" if query.startswith("?") else ""
    kept, viewer = [], None
    for part in query.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name != SEEN:
            kept.append(part)
        elif value == "all":
            viewer = EVERYONE
        elif value.isdigit() and 1 <= int(value) <= 99:
            viewer = int(value) - 1
    return lead + "&".join(kept), viewer


def seen_part(explorer: "Explorer") -> str:
    """``&seen=...`` when the table is seen through other eyes than a new page would choose ('' else)."""
    shown = explorer.seen_by
    if shown == explorer.own_eyes():
        return ""
    return f"&{SEEN}=" + ("all" if shown is None else str(shown + 1))


def show_viewer(explorer: "Explorer", start: Opening) -> None:
    """The table through the eyes the link names, or else the page's default (the person's own)."""
    if start.viewer is None:
        explorer.see(explorer.own_eyes())
    else:
        explorer.see(None if start.viewer == EVERYONE else start.viewer)


def page_query() -> str:
    """The query string of the dashboard's address ('' when the notebook does not run in a dashboard).

    Voila gives its kernels the address.  A preheated kernel has run the
    notebook before anyone asked for the page: it waits here until the
    request arrives (``voila.utils.get_query_string``), so call this in the
    notebook's last cell (as :meth:`LinkedPage.follow` does) and let every
    cell before it, the explorer's among them, run ahead.
    """
    if os.environ.get("VOILA_PREHEAT") is None:  # not a kernel Voila started (a notebook, a test)
        return ""
    try:
        from voila.utils import get_query_string
    except ImportError:
        return ""
    return get_query_string() or ""


def _seat_list(seats: Sequence[str] | None, players: int) -> list[str]:
    """Who plays each of ``players`` seats: ``seats`` as given, by default you and random bots."""
    chosen = list(seats) if seats is not None else [HUMAN] + ["random"] * (players - 1)
    return (chosen + [HUMAN] * players)[:players]


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
        explorer.seat_names = _seat_list(seats, game.max_players)
        show_viewer(explorer, start)
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


def open_in(explorer: "Explorer", start: Opening, seats: Sequence[str] | None = None) -> None:
    """Show ``start`` in ``explorer``, which plays the same game: as :func:`open_explorer` would, without a new one.

    A link opens exactly the position it names (no bot answers on opening);
    a new deal (a link without moves) is answered by the bots, as the
    explorer's own New game is.
    """
    game = explorer.game
    if start.game != game.name:
        raise core.RecordError(f"this explorer plays {game.title}, not the game the link names.", "game")
    chosen = _seat_list(seats if seats is not None else explorer.seat_names, game.max_players)
    if start.record is not None:
        if start.is_exact:
            explorer.seat_names = [HUMAN] * game.max_players  # nobody answers while the record opens
        try:
            explorer.load(dict(start.record))
        finally:
            explorer.seat_names = chosen
        show_viewer(explorer, start)
        if start.is_exact:
            explorer.goto(len(explorer.timeline) if start.at is None else start.at)
    if start.problem:
        explorer.say(start.problem, "error")


def close_widgets(widget: w.Widget) -> None:
    """Close ``widget``, everything inside it, and their layouts and styles: the page no longer loads them."""
    seen: set[int] = set()
    todo = [widget]
    while todo:
        item = todo.pop()
        if not isinstance(item, w.Widget) or id(item) in seen:
            continue
        seen.add(id(item))
        for name in ("children", "layout", "style"):
            part = getattr(item, name, None)
            todo.extend(part if isinstance(part, (tuple, list)) else [part])
        item.close()


class LinkedPage:
    """A dashboard's explorer, made before anyone asks for the page; :meth:`follow` opens the page's link in it.

    Show the page (``LinkedPage("quartz", players=3, seed=7)`` as a cell's
    value): it is an explorer of the default game, built ahead in the
    preheated kernel.  Call :meth:`follow` in the notebook's last cell,
    hidden: it waits for the page's address and opens the game the address
    links to, or says why it cannot and keeps the default game.

    ``any_game`` is the generic page's: a link to another game replaces the
    explorer on the page by one of that game (built then, at the request).
    Outside a dashboard (a notebook, nbval, a test) :meth:`follow` returns
    at once and changes nothing.
    """

    def __init__(self, game: str, players: int | None = None, seed: int = 0,
                 options: Mapping[str, Any] | None = None, seats: Sequence[str] | None = None, *,
                 any_game: bool = False) -> None:
        from .stepper import Explorer

        self.game = core.game(game).name
        self.players = players
        self.seed = seed
        self.options = dict(options) if options is not None else None
        self.seats = list(seats) if seats is not None else None
        self.any_game = any_game
        #: The explorer on the page (a link to another game replaces it, on the generic page).
        self.explorer: Explorer = Explorer(self.game, players, seed, self.options, self.seats)
        #: What the page shows: the explorer itself, or on the generic page a box that can hold another.
        self.widget: w.Widget = w.Box([self.explorer]) if any_game else self.explorer
        #: What :meth:`follow` opened (``None`` until it ran).
        self.opened: Opening | None = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def follow(self, query: str | None = None) -> None:
        """Open the game the page's address links to (``query`` stands for the address; default: wait for it).

        The query string is asked for only here: in a preheated kernel the
        call waits for the request, so the cells before it, the explorer's
        among them, ran before anyone asked for the page.
        """
        query = page_query() if query is None else query
        from .lesson import follow_lesson

        if follow_lesson(self, query):  # ?lesson=...: a lesson, at the step named
            return
        start = opening(query, self.game, self.players, self.seed, self.options, any_game=self.any_game)
        self.opened = start
        if start.record is None and not start.problem:
            return  # the default game, already on the page
        try:
            if start.game == self.explorer.game.name:
                open_in(self.explorer, start, self.seats)
            else:
                old, self.explorer = self.explorer, open_explorer(start, self.seats)
                self.widget.children = (self.explorer,)
                close_widgets(old)
        except Exception as exc:  # the link passed every check and still failed: one sentence, the default game
            log.warning("share: a link could not be opened", exc_info=True)
            self.opened = replace(opening("", self.game, self.players, self.seed, self.options),
                                  problem="This link cannot be opened: the game it describes could not be set "
                                          f"up ({type(exc).__name__}). Here is a new game instead.")
            self._reset()
            self.explorer.say(self.opened.problem, "error")

    def _reset(self) -> None:
        """The page's default game, new, in the explorer on the page."""
        from .stepper import Explorer

        if self.explorer.game.name != self.game:
            old, self.explorer = self.explorer, Explorer(self.game, self.players, self.seed, self.options, self.seats)
            if isinstance(self.widget, w.Box):
                self.widget.children = (self.explorer,)
            close_widgets(old)
            return
        game = self.explorer.game
        self.explorer.seat_names = _seat_list(self.seats, game.max_players)
        players = game.default_players if self.players is None else self.players
        self.explorer.load(core.dumps(game.new(players, self.seed, self.options)))


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
  // A shared link lands on the game, not on the rules above it: scroll to the explorer once it is drawn
  // (again a little later, once the cells above it have settled).
  if (/[?&]game=/.test(window.location.search)) {
    const land = () => { const ex = el.closest(".ex-explorer"); if (ex) { ex.scrollIntoView({ block: "start" }); } };
    requestAnimationFrame(land);
    setTimeout(land, 1200);
  }
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
        for widget, name in ((explorer.moves, "position"), (explorer.moves, "items"), (explorer.table, "value"),
                             (explorer.viewer, "value")):
            widget.observe(self._follow, name)

    @property
    def link(self) -> str:
        """The link to the position on screen, relative to the page (``?game=...``)."""
        lesson = self._explorer.lesson
        if lesson is not None and lesson.link:  # a shipped lesson's step
            return lesson.link
        line = self._explorer.timeline
        at = line.position if line.position < len(line) else None
        return "?" + links.to_query(line.final, at) + seen_part(self._explorer)

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
