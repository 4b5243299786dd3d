"""A notebook panel to run simulations: pick a game, its options and its seats; see the figures.

>>> from explorer.analysis.panel import SimulationPanel
>>> panel = SimulationPanel("pet-quartet", games=20)
>>> frame = panel.run()
>>> len(frame)
20

A run started from the page plays in the background: the panel stays
responsive, the last run's figures are dimmed until the new ones arrive,
and **Cancel** stops the run (the games not yet played are dropped).

:func:`tidy` turns any of the analysis tables into one a person reads: the
bots' names instead of tuples, options in words, rounded figures and full
column names.

The controls are built from the game's declaration (its player counts and
options) and from the bot registry, so every game and every bot is offered
without a line written for it.  The charts are drawn with the Vega that
comes bundled (no internet needed) and redrawn in place after each run.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import json
from html import escape
from typing import Any

import altair as alt
import ipywidgets as widgets
import pandas as pd

from ..core import ExplorerError, Game, game as find_game, games as all_games
from .charts import first_seat_chart, length_chart, score_distribution, widget, win_rate_chart
from .simulate import PARALLEL_FROM, simulate
from .stats import win_rates

#: Bots offered for each seat: (label, spec).  Search keeps a small budget so a run stays short.
SEAT_CHOICES = (("random", "random"), ("greedy", "greedy"),
                ("search, 20 playouts", "search(playouts=20)"), ("search, 100 playouts", "search(playouts=100)"))


class SimulationPanel(widgets.VBox):
    """Controls for :func:`~explorer.analysis.simulate` and the charts of its last run."""

    def __init__(self, game: Game | str = "pet-quartet", games: int = 100, seed: int = 0) -> None:
        self.frame: pd.DataFrame | None = None
        self._quiet = False
        names = [(g.title, g.name) for g in all_games()]
        start = game.name if isinstance(game, Game) else find_game(game).name
        self.game_choice = widgets.Dropdown(options=names, value=start, description="game")
        self.players = widgets.IntSlider(description="players", continuous_update=False)
        self.games = widgets.BoundedIntText(value=games, min=1, max=1_000_000, description="games")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed")
        self.rotate = widgets.Checkbox(value=True, description="turn the table each game", indent=False)
        self.seat_box = widgets.HBox()
        self.option_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.cancel = widgets.Button(description="Cancel", icon="stop", tooltip="Stop the run under way",
                                     layout=widgets.Layout(display="none"))
        self.cancel.add_class("ex-lab-cancel")
        self.status = widgets.HTML()
        self._pool: cf.Executor | None = None
        self._task: asyncio.Future | None = None
        self.progress = widgets.Output()
        self.table = widgets.HTML()
        blank = alt.Chart(pd.DataFrame({"x": []})).mark_point()
        self.charts = {name: widget(blank) for name in ("wins", "order", "scores", "length")}
        self.game_choice.observe(lambda _: self._build_game(), "value")
        self.players.observe(lambda _: self._build_seats(), "value")
        self.button.on_click(lambda _: self._start())
        self.cancel.on_click(lambda _: self.stop())
        self._build_game()
        #: The last run's figures: dimmed while a new run is under way.
        self.results = widgets.VBox([
            self.table,
            widgets.HBox([self.charts["wins"], self.charts["order"]], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.charts["scores"], self.charts["length"]], layout=widgets.Layout(flex_flow="row wrap")),
        ])
        self.results.add_class("ex-lab-results")
        style = widgets.HTML("<style>.ex-lab-results.ex-lab-stale { opacity: .4; transition: opacity .2s; }"
                             ".ex-lab table { border-collapse: collapse; } .ex-lab td, .ex-lab th "
                             "{ padding: 3px 10px; text-align: left; border-bottom: 1px solid #e3e6ea; }</style>")
        super().__init__([
            style,
            widgets.HBox([self.game_choice, self.players]),
            widgets.HTML("<b>Seats</b>"), self.seat_box,
            widgets.HTML("<b>Options</b>"), self.option_box,
            widgets.HBox([self.games, self.seed, self.rotate]),
            widgets.HBox([self.button, self.cancel, self.status]),
            self.progress, self.results,
        ])
        self.add_class("ex-lab")

    # -- building the controls from the game's declaration --------------------------
    @property
    def game(self) -> Game:
        return find_game(self.game_choice.value)

    def _build_game(self) -> None:
        game = self.game
        self._quiet = True  # one rebuild of the seats, at the end
        self.players.min, self.players.max = 1, 99  # widen first so any new range is accepted
        self.players.min, self.players.max = game.min_players, game.max_players
        self.players.value = game.default_players
        self._quiet = False
        self.option_box.children = [
            widgets.Dropdown(options=[(option.label(v), v) for v in option.choices], value=option.default,
                             description=option.heading(), tooltip=option.explanation(option.default),
                             style={"description_width": "initial"})
            for name, option in game.options.items()
        ]
        self._build_seats()

    def _build_seats(self) -> None:
        if self._quiet:
            return
        count = self.players.value
        kept = [w.value for w in self.seat_box.children] or ["greedy"]
        wanted = (kept + ["random"] * count)[:count]
        self.seat_box.children = [
            widgets.Dropdown(options=[(label, spec) for label, spec in SEAT_CHOICES], value=spec,
                             description=f"seat {i + 1}", layout=widgets.Layout(width="210px"),
                             style={"description_width": "45px"})
            for i, spec in enumerate(wanted)
        ]

    def options(self) -> dict[str, Any]:
        names = list(self.game.options)
        return {name: w.value for name, w in zip(names, self.option_box.children)}

    def seats(self) -> list[str]:
        return [w.value for w in self.seat_box.children]

    # -- running ---------------------------------------------------------------------
    def run(self) -> pd.DataFrame | None:
        """Simulate with the chosen settings, here and now; show the figures (or, for bad settings, why not)."""
        self._busy(True)
        try:
            with self.progress:
                frame = self._simulate(None, progress=_in_kernel())
        except ExplorerError as error:
            self._failed(error)
            return None
        finally:
            self._busy(False)
        return self._done(frame)

    def _simulate(self, executor: cf.Executor | None, progress: bool) -> pd.DataFrame:
        return simulate(self.game.name, self.seats(), games=self.games.value, seed=self.seed.value,
                        options=self.options(), rotate=self.rotate.value, progress=progress, executor=executor)

    def _start(self) -> None:
        """Run from the page: in the background, so that Cancel can be pressed meanwhile."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no page around it: run here
            self.run()
            return
        if self._task is not None and not self._task.done():
            return
        self._busy(True)
        games = self.games.value
        self._pool = (cf.ProcessPoolExecutor(max_workers=2) if games >= PARALLEL_FROM
                      else cf.ThreadPoolExecutor(max_workers=1))
        work = loop.run_in_executor(None, self._simulate, self._pool, False)
        self._task = asyncio.ensure_future(self._finish(work))

    async def _finish(self, work: asyncio.Future) -> None:
        try:
            frame = await work
        except (cf.CancelledError, asyncio.CancelledError, RuntimeError):
            if self._task is not None:
                self.status.value = "Cancelled: the figures below are those of the last run."
            return
        except ExplorerError as error:
            self._failed(error)
            return
        except Exception as error:  # the run is outside any callback: one sentence, never a traceback
            self._failed(error)
            return
        finally:
            self._busy(False)
            self._close_pool()
        self._done(frame)

    def stop(self) -> None:
        """Cancel the run under way: the games not yet played are dropped, the last figures stay."""
        self._close_pool()
        self.status.value = "Cancelled: the figures below are those of the last run."
        self._busy(False)

    def _close_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _busy(self, running: bool) -> None:
        self.button.disabled = running
        self.cancel.layout.display = None if running else "none"
        (self.results.add_class if running else self.results.remove_class)("ex-lab-stale")
        if running:
            self.status.value = "<i>running…</i>"
            self._clear_progress()

    def _clear_progress(self) -> None:
        if _in_kernel():  # outside a kernel, clearing prints terminal codes
            self.progress.clear_output()

    def _failed(self, error: BaseException) -> None:
        text = str(error).strip() or type(error).__name__
        self.status.value = f"<span style='color:#b00'>{escape(text[0].upper() + text[1:])}</span>"

    def _done(self, frame: pd.DataFrame) -> pd.DataFrame:
        self._clear_progress()
        self.frame = frame
        self.show(frame)
        return frame

    def show(self, frame: pd.DataFrame) -> None:
        """Draw the figures of ``frame`` in the panel's charts and table."""
        notes = "".join(f"<br><i>{escape(n)}</i>" for n in frame.attrs.get("notes", []))
        self.status.value = f"{len(frame)} games of {escape(self.game.title)}{notes}"
        table = win_rates(frame)
        rows = "".join(
            f"<tr><td>{escape(str(bot))}</td><td>{r['rate']:.1%}</td><td>{r['low']:.1%} – {r['high']:.1%}</td>"
            f"<td>{int(r['seats'])}</td></tr>" for bot, r in table.iterrows())
        self.table.value = ("<table><tr><th>Bot</th><th>Win rate</th><th>95% interval</th><th>Games played in a seat</th></tr>"
                            f"{rows}</table><p>An even share would be {table['even'].iloc[0]:.1%}; "
                            f"games took {frame['length'].mean():.0f} moves on average.</p>")
        for name, chart in (("wins", win_rate_chart(table)), ("order", first_seat_chart(frame)),
                            ("scores", score_distribution(frame)), ("length", length_chart(frame))):
            self.charts[name].spec = chart.to_dict()


