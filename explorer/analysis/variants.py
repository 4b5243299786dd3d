"""What an option changes: the same games played under each of its values, and the figures side by side.

>>> from explorer.analysis.variants import compare, variant_table
>>> frame = compare("pet-quartet", "scoring", ["greedy", "random"], games=10, seed=1)
>>> table = variant_table(frame, "scoring", bot="greedy")
>>> list(table.index)
['standard', 'advanced']

:func:`compare` runs one simulation per value of an option, with the same
seats, seed and other options, so the deals are the same from value to value
and only the rule differs.  :func:`variant_table` reads, for each value, the
figures a variant question turns on: how often a given bot wins (a game where
skill pays gives the better bot a larger share), how often the player who
moved first wins, how long a game lasts and how often a victory is shared.
:func:`verdict` turns two values' rates into a sentence that says only what
the intervals support.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..core import ExplorerError, game as find_game
from ..core.words import count
from .batch import PREFIX
from .simulate import simulate
from .stats import wilson, win_rates

if TYPE_CHECKING:
    import pandas as pd


def compare(game: str, option: str, seats: Sequence[str] | str, values: Iterable[Any] | None = None,
            games: int = 200, seed: int = 0, options: Mapping[str, Any] | None = None,
            **kwargs: Any) -> pd.DataFrame:
    """One :func:`~explorer.analysis.simulate` run per value of ``option`` (default: every value), stacked.

    The frame has the usual columns plus one named after the option.  Every
    run has the same seats, seed and other ``options`` (``rotate=True`` unless
    told otherwise), so game ``i`` is dealt from the same seed under each value.
    """
    import pandas as pd

    declared = find_game(game).options
    if option not in declared:
        raise ExplorerError(f"{find_game(game).title} has no option {option!r}; its options: {', '.join(declared)}.")
    values = list(declared[option].choices if values is None else values)
    kwargs.setdefault("rotate", True)
    frames = []
    for value in values:
        frame = simulate(game, seats, games=games, seed=seed, options={**(options or {}), option: value}, **kwargs)
        frames.append(frame.assign(**{option: [value] * len(frame)}))
    stacked = pd.concat(frames, ignore_index=True)
    stacked.attrs.update(frames[0].attrs, options={**frames[0].attrs["options"], option: values})
    return stacked


def rate(frame: pd.DataFrame, by: str, key: Any) -> tuple[float, float, float, int]:
    """The share of victories of ``key`` grouped ``by`` bot or order: (rate, low, high, seat-games)."""
    table = win_rates(frame, by=by)
    if key not in table.index:
        return (float("nan"), 0.0, 1.0, 0)
    row = table.loc[key]
    return float(row["rate"]), float(row["low"]), float(row["high"]), int(row["seats"])


def variant_table(frame: pd.DataFrame, option: str, bot: str | None = None) -> pd.DataFrame:
    """The figures of each value of ``option`` in a :func:`compare` frame, one row a value.

    Columns: ``games``; ``bot_rate``, ``bot_low``, ``bot_high`` (``bot``'s
    share of victories with its 95% interval; left out without ``bot``);
    ``first_rate``, ``first_low``, ``first_high`` (the share of the player
    who moved first); ``even`` (every seat's share if all were equal);
    ``length`` (mean moves a game); ``shared_rate``, ``shared_low``,
    ``shared_high`` (the share of games with a shared victory); then the mean of each figure the game declares
    (its ``fig_`` column, named alike).
    """
    import pandas as pd

    extra = [c for c in frame.columns if c.startswith(PREFIX) and pd.api.types.is_numeric_dtype(frame[c])]
    rows = {}
    for value, part in frame.groupby(option, sort=False):
        row: dict[str, Any] = {"games": len(part)}
        if bot is not None:
            row["bot_rate"], row["bot_low"], row["bot_high"], _ = rate(part, "bot", bot)
        row["first_rate"], row["first_low"], row["first_high"], _ = rate(part, "order", 0)
        row["even"] = float((1 / part["players"]).mean())
        row["length"] = float(part["length"].mean())
        shared = int(sum(len(w) > 1 for w in part["winners"]))
        row["shared_rate"] = shared / len(part)
        row["shared_low"], row["shared_high"] = wilson(shared, len(part))
        for column in extra:
            row[column] = float(part[column].mean())
        rows[value] = row
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = option
    return table


def verdict(table: pd.DataFrame, prefix: str, what: str) -> str:
    """One sentence on the rate ``prefix`` (columns ``<prefix>_rate``, ``_low``, ``_high``) across ``table``'s rows.

    It calls one value's rate higher only where the 95% intervals do not
    overlap, and otherwise says the games played cannot tell the values apart.
    """
    def show(key: Any) -> str:
        r = table.loc[key]
        return f"{r[f'{prefix}_rate']:.0%} [{r[f'{prefix}_low']:.0%}, {r[f'{prefix}_high']:.0%}]"

    ordered = table.sort_values(f"{prefix}_rate", ascending=False)
    top, bottom = ordered.index[0], ordered.index[-1]
    option, games = table.index.name, int(table["games"].min())
    played = count(games, "game")
    if ordered.loc[top, f"{prefix}_low"] > ordered.loc[bottom, f"{prefix}_high"]:
        return (f"{what} is clearly higher with {option} set to {top}, {show(top)}, than set to {bottom}, "
                f"{show(bottom)}: the 95% intervals do not overlap ({played} with each value).")
    return (f"After {played} with each value, the values cannot be told apart: {what} goes from "
            f"{show(bottom)} ({option} set to {bottom}) to {show(top)} ({option} set to {top}), "
            "and the 95% intervals overlap.")


def first_mover(frame: pd.DataFrame) -> str:
    """One sentence on the first player's share of victories against the even share, from the interval."""
    value, low, high, seats = rate(frame, "order", 0)
    even = float((1 / frame["players"]).mean())
    measured = f"{value:.0%} [{low:.0%}, {high:.0%}] over {seats} games, against an even share of {even:.0%}"
    if low > even:
        return f"Moving first helps: the first player wins {measured}."
    if high < even:
        return f"Moving first is a handicap: the first player wins {measured}."
    return f"No first-player advantage shows: the first player wins {measured}, an interval that holds the even share."
