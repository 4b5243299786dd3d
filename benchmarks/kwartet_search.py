"""What wins at Keistad Kwartet and what a search can add there: nearness, worth of a move, open hands, odds.

    .venv/bin/python benchmarks/kwartet_search.py                 # every measure, default sizes
    .venv/bin/python benchmarks/kwartet_search.py --positions 0 --games 0 --learn 0   # nearness alone
    .venv/bin/python benchmarks/kwartet_search.py --nearness 0 --games 200 --positions 0 --learn 0
    .venv/bin/python benchmarks/kwartet_search.py --nearness 0 --games 0 --positions 0 --learn 300 --learned-games 600

Four figures, all for two players with the default options:

* **Nearness to completion.**  Greedy asks for the likeliest card, a tie
  going to the quartet it holds most of.  Here greedy weighs each card it
  holds of the asked quartet at a few weights (a fraction of a sure hit)
  and duels plain greedy over ``--nearness`` games at each: how much going
  for the quartets it almost has is worth.  The search's playout policy
  (``playout_move``) plays at the weight that did best, ``NEARNESS``.
* **Spread of the moves.**  At positions from games played by the search's
  playout policy, every legal ask is played in the same ``--worlds``
  imagined worlds and each world is finished by that policy; the figure is
  each ask's share of the victories.  The ask that did best is then played
  again, beside the policy's choice, in as many fresh worlds: the best of
  two dozen noisy shares looks better than it is, and only the fresh worlds
  say by how much it really gains (``gain``, with its standard error).
  When that gain is a few points or none, a search has little to find, and
  needs a hundred playouts an ask, thousands a move, to find it.
* **Open hands.**  The search bot against greedy over ``--games`` games,
  once as it is (imagining the hidden cards) and once with its imagined
  worlds replaced by the real position: an upper bound on what a better
  guess at the hidden cards could give it.  The open-handed bot exists only
  in this script; the explorer's bots see their own player's view alone.
  Then the search as it is against its playout policy alone: what its
  playouts add to the policy.
* **How players ask.**  Greedy's odds read only the facts, but players ask
  for the quartets they collect, so a player known to hold a card of a
  quartet holds more of it than the facts say.  Over ``--learn`` games
  between two greedy players, every uncertain ask greedy could have made is
  compared with the truth: its odds against how often the card was really
  there, by what the table knew of the quartet.  The rates observed become
  *learned odds*, and greedy playing by them duels plain greedy over
  ``--learned-games`` games: how much better its asks hit, and whether it
  wins more.  When a far better judge of each ask barely changes which ask
  is made, the facts already say nearly all that can be known of the
  hidden cards.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import partial
from typing import Callable

import explorer
from explorer.analysis.stats import wilson
from explorer.bots import Bot, GreedyBot, Observation, SearchBot, decide, reward
from explorer.bots.seeding import BotRng, derive
from explorer.games.keistad_kwartet.cards import BIT, QUARTET_MASK, present
from explorer.games.keistad_kwartet.knowledge import Asked
from explorer.games.keistad_kwartet.moves import Ask, Move
from explorer.games.keistad_kwartet.strategy import NEARNESS, Odds, greedy_move, playout_move

GAME = "keistad-kwartet"


def finish(world: explorer.State, rng: BotRng) -> explorer.State:
    while not world.is_over():
        moves = world.legal_moves()
        world.play(moves[0] if len(moves) == 1 else playout_move(world, world.to_move, rng))
    return world


def shares(state: explorer.State, move, worlds: range, seed: int, k: int) -> list[float]:
    """``move``'s result for the player to move in each of ``worlds``, finished by the search's playout policy."""
    me = state.to_move
    results = []
    for i in worlds:
        world = state.determinize(me, derive(seed, k, i))
        world.play(move)
        results.append(reward(finish(world, BotRng(derive(seed, k, i, "rollout"))), me))
    return results


def spread(positions: int, worlds: int, seed: int) -> None:
    print(f"{'':>11} {'first worlds':>15}   {'fresh worlds':>15}")
    print(f"{'ply':>4} {'asks':>5}  {'policy':>7} {'best':>7}   {'policy':>7} {'best':>7} {'gain':>7} {'s.e.':>6}")
    for k in range(positions):
        state = explorer.new(GAME, 2, seed=seed + k)
        rng = random.Random(seed + k)
        for _ in range(8 + 5 * k):  # a position a little further into the game each time
            if state.is_over():
                break
            state.play(playout_move(state, state.to_move, rng))
        if state.is_over() or len(state.legal_moves()) < 2:
            continue
        me = state.to_move
        chosen = playout_move(state.determinize(me, 0), me, random.Random(0))
        first = {move: shares(state, move, range(worlds), seed, k) for move in state.legal_moves()}
        best = max(first, key=lambda m: statistics.fmean(first[m]))
        fresh = range(worlds, 2 * worlds)
        again, mine = shares(state, best, fresh, seed, k), shares(state, chosen, fresh, seed, k)
        gains = [a - b for a, b in zip(again, mine)]
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(set(gains)) > 1 else 0.0
        print(f"{state.ply:>4} {len(first):>5}  {statistics.fmean(first[chosen]):>7.3f} "
              f"{statistics.fmean(first[best]):>7.3f}   {statistics.fmean(mine):>7.3f} {statistics.fmean(again):>7.3f} "
              f"{statistics.fmean(gains):>7.3f} {error:>6.3f}", flush=True)


def duel(games: int, seed: int, open_hands: bool, against_policy: bool = False) -> tuple[float, float, float]:
    """The search bot's share of the victories against greedy, the table turned each game, and its interval.

    ``against_policy``: against the search's own playout policy instead, played alone.
    """
    won = 0.0
    for i in range(games):
        state = explorer.new(GAME, 2, seed=seed + i)
        searcher = i % 2
        search = SearchBot(seed=i)
        other = PolicyBot(seed=i, policy=playout_move) if against_policy else GreedyBot(seed=i)
        while not state.is_over():
            if state.to_move == searcher:
                seen = Observation(state, searcher)
                if open_hands:
                    seen._deal = lambda _seed, state=state: state.copy()
                state.play(search.choose(seen))
            else:
                state.play(decide(other, state))
        winners = state.result().winners
        won += 1 / len(winners) if searcher in winners else 0.0
    low, high = wilson(won, games)
    return won / games, low, high


#: An ask as the learning sees it: the tenth of greedy's odds it had (0 to 9), whether the target is known to hold
#: some card of its quartet, and how many of the quartet's cards are known there (two or more counted as two).
Key = tuple[int, bool, int]


def key(odds: Odds, target: int, card: int, p: float) -> Key:
    knowledge = odds.knowledge
    q = card >> 2
    known = (knowledge.has[target] & QUARTET_MASK[q]).bit_count()
    return min(9, int(p * 10)), q in knowledge.holds_some(target), min(2, known)


def observe(games: int, seed: int) -> dict[Key, list[float]]:
    """Every uncertain ask greedy could have made in ``games`` greedy games: [asks, hits, sum of odds].

    Keyed by :data:`Key`.
    """
    seen: dict[Key, list[float]] = {}
    for i in range(games):
        state = explorer.new(GAME, 2, seed=seed + i)
        bots = [GreedyBot(seed=2 * i), GreedyBot(seed=2 * i + 1)]
        while not state.is_over():
            me = state.to_move
            odds = Odds(state.knowledge(me), me)
            hand = state.hands[me]
            for move in state.legal_moves():
                if type(move) is not Ask or hand & BIT[move.card]:
                    continue
                p = odds.of(move.target, move.card)
                if 0 < p < 1:
                    row = seen.setdefault(key(odds, move.target, move.card, p), [0, 0, 0.0])
                    row[0] += 1
                    row[1] += bool(state.hands[move.target] & BIT[move.card])
                    row[2] += p
            state.play(decide(bots[me], state))
    return seen


def learned_odds(rates: dict[Key, float]) -> type[Odds]:
    """Greedy's odds, replaced by the rate observed for asks of the same :data:`Key` (where enough were seen)."""

    class LearnedOdds(Odds):
        def of(self, target: int, card: int) -> float:
            p = super().of(target, card)
            return p if p <= 0 or p >= 1 else rates.get(key(self, target, card, p), p)

    return LearnedOdds


