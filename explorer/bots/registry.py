"""The bots by name, made from short text: ``"greedy"``, ``"search(playouts=400)"``.

The text form lets a command line, a URL or a dropdown name a bot with its
parameters; :func:`make` reads it, checks every parameter against the bot's
constructor, and raises :class:`~explorer.ExplorerError` with one sentence
when something is wrong.

Bots are declared in the ``explorer.bots`` entry-point group, the explorer's
own three included (in its ``pyproject.toml``), so another installed package
can add one and every process, a simulation's workers included, finds it::

    [project.entry-points."explorer.bots"]
    cautious = "my_package.bots:CautiousBot"

A bot class given to :func:`register` by hand is known to this process only;
:func:`registered_by_hand` lists those, and a simulation sends them along to
its workers.
"""

from __future__ import annotations

import inspect
import re
import warnings
from functools import cache, lru_cache
from typing import Any

from ..core import ExplorerError
from ..core.registry import PluginWarning, declared, load_entry_point
from .base import Bot
from .greedy import GreedyBot
from .search import SearchBot
from .uniform import RandomBot

#: The entry-point group bots are declared in.
GROUP = "explorer.bots"

_BOTS: dict[str, type[Bot]] = {}
_DECLARED: dict[str, type[Bot]] = {}  # the bots that came from entry points
_loaded = False

_SPEC = re.compile(r"^\s*([a-z][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)
_PARAM = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*=\s*([^=]+?)\s*$", re.IGNORECASE)


def register(cls: type[Bot]) -> type[Bot]:
    """Offer a bot class under its ``name`` (usable as a class decorator)."""
    _BOTS[cls.name] = cls
    return cls


# The explorer's own, in this order whatever the metadata's (their entry points name the same classes).
for _cls in (RandomBot, GreedyBot, SearchBot):
    _DECLARED[_cls.name] = register(_cls)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in declared(GROUP):
        cls = load_entry_point(entry, GROUP)
        if cls is None:
            continue
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            warnings.warn(f"the {GROUP} entry point {entry.name!r} names {cls!r}, not a Bot class.",
                          PluginWarning, stacklevel=2)
        elif _DECLARED.get(cls.name, cls) is not cls:
            warnings.warn(f"the {GROUP} entry point {entry.name!r} ({entry.value}) is called {cls.name!r}, "
                          "like a bot already declared; it is left out.", PluginWarning, stacklevel=2)
        else:
            _DECLARED[cls.name] = register(cls)


def names() -> list[str]:
    """The names of every bot: the explorer's own, weakest first (random, greedy, search), then the others."""
    _load()
    return list(_BOTS)


def registered_by_hand() -> list[type[Bot]]:
    """The bot classes given to :func:`register` in this process that no entry point declares."""
    _load()
    return [cls for name, cls in _BOTS.items() if _DECLARED.get(name) is not cls]


def describe(name: str) -> str:
    """One line on what the bot called ``name`` does."""
    return (_bot_class(name).__doc__ or name).strip().splitlines()[0]


def _bot_class(name: str) -> type[Bot]:
    _load()
    try:
        return _BOTS[name.strip().lower()]
    except KeyError:
        raise ExplorerError(f"there is no bot called {name[:40]!r}; the bots are: {', '.join(_BOTS)}.") from None


def parameters(name: str) -> dict[str, Any]:
    """A bot's parameters and their defaults: ``parameters("search")["rollout"] == "policy"``.

    A default of None is one the game decides (the search's ``playouts``, ``horizon`` and ``confidence``).
    """
    return dict(_parameters(_bot_class(name)))  # type: ignore[arg-type]  # a class is hashable; mypy checks its instances' __hash__


@cache
def _parameters(cls: type[Bot]) -> tuple[tuple[str, Any], ...]:
    signature = inspect.signature(cls.__init__)
    return tuple((p.name, p.default) for p in list(signature.parameters.values())[2:])


@cache
def _kinds(cls: type[Bot]) -> dict[str, type]:
    """The type each parameter's text is read as: its default's, or for a default of None (left to the game)
    its annotation's (``float | None`` reads a number, else a whole number)."""
    signature = inspect.signature(cls.__init__)
    return {p.name: type(p.default) if p.default is not None else float if str(p.annotation).startswith("float")
            else int for p in list(signature.parameters.values())[2:]}


def parse(spec: str) -> tuple[str, dict[str, Any]]:
    """Read ``"search(playouts=400, rollout=random)"`` into a name and checked parameters."""
    if not isinstance(spec, str):
        raise ExplorerError(f"a bot is named by text such as 'greedy', not {spec!r}.")
    _load()
    name, params = _parse(spec, tuple(_BOTS.items()))
    return name, dict(params)


@lru_cache(maxsize=512)
def _parse(spec: str, bots: tuple[tuple[str, type[Bot]], ...]) -> tuple[str, tuple[tuple[str, Any], ...]]:
    # Cached because a simulation makes every seat's bot anew for each game;
    # ``bots`` is part of the key so that registering a bot is seen at once.
    match = _SPEC.match(spec)
    if match is None:
        raise ExplorerError(f"{spec[:40]!r} does not name a bot; write a name such as 'search' or 'search(playouts=400)'.")
    name, inside = match.group(1).lower(), match.group(2)
    defaults = parameters(name)
    params: dict[str, Any] = {}
    for item in filter(str.strip, (inside or "").split(",")):
        pm = _PARAM.match(item)
        if pm is None:
            raise ExplorerError(f"bot parameters are written key=value, not {item.strip()[:30]!r}.")
        key, text = pm.group(1), pm.group(2)
        if key not in defaults:
            known = ", ".join(defaults) or "none"
            raise ExplorerError(f"the {name} bot has no parameter {key!r}; its parameters: {known}.")
        params[key] = _convert(name, key, text, _kinds(_bot_class(name))[key])  # type: ignore[arg-type]  # as in parameters()
    return name, tuple(params.items())


def _convert(name: str, key: str, text: str, kind: type) -> Any:
    try:
        if kind is bool:
            if text.lower() not in ("true", "false"):
                raise ValueError
            return text.lower() == "true"
        return kind(text) if kind in (int, float) else text
    except ValueError:
        what = {int: "whole number", float: "number", bool: "true or false"}.get(kind, kind.__name__)
        raise ExplorerError(f"the {name} bot's {key!r} must be a {what}, not {text!r}.") from None


def make(spec: str, seed: int = 0, **params: Any) -> Bot:
    """A new bot from its name (and parameters, in the text or as keywords), seeded with ``seed``."""
    name, given = parse(spec)
    given.update(params)
    unknown = set(given) - set(parameters(name))
    if unknown:
        raise ExplorerError(f"the {name} bot has no parameter {sorted(unknown)[0]!r}.")
    return _bot_class(name)(seed, **given)
