"""What one click on the table costs in the kernel, for every game played on its table.

    .venv/bin/python benchmarks/touch.py [--games 3] [--seed 0]

A whole seeded game is played by touching the table in an explorer (you in
the first seat, greedy bots in the others, answering at once), the touches
chosen as a person would make them; the figure is the wall-clock and CPU
time of each touch, from the click's message to the page's widgets updated
(the bots' answer included, reported apart).  The browser's share (sending
the click, drawing the new table) is not in it.
"""

from __future__ import annotations

import argparse
import statistics
import time

from explorer.games.pets import Take
from explorer.games.quartex import Place
from explorer.widgets import Explorer
from explorer.widgets.games import pet_quartet, pets, quartex
from explorer.widgets.seats import seat


def clicks(name: str, state, move) -> list[str]:
    """The targets that make ``move`` on the table of ``name``."""
    if name == "quartex":
        if not isinstance(move, Place):
            return [f"move:{move}"]
        there = quartex.spaces_for(state, move.tile)[move.cell]
        space = f"space:{move.cell[0]},{move.cell[1]}"
        return [f"tile:{move.tile}", space] + ([f"move:{move}"] if len(there) > 1 else [])
    if name == "pet-quartet":
        return [pet_quartet.target_of(state.view(0), move)]
    if isinstance(move, Take):
        return [pets.target_of(state, move)]
    return [f"hand:{move.kind}", pets.target_of(state, move)]


def measure(name: str, seed: int) -> tuple[list[float], list[float], list[float]]:
    """Wall and CPU seconds of each touch that chose a part of a move, and wall seconds of those that played one."""
    ex = Explorer(name, players=3, seed=seed, seats=["you", "greedy", "greedy"])
    ex.speed.value = 0.0
    me = seat("greedy").make(7)
    choose, cpu, play = [], [], []
    while not ex.state.is_over():
        state = ex.state
        targets = clicks(name, state, me.choose(state))
        for k, target in enumerate(targets):
            t0, c0 = time.perf_counter(), time.process_time()
            ex.touch(target)
            wall = time.perf_counter() - t0
            (play if k == len(targets) - 1 else choose).append(wall)
            cpu.append(time.process_time() - c0)
    return choose, cpu, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for name in ("quartex", "pet-quartet", "pets"):
        choose, cpu, play = [], [], []
        for g in range(args.games):
            a, b, c = measure(name, args.seed + g)
            choose, cpu, play = choose + a, cpu + b, play + c
        part = (f"a part of a move: median {statistics.median(choose) * 1000:.1f} ms, "
                f"worst {max(choose) * 1000:.1f} ms ({len(choose)} touches)" if choose else "no partial choices")
        print(f"{name:12} {part}; a move played (bots answering): median {statistics.median(play) * 1000:.1f} ms, "
              f"worst {max(play) * 1000:.1f} ms ({len(play)}); CPU a touch median "
              f"{statistics.median(cpu) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