class PolicyBot(Bot):
    """Plays ``policy(state, player, rng)`` in a determinization, as the greedy bot plays ``greedy_move``."""

    name = "policy"

    def __init__(self, seed: int, policy: Callable[..., Move]) -> None:
        super().__init__(seed)
        self.policy = policy

    def choose(self, seen: Observation):
        if len(seen.legal) == 1:
            return seen.legal[0]
        return self.policy(seen.determinize(self.rng.seed63()), seen.player, self.rng)


def policy_duel(games: int, seed: int, policy: Callable[..., Move]) -> tuple[float, float, float, list[float]]:
    """``policy``'s share of the victories against greedy, its interval, and each side's share of asks that hit."""
    won = 0.0
    asks, hits = [0, 0], [0, 0]
    for i in range(games):
        state = explorer.new(GAME, 2, seed=seed + i)
        learner = i % 2
        bots = [PolicyBot(seed=i, policy=policy), GreedyBot(seed=i)]
        if learner:
            bots.reverse()
        while not state.is_over():
            me = state.to_move
            before = len(state.events)
            state.play(decide(bots[me], state))
            side = 0 if me == learner else 1
            for event in state.events[before:]:
                if type(event) is Asked and event.asker == me:
                    asks[side] += 1
                    hits[side] += event.hit
        winners = state.result().winners
        won += 1 / len(winners) if learner in winners else 0.0
    low, high = wilson(won, games)
    return won / games, low, high, [h / max(1, a) for h, a in zip(hits, asks)]


