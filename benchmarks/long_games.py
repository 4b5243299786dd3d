"""How long the longest records take to open, and how much memory they cost.

    .venv/bin/python benchmarks/long_games.py [--moves 20000]

A record holds at most 20,000 moves (``explorer.core.records.MAX_MOVES``),
and a link at most 64,000 characters.  The longest legal games are Keistad
Kwartet's once the pot is empty: players ask each other for cards the other
lacks, and nothing changes hands until the no-progress rule ends the game.
This script builds such a record (with the rule at its most patient setting,
so the game can run as long as a record may), opens it in the dashboard's
Explorer widget the way an upload does, and prints the time taken and the
growth of the process's resident memory; then the same for the longest link
a game of moves like these can have.

Targets: a 20,000-move record within 3 s and 300 MB, the longest link within
2 s.  The figures depend on the machine and on what else it runs.
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
    """A legal Kwartet record of up to ``moves`` moves: random play, then, the pot empty, asks that miss.

    Before each miss that the no-progress rule would end the game on, a card
    changes hands, if one can: the game then runs on.
    """
    state = explorer.new(GAME, players=2, seed=seed, options=patient_options())
    rng = random.Random(seed)
    while not state.is_over() and state.ply < moves:
        legal = state.legal_moves()
        if state.pot:
            move = rng.choice(legal)
        else:
            misses = [m for m in legal if isinstance(m, Ask) and not state.hands[m.target] >> m.card & 1]
            hits = [m for m in legal if m not in misses]
            limit = getattr(state, "no_progress_limit", None)
            due = limit is not None and state.idle + 1 >= limit
            move = rng.choice(hits if (due and hits) or not misses else misses)
        state.play(move)
    return state.to_record()


def rss() -> int:
    gc.collect()
    return psutil.Process().memory_info().rss


def measure(label: str, action) -> None:
    before = rss()
    start = time.perf_counter()
    result = action()
    seconds = time.perf_counter() - start
    grown = (rss() - before) / 2**20
    print(f"{label}: {seconds:.2f} s, resident memory +{grown:.0f} MB")
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
