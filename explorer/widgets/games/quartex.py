"""Quartex in the explorer: place tiles by clicking the table, and watch what the tokens are worth.

Choosing a placement
    A Quartex hand fits in dozens or hundreds of ways, too many for a button
    each, so the table itself is the chooser (the explorer's ``touch`` slot,
    :mod:`explorer.widgets.touch`).  The tiles of the player to move are
    buttons (a green outline: it fits somewhere); clicking one lights up the
    spaces where it fits, each marked with the number of ways it can lie
    there; clicking a space places the tile if it fits one way only, else
    draws the ways, turned as they would lie, to click one.  Clicking a space
    that is not lit, or a tile that fits nowhere, says why, with the rule.
    When no tile fits, "show" (or "pass", for an opponent asked to point out
    a placement) is a button on the table.  When an opponent is asked to
    point out a placement (option ``point_out``), the tiles shown are the
    ones they choose from.

The scoring panel
    A token is worth as many points as its colour has left in the stock, so
    every token taken makes the others of its colour worth less.  The panel
    follows that worth move by move, every player's score if the game ended
    there, and, for the position shown, the tokens each player holds against
    what they are worth, colour by colour, with the penalty of an eliminated
    player's tiles.

The explorer keeps what was clicked so far, as ``(tile, space)``, for the
position shown; :class:`QuartexTouch` works out what the table lights up from
it (:class:`~explorer.games.quartex.render.Highlight`) and what a click does.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

import altair as alt

from ...core import Game, State
from ...core.words import names_list
from ...games.quartex import Pass, Place, Show
from ...games.quartex.render import INK, Highlight, Way, table_html
from ...games.quartex.narration import ORIENTATION_WORDS
from ...games.quartex.tiles import CODES, COLOURS, CORNERS, LETTERS, SHAPES
from ..charts import OTHER_PLAYER_COLORS, LiveChart, chart_config, chart_spec, score_lines, score_rows
from ..touch import Choose, Picked, Play, Refuse, Targets, marks_for, play_or_refuse, refusal
from ..views import register_views

Space = tuple[int, int]
#: The parts of a score, in the order the bars stack them.
PARTS = (*COLOURS, "tiles left")
PART_COLORS = (*(INK[c][0] for c in COLOURS), "#57606a")


# -- words on the move buttons ------------------------------------------------------------

def describe(state: State, move: Any) -> str:
    """A few words on what a Quartex move does here: the tile, the space, and the shapes it would complete."""
    if isinstance(move, Place):
        text = f"tile {move.tile} on {move.cell[0]},{move.cell[1]}"
        done = state.completes(move)
        if done:
            text += ", completes " + names_list([f"{COLOURS[c]} {SHAPES[c]}" for c in done])
        return text
    if isinstance(move, Show):
        return "show your tiles: none fits"
    if isinstance(move, Pass):
        return "point out nothing"
    return ""


# -- what the charts show -------------------------------------------------------------------

def worth_rows(stocks: Sequence[Mapping[str, int]]) -> list[dict[str, Any]]:
    """What a token of each colour is worth after each move: the tokens of its colour left in the stock.

    ``stocks[k]`` is the stock after ``k`` moves (a view's ``"stock"``).
    """
    return [{"move": k, "colour": colour, "worth": stock[colour]}
            for k, stock in enumerate(stocks) for colour in COLOURS]


def score_parts(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's score if the game ended now, one row a part: a colour, or the tiles left.

    A colour's part is the tokens held times their worth (the stock's pile of
    that colour); an eliminated player loses a point for each tile left
    behind their shield.  The parts of a player add up to the score.
    """
    rows = []
    for p, name in enumerate(view["names"]):
        for order, colour in enumerate(COLOURS):
            held, worth = view["tokens"][p][colour], view["stock"][colour]
            rows.append({"player": name, "seat": p, "part": colour, "order": order, "tokens": held, "worth": worth,
                         "points": held * worth, "label": f"{held} × {worth}"})
        if view["eliminated"][p]:
            left = view["shields"][p]["count"]
            rows.append({"player": name, "seat": p, "part": "tiles left", "order": len(COLOURS), "tokens": 0,
                         "worth": -1, "points": -left, "label": f"{left} × −1"})
    return rows


def score_totals(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's score if the game ended now, and the tokens they hold, for the labels at the bars' ends."""
    parts = score_parts(view)
    out = []
    for p, name in enumerate(view["names"]):
        mine = [r for r in parts if r["seat"] == p]
        out.append({"player": name, "seat": p, "points": sum(r["points"] for r in mine),
                    "tokens": sum(r["tokens"] for r in mine),
                    "most": max(0, sum(r["points"] for r in mine if r["points"] > 0))})
    return out


def worth_chart(width: int = 330, height: int = 170) -> alt.LayerChart:
    """A line per colour: what one token of it is worth after every move.  Datasets ``worth`` and ``worth_now``."""
    color = alt.Color("colour:N", title=None, scale=alt.Scale(domain=list(COLOURS), range=list(PART_COLORS[:4])),
                      sort=list(COLOURS), legend=None)
    lines = alt.Chart(alt.Data(name="worth")).mark_line(interpolate="step-after", strokeWidth=2.5).encode(
        x=alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("worth:Q", title="points a token", scale=alt.Scale(domain=[0, 10]), axis=alt.Axis(tickMinStep=1)),
        color=color,
    )
    now = alt.Chart(alt.Data(name="worth_now"))
    rule = now.mark_rule(color="#888", strokeDash=[4, 3]).encode(x="move:Q")
    dots = now.mark_circle(size=70, opacity=1).encode(
        x="move:Q", y="worth:Q", color=color,
        tooltip=[alt.Tooltip("colour:N"), alt.Tooltip("worth:Q", title="points a token"), alt.Tooltip("move:Q")],
    )
    return alt.layer(lines, rule, dots).properties(
        title=alt.TitleParams("What a token is worth", subtitle="= the tokens of its colour left in the stock"),
        width=width, height=height)


def parts_chart(names: list[str], width: int = 300) -> alt.HConcatChart:
    """For the position shown: the tokens each player holds, and what they score, colour by colour.

    Datasets ``parts`` (:func:`score_parts`) and ``totals`` (:func:`score_totals`).
    """
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    color = alt.Color("part:N", title=None, scale=alt.Scale(domain=list(PARTS), range=list(PART_COLORS)),
                      sort=list(PARTS), legend=alt.Legend(orient="bottom", direction="horizontal"))
    tip = [alt.Tooltip("player:N"), alt.Tooltip("part:N"), alt.Tooltip("tokens:Q"),
           alt.Tooltip("worth:Q", title="points a token"), alt.Tooltip("points:Q")]
    parts = alt.Chart(alt.Data(name="parts"))
    totals = alt.Chart(alt.Data(name="totals"))
    held = parts.transform_filter(alt.datum.tokens > 0).mark_bar(height=18).encode(
        x=alt.X("tokens:Q", stack="zero", title="tokens held", axis=alt.Axis(tickMinStep=1)),
        y=y, color=color, order=alt.Order("order:Q"), tooltip=tip)
    held_total = totals.mark_text(align="left", dx=4, fontWeight="bold").encode(
        x="tokens:Q", y=y, text="tokens:Q")
    points = parts.transform_filter(alt.datum.points != 0).mark_bar(height=18).encode(
        x=alt.X("points:Q", stack="zero", title="points"),
        y=y, color=color, order=alt.Order("order:Q"), tooltip=tip)
    zero = alt.Chart(alt.Data(values=[{"x": 0}])).mark_rule(color="#555").encode(x="x:Q")
    total = totals.mark_text(align="left", dx=4, fontWeight="bold").encode(
        x="most:Q", y=y, text=alt.Text("points:Q"))
    height = 30 * len(names)
    return alt.hconcat(
        alt.layer(held, held_total).properties(title="Tokens held", width=width * 2 // 3, height=height),
        alt.layer(points, zero, total).properties(
            title=alt.TitleParams("Score if the game ended now",
                                  subtitle="tokens × what they are worth; −1 a tile left if eliminated"),
            width=width, height=height),
        spacing=30,
    )


Stocks = list[tuple[State, dict[str, int]]]


def stock_history(timeline: Any, known: Stocks | tuple = ()) -> Stocks:
    """Each position of a timeline with its stock after that many moves (its view's, everything there being open).

    ``known`` is an earlier answer for the same timeline: the positions it
    holds still are not looked at again, so a move played costs one view.
    """
    out = []
    for k in range(len(timeline) + 1):
        state = timeline.at(k)
        if k < len(known) and known[k][0] is state:
            out.append(known[k])
        else:
            out.append((state, dict(state.view(None)["stock"])))
    return out


# -- choosing a placement by clicking the table -----------------------------------------------

def spaces_for(state: State, tile: int) -> dict[Space, list[Place]]:
    """The legal placements of ``tile`` now, by space (row by row), each space's in orientation order."""
    spaces: dict[Space, list[Place]] = {}
    for move in state.legal_moves():
        if isinstance(move, Place) and move.tile == tile:
            spaces.setdefault(move.cell, []).append(move)
    return dict(sorted(spaces.items(), key=lambda item: (item[0][1], item[0][0])))


def way(state: State, move: Place) -> Way:
    """One placement as the table draws it to be clicked: its corners and the shapes it would complete."""
    corners = "".join(LETTERS[c] for c in CORNERS[CODES[move.tile][move.orientation]])
    done = tuple(f"{COLOURS[c]} {SHAPES[c]}" for c in state.completes(move))
    return Way(str(move), ORIENTATION_WORDS[move.orientation], corners, done)


def highlight(state: State, viewer: int | None, tile: int | None = None,
              space: Space | None = None) -> Highlight | None:
    """What the table lights up for a person choosing a placement, seen by ``viewer`` (``None``: everyone).

    ``None`` when nobody places a tile now (the game is over, or the hand is
    empty).  The tiles are those of the player whose turn it is; the one who
    chooses is :attr:`to_move` (that player, or an opponent pointing out a
    placement for them).  A hand the viewer cannot see is offered to nobody.
    ``tile`` and ``space`` are what was clicked so far; a tile or space that
    does not fit now is forgotten.
    """
    if state.is_over():
        return None
    view = state.view(viewer)
    owner, chooser = view["turn"], view["to_move"]
    names = view["names"]
    shield = view["shields"][owner]
    if not shield["count"]:
        return None
    if len(shield["tiles"]) < shield["count"]:
        seen = names[viewer] if viewer is not None else "everyone"
        return Highlight(owner, prompt=f"{names[owner]}'s tiles are hidden from {seen}: choose Everyone or "
                                       f"{names[owner]} under “Seen by” to place one here.")
    legal = state.legal_moves()
    fitting = frozenset(m.tile for m in legal if isinstance(m, Place))
    others = tuple((str(m), OTHER_MOVES[str(m)]) for m in legal if str(m) in OTHER_MOVES)
    who = names[chooser]
    whose = "your" if chooser == owner else f"{names[owner]}'s"
    if tile not in fitting:
        tile = space = None
    if not fitting:
        then = "show them (the button below)." if chooser == owner else "pass (the button below)."
        prompt = f"{who}, none of {whose} tiles fits anywhere on the table: {then}"
        return Highlight(owner, prompt=prompt, others=others)
    if tile is None:
        verb = "point out a placement of" if chooser != owner else "place one of"
        return Highlight(owner, fitting, prompt=f"{who}, {verb} {whose} tiles: click a tile (green outline: it "
                                                f"fits somewhere) to light up the spaces where it fits.",
                         others=others)
    spaces = spaces_for(state, tile)
    if space not in spaces:
        space = None
    lit = tuple((cell, len(moves)) for cell, moves in spaces.items())
    unlit = tuple(cell for cell in open_spaces(view) if cell not in spaces)
    if space is None:
        n = len(spaces)
        return Highlight(owner, fitting, tile, lit, prompt=(
            f"Tile {tile} fits on {n} space{'s' if n > 1 else ''}, lit in green (×k: in k ways). Click a space "
            "to place it there."), unlit=unlit, others=others)
    moves = spaces[space]
    ways = tuple(way(state, m) for m in moves)
    return Highlight(owner, fitting, tile, lit, space, ways, prompt=(
        f"Tile {tile} fits on {space[0]},{space[1]} in {len(moves)} way{'s' if len(moves) > 1 else ''}: "
        "click the one to place."), unlit=unlit, others=others)


#: The moves other than a placement, as the table's buttons say them.
OTHER_MOVES = {"show": "Show my tiles: none fits", "pass": "Point out nothing (pass)"}


def open_spaces(view: Mapping[str, Any]) -> list[Space]:
    """The empty spaces beside a side of a tile on the table, row by row."""
    taken = {tuple(cell["cell"]) for cell in view["board"]}
    around = {(x + dx, y + dy) for x, y in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sorted(around - taken, key=lambda cell: (cell[1], cell[0]))


def panel_chart(names: list[str]) -> alt.TopLevelMixin:
    """The panel's charts: what a token is worth, the points after each move, and the position's tokens and score."""
    # The players' colours are none of the tokens' colours.
    lines = score_lines("Points if the game ended after each move", names, width=330, height=170,
                        colors=OTHER_PLAYER_COLORS)
    top = alt.hconcat(worth_chart(), lines, spacing=40).resolve_scale(color="independent")
    return chart_config(alt.vconcat(top, parts_chart(names), spacing=26).resolve_scale(color="independent"))



def allowed(pick: Highlight) -> frozenset[str]:
    """The targets that do something on a table lit by ``pick``."""
    found = {f"tile:{t}" for t in pick.fitting} | {f"space:{x},{y}" for (x, y), _ in pick.spaces}
    found |= {f"move:{way.move}" for way in pick.ways} | {f"move:{move}" for move, _ in pick.others}
    if pick.tile is not None:
        found.add("clear")
    return frozenset(found)


class QuartexTouch:
    """Placing a tile on the table: a tile, then a space, then (if it fits there in several ways) a way.

    The partial choice is ``(tile, space)``; the table draws it from the
    :class:`~explorer.games.quartex.render.Highlight` in the targets' ``detail``.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def targets(self, state: State, viewer: int | None, picked: Any) -> Targets:
        tile, space = picked if isinstance(picked, tuple) else (None, None)
        pick = highlight(state, viewer, tile, space)
        if pick is None:
            return Targets()
        return Targets(allowed(pick), pick.prompt, (pick.tile, pick.space), pick)

    def pick(self, state: State, viewer: int | None, picked: Any, target: str) -> Picked:
        """A tile lights up the spaces where it fits (clicked again, it puts them out); a space where the tile
        fits one way places it there, else draws the ways; a way, "show" or "pass" is played; "clear" starts
        again.  A tile that fits nowhere or a space where the picked tile does not fit is refused with the
        rule that says so."""
        offer = self.targets(state, viewer, picked)
        pick = offer.detail
        kind, _, value = target.partition(":")
        if kind == "move":
            return play_or_refuse(state, value, value)
        if kind == "clear" or pick is None:
            return Choose(None)
        if kind == "tile" and value.isdigit():
            t = int(value)
            if target in offer:
                return Choose(None if t == pick.tile else (t, None))
            return self._nowhere(state, t)
        if kind == "space" and pick.tile is not None:
            spaces = spaces_for(state, pick.tile)
            cell = next((c for c in (*spaces, *pick.unlit) if f"{c[0]},{c[1]}" == value), None)
            if cell is None:
                return Refuse(f"{value} is not a space beside the tiles on the table.", "", f"Space {value}")
            if cell not in spaces:
                return refusal(state, Place(pick.tile, 0, cell), f"Tile {pick.tile} on {value}") or Choose(picked)
            if len(spaces[cell]) == 1:
                return Play(spaces[cell][0])
            return Choose((pick.tile, cell))
        return Refuse("Choose a tile of the hand first, then a space lit in green.", "", target)

    def _nowhere(self, state: State, tile: int) -> Refuse:
        """Why ``tile`` cannot be placed anywhere now: the engine's answer for the first space beside the tiles."""
        view = state.view(state.to_move)
        cells = open_spaces(view) or [(0, 0)]
        why = refusal(state, Place(tile, 0, cells[0]), f"Tile {tile}")
        if why is None:  # it fits there after all, in another way: the engine decides
            return Refuse(f"Tile {tile} is not one to choose now.", "", f"Tile {tile}")
        if why.rule.endswith(("/place", "/point-out", "/tiles")):
            return why
        return Refuse(f"it fits nowhere on the table now. On {cells[0][0]},{cells[0][1]}, for one: {why.reason}",
                      why.rule, f"Tile {tile}")


class QuartexPanel:
    """What the tokens are worth and what each player would score, move by move."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._names: tuple[str, ...] | None = None
        self._key: tuple | None = None
        self._history_key: tuple | None = None
        self._history: Stocks = []
        self.chart = self.widget = LiveChart(alt.Chart(alt.Data(name="worth")).mark_line(), worth=[], worth_now=[],
                                             scores=[], now=[], parts=[], totals=[])
        self.widget.add_class("qx-panel")

    # -- the charts -------------------------------------------------------------------------------
    def _chart(self, names: list[str]) -> alt.TopLevelMixin:
        return panel_chart(names)

    def show(self, timeline: Any, viewer: int | None) -> None:
        names = tuple(timeline.final.names)
        if names != self._names:
            self._names = names
            self.chart.spec = chart_spec(panel_chart, names)
        key = (id(timeline), timeline.version, timeline.position)
        if key == self._key:
            return
        self._key = key
        if self._history_key != key[:2]:
            self._history_key = key[:2]
            self._history = stock_history(timeline, self._history)
        k = timeline.position
        view = timeline.state.view(None)
        rows, now = score_rows(timeline)
        worth_now = [{"move": k, "colour": c, "worth": view["stock"][c]} for c in COLOURS]
        self.chart.update(worth=worth_rows([stock for _, stock in self._history]), worth_now=worth_now,
                          scores=rows, now=now, parts=score_parts(view), totals=score_totals(view))


def table(state: State, viewer: int | None, targets: Targets | None = None, looks: frozenset[str] = frozenset()) -> str:
    """The table; while a person places a tile, lit for clicking (see the module's notes); what a lesson's note
    names is outlined."""
    pick = targets.detail if targets is not None else None
    if isinstance(pick, Highlight):
        pick = dataclasses.replace(pick, prompt="")  # the explorer says what to click, in the table's heading
    return table_html(state.view(viewer), pick if isinstance(pick, Highlight) else None, marks_for(None, looks))


register_views("quartex", table=table, panel=QuartexPanel, describe=describe, touch=QuartexTouch)
