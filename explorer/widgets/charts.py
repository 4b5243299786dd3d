"""Altair charts that redraw in place, and need no internet.

Altair's usual renderers fetch Vega's JavaScript from a CDN.  A
:class:`LiveChart` gets it from the dashboards' own server instead: vl-convert
bundles Vega, Vega-Lite and vega-embed into one module, built once and kept
in the user's cache folder (:func:`explorer.dashboards.vega_library`), which
the server offers as a static file.  The page loads that file once, however
many charts it shows, and keeps it for the next visit.  Outside the
dashboards (a notebook in JupyterLab), the chart carries the module itself.

The widget's own code is a few lines, so the page sets it up at once; the
library is fetched when the chart is first drawn.  The chart's spec is drawn
once; after that only its named datasets change (``chart.update(scores=rows)``)
and Vega redraws the marks in place, without rebuilding the chart, so nothing
flickers.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from typing import Any

import altair as alt
import anywidget
import traitlets

from ..core import Game
from ..core.palette import PLAYER_COLORS
from ..dashboards import VEGA_URL, vega_library

#: One dash pattern per seat: lines that share a value (two players on the same score) stay visible.
PLAYER_DASHES = ([1, 0], [7, 3], [2, 2], [10, 3, 2, 3], [4, 4], [1, 3])
#: One marker shape per seat, for the same reason and for readers who do not tell the colours apart.
PLAYER_SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down")

_RENDER = r"""
// One load of the library per page, shared by every chart on it.
const LIBRARY = (globalThis.__explorerVega = globalThis.__explorerVega || new Map());

function library(model) {
  const url = model.get("library_url");
  const text = model.get("library");
  const key = url || (text ? "inline" : "");
  if (!key) { return null; }
  if (!LIBRARY.has(key)) {
    const src = url ? new URL(url, document.baseURI).href
      : URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    LIBRARY.set(key, import(src).then((module) => module.vegaEmbed));
    LIBRARY.get(key).catch(() => LIBRARY.delete(key));
  }
  return LIBRARY.get(key);
}

