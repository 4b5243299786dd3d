"""The lesson player: the explorer leads a learner through an annotated record, note by note.

A lesson (:class:`~explorer.lessons.lesson.Lesson`) is a record with notes.
:class:`LessonPlayer` opens its game in an explorer and walks it step by
step: each step goes to its note's move and shows the comment; a step that
asks a question waits for the learner's move, made any way the explorer
takes a move (a button, typed notation, a touch on the table): the explorer
hands every person's move to the lesson first (``Explorer.lesson``).

* a right answer is played and confirmed with the rule it follows;
* a legal but wrong move is not played: the learner reads why the accepted
  move is better (the note's reason, its rule, and the points each leads to);
* an illegal move is not played either: the rule's own sentence says why.

Hints come on request, the progress reads "Step 3 of 7", and every step has
a link (``?lesson=...&step=3``) that reopens the lesson there.

:class:`PuzzlePlayer` serves a game's puzzles
(:class:`~explorer.lessons.puzzles.PuzzleSet`) one after another the same
way, each puzzle a step with its own game, judged by the same path: "Puzzle
3 of 10", **Next puzzle**, and a link (``?puzzles=pets&puzzle=3``).

>>> from explorer.widgets import Explorer
>>> from explorer.lessons.lesson import shipped
>>> lesson = shipped("pet-quartet")[0]
>>> player = LessonPlayer(Explorer("pet-quartet"), lesson)
>>> player.progress
'Step 1 of 7'
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from ..core import ExplorerError, InvalidMove, RecordError, State
from ..core.errors import excerpt
from ..core.notes import Note
from ..lessons.lesson import Lesson, lesson as shipped_lesson, shipped
from ..lessons.puzzles import PuzzleSet, puzzles as shipped_puzzles
from . import explain
from .seats import HUMAN
from .touch import looks_of

if TYPE_CHECKING:
    from .share import LinkedPage
    from .stepper import Explorer

log = logging.getLogger(__name__)

#: The link's parameters: the lesson's name and the step shown (from 1); a game's puzzles and the one shown.
LESSON, STEP = "lesson", "step"
PUZZLES, PUZZLE = "puzzles", "puzzle"

#: The explorer's class while a question waits: its charts and every part of a table marked
#: ``ex-gives-away`` (a meter's advice, say) are hidden, since they could tell the answer.
ASKING = "ex-asking"

_CSS = """<style>
.ex-explorer .ex-lesson { border: 2px solid var(--ex-accent); background: #f7faff; gap: 6px; }
.ex-explorer .ex-lesson::before { content: "Lesson"; }
.ex-explorer .ex-lesson.ex-puzzles::before { content: "Puzzles"; }
.ex-explorer .ex-lesson-title { font-size: 16px; font-weight: 700; }
.ex-explorer .ex-lesson-progress { font-size: 12px; color: var(--ex-soft); font-variant-numeric: tabular-nums; }
.ex-explorer .ex-lesson-comment { font-size: 15px; line-height: 1.5; margin: 4px 0; }
.ex-explorer .ex-lesson-question { font-size: 15px; font-weight: 600; line-height: 1.5; margin: 4px 0; }
.ex-explorer .ex-lesson-look { font-size: 13px; color: var(--ex-soft); }
.ex-explorer .ex-lesson-resume { font-size: 12px; color: var(--ex-soft); }
.ex-explorer .ex-lesson-actions { gap: 6px; flex-wrap: wrap; }
.ex-explorer .ex-lesson-actions .widget-button { width: auto; }
</style>"""


class LessonPlayer:
    """Plays ``lesson`` in ``explorer``, from step ``step`` (from 0): the lesson's card joins the explorer."""

    #: What one step is called on the card's buttons, what skipping one skips, and what leaving leaves.
    WORD, SKIP, LEAVE = "step", "question", "lesson"

    def __init__(self, explorer: "Explorer", lesson: Any, step: int = 0) -> None:
        self.explorer = explorer
        self.lesson = lesson
        self.notes: tuple[Note, ...] = lesson.notes
        if not self.notes:
            raise RecordError("this record has no notes, so there is no lesson to follow.", "notes")
        self.step = max(0, min(step, len(self.notes) - 1))
        #: Which steps' questions were answered rightly, and which at the first try.
        self.solved: set[int] = set()
        self.first_try: set[int] = set()
        self._tried: set[int] = set()
        self._seats: list[str] = []
        self.text = w.HTML()
        self.text.add_class("ex-lesson-text")
        self.verdict = w.HTML()
        self.verdict.add_class("ex-lesson-verdict")
        word = self.WORD
        self.back = self._button(f"◀ Previous {word}", f"Back to the {word} before", "ex-lesson-back", self._back)
        self.hint = self._button("Hint", "A hint for this question", "ex-lesson-hint", self.show_hint)
        self.next = self._button(f"Next {word} ▶", f"On to the next {word}", "ex-lesson-next", self._next)
        self.leave = self._button(f"Leave the {self.LEAVE}",
                                  f"Go on exploring this game freely; the link to this {word} brings it back",
                                  "ex-lesson-leave", self.close)
        actions = w.HBox([self.back, self.hint, self.next, self.leave])
        actions.add_class("ex-lesson-actions")
        self.card = w.VBox([self.text, self.verdict, actions])
        self.card.add_class("ex-card")
        self.card.add_class("ex-lesson")
        self._open()
        self.show(self.step)

    def _button(self, text: str, tip: str, cls: str, action: Any) -> w.Button:
        button = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
        button.add_class(cls)
        button.on_click(lambda _: self.explorer._run(action))
        return button

    # -- joining and leaving the explorer -------------------------------------------------
    def _open(self) -> None:
        ex = self.explorer
        old = getattr(ex, "lesson", None)
        if old is not None and old is not self:
            old.close()
        self._seats = list(ex.seat_names)  # given back on leaving
        ex.seat_names = [HUMAN] * ex.game.max_players  # nobody answers for the learner
        ex.lesson = self
        _insert(ex, self.card)

    def close(self) -> None:
        """Leave the lesson: its card goes, and its whole game stays on screen at the step's move, to explore
        freely (the bots as they were seated)."""
        ex = self.explorer
        if ex.lesson is self:
            ex.lesson = None
        _remove(ex, self.card)
        ex.looks = frozenset()
        ex.remove_class(ASKING)
        self._load(None)
        ex.goto(self.note.at)
        ex.seat_names = self._seats
        ex.say(f"You left the {self.LEAVE}; the game stays on screen to explore. The link to this {self.WORD} "
               "brings it back.", "info")

    def _load(self, moves: int | None) -> None:
        """The lesson's game up to its first ``moves`` moves (``None``: all): the list of moves never tells
        what comes next."""
        record = {k: v for k, v in self.lesson.record.items() if k != "notes"}
        record["moves"] = list(record["moves"][:moves])
        self.explorer.load(record)

    # -- the steps --------------------------------------------------------------------
    @property
    def note(self) -> Note:
        return self.notes[self.step]

    @property
    def progress(self) -> str:
        return f"Step {self.step + 1} of {len(self.notes)}"

    @property
    def waiting(self) -> bool:
        """Whether the step shown asks a question not yet answered, at the move it asks about."""
        return (self.note.asks and self.step not in self.solved
                and self.explorer.timeline.position == self.note.at)

    @property
    def link(self) -> str:
        """The link (a query string, with its ``?``) that reopens the lesson at the step shown ('' for a
        lesson the explorer does not ship: its record is downloaded instead)."""
        if self.lesson not in shipped(self.lesson.game):
            return ""
        return "?" + urlencode({LESSON: self.lesson.name, STEP: self.step + 1})

    def _finished(self) -> str:
        return "That is the end of the lesson"

    def show(self, step: int) -> None:
        """Go to step ``step`` (from 0): its move on the table, its comment, its question."""
        self.step = max(0, min(step, len(self.notes) - 1))
        self.explorer.looks = looks_of(self.note.highlight)  # outlined on the table
        self._load(self.note.at)
        # A question is the mover's: the table through their eyes (a comment may speak of every hand).
        mover = self.explorer.state.to_move
        self.explorer.see(mover if self.note.asks and mover is not None else None)
        self.verdict.value = ""
        self._draw()

    def _draw(self) -> None:
        note, esc = self.note, explain.escape
        seen = self.explorer.seen_by
        eyes = f" · a question, the table seen by {esc(self.explorer.state.names[seen])}" if note.asks and \
            seen is not None else ""
        parts = [_CSS, f'<div class="ex-lesson-title">{esc(self.lesson.title)}</div>',
                 f'<div class="ex-lesson-progress">{esc(self.progress)}{eyes}</div>']
        if note.comment:
            parts.append(f'<div class="ex-lesson-comment">{esc(note.comment)}</div>')
        if note.highlight:
            parts.append(f'<div class="ex-lesson-look">Look at: {esc(", ".join(note.highlight))} '
                         '(outlined with dashes on the table).</div>')
        asking = note.asks and self.step not in self.solved
        if note.asks:
            parts.append(f'<div class="ex-lesson-question">{esc(note.question)}</div>')
            if asking:
                parts.append('<div class="ex-lesson-look">Answer with a move: a button under Play, '
                             'a move typed there, or a touch on the table. The charts, and any advice the '
                             'table gives, are hidden until you have answered.</div>')
        # What would tell the answer (the charts, a meter's advice) is hidden while the question waits.
        (self.explorer.add_class if asking else self.explorer.remove_class)(ASKING)
        if self.step == len(self.notes) - 1 and (not note.asks or self.step in self.solved):
            parts.append(f'<div class="ex-lesson-comment"><b>{esc(self._summary())}</b></div>')
        if self.link:
            parts.append(f'<div class="ex-lesson-resume">To come back to this {self.WORD} later, keep '
                         f'<a class="ex-lesson-link" href="{esc(self.link)}" target="_self">its link</a>.</div>')
        self.text.value = "".join(parts)
        self.back.disabled = self.step == 0
        self.next.disabled = self.step == len(self.notes) - 1
        self.hint.layout.display = None if note.asks and note.hint and self.step not in self.solved else "none"
        self.next.description = f"Skip this {self.SKIP} ▶" if self.waiting else f"Next {self.WORD} ▶"

    def _summary(self) -> str:
        asked, done = self.lesson.questions, self._finished()
        if not asked:
            return f"{done}."
        return (f"{done}: {len(self.first_try)} of {asked} question"
                f"{'s' if asked > 1 else ''} answered at the first try.")

    def _next(self) -> None:
        self.show(self.step + 1)

    def _back(self) -> None:
        self.show(self.step - 1)

    def show_hint(self) -> None:
        """The step's hint (asking for it means the question is not answered at the first try)."""
        note = self.note
        if note.hint:
            self._tried.add(self.step)
            self.verdict.value = explain.message_html(f"Hint: {note.hint}", "info")

    # -- answers ----------------------------------------------------------------------
    def answer(self, move: Any) -> bool:
        """Judge a person's ``move`` at a question; ``False`` (the explorer plays it) when nothing is asked."""
        if not self.waiting:
            return False
        state = self.explorer.state
        text = str(move).strip()
        try:
            parsed = state.parse(move)
        except InvalidMove as exc:
            self._wrong(explain.message_html(f"“{text}” is not a move: {explain.sentence(exc)}", "error"))
            return True
        why = state.why_illegal(parsed)
        if why is not None:
            self._wrong(explain.illegal_html(self.explorer.game, str(parsed), why))
            return True
        accepted = [state.parse(a) for a in self.note.answers]
        if str(parsed) in {str(a) for a in accepted}:
            self._right(parsed)
        else:
            self._wrong(self._better(state, parsed, accepted[0]))
        return True

    def _wrong(self, html: str) -> None:
        self._tried.add(self.step)
        self.verdict.value = html + explain.message_html("Try again" + (", or ask for a hint." if self.note.hint
                                                                         else "."), "info")

    def _right(self, move: Any) -> None:
        step = self.step
        self.solved.add(step)
        if step not in self._tried:
            self.first_try.add(step)
        entry = self.explorer.play(move)  # no longer waiting: the explorer plays it
        self.explorer.see(None)  # the whole table again, never covered for the next player's turn
        game, note = self.explorer.game, self.note
        why = f" {note.why}" if note.why else ""
        html = f"<div><b>Right.</b>{explain.escape(why)}</div>"
        if entry is not None:
            if entry.text not in why:  # a puzzle's reason tells what its move does already
                html += f"<div>{explain.escape(entry.text)}</div>"
            html += explain.rule_html(game, entry.rule)
        self.verdict.value = f'<div class="ex-msg ex-ok ex-lesson-right">{html}</div>'
        self._draw()

    def _better(self, state: State, move: Any, best: Any) -> str:
        """Why ``best`` is better than the legal ``move``: the note's reason, best's rule, and the points."""
        game, esc = self.explorer.game, explain.escape
        mover = state.to_move
        theirs, ours = state.copy(), state.copy()
        theirs.play(move)
        entry = ours.play(best)
        words = self.explorer.views.describe(state, move, self.explorer.seen_by) or str(move)  # what the learner
        # may read of it: playing it out would tell what it reveals (a hidden hand's answer, the next card)
        html = (f"<div><b>{esc(words[0].upper() + words[1:])}</b> is allowed, but it is not the move this question "
                f"looks for. {esc(self.note.why)}</div>")
        if mover is not None:
            after = theirs.scores()[mover].total, ours.scores()[mover].total
            if after[0] < after[1]:  # (a choice better on average may score less this once: not said)
                who = esc(state.names[mover])
                html += (f"<div>After your move {who} would have {after[0]} point{'s' if after[0] != 1 else ''}; "
                         f"after the better one, {after[1]}.</div>")
        html += f"<div>The better move follows this rule:</div>{explain.rule_html(game, entry.rule)}"
        return f'<div class="ex-msg ex-error ex-lesson-wrong">{html}</div>'


class PuzzlePlayer(LessonPlayer):
    """Serves a game's ``puzzles`` in ``explorer`` one after another, from puzzle ``step`` (from 0).

    Each puzzle is a step with its own game, stopped where its question is
    asked; the answers are judged as a lesson's are, and a right one is
    explained by the puzzle's criterion, its numbers and the rule it follows.

    >>> from explorer.widgets import Explorer
    >>> player = play_puzzles(Explorer("quartz"), "quartz", step=2)
    >>> player.progress, player.link
    ('Puzzle 3 of 10', '?puzzles=quartz&puzzle=3')
    """

    WORD, SKIP, LEAVE = "puzzle", "puzzle", "puzzles"

    def __init__(self, explorer: "Explorer", puzzles: PuzzleSet, step: int = 0) -> None:
        super().__init__(explorer, puzzles, step)
        self.card.add_class("ex-puzzles")

    @property
    def progress(self) -> str:
        return self.lesson.progress(self.step)

    @property
    def link(self) -> str:
        return "?" + urlencode({PUZZLES: self.lesson.game, PUZZLE: self.step + 1})

    def _load(self, moves: int | None) -> None:
        """The game of the puzzle shown, stopped at its question."""
        self.explorer.load(self.lesson.record(self.step))

    def _finished(self) -> str:
        return "That was the last puzzle"


def play_puzzles(explorer: "Explorer", game: str, step: int = 0) -> PuzzlePlayer:
    """Serve the puzzles of the game called ``game`` in ``explorer``, from puzzle ``step`` (from 0)."""
    return PuzzlePlayer(explorer, shipped_puzzles(game), step)


def clause(exc: BaseException) -> str:
    """An error as the end of a sentence that names what failed: ``... cannot be opened: there is ...``."""
    reason = explain.sentence(exc)
    return reason[0].lower() + reason[1:]


def _insert(explorer: "Explorer", card: w.Widget) -> None:
    """The lesson's card in the explorer's left column, just above Play (at the top, if it has none)."""
    for part in explorer.children:
        if "ex-main" in part._dom_classes and part.children:
            left = part.children[0]
            kids = list(left.children)
            at = next((i for i, c in enumerate(kids) if "ex-play" in c._dom_classes), len(kids))
            left.children = tuple(kids[:at] + [card] + kids[at:])
            return
    explorer.children = (card, *explorer.children)


def _remove(explorer: "Explorer", card: w.Widget) -> None:
    for part in explorer.children:
        if "ex-main" in part._dom_classes and part.children:
            left = part.children[0]
            left.children = tuple(c for c in left.children if c is not card)
    explorer.children = tuple(c for c in explorer.children if c is not card)


def play_lesson(explorer: "Explorer", lesson: Lesson | str, step: int = 0) -> LessonPlayer:
    """Play ``lesson`` (a lesson, or a shipped lesson's name) in ``explorer``, from ``step`` (from 0)."""
    found = shipped_lesson(lesson) if isinstance(lesson, str) else lesson
    return LessonPlayer(explorer, found, step)


def lesson_link(query: str) -> tuple[str, str, int] | None:
    """What a page's query string opens: ``("lesson", name, step)`` or ``("puzzles", game, puzzle)``, the
    step from 0; ``None`` when it names neither.

    >>> lesson_link("?lesson=pets-example-b&step=3"), lesson_link("?puzzles=quartz&puzzle=2"), lesson_link("game=pets")
    (('lesson', 'pets-example-b', 2), ('puzzles', 'quartz', 1), None)
    """
    fields = parse_qs(query.lstrip("?")[:2_000], max_num_fields=20)
    for kind, at in ((LESSON, STEP), (PUZZLES, PUZZLE)):
        names = fields.get(kind)
        if names:
            steps = fields.get(at, ["1"])
            step = int(steps[0]) - 1 if steps[0].isascii() and steps[0].isdigit() and len(steps[0]) < 6 else 0
            return kind, names[0], max(step, 0)
    return None


def follow_lesson(page: "LinkedPage", query: str) -> bool:
    """Open the lesson, or the puzzles, a page's ``query`` names in the page's explorer; ``False`` when it
    names neither.

    A name no lesson has, or a lesson (or puzzles) of another game on a
    game's own page, is one sentence on the page, and the page's default
    game stays.
    """
    named = lesson_link(query)
    if named is None:
        return False
    kind, name, step = named
    what = "These puzzles" if kind == PUZZLES else "This lesson"
    try:
        found: Any = shipped_puzzles(name) if kind == PUZZLES else shipped_lesson(name)
        if found.game != page.explorer.game.name:
            if not page.any_game:
                which = (f"the {excerpt(found.title)} are" if kind == PUZZLES
                         else f"the lesson {excerpt(found.title)} is")
                raise RecordError(f"{which} for another game; the gallery opens {'them' if kind == PUZZLES else 'it'} "
                                  "on that game's page")
            from .share import close_widgets
            from .stepper import Explorer

            old, page.explorer = page.explorer, Explorer(found.game, seats=page.seats)
            page.widget.children = (page.explorer,)
            close_widgets(old)
        (PuzzlePlayer if kind == PUZZLES else LessonPlayer)(page.explorer, found, step)
    except ExplorerError as exc:
        page.explorer.say(f"{what} cannot be opened: {clause(exc)}", "error")
    except Exception:  # it passed its checks and still failed: one sentence, the default game
        log.warning("lesson: a lesson or puzzles could not be opened", exc_info=True)
        page.explorer.say(f"{what} cannot be opened; here is a new game instead.", "error")
    return True
