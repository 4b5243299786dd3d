"""The one source of randomness: a seeded generator every state carries.

Only this module draws random numbers, and only from the state's own
generator, so a game replays bit for bit from its seed and its moves.  The
shuffle is written out here (rather than ``random.shuffle``) so the order a
seed gives is fixed by this file, not by the Python version.
"""

from __future__ import annotations

import base64
import random
import struct
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

MAX_SEED = 2**63 - 1
#: The Mersenne Twister's state: 624 words and the place of the next one.
_WORDS = 624
_PACKED = struct.Struct(f"<{_WORDS + 1}I")
#: How long the text of a generator's state is (:meth:`Rng.to_text`).
STATE_CHARS = len(base64.b64encode(bytes(_PACKED.size)))


class Rng:
    """A seeded random generator with the few draws games need.

    Copies are cheap: a copy shares its parent's generator until either of
    them draws, and the one that draws first makes the generator its own
    (copy on write).  Searches copy states by the thousand and almost none of
    those copies ever draw.
    """

    __slots__ = ("_random", "_shared")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._shared = False

    def _own(self) -> random.Random:
        """The generator, made this copy's own first if another copy may still read it."""
        if self._shared:
            mine = random.Random.__new__(random.Random)  # skips seeding from the OS, which setstate overwrites
            mine.setstate(self._random.getstate())
            self._random = mine
            self._shared = False
        return self._random

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection on ``getrandbits``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        getrandbits = (self._own() if self._shared else self._random).getrandbits
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), drawing exactly as :meth:`below` does."""
        # below() written out inline: dealing is a tenth of a random playout's time.
        getrandbits = (self._own() if self._shared else self._random).getrandbits
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

    def to_text(self) -> str:
        """The generator's full state as text (base64, :data:`STATE_CHARS` characters): :meth:`from_text`
        gives back a generator that draws exactly what this one would."""
        version, words, gauss = self._random.getstate()
        return base64.b64encode(_PACKED.pack(*words)).decode("ascii")

    @classmethod
    def from_text(cls, text: object) -> "Rng":
        """The generator :meth:`to_text` wrote; ``ValueError`` with a sentence if ``text`` is not one."""
        if not isinstance(text, str) or len(text) != STATE_CHARS:
            raise ValueError(f"it must be the {STATE_CHARS} characters of a generator's state")
        try:
            words = _PACKED.unpack(base64.b64decode(text.encode("ascii"), validate=True))
        except (ValueError, UnicodeEncodeError, struct.error):
            raise ValueError("it is not the text of a generator's state") from None
        if words[-1] > _WORDS or not any(words[:-1]):
            raise ValueError("it is not the state of a generator that can draw")
        rng = cls(0)
        rng._random.setstate((3, words, None))
        return rng

    def copy(self) -> "Rng":
        """A generator that draws what this one would; the two share their state until one draws."""
        twin = Rng.__new__(Rng)
        twin._random = self._random
        twin._shared = self._shared = True
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "Rng":
        return self.copy()
