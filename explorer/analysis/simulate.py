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

then one column a figure the game declares (``State.figures()``, see
:func:`explorer.analysis.batch.figures`), named ``fig_`` and the figure's
name: ``fig_rounds``, ``fig_quartets``...  The same arguments always give the
same frame, however the games are spread: one by one in this process, over
a local process pool (the default for long runs) whose workers start by any
of Python's start methods (``fork``, ``forkserver``, ``spawn``), or over any
:class:`concurrent.futures.Executor` such as a Dask cluster's
``distributed.Client(...).get_executor()``.

A worker process finds the games and bots of every installed package through
their entry points (see :mod:`explorer.core.registry`); those registered by
hand in this process (:func:`explorer.core.registry.registered_by_hand`) are
sent along with the work, so they play on every worker too.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import json
import math
import multiprocessing
import os
import warnings
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..bots import FallbackWarning, heuristic, parse, registry as _bots
from ..core import ExplorerError, Game, game as find_game, registry as _games
from ..core.rng import MAX_SEED
from ..extras import require
from .batch import OUTCOMES, Batch, game_seed, lineup, play_batch

if TYPE_CHECKING:
    import pandas as pd

#: Runs of at least this many games go to a local process pool unless told otherwise.
PARALLEL_FROM = 200
#: The most games one task carries, so that a big cluster still gets many tasks.
MAX_CHUNK = 1000
#: Tasks a worker gets at least (when the number of workers is known) ...
TASKS_PER_WORKER = 8
#: ... and tasks a run is cut into at least, as far as it has games.
MIN_TASKS = 32


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
           workers: int | None, start_method: str | None = None) -> tuple[Game, tuple[str, ...], dict[str, Any]]:
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
    methods = multiprocessing.get_all_start_methods()
    if start_method is not None and start_method not in methods:
        raise ExplorerError(f"a process pool starts its workers by {' or '.join(methods)}, not {start_method!r}.")
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
    if any(name == "search" and params.get("rollout", "policy") != "random" for name, params in bots):
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
    start_method: str | None = None,
) -> pd.DataFrame:
    """Play ``games`` matches of ``game`` between the bots in ``seats``; one row a game.

    ``seats`` names one bot a player (``["search", "greedy", "random"]``;
    parameters in brackets: ``"search(playouts=50)"``).  ``executor`` runs the
    work; without one, a run of :data:`PARALLEL_FROM` games or more uses a
    process pool of ``workers`` processes (default: one a core), and a
    shorter one (or ``workers=1``) plays in this process.  ``progress``
    shows a bar (default: for runs of 100 games or more).  ``start_method``
    is how the pool's workers start (``"fork"``, ``"forkserver"`` or
    ``"spawn"``; default: Python's own for the platform); the frame is the same.
    """
    require("analysis", "explorer.analysis.simulate")
    game, seats, resolved = _check(game, seats, games, seed, options, workers, start_method)
    said = notes(game, seats)
    for note in said:
        warnings.warn(note, FallbackWarning, stacklevel=2)
    show = games >= 100 if progress is None else bool(progress)
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc=f"{game.name} {'-'.join(seats)}", unit="game", disable=not show)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FallbackWarning)
            parts = _run(game.name, seats, resolved, seed, games, rotate, executor, workers, bar, start_method)
    finally:
        bar.close()
    frame = _frame(game.name, seats, resolved, seed, games, rotate, parts)
    frame.attrs.update(game=game.name, seats=list(seats), seed=seed, options=resolved, rotate=rotate, notes=said)
    return frame


def _run(name: str, seats: tuple[str, ...], options: dict[str, Any], seed: int, games: int, rotate: bool,
         executor: cf.Executor | None, workers: int | None, bar,
         start_method: str | None = None) -> list[dict[str, list[Any]]]:
    """Play the run in batches; each batch's outcome columns, in the order of the games."""
    cores = os.cpu_count() or 1
    items = tuple(sorted(options.items()))
    local = executor is None and (workers == 1 or (workers is None and (games < PARALLEL_FROM or cores < 2)))
    size = chunk(games, 1 if local else workers or (cores if executor is None else 0))
    batches = [Batch(name, seats, items, seed, start, min(start + size, games), rotate)
               for start in range(0, games, size)]
    if local:
        parts = []
        for batch in batches:
            parts.append(play_batch(batch))
            bar.update(batch.stop - batch.start)
        return parts
    pool = executor or _pool(workers or cores, start_method)
    task = _task()
    futures = {pool.submit(task, batch): batch for batch in batches}
    done: dict[int, dict[str, list[Any]]] = {}
    try:
        for future in cf.as_completed(futures):
            batch = futures[future]
            done[batch.start] = future.result()
            bar.update(batch.stop - batch.start)
    except BaseException:
        for future in futures:
            future.cancel()
        if executor is None:
            _drop_pool()  # a worker may have died, or still be busy with games nobody wants now
        raise
    return [done[start] for start in sorted(done)]


