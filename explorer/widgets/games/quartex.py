"""Quartex in the explorer: place tiles by clicking the table, and watch what the tokens are worth.

Choosing a placement
    A Quartex hand fits in dozens or hundreds of ways, too many for a button
    each, so the table itself is the chooser.  The tiles of the player to
    move are buttons (a green outline: it fits somewhere); clicking one
    lights up the spaces where it fits, each marked with the number of ways
    it can lie there; clicking a space places the tile if it fits one way
    only, else draws the ways, turned as they would lie, to click one.  The
    table offers this to a person's seat only, and only while it is seen by
    someone who sees that hand: everyone, or that player.  When an opponent
    is asked to point out a placement (option ``point_out``), the tiles shown
    are the ones they choose from.

The scoring panel
    A token is worth as many points as its colour has left in the stock, so
    every token taken makes the others of its colour worth less.  The panel
    follows that worth move by move, every player's score if the game ended
    there, and, for the position shown, the tokens each player holds against
    what they are worth, colour by colour, with the penalty of an eliminated
    player's tiles.

How the chooser is wired
    The table is HTML and cannot call Python, so the panel carries a small
    :class:`ClickRelay` that passes the table's clicks on; the panel keeps
    what was clicked (for the position shown only), the table slot draws it
    (:class:`~explorer.games.quartex.render.Highlight`), and moves are
    played through the explorer's own :meth:`play`, so that the bots answer
    and every view follows.  The explorer does not hand itself to a game's
    views; the panel finds the one it sits in among the live widgets
    (:meth:`QuartexPanel.bind` sets it directly).
"""

from __future__ import annotations

import logging
import warnings
import weakref
from typing import Any, Mapping, Sequence

import altair as alt
import anywidget
import ipywidgets as w

from ...core import ExplorerError, Game, IllegalMove, State
from ...games.quartex import Pass, Place, Show
from ...games.quartex.render import INK, Highlight, Way, table_html
from ...games.quartex.tiles import CODES, COLOURS, CORNERS, LETTERS, ORIENTATION_NAMES, SHAPES
from .. import explain
from ..charts import OTHER_PLAYER_COLORS, LiveChart, chart_config, chart_spec, score_lines, score_rows
from ..seats import seat
from ..views import register_views

log = logging.getLogger(__name__)

Space = tuple[int, int]
#: The parts of a score, in the order the bars stack them.
PARTS = (*COLOURS, "tiles left")
PART_COLORS = (*(INK[c][0] for c in COLOURS), "#57606a")


# -- words on the move buttons ------------------------------------------------------------

def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(state: State, move: Any) -> str:
    """A few words on what a Quartex move does here: the tile, the space, and the shapes it would complete."""
    if isinstance(move, Place):
        text = f"tile {move.tile} on {move.cell[0]},{move.cell[1]}"
        done = state.completes(move)
        if done:
            text += ", completes " + _and([f"{COLOURS[c]} {SHAPES[c]}" for c in done])
        return text
    if isinstance(move, Show):
        return "show your tiles: none fits"
    if isinstance(move, Pass):
        return "point out nothing"
    return ""


# -- what the charts show -------------------------------------------------------------------

def worth_rows(stocks: Sequence[Mapping[str, int]]) -> list[dict[str, Any]]:
    """What a token of each colour is worth after each move: the tokens of its colour left in the stock.

    ``stocks[k]`` is the stock after ``k`` moves (a view's ``"stock"``).
    """
    return [{"move": k, "colour": colour, "worth": stock[colour]}
            for k, stock in enumerate(stocks) for colour in COLOURS]


