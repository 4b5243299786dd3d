"""The command line: ``python -m explorer games | play | replay | check | simulate | dashboards``.

Bad input of any kind (an unknown game, a bad option, a malformed or illegal
record) ends with exit code 2 and one line on stderr that starts with
``error:``; no traceback is ever shown.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import stat
import sys
import unicodedata
from pathlib import Path
from typing import Sequence

from . import __version__
from .core import ExplorerError, Game, RecordError, State, dumps, game as find_game, games, replay
from .extras import require

MAX_RECORD_BYTES = 2_000_000


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one ``error:`` line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


class _UsageError(Exception):
    pass


#: The longest error line printed: messages quote only excerpts, and argparse's are cut to this.
MAX_ERROR_CHARS = 300


def error_line(message: str) -> str:
    """``message`` as one line fit for a terminal: escaped, on one line, and cut short if it is long."""
    line = _terminal_safe(" ".join(message.split()))
    return line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 1] + "…"


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["scoring=advanced"]`` → ``{"scoring": "advanced"}`` (values are checked by the game)."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ExplorerError(f"--option takes KEY=VALUE, not {pair!r}.")
        options[key.strip()] = value.strip()
    return options


def _scores_line(state: State) -> str:
    return ", ".join(f"{state.names[s.player]} {s.total}" for s in state.scores())


def _outcome(state: State) -> str:
    result = state.result()
    if result is None:
        who = state.names[state.to_move] if state.to_move is not None else "nobody"
        return f"Not over: {who} to move."
    names = " and ".join(state.names[p] for p in result.winners)
    verdict = f"{names} share the victory" if result.shared else f"{names} wins"
    return verdict + (f" ({result.tiebreak})" if result.tiebreak else "") + "."


def _shown(path: str) -> str:
    """A path as an error line quotes it: escaped, and cut short if it is long."""
    text = repr(path)
    return text if len(text) <= 80 else text[:76] + "…'"


def _read_record(path: str) -> bytes:
    """The bytes of the record at ``path``: at most :data:`MAX_RECORD_BYTES` read, whatever the file says of itself.

    A device or a pipe reports no size (``/dev/zero`` never ends), so the
    bound is on what is read, not on what ``stat`` says; a pipe with nobody
    writing to it reads as empty instead of waiting.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ExplorerError(f"there is no file {_shown(path)}.") from None
    except OSError as exc:
        raise ExplorerError(f"cannot read {_shown(path)}: {(exc.strerror or 'unreadable').lower()}.") from None
    try:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise ExplorerError(f"{_shown(path)} is a folder, not a record.")
        os.set_blocking(fd, True)
        data, size = [], 0
        while size <= MAX_RECORD_BYTES:  # a pipe gives its bytes a piece at a time
            piece = os.read(fd, MAX_RECORD_BYTES + 1 - size)
            if not piece:
                break
            data.append(piece)
            size += len(piece)
        data = b"".join(data)
    except IsADirectoryError:
        raise ExplorerError(f"{_shown(path)} is a folder, not a record.") from None
    except OSError as exc:
        raise ExplorerError(f"cannot read {_shown(path)}: {(exc.strerror or 'unreadable').lower()}.") from None
    finally:
        os.close(fd)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{_shown(path)} is larger than {MAX_RECORD_BYTES:,} bytes; no record is that long.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{_shown(path)} is not UTF-8 text.") from None


