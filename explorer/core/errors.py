"""The errors the engine raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches any bad
input, and every message is one sentence fit to show a person as it is.
"""

from __future__ import annotations


class ExplorerError(ValueError):
    """Base of every error raised for bad input to the engine."""


class UnknownGame(ExplorerError):
    """No game of that name is registered."""


class OptionError(ExplorerError):
    """A game option (or the player count) is not one the game allows."""


class InvalidMove(ExplorerError):
    """A move's text notation cannot be read at all (``"Q9"`` in Pet Quartet)."""


class IllegalMove(ExplorerError):
    """A well-formed move that the rules forbid in this position.

    ``reason`` is a sentence for a person and ``rule`` the stable id of the
    rule that forbids it (see :mod:`explorer.core.rules`).  The state the
    move was tried on is left exactly as it was.
    """

    def __init__(self, reason: str, rule: str, move: object = None) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule
        self.move = move


class RecordError(ExplorerError):
    """A game record is malformed, or one of its moves is not legal.

    ``field`` names the offending field (``"moves[12]"``, ``"seed"``...).
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class MissingExtra(ExplorerError):
    """A part of the explorer needs packages that are not installed; the message names the extra to install.

    ``extra`` is the extra's name (``"analysis"``), as in ``pip install 'quartet-explorer[analysis]'``.
    """

    def __init__(self, message: str, extra: str) -> None:
        super().__init__(message)
        self.extra = extra
