"""Instructions a move costs in each game, counted by callgrind: a figure that a busy machine does not change.

    python benchmarks/instructions.py [--games 20] [--game keistad-kwartet]

For each game (at its default player count) the script runs itself twice
under ``valgrind --tool=callgrind``: once playing ``--games`` seeded random
games through the public API (``legal_moves`` then ``play``, as
:mod:`benchmarks.playouts` does), once playing none.  The second run is the
cost of starting Python and importing the engine; the difference, divided by
the moves played, is what one move costs.  Python runs without
``PYTHONDONTWRITEBYTECODE``, so both runs import from the same compiled files
and the subtraction leaves no compile time behind, and with one hash seed, so
that a run repeats to the instruction.

CPU time (``benchmarks/playouts.py``) varies with the load of the machine;
instruction counts vary by well under one percent from run to run, so they
can tell a 3% change apart.  They are the slower measure: a game under
callgrind plays about fifty times slower.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile


#: The environment of the counted runs: bytecode written and read, so that no run counts compiling, and one
#: hash seed, so that every run lays out its sets and dicts alike (the counts then repeat to the instruction).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONHASHSEED": "0"}


def play(name: str, games: int) -> int:
    """Play ``games`` seeded random games of ``name``; return the moves played."""
    import explorer

    game = explorer.game(name)
    moves = 0
    for seed in range(games):
        state = game.new(game.default_players, seed)
        choose = random.Random(seed).choice
        while not state.is_over():
            state.play(choose(state.legal_moves()))
            moves += 1
    return moves


def instructions(name: str, games: int) -> tuple[int, int]:
    """The instructions (callgrind's ``Ir``) of playing ``games`` games of ``name``, and the moves played."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
             "--child", name, "--games", str(games)],
            env=_ENV, capture_output=True, text=True, check=True)
        with open(out, encoding="utf-8") as file:
            totals = re.search(r"^(?:summary|totals): (\d+)", file.read(), re.MULTILINE)
    assert totals is not None, "callgrind wrote no totals"
    return int(totals.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games played per game (default 20)")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(play(args.child, args.games))
        return
    import explorer

    names = [args.game] if args.game else [g.name for g in explorer.games()]
    print(f"{'game':<18}{'players':>8}{'moves':>8}{'instructions/move':>19}")
    for name in names:
        subprocess.run([sys.executable, __file__, "--child", name, "--games", "1"], env=_ENV, check=True,
                       capture_output=True)  # compile every module the runs import, before they are counted
        base, _ = instructions(name, 0)
        total, moves = instructions(name, args.games)
        print(f"{name:<18}{explorer.game(name).default_players:>8}{moves:>8}{(total - base) / moves:>19,.0f}",
              flush=True)


if __name__ == "__main__":
    main()
