"""Quartz's moves and their notation.

===================  ================================================================
``explore``          announce that you explore the mine
``protect R6``       announce that you protect your column R6 (Ruby, 6) in your Chest
``continue``         "To work!": reveal one more Mine card
``stop``             "Enough for today!": stop and collect the line
``hire``             discard the Hire-a-Helper card just placed and draw a Helper card
``pass``             play no card now (no attack, no defense, no hire, no Mas Que Beleza!)
``passa``            attack with Passa Isso Aqui... (take the line's last Mine card)
``para``             attack with Para, Para, Para! (end the active player's turn)
``posso``            attack with Posso Ajudar? (draw two Mine cards)
``presente``         attack with Um Presentinho Para Você... (into the line)
``isso R6``          attack with Isso Não Te Pertence Mais...: steal column R6
``isso R6+Q1``       ... or steal two cards (here one R6 and one Q1; ``R6+R6`` two R6)
``semchance``        defend with Sem Chance! (cancel any attack)
``cadaver E3``       defend with Só Por Cima do Meu Cadáver!, stealing an E3 from the
                     attacker (plain ``cadaver`` when the attacker has no card)
``saifora``          defend with Sai Fora! (or, as the attacker, cancel that Sai Fora!)
``beleza R6``        play Mas Que Beleza!: protect column R6 at the end of your turn
``keep R6u25``       after Posso Ajudar?: keep that card, the other goes to the line
``line R6u25``       after Posso Ajudar? with one card drawn: put it in the line
===================  ================================================================

Columns are written as the crystal's letter and value (``R6``); Mine cards by
their full code (see :mod:`explorer.games.quartz.deck`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core import InvalidMove
from .deck import CARD_CODE, COLUMN_CODE, HELPERS


@dataclass(frozen=True, slots=True)
class Explore:
    """Announce: explore the mine this turn."""

    def __str__(self) -> str:
        return "explore"


@dataclass(frozen=True, slots=True)
class Protect:
    """Announce: protect one column of your collection in your Chest (the whole turn)."""

    column: str

    def __str__(self) -> str:
        return f"protect {self.column}"


@dataclass(frozen=True, slots=True)
class Continue:
    """"To work!": reveal one more Mine card."""

    def __str__(self) -> str:
        return "continue"


@dataclass(frozen=True, slots=True)
class Stop:
    """"Enough for today!": stop exploring and collect the line."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Hire:
    """Hire a Helper: discard the Mine card just placed (it shows the icon) and draw a Helper card."""

    def __str__(self) -> str:
        return "hire"


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no card now: decline to attack, to defend, to hire, or to play Mas Que Beleza!"""

    def __str__(self) -> str:
        return "pass"


def columns_of(target: str) -> tuple[str, ...]:
    """The columns a target names: ``"R6+Q1"`` is ``("R6", "Q1")``, ``"R6"`` is ``("R6",)``, ``""`` none."""
    return tuple(target.split("+")) if target else ()


@dataclass(frozen=True, slots=True)
class Play:
    """Play a Helper card.  ``target`` is a column (``"R6"``), two columns (``"R6+Q1"``) or empty,
    as notation writes it; :attr:`columns` names them one by one."""

    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"{self.card} {self.target}" if self.target else self.card

    @property
    def columns(self) -> tuple[str, ...]:
        """The columns the target names: one for a whole column (or one card), two for one card of each."""
        return columns_of(self.target)


@dataclass(frozen=True, slots=True)
class Keep:
    """After Posso Ajudar?: keep this drawn card (the other, if any, goes to the end of the line)."""

    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Line:
    """After Posso Ajudar? with a single card drawn: place it at the end of the line."""

    card: str

    def __str__(self) -> str:
        return f"line {self.card}"


Move = Explore | Protect | Continue | Stop | Hire | Pass | Play | Keep | Line

# Canonical values, made once.
EXPLORE = Explore()
CONTINUE = Continue()
STOP = Stop()
HIRE = Hire()
PASS = Pass()
_SIMPLE: dict[str, Move] = {"explore": EXPLORE, "continue": CONTINUE, "stop": STOP, "hire": HIRE, "pass": PASS}
_CACHE: dict[tuple[str, ...], Move] = {}


# The makers below look a move up before building one: legal moves are listed at every
# step of a playout, and the engine recognises canonical instances by identity first.


def protect(column: str) -> Protect:
    move = _CACHE.get(("protect", column))
    if move is None:
        move = _CACHE[("protect", column)] = Protect(column)
    return move  # type: ignore[return-value]


def play(card: str, target: str = "") -> Play:
    move = _CACHE.get(("play", card, target))
    if move is None:
        move = _CACHE[("play", card, target)] = Play(card, target)
    return move  # type: ignore[return-value]


def keep(card: str) -> Keep:
    move = _CACHE.get(("keep", card))
    if move is None:
        move = _CACHE[("keep", card)] = Keep(card)
    return move  # type: ignore[return-value]


def line(card: str) -> Line:
    move = _CACHE.get(("line", card))
    if move is None:
        move = _CACHE[("line", card)] = Line(card)
    return move  # type: ignore[return-value]


_HINT = ("write explore, protect R6, continue, stop, hire, pass, a Helper card (passa, para, posso, presente, "
         "isso R6, isso R6+Q1, semchance, cadaver E3, saifora, beleza R6), keep R6u25 or line R6u25")


def _bad(text: str, why: str = "") -> InvalidMove:
    return InvalidMove(f"{text[:24]!r} is not a Quartz move{why}; {_HINT}.")


def parse_move(text: str) -> Move:
    """The move ``text`` writes down (see the table in this module's docstring)."""
    if not isinstance(text, str) or len(text) > 40:
        raise _bad(str(text))
    words = text.strip().split()
    if not words:
        raise _bad(text)
    head, args = words[0].lower(), words[1:]
    if head in _SIMPLE:
        if args:
            raise _bad(text, f" ({head} takes nothing after it)")
        return _SIMPLE[head]
    if len(args) > 1:
        raise _bad(text, " (one target at most)")
    arg = args[0] if args else ""
    if head == "protect":
        if not COLUMN_CODE.match(arg):
            raise _bad(text, " (protect needs a column such as R6)")
        return protect(arg)
    if head in ("keep", "line"):
        if not CARD_CODE.match(arg):
            raise _bad(text, f" ({head} needs a Mine card's code such as R6u25)")
        return keep(arg) if head == "keep" else line(arg)
    if head in HELPERS:
        if head == "isso":
            parts = arg.split("+")  # the one place a target is split: the move keeps it as notation
            if not arg or len(parts) > 2 or not all(COLUMN_CODE.match(p) for p in parts):
                raise _bad(text, " (isso needs a column such as R6, or two cards such as R6+Q1)")
            if len(parts) == 2:
                arg = "+".join(sorted(parts, key=column_key))
            return play(head, arg)
        if head == "beleza":
            if not COLUMN_CODE.match(arg):
                raise _bad(text, " (beleza needs the column to protect, such as R6)")
            return play(head, arg)
        if head == "cadaver":
            if arg and not COLUMN_CODE.match(arg):
                raise _bad(text, " (cadaver takes the column of the card to steal, such as E3)")
            return play(head, arg)
        if arg:
            raise _bad(text, f" ({head} takes no target)")
        return play(head)
    raise _bad(text)


@cache  # columns are sorted at almost every step of a game
def column_key(column: str) -> tuple[int, str]:
    """Sort key for columns: by value, then letter (``Q1`` before ``A2`` before ``R6``)."""
    return (int(column[1:]), column[0])
