"""Pet Quartet in the explorer: words for its moves, and a scoring panel for both scorings.

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
from ..charts import LiveChart, chart_config, score_lines, score_rows
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


register_views("pet-quartet", panel=PetQuartetPanel, describe=describe)
