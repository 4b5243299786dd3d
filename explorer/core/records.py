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

from .errors import ArgumentError, ExplorerError, OptionError, RecordError, excerpt
from .game import State
from .names import check_names
from .notes import check_answers, read_notes

FORMAT = 1
#: Bounds that keep a tampered record from costing more than a real one could.
MAX_RECORD_CHARS = 2_000_000
MAX_MOVES = 20_000
MAX_NOTATION_CHARS = 64
#: No field needs more: a setup is a list of lists at the deepest.
MAX_DEPTH = 8
#: No number in a record needs more digits (a seed is below 2**63).
MAX_DIGITS = 20

_FIELDS = ("game", "format", "players", "names", "options", "seed", "setup", "moves", "notes")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if it gives a key twice (JSON readers disagree on which one counts)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise RecordError(f"the record gives the key {excerpt(twice)} twice.", twice[:40])
    return data


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the record holds a number of {len(text.lstrip('-'))} digits; none needs more than "
                          f"{MAX_DIGITS}.")
    return int(text)


def _constant(text: str) -> None:
    raise RecordError(f"the record holds {text}, which is not a number JSON allows.")


def loads(text: str | bytes) -> Any:
    """JSON text read with care: bounded in size, numbers and nesting, each key once (raises :class:`RecordError`)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text.") from None
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is longer than {MAX_RECORD_CHARS:,} characters.")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_number, parse_constant=_constant)
    except RecordError:
        raise
    except json.JSONDecodeError as exc:
        raise RecordError(f"the record is not valid JSON ({exc.msg}, at character {exc.pos + 1}).") from None
    except RecursionError:
        raise RecordError("the record is not valid JSON (too deeply nested).") from None


def _check_values(data: Mapping[str, Any]) -> None:
    """Refuse what no field may hold: deep nesting, keys that are not text, lone surrogates, huge numbers."""
    stack: list[tuple[Any, str, int]] = [(value, str(key)[:40], 1) for key, value in data.items()]
    while stack:
        value, field, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"the record's {excerpt(field)} is nested deeper than any record needs.", field)
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(f"the record's {excerpt(field)} holds a lone surrogate, which is not text.",
                                  field) from None
        elif isinstance(value, int) and not isinstance(value, bool):
            if value.bit_length() > 64:
                raise RecordError(f"the record's {excerpt(field)} holds {excerpt(value)}; no field needs it.", field)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RecordError(f"the record's {excerpt(field)} has a key that is not text.", field)
                stack.append((item, f"{field}.{key[:40]}", depth + 1))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{field}[{i}]", depth + 1) for i, item in enumerate(value))
        elif not (value is None or isinstance(value, (bool, float))):
            raise RecordError(f"the record's {excerpt(field)} holds {excerpt(value)}, which JSON cannot.", field)


def parse_record(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Check a record's shape (not yet its moves) and return it as a plain dict."""
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object with the fields game, players, seed and moves.")
    unknown = [k for k in data if k not in _FIELDS]
    if unknown:
        raise RecordError(f"the record has an unknown field {excerpt(unknown[0])}.", str(unknown[0])[:40])
    for name in ("game", "players", "seed", "moves"):
        if name not in data:
            raise RecordError(f"the record has no {name!r} field.", name)
    _check_values(data)
    record = dict(data)
    if not isinstance(record["game"], str):
        raise RecordError("the record's 'game' must be a game's name.", "game")
    fmt = record.setdefault("format", FORMAT)
    if type(fmt) is not int or fmt != FORMAT:
        raise RecordError(f"the record's 'format' is {excerpt(fmt)}; this version reads format {FORMAT}.", "format")
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
    if names is not None:
        try:
            if not isinstance(names, list):
                raise OptionError("they are not a list.")
            check_names(names, len(names))
        except OptionError as exc:
            raise RecordError(f"the record's 'names' must be a list of short names: {exc}", "names") from None
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
            raise RecordError(f"move {i + 1} (moves[{i}]) is not a move's notation: {excerpt(move)}.", f"moves[{i}]")
    if "notes" in record:
        read_notes(record["notes"], len(moves))
    return record


def replay(data: str | bytes | Mapping[str, Any], upto: int | None = None) -> State:
    """The state a record describes, its moves replayed (up to move ``upto``: 0 to the number of moves)."""
    from .registry import game as find_game

    record = parse_record(data)
    moves = record["moves"]
    if upto is not None:
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(moves):
            raise ArgumentError(f"upto must be a number of moves from 0 to {len(moves)}, not {excerpt(upto)}.", "upto")
        moves = moves[:upto]
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
        if exc.field is None:
            raise RecordError(f"the record cannot be set up: {exc}") from None
        raise RecordError(f"the record's {exc.field!r} is wrong: {exc}", exc.field) from None
    notes = read_notes(record["notes"], len(record["moves"])) if "notes" in record else ()
    for i, text in enumerate(moves):
        if notes:
            check_answers(notes, i, state)
        try:
            state.play(text)
        except ExplorerError as exc:
            raise RecordError(f"move {i + 1} ({excerpt(text)}, moves[{i}]) cannot be played: {exc}",
                              f"moves[{i}]") from None
    if notes and len(moves) == len(record["moves"]):
        check_answers(notes, len(moves), state)
    return state


def dumps(state: State, *, explicit: bool = False) -> str:
    """A state's record as JSON text, one field a line."""
    record = state.to_record(explicit=explicit)
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in record.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"
