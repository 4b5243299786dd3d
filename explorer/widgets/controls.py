"""The new-game form, built from what a game declares: player counts, options and seats."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..core import DEFAULT_NAMES, Game, State
from ..core.rng import MAX_SEED
from .seats import HUMAN, seats


class NewGameForm:
    """Players, seed, the game's options and who plays each seat.

    The form only holds choices; the explorer reads them when a new game is
    started.  Seats take effect at once, even during a game.
    """

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], seat_names: list[str]) -> None:
        self.game = game
        self.players = w.Dropdown(
            options=list(range(game.min_players, game.max_players + 1)), value=players, description="Players",
            layout=w.Layout(width="150px"), style={"description_width": "initial"},
        )
        self.players.add_class("ex-players")
        self.seed = w.BoundedIntText(value=seed, min=0, max=min(MAX_SEED, 2**31 - 1), description="Seed",
                                     layout=w.Layout(width="170px"), style={"description_width": "initial"},
                                     tooltip="The same seed deals the same game.")
        self.seed.add_class("ex-seed")
        self.options: dict[str, w.Dropdown] = {}
        self.option_help: dict[str, w.HTML] = {}
        boxes = []
        for name, option in game.options.items():
            control = w.Dropdown(
                options=[(option.label(c), c) for c in option.choices], value=options.get(name, option.default),
                description=option.heading(), tooltip=option.doc, style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            control.add_class("ex-option")
            control.add_class(f"ex-option-{name}")
            self.options[name] = control
            help_line = w.HTML()
            help_line.add_class("ex-option-help")
            self.option_help[name] = help_line
            control.observe(lambda change, name=name: self._explain(name), "value")
            self._explain(name)
            box = w.VBox([control, help_line])
            box.add_class("ex-option-box")
            boxes.append(box)
        kinds = [(s.title, s.name) for s in seats()]
        self.seats: list[w.Dropdown] = []
        for p in range(game.max_players):
            choice = seat_names[p] if p < len(seat_names) else ("random" if p else HUMAN)
            control = w.Dropdown(options=kinds, value=choice, description=DEFAULT_NAMES[p],
                                 style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            control.add_class("ex-seat")
            control.add_class(f"ex-seat-{p}")
            self.seats.append(control)
        self.start = w.Button(description="Start new game", tooltip="Deal a new game with these choices.")
        self.start.add_class("ex-new")
        help_text = w.HTML('<span class="ex-form-help">Seats take effect at once; players, seed and options '
                           'when you start a new game. The same seed deals the same game.</span>')
        self.seat_row = w.HBox(self.seats)
        self.seat_row.add_class("ex-form-row")
        first = w.HBox([self.players, self.seed])
        first.add_class("ex-form-row")
        option_row = w.HBox(boxes)
        option_row.add_class("ex-form-row")
        option_row.add_class("ex-option-row")
        seat_title = w.HTML('<div class="ex-section-title">Seats: you or a bot</div>')
        option_title = w.HTML('<div class="ex-section-title">Options</div>')
        parts = [first] + ([option_title, option_row] if boxes else [])
        start_row = w.HBox([self.start, help_text])
        start_row.add_class("ex-form-row")  # on a phone the sentence goes under the button, not over it
        self.widget = w.VBox([*parts, seat_title, self.seat_row, start_row])
        self.widget.add_class("ex-setup")
        self.players.observe(lambda change: self._show_seats(change.new, None), "value")
        self._show_seats(players, None)

    def _explain(self, name: str) -> None:
        """The line under an option's menu: what the value chosen does."""
        option = self.game.options[name]
        self.option_help[name].value = (f'<span class="ex-form-help">'
                                        f'{escape(option.explanation(self.options[name].value))}</span>')

    def _show_seats(self, players: int, names: tuple[str, ...] | None) -> None:
        for p, control in enumerate(self.seats):
            control.layout.display = None if p < players else "none"
            if names is not None and p < len(names):
                control.description = names[p]

    def chosen(self) -> tuple[int, int, dict[str, Any]]:
        """The player count, seed and options chosen."""
        return self.players.value, int(self.seed.value), {n: c.value for n, c in self.options.items()}

    def seat_names(self, players: int) -> list[str]:
        return [control.value for control in self.seats[:players]]

    def match(self, state: State) -> None:
        """Show the choices that deal ``state`` (after a record is loaded)."""
        self.players.value = state.players
        if int(self.seed.value) != state.seed and state.seed <= self.seed.max:
            self.seed.value = state.seed
        for name, control in self.options.items():
            if name in state.options:
                control.value = state.options[name]
        self._show_seats(state.players, tuple(state.names))
