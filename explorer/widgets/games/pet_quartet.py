"""Pet Quartet in the explorer: played on its table, words for its moves, and a scoring panel for both scorings.

Playing on the table (the explorer's ``touch`` slot, :mod:`explorer.widgets.touch`)
    Every move is one click: the deck draws a card, a Conductor takes it
    (or, with a card drawn, places the card under it), a card beneath the
    Conductor being taken or in your own collection is the one a Maestro
    returns to the box or passes to the left, and "Pass" (or "Leave it on
    the table", for a Maestro's immediate take) sits beside the status.  A
    Conductor, card or deck that may not be touched now answers with the
    rule that says so.

The panel shows each player's score after every move, and the collections
as they stand: for each number a player holds, what it scores under the
standard scoring and under the advanced scoring, side by side.  That is the
game's whole tension in one picture: a lone 13 is worth 1 point or 13, a
Quartet of 3s is worth 1 or 4, and a third 7 is worth nothing either way.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import altair as alt

from ...core import Game, State
from ...games.pet_quartet import Draw, Give, Pass, Phase, Place, Return, Take, points
from ...games.pet_quartet.render import table_html
from ...games.pet_quartet.rules import RULES
from ..charts import LiveChart, chart_config, score_lines, score_rows
from ..touch import Picked, Refuse, Targets, mark, marks_for, play_or_refuse
from ..views import register_views

def numbers(top: int) -> list[str]:
    """The columns of the collection charts: every number of the deck, then the total."""
    return [str(n) for n in range(3, top + 1)] + ["total"]
KINDS = ["Soloist", "Quartet", "scores nothing", "total"]
KIND_COLORS = ["#bfe5c4", "#c9dcff", "#eeeeee", "#fff1b8"]


def describe(state: State, move: Any) -> str:
    """A few words on what a Pet Quartet move does here, read from the public view."""
    view = state.view(None)
    if isinstance(move, Draw):
        return "draw the last card" if view["deck"] == 1 else "draw a card"
    if isinstance(move, Pass):
        return "leave it on the table" if view["phase"] == Phase.IMMEDIATE else "pass"
    if isinstance(move, Place):
        return f"place the {view['drawn']} under Conductor {move.conductor + 1}"
    if isinstance(move, Take):
        cards = ", ".join(map(str, sorted(view["conductors"][move.conductor]["cards"])))
        return f"take Conductor {move.conductor + 1} ({cards})"
    if isinstance(move, Return):
        return f"return a {move.card} to the box"
    if isinstance(move, Give):
        left = view["names"][((view["to_move"] or 0) + 1) % len(view["names"])]
        return f"pass a {move.card} to {left}"
    return ""


def collection_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per player, number held and scoring; plus each player's total under each scoring."""
    rows = []
    for p, name in enumerate(view["names"]):
        groups = {int(n): c for n, c in view["collections"][p].items()}
        for scoring in ("standard", "advanced"):
            total = 0
            for n, count in sorted(groups.items()):
                pts = points(n, count, scoring)
                total += pts
                kind = "Soloist" if count == 1 else "Quartet" if count == 4 else "scores nothing"
                rows.append({"player": name, "seat": p, "scoring": scoring, "number": str(n), "cards": count,
                             "points": pts, "kind": kind, "label": str(pts), "count": f"×{count}"})
            rows.append({"player": name, "seat": p, "scoring": scoring, "number": "total", "cards": None,
                         "points": total, "kind": "total", "label": str(total), "count": ""})
    return rows


def _heatmap(scoring: str, names: list[str], top: int, chosen: bool) -> alt.LayerChart:
    columns = numbers(top)
    base = alt.Chart(alt.Data(name="collections")).transform_filter(alt.datum.scoring == scoring)
    x = alt.X("number:O", sort=columns, scale=alt.Scale(domain=columns), title=None,
              axis=alt.Axis(orient="top", labelAngle=0, ticks=False, domain=False))
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None,
              axis=alt.Axis(ticks=False, domain=False))
    tip = [alt.Tooltip("player:N"), alt.Tooltip("number:N"), alt.Tooltip("cards:Q"), alt.Tooltip("kind:N"),
           alt.Tooltip("points:Q")]
    cells = base.mark_rect(cornerRadius=3, stroke="white", strokeWidth=2).encode(
        x=x, y=y, tooltip=tip,
        color=alt.Color("kind:N", scale=alt.Scale(domain=KINDS, range=KIND_COLORS),
                        legend=alt.Legend(title=None, orient="bottom") if chosen else None),
    )
    label = base.mark_text(fontWeight="bold", fontSize=12, dy=-4).encode(x=x, y=y, text="label:N", tooltip=tip)
    count = base.mark_text(fontSize=12, dy=10, color="#555").encode(x=x, y=y, text="count:N")
    title = f"{scoring.capitalize()} scoring" + (" (this game)" if chosen else "")
    return alt.layer(cells, label, count).properties(title=title, width=30 * len(columns),
                                                      height=36 * len(names))


