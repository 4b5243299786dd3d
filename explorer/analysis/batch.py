"""Playing a batch of bot matches: the part of a simulation that runs on the workers.

A :class:`Batch` is a small picklable description of some of a run's games;
:func:`play_batch` plays them and returns their outcomes column by column
(a dict of lists), the cheapest shape to send back and to turn into a frame.
Nothing here imports pandas, so a worker process starts quickly.  Every
match and every bot is seeded from the run's seed and the game's index
(:func:`explorer.bots.derive`), so a game's outcome does not depend on where,
when or beside which other games it was played.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from typing import Any, Mapping

from ..bots import FallbackWarning, derive, make, play_out
from ..core import ExplorerError, State, game as find_game

#: The columns every simulation has.
COLUMNS = ("game", "seed", "players", "options", "seats", "scores", "winners", "length", "first")
#: The columns a worker sends back; the others follow from the run's arguments alone.
OUTCOMES = ("scores", "winners", "length", "first")
#: What a game's figure is called in a frame: ``State.figures()``'s ``"rounds"`` is the column ``fig_rounds``,
#: so a figure never clashes with a standard column or with an option's column (:func:`~.variants.compare`).
PREFIX = "fig_"


@dataclass(frozen=True, slots=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of a run: the game's name, the seats' bot specs, options and the run's seed."""

    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int
    start: int
    stop: int
    rotate: bool = False


def lineup(seats: tuple[str, ...], index: int, rotate: bool) -> tuple[str, ...]:
    """The bots at the table in game ``index``: the seats as given, or turned by one seat a game."""
    if not rotate:
        return seats
    shift = index % len(seats)
    return seats[shift:] + seats[:shift]


def game_seed(seed: int, index: int) -> int:
    """The deal of game ``index`` in a run seeded ``seed``."""
    return derive(seed, "game", index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` of a run seeded ``seed``."""
    return derive(seed, "bot", index, seat)


def figures(state: State) -> dict[str, int | float]:
    """A finished match's own figures, from ``State.figures()``, checked.

    The hook's contract: called once on a finished match, it returns a dict
    of names (short snake_case identifiers, the same keys in every match of
    that game) to numbers (int or float), e.g. ``{"rounds": 5, "quartets": 3}``.
    A game that declares none returns ``{}`` and adds no columns.
    """
    found = state.figures()
    title = state.game.title
    if not isinstance(found, Mapping):
        raise ExplorerError(f"{title}'s figures() must return a dict of names to numbers.")
    for key, value in found.items():
        if not isinstance(key, str) or not key.isidentifier():
            raise ExplorerError(f"{title}'s figures() uses {key!r}, which is not a column name.")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ExplorerError(f"{title}'s figure {key!r} is {type(value).__name__}, not a number.")
    return dict(found)


def play(game: str, seats: tuple[str, ...], options: Mapping[str, Any], seed: int, index: int,
         rotate: bool = False) -> State:
    """Game ``index`` of a run, played to its end by the run's bots."""
    table = lineup(seats, index, rotate)
    state = find_game(game).new(len(table), game_seed(seed, index), dict(options))
    return play_out(state, [make(spec, bot_seed(seed, index, seat)) for seat, spec in enumerate(table)])


def outcome(state: State) -> dict[str, Any]:
    """What a finished match adds to its row: the :data:`OUTCOMES` columns, then the game's figures
    (each named with :data:`PREFIX`)."""
    result = state.result()
    found: dict[str, Any] = {
        "scores": tuple(s.total for s in result.scores),
        "winners": tuple(result.winners),
        "length": state.ply,
        "first": state.log[0].player if state.ply else None,
    }
    for key, value in figures(state).items():
        found[PREFIX + key] = value
    return found


def play_game(game: str, seats: tuple[str, ...], options: Mapping[str, Any], seed: int, index: int,
              rotate: bool = False) -> dict[str, Any]:
    """Play game ``index`` of a run and return its whole row (the :data:`COLUMNS`, then the ``fig_`` figures)."""
    state = play(game, seats, options, seed, index, rotate)
    row: dict[str, Any] = {
        "game": index,
        "seed": state.seed,
        "players": state.players,
        "options": json.dumps(dict(state.options), sort_keys=True),
        "seats": lineup(seats, index, rotate),
    }
    row.update(outcome(state))
    return row


def play_batch(batch: Batch) -> dict[str, list[Any]]:
    """Play every game of ``batch``; their outcomes as columns, in the batch's order.

    The keys are the :data:`OUTCOMES` columns, then the figures the game
    declares, named ``fig_<figure>`` (the first game's keys; every game must
    declare the same).
    """
    options = dict(batch.options)
    columns: dict[str, list[Any]] = {}
    for index in range(batch.start, batch.stop):
        with warnings.catch_warnings():  # the run says it once, from where it was asked for
            warnings.simplefilter("ignore", FallbackWarning)
            state = play(batch.game, batch.seats, options, batch.seed, index, batch.rotate)
        found = outcome(state)
        if not columns:
            columns = {key: [] for key in found}
        elif found.keys() != columns.keys():
            raise ExplorerError(f"{batch.game}'s figures() gave the columns {sorted(found)} in game {index}, "
                                f"but {sorted(columns)} before: every game must give the same.")
        for key, value in found.items():
            columns[key].append(value)
    return columns
