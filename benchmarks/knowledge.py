"""How long Keistad Kwartet's knowledge takes to take in a move, and how long its brute-force test runs.

    .venv/bin/python benchmarks/knowledge.py [--players 5] [--games 3] [--moves 0] [--repeat 3]
                                             [--bonus] [--deal-all] [--no-sat] [--no-test]
                                             [--worst N [--seeds 100]]

Seeded games of random moves are played to the end (or for ``--moves``
moves each).  After every move the exact knowledge is read: the table's
(``state.knowledge(exact=True).table()``, the model of ``deals.py``), then
what the player to move knows, their own hand seen
(``state.knowledge(mover, exact=True).table()``).  The figures are
milliseconds of CPU a move for the two together: the mean, the 95th
percentile and the worst, and how many readings the model's work budget
left a question open in (their facts then sound, but not all of them).
A question the model's own search leaves open goes to the room argument
and then to the SAT solver of the ``exact`` extra, where it is installed;
``--no-sat`` leaves the solver out, to see what it adds.

The machine may be shared, so every game is played ``--repeat`` times and
each move's least time is its figure ("least of N runs"); each run's own
mean is printed beside it, so a run slowed by a neighbour shows.  The quick
rules (``state.knowledge()``, what the table, the odds and the bots read) are timed once for comparison, the same two readings.

Then the mover's exact odds (the count of consistent deals,
``knowledge.share``) are timed once, with how many moves their budget sent
to the estimate.

``--worst N`` instead plays ``--seeds`` games of random moves, each with its
own seeded mix of 2 to 5 players, both bluff settings, bonus cards on and
off, asking for cards or quartets, seven cards or all dealt, and prints the
``N`` slowest moves of them all with what it takes to replay them: the place
to start when a move is slow.

Last, the brute-force comparison test
(``tests/games/keistad_kwartet/test_exact_knowledge.py``) is run with
pytest, and its wall-clock and CPU time printed (``--no-test`` skips it).
The model aims at 20 ms a move in a five-player game, and the test at well
under a minute.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import explorer
from explorer.games.keistad_kwartet import deals

TEST = Path(__file__).resolve().parents[1] / "tests" / "games" / "keistad_kwartet" / "test_exact_knowledge.py"


def _games(players: int, games: int, moves: int, options: dict) -> list[list[str]]:
    """The moves of each seeded game of random moves."""
    played = []
    for seed in range(games):
        state = explorer.new("keistad-kwartet", players, seed, options)
        rng = random.Random(seed)
        while not state.is_over() and (not moves or state.ply < moves):
            state.play(rng.choice(state.legal_moves()))
        played.append([entry.notation for entry in state.log])
    return played


def _positions(players: int, options: dict, games: list[list[str]]):
    """Each position of the games, played afresh move by move."""
    for seed, moves in enumerate(games):
        state = explorer.new("keistad-kwartet", players, seed, options)
        for move in moves:
            state.play(move)
            yield state


def read_times(players: int, options: dict, games: list[list[str]], exact: bool) -> tuple[list[float], int]:
    """CPU milliseconds a move to bring the table's knowledge and the mover's up to date and read them, and how
    many of those readings the model's work budget left a question open in.

    ``exact`` reads them by the exact model, else by the quick rules alone (which never leave one open).
    """
    times = []
    left_open = 0
    for state in _positions(players, options, games):
        start = time.process_time()
        read = _read(state, exact)
        times.append((time.process_time() - start) * 1000)
        left_open += sum(exact and not knowledge.complete for knowledge in read)
    return times, left_open


def _read(state, exact: bool) -> list:
    """Read the table's knowledge and the mover's, as the explorer and the bots do after a move; both returned."""
    read = [state.knowledge(exact=exact)]
    if state.to_move is not None:
        read.append(state.knowledge(state.to_move, exact=exact))
    for knowledge in read:
        knowledge.table()
    return read


def odds_times(players: int, options: dict, games: list[list[str]]) -> tuple[list[float], int]:
    """CPU milliseconds a move to count the mover's exact odds (:meth:`Knowledge.share`), and how many moves the
    count's budget made fall back to the estimate."""
    times = []
    estimated = 0
    for state in _positions(players, options, games):
        if state.to_move is None:
            continue
        knowledge = state.knowledge(state.to_move, exact=True)
        card = (knowledge.live & -knowledge.live).bit_length() - 1
        start = time.process_time()
        share = knowledge.share((state.to_move + 1) % players, card)
        times.append((time.process_time() - start) * 1000)
        estimated += share is None
    return times, estimated


