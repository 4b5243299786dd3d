"""Reading the fields of a setup that lays out a game part-way: each value checked, each error naming its field.

A setup (a record's ``setup``) lays out a starting position.  Every game reads
its own fields; a position part-way through a game (:meth:`State.as_setup`)
adds numbers, flags and seats (the round, who is out, whose turn it is) that
every game reads alike, with these helpers.  Each refuses a value of the wrong
kind or out of range with a :class:`RecordError` whose ``field`` is
``setup.<name>``, in one sentence.
"""

from __future__ import annotations

from typing import Any, Collection, Literal, Mapping, overload

from .errors import RecordError, excerpt

#: The field of a setup that holds the generator's state (see :meth:`Rng.to_text`).
RNG_FIELD = "rng"


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(setup: Mapping[str, Any], name: str, low: int, high: int, default: int) -> int:
    """``setup[name]``, a whole number from ``low`` to ``high`` (``default`` if it is left out)."""
    if name not in setup:
        return default
    value = setup[name]
    if not _is_whole(value) or not low <= value <= high:
        raise RecordError(f"setup.{name} must be a whole number from {low} to {high}, not {excerpt(value)}.",
                          f"setup.{name}")
    return int(value)


def flag(setup: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """``setup[name]``, true or false (``default`` if it is left out)."""
    if name not in setup:
        return default
    value = setup[name]
    if not isinstance(value, bool):
        raise RecordError(f"setup.{name} must be true or false, not {excerpt(value)}.", f"setup.{name}")
    return value


@overload
def seat(setup: Mapping[str, Any], name: str, players: int, default: int, *, none: Literal[False] = False
         ) -> int: ...
@overload
def seat(setup: Mapping[str, Any], name: str, players: int, default: int | None, *, none: bool = False
         ) -> int | None: ...
def seat(setup: Mapping[str, Any], name: str, players: int, default: int | None, *, none: bool = False
         ) -> int | None:
    """``setup[name]``, a seat from 0 (or ``null`` where ``none`` allows it; ``default`` if it is left out)."""
    if name not in setup:
        return default
    value = setup[name]
    if value is None and none:
        return None
    if not _is_whole(value) or not 0 <= value < players:
        nothing = ", or null" if none else ""
        raise RecordError(f"setup.{name} must be a seat from 0 to {players - 1}{nothing}, not {excerpt(value)}.",
                          f"setup.{name}")
    return int(value)


def flags(setup: Mapping[str, Any], name: str, count: int) -> list[bool]:
    """``setup[name]``, a list of ``count`` trues and falses (all false if it is left out)."""
    if name not in setup:
        return [False] * count
    value = setup[name]
    if not isinstance(value, list) or len(value) != count or not all(isinstance(v, bool) for v in value):
        raise RecordError(f"setup.{name} must be a list of {count} trues and falses.", f"setup.{name}")
    return list(value)


def seats(setup: Mapping[str, Any], name: str, players: int, most: int) -> list[int]:
    """``setup[name]``, a list of at most ``most`` different seats (empty if it is left out)."""
    value = setup.get(name, [])
    if (not isinstance(value, list) or len(value) > most or len(set(map(repr, value))) != len(value)
            or not all(_is_whole(v) and 0 <= v < players for v in value)):
        raise RecordError(f"setup.{name} must be a list of different seats from 0 to {players - 1}.",
                          f"setup.{name}")
    return list(value)


def one_of(setup: Mapping[str, Any], name: str, choices: Collection[Any], default: Any) -> Any:
    """``setup[name]``, one of ``choices`` (``default`` if it is left out)."""
    if name not in setup:
        return default
    value = setup[name]
    if not any(value == c and type(value) is type(c) for c in choices):
        listed = ", ".join(str(c) for c in choices)
        raise RecordError(f"setup.{name} must be one of {listed}; not {excerpt(value)}.", f"setup.{name}")
    return value


def unknown_field(setup: Mapping[str, Any], known: Collection[str]) -> None:
    """Refuse a setup with a field the game does not read (a misspelt field is an error, not ignored)."""
    unknown = sorted(k for k in setup if k not in known)
    if unknown:
        raise RecordError(f"the setup has an unknown field {excerpt(unknown[0])}.", "setup")
