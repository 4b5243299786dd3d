"""The explorer: one widget that plays, replays and explains any registered game.

It speaks to a game only through the engine's protocol (``legal_moves``,
``why_illegal``, ``play``, ``view``, ``scores``, records...), so a new game
gets it the moment it registers.  What is the game's own (its table, its
scoring panel, the words on its move buttons, a chooser of its own) comes
from :mod:`explorer.widgets.views`.

Time travel is a list of moves and a position in it
(:class:`~explorer.widgets.timeline.Timeline`): stepping moves the position,
playing a move at an earlier position starts a new branch.

Every control updates the widgets already on the page (an HTML widget's
value, a chart's data), never rebuilds them, and every callback is guarded:
whatever goes wrong shows one sentence and leaves the game as it was.

>>> from explorer.widgets import Explorer
>>> ex = Explorer("pet-quartet", players=3, seed=7, seats=["you", "you", "you"])
>>> _ = ex.play("D")
>>> ex.timeline.position
1
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from dataclasses import replace
from typing import Any, Callable, Sequence

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from .. import core
from ..core import ExplorerError, Game, Illegal, InvalidMove, RecordError, State
from ..core.rng import MAX_SEED
from . import explain
from ..core.palette import PLAYER_COLORS
from .controls import NewGameForm
from .movebuttons import MoveButton, MoveButtons, kind_of
from .movelist import MoveList, folded
from .recordbox import RecordsPanel
from .results import results_html
from .seats import HUMAN, Bot, bot_seed, seat
from .style import CSS
from .timeline import Timeline
from .touch import Play, Refuse, Targets, Touch, TouchRelay, play_or_refuse
from .views import Views, views_for

log = logging.getLogger(__name__)

#: Seconds between moves, when the bots answer a person and when playing on by itself ("instant": at once).
SPEEDS = (("slow", 1.5), ("normal", 0.7), ("fast", 0.3), ("fastest", 0.05), ("instant", 0.0))
#: Most moves the bots may answer in a row (a bound, so no game can hang the page).
MAX_BOT_ANSWER = 20_000
EVERYONE = -1
#: The gallery, beside every dashboard (a link relative to the page, so it works wherever they are served).
GALLERY = "index.ipynb"
#: The "Seen by" choice that shows every hand: the teacher's or a spectator's view.
EVERYONE_LABEL = "Everyone (teacher)"
#: What a click on buttons drawn for an earlier position gets (the page had not caught up yet).
STALE_CLICK = "The position changed just before that click arrived, so nothing was played: choose again."


def guarded(method: Callable) -> Callable:
    """Run a callback so that no traceback reaches the page: one sentence instead, the game unchanged."""

    @functools.wraps(method)
    def run(self: "Explorer", *args: Any, **kwargs: Any) -> Any:
        line = getattr(self, "timeline", None)
        position = line.position if line is not None else 0
        try:
            return method(self, *args, **kwargs)
        except ExplorerError as exc:
            self.say(explain.sentence(exc), "error")
        except Exception as exc:  # a bug must not break the page: say so in one sentence, keep the game
            log.warning("explorer: %s failed", method.__name__, exc_info=True)
            if line is not None:  # back to the position the page still shows
                self.timeline = line
                line.position = min(position, len(line))
            self.say(f"That did not work ({type(exc).__name__}: {explain.sentence(exc)}) "
                     "The game on screen is unchanged.", "error")
        return None

    return run


class Explorer(w.VBox):
    """A move-by-move explorer for the game called ``game``.

    ``seats`` says who plays each seat: ``"you"`` (a person, by clicking) or
    a bot's name (``"random"``...); by default you play the first seat and
    random bots the others.  ``record`` (a record's JSON text or dict) opens
    that game instead of dealing a new one.  ``views`` replaces the game's
    own views (:mod:`explorer.widgets.views`).
    """

    def __init__(
        self,
        game: str | Game = "pet-quartet",
        players: int | None = None,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        seats: Sequence[str] | None = None,
        *,
        record: str | dict | None = None,
        viewer: int | None = None,
        views: Views | None = None,
    ) -> None:
        self.game: Game = game if isinstance(game, Game) else core.game(game)
        self.views = views if views is not None else views_for(self.game)
        players = self.game.default_players if players is None else players
        seat_names = list(seats) if seats is not None else [HUMAN] + ["random"] * (self.game.max_players - 1)
        for name in seat_names:
            seat(name)  # an unknown seat fails here, before anything is built
        self._bots: dict[int, tuple[str, int, Bot]] = {}
        self._autoplay_task: asyncio.Task | None = None
        self._bots_task: asyncio.Task | None = None
        self._syncing = False
        self._shown_key: tuple | None = None
        # Every widget has a layout, and each layout is one more model for the page to set up: the parts
        # that never change their own layout share these two.
        self._plain = w.Layout()
        self._auto = w.Layout(width="auto")
        self._html_style = HTMLStyle()
        self._button_style = w.ButtonStyle()

        #: Who plays each seat (a seat's name, see :mod:`explorer.widgets.seats`); the form shows them.
        self.seat_names = (seat_names + [HUMAN] * self.game.max_players)[: self.game.max_players]
        self._form: NewGameForm | None = None
        self._records: RecordsPanel | None = None
        self.header = self._html()
        self.header.add_class("ex-header")
        self.status = self._html()
        self.status.add_class("ex-status-line")
        self.feedback = self._html()
        self.feedback.add_class("ex-feedback")

        self.to_start = self._button("|◀", "Back to the start (Home)", "ex-start", lambda: self._go(0))
        self.back = self._button("◀", "One move back (←)", "ex-back", lambda: self._step(-1))
        self.forward = self._button("▶", "One move forward; a bot to move plays its move (→)", "ex-forward",
                                    lambda: self._step(+1))
        self.to_end = self._button("▶|", "To the last move (End)", "ex-end", lambda: self._go(len(self.timeline)))
        self.autoplay = w.ToggleButton(value=False, description="Autoplay", tooltip="Play on, move after move")
        self.autoplay.add_class("ex-autoplay")
        self.autoplay.observe(self._on_autoplay, "value")
        self.speed = w.Dropdown(options=SPEEDS, value=0.7, description="Pace", layout=w.Layout(width="150px"),
                                style={"description_width": "initial"},
                                tooltip="How fast the bots play, one move at a time (instant: all at once)")
        self.speed.add_class("ex-speed")
        self.viewer = w.ToggleButtons(options=[(EVERYONE_LABEL, EVERYONE)], value=EVERYONE,
                                      tooltips=[], style={"button_width": "auto"})
        self.viewer.add_class("ex-viewer")
        self.viewer.observe(self._on_viewer, "value")
        keys = self._html('<span class="ex-keys">Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>Home</kbd> '
                          '<kbd>End</kbd> jump</span>')
        nav = w.HBox([self.to_start, self.back, self.forward, self.to_end, keys], layout=self._plain)
        nav.add_class("ex-nav")
        # Stepping, autoplay, speed, Seen by; more parts join at the toolbar's end (``toolbar.children += ...``).
        toolbar = w.HBox([nav, self.autoplay, self.speed, self.viewer], layout=self._plain)
        toolbar.add_class("ex-toolbar")

        self.table = self._html()
        self.table.add_class("ex-table")
        # The style sheets a table brings are kept apart and sent once: a step then only swaps the
        # table's markup, and the page does not parse the same styles again.
        self.table_style = self._html()
        self.table_style.add_class("ex-table-style")
        self.play_title = self._html()
        self.play_title.add_class("ex-play-title")
        #: Every legal move of the position shown, as a button (grouped by kind when there are several).
        self.legal = MoveButtons(lambda notation: self._run(lambda: self._play_button(notation)),
                                 on_stale=lambda: self.say(STALE_CLICK, "info"))
        self.notation = w.Text(placeholder="type a move, e.g. " + self._example_notation(),
                               continuous_update=False, layout=w.Layout(width="220px"))
        self.notation.add_class("ex-notation")
        self.notation.observe(self._on_notation, "value")
        self.try_button = self._button("Try it", "Play the move typed, or see why it is not allowed", "ex-try",
                                       self._on_try)
        trybox = w.HBox([self.notation, self.try_button], layout=self._plain)
        trybox.add_class("ex-trybox")
        self.teach = self._html()
        self.teach.add_class("ex-teach-box")
        self.moves = MoveList(colors=list(PLAYER_COLORS))
        self.moves.observe(self._on_jump, "position")
        self.moves.on_msg(self._on_key)

        self.chooser = self.views.chooser(self.game, self) if self.views.chooser is not None else None
        chooser = [self.chooser.widget] if self.chooser is not None else []
        #: The game's way to be played on its table (:mod:`explorer.widgets.touch`), if it has one.
        self.touches: Touch | None = self.views.touch(self.game) if self.views.touch is not None else None
        self._picked: tuple[State | None, Any] = (None, None)  # the partial choice, for the position it was made at
        #: The last refusal and the target refused, shown while their position is.
        self._refused: tuple[State | None, str, str] = (None, "", "")
        #: The table's heading with what to touch next, and why the last touch was refused (a note pinned
        #: under the target refused).
        self.touch_line = self._html()
        self.touch_line.add_class("ex-touch-line")
        #: The move buttons and the box to type a move in.
        self.buttons_box = buttons = w.VBox([self.legal, trybox], layout=w.Layout())
        buttons.add_class("ex-buttons")
        #: Once the table can be touched the move buttons fold away under this (keyboard, screen reader).
        self.buttons_toggle = w.ToggleButton(value=False, description="Show the move buttons",
                                             tooltip="Every legal move as a button, and a box to type one in",
                                             layout=self._auto)
        self.buttons_toggle.add_class("ex-buttons-toggle")
        self.buttons_toggle.observe(lambda change: self._fold_buttons(buttons, change.new), "value")
        self.buttons_toggle.observe(self._show_notation, "value")
        if self.touches is not None:
            self._fold_buttons(buttons, False)
            chooser.append(self.buttons_toggle)
        play_card = self._card([self.play_title, *chooser, buttons, self.feedback], "ex-play")
        teach_card = self._card([self.teach], "ex-teach-card")
        #: A finished game's results, with a rematch and a replay.
        self.results = self._html()
        self.results.add_class("ex-results-box")
        self.rematch = self._button("Rematch", "The same players and options, a new deal (the next seed)",
                                    "ex-rematch", self._rematch)
        self.replay = self._button("Replay this game", "Watch the game again from its first move", "ex-replay-game",
                                   self._replay_game)
        actions = w.HBox([self.rematch, self.replay], layout=self._plain)
        actions.add_class("ex-results-actions")
        self.results_card = self._card([self.results, actions], "ex-results-card")
        self.results_card.layout = w.Layout(display="none")
        table_parts: list[w.Widget] = [self.table_style, self.touch_line, self.table]
        if self.touches is not None:
            #: Passes the table's touches on (one relay an explorer).
            self.relay = TouchRelay(layout=w.Layout(height="0px", overflow="hidden"))
            self.relay.on_msg(self._on_touch)
            table_parts.insert(0, self.relay)
        table_card = self._card(table_parts, "ex-table-card")
        #: On a narrow screen the move list folds away under this button.
        self.moves_toggle = w.ToggleButton(value=False, description="Show the moves",
                                           tooltip="Show or hide the list of moves", layout=self._auto)
        self.moves_toggle.add_class("ex-moves-toggle")
        moves_card = self._card([self.moves_toggle, self.moves], "ex-moves-card")
        self.moves_toggle.observe(lambda change: self._fold_moves(moves_card, change.new), "value")
        left = w.VBox([self.results_card, table_card, play_card, teach_card], layout=self._plain)
        left.add_class("ex-left")
        side = w.VBox([moves_card], layout=self._plain)
        side.add_class("ex-side")
        main = w.HBox([left, side], layout=self._plain)
        main.add_class("ex-main")
        #: Several people at one device: between their turns this hides the table until the next one asks.
        self.handoff_text = self._html()
        self.handoff_button = self._button("Show my hand", "Only the player named should be looking now",
                                           "ex-handoff-show", self._take_over)
        self.handoff = w.VBox([self.handoff_text, self.handoff_button], layout=w.Layout(display="none"))
        self.handoff.add_class("ex-handoff")
        self._handoff_to: int | None = None
        #: Whether the person at the screen chose Everyone (a teacher's view): new matches keep it.
        self._teacher = False
        #: A lesson on screen (:class:`~explorer.widgets.lesson.LessonPlayer`): it judges a person's moves first.
        self.lesson: Any = None
        #: The parts of the table a lesson's note names, outlined on it (:func:`~explorer.widgets.touch.look`).
        self.looks: frozenset[str] = frozenset()

        self.panel = self.views.panel(self.game)
        # Older views played moves from their panel, which then needed its explorer; a chooser is the way now.
        getattr(self.panel, "bind", lambda explorer: None)(self)
        panel_card = self._card([self.panel.widget], "ex-panel")

        # The new-game form and the records panel are built when first opened: a page
        # with fewer widgets is ready sooner.
        self.setup_box = w.Accordion(children=[self._html()], titles=("New game: players, seed, options, seats",),
                                     selected_index=None)
        self.setup_box.add_class("ex-setup-box")
        self.setup_box.observe(self._on_open_setup, "selected_index")
        self.records_box = w.Accordion(children=[self._html()], titles=("Records: download, upload, paste",),
                                       selected_index=None)
        self.records_box.add_class("ex-records-box")
        self.records_box.observe(self._on_open_records, "selected_index")
        self.rules = self._html(explain.rules_reference_html(self.game))
        self.rules.add_class("ex-rules")

        super().__init__([self.header, self.status, self.setup_box, toolbar, self.handoff, main, panel_card,
                          self.records_box, self.rules])
        self.add_class("ex-explorer")
        self.add_class(f"ex-game-{self.game.name}")
        if self.touches is None:  # the move buttons are the way to play: the move list names moves as typed
            self.add_class("ex-notation-on")
        if self.touches is not None:
            self.add_class("ex-touchable")
        from .share import ShareLink  # "Copy link to this position", at the toolbar's end (explorer.widgets.share)
        toolbar.children += (ShareLink(self),)
        from .authoring import writer_box  # "Write a lesson", under the records (explorer.widgets.authoring)
        self.children = (*self.children[:-1], writer_box(self), self.children[-1])

        if record is not None:
            state = core.replay(record)
            if state.game.name != self.game.name:
                raise RecordError(f"this record is a game of {state.game.title}, not of {self.game.title}.", "game")
        else:
            state = self.game.new(players, seed, options)
        self._open(state, viewer=viewer)

    # -- the parts built when first opened -------------------------------------------
    @property
    def form(self) -> NewGameForm:
        """The new-game form (built on first use, showing the match on screen)."""
        if self._form is None:
            final = self.timeline.final
            form = NewGameForm(self.game, final.players, final.seed, dict(final.options), self.seat_names)
            form.match(final)
            form.start.on_click(lambda _: self._run(self._new_game))
            for p, control in enumerate(form.seats):
                control.observe(lambda change, p=p: self._on_seat(p, change.new), "value")
            self._form = form
            self.setup_box.children = (form.widget,)
        return self._form

    @property
    def records(self) -> RecordsPanel:
        """The records panel (built on first use)."""
        if self._records is None:
            on_screen = (lambda: self.timeline.state) if self.game.writes_positions else None
            self._records = RecordsPanel(self.game.name, self._load_reporting, self._run, on_screen)
            self._records.show(self.timeline.final, (id(self.timeline), self.timeline.version))
            self.records_box.children = (self._records.widget,)
        return self._records

    @guarded
    def _on_open_setup(self, change: Any) -> None:
        if change.new is not None:
            assert self.form is not None  # built now, on first opening

    @guarded
    def _on_open_records(self, change: Any) -> None:
        if change.new is not None:
            assert self.records is not None  # built now, on first opening

    def _fold_moves(self, card: w.VBox, shown: bool) -> None:
        (card.add_class if shown else card.remove_class)("ex-open")
        self.moves_toggle.description = "Hide the moves" if shown else "Show the moves"

    def _show_notation(self, change: Any) -> None:
        """The moves' notation shows in the move list and the "what happened" panel while the move buttons
        and the box to type a move in do: it is their language, not the table's."""
        (self.add_class if change.new else self.remove_class)("ex-notation-on")

    def _fold_buttons(self, box: w.VBox, shown: bool) -> None:
        box.layout.display = None if shown else "none"
        self.buttons_toggle.description = "Hide the move buttons" if shown else "Show the move buttons"

    # -- building blocks -----------------------------------------------------------
    def _button(self, text: str, tip: str, cls: str, action: Callable[[], Any]) -> w.Button:
        button = w.Button(description=text, tooltip=tip, layout=self._auto, style=self._button_style)
        button.add_class(cls)
        button.on_click(lambda _: self._run(action))
        return button

    def _html(self, value: str = "") -> w.HTML:
        return w.HTML(value, layout=self._plain, style=self._html_style)

    def _card(self, children: list[w.Widget], cls: str) -> w.VBox:
        """A white card; the style sheet writes its title (one widget fewer for the page to load)."""
        card = w.VBox(children, layout=self._plain)
        card.add_class("ex-card")
        card.add_class(cls)
        return card

    def _example_notation(self) -> str:
        state = self.game.new(self.game.default_players, 0)
        moves = state.legal_moves()
        return str(moves[-1]) if moves else "?"

    @guarded
    def _run(self, action: Callable[[], Any]) -> Any:
        return action()

    # -- what is shown ---------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position on screen."""
        return self.timeline.state

    @property
    def seen_by(self) -> int | None:
        """The player whose view is shown (``None``: everyone)."""
        return None if self.viewer.value == EVERYONE else self.viewer.value

    def say(self, text: str, kind: str = "info") -> None:
        """Show one sentence above the move buttons (``kind``: info, ok or error)."""
        self.feedback.value = explain.message_html(text, kind) if text else ""

    def _open(self, state: State, viewer: int | None = None) -> None:
        """Show a new match (dealt, or loaded from a record) at its last position."""
        self._stop_autoplay()
        self.timeline = Timeline(state)
        self._bots.clear()
        names = tuple(state.names)
        options = [(EVERYONE_LABEL, EVERYONE)] + [(name, p) for p, name in enumerate(names)]
        if viewer is None or viewer >= state.players:
            viewer = None if self._teacher else self.own_eyes(state)
        self._syncing = True
        try:
            if list(self.viewer.options) != options:
                self.viewer.options = options
            self.viewer.value = EVERYONE if viewer is None else viewer
        finally:
            self._syncing = False
        self.header.value = CSS + (f'<div class="ex-head"><a class="ex-gallery" href="{GALLERY}">← All games</a>'
                                   f'<span class="ex-title">{explain.escape(self.game.title)}</span>'
                                   f'<span class="ex-summary">{explain.escape(self.game.summary)}</span></div>')
        self._answer_bots()
        self.say("")
        self._refresh()

    def own_eyes(self, state: State | None = None) -> int | None:
        """Whose eyes a match is seen through at first: the one person at the table, the one to move (or the
        first) of several, or everyone's (``None``) when only bots play."""
        state = self.timeline.final if state is None else state
        people = self.people(state.players)
        if not people:
            return None
        return state.to_move if state.to_move in people else people[0]

    def people(self, players: int | None = None) -> list[int]:
        """The seats a person plays (not a bot)."""
        count = self.timeline.final.players if players is None else players
        return [p for p in range(count) if not seat(self.seat_names[p]).is_bot]

    def _hand_over(self) -> None:
        """With several people at one device, cover the table when the turn passes from one to another."""
        line = self.timeline
        state = line.state
        viewer = self.seen_by
        mover = state.to_move
        if (viewer is not None and mover is not None and not state.is_over() and line.position == len(line)
                and mover != viewer and len(self.people()) > 1 and self.is_person(mover)):
            self._handoff_to = mover
        elif self._handoff_to is not None and (viewer is None or self._handoff_to != mover
                                              or line.position != len(line)):
            self._handoff_to = None
        covered = self._handoff_to is not None
        if covered:
            who = explain.escape(state.names[mover])
            self.handoff_text.value = (f'<div class="ex-handoff-text">Pass the device to <b>{who}</b>. '
                                       f'{who}, click when only you can see the screen.</div>')
            self.handoff_button.description = f"I am {state.names[mover]}: show my hand"
        self.handoff.layout.display = None if covered else "none"
        (self.add_class if covered else self.remove_class)("ex-covered")

    def _take_over(self) -> None:
        """The next person has the device: the table is theirs."""
        p = self._handoff_to
        self._handoff_to = None
        if p is not None:
            self._syncing = True
            try:
                self.viewer.value = p
            finally:
                self._syncing = False
        self._refresh()

    def _refresh(self) -> None:
        """Bring every part of the page up to date with the position shown."""
        self._hand_over()
        line = self.timeline
        state = line.state
        viewer = self.seen_by
        titles = [seat(name).title for name in self._seat_names()]
        self.status.value = explain.status_html(self.game, state, line.position, len(line), titles,
                                                at=self._at())
        targets = self.touch_targets(state, viewer)
        style, table = split_style(self.views.table(state, viewer, targets, self.looks))
        if style != self.table_style.value:
            self.table_style.value = style
        self.table.value = table
        self.touch_line.value = self._touch_html(state, targets)
        self.teach.value = self._since_html(state) + explain.teach_html(self.game, state, line.last_entry)
        self._show_legal(state, titles, targets is not None)
        over = state.is_over() and line.position == len(line)
        self.results.value = results_html(self.game, state) if over else ""
        self.results_card.layout.display = None if over else "none"
        key = (id(line), line.version)
        if key != self._shown_key:
            self._shown_key = key
            names = state.names
            items = [{"k": e.index + 1, "player": names[e.player], "seat": e.player, "notation": e.notation,
                      "text": e.text} for e in line.entries]
            if self.views.fold is not None:  # runs of moves read as one line ("Bo and Cy do not attack.")
                items = folded(items, self.views.fold(line.entries, names))
            with self.moves.hold_sync():
                self.moves.items = items
                self._set_position(line.position)
            self._show_download()
        else:
            self._set_position(line.position)
        self.to_start.disabled = self.back.disabled = line.position == 0
        self.to_end.disabled = line.position == len(line)
        self.forward.disabled = not self._can_forward()
        self.panel.show(line, viewer)

    def _since_html(self, state: State) -> str:
        """At a person's turn, what everyone else did since that person's last move."""
        line = self.timeline
        mover = state.to_move
        if (line.position != len(line) or state.is_over() or not self.is_person(mover)
                or self._bots_task is not None):
            return ""
        entries = line.entries[: line.position]
        first = next((i + 1 for i in range(len(entries) - 1, -1, -1) if entries[i].player == mover), 0)
        return explain.since_html(self.game, state, entries[first:], state.names[mover], first > 0)

    def _set_position(self, k: int) -> None:
        self._syncing = True
        try:
            self.moves.position = k
        finally:
            self._syncing = False

    def _at(self) -> str:
        """The name of the position on screen, which the move buttons and the status line carry to the page."""
        return f"{self.timeline.version}.{self.timeline.position}"

    def _show_legal(self, state: State, titles: list[str], on_the_table: bool = False) -> None:
        viewer = self.seen_by
        if self.chooser is not None:
            self.chooser.show(state, viewer)
        if viewer is not None and not state.is_over() and viewer != state.to_move:
            # The mover's choices would show their hidden cards (a hand, a shield) to another player.
            self.legal.show((), self._at())
            who, seer = (explain.escape(state.names[p]) for p in (state.to_move, viewer))
            self.play_title.value = (f"<b>{who}</b> is to move. Their choices are hidden from {seer}: "
                                     f"choose Everyone or {who} under Seen by to see them.")
            return
        self.legal.show(self.buttons(state, viewer), self._at())
        line = self.timeline
        if state.is_over():
            text = "The game is over. Step back to look again, or play a different move at an earlier position."
        else:
            p = state.to_move
            who = explain.escape(state.names[p])
            if self._bot(p) is not None:
                text = (f"<b>{who}</b> is played by the {explain.escape(titles[p])}: press ▶ for its move, "
                        f"or choose one for {who}:")
            elif on_the_table:
                text = f"<b>{who}</b>, choose a move on the table above (or with the move buttons):"
            else:
                text = f"<b>{who}</b>, choose a move:"
            if line.position < len(line):
                later = len(line) - line.position
                text += (f' <span class="ex-form-help">(a move other than the next one replaces the {later} '
                         f'later move{"s" if later > 1 else ""})</span>')
        self.play_title.value = text

    def buttons(self, state: State, viewer: int | None) -> list[MoveButton]:
        """The buttons for the legal moves of ``state``, described as ``viewer`` may see them."""
        describe = self.views.describe
        buttons = []
        for move in state.legal_moves():
            notation = str(move)
            buttons.append(MoveButton(notation, explain.describe_label(notation, describe(state, move, viewer)),
                                      kind_of(move)))
        return buttons

    def _show_download(self) -> None:
        if self._records is not None:
            self._records.show(self.timeline.final, (id(self.timeline), self.timeline.version))

    # -- seats and bots ---------------------------------------------------------------
    def _seat_names(self) -> list[str]:
        return self.seat_names[: self.timeline.final.players]

    def is_person(self, player: int | None) -> bool:
        """Whether a person (not a bot) plays ``player``'s seat."""
        return player is not None and self._bot(player) is None

    def _bot(self, player: int | None) -> Bot | None:
        if player is None:
            return None
        name = self.seat_names[player]
        entry = seat(name)
        if not entry.is_bot:
            return None
        seed = bot_seed(self.timeline.final.seed, player)
        cached = self._bots.get(player)
        if cached is None or cached[:2] != (name, seed):
            cached = (name, seed, entry.make(seed))
            self._bots[player] = cached
        return cached[2]

    def _answer_bots(self) -> None:
        """Let the bots play until a person is to move (only when a person plays some seat)."""
        players = self.timeline.final.players
        if all(self._bot(p) is not None for p in range(players)):
            return
        for _ in range(MAX_BOT_ANSWER):
            state = self.timeline.state
            bot = None if state.is_over() else self._bot(state.to_move)
            if bot is None:
                return
            self.timeline.play(bot.choose(state))

    def _can_forward(self) -> bool:
        line = self.timeline
        if line.position < len(line):
            return True
        state = line.state
        return not state.is_over() and self._bot(state.to_move) is not None

    def _forward_once(self) -> bool:
        line = self.timeline
        if line.forward():
            return True
        state = line.state
        bot = None if state.is_over() else self._bot(state.to_move)
        if bot is None:
            return False
        line.play(bot.choose(state))
        return True

    # -- touching the table ---------------------------------------------------------------
    def may_touch(self, state: State, viewer: int | None) -> bool:
        """Whether the table of ``state``, seen by ``viewer``, can be touched to play: the game can be played
        on its table, a person (not a bot) is to move, the table is seen through their eyes (or everyone's),
        nobody is covering it for the next person, and no bot is answering."""
        mover = state.to_move
        return (self.touches is not None and not state.is_over() and self.is_person(mover)
                and viewer in (None, mover) and self._handoff_to is None and self._bots_task is None)

    def touch_targets(self, state: State, viewer: int | None) -> Targets | None:
        """What the table of ``state`` offers to ``viewer`` now (``None``: it cannot be touched)."""
        if self.touches is None or not self.may_touch(state, viewer):
            return None
        at, picked = self._picked
        return replace(self.touches.targets(state, viewer, picked if at is state else None), at=self._at())

    def touch(self, target: str) -> None:
        """Do what touching ``target`` on the table does (``data-touch`` in the table's HTML): choose a part of
        a move, play a whole one (the bots answer), or show why it is not allowed.  The engine has the last
        word on every move; the game stays as it is when something is refused."""
        state = self.timeline.state
        viewer = self.seen_by
        targets = self.touch_targets(state, viewer)
        if targets is None or self.touches is None:
            self._refuse(state, self._untouchable(state, viewer), target)
            return
        answer = self.touches.pick(state, viewer, targets.picked, target)
        if isinstance(answer, Play):
            answer = play_or_refuse(state, answer.move)
        if isinstance(answer, Refuse):
            why = Illegal(answer.reason, answer.rule) if answer.rule else None
            self._refuse(state, explain.illegal_html(self.game, answer.what or "That", why) if why
                         else explain.message_html(answer.reason, "error"), target)
            return
        self._refused = (None, "", "")
        if isinstance(answer, Play):
            self._picked = (None, None)
            self._stop_autoplay()
            self._play_paced(answer.move)
            return
        self._picked = (state, answer.picked)
        self._refresh()

    def _untouchable(self, state: State, viewer: int | None) -> str:
        """Why the table cannot be touched now, in one sentence (as HTML)."""
        mover = state.to_move
        if self.touches is None:
            text = "This game is played with the move buttons, not on its table."
        elif state.is_over():
            text = "The game is over: no more moves."
        elif not self.is_person(mover):
            text = f"{state.names[mover]} is played by a bot: press ▶ for its move."
        elif viewer not in (None, mover):
            text = (f"{state.names[mover]} is to move, and the table is seen by {state.names[viewer]}: choose "
                    f"{state.names[mover]} under Seen by to play on the table.")
        else:
            text = "Wait for the bots to finish their moves."
        return explain.message_html(text, "error")

    def _refuse(self, state: State, html: str, target: str) -> None:
        self._refused = (state, html, target)
        self.touch_line.value = self._touch_html(state, self.touch_targets(state, self.seen_by))

    def _touch_html(self, state: State, targets: Targets | None) -> str:
        """The table's heading with what to touch next, and the last refusal, named by the position (as the
        status line is) so that a page knows the table it follows is the one the status line shows.

        The prompt shares the heading's row, so the table starts at the same height with a prompt or
        without one; the refusal is a note the page pins beside the target refused (see
        :class:`~explorer.widgets.touch.TouchRelay`), which a screen reader reads out as it appears.
        """
        at, refused, target = self._refused
        prompt = "" if targets is None or not targets.prompt else \
            f'<div class="ex-touch-prompt" title="{explain.escape(targets.prompt)}">{explain.escape(targets.prompt)}</div>'
        note = (f'<div class="ex-refusal" role="alert" data-target="{explain.escape(target)}">{refused}</div>'
                if at is state and refused else "")
        return (f'<div class="ex-touch-state" data-at="{self._at()}"><span class="ex-table-title">The table</span>'
                f'{prompt}{note}</div>')

    @guarded
    def _on_touch(self, widget: Any, content: Any, buffers: Any) -> None:
        target = content.get("touch") if isinstance(content, dict) else None
        if not isinstance(target, str) or len(target) > 200:
            return
        if content.get("at") not in (None, self._at()):  # a table drawn for an earlier position
            self.say(STALE_CLICK, "info")
            return
        self.touch(target)

    # -- the verbs (also for use from a notebook) ----------------------------------------
    def play(self, move: Any) -> core.Entry | None:
        """Play ``move`` (a value or its notation) at the position shown; the bots answer.

        An illegal move raises :class:`~explorer.IllegalMove` and changes nothing.  At a lesson's
        question the lesson judges the move instead (``None``: it was an answer, see :meth:`answered`).
        """
        if self.answered(move):
            return None
        return self._play_now(move)

    def _play_now(self, move: Any) -> core.Entry:
        """Play ``move``, and the bots' answers at once (no lesson asked about it)."""
        entry = self.timeline.play(move)
        self._answer_bots()
        self.say("")
        self._refresh()
        return entry

    def answered(self, move: Any) -> bool:
        """Whether a lesson on screen took ``move`` as the answer to its question (nothing else is then done)."""
        return self.lesson is not None and bool(self.lesson.answer(move))

    def see(self, viewer: int | None) -> None:
        """Show the table through ``viewer``'s eyes (``None``: everyone's)."""
        self._syncing = True
        try:
            self.viewer.value = EVERYONE if viewer is None else viewer
        finally:
            self._syncing = False
        self._refresh()

    def goto(self, k: int) -> None:
        """Show the position after ``k`` moves."""
        self.timeline.goto(k)
        self.say("")
        self._refresh()

    def load(self, record: str | bytes | dict) -> State:
        """Open the game a record describes; a bad record raises :class:`~explorer.RecordError`."""
        state = core.replay(record)
        if state.game.name != self.game.name:
            raise RecordError(f"this record is a game of {state.game.title}; this explorer plays {self.game.title}.",
                              "game")
        if self._form is not None:
            self._form.match(state)
        self._open(state)
        return state

    # -- callbacks -----------------------------------------------------------------------
    def _go(self, k: int) -> None:
        self._stop_autoplay()
        self.goto(k)

    def _step(self, delta: int) -> None:
        self._stop_autoplay()
        if delta < 0:
            self.timeline.back()
        elif not self._forward_once():
            self.say("There is no next move: it is a person's turn to choose one.")
            return
        self.say("")
        self._refresh()

    def _play_button(self, notation: str) -> None:
        self._stop_autoplay()
        self._play_paced(notation)

    def _play_paced(self, move: Any) -> None:
        """A person's move from the page: the bots then answer one move at a time, at the pace chosen
        (at once outside a running page, where nothing would play them later).  A lesson at its
        question judges it first."""
        if not self.answered(move):
            self._pace(move)

    def _pace(self, move: Any) -> None:
        """Play ``move``, the bots answering at the pace chosen (no lesson asked about it)."""
        if self.speed.value <= 0 or not _loop_running():
            self._play_now(move)
            return
        self.timeline.play(move)
        self.say("")
        if self._bots_to_answer():
            self._bots_task = asyncio.ensure_future(self._bots_in_turn())
        self._refresh()

    def _bots_to_answer(self) -> bool:
        state = self.timeline.state
        people = self.people()
        return bool(people) and len(people) < state.players and not state.is_over() and \
            self._bot(state.to_move) is not None

    async def _bots_in_turn(self) -> None:
        """Each bot's move in turn, shown and narrated, until a person is to move."""
        try:
            for _ in range(MAX_BOT_ANSWER):
                await asyncio.sleep(self.speed.value)
                if asyncio.current_task() is not self._bots_task:
                    return
                line = self.timeline
                state = line.state
                bot = None if state.is_over() or line.position != len(line) else self._bot(state.to_move)
                if bot is None:
                    break
                name = state.names[state.to_move]
                line.play(bot.choose(state))
                self.feedback.value = explain.message_html(
                    f"{name} has played; the bots play one move at a time (choose “instant” under Pace "
                    "to see their moves at once).", "info")
                self._refresh()
        except asyncio.CancelledError:
            return
        except Exception as exc:  # the loop runs outside any callback: guard it here
            log.warning("explorer: the bots' answer failed", exc_info=True)
            self.say(f"The bots stopped: {explain.sentence(exc)}", "error")
        if asyncio.current_task() is self._bots_task:
            self._bots_task = None
            self.say("")
            self._refresh()

    @guarded
    def _on_jump(self, change: Any) -> None:
        if self._syncing:
            return
        self._stop_autoplay()
        self.goto(max(0, min(int(change.new), len(self.timeline))))

    @guarded
    def _on_key(self, widget: Any, content: Any, buffers: Any) -> None:
        """← → Home End, sent by the page."""
        key = content.get("key") if isinstance(content, dict) and content.get("event") == "key" else None
        if key == "back" and self.timeline.position > 0:
            self._step(-1)
        elif key == "forward" and self._can_forward():
            self._step(+1)
        elif key == "start":
            self._go(0)
        elif key == "end":
            self._go(len(self.timeline))

    @guarded
    def _on_viewer(self, change: Any) -> None:
        if not self._syncing:
            self._teacher = change.new == EVERYONE
            self._refresh()

    @guarded
    def _on_seat(self, player: int, name: str) -> None:
        seat(name)
        self.seat_names[player] = name
        self._refresh()

    @guarded
    def _on_notation(self, change: Any) -> None:
        if change.new.strip():
            self._try(change.new)

    def _on_try(self) -> None:
        if self.notation.value.strip():
            self._try(self.notation.value)

    def _try(self, text: str) -> None:
        """Play the move typed, or show why it is not allowed (the game stays as it is)."""
        text = text.strip()
        if self.answered(text):
            self._clear_typed()
            return
        state = self.timeline.state
        try:
            move = state.parse(text)
        except InvalidMove as exc:
            self.feedback.value = explain.message_html(f"“{text}” is not a move: {explain.sentence(exc)}", "error")
            return
        why = state.why_illegal(move)
        if why is not None:
            self.feedback.value = explain.illegal_html(self.game, text, why)
            return
        self._stop_autoplay()
        self._pace(move)  # the lesson, if any, has judged the text already
        self._clear_typed()

    def _clear_typed(self) -> None:
        self._syncing = True
        try:
            self.notation.value = ""
        finally:
            self._syncing = False

    def _rematch(self) -> None:
        """The same players and options, a new deal: the next seed."""
        final = self.timeline.final
        seed = (final.seed + 1) % (MAX_SEED + 1)
        self._open(self.game.new(final.players, seed, dict(final.options)))
        if self._form is not None:
            self._form.match(self.timeline.final)
        self.say(f"A rematch: {final.players} players, the same options, seed {seed}.", "ok")

    def _replay_game(self) -> None:
        """Back to the first move, and the game plays itself again at the pace chosen."""
        self._go(0)
        if self.speed.value <= 0:
            self.speed.value = 0.7
        self.autoplay.value = True

    def _new_game(self) -> None:
        players, seed, options = self.form.chosen()
        state = self.game.new(players, seed, options)
        self._open(state)
        self.say(f"A new game: {players} players, seed {seed}.", "ok")

    def _load_reporting(self, data: str | bytes, source: str) -> tuple[str, str]:
        """Replay a record given by the person; the sentence to show, and whether it went well."""
        try:
            state = self.load(data)
        except RecordError as exc:
            return (f"{source[0].upper() + source[1:]} cannot be replayed: {explain.sentence(exc)} "
                    "The game on screen stays as it was.", "error")
        return f"Replayed {source}: {state.players} players, seed {state.seed}, {state.ply} moves.", "ok"

    # -- autoplay ----------------------------------------------------------------------------
    @guarded
    def _on_autoplay(self, change: Any) -> None:
        if change.new:
            self.autoplay.description = "Pause"
            if self._autoplay_task is None or self._autoplay_task.done():
                self._autoplay_task = asyncio.ensure_future(self._autoplay())
        else:
            self.autoplay.description = "Autoplay"

    async def _autoplay(self) -> None:
        try:
            while self.autoplay.value:
                if not self._forward_once():
                    state = self.timeline.state
                    if state.is_over():
                        self.say("Autoplay stopped: the game is over.")
                    else:
                        self.say(f"Autoplay stopped: {state.names[state.to_move]}, it is your move.")
                    break
                self._refresh()
                await asyncio.sleep(self.speed.value)
        except Exception as exc:  # the loop runs outside any callback: guard it here
            log.warning("explorer: autoplay failed", exc_info=True)
            self.say(f"Autoplay stopped: {explain.sentence(exc)}", "error")
        finally:
            self.autoplay.value = False
            self._refresh()

    def _stop_autoplay(self) -> None:
        """Stop whatever plays by itself: autoplay, and bots answering one move at a time."""
        if self.autoplay.value:
            self.autoplay.value = False
        task, self._bots_task = self._bots_task, None
        if task is not None:
            task.cancel()


def _loop_running() -> bool:
    try:
        return asyncio.get_running_loop().is_running()
    except RuntimeError:
        return False


_STYLE = re.compile(r"\s*(<style\b[^>]*>.*?</style>\s*)+", re.DOTALL | re.IGNORECASE)


def split_style(html: str) -> tuple[str, str]:
    """The ``<style>`` blocks that open ``html``, and the rest.

    >>> split_style("<style>b{}</style><p>hi</p>")
    ('<style>b{}</style>', '<p>hi</p>')
    """
    match = _STYLE.match(html)
    if match is None:
        return "", html
    return match.group(0).strip(), html[match.end():]


def explore(game: str = "pet-quartet", **kwargs: Any) -> Explorer:
    """An :class:`Explorer` for ``game`` (keywords as for :class:`Explorer`)."""
    return Explorer(game, **kwargs)
