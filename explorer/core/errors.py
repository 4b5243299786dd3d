"""The errors the engine raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches any bad
input, and every message is one sentence fit to show a person as it is.  An
error about one field of a record or one argument names it in ``field``
(``"players"``, ``"options.variant"``, ``"moves[12]"``), and a message quotes
what it was given only as a short, escaped :func:`excerpt`.
"""

from __future__ import annotations

#: The most characters of a given value a message quotes.
EXCERPT_CHARS = 24


def excerpt(value: object) -> str:
    """``value`` quoted for a message: short, escaped, safe for a terminal or a page.

    >>> excerpt("Q9"), excerpt("x" * 100), excerpt("\x1b[31m"), excerpt(10 ** 5000)
    ("'Q9'", "'xxxxxxxxxxxxxxxxxxxxxxxx…'", "'\\x1b[31m'", 'a number of 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = len(str(value)) if value.bit_length() < 13_000 else int(value.bit_length() * 0.30103) + 1
        return f"a number of {digits} digits"
    if not isinstance(value, (str, int, float, bool, type(None))):
        return f"a {type(value).__name__}"
    text = value if isinstance(value, str) else str(value)
    if len(text) > EXCERPT_CHARS:
        return repr(text[:EXCERPT_CHARS])[:-1] + "…'"
    return repr(text) if isinstance(value, str) else text


class ExplorerError(ValueError):
    """Base of every error raised for bad input to the engine; ``field`` names what was wrong, if known."""

    def __init__(self, message: str = "", field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ArgumentError(ExplorerError):
    """An argument of a call is not one it takes: a seat that does not exist, a position out of range."""


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
        super().__init__(f"{reason} [{rule}]", None)
        self.reason = reason
        self.rule = rule
        self.move = move


class RecordError(ExplorerError):
    """A game record is malformed, or one of its moves is not legal.

    ``field`` names the offending field (``"moves[12]"``, ``"seed"``...).
    """


class MissingExtra(ExplorerError):
    """A part of the explorer needs packages that are not installed; the message names the extra to install.

    ``extra`` is the extra's name (``"analysis"``), as in ``pip install 'quartet-explorer[analysis]'``.
    """

    def __init__(self, message: str, extra: str) -> None:
        super().__init__(message)
        self.extra = extra
