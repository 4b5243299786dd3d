"""The public events of a Keistad Kwartet match, written into a setup and read back checked.

A position part-way through a match carries what the table has seen: its
events (see :mod:`.knowledge`), each written as a list, its kind then its
fields in order (``["asked", 0, 1, 9, true]``: Ana asked Bo for card 9 and
got it).  Cards are numbers (0 to 43 the quartet cards, 44 to 47 the bonus
cards), masks of cards are whole numbers with a bit per card, seats and
quartets count from 0.  Reading checks every value's kind and range; the
state then checks that what the events tell agrees with the hands.
"""

from __future__ import annotations

from dataclasses import astuple, fields
from typing import Any

from ...core import RecordError
from ...core.errors import excerpt
from .cards import QUARTETS
from .events import Asked, AskedQuartet, Dealt, Drew, Event, Feasted, LaidDown, Played, Shown, Stormed, Walked

#: Every kind of event by the name a setup gives it.
KINDS: dict[str, type] = {"dealt": Dealt, "asked": Asked, "asked-quartet": AskedQuartet, "drew": Drew,
                          "laid-down": LaidDown, "played": Played, "shown": Shown, "feasted": Feasted,
                          "walked": Walked, "stormed": Stormed}
_NAMES = {kind: name for name, kind in KINDS.items()}
#: The most events a setup may give: no match of the most moves a record holds tells more.
MAX_EVENTS = 60_000
CARDS = 48
_SEATS = ("asker", "target", "player", "host", "walker")


def event_data(event: Event) -> list[Any]:
    """``event`` as a setup writes it: its kind, then its fields (tuples as lists)."""
    return [_NAMES[type(event)], *(list(v) if isinstance(v, tuple) else v for v in astuple(event))]


def read_events(given: Any, players: int) -> list[Event]:
    """``setup.events``, each checked: a list that starts with the deal, of events whose values fit the table."""
    field = "setup.events"
    if not isinstance(given, list) or not 0 < len(given) <= MAX_EVENTS:
        raise RecordError(f"{field} must be a list of the match's public events, the deal first.", field)
    events = [_read_event(data, players, f"{field}[{i}]") for i, data in enumerate(given)]
    if type(events[0]) is not Dealt or any(type(e) is Dealt for e in events[1:]):
        raise RecordError(f"{field} must begin with the deal, and hold one deal only.", field)
    return events


def _read_event(data: Any, players: int, field: str) -> Event:
    kind = KINDS.get(data[0]) if isinstance(data, list) and data and isinstance(data[0], str) else None
    if kind is None:
        raise RecordError(f"{field} must be an event such as [\"drew\", 0], whose kind is one of "
                          f"{', '.join(KINDS)}.", field)
    names = [f.name for f in fields(kind)]
    values = data[1:]
    if len(values) != len(names):
        raise RecordError(f"{field} must give a {data[0]} event its {len(names)} values ({', '.join(names)}).", field)
    read = [_value(name, value, players, field) for name, value in zip(names, values)]
    event: Event = kind(*read)
    if isinstance(event, Feasted) and len(event.guests) != len(event.brought):
        raise RecordError(f"{field} must say what each guest brought.", field)
    return event


def _value(name: str, value: Any, players: int, field: str) -> Any:
    def whole(low: int, high: int, item: Any = value) -> int:
        if type(item) is not int or not low <= item <= high:
            raise RecordError(f"{field} gives {name} {excerpt(item)}; it must be from {low} to {high}.", field)
        return item

    def many(read: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) > players:
            raise RecordError(f"{field} gives {name} as a list of at most {players} values.", field)
        return tuple(read(item) for item in value)

    if name in _SEATS:
        return whole(0, players - 1)
    if name == "holder":
        return None if value is None else whole(0, players - 1)
    if name == "card":
        return whole(0, CARDS - 1)
    if name == "quartet":
        return whole(0, QUARTETS - 1)
    if name in ("cards", "live"):
        return whole(0, (1 << CARDS) - 1)
    if name == "pot":
        return whole(0, CARDS)
    if name == "hit":
        if not isinstance(value, bool):
            raise RecordError(f"{field} gives hit as true or false.", field)
        return value
    if name == "sizes":
        if not isinstance(value, list) or len(value) != players:
            raise RecordError(f"{field} gives the sizes of all {players} hands.", field)
        return tuple(whole(0, CARDS, v) for v in value)
    if name in ("guests", "asked"):
        return many(lambda v: whole(0, players - 1, v))
    assert name == "brought"
    return many(lambda v: whole(0, (1 << CARDS) - 1, v))