def _write_record(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except IsADirectoryError:
        raise ExplorerError(f"cannot write the record to {_shown(path)}: it is a folder.") from None
    except FileNotFoundError:
        raise ExplorerError(f"cannot write the record to {_shown(path)}: its folder does not exist.") from None
    except OSError as exc:
        raise ExplorerError(f"cannot write the record to {_shown(path)}: "
                            f"{(exc.strerror or 'not writable').lower()}.") from None


def _terminal_safe(text: str) -> str:
    """``text`` with every control or invisible formatting character (but the line break) written as an escape.

    Nothing printed can then move the cursor, clear the screen or turn the
    text around, whatever a record's names or a path held.
    """
    if text.isprintable():
        return text
    return "".join(c if c == "\n" or c.isprintable() or unicodedata.category(c) == "Zs"
                   else c.encode("unicode_escape", "backslashreplace").decode("ascii") for c in text)


def _print(text: str = "", **kwargs) -> None:
    print(_terminal_safe(text), **kwargs)


def cmd_games(args: argparse.Namespace) -> int:
    for g in games():
        print(f"{g.name}  ({g.title}, {g.min_players}-{g.max_players} players): {g.summary}")
        for option in g.options.values():
            choices = "|".join(str(c).lower() if isinstance(c, bool) else str(c) for c in option.choices)
            print(f"    --option {option.name}={choices}  (default {option.default}) {option.doc}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    g: Game = find_game(args.game)
    state = g.new(args.players, args.seed, parse_options(args.option))
    choose = random.Random(args.seed).choice
    while not state.is_over():
        entry = state.play(choose(state.legal_moves()))
        if not args.quiet:
            _print(f"{entry.index + 1:>4}. {entry.notation:<10} {entry.text}")
    _print(state.text())
    _print(f"Scores: {_scores_line(state)}. {_outcome(state)}")
    if args.record:
        _write_record(args.record, dumps(state))
        _print(f"Record written to {args.record}.")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    state = replay(_read_record(args.file))
    if args.json:
        result = state.result()
        print(json.dumps({
            "game": state.game.name,
            "players": state.players,
            "names": list(state.names),
            "moves": state.ply,
            "over": state.is_over(),
            "to_move": state.to_move,
            "scores": [s.total for s in state.scores()],
            "breakdown": [[list(part) for part in s.parts] for s in state.scores()],
            "winners": list(result.winners) if result else [],
            "tiebreak": result.tiebreak if result else None,
        }))
        return 0
    for entry in state.log:
        _print(f"{entry.index + 1:>4}. {entry.notation:<10} {entry.text}")
    _print(state.text())
    _print(f"Scores: {_scores_line(state)}. {_outcome(state)}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    state = replay(_read_record(args.file))
    status = "finished" if state.is_over() else "in progress"
    _print(f"ok: {state.game.title}, {state.players} players, {state.ply} moves, {status}.")
    return 0


def cmd_dashboards(args: argparse.Namespace) -> int:
    require("dashboards", "explorer dashboards")
    from . import dashboards

    return dashboards.main(args.arguments)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m explorer", description="Play, replay and check games of the rule explorer.")
    parser.add_argument("--version", action="version", version=f"explorer {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("games", help="list the games, their player counts and options")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("play", help="play a whole game with random bots and print it")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's usual)")
    p.add_argument("--seed", type=int, default=0, help="the seed every random draw comes from (default 0)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--record", metavar="FILE", help="write the game's record to FILE")
    p.add_argument("--quiet", action="store_true", help="print only the final table and scores")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="replay a record and print the final table and scores")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("check", help="check that a record is well formed and every move legal")
    p.add_argument("file")
    p.set_defaults(run=cmd_check)

    try:
        from .analysis import cli as simulate_cli
    except ImportError:
        pass
    else:
        simulate_cli.add_parser(sub)

    # Everything after `dashboards` goes to explorer.dashboards' own options (--port, --no-browser,
    # --help...): with no prefix character of its own, this parser takes them all as plain words.
    p = sub.add_parser("dashboards", help="serve the dashboards in a browser (needs the dashboards extra)",
                       add_help=False, prefix_chars="+")
    p.add_argument("arguments", nargs=argparse.REMAINDER, help="the options of python -m explorer.dashboards")
    p.set_defaults(run=cmd_dashboards)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except (_UsageError, ExplorerError) as exc:
        print(f"error: {error_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("error: interrupted.", file=sys.stderr)
        return 130