def beliefs(learn: int, games: int, seed: int) -> None:
    seen = observe(learn, seed + 100_000)  # other deals than the duel's
    print(f"{'known to hold some card of the quartet':<40} {'cards of it known there':>23} {'asks':>8} {'odds':>6} "
          f"{'real':>6}")
    for some in (False, True):
        for known in range(3):
            rows = [row for k, row in seen.items() if k[1:] == (some, known)]
            n = sum(r[0] for r in rows)
            if n:
                print(f"{'yes' if some else 'no':<40} {known:>23} {n:>8,} {sum(r[2] for r in rows) / n:>6.3f} "
                      f"{sum(r[1] for r in rows) / n:>6.3f}")
    if games:
        start = time.process_time()
        rates = {k: hits / n for k, (n, hits, _) in seen.items() if n >= 30}
        rate, low, high, hit = policy_duel(games, seed, partial(greedy_move, odds=learned_odds(rates)))
        print(f"\nGreedy by the learned odds against greedy, {games} games: {rate:.3f} [{low:.3f}, {high:.3f}]; "
              f"asks that hit: {hit[0]:.3f} against greedy's {hit[1]:.3f}  ({time.process_time() - start:.0f} s CPU)")


def nearness(games: int, seed: int, weights: tuple[float, ...] = (0.05, 0.1, 0.2, 0.3, 0.5)) -> None:
    """Greedy weighing each card held of a quartet at ``weights`` (see ``NEARNESS``), each against plain greedy."""
    print(f"{'weight':>6} {'rate':>6}  95% interval   asks that hit (greedy's)  CPU")
    for weight in weights:
        start = time.process_time()
        rate, low, high, hit = policy_duel(games, seed, partial(greedy_move, nearness=weight))
        mark = "  <- the search's playout policy" if weight == NEARNESS else ""
        print(f"{weight:>6.2f} {rate:>6.3f}  [{low:.3f}, {high:.3f}]   {hit[0]:.3f} ({hit[1]:.3f})"
              f"       {time.process_time() - start:>3.0f} s{mark}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions for the spread (0: skip it)")
    parser.add_argument("--worlds", type=int, default=100, help="imagined worlds an ask at each position")
    parser.add_argument("--games", type=int, default=100, help="games of each duel (0: skip them)")
    parser.add_argument("--learn", type=int, default=300, help="greedy games the asks are learnt from (0: skip it)")
    parser.add_argument("--learned-games", type=int, default=600, help="games of learned odds against greedy")
    parser.add_argument("--nearness", type=int, default=2000,
                        help="games of greedy weighing nearness to completion against greedy, each weight (0: skip)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.nearness:
        print(f"Greedy weighing each card held of the asked quartet, against plain greedy, {args.nearness} games each:")
        nearness(args.nearness, args.seed)
        print()
    if args.positions:
        print(f"Each ask's share of the victories over {args.worlds} shared worlds, the playout policy after it:")
        spread(args.positions, args.worlds, args.seed)
    if args.games:
        print(f"\nSearch against greedy, two players, {args.games} games, the table turned each game:")
        for open_hands, against_policy in ((False, False), (True, False), (False, True)):
            start = time.process_time()
            rate, low, high = duel(args.games, args.seed, open_hands, against_policy)
            label = ("seeing the real hands" if open_hands else "imagining the hidden cards") + (
                ", against its playout policy alone" if against_policy else "")
            print(f"  search {label:<62} {rate:.3f} [{low:.3f}, {high:.3f}]  "
                  f"({time.process_time() - start:.0f} s CPU)", flush=True)
    if args.learn:
        print(f"\nHow greedy's odds of an uncertain ask compare with the truth, over {args.learn} greedy games:")
        beliefs(args.learn, args.learned_games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
