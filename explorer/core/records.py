"""Game records: a match written down as JSON, and read back with care.

A record is ``{"game", "format", "players", "names"?, "options", "seed",
"setup"?, "moves"}``.  ``moves`` holds the moves' notations in order;
``setup``, when present, fixes the initial layout (a deck order, say) so that
any situation can be set up by hand.  Reading a record only ever parses JSON
and notation: nothing in a record is executed, and every value is checked
before it is used.  A bad record raises :class:`RecordError` naming the field
(or the move, with its index) that is wrong.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .errors import ExplorerError, RecordError
from .game import State
from .notes import check_answers, read_notes

FORMAT = 1
#: Bounds that keep a tampered record from costing more than a real one could.
MAX_RECORD_CHARS = 2_000_000
MAX_MOVES = 20_000
MAX_NOTATION_CHARS = 64

_FIELDS = ("game", "format", "players", "names", "options", "seed", "setup", "moves", "notes")


def parse_record(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Check a record's shape (not yet its moves) and return it as a plain dict."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text.") from None
    if isinstance(data, str):
        if len(data) > MAX_RECORD_CHARS:
            raise RecordError(f"the record is longer than {MAX_RECORD_CHARS:,} characters.")
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, RecursionError) as exc:
            detail = getattr(exc, "msg", "too deeply nested")
            raise RecordError(f"the record is not valid JSON ({detail}).") from None
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object with the fields game, players, seed and moves.")
    unknown = [k for k in data if k not in _FIELDS]
    if unknown:
        raise RecordError(f"the record has an unknown field {str(unknown[0])!r}.", str(unknown[0]))
    for name in ("game", "players", "seed", "moves"):
        if name not in data:
            raise RecordError(f"the record has no {name!r} field.", name)
    record = dict(data)
    if not isinstance(record["game"], str):
        raise RecordError("the record's 'game' must be a game's name.", "game")
    fmt = record.setdefault("format", FORMAT)
    if fmt != FORMAT or isinstance(fmt, bool):
        raise RecordError(f"the record's 'format' is {fmt!r}; this version reads format {FORMAT}.", "format")
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("the record's 'players' must be a whole number.", "players")
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError("the record's 'seed' must be a whole number.", "seed")
    options = record.setdefault("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object of option names and values.", "options")
    names = record.get("names")
    if names is not None and not (isinstance(names, list) and all(isinstance(n, str) and len(n) <= 40 for n in names)):
        raise RecordError("the record's 'names' must be a list of short names.", "names")
    setup = record.get("setup")
    if setup is not None and not isinstance(setup, Mapping):
        raise RecordError("the record's 'setup' must be an object.", "setup")
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError("the record's 'moves' must be a list of move notations.", "moves")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has more than {MAX_MOVES:,} moves.", "moves")
    for i, move in enumerate(moves):
        if not isinstance(move, str) or not 0 < len(move) <= MAX_NOTATION_CHARS:
            raise RecordError(f"move {i + 1} (moves[{i}]) is not a move's notation: {str(move)[:20]!r}.", f"moves[{i}]")
    if "notes" in record:
        read_notes(record["notes"], len(moves))
    return record


def replay(data: str | bytes | Mapping[str, Any], upto: int | None = None) -> State:
    """The state a record describes, its moves replayed (up to move ``upto``)."""
    from .registry import game as find_game

    record = parse_record(data)
    try:
        game = find_game(record["game"])
    except ExplorerError as exc:
        raise RecordError(str(exc), "game") from None
    try:
        state = game.new(
            record["players"], record["seed"], record["options"], setup=record.get("setup"), names=record.get("names")
        )
    except RecordError:
        raise
    except ExplorerError as exc:
        field = "options" if "option" in str(exc) else "players" if "player" in str(exc) else "seed"
        raise RecordError(f"the record's {field!r} is wrong: {exc}", field) from None
    moves = record["moves"][:upto]
    notes = read_notes(record["notes"], len(record["moves"])) if "notes" in record else ()
    for i, text in enumerate(moves):
        if notes:
            check_answers(notes, i, state)
        try:
            state.play(text)
        except ExplorerError as exc:
            raise RecordError(f"move {i + 1} ({text!r}, moves[{i}]) cannot be played: {exc}", f"moves[{i}]") from None
    if notes and len(moves) == len(record["moves"]):
        check_answers(notes, len(moves), state)
    return state


def dumps(state: State, *, explicit: bool = False) -> str:
    """A state's record as JSON text, one field a line."""
    record = state.to_record(explicit=explicit)
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in record.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"