def _in_kernel() -> bool:
    """Whether a notebook's kernel runs this (a progress bar then shows in the page, not as terminal codes)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


#: Full names for the analysis tables' columns.
COLUMNS = {
    "game": "Game", "seed": "Seed", "players": "Players", "options": "Options", "seats": "Bots, seat by seat",
    "scores": "Final scores", "winners": "Winning seats", "length": "Moves", "first": "First seat",
    "bot": "Bot", "wins": "Wins", "rate": "Win rate", "low": "Interval, low", "high": "Interval, high",
    "even": "Even share", "count": "Games", "mean": "Mean", "std": "Standard deviation", "min": "Lowest",
    "max": "Highest", "25%": "Lower quartile", "50%": "Median", "75%": "Upper quartile", "stronger": "Bot",
    "weaker": "Against", "games": "Games", "beats": "Measurably stronger", "command": "Measured by",
    "seat": "Seat", "score": "Score", "won": "Won", "value": "Value",
}
_RATES = ("rate", "low", "high", "even")


def _words(value: Any, game: str | None) -> Any:
    """One cell in words: a tuple as a list, options' JSON as "Option: value", yes/no for True/False."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_words(v, game)) for v in value)
    if isinstance(value, str) and value.startswith("{") and game is not None:
        try:
            chosen = json.loads(value)
            declared = find_game(game).options
        except (ValueError, ExplorerError):
            return value
        return "; ".join(f"{declared[k].heading()}: {declared[k].label(v)}" if k in declared else f"{k}: {v}"
                         for k, v in chosen.items())
    return value