def score_parts(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's score if the game ended now, one row a part: a colour, or the tiles left.

    A colour's part is the tokens held times their worth (the stock's pile of
    that colour); an eliminated player loses a point for each tile left
    behind their shield.  The parts of a player add up to the score.
    """
    rows = []
    for p, name in enumerate(view["names"]):
        for order, colour in enumerate(COLOURS):
            held, worth = view["tokens"][p][colour], view["stock"][colour]
            rows.append({"player": name, "seat": p, "part": colour, "order": order, "tokens": held, "worth": worth,
                         "points": held * worth, "label": f"{held} × {worth}"})
        if view["eliminated"][p]:
            left = view["shields"][p]["count"]
            rows.append({"player": name, "seat": p, "part": "tiles left", "order": len(COLOURS), "tokens": 0,
                         "worth": -1, "points": -left, "label": f"{left} × −1"})
    return rows


def score_totals(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's score if the game ended now, and the tokens they hold, for the labels at the bars' ends."""
    parts = score_parts(view)
    out = []
    for p, name in enumerate(view["names"]):
        mine = [r for r in parts if r["seat"] == p]
        out.append({"player": name, "seat": p, "points": sum(r["points"] for r in mine),
                    "tokens": sum(r["tokens"] for r in mine),
                    "most": max(0, sum(r["points"] for r in mine if r["points"] > 0))})
    return out


def worth_chart(width: int = 330, height: int = 170) -> alt.LayerChart:
    """A line per colour: what one token of it is worth after every move.  Datasets ``worth`` and ``worth_now``."""
    color = alt.Color("colour:N", title=None, scale=alt.Scale(domain=list(COLOURS), range=list(PART_COLORS[:4])),
                      sort=list(COLOURS), legend=None)
    lines = alt.Chart(alt.Data(name="worth")).mark_line(interpolate="step-after", strokeWidth=2.5).encode(
        x=alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("worth:Q", title="points a token", scale=alt.Scale(domain=[0, 10]), axis=alt.Axis(tickMinStep=1)),
        color=color,
    )
    now = alt.Chart(alt.Data(name="worth_now"))
    rule = now.mark_rule(color="#888", strokeDash=[4, 3]).encode(x="move:Q")
    dots = now.mark_circle(size=70, opacity=1).encode(
        x="move:Q", y="worth:Q", color=color,
        tooltip=[alt.Tooltip("colour:N"), alt.Tooltip("worth:Q", title="points a token"), alt.Tooltip("move:Q")],
    )
    return alt.layer(lines, rule, dots).properties(
        title=alt.TitleParams("What a token is worth", subtitle="= the tokens of its colour left in the stock"),
        width=width, height=height)


