"""Who sits in each seat: a person at the screen, or a bot that answers for them.

A seat is chosen per player.  ``"you"`` means a person plays that seat by
clicking; any other seat names a bot.  For the explorer a bot is anything
with a ``choose(state) -> move`` method, and a :class:`Seat` says how to make
one from a seed.

The bots come from :mod:`explorer.bots` when that package is there (random,
greedy and a quick search), each made afresh for every decision from a seed
fixed by the match's seed, the seat and the number of moves played: stepping
back and asking again gives the same answer.  Without it, a uniform random
bot stands in.  :func:`register_seat` adds more.

>>> import explorer
>>> state = explorer.new("pet-quartet", players=2, seed=3)
>>> bot = seat("random").make(7)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..core import Rng, State

#: The seat of a person playing at the screen.
HUMAN = "you"


class Bot(Protocol):
    """Anything that picks one of the legal moves for the player to move."""

    def choose(self, state: State) -> Any: ...


@dataclass(frozen=True, slots=True)
class Seat:
    """A kind of seat: its name, how a menu shows it, and how to make its bot (``None``: a person)."""

    name: str
    title: str
    make: Callable[[int], Bot] | None = None

    @property
    def is_bot(self) -> bool:
        return self.make is not None


@dataclass(frozen=True, slots=True)
class RandomBot:
    """Picks uniformly among the legal moves (the stand-in when :mod:`explorer.bots` is missing).

    The choice depends only on the bot's seed and the number of moves played,
    so stepping back and asking again gives the same answer.
    """

    seed: int

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("there is no legal move to choose from: the game is over.")
        return Rng(self.seed * 1_000_003 + state.ply).choice(moves)


_SEATS: dict[str, Seat] = {}
_discovered = False


def register_seat(entry: Seat) -> Seat:
    """Offer ``entry`` in every explorer's seat menu."""
    _SEATS[entry.name] = entry
    return entry


register_seat(Seat(HUMAN, "you"))

#: The bots of :mod:`explorer.bots` offered in seat menus: (spec, title).  Search is
#: kept to a few playouts so that a seat answers within a click's patience.
LIBRARY_SEATS = (("random", "random bot"), ("greedy", "greedy bot"),
                 ("search(playouts=20)", "search bot (20 playouts)"))


@dataclass(frozen=True, slots=True)
class LibraryBot:
    """A bot of :mod:`explorer.bots`, made anew for each decision so the same position gets the same answer."""

    spec: str
    seed: int

    def choose(self, state: State) -> Any:
        from .. import bots

        bot = bots.make(self.spec, seed=bots.derive(self.seed, state.ply))
        return bots.decide(bot, state)


def _discover() -> None:
    """Offer the bots of ``explorer.bots`` once, or the stand-in random bot without that package."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    try:
        bots = importlib.import_module("explorer.bots")
        known = set(bots.names())
    except ImportError:
        register_seat(Seat("random", "random bot", RandomBot))
        return
    for spec, title in LIBRARY_SEATS:
        if spec.split("(")[0] in known:
            register_seat(Seat(spec, title, lambda seed, spec=spec: LibraryBot(spec, seed)))
    if "random" not in _SEATS:
        register_seat(Seat("random", "random bot", RandomBot))


def seats() -> list[Seat]:
    """Every kind of seat, the person first."""
    _discover()
    return list(_SEATS.values())


def seat(name: str) -> Seat:
    """The seat called ``name`` (raises :class:`ValueError` naming the choices)."""
    _discover()
    try:
        return _SEATS[name]
    except KeyError:
        raise ValueError(f"there is no seat {name!r}; the seats are: {', '.join(_SEATS)}.") from None


def bot_seed(game_seed: int, player: int) -> int:
    """The seed of the bot in ``player``'s seat: fixed by the match's seed, different for each seat."""
    return game_seed * 101 + player