async function render({ model, el }) {
  let view = null;      // the view on screen
  let shown = {};       // the datasets it shows, as their JSON text
  let drawing = 0;      // counts embeds: only the latest one may take the screen
  let busy = false;     // an embed is under way (it shows the latest data when done)
  let draws = 0;
  let gone = false;
  el.classList.add("ex-vega");
  const mark = () => {
    draws += 1;
    el.dataset.draws = String(draws);
    el.dataset.stamp = String(model.get("stamp"));
  };
  const changed = () => {
    const data = model.get("data") || {};
    return Object.keys(data).filter((name) => shown[name] !== data[name]);
  };
  // Draw the spec anew, off screen, then swap it in: the old chart stays until the new one is ready,
  // and two changes in quick succession never leave two charts behind.
  const embed = async () => {
    const mine = ++drawing;
    const loading = library(model);
    if (!loading) { return; }
    busy = true;
    let vegaEmbed;
    try {
      vegaEmbed = await loading;
    } catch (error) {
      if (mine === drawing) { busy = false; }
      if (model.get("library_url") && !model.get("library")) {
        model.send({ want: "library" });  // the server does not offer it: ask for the library itself
        return;
      }
      el.textContent = "The chart could not be drawn: " + error.message;
      return;
    }
    if (gone || mine !== drawing) { return; }
    const spec = structuredClone(model.get("spec"));
    const data = Object.assign({}, model.get("data") || {});
    spec.datasets = Object.assign({}, spec.datasets || {});
    for (const name of Object.keys(data)) { spec.datasets[name] = JSON.parse(data[name]); }
    const holder = document.createElement("div");
    let result;
    try {
      result = await vegaEmbed(holder, spec, { actions: false, renderer: "svg", mode: "vega-lite" });
    } catch (error) {
      if (mine === drawing) { busy = false; el.textContent = "The chart could not be drawn: " + error.message; }
      return;
    }
    if (gone || mine !== drawing) { result.view.finalize(); return; }
    if (view) { view.finalize(); }
    view = result.view;
    shown = data;
    el.replaceChildren(holder);
    busy = false;
    await refresh();  // the data may have changed while it was drawn
  };
  const refresh = async () => {
    if (!view || busy) { return; }  // the embed under way shows the latest data when it is done
    const mine = drawing;
    for (const name of changed()) {
      const text = model.get("data")[name];
      view.data(name, JSON.parse(text));
      shown[name] = text;
    }
    await view.runAsync();
    if (mine === drawing && !gone) { mark(); }
  };
  model.on("change:spec", embed);
  model.on("change:data", refresh);
  model.on("change:library", embed);
  await embed();
  return () => { gone = true; if (view) { view.finalize(); } };
}
export default { render };
"""


class LiveChart(anywidget.AnyWidget):
    """An Altair chart whose named datasets can change in place.

    Build the chart on named data (``alt.Chart(alt.Data(name="scores"))``)
    and give the rows as keywords; :meth:`update` replaces some of them.
    Each dataset travels as one JSON string: cheap to send again unchanged,
    and the page redraws only the datasets whose text changed.
    """

    _esm = _RENDER
    spec = traitlets.Dict().tag(sync=True)
    data = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    #: Counts updates, so a page (or a test) can tell which one it shows.
    stamp = traitlets.Int(0).tag(sync=True)
    #: Where the page loads the charts' library from (set by the dashboards' server), or ...
    library_url = traitlets.Unicode("").tag(sync=True)
    #: ... the library itself, when no server offers it.
    library = traitlets.Unicode("").tag(sync=True)

    def __init__(self, chart: alt.TopLevelMixin, **data: list[dict[str, Any]]) -> None:
        url = os.environ.get(VEGA_URL, "")
        super().__init__(spec=chart.to_dict(validate=False), data={name: _json(rows) for name, rows in data.items()},
                         library_url=url, library="" if url else vega_library()[1])
        self.add_class("ex-chart")
        self.on_msg(self._on_msg)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("want") == "library" and not self.library:
            self.library = vega_library()[1]

    def update(self, **data: list[dict[str, Any]]) -> None:
        """Replace the rows of the datasets named; the chart redraws them in place."""
        texts = {name: _json(rows) for name, rows in data.items()}
        changed = {name: text for name, text in texts.items() if self.data.get(name) != text}
        if changed:
            with self.hold_sync():
                self.data = {**self.data, **changed}
                self.stamp += 1


def _json(rows: list[dict[str, Any]]) -> str:
    return json.dumps(rows, separators=(",", ":"))


def rows_of(chart: LiveChart, name: str) -> list[dict[str, Any]]:
    """The rows a chart shows for a dataset (for tests and notebooks)."""
    return json.loads(chart.data.get(name, "[]"))


#: Colour-blind-safe seat colours (Okabe and Ito) for a game whose own colours are the usual ones
#: (Quartex's purple, blue, red and yellow tokens): none of them is one of those.
OTHER_PLAYER_COLORS = ("#000000", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#8c564b")


def player_scale(names: list[str], colors: tuple[str, ...] = PLAYER_COLORS) -> alt.Scale:
    return alt.Scale(domain=list(names), range=list(colors[: len(names)]))


def score_lines(title: str | alt.TitleParams, names: list[str], width: int = 560, height: int = 190, *,
                unit: str = "points", reach: int | None = None,
                colors: tuple[str, ...] = PLAYER_COLORS) -> alt.LayerChart:
    """Every player's total (in ``unit``) after every move, and a marker at the position shown.

    ``reach`` keeps the vertical axis at least that tall, so a game that
    scores late does not start on a flat line of zeros (at least 1, so that
    the axes of a game not yet begun run from 0).  Each player's line has its
    own dashes and the markers their own shapes: players on the same score
    stay visible.  Datasets: ``scores`` (``move``, ``player``, ``seat``,
    ``score``) and ``now`` (the same fields, the position shown only).
    """
    color = alt.Color("player:N", title="player", scale=player_scale(names, colors), sort=list(names))
    # Dashes and shapes follow the colours' legend (one legend for the three: a separate one would be drawn
    # away from its chart when panels put charts side by side).
    dash = alt.StrokeDash("player:N", legend=None, sort=list(names),
                          scale=alt.Scale(domain=list(names), range=list(PLAYER_DASHES[: len(names)])))
    shape = alt.Shape("player:N", legend=None, sort=list(names),
                      scale=alt.Scale(domain=list(names), range=list(PLAYER_SHAPES[: len(names)])))
    # Moves and points are whole numbers; on a short range Vega still puts ticks at halves: leave those unlabelled.
    whole = "datum.value % 1 === 0 ? datum.label : ''"
    x = alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1, format="d", labelExpr=whole))
    y = alt.Y("score:Q", title=unit, scale=alt.Scale(zero=True),
              axis=alt.Axis(tickMinStep=1, format="d", labelExpr=whole))
    lines = alt.Chart(alt.Data(name="scores")).mark_line(interpolate="step-after", strokeWidth=2).encode(
        x=x, y=y, color=color, strokeDash=dash)
    now = alt.Chart(alt.Data(name="now"))
    rule = now.mark_rule(color="#888", strokeDash=[4, 3]).encode(x=x)
    dots = now.mark_point(size=80, opacity=1, filled=True).encode(
        x=x, y=y, color=color, shape=shape,
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("score:Q", title=unit), alt.Tooltip("move:Q")],
    )
    layers = [lines, rule, dots]
    # An invisible mark at (1, reach): a game not yet begun has axes from 0, not from -1 to 1.
    layers.append(alt.Chart(alt.Data(values=[{"move": 1, "score": max(1, reach or 1)}])).mark_point(
        opacity=0).encode(x=x, y=y))
    return alt.layer(*layers).properties(title=title, width=width, height=height)


def score_rows(timeline: Any) -> tuple[list[dict], list[dict]]:
    """The ``scores`` and ``now`` datasets of :func:`score_lines` for a timeline."""
    names = list(timeline.final.names)
    totals = timeline.scores()
    rows = [{"move": k, "player": names[p], "seat": p, "score": score}
            for k, scores in enumerate(totals) for p, score in enumerate(scores)]
    k = timeline.position
    now = [{"move": k, "player": names[p], "seat": p, "score": score} for p, score in enumerate(totals[k])]
    return rows, now


#: The look every explorer chart shares.
CONFIG = dict(
    font="system-ui, -apple-system, Segoe UI, sans-serif",
    view={"stroke": None},
    axis={"labelColor": "#444", "titleColor": "#444", "gridColor": "#eee", "labelFontSize": 12, "titleFontSize": 12},
    title={"anchor": "start", "fontSize": 14, "fontWeight": 600, "color": "#333", "subtitleFontSize": 12},
    legend={"orient": "top", "labelFontSize": 12, "titleFontSize": 12},
    text={"fontSize": 12},
    header={"labelFontSize": 12, "titleFontSize": 12},
)


def chart_spec(make: Any, *args: Any) -> dict[str, Any]:
    """``make(*args)`` as a Vega-Lite spec: a fresh copy of the one built the first time with these arguments.

    Building and checking a panel's spec costs about half a second; a
    preheated dashboard's explorer and every later one with the same table
    (names as a tuple, which ``make`` receives as a list) pay it once.
    """
    return copy.deepcopy(_spec(make, args))


@functools.lru_cache(maxsize=64)
def _spec(make: Any, args: tuple) -> dict[str, Any]:
    return make(*(list(a) if isinstance(a, tuple) else a for a in args)).to_dict()


def chart_config(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """The look every explorer chart shares, and a view that resizes to what its data draws.

    Set in one step on a shallow copy: each of Altair's ``configure_*``
    calls copies the whole chart again, which for a chart of several views
    costs more than drawing it.
    """
    if chart.autosize is alt.Undefined:
        # Label texts and axis labels come and go with the data (a total of "26 (+12)" where "0" was): the
        # view resizes to them on every update, or the longer ones are cut off at the chart's edge.
        chart = chart.properties(autosize=alt.AutoSizeParams(type="pad", resize=True))
    if chart.config is not alt.Undefined:  # a chart with a look of its own: merge, the slow way
        return chart.configure(font=CONFIG["font"]).configure_view(**CONFIG["view"]).configure_axis(
            **CONFIG["axis"]).configure_title(**CONFIG["title"]).configure_legend(**CONFIG["legend"])
    styled = chart.copy(deep=False)
    styled.config = alt.Config(**CONFIG)
    return styled


class ScorePanel:
    """The scoring panel any game gets: each player's total after every move."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._names: tuple[str, ...] | None = None
        self._version: tuple | None = None
        self.widget = LiveChart(self._chart(["?"]), scores=[], now=[])

    def _chart(self, names: list[str]) -> alt.TopLevelMixin:
        return chart_config(score_lines(f"{self.game.title}: points after every move", names))

    def show(self, timeline: Any, viewer: int | None) -> None:
        names = tuple(timeline.final.names)
        if names != self._names:  # a new match with other players: a new colour scale
            self._names = names
            self.widget.spec = self._chart(list(names)).to_dict()
        key = (id(timeline), timeline.version, timeline.position)
        if key == self._version:
            return
        self._version = key
        rows, now = score_rows(timeline)
        self.widget.update(scores=rows, now=now)
