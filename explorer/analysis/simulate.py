"""Simulate many bot matches of a game and collect them in a pandas DataFrame.

>>> from explorer.analysis import simulate
>>> frame = simulate("pet-quartet", ["greedy", "random"], games=4, seed=1)
>>> list(frame.columns[:9])
['game', 'seed', 'players', 'options', 'seats', 'scores', 'winners', 'length', 'first']
>>> len(frame)
4

One row a game:

``game``
    the game's index in the run, from 0;
``seed``
    the seed its match was dealt from (derived from the run's seed and the
    index, so ``explorer.new(name, players, seed, options)`` deals it again);
``players``, ``options``
    the player count, and every option's value as JSON text;
``seats``
    the bots at the table, seat by seat (``rotate=True`` turns the table by
    one seat each game, so every bot plays from every seat);
``scores``, ``winners``
    each seat's final score, and the winning seats (several if shared);
``length``, ``first``
    how many moves the match took, and the seat that moved first;

then any figures the game declares (``State.figures()``, see
:func:`explorer.analysis.batch.figures`).  The same arguments always give the
same frame, however the games are spread: one by one in this process, over
a local process pool (the default for long runs), or over any
:class:`concurrent.futures.Executor` such as a Dask cluster's
``distributed.Client(...).get_executor()``.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import os
import warnings
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..bots import FallbackWarning, heuristic, parse
from ..core import ExplorerError, Game, game as find_game
from ..core.rng import MAX_SEED
from .batch import COLUMNS, Batch, play_batch, play_game

if TYPE_CHECKING:
    import pandas as pd

#: Runs of at least this many games go to a local process pool unless told otherwise.
PARALLEL_FROM = 200
#: The most games one task carries, so a progress bar moves and a cluster shares the work.
MAX_CHUNK = 25


def split_seats(text: str) -> list[str]:
    """``"random,search(playouts=50, rollout=random)"`` → one bot spec a seat (commas in brackets stay)."""
    seats, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            seats.append(text[start:i].strip())
            start = i + 1
    seats.append(text[start:].strip())
    return seats


def _check(game: Game | str, seats: Sequence[str] | str, games: int, seed: int, options: Mapping[str, Any] | None,
           workers: int | None) -> tuple[Game, tuple[str, ...], dict[str, Any]]:
    if isinstance(game, Game):
        if find_game(game.name) is not game:
            raise ExplorerError(f"simulations play registered games, and this {game.title} is not the one registered.")
    else:
        game = find_game(game)
    if isinstance(seats, str):
        seats = split_seats(seats)
    seats = tuple(seats)
    if not seats or not all(isinstance(s, str) and s.strip() for s in seats):
        raise ExplorerError("seats must be a list of bot names, one a player, such as ['greedy', 'random'].")
    for spec in seats:
        parse(spec)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ExplorerError(f"the number of games must be a whole number from 0, not {games!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ExplorerError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}.")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ExplorerError(f"the number of workers must be a whole number from 1, not {workers!r}.")
    trial = game.new(len(seats), 0, options)  # checks the player count and the options together
    return game, seats, dict(trial.options)


def notes(game: Game, seats: Sequence[str]) -> list[str]:
    """What the run's bots cannot do as asked for this game (a missing greedy strategy)."""
    if heuristic(game) is not None:
        return []
    found = []
    bots = [parse(spec) for spec in seats]
    if any(name == "greedy" for name, _ in bots):
        found.append(f"{game.title} has no greedy strategy, so the greedy bot plays at random.")
    if any(name == "search" and params.get("rollout", "greedy") == "greedy" for name, params in bots):
        found.append(f"{game.title} has no greedy strategy, so the search bot's rollouts are random.")
    return found


def simulate(
    game: Game | str,
    seats: Sequence[str] | str,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    executor: cf.Executor | None = None,
    *,
    workers: int | None = None,
    rotate: bool = False,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Play ``games`` matches of ``game`` between the bots in ``seats``; one row a game.

    ``seats`` names one bot a player (``["search", "greedy", "random"]``;
    parameters in brackets: ``"search(playouts=50)"``).  ``executor`` runs the
    work; without one, a run of :data:`PARALLEL_FROM` games or more uses a
    process pool of ``workers`` processes (default: one a core), and a
    shorter one (or ``workers=1``) plays in this process.  ``progress``
    shows a bar (default: for runs of 100 games or more).
    """
    game, seats, resolved = _check(game, seats, games, seed, options, workers)
    said = notes(game, seats)
    for note in said:
        warnings.warn(note, FallbackWarning, stacklevel=2)
    show = games >= 100 if progress is None else bool(progress)
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc=f"{game.name} {'-'.join(seats)}", unit="game", disable=not show)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FallbackWarning)
            rows = _run(game.name, seats, resolved, seed, games, rotate, executor, workers, bar)
    finally:
        bar.close()
    frame = _frame(rows)
    frame.attrs.update(game=game.name, seats=list(seats), seed=seed, options=resolved, rotate=rotate, notes=said)
    return frame


def _run(name: str, seats: tuple[str, ...], options: dict[str, Any], seed: int, games: int, rotate: bool,
         executor: cf.Executor | None, workers: int | None, bar) -> list[dict[str, Any]]:
    cores = os.cpu_count() or 1
    if executor is None and (workers == 1 or (workers is None and (games < PARALLEL_FROM or cores < 2))):
        rows = []
        for i in range(games):
            rows.append(play_game(name, seats, options, seed, i, rotate))
            bar.update(1)
        return rows
    size = max(1, min(MAX_CHUNK, math.ceil(games / 32)))
    items = tuple(sorted(options.items()))
    batches = [Batch(name, seats, items, seed, tuple(range(start, min(start + size, games))), rotate)
               for start in range(0, games, size)]
    own = None
    if executor is None:
        executor = own = cf.ProcessPoolExecutor(max_workers=workers or cores)
    try:
        futures = {executor.submit(play_batch, batch): batch for batch in batches}
        done: dict[int, list[dict[str, Any]]] = {}
        for future in cf.as_completed(futures):
            batch = futures[future]
            done[batch.indices[0]] = future.result()
            bar.update(len(batch.indices))
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    return [row for start in sorted(done) for row in done[start]]


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    columns = list(COLUMNS)
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    frame = pd.DataFrame.from_records(rows, columns=columns)
    if not rows:
        return frame
    for name in ("game", "seed", "players", "length", "first"):
        frame[name] = frame[name].astype("int64")
    return frame


def to_csv(frame: pd.DataFrame, path) -> None:
    """Write a simulation's frame as CSV; ``seats``, ``scores`` and ``winners`` become JSON lists."""
    out = frame.copy()
    for name in ("seats", "scores", "winners"):
        if name in out:
            out[name] = [json.dumps(list(v)) for v in out[name]]
    out.to_csv(path, index=False)
