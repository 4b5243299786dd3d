"""Simulation throughput: games a second played one by one, over a process pool, and over a Dask cluster.

    .venv/bin/python benchmarks/simulate.py                 # pet-quartet, greedy against random
    .venv/bin/python benchmarks/simulate.py --game pets --games 400 --seats greedy,random,random

Every way of running gives the same frame (checked here too); only the time differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import pandas as pd

from explorer.analysis import simulate, split_seats


def timed(label: str, games: int, run) -> pd.DataFrame:
    start = time.perf_counter()
    frame = run()
    seconds = time.perf_counter() - start
    print(f"{label:<34} {seconds:7.2f} s  {games / seconds:8.1f} games/s", flush=True)
    return frame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pet-quartet")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seats", default="greedy,random,random,random")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args(argv)
    seats = split_seats(args.seats)
    common = dict(games=args.games, seed=1, rotate=True, progress=False)
    print(f"{args.game}, {args.games} games, seats {', '.join(seats)}, {os.cpu_count()} cores")
    serial = timed("one by one", args.games, lambda: simulate(args.game, seats, workers=1, **common))
    pooled = timed(f"process pool, {args.workers} workers", args.games,
                   lambda: simulate(args.game, seats, workers=args.workers, **common))
    pd.testing.assert_frame_equal(serial, pooled)
    if not args.no_dask:
        from distributed import Client, LocalCluster

        with LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            remote = timed(f"Dask LocalCluster, {args.workers} processes", args.games,
                           lambda: simulate(args.game, seats, executor=client.get_executor(), **common))
        pd.testing.assert_frame_equal(serial, remote)
    print("every run gave the same frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
