"""Lessons: annotated records that lead a learner through a game, note by note.

A lesson is a record with notes (see :mod:`explorer.core.notes`), a title
and a line saying what it teaches.  Each note is one step: the explorer goes
to the note's move, shows its comment, and at a question waits for the
learner's move.  The lessons the explorer ships are data, one JSON file a
game under ``explorer/lessons/shipped/``: a list of
``{"name", "title", "teaches", "record"}``.

>>> first = shipped("pets")[0]
>>> first.game, first.steps > 0, lesson(first.name) == first
('pets', True, True)
>>> lesson("no-such-lesson")
Traceback (most recent call last):
...
explorer.core.errors.RecordError: there is no lesson called 'no-such-lesson'.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..core import RecordError, State, replay
from ..core.errors import excerpt
from ..core.notes import MAX_NOTE_CHARS, Note, read_notes

#: Where the shipped lessons are kept: one JSON file a game.
SHIPPED = Path(__file__).resolve().parent / "shipped"
_FIELDS = ("name", "title", "teaches", "record")


@dataclass(frozen=True)
class Lesson:
    """A lesson: an annotated ``record``, its ``title`` and what it ``teaches``; ``name`` is its link's key."""

    name: str
    title: str
    teaches: str
    record: dict[str, Any] = field(compare=False)

    @property
    def game(self) -> str:
        return str(self.record["game"])

    @property
    def notes(self) -> tuple[Note, ...]:
        """The lesson's steps, in the order they are met (by move; notes at one move as written)."""
        notes = read_notes(self.record.get("notes", []), len(self.record["moves"]))
        return tuple(sorted(notes, key=lambda n: n.at))

    @property
    def steps(self) -> int:
        return len(self.notes)

    @property
    def questions(self) -> int:
        return sum(note.asks for note in self.notes)

    def replay(self) -> State:
        """The lesson's game, every move and every note's answers checked (raises :class:`RecordError`)."""
        return replay(self.record)


def read_lesson(data: Any, where: str = "the lesson") -> Lesson:
    """A lesson from its JSON object, checked: its texts, and its record replayed with its notes."""
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be an object with {', '.join(_FIELDS)}.")
    unknown = [k for k in data if k not in _FIELDS]
    if unknown:
        raise RecordError(f"{where} has an unknown field {excerpt(unknown[0])}.", unknown[0][:40])
    for name in ("name", "title", "teaches"):
        value = data.get(name)
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_NOTE_CHARS:
            raise RecordError(f"{where}'s {name} must be text of 1 to {MAX_NOTE_CHARS:,} characters.", name)
    record = data.get("record")
    if not isinstance(record, dict) or not record.get("notes"):
        raise RecordError(f"{where}'s record must be a game record with notes.", "record")
    found = Lesson(data["name"], data["title"], data["teaches"], record)
    found.replay()
    return found


def from_record(record: dict[str, Any], title: str = "A lesson", teaches: str = "") -> Lesson:
    """Any annotated record as a lesson (a teacher's own, downloaded from the explorer)."""
    return read_lesson({"name": "own", "title": title, "teaches": teaches or title, "record": record})


@cache
def _shipped(game: str) -> tuple[Lesson, ...]:
    path = SHIPPED / f"{game}.json"
    if not path.is_file():
        return ()
    items = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Lesson(i["name"], i["title"], i["teaches"], i["record"]) for i in items)


def shipped(game: str | None = None) -> list[Lesson]:
    """The lessons the explorer ships for ``game`` (a game's name), or for every game."""
    if game is not None:
        return list(_shipped(game))
    return [item for path in sorted(SHIPPED.glob("*.json")) for item in _shipped(path.stem)]


def lesson(name: str) -> Lesson:
    """The shipped lesson called ``name`` (raises :class:`RecordError` for a name no lesson has)."""
    for item in shipped():
        if item.name == name:
            return item
    raise RecordError(f"there is no lesson called {excerpt(name)}.", "lesson")
