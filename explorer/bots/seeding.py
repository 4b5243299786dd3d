"""Seeds for bots and simulations, derived so that every run is reproducible.

A simulation of many games, or a bot making many decisions, needs many
independent seeds from one.  :func:`derive` hashes a seed with a path of
keys (``derive(7, "game", 12)``), so game 12 of a run gets the same seed
whether the games are played one after another or spread over a cluster.
"""

from __future__ import annotations

import hashlib
import random

from ..core.rng import MAX_SEED


def derive(seed: int, *keys: object) -> int:
    """A seed from 0 to ``MAX_SEED`` fixed by ``seed`` and ``keys`` alone."""
    text = "/".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & MAX_SEED


class BotRng(random.Random):
    """A bot's random generator: :class:`random.Random` plus the draws of :class:`explorer.core.Rng`.

    Strategies receive it as ``rng``; ``rng.choice``, ``rng.random`` and
    ``rng.below(n)`` all work, whichever a strategy's author prefers.
    """

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        return self.randrange(n)

    def seed63(self) -> int:
        """A fresh seed for a determinization or a sub-generator."""
        return self.getrandbits(63)