def chunk(games: int, workers: int) -> int:
    """Games a task: few tasks, so that sending them costs nothing beside playing them, yet enough
    (:data:`TASKS_PER_WORKER` a worker, at least :data:`MIN_TASKS`) that the workers finish together
    and a progress bar moves.  ``workers`` is 0 when unknown (a cluster's executor)."""
    tasks = max(MIN_TASKS, TASKS_PER_WORKER * workers)
    return max(1, min(MAX_CHUNK, math.ceil(games / tasks)))


def _task():
    """What a worker runs on a batch: :func:`play_batch`, after registering the games and bots that this
    process registered by hand (a fresh worker knows only those that entry points declare)."""
    games, bots = tuple(_games.registered_by_hand()), tuple(_bots.registered_by_hand())
    if not games and not bots:
        return play_batch
    return functools.partial(play_registered, games, bots)


def play_registered(games: tuple[Game, ...], bots: tuple[type, ...], batch: Batch) -> dict[str, list[Any]]:
    """Register ``games`` and ``bots`` in this (worker) process, then play ``batch``."""
    for g in games:
        _games.register(g)
    for cls in bots:
        _bots.register(cls)
    return play_batch(batch)


_POOL: tuple[tuple[Any, ...], cf.ProcessPoolExecutor] | None = None


def _pool(workers: int, start_method: str | None = None) -> cf.ProcessPoolExecutor:
    """The local process pool, started once and kept for the next run with the same workers and start method.

    A pool started before another game or bot was registered is replaced:
    forked workers are copies of this process as it was when they started.
    """
    global _POOL
    from ..bots import names as bot_names
    from ..core import games as all_games

    key = (workers, start_method, tuple(g.name for g in all_games()), tuple(bot_names()))
    if _POOL is not None and _POOL[0] == key:
        return _POOL[1]
    _drop_pool()
    context = multiprocessing.get_context(start_method)
    pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=context)
    if _POOL is None and not _CLOSED_AT_EXIT:
        _close_at_exit()
    _POOL = (key, pool)
    return pool


_CLOSED_AT_EXIT = False


def _close_at_exit() -> None:
    # Let go of the pool while Python is still whole: collected during the interpreter's
    # teardown, the pool's manager thread complains about modules already gone.
    global _CLOSED_AT_EXIT
    import atexit

    atexit.register(_drop_pool)
    _CLOSED_AT_EXIT = True


def _drop_pool() -> None:
    global _POOL
    if _POOL is not None:
        _POOL[1].shutdown(wait=False, cancel_futures=True)
        _POOL = None


def _frame(name: str, seats: tuple[str, ...], options: dict[str, Any], seed: int, games: int, rotate: bool,
           parts: list[dict[str, list[Any]]]) -> pd.DataFrame:
    """The run's frame, column by column: what the workers sent back, and what follows from the arguments."""
    import numpy as np
    import pandas as pd

    columns: dict[str, Any] = {
        "game": np.arange(games, dtype="int64"),
        "seed": np.array([game_seed(seed, i) for i in range(games)], dtype="int64"),
        "players": np.full(games, len(seats), dtype="int64"),
        "options": [json.dumps(options, sort_keys=True)] * games,
        "seats": [lineup(seats, i, rotate) for i in range(games)] if rotate else [seats] * games,
    }
    keys = list(parts[0]) if parts else list(OUTCOMES)
    for key in keys:
        values = [v for part in parts for v in part[key]]
        if key in ("scores", "winners"):
            array = np.empty(games, dtype=object)
            array[:] = values
            columns[key] = array
        elif key in ("length", "first"):
            columns[key] = np.array(values, dtype="int64")
        else:
            columns[key] = values
    return pd.DataFrame(columns)


def to_csv(frame: pd.DataFrame, path) -> None:
    """Write a simulation's frame as CSV; ``seats``, ``scores`` and ``winners`` become JSON lists."""
    out = frame.copy()
    for name in ("seats", "scores", "winners"):
        if name in out:
            out[name] = [json.dumps(list(v)) for v in out[name]]
    out.to_csv(path, index=False)