def tidy(table: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """``table`` as a person reads it: words for tuples, options and yes/no, rates as percentages, other
    figures rounded, full column names.  ``game`` names the game whose options the table holds (default:
    the table's own ``game`` attribute, as :func:`~explorer.analysis.simulate` sets it).

    >>> frame = pd.DataFrame({"seats": [("greedy", "random")], "rate": [0.123456], "mean": [2.34567],
    ...                       "beats": [True]})
    >>> tidy(frame).to_dict("records")
    [{'Bots, seat by seat': 'greedy, random', 'Win rate': '12.3%', 'Mean': 2.35, 'Measurably stronger': 'yes'}]
    """
    game = game or table.attrs.get("game")
    out = table.copy()
    if out.index.name is not None or not isinstance(out.index, pd.RangeIndex):
        out = out.reset_index()
    for column in out.columns:
        values = out[column]
        if pd.api.types.is_bool_dtype(values):
            out[column] = values.map(lambda v: "yes" if v else "no")
        elif column in _RATES and pd.api.types.is_float_dtype(values):
            out[column] = values.map(lambda v: f"{v:.1%}")
        elif pd.api.types.is_float_dtype(values):
            out[column] = values.round(2)
        elif values.dtype == object or pd.api.types.is_string_dtype(values):
            out[column] = values.map(lambda v: _words(v, game))
    counts = {"seats": "Games played in a seat", "game": "Game number"}  # counts, not the bots or the game
    if "game" in out.columns and not pd.api.types.is_numeric_dtype(out["game"]):
        titles = {g.name: g.title for g in all_games()}
        out["game"] = out["game"].map(lambda name: titles.get(name, name))
    out = out.rename(columns=lambda c: (counts.get(str(c)) if pd.api.types.is_numeric_dtype(out[c]) else None)
                     or COLUMNS.get(str(c), str(c).replace("fig_", "").replace("_", " ").capitalize()))
    if isinstance(out.index, pd.RangeIndex):
        out.index = pd.RangeIndex(1, len(out) + 1)
    return out