def _stand_in(seat: int) -> str:
    """The name the cached chart spec holds for a seat's player, replaced by the real name when the spec is used."""
    return f"\u2063seat {seat}\u2063"  # invisible separators: no player is called that by chance


@functools.lru_cache(maxsize=32)
def _spec_for_seats(players: int, scoring: str, top: int) -> dict[str, Any]:
    """The panel's chart spec for ``players`` stand-in names (building and checking it costs a good half second)."""
    names = [_stand_in(p) for p in range(players)]
    lines = score_lines(f"Points after every move ({scoring} scoring)", names, width=600, height=170)
    now = alt.hconcat(_heatmap("standard", names, top, scoring == "standard"),
                      _heatmap("advanced", names, top, scoring == "advanced"), spacing=28)
    now = now.properties(title=alt.TitleParams(
        "What each number in the collections scores now", subtitle="each cell: points (the cards held below)"))
    return chart_config(alt.vconcat(lines, now, spacing=22).resolve_scale(color="independent")).to_dict()


def chart_spec(names: tuple[str, ...], scoring: str, top: int) -> dict[str, Any]:
    """The scoring panel's chart (a Vega-Lite spec) for players called ``names``, ``scoring`` and cards up to ``top``.

    The names appear in the spec only as the values of its player scales,
    so one spec per player count is built, kept, and given the names by
    replacing its stand-ins: a preheated dashboard's explorer and every later
    one with as many players reuse it.
    """
    real = {_stand_in(p): name for p, name in enumerate(names)}

    def named(value: Any) -> Any:
        if isinstance(value, str):
            return real.get(value, value)
        if isinstance(value, list):
            return [named(v) for v in value]
        if isinstance(value, dict):
            return {k: named(v) for k, v in value.items()}
        return value

    return named(copy.deepcopy(_spec_for_seats(len(names), scoring, top)))


