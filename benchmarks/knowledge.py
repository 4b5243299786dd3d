"""How long Keistad Kwartet's knowledge takes to take in a move: the quick rules, and the exact model.

    .venv/bin/python benchmarks/knowledge.py [--players 5] [--games 3] [--moves 40] [--cap 10] [--bonus] [--greedy]

Seeded games (random moves, or greedy ones with ``--greedy``) are played to
the end; after every move the knowledge learns the move's events and its
facts are read, once with the quick rules (``Knowledge``) and once with the
exact model (``Knowledge(..., exact=True)``, see ``deals.py``).  The figures
are milliseconds of CPU a move: the mean, the median, the 95th percentile
and the worst, over the first ``--moves`` moves of each game.  The exact
model aims at 20 ms a move in a five-player game; its search can take far
longer at some positions, so a move over ``--cap`` seconds of wall-clock
time is stopped, counted as that many seconds, and the game left there.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import time

import explorer
from explorer.games.keistad_kwartet.knowledge import Knowledge
from explorer.games.keistad_kwartet.strategy import greedy_move


class _Late(Exception):
    """A move took longer than the cap."""


def _late(signum, frame):
    raise _Late


def measure(players: int, games: int, moves: int, cap: int, bonus: bool, greedy: bool,
            exact: bool) -> tuple[list[float], int]:
    """CPU milliseconds per move to learn its events and read the facts, and how many moves hit the cap."""
    times, late = [], 0
    signal.signal(signal.SIGALRM, _late)
    for seed in range(games):
        state = explorer.new("keistad-kwartet", players, seed, {"bonus_cards": bonus})
        rng = random.Random(seed)
        knowledge = Knowledge(state.events[0], bluffs=state.bluffs, exact=exact)
        learnt = 1
        for _ in range(moves):
            if state.is_over():
                break
            if greedy:
                me = state.to_move
                state.play(greedy_move(state.determinize(me, rng.randrange(1 << 30)), me, rng))
            else:
                state.play(rng.choice(state.legal_moves()))
            start = time.process_time()
            signal.alarm(cap)
            try:
                for event in state.events[learnt:]:
                    knowledge.learn(event)
                learnt = len(state.events)
                knowledge.table()
            except _Late:
                times.append(cap * 1000.0)
                late += 1
                break
            finally:
                signal.alarm(0)
            times.append((time.process_time() - start) * 1000)
    return times, late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40, help="moves measured in each game")
    parser.add_argument("--cap", type=int, default=10, help="seconds after which a move is stopped")
    parser.add_argument("--bonus", action="store_true", help="play with the bonus cards")
    parser.add_argument("--greedy", action="store_true", help="greedy moves instead of random ones")
    args = parser.parse_args()
    print(f"Keistad Kwartet, {args.players} players, {args.games} games, bonus cards {'on' if args.bonus else 'off'}, "
          f"{'greedy' if args.greedy else 'random'} moves: CPU ms a move to learn it and read the facts")
    for exact in (False, True):
        times, late = measure(args.players, args.games, args.moves, args.cap, args.bonus, args.greedy, exact)
        p95 = statistics.quantiles(times, n=20)[-1]
        print(f"  {'exact model' if exact else 'quick rules'}: {len(times)} moves, mean {statistics.mean(times):.2f}, "
              f"median {statistics.median(times):.2f}, 95th percentile {p95:.2f}, worst {max(times):.2f}"
              + (f"; {late} move{'s' if late != 1 else ''} stopped at {args.cap} s" if late else ""))


if __name__ == "__main__":
    main()
