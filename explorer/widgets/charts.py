"""Altair charts that redraw in place, and need no internet.

Altair's usual renderers fetch Vega's JavaScript from a CDN.  A
:class:`LiveChart` carries it instead: vl-convert bundles Vega, Vega-Lite and
vega-embed with a few lines of our own into one module, built once and kept
in the user's cache folder.  The chart's spec is drawn once; after that only
its named datasets change (``chart.update(scores=rows)``) and Vega redraws the
marks in place, without rebuilding the chart, so nothing flickers.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import altair as alt
import anywidget
import traitlets

from ..core import Game

#: One colour per seat, the same in the tables and in the charts (Vega's tableau10).
PLAYER_COLORS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#b279a2")

_RENDER = r"""
async function render({ model, el }) {
  let view = null;
  let shown = {};
  let draws = 0;
  el.classList.add("ex-vega");
  const mark = () => {
    draws += 1;
    el.dataset.draws = String(draws);
    el.dataset.stamp = String(model.get("stamp"));
  };
  const embed = async () => {
    if (view) { view.finalize(); view = null; }
    const spec = structuredClone(model.get("spec"));
    const data = model.get("data") || {};
    spec.datasets = Object.assign({}, spec.datasets || {});
    for (const name of Object.keys(data)) { spec.datasets[name] = JSON.parse(data[name]); }
    try {
      const result = await vegaEmbed(el, spec, { actions: false, renderer: "svg", mode: "vega-lite" });
      view = result.view;
      shown = Object.assign({}, data);
      mark();
    } catch (error) {
      el.textContent = "The chart could not be drawn: " + error.message;
    }
  };
  const refresh = async () => {
    if (!view) { return embed(); }
    const data = model.get("data") || {};
    for (const name of Object.keys(data)) {
      if (shown[name] !== data[name]) {
        view.data(name, JSON.parse(data[name]));
        shown[name] = data[name];
      }
    }
    await view.runAsync();
    mark();
  };
  model.on("change:spec", embed);
  model.on("change:data", refresh);
  await embed();
  return () => { if (view) { view.finalize(); } };
}
export default { render };
"""


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "explorer"


def vega_bundle() -> str:
    """The chart's JavaScript with Vega inside, built by vl-convert once and cached on disk."""
    import vl_convert

    key = hashlib.sha256(f"{vl_convert.__version__}\n{_RENDER}".encode()).hexdigest()[:16]
    path = _cache_dir() / f"vega-{key}.js"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        pass
    bundle = vl_convert.javascript_bundle(_RENDER)
    try:  # a cache we cannot write only costs time
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as tmp:
            tmp.write(bundle)
        os.replace(tmp.name, path)
    except OSError:
        pass
    return bundle


class LiveChart(anywidget.AnyWidget):
    """An Altair chart whose named datasets can change in place.

    Build the chart on named data (``alt.Chart(alt.Data(name="scores"))``)
    and give the rows as keywords; :meth:`update` replaces some of them.
    Each dataset travels as one JSON string: cheap to send again unchanged,
    and the page redraws only the datasets whose text changed.
    """

    spec = traitlets.Dict().tag(sync=True)
    data = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    #: Counts updates, so a page (or a test) can tell which one it shows.
    stamp = traitlets.Int(0).tag(sync=True)

    def __init__(self, chart: alt.TopLevelMixin, **data: list[dict[str, Any]]) -> None:
        if not isinstance(type(self).__dict__.get("_esm"), str):
            type(self)._esm = vega_bundle()
        super().__init__(spec=chart.to_dict(), data={name: _json(rows) for name, rows in data.items()})
        self.add_class("ex-chart")

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


def player_scale(names: list[str]) -> alt.Scale:
    return alt.Scale(domain=list(names), range=list(PLAYER_COLORS[: len(names)]))


def score_lines(title: str, names: list[str], width: int = 560, height: int = 190) -> alt.LayerChart:
    """Every player's total after every move, and a marker at the position shown.

    Datasets: ``scores`` (``move``, ``player``, ``seat``, ``score``) and ``now``
    (the same fields, the position shown only).
    """
    color = alt.Color("player:N", title=None, scale=player_scale(names), sort=list(names))
    # Moves and points are whole numbers; on a short range Vega still puts ticks at halves: leave those unlabelled.
    whole = "datum.value % 1 === 0 ? datum.label : ''"
    x = alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1, format="d", labelExpr=whole))
    y = alt.Y("score:Q", title="points", axis=alt.Axis(tickMinStep=1, format="d", labelExpr=whole))
    lines = alt.Chart(alt.Data(name="scores")).mark_line(interpolate="step-after", strokeWidth=2).encode(
        x=x, y=y, color=color)
    now = alt.Chart(alt.Data(name="now"))
    rule = now.mark_rule(color="#888", strokeDash=[4, 3]).encode(x=x)
    dots = now.mark_circle(size=70, opacity=1).encode(
        x=x, y=y, color=color,
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("score:Q", title="points"), alt.Tooltip("move:Q")],
    )
    return alt.layer(lines, rule, dots).properties(title=title, width=width, height=height)


def score_rows(timeline: Any) -> tuple[list[dict], list[dict]]:
    """The ``scores`` and ``now`` datasets of :func:`score_lines` for a timeline."""
    names = list(timeline.final.names)
    totals = timeline.scores()
    rows = [{"move": k, "player": names[p], "seat": p, "score": score}
            for k, scores in enumerate(totals) for p, score in enumerate(scores)]
    k = timeline.position
    now = [{"move": k, "player": names[p], "seat": p, "score": score} for p, score in enumerate(totals[k])]
    return rows, now


def chart_config(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """The look every explorer chart shares."""
    return chart.configure(font="system-ui, -apple-system, Segoe UI, sans-serif").configure_view(
        stroke=None
    ).configure_axis(labelColor="#444", titleColor="#444", gridColor="#eee").configure_title(
        anchor="start", fontSize=13, fontWeight=600, color="#333"
    ).configure_legend(orient="top", labelFontSize=12)


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
