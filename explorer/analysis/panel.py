"""A notebook panel to run simulations: pick a game, its options and its seats; see the figures.

>>> from explorer.analysis.panel import SimulationPanel
>>> panel = SimulationPanel("pet-quartet", games=20)
>>> frame = panel.run()
>>> len(frame)
20

The controls are built from the game's declaration (its player counts and
options) and from the bot registry, so every game and every bot is offered
without a line written for it.  The charts are drawn with the Vega that
comes bundled (no internet needed) and redrawn in place after each run.
"""

from __future__ import annotations

from html import escape
from typing import Any

import altair as alt
import ipywidgets as widgets
import pandas as pd

from ..core import ExplorerError, Game, game as find_game, games as all_games
from .charts import first_seat_chart, length_chart, score_distribution, widget, win_rate_chart
from .simulate import simulate
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
        self.status = widgets.HTML()
        self.progress = widgets.Output()
        self.table = widgets.HTML()
        blank = alt.Chart(pd.DataFrame({"x": []})).mark_point()
        self.charts = {name: widget(blank) for name in ("wins", "order", "scores", "length")}
        self.game_choice.observe(lambda _: self._build_game(), "value")
        self.players.observe(lambda _: self._build_seats(), "value")
        self.button.on_click(lambda _: self.run())
        self._build_game()
        super().__init__([
            widgets.HBox([self.game_choice, self.players]),
            widgets.HTML("<b>Seats</b>"), self.seat_box,
            widgets.HTML("<b>Options</b>"), self.option_box,
            widgets.HBox([self.games, self.seed, self.rotate]),
            widgets.HBox([self.button, self.status]),
            self.progress, self.table,
            widgets.HBox([self.charts["wins"], self.charts["order"]]),
            widgets.HBox([self.charts["scores"], self.charts["length"]]),
        ])

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
                             description=name.replace("_", " "), tooltip=option.doc,
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
        """Simulate with the chosen settings; show the figures (or, for bad settings, why not)."""
        self.button.disabled = True
        self.status.value = "<i>running…</i>"
        self.progress.clear_output()
        try:
            with self.progress:
                frame = simulate(self.game.name, self.seats(), games=self.games.value, seed=self.seed.value,
                                 options=self.options(), rotate=self.rotate.value, progress=True)
        except ExplorerError as error:
            self.status.value = f"<span style='color:#b00'>{escape(str(error))}</span>"
            return None
        finally:
            self.button.disabled = False
        self.progress.clear_output()
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
        self.table.value = ("<table><tr><th>bot</th><th>win rate</th><th>95% interval</th><th>seat-games</th></tr>"
                            f"{rows}</table><p>An even share would be {table['even'].iloc[0]:.1%}; "
                            f"games took {frame['length'].mean():.0f} moves on average.</p>")
        for name, chart in (("wins", win_rate_chart(table)), ("order", first_seat_chart(frame)),
                            ("scores", score_distribution(frame)), ("length", length_chart(frame))):
            self.charts[name].spec = chart.to_dict()
