"""A JSON Schema of game records (draft 2020-12), made from the registered games.

The schema says what :mod:`explorer.core.records` reads, field by field, for
any program that writes or checks records without the explorer: the fields
and their types and bounds, and for each game its player counts and every
option with its allowed values.  It describes records as the explorer writes
them, and as the records read from share links are (where a value that is not
text is written as text: ``"10"`` for ``10``, ``"true"`` for ``true``).  The
reader is a little more lenient still (case and spaces in such text do not
matter), and only replaying a record checks its moves and its ``setup``.

The explorer ships the schema of its own games (:func:`own_games`) as ``record.schema.json``
beside this module (:data:`SCHEMA_FILE`), and the docs publish the same
file; ``tests/test_schema.py`` checks that it is what :func:`record_schema`
makes, and that every record the explorer writes passes it.

>>> from explorer.core.schema import record_schema
>>> schema = record_schema()
>>> schema["required"]
['game', 'players', 'seed', 'moves']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from .game import Game
from .notes import MAX_ANSWERS, MAX_HIGHLIGHTS, MAX_NOTE_CHARS, MAX_NOTES
from .records import FORMAT, MAX_MOVES, MAX_NOTATION_CHARS
from .rng import MAX_SEED, STATE_CHARS
from .setups import RNG_FIELD

#: The schema of the explorer's own games, as shipped in the package.
SCHEMA_FILE = Path(__file__).with_name("record.schema.json")
#: The longest player name a record may give.
MAX_NAME_CHARS = 40


def _values(choices: tuple[Any, ...]) -> list[Any]:
    """An option's values, then the text a share link writes for each one that is not text."""
    texts = [str(c).lower() if isinstance(c, bool) else str(c) for c in choices if not isinstance(c, str)]
    return list(choices) + [text for text in texts if text not in choices]


def _game_rules(game: Game) -> dict[str, Any]:
    """What a record of ``game`` adds to the general shape: its player counts and its options' values."""
    options = {name: {"description": option.doc, "enum": _values(option.choices), "default": option.default}
               for name, option in game.options.items()}
    players = {"minimum": game.min_players, "maximum": game.max_players}
    return {
        "if": {"properties": {"game": {"const": game.name}}, "required": ["game"]},
        "then": {
            "properties": {
                "players": players,
                "names": {"minItems": game.min_players, "maxItems": game.max_players},
                "options": {"properties": options, "additionalProperties": False},
            },
        },
    }


def _texts(description: str, most: int) -> dict[str, Any]:
    return {"description": description, "type": "array", "maxItems": most,
            "items": {"type": "string", "maxLength": MAX_NOTE_CHARS}}


def _note() -> dict[str, Any]:
    """A note of a record (see :mod:`explorer.core.notes`): only ``at`` is required, and a question and its
    answers come together."""
    text = {"type": "string", "maxLength": MAX_NOTE_CHARS}
    return {
        "type": "object",
        "required": ["at"],
        "additionalProperties": False,
        "properties": {
            "at": {"description": "The move the note stands before: 0 is the start, the number of moves the end.",
                   "type": "integer", "minimum": 0, "maximum": MAX_MOVES},
            "comment": {"description": "What to say there.", **text},
            "question": {"description": "A question for the learner, answered by a move.", **text},
            "answers": _texts("The moves that answer the question, in the game's notation.", MAX_ANSWERS),
            "hint": {"description": "A hint towards the answer.", **text},
            "why": {"description": "Why the answer is right.", **text},
            "highlight": _texts("Things on the table to mark, in the game's own words.", MAX_HIGHLIGHTS),
        },
        "dependentRequired": {"question": ["answers"], "answers": ["question"]},
    }


def own_games() -> list[Game]:
    """The explorer's own games (not those of plugins, nor any registered by hand): the shipped schema's."""
    from .registry import games as registered

    return [g for g in registered() if type(g).__module__.startswith("explorer.")]


def record_schema(games: Iterable[Game] | None = None) -> dict[str, Any]:
    """The schema of records of ``games`` (default: every registered game)."""
    if games is None:
        from .registry import games as registered

        games = registered()
    games = list(games)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "A game record of the rule explorer",
        "description": "One match: the game, the players, the options, the seed that dealt it, and the moves "
                       "in the game's notation. Replaying it gives the same match, bit for bit.",
        "type": "object",
        "required": ["game", "players", "seed", "moves"],
        "additionalProperties": False,
        "properties": {
            "game": {"description": "The game's name.", "type": "string",
                     "enum": [g.name for g in games]},
            "format": {"description": "The version of the record format.", "const": FORMAT, "default": FORMAT},
            "players": {"description": "The number of players.", "type": "integer"},
            "names": {"description": "One name a player, in seat order.", "type": "array", "uniqueItems": True,
                      "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_CHARS}},
            "options": {"description": "Option names and values; an option left out takes its default.",
                        "type": "object", "default": {}},
            "seed": {"description": "The seed every random event of the match comes from.", "type": "integer",
                     "minimum": 0, "maximum": MAX_SEED},
            "setup": {"description": "A starting layout set by hand, or a position part-way through a match "
                                     "(state.as_setup()); its fields belong to each game.",
                      "type": "object",
                      "properties": {RNG_FIELD: {
                          "description": "The generator's state where the position was written out, so that "
                                         "chance goes on as it would have (without it, the seed drives it).",
                          "type": "string", "minLength": STATE_CHARS, "maxLength": STATE_CHARS}}},
            "moves": {"description": "The moves played, in order, in the game's notation.", "type": "array",
                      "maxItems": MAX_MOVES,
                      "items": {"type": "string", "minLength": 1, "maxLength": MAX_NOTATION_CHARS}},
            "notes": {"description": "Notes for a lesson or a puzzle, each standing before a move.",
                      "type": "array", "maxItems": MAX_NOTES, "items": _note()},
        },
        "allOf": [_game_rules(g) for g in games],
    }


def schema_text(games: Iterable[Game] | None = None) -> str:
    """:func:`record_schema` as the JSON text of :data:`SCHEMA_FILE` (default: of :func:`own_games`)."""
    return json.dumps(record_schema(own_games() if games is None else games), indent=2, ensure_ascii=False) + "\n"


def shipped_schema() -> dict[str, Any]:
    """The schema shipped with the package (:data:`SCHEMA_FILE`)."""
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


if __name__ == "__main__":  # python -m explorer.core.schema > explorer/core/record.schema.json
    print(schema_text(), end="")
