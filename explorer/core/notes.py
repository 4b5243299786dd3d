"""Notes on a record: what a teacher says at a point of a game, and what a learner is asked there.

A record may carry ``notes``, each standing *before* the move of its index
(``at``: 0 is the starting position, the number of moves the end)::

    {"at": 3, "comment": "Bo has three 7s under Conductor 2.",
     "question": "Which Conductor should Ana take, and why?",
     "answers": ["T2"], "hint": "Count the 7s.", "why": "Taking Conductor 2 completes a Quartet of 7s.",
     "highlight": ["conductor 2"]}

Only ``at`` is required.  A note with a ``question`` lists the moves that
answer it (their notations, every one legal at that point) and may give a
``hint`` and ``why`` the answer is right; ``highlight`` names things on the
table for a view to mark, in the game's own words.  Records without notes
read as before.

>>> notes = read_notes([{"at": 1, "question": "Draw or take?", "answers": ["D"]}], moves=2)
>>> notes[0].asks, notes[0].answers
(True, ('D',))
>>> read_notes([{"at": 5}], moves=2)
Traceback (most recent call last):
...
explorer.core.errors.RecordError: notes[0].at must be a move index from 0 to 2, not 5.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import RecordError, excerpt

if TYPE_CHECKING:
    from .game import Illegal, State



#: Bounds that keep a record's notes to what a lesson needs.
MAX_NOTES = 500
MAX_NOTE_CHARS = 2_000
MAX_ANSWERS = 50
MAX_HIGHLIGHTS = 20
_TEXTS = ("comment", "question", "hint", "why")
_FIELDS = ("at", *_TEXTS, "answers", "highlight")


@dataclass(frozen=True, slots=True)
class Note:
    """A note standing before move ``at``: a ``comment``, and perhaps a ``question`` and its ``answers``."""

    at: int
    comment: str = ""
    question: str = ""
    answers: tuple[str, ...] = ()
    hint: str = ""
    why: str = ""
    highlight: tuple[str, ...] = ()

    @property
    def asks(self) -> bool:
        """Whether the note asks the learner for a move."""
        return bool(self.question)

    def to_json(self) -> dict[str, Any]:
        """The note as a record writes it: only the fields it has."""
        data: dict[str, Any] = {"at": self.at}
        for name in _TEXTS:
            if getattr(self, name):
                data[name] = getattr(self, name)
        if self.answers:
            data["answers"] = list(self.answers)
        if self.highlight:
            data["highlight"] = list(self.highlight)
        return data


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_NOTE_CHARS:
        raise RecordError(f"{field} must be text of at most {MAX_NOTE_CHARS:,} characters.", field)
    return value


def _texts(value: Any, field: str, most: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise RecordError(f"{field} must be a list of at most {most} pieces of text.", field)
    return tuple(_text(item, f"{field}[{i}]") for i, item in enumerate(value))


def read_notes(value: Any, moves: int) -> tuple[Note, ...]:
    """A record's ``notes`` field, checked for shape against a record of ``moves`` moves."""
    if not isinstance(value, list) or len(value) > MAX_NOTES:
        raise RecordError(f"the record's 'notes' must be a list of at most {MAX_NOTES} notes.", "notes")
    notes = []
    for i, item in enumerate(value):
        field = f"notes[{i}]"
        if not isinstance(item, dict):
            raise RecordError(f"{field} must be an object with at least 'at'.", field)
        unknown = [k for k in item if k not in _FIELDS]
        if unknown:
            raise RecordError(f"{field} has an unknown field {excerpt(unknown[0])}.", field)
        at = item.get("at")
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= moves:
            raise RecordError(f"{field}.at must be a move index from 0 to {moves}, not {excerpt(at)}.", f"{field}.at")
        texts = {name: _text(item[name], f"{field}.{name}") for name in _TEXTS if name in item}
        answers = _texts(item.get("answers", []), f"{field}.answers", MAX_ANSWERS)
        if answers and not texts.get("question"):
            raise RecordError(f"{field} gives answers but asks no question.", f"{field}.answers")
        if texts.get("question") and not answers:
            raise RecordError(f"{field} asks a question but gives no answer.", f"{field}.answers")
        notes.append(Note(at, answers=answers, highlight=_texts(item.get("highlight", []), f"{field}.highlight",
                                                                 MAX_HIGHLIGHTS), **texts))
    return tuple(notes)


def check_answers(notes: tuple[Note, ...], index: int, state: "State") -> None:
    """Refuse a note at move ``index`` whose answer is not a legal move of ``state`` (the position there)."""
    for n, note in enumerate(notes):
        if note.at != index:
            continue
        for a, answer in enumerate(note.answers):
            why: Illegal | ValueError | None  # why it cannot be played: a rule, or notation that names no move
            try:
                why = state.why_illegal(answer)
            except RecordError:
                raise
            except ValueError as exc:
                why = exc
            if why is not None:
                raise RecordError(f"notes[{n}] accepts {excerpt(answer)} before move {index + 1}, which cannot be "
                                  f"played there: {why}", f"notes[{n}].answers[{a}]")
