"""Moves tell what they did as events; a game's narrator writes the events out in English.

A game's ``_apply`` changes the position and returns small typed values,
one for each thing that happened: a card drawn, a Conductor taken, a round
ended (frozen dataclasses the game declares in its ``events`` module).  The
log keeps them (:attr:`Entry.events <explorer.core.game.Entry.events>`), so
a widget or a figure can ask what happened without reading sentences, as in
boardgame.io, where the log is the state.  The words are written from the
events only, by the game's :class:`Narrator` (its ``narration`` module),
and only when someone reads them: random playouts play thousands of moves
that nobody reads.

A narrator knows the players' names and nothing else of the match: what a
sentence says must be in its events.  It also says which events are the
moments a summary calls out (:class:`Moment`: a round's end, a scoring, an
accident), so that a page can mark them without reading sentences or rule ids.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Any, Callable, ClassVar, Sequence, TypeVar

T = TypeVar("T")


@typing.dataclass_transform(frozen_default=True)
def event(cls: type[T]) -> type[T]:
    """Make ``cls`` an event: a frozen dataclass with slots, built at half the usual cost.

    It is every bit a frozen dataclass (its fields, equality, hash, repr and
    :func:`dataclasses.replace`; assigning to a field raises
    :class:`dataclasses.FrozenInstanceError`).  Only its ``__init__`` differs:
    a frozen dataclass's sets each field through ``object.__setattr__``,
    found anew on each call; this one sets them through the slots
    themselves, which halves the cost of an event, made on almost every move.
    """
    made: Any = dataclasses.dataclass(frozen=True, slots=True)(cls)
    fields = dataclasses.fields(made)
    space: dict[str, Any] = {}
    params, lines = [], []
    for f in fields:
        space[f"_set_{f.name}"] = made.__dict__[f.name].__set__
        if f.default is not dataclasses.MISSING:
            space[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        lines.append(f"    _set_{f.name}(self, {f.name})\n")
    exec(f"def __init__(self, {', '.join(params)}):\n" + ("".join(lines) or "    pass\n"), space)
    init = space["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    result: type[T] = made
    return result


class Moment(enum.StrEnum):
    """A turning point of a game that a summary of moves calls out, named the same in every game.

    Its value is the words a page shows beside the move; the order of the
    members is the order they are shown in.
    """

    ROUND_END = "round end"  #: a round (or the scoring of one) is over
    SCORING = "scoring"  #: points are won: a quartet laid down, tokens taken, a line banked
    ACCIDENT = "accident"  #: a turn's gains were lost at a stroke
    END_TRIGGERED = "end triggered"  #: the end of the game is set off: it comes within a few moves
    FINAL_TURNS = "final turns"  #: each player has a last turn
    OUT = "out of the game"  #: a player left the game
    GAME_END = "game over"  #: the game ended


_MOMENTS = tuple(Moment)


class Narrator:
    """Writes a move's events as the sentences of its log entry, for one table of names.

    A game subclasses it once: ``sentences`` maps each of its event types to
    the name of the method that says it (``None``: the event says nothing
    aloud).  The default :meth:`__call__` joins what its events say, with
    spaces; a game may write a move's events out some other way.  A match
    makes its narrator when it is dealt, so making one costs only storing
    the names: the methods are looked up once, for the class.
    """

    #: What each kind of event says: the name of the narrator's method that writes one (it takes the event).
    sentences: ClassVar[dict[type, str | None]] = {}
    #: ``sentences`` with the methods themselves, made once for each subclass.
    _say: ClassVar[dict[type, Callable[[Any, Any], str] | None]] = {}
    #: The kinds of event that are a :class:`Moment` to call out: the moment, or the name of the narrator's
    #: method that tells it for one event (or ``None``, when that event is not one).  Other kinds are none.
    moments: ClassVar[dict[type, Moment | str]] = {}

    __slots__ = ("names",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._say = {kind: None if method is None else getattr(cls, method) for kind, method in cls.sentences.items()}

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def __call__(self, events: Sequence[Any]) -> str:
        """What the events of one move say, as a sentence or a few."""
        say = self._say
        return " ".join(said(self, event) for event in events if (said := say[event.__class__]) is not None)

    def say(self, event: Any) -> str:
        """What one event says ("" for an event that says nothing aloud)."""
        said = self._say[event.__class__]
        return "" if said is None else said(self, event)

    def moments_of(self, events: Sequence[Any]) -> list[Moment]:
        """The moments a move's events make, each once, in :class:`Moment`'s order."""
        found: set[Moment] = set()
        moments = self.moments
        for event in events:
            told = moments.get(event.__class__)
            moment = told if told is None or isinstance(told, Moment) else getattr(self, told)(event)
            if moment is not None:
                found.add(moment)
        return [m for m in _MOMENTS if m in found]

    # A narrator is a value: two of the same game and names write the same sentences.
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.names == self.names

    def __hash__(self) -> int:
        return hash((type(self), self.names))

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its entries: rebuilt from the names
        return type(self), (self.names,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.names!r})"
