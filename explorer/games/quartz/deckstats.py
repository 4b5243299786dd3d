"""How dangerous a deck is: the chance of an accident within the first k reveals of a turn.

Two measures, which agree:

* :func:`accident_curve` enumerates every sequence of Unstable-icon patterns
  from a full, freshly shuffled deck (cards without an icon count alike), so its
  numbers are exact up to floating-point rounding;
* :func:`simulate` plays real games with the engine -- every player explores,
  reveals until the line holds ``reveals`` cards or an accident strikes, never
  hires, and nobody attacks -- and counts how many turns end in an accident.
  Its deck is the one left in a game in progress, not a fresh one.

Run ``python -m explorer.games.quartz.deckstats`` (``--deck my.toml`` for your
own deck) to print both.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from .deck import Deck, deck_from_data, reconstruction


def accident_curve(deck: Deck | None = None, cards: int = 8) -> list[float]:
    """``curve[k - 1]``: the chance that a turn revealing ``k`` cards meets an accident, for k = 1..cards.

    The deck is full and shuffled, there are no attacks and no hiring.
    """
    deck = deck or reconstruction()
    by_mask: Counter[int] = Counter()
    for code, n in deck.counts.items():
        by_mask[deck.kinds[code].mask] += n
    masks = tuple(by_mask)

    @lru_cache(maxsize=None)
    def danger(counts: tuple[int, ...], taken: int, depth: int) -> float:
        """The chance of an accident within ``depth`` more reveals."""
        if depth == 0:
            return 0.0
        total = sum(counts)
        risk = 0.0
        for i, mask in enumerate(masks):
            n = counts[i]
            if not n:
                continue
            if mask & taken:
                risk += n / total
            else:
                rest = counts[:i] + (n - 1,) + counts[i + 1:]
                risk += n / total * danger(rest, taken | mask, depth - 1)
        return risk

    start = tuple(by_mask[m] for m in masks)
    return [danger(start, 0, k) for k in range(1, cards + 1)]


def simulate(deck_data: dict[str, Any] | None = None, games: int = 200, reveals: int = 5, players: int = 3,
             seed: int = 0) -> tuple[int, int]:
    """Play ``games`` games in which every turn reveals up to ``reveals`` cards: (accidents, turns)."""
    import explorer

    from .moves import CONTINUE, EXPLORE, PASS, STOP
    from .moves import Move
    from .state import ANNOUNCE, DECIDE, QuartzState

    accidents = turns = 0
    setup = {"deck": deck_data} if deck_data is not None else None
    base = random.Random(seed)
    for _ in range(games):
        state = explorer.new("quartz", players, seed=base.randrange(2**31), setup=setup)
        assert isinstance(state, QuartzState)
        shown = 0
        while not state.is_over():
            phase = state.phase
            move: Move
            if phase == ANNOUNCE:
                move, shown = EXPLORE, 0
                turns += 1
            elif phase == DECIDE:
                move = CONTINUE if shown < reveals else STOP
            else:
                move = PASS  # no attack, no defense, no hire, no Mas Que Beleza!
            entry = state.play(move)
            shown += entry.text.count(" reveals ")
            if "accident" in entry.text:
                accidents += 1
    return accidents, turns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", help="a deck file (.toml or .json); default: the reconstruction")
    parser.add_argument("--games", type=int, default=300, help="games to simulate (default 300)")
    args = parser.parse_args(argv)
    data = None
    deck = reconstruction()
    if args.deck:
        from .deck import read_deck_file

        data = read_deck_file(args.deck)
        deck = deck_from_data(data)
    print(f"Deck: {deck.name} [{deck.label}]")
    curve = accident_curve(deck)
    print("Exact, full shuffled deck: chance of an accident in a turn that reveals k cards")
    for k, p in enumerate(curve, start=1):
        safe_before = 1 - (curve[k - 2] if k > 1 else 0.0)
        itself = (p - (1 - safe_before)) / safe_before
        print(f"  k={k}: {p:6.1%}   (the k-th card itself, after k-1 safe ones: {itself:6.1%})")
    accidents, turns = simulate(data, games=args.games)
    print(f"Simulated with the engine ({args.games} games of 3 players, every turn reveals up to 5 cards): "
          f"{accidents} accidents in {turns} turns = {accidents / turns:.1%}")


if __name__ == "__main__":
    main()
