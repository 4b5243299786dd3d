"""The baseline: a bot that picks uniformly among the legal moves."""

from __future__ import annotations

from ..core.game import Move
from .base import Bot
from .observation import Observation


class RandomBot(Bot):
    """Picks a legal move uniformly at random (seeded)."""

    name = "random"

    def choose(self, seen: Observation) -> Move:
        legal = seen.legal
        return legal[0] if len(legal) == 1 else self.rng.choice(legal)
