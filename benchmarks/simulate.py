"""Simulation throughput: games a second in this process, over the local process pool, and over Dask.

    .venv/bin/python benchmarks/simulate.py          # 10,000 random Pet Quartet games, 4 players
    .venv/bin/python benchmarks/simulate.py --games 2000 --seats greedy,random,random --game pets --dask

The target: 10,000 random 4-player Pet Quartet games in at most 10 s of
wall-clock time through ``simulate`` with its default executor (a process
pool with one worker a core).  Each run prints its wall-clock time and the
CPU time of this process and its workers (``os.times``), so a machine shared
with other work shows up as wall time well above CPU time.  Every way of
running gives the same frame, and this is checked too.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import sys
import time

import pandas as pd

from explorer.analysis import simulate, split_seats


def timed(label: str, games: int, run) -> tuple[pd.DataFrame, float]:
    """Run ``run()``; print and return its wall-clock seconds (and the frame)."""
    before, start = os.times(), time.perf_counter()
    frame = run()
    wall = time.perf_counter() - start
    after = os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user and system time, of this process and of its finished children
    print(f"{label:<36} {wall:7.2f} s wall  {games / wall:8.0f} games/s   (CPU {cpu:6.2f} s)", flush=True)
    return frame, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pet-quartet")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seats", default="random,random,random,random")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="the pool's size (default: one a core)")
    parser.add_argument("--dask", action="store_true", help="also run on a Dask LocalCluster of --workers processes")
    args = parser.parse_args(argv)
    seats = split_seats(args.seats)
    common = dict(games=args.games, seed=1, progress=False)
    print(f"{args.game}, {args.games:,} games, seats {', '.join(seats)}; {os.cpu_count()} cores")
    # The default executor: the pool starts on the first run and is kept, so the first run pays for its start.
    pooled, wall = timed(f"default executor ({args.workers} workers)", args.games,
                         lambda: simulate(args.game, seats, workers=args.workers, **common))
    again, wall_again = timed(f"default executor, pool already up", args.games,
                              lambda: simulate(args.game, seats, workers=args.workers, **common))
    with cf.ProcessPoolExecutor(max_workers=1) as one:
        single, wall_one = timed("a process pool of 1 worker", args.games,
                                 lambda: simulate(args.game, seats, executor=one, **common))
    serial, wall_serial = timed("in this process (workers=1)", args.games,
                                lambda: simulate(args.game, seats, workers=1, **common))
    for other in (again, single, serial):
        pd.testing.assert_frame_equal(pooled, other)
    if args.dask:
        from distributed import Client, LocalCluster

        with LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            remote, _ = timed(f"Dask LocalCluster, {args.workers} processes", args.games,
                              lambda: simulate(args.game, seats, executor=client.get_executor(), **common))
        pd.testing.assert_frame_equal(pooled, remote)
    print("every run gave the same frame")
    print(f"{args.games:,} games with the default executor: {wall:.2f} s "
          f"({'within' if wall <= 10 else 'over'} the 10 s target)")
    print(f"speed-up of {args.workers} workers over 1: {wall_one / wall_again:.2f}x against a pool of 1, "
          f"{wall_serial / wall_again:.2f}x against playing in this process")
    return 0


if __name__ == "__main__":
    sys.exit(main())
