"""Links that reopen a game: a record packed into a URL query string, and read back with care.

``?game=pet-quartet&players=4&seed=7&o.scoring=advanced&moves=D~P2~D~P1&at=3``
names the game, its players, seed and options (only those that differ from
the default), the moves so far (their notations joined by ``~``) and the
move to show (``at``; default: the last).  Names other than the default ones
travel as ``names=Ana~Bo``.  Hand-set positions (a record with ``setup``)
travel as ``setup=`` followed by the setup's JSON.

No game's notation holds a ``~`` (notations hold letters, digits, spaces and
``.@,+-``).  A name may: an item's own ``~`` and ``%`` are escaped as
``%7E`` and ``%25`` before the items are joined, so every list reads back
exactly.

Reading a query string is as careful as reading a record: the whole string
is bounded in size (:data:`MAX_QUERY_CHARS`) before anything else is looked
at, each value is checked, and a bad one raises :class:`RecordError` with one
clear sentence.  Nothing in a link is executed.

>>> import explorer
>>> state = explorer.new("pet-quartet", players=2, seed=7)
>>> _ = state.play("D")
>>> to_query(state)
'game=pet-quartet&players=2&seed=7&moves=D'
>>> record, at = from_query("?game=pet-quartet&players=2&seed=7&moves=D~P1&at=1")
>>> record["moves"], at
(['D', 'P1'], 1)
"""

from __future__ import annotations

import json
from typing import Any, Iterable
from urllib.parse import parse_qs, quote_plus, unquote, urlencode

from .errors import ExplorerError, RecordError, excerpt
from .game import DEFAULT_NAMES, State
from .records import FORMAT, loads, parse_record

#: Eight times the longest link a random game of any game makes; a longer one is refused unread.
MAX_QUERY_CHARS = 64_000
#: Joins the items of a list (moves, names); no notation holds it.
SEPARATOR = "~"
PARAMETERS = ("game", "players", "seed", "names", "setup", "moves", "at")
OPTION_PREFIX = "o."


def join(items: Iterable[str]) -> str:
    """``items`` as one value: each item's ``%`` and ``~`` escaped, then joined by ``~``.

    >>> join(["D", "P1"]), join(["Mr ~", "50%"])
    ('D~P1', 'Mr %7E~50%25')
    """
    return SEPARATOR.join(item.replace("%", "%25").replace(SEPARATOR, "%7E") for item in items)


def split(value: str) -> list[str]:
    """The items :func:`join` joined (empty items are dropped).

    >>> split('Mr %7E~50%25'), split("")
    (['Mr ~', '50%'], [])
    """
    return [unquote(item) for item in value.split(SEPARATOR) if item]


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
            text = str(value).lower() if isinstance(value, bool) else str(value)
            params.append((OPTION_PREFIX + name, text))
    if tuple(record["names"]) != DEFAULT_NAMES[: state.players]:
        params.append(("names", join(record["names"])))
    if "setup" in record:
        params.append(("setup", json.dumps(record["setup"], separators=(",", ":"))))
    params.append(("moves", join(record["moves"])))
    if at is not None and at != len(record["moves"]):
        params.append(("at", str(at)))
    # Spaces (in some notations) become "+", and ",@:~" stay as they are: short links that read well.
    return urlencode(params, quote_via=quote_plus, safe=",@:~")


def from_query(query: str) -> tuple[dict[str, Any], int | None]:
    """The record and the move index a query string names (raises :class:`RecordError`).

    The record's shape is checked (:func:`~explorer.core.records.parse_record`),
    not yet its moves: replaying it does that.
    """
    if not isinstance(query, str):
        raise RecordError("a link's query must be text.")
    if len(query) > MAX_QUERY_CHARS:
        raise RecordError(f"the link is longer than {MAX_QUERY_CHARS:,} characters; no game needs that many.")
    query = query.lstrip("?")
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=False, max_num_fields=200)
    except ValueError:
        raise RecordError("the link has too many parameters.") from None
    params: dict[str, str] = {}
    for key, values in fields.items():
        if len(values) > 1:
            raise RecordError(f"the link gives {excerpt(key)} more than once.", key[:40])
        params[key] = values[0]
    unknown = [k for k in params if k not in PARAMETERS and not k.startswith(OPTION_PREFIX)]
    if unknown:
        raise RecordError(f"the link has an unknown parameter {excerpt(unknown[0])}.", unknown[0][:40])
    if "game" not in params:
        raise RecordError("the link does not name a game.", "game")

    def whole(name: str, default: int | None = None) -> int | None:
        text = params.get(name)
        if text is None:
            return default
        if not (text.isascii() and text.isdigit()) or len(text) > 19:
            raise RecordError(f"the link's {name!r} must be a whole number, not {excerpt(text)}.", name)
        return int(text)

    players = whole("players")
    if players is None:
        from .registry import game

        try:
            players = game(params["game"]).default_players
        except ExplorerError as exc:
            raise RecordError(str(exc), "game") from None
    record: dict[str, Any] = {
        "game": params["game"],
        "format": FORMAT,
        "players": players,
        "seed": whole("seed", 0),
        "options": {k[len(OPTION_PREFIX):]: v for k, v in params.items() if k.startswith(OPTION_PREFIX)},
        "moves": split(params.get("moves", "")),
    }
    if "names" in params:
        record["names"] = split(params["names"])
    if "setup" in params:
        try:
            record["setup"] = loads(params["setup"])
        except RecordError as exc:
            raise RecordError(f"the link's 'setup' is not valid JSON: {exc}", "setup") from None
    at = whole("at")
    if at is not None and at > len(record["moves"]):
        raise RecordError(f"the link asks for move {at}, but holds only {len(record['moves'])} moves.", "at")
    return parse_record(record), at
