"""Puzzles made from seeded games: positions where one move is clearly best, each an annotated record.

:func:`find_puzzles` plays seeded games of a game with the greedy bots and
asks each of the game's declared kinds of puzzle (``Game.puzzles``, see
:mod:`explorer.core.puzzles`) at every position, and keeps a mix of kinds
in turn; each puzzle it keeps is a
record that stops at the question, with one note asking it (its comment
says by what criterion the answer is best), so the explorer, the command
line's ``check`` and the tests read it like any record.  A game's shipped
puzzles make one :class:`PuzzleSet`, which the explorer serves one after
another.  :func:`solve` asks the puzzle's own criterion again on the replayed
position: a shipped puzzle is right exactly when it gives back the same answers.

>>> import explorer
>>> puzzle = find_puzzles(explorer.game("pet-quartet"), count=1, seed=3)[0]
>>> solve(puzzle.record) == puzzle.answers
True
>>> puzzles("pets").progress(2)
'Puzzle 3 of 10'
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import bots
from ..core import Game, RecordError, State, game as find_game, replay
from ..core.errors import excerpt
from ..core.notes import Note, read_notes
from ..core.puzzles import Finding


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle: an annotated ``record`` that stops where the question is asked, and its ``answers``."""

    record: dict[str, Any]
    answers: tuple[str, ...]
    why: str

    @property
    def question(self) -> str:
        return str(self.record["notes"][-1]["question"])

    @property
    def note(self) -> Note:
        """The note that asks the puzzle's question."""
        return read_notes(self.record["notes"], len(self.record["moves"]))[-1]


def find_puzzles(game: Game, count: int = 5, seed: int = 0, *, players: int | None = None,
                 games: int = 200) -> list[Puzzle]:
    """Up to ``count`` puzzles from seeded games of ``game`` played by greedy bots (at most ``games`` games).

    Each of the game's kinds (``Game.puzzles``) gets its share: the kinds take
    turns, so the puzzles alternate between them, and a kind that seldom
    shows up leaves its turns to the others.  A seeded game gives at most one
    puzzle of each kind, so that no two puzzles of a kind share a game.
    """
    kinds = game.puzzles
    if not kinds:
        return []
    share = -(-count // len(kinds))  # each kind's fair share, rounded up
    found: list[list[Puzzle]] = [[] for _ in kinds]
    chooser = random.Random(seed)
    for g in range(games):
        if sum(min(len(f), share) for f in found) >= count:
            break
        state = game.new(players, seed=seed * 1_000 + g)
        # Not always the first puzzle of a game: they would all look alike.
        skips = [chooser.randrange(4) for _ in kinds]
        wanted = {k for k, f in enumerate(found) if len(f) < count}
        while not state.is_over() and wanted:
            for k in sorted(wanted):
                finding = kinds[k](state)
                if finding is None:
                    continue
                if skips[k] == 0:
                    found[k].append(_puzzle(state, finding))
                    wanted.discard(k)
                else:
                    skips[k] -= 1
            if not wanted:
                break
            bot = bots.make("greedy", seed=bots.derive(seed, g, state.ply))
            state.play(bots.decide(bot, state))
    return _mix(found, count)


def _mix(found: list[list[Puzzle]], count: int) -> list[Puzzle]:
    """Up to ``count`` puzzles taken from each kind in turn, the first of every kind first."""
    mixed: list[Puzzle] = []
    for turn in range(max((len(f) for f in found), default=0)):
        mixed.extend(f[turn] for f in found if turn < len(f))
    return mixed[:count]


def _puzzle(state: State, finding: Finding) -> Puzzle:
    record = state.to_record()
    note = {"at": state.ply, "comment": finding.criterion, "question": finding.question,
            "answers": list(finding.answers), "hint": finding.hint, "why": finding.why}
    record["notes"] = [{k: v for k, v in note.items() if v != ""}]
    return Puzzle(record, finding.answers, finding.why)


def solve(record: dict[str, Any]) -> tuple[str, ...] | None:
    """The answers the puzzle's own criterion gives at its position (``None``: no clear best move there).

    The puzzle's note says its criterion (its comment); the game's kind with
    that criterion is asked again on the replayed position.
    """
    state = replay(record)
    criterion = record["notes"][-1].get("comment", "")
    for finder in state.game.puzzles:
        finding = finder(state)
        if finding is not None and finding.criterion == criterion:
            return finding.answers
    return None


#: Where the puzzles the explorer ships are kept: one JSON file a game, a list of annotated records.
SHIPPED = Path(__file__).resolve().parent / "puzzles"
#: How the shipped puzzles are made: so many a game, from these seeds (the files are regenerated, never edited).
SHIPPED_COUNT, SHIPPED_SEED = 10, 1


@cache
def _shipped(name: str) -> tuple[Puzzle, ...]:
    path = SHIPPED / f"{name}.json"
    if not path.is_file():
        return ()
    records = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Puzzle(r, tuple(r["notes"][-1]["answers"]), r["notes"][-1]["why"]) for r in records)


def shipped(game: Game) -> list[Puzzle]:
    """The puzzles the explorer ships for ``game`` (none if it has no criterion)."""
    return list(_shipped(game.name))


@dataclass(frozen=True)
class PuzzleSet:
    """A game's shipped puzzles, served one after another: each puzzle is one step, with its own record."""

    game: str
    title: str
    puzzles: tuple[Puzzle, ...]

    @property
    def name(self) -> str:
        return self.game

    @property
    def notes(self) -> tuple[Note, ...]:
        """Each puzzle's question, in the order they are served."""
        return tuple(p.note for p in self.puzzles)

    @property
    def steps(self) -> int:
        return len(self.puzzles)

    @property
    def questions(self) -> int:
        return len(self.puzzles)

    def progress(self, step: int) -> str:
        """Where step ``step`` (from 0) stands: ``Puzzle 3 of 10``."""
        return f"Puzzle {step + 1} of {self.steps}"

    def record(self, step: int) -> dict[str, Any]:
        """The game of puzzle ``step`` (from 0), without its note: it stops where the question is asked."""
        return {k: v for k, v in self.puzzles[step].record.items() if k != "notes"}


def puzzles(game: str) -> PuzzleSet:
    """The puzzles the explorer ships for the game called ``game`` (raises :class:`RecordError` if none)."""
    try:
        found = find_game(game)
    except ValueError:
        raise RecordError(f"there is no game called {excerpt(game)}, so it has no puzzles.", "puzzles") from None
    items = _shipped(found.name)
    if not items:
        raise RecordError(f"{found.title} has no puzzles yet.", "puzzles")
    return PuzzleSet(found.name, f"{found.title} puzzles", items)


def write_shipped(games: list[Game]) -> list[Path]:
    """Make the shipped puzzle files anew, for every game that has a criterion."""
    SHIPPED.mkdir(exist_ok=True)
    written = []
    for game in games:
        puzzles = find_puzzles(game, count=SHIPPED_COUNT, seed=SHIPPED_SEED)
        if puzzles:
            path = SHIPPED / f"{game.name}.json"
            path.write_text(json.dumps([p.record for p in puzzles], ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
            written.append(path)
    return written

