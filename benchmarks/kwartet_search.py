"""Why the search bot does not (yet) beat greedy at Keistad Kwartet: what a move is worth, and what the hands are.

    .venv/bin/python benchmarks/kwartet_search.py                 # both measures, default sizes
    .venv/bin/python benchmarks/kwartet_search.py --games 200 --positions 0

Two figures, both for two players with the default options:

* **Spread of the moves.**  At positions from games between two greedy
  players, every legal ask is played in the same ``--worlds`` imagined worlds
  and each world is finished by greedy play; the figure is each ask's share
  of the victories.  The ask that did best is then played again, beside the
  greedy choice, in as many fresh worlds: the best of two dozen noisy
  shares looks better than it is, and only the fresh worlds say by how much
  it really gains (``gain``, with its standard error).  When that gain is a
  few points or none, a search has little to find, and needs a hundred
  playouts an ask, thousands a move, to find it.
* **Open hands.**  The search bot against greedy over ``--games`` games,
  once as it is (imagining the hidden cards) and once with its imagined
  worlds replaced by the real position: an upper bound on what a better
  guess at the hidden cards could give it.  The open-handed bot exists only
  in this script; the explorer's bots see their own player's view alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import explorer
from explorer.analysis.stats import wilson
from explorer.bots import GreedyBot, Observation, SearchBot, decide, reward
from explorer.bots.seeding import BotRng, derive
from explorer.games.keistad_kwartet.strategy import greedy_move

GAME = "keistad-kwartet"


def finish(world: explorer.State, rng: BotRng) -> explorer.State:
    while not world.is_over():
        moves = world.legal_moves()
        world.play(moves[0] if len(moves) == 1 else greedy_move(world, world.to_move, rng))
    return world


def shares(state: explorer.State, move, worlds: range, seed: int, k: int) -> list[float]:
    """``move``'s result for the player to move in each of ``worlds``, finished by greedy play."""
    me = state.to_move
    results = []
    for i in worlds:
        world = state.determinize(me, derive(seed, k, i))
        world.play(move)
        results.append(reward(finish(world, BotRng(derive(seed, k, i, "rollout"))), me))
    return results


def spread(positions: int, worlds: int, seed: int) -> None:
    print(f"{'':>11} {'first worlds':>15}   {'fresh worlds':>15}")
    print(f"{'ply':>4} {'asks':>5}  {'greedy':>7} {'best':>7}   {'greedy':>7} {'best':>7} {'gain':>7} {'s.e.':>6}")
    for k in range(positions):
        state = explorer.new(GAME, 2, seed=seed + k)
        rng = random.Random(seed + k)
        for _ in range(8 + 5 * k):  # a position a little further into the game each time
            if state.is_over():
                break
            state.play(greedy_move(state, state.to_move, rng))
        if state.is_over() or len(state.legal_moves()) < 2:
            continue
        me = state.to_move
        chosen = greedy_move(state.determinize(me, 0), me, random.Random(0))
        first = {move: shares(state, move, range(worlds), seed, k) for move in state.legal_moves()}
        best = max(first, key=lambda m: statistics.fmean(first[m]))
        fresh = range(worlds, 2 * worlds)
        again, mine = shares(state, best, fresh, seed, k), shares(state, chosen, fresh, seed, k)
        gains = [a - b for a, b in zip(again, mine)]
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(set(gains)) > 1 else 0.0
        print(f"{state.ply:>4} {len(first):>5}  {statistics.fmean(first[chosen]):>7.3f} "
              f"{statistics.fmean(first[best]):>7.3f}   {statistics.fmean(mine):>7.3f} {statistics.fmean(again):>7.3f} "
              f"{statistics.fmean(gains):>7.3f} {error:>6.3f}", flush=True)


def duel(games: int, seed: int, open_hands: bool) -> tuple[float, float, float]:
    """The search bot's share of the victories against greedy, the table turned each game, and its interval."""
    won = 0.0
    for i in range(games):
        state = explorer.new(GAME, 2, seed=seed + i)
        searcher = i % 2
        search, greedy = SearchBot(seed=i), GreedyBot(seed=i)
        while not state.is_over():
            if state.to_move == searcher:
                seen = Observation(state, searcher)
                if open_hands:
                    seen._deal = lambda _seed, state=state: state.copy()
                state.play(search.choose(seen))
            else:
                state.play(decide(greedy, state))
        winners = state.result().winners
        won += 1 / len(winners) if searcher in winners else 0.0
    low, high = wilson(won, games)
    return won / games, low, high


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions for the spread (0: skip it)")
    parser.add_argument("--worlds", type=int, default=100, help="imagined worlds an ask at each position")
    parser.add_argument("--games", type=int, default=100, help="games of each duel (0: skip them)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.positions:
        print(f"Each ask's share of the victories over {args.worlds} shared worlds, greedy play after it:")
        spread(args.positions, args.worlds, args.seed)
    if args.games:
        print(f"\nSearch against greedy, two players, {args.games} games, the table turned each game:")
        for open_hands in (False, True):
            start = time.process_time()
            rate, low, high = duel(args.games, args.seed, open_hands)
            label = "seeing the real hands" if open_hands else "imagining the hidden cards"
            print(f"  search {label:<27} {rate:.3f} [{low:.3f}, {high:.3f}]  ({time.process_time() - start:.0f} s CPU)",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
