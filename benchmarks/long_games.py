"""How long the longest records take to open, and how much memory they cost.

    .venv/bin/python benchmarks/long_games.py [--moves 20000]

A record holds at most 20,000 moves (``explorer.core.records.MAX_MOVES``),
and a link at most 64,000 characters.  The longest legal games are Keistad
Kwartet's with no pot left: players ask each other for cards the other lacks,
and nothing changes until the no-progress rule would end the game, or a
quartet goes down.  This script builds such a record (the rule at its most
patient setting, every card dealt, so the game runs as long as a record may),
opens it in the dashboard's Explorer widget the way an upload does, and
prints the time taken and the growth of the process's resident memory; then
the same for the longest link that holds the start of that game.

Targets: a 20,000-move record within 3 s and 300 MB, the longest link within
2 s.  The figures depend on the machine and on what else it runs: on a busy
machine the wall clock runs far ahead of the processor time, which is what
the same work takes on an idle one.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import explorer  # noqa: E402
from explorer.core import links  # noqa: E402
from explorer.core.records import MAX_MOVES  # noqa: E402
from explorer.games.keistad_kwartet.moves import Ask  # noqa: E402

GAME = "keistad-kwartet"


def patient_options() -> dict:
    """The options under which a Kwartet game may run longest: the no-progress rule at its largest setting."""
    option = explorer.game(GAME).options.get("no_progress")
    return {} if option is None else {"no_progress": max(option.choices)}


def long_record(moves: int, seed: int = 1) -> dict:
    """A legal Kwartet record of up to ``moves`` moves, three players dealt every card (so no pot).

    Players ask for cards of their own (bluffs: always a miss, and nothing
    changes) until the no-progress rule is about to end the game; then the
    player to move asks for the cards of the quartet they hold most of, until
    it goes down, and the count starts again.
    """
    state = explorer.new(GAME, players=3, seed=seed, options={"deal": "all", **patient_options()})
    rng = random.Random(seed)
    while not state.is_over() and state.ply < moves:
        me, legal = state.to_move, state.legal_moves()
        hits = [m for m in legal if isinstance(m, Ask) and state.hands[m.target] >> m.card & 1]
        if hits and state.idle + 12 >= state.no_progress_limit:
            move = max(hits, key=lambda m: ((state.hands[me] >> (m.card & ~3)) & 15).bit_count())
        else:
            bluffs = [m for m in legal if isinstance(m, Ask) and state.hands[me] >> m.card & 1]
            move = rng.choice(bluffs or legal)
        state.play(move)
    return state.to_record()


def rss() -> int:
    gc.collect()
    return psutil.Process().memory_info().rss


def measure(label: str, action) -> None:
    """Run ``action`` and print its time (wall clock, and the processor time it used) and the memory it kept."""
    before = rss()
    start, cpu = time.perf_counter(), time.process_time()
    result = action()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    grown = (rss() - before) / 2**20
    print(f"{label}: {seconds:.2f} s ({cpu:.2f} s of processor time), resident memory +{grown:.0f} MB")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=MAX_MOVES)
    args = parser.parse_args()
    from explorer.widgets import Explorer
    from explorer.widgets.share import open_explorer, opening

    record = long_record(args.moves)
    text = json.dumps(record)
    print(f"record: {len(record['moves']):,} moves, {len(text):,} characters")
    ex = Explorer(GAME)  # the dashboard's explorer, made before the upload comes
    measure("upload opened in the Explorer", lambda: ex.load(text))
    del ex

    # The longest link: as many of the record's moves as fit in a link.
    state = explorer.replay(record)
    low, high = 0, len(record["moves"])
    while low < high:
        mid = (low + high + 1) // 2
        if len(links.to_query(explorer.replay(record, upto=mid))) <= links.MAX_QUERY_CHARS:
            low = mid
        else:
            high = mid - 1
    query = links.to_query(explorer.replay(record, upto=low))
    del state
    print(f"link: {low:,} moves, {len(query):,} characters")
    measure("link opened in the Explorer", lambda: open_explorer(opening(query, GAME)))


if __name__ == "__main__":
    main()
