"""Bot speed (decisions a second) and strength (win rates with 95% intervals), for every game.

    .venv/bin/python benchmarks/bots.py                      # every game, default budgets
    .venv/bin/python benchmarks/bots.py --game pet-quartet --games 200 --search "search(playouts=100)"
    .venv/bin/python benchmarks/bots.py --speed-only

Speed: each bot decides at the same positions, taken from seeded random
games wherever the player to move has a real choice.  Strength: two-player
matches, the table turned each game so both bots move first equally often;
"rate" is the stronger bot's share of the victories (a shared victory counts
half), with its Wilson 95% interval.  A stronger bot measurably beats the
weaker when the interval's low end is above 0.5.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings

import explorer
from explorer import bots
from explorer.analysis import simulate, win_rates
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


def speed(name: str, spec: str, count: int) -> float:
    """Decisions a second of the bot ``spec`` over ``count`` positions of ``name``."""
    sample = positions(name, count)
    start = time.perf_counter()
    for i, state in enumerate(sample):
        bots.make(spec, seed=i).choose(Observation(state, state.to_move))
    return count / (time.perf_counter() - start)


def duel(name: str, strong: str, weak: str, games: int, seed: int, workers: int | None) -> tuple[float, float, float]:
    """The stronger bot's share of victories in two-player games, with its Wilson interval."""
    frame = simulate(name, [strong, weak], games=games, seed=seed, rotate=True, workers=workers, progress=False)
    row = win_rates(frame).loc[strong]
    return row["rate"], row["low"], row["high"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=100, help="games of greedy against random (default 100)")
    parser.add_argument("--search-games", type=int, default=40, help="games of search against greedy (default 40)")
    parser.add_argument("--search", default="search(playouts=20)", help="the search bot to measure")
    parser.add_argument("--against-random", action="store_true", help="also play search against random")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed test (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="processes for the duels (default: a pool for 200 games or more)")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--strength-only", action="store_true")
    args = parser.parse_args(argv)
    names = args.game or [g.name for g in explorer.games()]
    warnings.simplefilter("ignore", FallbackWarning)
    for name in [] if args.strength_only else names:
        if name == names[0]:
            print(f"{'game':<17} {'bot':<28} {'decisions/s':>12}")
        for spec in ("random", "greedy", args.search):
            count = args.positions if spec.startswith("search") else args.positions * 10
            print(f"{name:<17} {spec:<28} {speed(name, spec, count):>12.1f}", flush=True)
        if bots.heuristic(explorer.game(name)) is None:
            print(f"{name:<17} (no greedy strategy: the greedy bot plays at random)")
    if args.speed_only:
        return 0
    print(f"\n{'game':<17} {'stronger':<28} {'weaker':<10} {'games':>5}  {'rate':>5}  95% interval")
    duels = [("greedy", "random", args.games), (args.search, "greedy", args.search_games)]
    if args.against_random:
        duels.append((args.search, "random", args.search_games))
    for name in names:
        for strong, weak, games in duels:
            start = time.perf_counter()
            rate, low, high = duel(name, strong, weak, games, args.seed, args.workers)
            verdict = "beats" if low > 0.5 else "not shown"
            print(f"{name:<17} {strong:<28} {weak:<10} {games:>5}  {rate:.3f}  [{low:.3f}, {high:.3f}]"
                  f"  {verdict}  ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
