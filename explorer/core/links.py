"""Links that reopen a game: a record packed into a URL query string, and read back with care.

``?game=pet-quartet&players=4&seed=7&o.scoring=advanced&moves=D.P2.D.P1&at=3``
names the game, its players, seed and options, the moves so far (notations
joined by ``.``) and the move to show (``at``; default: the last).  Names
travel as ``names=Ana.Bo``.  Hand-set positions (a record with ``setup``)
travel as ``setup=`` followed by the setup's JSON, percent-encoded.

Reading a query string is as careful as reading a record: the whole string
is bounded in size, each value is checked, and a bad one raises
:class:`RecordError` with one clear sentence.  Nothing in a link is executed.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from .errors import RecordError
from .game import DEFAULT_NAMES, State
from .records import FORMAT, parse_record

#: No real game's link is longer; a longer one is refused before it is parsed.
MAX_QUERY_CHARS = 64_000
SEPARATOR = "."


def to_query(state: State, at: int | None = None) -> str:
    """The query string that reopens ``state`` (at move ``at``, default the last)."""
    record = state.to_record()
    params: list[tuple[str, str]] = [
        ("game", record["game"]),
        ("players", str(record["players"])),
        ("seed", str(record["seed"])),
    ]
    defaults = state.game.options.defaults()
    for name, value in record["options"].items():
        if value != defaults.get(name):
            params.append((f"o.{name}", str(value).lower() if isinstance(value, bool) else str(value)))
    if tuple(record["names"]) != DEFAULT_NAMES[: state.players]:
        params.append(("names", SEPARATOR.join(record["names"])))
    if "setup" in record:
        params.append(("setup", json.dumps(record["setup"], separators=(",", ":"))))
    params.append(("moves", SEPARATOR.join(record["moves"])))
    if at is not None and at != len(record["moves"]):
        params.append(("at", str(at)))
    return urlencode(params, quote_via=quote, safe=".:")


def from_query(query: str) -> tuple[dict[str, Any], int | None]:
    """The record and the move index a query string names (raises :class:`RecordError`)."""
    if not isinstance(query, str):
        raise RecordError("a link's query must be text.")
    query = query.lstrip("?")
    if len(query) > MAX_QUERY_CHARS:
        raise RecordError(f"the link is longer than {MAX_QUERY_CHARS:,} characters; no game needs that many.")
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=False, max_num_fields=200)
    except ValueError:
        raise RecordError("the link has too many parameters.") from None
    params: dict[str, str] = {}
    for key, values in fields.items():
        if len(values) > 1:
            raise RecordError(f"the link gives {key!r} more than once.", key)
        params[key] = values[0]
    if "game" not in params:
        raise RecordError("the link does not name a game.", "game")

    def whole(name: str, default: int | None = None) -> int | None:
        text = params.get(name)
        if text is None:
            return default
        if not text.isdigit() or len(text) > 19:
            raise RecordError(f"the link's {name!r} must be a whole number, not {text[:20]!r}.", name)
        return int(text)

    record: dict[str, Any] = {
        "game": params["game"],
        "format": FORMAT,
        "players": whole("players"),
        "seed": whole("seed", 0),
        "options": {k[2:]: v for k, v in params.items() if k.startswith("o.")},
        "moves": [m for m in params.get("moves", "").split(SEPARATOR) if m],
    }
    if record["players"] is None:
        from .registry import game

        record["players"] = game(params["game"]).default_players
    if "names" in params:
        record["names"] = params["names"].split(SEPARATOR)
    if "setup" in params:
        try:
            record["setup"] = json.loads(params["setup"])
        except (json.JSONDecodeError, RecursionError):
            raise RecordError("the link's 'setup' is not valid JSON.", "setup") from None
    unknown = [k for k in params if k not in ("game", "players", "seed", "names", "setup", "moves", "at")
               and not k.startswith("o.")]
    if unknown:
        raise RecordError(f"the link has an unknown parameter {unknown[0][:20]!r}.", unknown[0])
    at = whole("at")
    if at is not None and at > len(record["moves"]):
        raise RecordError(f"the link asks for move {at}, but holds only {len(record['moves'])} moves.", "at")
    return parse_record(record), at
