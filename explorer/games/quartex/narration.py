"""Quartex's moves in English, written from their events (:mod:`~explorer.games.quartex.events`) alone.

A tile is named by the number the table prints on it, and a tile laid by the
symbols it shows, row by row, as a player sees them on the board (the
orientation's name, ``b0``, is for the notation only).

>>> from .events import DrewUp
>>> QuartexNarrator(("Ana", "Bo"))((DrewUp(1, 1, True),))
'Bo draws 1 tile, the last in the bag.'
>>> lay_words(code((1, 0, 3, 3))), lay_words(code((0, 0, 2, 2)))
('top blue star and purple X, bottom 2 yellow circles', 'top 2 purple Xs, bottom 2 red diamonds')
"""

from __future__ import annotations

from typing import Iterable

from ...core.events import Moment, Narrator
from ...core.words import article, count, names_list
from .events import (
    BackInBag, DrewUp, Eliminated, GameEnded, MayPoint, NobodyPointed, Placed, PointedNothing, PointedOut, Redrew,
    Showed, StockOut, TookTokens,
)
from .tiles import CANONICAL, COLOURS, CORNERS, SHAPES, TILE_OF, code


def shape(colour: int) -> str:
    """``"blue star"``: a colour and its symbol, as narration says it."""
    return f"{COLOURS[colour]} {SHAPES[colour]}"


def tiles_list(ids: Iterable[int]) -> str:
    """``"3, 12, 40"``: tiles by number, lowest first."""
    return ", ".join(str(t) for t in sorted(ids))


def _pair(left: int, right: int) -> str:
    return count(2, shape(left)) if left == right else f"{shape(left)} and {shape(right)}"


def lay_words(value: int) -> str:
    """A tile's corners (packed, :func:`~.tiles.code`) in words, each row left to right, as the board shows them:
    ``"top blue star and purple X, bottom 2 yellow circles"``."""
    nw, ne, se, sw = CORNERS[value]
    return f"top {_pair(nw, ne)}, bottom {_pair(sw, se)}"


#: The eight orientations in words, ``a0`` to ``b3``: the tile's face, and its quarter turns clockwise.
ORIENTATION_WORDS = tuple(f"{face}{turns}" for face in ("face up", "turned over")
                          for turns in ("", ", ¼ turn", ", ½ turn", ", ¾ turn"))

#: Packed corners -> ``"tile 12 (top blue star and purple X, bottom 2 yellow circles)"``, as narration names
#: a tile laid so; ``"turned over: "`` leads the symbols when only the tile's other face shows them.
_AS = tuple(f"tile {TILE_OF[v]} ({'turned over: ' if CANONICAL[v] >= 4 else ''}{lay_words(v)})"
            for v in range(256))


class QuartexNarrator(Narrator):
    """Quartex's sentences: one for each kind of event."""

    __slots__ = ()
    sentences = {
        PointedOut: "pointed_out", PointedNothing: "pointed_nothing", MayPoint: "may_point",
        NobodyPointed: "nobody_pointed", Placed: "placed", TookTokens: "took_tokens", StockOut: "stock_out",
        BackInBag: "back_in_bag", DrewUp: "drew_up", Showed: "showed", Redrew: "redrew", Eliminated: "eliminated",
        GameEnded: "game_ended",
    }
    moments = {TookTokens: Moment.SCORING, Eliminated: Moment.OUT, GameEnded: Moment.GAME_END}

    def pointed_out(self, e: PointedOut) -> str:
        return f"{self.names[e.pointer]} points out that tile {e.tile} fits:"

    def pointed_nothing(self, e: PointedNothing) -> str:
        return f"{self.names[e.pointer]} points out nothing."

    def may_point(self, e: MayPoint) -> str:
        return f"{self.names[e.player]} may point out a placement or pass."

    def nobody_pointed(self, e: NobodyPointed) -> str:
        return "Nobody points out a placement."

    def placed(self, e: Placed) -> str:
        text = f"{self.names[e.player]} places {_AS[e.value]} on {e.x},{e.y}"
        if e.first:
            text += ", the first tile on the table"
        if not e.completed:
            return text + "."
        what = names_list([article(shape(c)) for c in e.completed])
        n = len(e.completed)
        return text + (f", completing {what}." if n == 1 else f", completing {n} shapes: {what}.")

    def took_tokens(self, e: TookTokens) -> str:
        return f"{self.names[e.player]} takes {names_list([article(COLOURS[c]) for c in e.colours])} token."

    def stock_out(self, e: StockOut) -> str:
        return f"The stock has no {names_list(sorted({COLOURS[c] for c in e.colours}))} token left to take."

    def back_in_bag(self, e: BackInBag) -> str:
        return f"The {count(e.tiles, 'tile')} set aside go back into the bag."

    def drew_up(self, e: DrewUp) -> str:
        return f"{self.names[e.player]} draws {count(e.tiles, 'tile')}{', the last in the bag.' if e.last else '.'}"

    def showed(self, e: Showed) -> str:
        who = self.names[e.player]
        if not e.tiles:
            return f"{who} has no tile to place."
        if e.challenged:
            return f"{who} shows the tiles behind the shield ({tiles_list(e.tiles)}), saying that none of them fits."
        return f"{who} shows the tiles behind the shield ({tiles_list(e.tiles)}): none of them fits."

    def redrew(self, e: Redrew) -> str:
        who = self.names[e.player]
        drew = f"{who} sets them aside and draws" if e.set_aside else f"{who} draws"
        return f"{drew} {count(e.tiles, 'new tile')}{', all the bag held.' if e.emptied else '.'}"

    def eliminated(self, e: Eliminated) -> str:
        return f"The bag is empty: {self.names[e.player]} is eliminated."

    def game_ended(self, e: GameEnded) -> str:
        verb = "share the victory" if e.shared else "wins"
        return (f"The game is over: {names_list([self.names[p] for p in e.winners])} {verb} with "
                f"{count(e.points, 'point')}.")