def worst_moves(seeds: int, shown: int) -> None:
    """Print the ``shown`` slowest moves of ``seeds`` games of random moves in a seeded mix of settings."""
    slow = []
    for seed in range(seeds):
        rng = random.Random(seed)
        players = rng.choice([2, 3, 4, 5])
        options = {"bluff": rng.choice(["allowed", "forbidden"]), "bonus_cards": rng.random() < 0.5,
                   "ask_for": rng.choice(["card", "quartet"]),
                   "deal": rng.choice(["seven", "all"]) if 3 <= players <= 5 else "seven"}
        state = explorer.new("keistad-kwartet", players, seed, options)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            start = time.process_time()
            _read(state, exact=True)
            slow.append(((time.process_time() - start) * 1000, seed, players, options, len(state.log)))
    slow.sort(key=lambda entry: entry[0], reverse=True)
    print(f"Keistad Kwartet, {seeds} games of random moves ({len(slow)} moves): the {shown} slowest, CPU ms "
          f"(mean {statistics.mean(t for t, *_ in slow):.2f}, worst {slow[0][0]:.2f})")
    for ms, seed, players, options, moves in slow[:shown]:
        print(f"  {ms:8.2f}  seed {seed}, {players} players, {options}, after move {moves}")


def figures(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return f"mean {statistics.mean(times):.2f}, 95th percentile {p95:.2f}, worst {max(times):.2f}"


def brute_force_test() -> str:
    """Run the brute-force comparison test; its outcome and times."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", str(TEST), "-q", "-p", "no:cacheprovider"],
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    lines = done.stdout.strip().splitlines()
    return f"{lines[-1] if lines else 'no output'}; wall {wall:.1f} s, CPU {cpu:.1f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=0, help="moves of each game (0: to the end)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each game; each move's least time is kept")
    parser.add_argument("--bonus", action="store_true", help="play with the bonus cards")
    parser.add_argument("--deal-all", action="store_true", help="deal every card (no pot)")
    parser.add_argument("--no-sat", action="store_true", help="leave the SAT solver (the exact extra) out")
    parser.add_argument("--no-test", action="store_true", help="do not run the brute-force test")
    parser.add_argument("--worst", type=int, default=0, help="print the N slowest moves of a mix of settings")
    parser.add_argument("--seeds", type=int, default=100, help="games of random moves for --worst")
    args = parser.parse_args()
    if args.no_sat:
        deals.SAT = False
    if args.worst:
        worst_moves(args.seeds, args.worst)
        return
    options = {"bonus_cards": args.bonus, "deal": "all" if args.deal_all else "seven"}
    games = _games(args.players, args.games, args.moves, options)
    moves = sum(map(len, games))
    print(f"Keistad Kwartet, {args.players} players, {args.games} games of random moves ({moves} moves), bonus cards "
          f"{'on' if args.bonus else 'off'}, {'every card dealt' if args.deal_all else 'seven cards dealt'}: "
          "CPU ms a move")
    print(f"  questions the search leaves open go to the room argument{', then the SAT solver' if deals.SAT else ''}, "
          "then a deeper search")
    runs = [read_times(args.players, options, games, exact=True) for _ in range(args.repeat)]
    least = [min(column) for column in zip(*(run for run, _ in runs))]
    print(f"  exact model, the table's and the mover's knowledge, least of {args.repeat} runs: {figures(least)}")
    print("    each run's mean: " + ", ".join(f"{statistics.mean(run):.2f}" for run, _ in runs))
    print(f"    readings with a question left open by the work budget: {runs[0][1]} of {2 * moves}")
    odds, estimated = odds_times(args.players, options, games)
    print(f"  exact odds, the mover's count of deals: {figures(odds)}; past the count's budget (estimated instead) "
          f"on {estimated} of {len(odds)} moves")
    quick, _ = read_times(args.players, options, games, exact=False)
    print(f"  quick rules, the table's and the mover's knowledge: {figures(quick)}")
    if not args.no_test:
        print(f"Brute-force comparison test ({TEST.name}): {brute_force_test()}")


if __name__ == "__main__":
    main()
