"""Bot speed (time a move) and strength (duels with 95% intervals), for every game.

    .venv/bin/python benchmarks/bots.py                       # every game: speed, then the duels
    .venv/bin/python benchmarks/bots.py --speed-only
    .venv/bin/python benchmarks/bots.py --game quartz --search-games 100 --save

Speed: each bot decides at the same positions, taken from seeded random
games at the game's usual player count wherever the player to move has a
real choice; the figure is CPU time a move (this process's, so a busy
machine slows the run without inflating it much) and wall-clock time.

Strength: two-player duels, the table turned each game so that both bots
move first equally often (see :mod:`explorer.analysis.ladder`): greedy
against random, then the search bot with its default budget against greedy.
"rate" is the stronger bot's share of the victories with its Wilson 95%
interval; it *measurably* beats the weaker when the low end is above 0.5.
``--save`` adds the duels to ``explorer/analysis/ladder.csv`` (replacing
earlier lines of the same game and bots), which the analysis notebook shows.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
import warnings
from types import SimpleNamespace

import explorer
from explorer import bots
from explorer.analysis.ladder import SAVED, duel, ladder_sentence, saved_ladder
from explorer.bots import FallbackWarning, Observation


def positions(name: str, count: int, seed: int = 0) -> list[explorer.State]:
    """``count`` positions with a real choice, from seeded random games of ``name`` at its usual player count."""
    game = explorer.game(name)
    rng = random.Random(seed)
    found: list[explorer.State] = []
    game_seed = seed
    while len(found) < count:
        state = game.new(None, game_seed)
        game_seed += 1
        while not state.is_over() and len(found) < count:
            legal = state.legal_moves()
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state.copy())
            state.play(rng.choice(legal))
    return found


def speed(name: str, spec: str, count: int) -> tuple[float, float]:
    """CPU and wall-clock seconds a move of the bot ``spec`` over ``count`` positions of ``name``."""
    sample = positions(name, count)
    cpu, wall = time.process_time(), time.perf_counter()
    for i, state in enumerate(sample):
        bots.make(spec, seed=i).choose(Observation(state, state.to_move))
    return (time.process_time() - cpu) / count, (time.perf_counter() - wall) / count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=200, help="games of greedy against random (default 200)")
    parser.add_argument("--search-games", type=int, default=100, help="games of search against greedy (default 100)")
    parser.add_argument("--search", default="search", help="the search bot to measure (default: its default budget)")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed test (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="processes for the duels (default: one a core)")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--strength-only", action="store_true")
    parser.add_argument("--save", action="store_true", help=f"add the duels to {SAVED.name}")
    args = parser.parse_args(argv)
    names = args.game or [g.name for g in explorer.games()]
    warnings.simplefilter("ignore", FallbackWarning)
    if not args.strength_only:
        print(f"{'game':<17} {'players':>7} {'bot':<28} {'ms a move (CPU)':>16} {'(wall)':>8}")
        for name in names:
            for spec in ("random", "greedy", args.search):
                count = args.positions if spec.startswith("search") else args.positions * 10
                cpu, wall = speed(name, spec, count)
                players = explorer.game(name).default_players
                print(f"{name:<17} {players:>7} {spec:<28} {cpu * 1000:>16.2f} {wall * 1000:>8.2f}", flush=True)
    if args.speed_only:
        return 0
    command = "benchmarks/bots.py " + shlex.join(argv if argv is not None else sys.argv[1:])
    print(f"\n{'game':<17} {'stronger':<28} {'weaker':<10} {'games':>5}  {'rate':>5}  95% interval")
    lines = []
    for name in names:
        for strong, weak, games in (("greedy", "random", args.games), (args.search, "greedy", args.search_games)):
            start = time.perf_counter()
            line = duel(name, strong, weak, games=games, seed=args.seed, workers=args.workers)
            line["command"] = command
            lines.append(line)
            verdict = "beats" if line["beats"] else "not shown"
            print(f"{name:<17} {strong:<28} {weak:<10} {games:>5}  {line['rate']:.3f}  "
                  f"[{line['low']:.3f}, {line['high']:.3f}]  {verdict}  ({time.perf_counter() - start:.0f} s)",
                  flush=True)
    if args.save:
        import pandas as pd

        new = pd.DataFrame(lines)
        old = saved_ladder()
        if len(old):
            keys = set(zip(new["game"], new["stronger"], new["weaker"]))
            old = old[[k not in keys for k in zip(old["game"], old["stronger"], old["weaker"])]]
        table = pd.concat([old, new], ignore_index=True) if len(old) else new
        table.sort_values("game", kind="stable").to_csv(SAVED, index=False)
        print(f"saved to {SAVED}")
    for line in lines:
        print(ladder_sentence(SimpleNamespace(**line)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
