"""The one source of randomness: a seeded generator every state carries.

Only this module draws random numbers, and only from the state's own
generator, so a game replays bit for bit from its seed and its moves.  The
shuffle is written out here (rather than ``random.shuffle``) so the order a
seed gives is fixed by this file, not by the Python version.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

MAX_SEED = 2**63 - 1


class Rng:
    """A seeded random generator with the few draws games need."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection on ``getrandbits``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        getrandbits = self._random.getrandbits
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), drawing exactly as :meth:`below` does."""
        # below() written out inline: dealing is a tenth of a random playout's time.
        getrandbits = self._random.getrandbits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            bits = n.bit_length()
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def state(self) -> object:
        """The generator's full state, for equality and copies."""
        return self._random.getstate()

    def copy(self) -> "Rng":
        twin = Rng.__new__(Rng)
        # Random.__new__ without __init__: skips seeding from the OS, which setstate overwrites anyway.
        twin._random = random.Random.__new__(random.Random)
        twin._random.setstate(self._random.getstate())
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "Rng":
        return self.copy()
