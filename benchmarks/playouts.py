"""Random-playout throughput of every game: complete games per second and microseconds per move.

    python benchmarks/playouts.py [--seconds 2] [--game pet-quartet]

Each figure is one process on one core: seeded random games played to the
end through the public API (``legal_moves`` then ``play``), as a bot would.
Time is the process's CPU time, so a busy machine slows the run down but
does not shrink the figures (wall-clock time would count the waits for a core).
"""

from __future__ import annotations

import argparse
import random
import time

import explorer


def measure(game: explorer.Game, players: int, seconds: float, options=None) -> tuple[int, int, float]:
    """Play seeded random games for about ``seconds`` of CPU; return (games, moves, CPU seconds)."""
    games = moves = 0
    start = time.process_time()
    seed = 0
    while True:
        state = game.new(players, seed, options)
        choose = random.Random(seed).choice
        while not state.is_over():
            state.play(choose(state.legal_moves()))
            moves += 1
        games += 1
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, moves, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per figure (default 2)")
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args()
    selected = [explorer.game(args.game)] if args.game else explorer.games()
    print(f"{'game':<18}{'players':>8}{'games/s':>10}{'µs/move':>10}{'moves/game':>12}")
    for game in selected:
        for players in range(game.min_players, game.max_players + 1):
            games, moves, elapsed = measure(game, players, args.seconds)
            print(f"{game.name:<18}{players:>8}{games / elapsed:>10.0f}{elapsed / moves * 1e6:>10.1f}"
                  f"{moves / games:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
