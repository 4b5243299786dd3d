"""Writing a lesson in the explorer, without code: notes added at the move shown, downloaded as a record.

Step to a position, write what to say there, and press **Add a note here**;
or write a question and press **Ask a question here**: the move played next
from that position (the one the game on screen goes on with) is the accepted
answer.  The notes and the game on screen make an annotated record
(:mod:`explorer.core.notes`): download it, or play it at once as a lesson.
A record with notes pasted into the box opens as a lesson too.

>>> from explorer.widgets import Explorer
>>> ex = Explorer("pet-quartet", players=2, seed=1, seats=["you", "you"])
>>> _ = ex.play("D"); _ = ex.play("P1"); ex.goto(1)
>>> box = LessonWriter(ex)
>>> box.question.value = "Where should Ana place her card?"
>>> box.ask_here()
>>> box.record()["notes"]
[{'at': 1, 'question': 'Where should Ana place her card?', 'answers': ['P1']}]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import ipywidgets as w

from ..core import RecordError
from ..core.records import loads
from ..core.notes import MAX_NOTES, Note
from ..lessons.lesson import from_record
from . import explain
from .lesson import LessonPlayer, clause

if TYPE_CHECKING:
    from .stepper import Explorer


class LessonWriter:
    """The explorer's "Write a lesson" panel: notes at the move shown, a download, and a play-through."""

    def __init__(self, explorer: "Explorer") -> None:
        self.explorer = explorer
        self.notes: list[Note] = []
        area = w.Layout(width="100%", height="60px")
        line = w.Layout(width="100%")
        self.comment = w.Textarea(placeholder="What to say at this point of the game", layout=area)
        self.comment.add_class("ex-write-comment")
        self.question = w.Text(placeholder="A question for the player to move (its answer: the next move)",
                               layout=line)
        self.question.add_class("ex-write-question")
        self.hint = w.Text(placeholder="A hint, given on request", layout=line)
        self.hint.add_class("ex-write-hint")
        self.why = w.Text(placeholder="Why the answer is right", layout=line)
        self.why.add_class("ex-write-why")
        buttons = [self._button("Add a note here", "The comment, shown at the move on screen", "ex-write-note",
                                self.note_here),
                   self._button("Ask a question here", "The question, answered by the move played next from here",
                                "ex-write-ask", self.ask_here),
                   self._button("Remove the last note", "Take back the note added last", "ex-write-undo",
                                self.remove_last),
                   self._button("Play it as a lesson", "Follow the notes written so far, step by step",
                                "ex-write-play", self.play)]
        actions = w.HBox(buttons)
        actions.add_class("ex-lesson-actions")
        self.listing = w.HTML()
        self.listing.add_class("ex-write-list")
        self.download = w.HTML()
        self.download.add_class("ex-write-download")
        self.paste = w.Textarea(placeholder='paste a record with notes here: {"game": ..., "notes": [...]}',
                                layout=area)
        self.paste.add_class("ex-write-paste")
        opener = self._button("Open the pasted record as a lesson", "Play a lesson written before", "ex-write-open",
                              self.open_pasted)
        self.feedback = w.HTML()
        self.feedback.add_class("ex-write-feedback")
        self.widget = w.VBox([
            w.HTML('<div class="ex-form-help">Step to a position, then add a note there, or ask the player to move '
                   'a question: the move the game goes on with from there is the answer. Download the game with '
                   'its notes, or play it as a lesson.</div>'),
            self.comment, self.question, self.hint, self.why, actions, self.feedback, self.listing, self.download,
            self.paste, w.HBox([opener])])
        self.widget.add_class("ex-write")
        self._show()

    def _button(self, text: str, tip: str, cls: str, action: Any) -> w.Button:
        button = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
        button.add_class(cls)
        button.on_click(lambda _: self.explorer._run(action))
        return button

    def _say(self, text: str, kind: str = "ok") -> None:
        self.feedback.value = explain.message_html(text, kind)

    # -- writing --------------------------------------------------------------------
    def note_here(self) -> None:
        """A note with the comment written, at the move shown."""
        if not self.comment.value.strip():
            self._say("Write what to say first, in the box above.", "info")
            return
        self._add(Note(self.explorer.timeline.position, comment=self.comment.value.strip()))

    def ask_here(self) -> None:
        """A question at the move shown, answered by the move the game goes on with from there."""
        line = self.explorer.timeline
        if not self.question.value.strip():
            self._say("Write the question first, in its box above.", "info")
            return
        if line.position == len(line):
            self._say("The answer is the move played next from here: play it first, then step back one move "
                      "and ask.", "info")
            return
        answer = str(line.moves[line.position])
        self._add(Note(line.position, comment=self.comment.value.strip(), question=self.question.value.strip(),
                       answers=(answer,), hint=self.hint.value.strip(), why=self.why.value.strip()))

    def _add(self, note: Note) -> None:
        if len(self.notes) >= MAX_NOTES:
            self._say(f"A lesson holds at most {MAX_NOTES} notes.", "error")
            return
        self.notes.append(note)
        for box in (self.comment, self.question, self.hint, self.why):
            box.value = ""
        self._say(f"Note {len(self.notes)} added before move {note.at + 1}.")
        self._show()

    def remove_last(self) -> None:
        if self.notes:
            self.notes.pop()
            self._say("The last note is taken back.")
        self._show()

    # -- the record -----------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game on screen with the notes written: an annotated record (notes past its end are left out)."""
        record = self.explorer.timeline.final.to_record()
        moves = len(record["moves"])
        record["notes"] = [n.to_json() for n in sorted(self.notes, key=lambda n: n.at) if n.at <= moves]
        return record

    def _show(self) -> None:
        esc = explain.escape
        items = "".join(f"<li>Before move {n.at + 1}: {esc(n.question or n.comment)}"
                        f"{' (answer ' + esc(n.answers[0]) + ')' if n.asks else ''}</li>" for n in self.notes)
        self.listing.value = f"<ol>{items}</ol>" if items else ""
        if not self.notes:
            self.download.value = ""
            return
        text = json.dumps(self.record(), ensure_ascii=False, indent=1)
        name = f"{self.explorer.game.name}-lesson.json"
        self.download.value = (f'<a class="ex-download-link" download="{esc(name)}" '
                               f'href="data:application/json;charset=utf-8,{quote(text)}">'
                               f'⤓ Download the lesson ({len(self.notes)} notes)</a>')

    def play(self) -> None:
        """Follow the notes written so far as a lesson, in this explorer."""
        if not self.notes:
            self._say("Add a note first.", "info")
            return
        self._open(self.record())

    def open_pasted(self) -> None:
        """Play the pasted annotated record as a lesson."""
        if not self.paste.value.strip():
            self._say("Paste a record with notes into the box first.", "info")
            return
        try:
            record = loads(self.paste.value)
            if not isinstance(record, dict):
                raise RecordError("a lesson is a record: a JSON object with a game, its moves and notes.")
            self._open(record)
        except RecordError as exc:
            self._say(f"This record cannot be played as a lesson: {clause(exc)}", "error")

    def _open(self, record: dict[str, Any]) -> None:
        if record.get("game") != self.explorer.game.name:
            raise RecordError(f"this explorer plays {self.explorer.game.title}; the record is of another game.",
                              "game")
        LessonPlayer(self.explorer, from_record(record, "Your lesson"))
        self._say("The lesson is on screen, above Play.")


def writer_box(explorer: "Explorer") -> w.Accordion:
    """The "Write a lesson" panel, folded; built the first time it is opened."""
    box = w.Accordion(children=[w.HTML()], titles=("Write a lesson: notes and questions",), selected_index=None)
    box.add_class("ex-write-box")

    def build(change: Any) -> None:
        if change.new is not None and not isinstance(box.children[0], w.VBox):
            box.children = (LessonWriter(explorer).widget,)

    box.observe(lambda change: explorer._run(lambda: build(change)), "selected_index")
    return box
