"""``python -m explorer simulate``: many bot matches from the command line.

    python -m explorer simulate pet-quartet --games 500 --seats search,greedy,random \\
        --option scoring=advanced --seed 7 --csv games.csv

prints each bot's win rate with its 95% interval, the turn order's effect
and the average length, and writes one CSV row a game (the columns of
:func:`explorer.analysis.simulate`).  Bad input raises
:class:`~explorer.ExplorerError` with one sentence for the main command to show.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any, TextIO

from ..core import ExplorerError
from ..extras import require
from .simulate import simulate, split_seats, to_csv
from .stats import win_rates


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``simulate`` command to a parser's subcommands."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many games between bots and report win rates",
        description="Play many games between bots; report win rates with 95%% intervals and write a CSV.",
    )
    parser.add_argument("game", help="the game's name, e.g. pet-quartet")
    parser.add_argument("--games", type=int, default=100, help="how many games to play (default 100)")
    parser.add_argument("--seats", required=True,
                        help="one bot a player, separated by commas: random, greedy, search or search(playouts=50)")
    parser.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (repeatable)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes to use (default: one a core for 200 games or more, else 1)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--rotate", action="store_true", help="turn the table one seat each game")
    parser.add_argument("--csv", metavar="FILE", help="write one row a game to FILE")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="show a progress bar (default: for 100 games or more)")
    parser.add_argument("--start-method", choices=multiprocessing.get_all_start_methods(), default=None,
                        help="how the worker processes start (default: Python's own; the results are the same)")
    parser.set_defaults(run=run)
    return parser


def parse_options(items: list[str]) -> dict[str, str]:
    """``["scoring=advanced"]`` → ``{"scoring": "advanced"}`` (the game checks the values)."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ExplorerError(f"write each option as --option name=value, not {item[:40]!r}.")
        options[key.strip()] = value.strip()
    return options


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run ``simulate`` with parsed arguments; print a summary; return the exit code."""
    out = out or sys.stdout
    require("analysis", "explorer simulate")
    if args.games < 1:
        raise ExplorerError(f"--games must be at least 1, not {args.games}.")
    if args.workers is not None and args.workers < 1:
        raise ExplorerError(f"--workers must be at least 1, not {args.workers}.")
    if args.csv:
        folder = Path(args.csv).resolve().parent
        if not folder.is_dir():
            raise ExplorerError(f"cannot write {args.csv!r}: there is no folder {str(folder)!r}.")
    seats = split_seats(args.seats)
    frame = simulate(args.game, seats, games=args.games, seed=args.seed, options=parse_options(args.option),
                     workers=args.workers, rotate=args.rotate, progress=args.progress,
                     start_method=args.start_method)
    for note in frame.attrs.get("notes", []):
        print(f"note: {note}", file=sys.stderr)
    print(summary(frame), file=out)
    if args.csv:
        try:
            to_csv(frame, args.csv)
        except OSError as exc:
            raise ExplorerError(f"cannot write {args.csv!r}: {exc.strerror or exc}.") from None
        print(f"wrote {len(frame)} games to {args.csv}", file=out)
    return 0


def summary(frame) -> str:
    """The run as text: win rates by bot and by place in the turn order, and the length of a game."""
    attrs = frame.attrs
    lines = [f"{attrs['game']}: {len(frame)} games, seats {', '.join(attrs['seats'])}, seed {attrs['seed']}"
             + (", table turned each game" if attrs.get("rotate") else "")]
    for by, title in (("bot", "bot"), ("order", "turn order (0 moved first)")):
        table = win_rates(frame, by=by)
        lines.append(f"win rate by {title}  (even: {table['even'].iloc[0]:.3f})")
        for key, row in table.iterrows():
            lines.append(f"  {str(key):<28} {row['rate']:.3f}  [{row['low']:.3f}, {row['high']:.3f}]"
                         f"  over {int(row['seats'])} seats")
    lengths = frame["length"]
    lines.append(f"moves a game: mean {lengths.mean():.1f}, min {lengths.min()}, max {lengths.max()}")
    return "\n".join(lines)
