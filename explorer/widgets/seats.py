"""Who sits in each seat: a person at the screen, or a bot that answers for them.

A seat is chosen per player when a match starts.  ``"you"`` means a person
plays that seat by clicking; any other seat names a bot.  A bot is any
object with a ``choose(state) -> move`` method; a :class:`Seat` says how to
make one from a seed, so a bot seat gives the same answers whenever the same
match is replayed.

More bots plug in without touching the explorer: :func:`register_seat` adds
one, and a package ``explorer.bots``, when it exists, is asked for its bots
through a mapping ``BOTS`` of name to factory (``factory(seed) -> bot``; the
factory's ``title`` attribute, if any, labels it in the seat menu).

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
    """Picks uniformly among the legal moves.

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
register_seat(Seat("random", "random bot", RandomBot))


def _discover() -> None:
    """Add the bots of ``explorer.bots`` once, if that package exists."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    try:
        bots = importlib.import_module("explorer.bots")
    except ImportError:
        return
    for name, factory in dict(getattr(bots, "BOTS", {})).items():
        if name not in _SEATS and callable(factory):
            title = getattr(factory, "title", None) or f"{name} bot"
            register_seat(Seat(str(name), str(title), factory))


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