def parts_chart(names: list[str], width: int = 300) -> alt.HConcatChart:
    """For the position shown: the tokens each player holds, and what they score, colour by colour.

    Datasets ``parts`` (:func:`score_parts`) and ``totals`` (:func:`score_totals`).
    """
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    color = alt.Color("part:N", title=None, scale=alt.Scale(domain=list(PARTS), range=list(PART_COLORS)),
                      sort=list(PARTS), legend=alt.Legend(orient="bottom", direction="horizontal"))
    tip = [alt.Tooltip("player:N"), alt.Tooltip("part:N"), alt.Tooltip("tokens:Q"),
           alt.Tooltip("worth:Q", title="points a token"), alt.Tooltip("points:Q")]
    parts = alt.Chart(alt.Data(name="parts"))
    totals = alt.Chart(alt.Data(name="totals"))
    held = parts.transform_filter(alt.datum.tokens > 0).mark_bar(height=18).encode(
        x=alt.X("tokens:Q", stack="zero", title="tokens held", axis=alt.Axis(tickMinStep=1)),
        y=y, color=color, order=alt.Order("order:Q"), tooltip=tip)
    held_total = totals.mark_text(align="left", dx=4, fontWeight="bold").encode(
        x="tokens:Q", y=y, text="tokens:Q")
    points = parts.transform_filter(alt.datum.points != 0).mark_bar(height=18).encode(
        x=alt.X("points:Q", stack="zero", title="points"),
        y=y, color=color, order=alt.Order("order:Q"), tooltip=tip)
    zero = alt.Chart(alt.Data(values=[{"x": 0}])).mark_rule(color="#555").encode(x="x:Q")
    total = totals.mark_text(align="left", dx=4, fontWeight="bold").encode(
        x="most:Q", y=y, text=alt.Text("points:Q"))
    height = 30 * len(names)
    return alt.hconcat(
        alt.layer(held, held_total).properties(title="Tokens held", width=width * 2 // 3, height=height),
        alt.layer(points, zero, total).properties(
            title=alt.TitleParams("Score if the game ended now",
                                  subtitle="tokens × what they are worth; −1 a tile left if eliminated"),
            width=width, height=height),
        spacing=30,
    )


Stocks = list[tuple[State, dict[str, int]]]


def stock_history(timeline: Any, known: Stocks | tuple = ()) -> Stocks:
    """Each position of a timeline with its stock after that many moves (its view's, everything there being open).

    ``known`` is an earlier answer for the same timeline: the positions it
    holds still are not looked at again, so a move played costs one view.
    """
    out = []
    for k in range(len(timeline) + 1):
        state = timeline.at(k)
        if k < len(known) and known[k][0] is state:
            out.append(known[k])
        else:
            out.append((state, dict(state.view(None)["stock"])))
    return out


# -- choosing a placement by clicking the table -----------------------------------------------

def spaces_for(state: State, tile: int) -> dict[Space, list[Place]]:
    """The legal placements of ``tile`` now, by space (row by row), each space's in orientation order."""
    spaces: dict[Space, list[Place]] = {}
    for move in state.legal_moves():
        if isinstance(move, Place) and move.tile == tile:
            spaces.setdefault(move.cell, []).append(move)
    return dict(sorted(spaces.items(), key=lambda item: (item[0][1], item[0][0])))


def way(state: State, move: Place) -> Way:
    """One placement as the table draws it to be clicked: its corners and the shapes it would complete."""
    corners = "".join(LETTERS[c] for c in CORNERS[CODES[move.tile][move.orientation]])
    done = tuple(f"{COLOURS[c]} {SHAPES[c]}" for c in state.completes(move))
    return Way(str(move), ORIENTATION_NAMES[move.orientation], corners, done)


def highlight(state: State, viewer: int | None, tile: int | None = None,
              space: Space | None = None) -> Highlight | None:
    """What the table lights up for a person choosing a placement, seen by ``viewer`` (``None``: everyone).

    ``None`` when nobody places a tile now (the game is over, or the hand is
    empty).  The tiles are those of the player whose turn it is; the one who
    chooses is :attr:`to_move` (that player, or an opponent pointing out a
    placement for them).  A hand the viewer cannot see is offered to nobody.
    ``tile`` and ``space`` are what was clicked so far; a tile or space that
    does not fit now is forgotten.
    """
    if state.is_over():
        return None
    view = state.view(viewer)
    owner, chooser = view["turn"], view["to_move"]
    names = view["names"]
    shield = view["shields"][owner]
    if not shield["count"]:
        return None
    if len(shield["tiles"]) < shield["count"]:
        seen = names[viewer] if viewer is not None else "everyone"
        return Highlight(owner, prompt=f"{names[owner]}'s tiles are hidden from {seen}: choose Everyone or "
                                       f"{names[owner]} under “Seen by” to place one here.")
    fitting = frozenset(m.tile for m in state.legal_moves() if isinstance(m, Place))
    who = names[chooser]
    whose = "your" if chooser == owner else f"{names[owner]}'s"
    if tile not in fitting:
        tile = space = None
    if not fitting:
        then = "show them (the “show” move below)." if chooser == owner else "pass (the “pass” move below)."
        prompt = f"{who}, none of {whose} tiles fits anywhere on the table: {then}"
        return Highlight(owner, prompt=prompt)
    if tile is None:
        verb = "point out a placement of" if chooser != owner else "place one of"
        return Highlight(owner, fitting, prompt=f"{who}, {verb} {whose} tiles: click a tile (green outline: it "
                                                f"fits somewhere) to light up the spaces where it fits.")
    spaces = spaces_for(state, tile)
    if space not in spaces:
        space = None
    lit = tuple((cell, len(moves)) for cell, moves in spaces.items())
    if space is None:
        n = len(spaces)
        return Highlight(owner, fitting, tile, lit, prompt=(
            f"Tile {tile} fits on {n} space{'s' if n > 1 else ''}, lit in green (×k: in k ways). Click a space "
            "to place it there."))
    moves = spaces[space]
    ways = tuple(way(state, m) for m in moves)
    return Highlight(owner, fitting, tile, lit, space, ways, prompt=(
        f"Tile {tile} fits on {space[0]},{space[1]} in {len(moves)} way{'s' if len(moves) > 1 else ''}: "
        "click the one to place."))


def panel_chart(names: list[str]) -> alt.TopLevelMixin:
    """The panel's charts: what a token is worth, the points after each move, and the position's tokens and score."""
    # The players' colours are none of the tokens' colours.
    lines = score_lines("Points if the game ended after each move", names, width=330, height=170,
                        colors=OTHER_PLAYER_COLORS)
    top = alt.hconcat(worth_chart(), lines, spacing=40).resolve_scale(color="independent")
    return chart_config(alt.vconcat(top, parts_chart(names), spacing=26).resolve_scale(color="independent"))



class ClickRelay(anywidget.AnyWidget):
    """Passes clicks on the table's ``data-qx`` elements to Python, for the explorer it sits in.

    It listens on the page and keeps the clicks made inside its own
    explorer (another explorer on the page has its own relay); each click
    arrives as a message ``{"pick": "tile:12"}``.
    """

    _esm = r"""
    function render({ model, el }) {
      el.classList.add("qx-relay");
      const onClick = (event) => {
        const target = event.target.closest ? event.target.closest("[data-qx]") : null;
        if (!target) { return; }
        const mine = el.closest(".ex-explorer");
        if (!mine || target.closest(".ex-explorer") !== mine) { return; }
        event.preventDefault();
        model.send({ pick: target.getAttribute("data-qx") });
      };
      document.addEventListener("click", onClick);
      el.dataset.ready = "1";
      return () => document.removeEventListener("click", onClick);
    }
    export default { render };
    """


#: The live panels, so that the table of an explorer finds the choices made in its panel.
_PANELS: "weakref.WeakSet[QuartexPanel]" = weakref.WeakSet()


def _explorer_holding(panel: "QuartexPanel") -> Any:
    """The explorer whose scoring panel ``panel`` is, among the widgets alive (``None`` outside an explorer).

    The explorer hands nothing of itself to a game's views, so a panel that
    plays moves looks for it once, among the live widgets.
    """
    from ..stepper import Explorer

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        widgets = list(getattr(w.Widget, "widgets", {}).values())
    for widget in widgets:
        if isinstance(widget, Explorer) and getattr(widget, "panel", None) is panel:
            return widget
    return None


class QuartexPanel:
    """The scoring panel, and the chooser behind the clickable table.

    :meth:`pick` does what a click on the table does; the table's clicks
    reach it through a :class:`ClickRelay`.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._explorer: Any = None
        self._names: tuple[str, ...] | None = None
        self._key: tuple | None = None
        self._history_key: tuple | None = None
        self._history: Stocks = []
        self._picked: tuple[State | None, int | None, Space | None] = (None, None, None)
        self.relay = ClickRelay()
        self.relay.layout = w.Layout(height="0px", overflow="hidden")
        self.relay.on_msg(self._on_msg)
        self.chart = LiveChart(alt.Chart(alt.Data(name="worth")).mark_line(), worth=[], worth_now=[], scores=[],
                               now=[], parts=[], totals=[])
        self.widget = w.VBox([self.relay, self.chart])
        self.widget.add_class("qx-panel")
        _PANELS.add(self)

    # -- the explorer it belongs to ----------------------------------------------------------
    def bind(self, explorer: Any) -> None:
        """Play the chosen placements in ``explorer``."""
        self._explorer = explorer

    @property
    def explorer(self) -> Any:
        if self._explorer is None:
            self._explorer = _explorer_holding(self)
        return self._explorer

    def _shows(self, state: State) -> bool:
        ex = self.explorer
        return ex is not None and getattr(ex, "timeline", None) is not None and ex.timeline.state is state

    def _person_chooses(self, state: State) -> bool:
        """Whether a person (not a bot) sits in the seat of the player to move."""
        ex = self.explorer
        p = state.to_move
        if ex is None or p is None:
            return False
        names = getattr(ex, "seat_names", None)  # who plays each seat, as the explorer's form shows it
        try:
            return not seat(names[p]).is_bot
        except (TypeError, IndexError, ValueError):
            return True

    # -- the table -------------------------------------------------------------------------------
    def highlight(self, state: State, viewer: int | None) -> Highlight | None:
        """What the table lights up now for ``viewer``: ``None`` when no person chooses a placement."""
        if state.is_over() or not self._person_chooses(state):
            return None
        at, tile, space = self._picked
        if at is not state:
            tile = space = None
        return highlight(state, viewer, tile, space)

    def table(self, state: State, viewer: int | None) -> str:
        return table_html(state.view(viewer), self.highlight(state, viewer))

    # -- clicks -----------------------------------------------------------------------------------
    def pick(self, what: str) -> None:
        """Do what a click on the table does: ``tile:12``, ``space:3,-2``, ``move:12a1@3,-2`` or ``clear``.

        A tile lights up the spaces where it fits (clicked again, it puts
        them out); a space where the tile fits one way places it there, else
        draws the ways; a way is placed.  Only what the table offers now is
        done, and the engine has the last word on every move.
        """
        ex = self.explorer
        if ex is None:
            raise ExplorerError("this panel is not in an explorer: there is nothing to place a tile in.")
        state = ex.timeline.state
        offer = self.highlight(state, ex.seen_by)
        if offer is None or not offer.fitting:
            return
        kind, _, value = what.partition(":")
        if kind == "tile" and value.isdigit():
            t = int(value)
            if t not in offer.fitting:
                held = t in state.view(ex.seen_by)["shields"][offer.player]["tiles"]
                ex.say(f"Tile {t} fits nowhere on the table now." if held else f"Tile {t} is not one to choose.")
                return
            self._picked = (state, None if t == offer.tile else t, None)
        elif kind == "space" and offer.tile is not None:
            spaces = spaces_for(state, offer.tile)
            cell = next((c for c in spaces if f"{c[0]},{c[1]}" == value), None)
            if cell is None:
                return
            if len(spaces[cell]) == 1:
                self._play(str(spaces[cell][0]))
                return
            self._picked = (state, offer.tile, cell)
        elif kind == "move":
            self._play(value)
            return
        elif kind == "clear":
            self._picked = (None, None, None)
        else:
            return
        ex.goto(ex.timeline.position)  # draw the table again, with the new choice

    def _play(self, notation: str) -> None:
        ex = self.explorer
        ex.autoplay.value = False
        self._picked = (None, None, None)
        ex.play(notation)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        what = content.get("pick") if isinstance(content, dict) else None
        if not isinstance(what, str):
            return
        try:
            self.pick(what)
        except IllegalMove as exc:
            self._say(f"{what.partition(':')[2]} is not allowed here: {explain.sentence(exc)}", "error")
        except ExplorerError as exc:
            self._say(explain.sentence(exc), "error")
        except Exception as exc:  # a click must never break the page: one sentence, the game unchanged
            log.warning("quartex: a click on the table failed", exc_info=True)
            self._say(f"That did not work ({type(exc).__name__}: {explain.sentence(exc)}) "
                      "The game on screen is unchanged.", "error")

    def _say(self, text: str, kind: str) -> None:
        if self.explorer is not None:
            self.explorer.say(text, kind)

    # -- the charts -------------------------------------------------------------------------------
    def _chart(self, names: list[str]) -> alt.TopLevelMixin:
        return panel_chart(names)

    def show(self, timeline: Any, viewer: int | None) -> None:
        names = tuple(timeline.final.names)
        if names != self._names:
            self._names = names
            self.chart.spec = chart_spec(panel_chart, names)
        key = (id(timeline), timeline.version, timeline.position)
        if key == self._key:
            return
        self._key = key
        if self._history_key != key[:2]:
            self._history_key = key[:2]
            self._history = stock_history(timeline, self._history)
        k = timeline.position
        view = timeline.state.view(None)
        rows, now = score_rows(timeline)
        worth_now = [{"move": k, "colour": c, "worth": view["stock"][c]} for c in COLOURS]
        self.chart.update(worth=worth_rows([stock for _, stock in self._history]), worth_now=worth_now,
                          scores=rows, now=now, parts=score_parts(view), totals=score_totals(view))


def table(state: State, viewer: int | None) -> str:
    """The table; in an explorer where a person is to place a tile, also the chooser (see the module's notes)."""
    for panel in list(_PANELS):
        if panel._shows(state):
            return panel.table(state, viewer)
    return table_html(state.view(viewer))


register_views("quartex", table=table, panel=QuartexPanel, describe=describe)