class PetQuartetPanel:
    """Scores after every move, and what the collections are worth under both scorings."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._shape: tuple | None = None
        self._key: tuple | None = None
        self.widget = LiveChart(alt.Chart(alt.Data(name="scores")).mark_line(), scores=[], now=[], collections=[])

    def show(self, timeline: Any, viewer: int | None) -> None:
        final = timeline.final
        top = max(int(getattr(final, "top", 13)), 3)  # the deck's highest number, set by the player count
        shape = (tuple(final.names), final.options["scoring"], top)
        if shape != self._shape:
            self._shape = shape
            self.widget.spec = chart_spec(shape[0], shape[1], top)
        key = (id(timeline), timeline.version, timeline.position)
        if key == self._key:
            return
        self._key = key
        rows, now = score_rows(timeline)
        self.widget.update(scores=rows, now=now, collections=collection_rows(timeline.state.view(None)))


def target_of(view: dict[str, Any], move: Any) -> str:
    """The part of the table that makes ``move``: ``deck``, ``conductor:2``, ``card:2:7`` (a 7 under Conductor 2),
    ``collection:0:7`` (a 7 in seat 0's collection) or ``pass``."""
    if isinstance(move, Draw):
        return "deck"
    if isinstance(move, (Place, Take)):
        return f"conductor:{move.conductor + 1}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Return) and view["phase"] == Phase.RETURN_FROM_CONDUCTOR:
        return f"card:{view['pending']}:{move.card}"
    return f"collection:{view['to_move']}:{move.card}"


def move_of(view: dict[str, Any], target: str) -> Any:
    """The move touching ``target`` asks for (the engine still judges it), or a :class:`Refuse` of a card
    that is not the mover's to choose."""
    kind, _, rest = target.partition(":")
    if kind == "deck":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "conductor" and rest.isdigit():
        c = int(rest) - 1
        return Place(c) if view["phase"] == Phase.PLACE else Take(c)
    where, _, card = rest.partition(":")
    if not (where.isdigit() and card.isdigit()):
        return None
    number, seat = int(card), int(where)
    if kind == "card":  # beneath a Conductor: the one being taken gives up a card to the box
        if view["phase"] != Phase.RETURN_FROM_CONDUCTOR or seat == view["pending"]:
            return Return(number)
        return Refuse(f"Return a card from beneath Conductor {view['pending']}, the one being taken.",
                      RULES.ref("maestro-return-conductor"), f"The {number} under Conductor {seat}")
    if kind == "collection":
        if seat != view["to_move"]:
            return Refuse(f"Choose a card of your own collection, {view['names'][view['to_move']]}.", "",
                          f"{view['names'][seat]}'s {number}")
        return Give(number) if view["phase"] == Phase.PASS_LEFT else Return(number)
    return None


class PetQuartetTouch:
    """Pet Quartet played on its table: every move is one click (see the module's notes)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def targets(self, state: State, viewer: int | None, picked: Any) -> Targets:
        view = state.view(viewer)
        allowed = frozenset(target_of(view, m) for m in state.legal_moves())
        return Targets(allowed, prompt(view, allowed))

    def pick(self, state: State, viewer: int | None, picked: Any, target: str) -> Picked:
        view = state.view(viewer)
        move = move_of(view, target)
        if isinstance(move, Refuse):
            return move
        if move is None:
            return Refuse("That is not a part of the table to play on.", "", target)
        return play_or_refuse(state, move, words_of(view, target))


def words_of(view: dict[str, Any], target: str) -> str:
    """A target in a few words, for a refusal ("Conductor 2", "The deck")."""
    kind, _, rest = target.partition(":")
    if kind == "conductor":
        return f"Conductor {rest}"
    if kind == "card":
        where, _, card = rest.partition(":")
        return f"The {card} under Conductor {where}"
    if kind == "collection":
        _, _, card = rest.partition(":")
        return f"Your {card}"
    return {"deck": "The deck", "pass": "Passing"}.get(kind, "That")


def prompt(view: dict[str, Any], allowed: frozenset[str]) -> str:
    """What to click next, in a sentence."""
    who = view["names"][view["to_move"]]
    phase = view["phase"]
    if phase == Phase.PLACE:
        return f"{who}, click a Conductor with room to place the {view['drawn']} under it."
    if phase == Phase.IMMEDIATE:
        return (f"{who}, Conductor {view['pending']}'s Maestro lets you take it now: click it, or “Leave it on "
                "the table”.")
    if phase == Phase.RETURN_FROM_CONDUCTOR:
        return f"{who}, click the card beneath Conductor {view['pending']} to return to the box."
    if phase == Phase.RETURN_COLLECTED:
        return f"{who}, click a card of your collection (below) to return to the box."
    if phase == Phase.PASS_LEFT:
        left = view["names"][(view["to_move"] + 1) % len(view["names"])]
        return f"{who}, click a card of your collection (below) to pass to {left}."
    if phase == Phase.FINAL:
        return f"{who}, a final turn: click a Conductor to take it, or “Pass”."
    if "deck" in allowed:
        return f"{who}, click the deck to draw a card, or a Conductor to take it."
    return f"{who}, click a Conductor to take it."


def table(state: State, viewer: int | None, targets: Targets | None = None, looks: frozenset[str] = frozenset()) -> str:
    """The table; while a person plays, its deck, Conductors and cards are touched to play; what a lesson's
    note names is outlined."""
    view = state.view(viewer)

    def touched(target: str, words: str) -> str:
        kind = target.partition(":")[0]
        if kind == "pass" and target not in targets.allowed:
            return ""  # drawn only when passing is a move
        if kind in ("card", "collection") and target not in targets.allowed:
            # the cards are chosen only while a Maestro asks for one (and then any other one is refused)
            if view["phase"] not in (Phase.RETURN_FROM_CONDUCTOR, Phase.RETURN_COLLECTED, Phase.PASS_LEFT):
                return ""
            if kind == "card" and view["phase"] != Phase.RETURN_FROM_CONDUCTOR:
                return ""
            if kind == "collection" and view["phase"] == Phase.RETURN_FROM_CONDUCTOR:
                return ""
        return mark(target, targets, words)

    return table_html(view, marks_for(targets, looks, touched))


register_views("pet-quartet", table=table, panel=PetQuartetPanel, describe=describe, touch=PetQuartetTouch)
