"""A list's first items, read in place: how positions along a match share what the match appends to.

A match only ever appends to its list of moves, its log and its log of public
events.  Positions kept along a match (a timeline's) need not copy those
lists: position ``k`` reads the first items of the lists the last position
goes on appending to.  A :class:`Prefix` is such a read-only window; a copy
of a state holding one gets a real list again (:meth:`State.copy`), so the
copy plays on like any other.

>>> moves = ["D", "P1", "D"]
>>> first = Prefix(moves, 2)
>>> list(first), first[-1], first == ["D", "P1"], len(first)
(['D', 'P1'], 'P1', True, 2)
>>> moves.append("P2"); list(first)
['D', 'P1']
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence


class Prefix(Sequence):
    """The first ``length`` items of ``items``, a list that later items are only ever appended to."""

    __slots__ = ("_items", "_length")

    def __init__(self, items: list, length: int) -> None:
        self._items = items
        self._length = length

    @property
    def items(self) -> list:
        """The list this prefix reads."""
        return self._items

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return self._items[: self._length][index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("prefix index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator:
        items = self._items
        return (items[i] for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, Prefix)):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> list:
        """A real list of the same items, to play on."""
        return self._items[: self._length]

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> list:
        return self.copy()

    def __repr__(self) -> str:
        return f"Prefix({self.copy()!r})"
