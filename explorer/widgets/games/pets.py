"""PETS in the explorer: a table that previews takes, words for every move, and a scoring panel.

PETS is a race between two clocks.  Every take sends the group next to the
one taken into the Scoring Zone, and the round ends the moment one kind
reaches six there; until then, whoever shows a kind in front of them would
win the zone's cards of it, scoring *cards won × kinds won*.  The panel draws
both clocks:

* the Scoring Zone, kind by kind, after every move, against the line at six
  (each peak that touches it is a scoring);
* each player's score *if the round ended now*, split by the kinds it comes
  from and written out as the rule sheet writes it, ``(1 + 3) × 2 = 8``;
* the scored rounds stacked, with the round under way (if it ended now) on top.

Everything here reads public information only (views and moves), so the
panel is the same whoever's eyes the table is seen through.

Playing on the table (the explorer's ``touch`` slot, :mod:`explorer.widgets.touch`)
    Click a group at a row's end to take it: the group pointed at says, by
    the pointer, what goes to the hand and what to the Scoring Zone.  Click
    a kind in your hand, then either how many to play in front of you (the
    buttons beside it) or a row's end (a green "+") to add one there; the
    kind clicked again is put back.  A group inside a row, a count too small
    to beat the cards shown, or a kind you already show answers with its
    rule.
"""

from __future__ import annotations

from typing import Any

import altair as alt

from ...core import Game, State
from ...core.game import Entry
from ...games.pets.events import Added, Played, Scored, Took, Triggered, UnfinishedRound
from ...games.pets.moves import ANIMALS, PLURALS, Add, Play, Take
from ...games.pets.render import count_text, table_html, take_of, won_by, won_text
from ...games.pets.rules import RULES
from ..charts import LiveChart, chart_config, chart_spec
from ..touch import Choose, Picked, Refuse, Targets, mark, marks_for, play_or_refuse
from ..views import register_views

#: A move button is titled "Play <notation>": hovering one previews that move on the table.
MOVE_HOVER = '.ex-explorer:has(.ex-move[title^="Play {prefix}"]:hover)'
#: A line colour per kind, by its number (the table's pastel card colours, darkened to draw with).
KIND_COLORS = {6: "#1f77b4", 9: "#e377c2", 12: "#009e73", 15: "#9467bd", 18: "#bcbd22", 21: "#ff7f0e",
               24: "#8c564b"}
ROUND_NAMES = ["round 1", "round 2", "round 3", "this round, if it ended now"]
ROUND_COLORS = ["#0072b2", "#56b4e9", "#009e73", "#d9d9d9"]  # Okabe and Ito, and grey


def kind_label(kind: int) -> str:
    """How charts name a kind: ``"rabbit (15)"``."""
    return f"{ANIMALS[kind]} ({kind})"


KIND_LABELS = [kind_label(k) for k in ANIMALS]


# -- what a move did, and what it would do ------------------------------------------------
def effect(entry: Entry, round_now: int) -> dict[str, Any]:
    """What the move of log ``entry`` did, read from its events (the table's ``last``); ``round_now`` is the
    round under way after it, the round a take that scored nothing was played in.

    >>> import explorer
    >>> state = explorer.new("pets", 2, seed=0, setup={
    ...     "hands": [[6], [9]], "rows": [[24, 24, 15, 15, 15, 6, 18, 24], [12], [21]], "first_player": 0})
    >>> entry = state.play("take 1L")
    >>> effect(entry, state.view()["round"])["moved"]
    [15, 3]
    """
    events = entry.events
    first, move, player = events[0], entry.move, entry.player
    if isinstance(first, Took):
        ended = next((e.round for e in events if isinstance(e, (Triggered, UnfinishedRound))), round_now)
        return {"kind": "take", "move": str(move), "player": player, "row": first.row + 1,
                "end": "L" if first.left else "R", "taken": [first.kind, first.count],
                "moved": [first.moved_kind, first.moved] if first.moved else None,
                "scored": any(isinstance(e, Scored) for e in events), "round": ended}
    if isinstance(first, Added):
        return {"kind": "add", "move": str(move), "player": player, "row": first.row + 1,
                "end": "L" if first.left else "R", "card": first.kind}
    assert isinstance(first, Played)  # a PETS move is a take, an add or a play
    beaten = None if first.beaten is None else [first.beaten, first.lost]
    return {"kind": "play", "move": str(move), "player": player, "card": first.kind, "count": first.count,
            "beaten": beaten}


class _Recent:
    """The whole-table views of the few positions the explorer shows now, each made once."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._views: dict[tuple, tuple[State, dict]] = {}

    @staticmethod
    def _key(state: State) -> tuple:
        log = state.log
        return id(state), state.ply, log[-1] if log else None

    def view(self, state: State) -> dict[str, Any]:
        key = self._key(state)
        found = self._views.get(key)
        if found is not None and found[0] is state:
            return found[1]
        if len(self._views) >= self.size:
            self._views.pop(next(iter(self._views)))
        view = state.view(None)
        self._views[key] = (state, view)
        return view

    def last(self, state: State) -> dict[str, Any] | None:
        """What the last move did, from its log entry's events: no replay of the match."""
        log = state.log
        return effect(log[-1], self.view(state)["round"]) if log else None


_RECENT = _Recent()


def last_move(state: State) -> dict[str, Any] | None:
    """What the move that led to ``state`` did (``None`` before the first move)."""
    return _RECENT.last(state)


def table(state: State, viewer: int | None, targets: Targets | None = None, looks: frozenset[str] = frozenset()) -> str:
    """The table as ``viewer`` sees it, the last move marked, every move button previewing its move; while a
    person plays, its hand, rows and groups are touched to play (see the module's notes); what a lesson's
    note names is outlined."""
    view = state.view(viewer)
    picked = targets.picked if targets is not None else None

    def touched(target: str, words: str) -> str:
        kind = target.partition(":")[0]
        if kind in ("play", "end") and picked is None:
            return ""  # a count or a row's end is offered once a kind of the hand is chosen
        if kind == "play" and not target.startswith(f"play:{picked}x"):
            return ""
        return mark(target, targets, words)

    return table_html(view, last_move(state), MOVE_HOVER, marks_for(targets, looks, touched))


def target_of(state: State, move: Any) -> str:
    """The last part of the table clicked to make ``move`` (a play or an add first needs the kind, ``hand:21``)."""
    if isinstance(move, Take):
        only = len(state.view(None)["groups"][move.row]) == 1  # a row's only group is taken at its left end
        return f"take:{move.row + 1}{'L' if only else move.end}"
    if isinstance(move, Add):
        return f"end:{move.row + 1}{move.end}"
    return f"play:{move.kind}x{move.count}"


class PetsTouch:
    """PETS played on its table (see the module's notes).  The partial choice is the kind taken from the hand."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def targets(self, state: State, viewer: int | None, picked: Any) -> Targets:
        legal = state.legal_moves()
        kinds = {m.kind for m in legal if isinstance(m, (Add, Play))}
        if picked not in kinds:
            picked = None
        allowed = {f"hand:{k}" for k in kinds} | {target_of(state, m) for m in legal if isinstance(m, Take)}
        allowed |= {target_of(state, m) for m in legal if isinstance(m, (Add, Play)) and m.kind == picked}
        who = state.names[state.to_move]
        if picked is None:
            text = (f"{who}, click a group at a row's end to take it, or a kind in your hand to play it in front "
                    "of you or add it to a row.")
        else:
            text = (f"{who}, {PLURALS[picked]} chosen: click how many to play in front of you, or a row's end "
                    "(+) to add one there; click them in your hand again to put them back.")
        return Targets(frozenset(allowed), text, picked)

    def pick(self, state: State, viewer: int | None, picked: Any, target: str) -> Picked:
        kind, _, rest = target.partition(":")
        if kind == "hand" and rest.isdigit():
            k = int(rest)
            if target not in self.targets(state, viewer, None):
                return Refuse(f"You hold no {ANIMALS.get(k, 'card')} ({k}) to play or add.", RULES.ref("play"),
                              f"The {k}")
            return Choose(None if k == picked else k)
        if kind == "take" and len(rest) == 2 and rest[0].isdigit():
            return play_or_refuse(state, Take(int(rest[0]) - 1, rest[1]), f"Taking at the {_side(rest[1])} end of "
                                                                          f"row {rest[0]}")
        if kind == "group":
            row = rest.partition(":")[0]
            return Refuse(f"Only a group at one end of a row may be taken, and this group lies inside row {row}.",
                          RULES.ref("take"), "Taking this group")
        if kind == "end" and len(rest) == 2 and rest[0].isdigit():
            if picked is None:
                return Refuse("First click the kind in your hand to add.", RULES.ref("add"), "Adding")
            return play_or_refuse(state, Add(int(rest[0]) - 1, rest[1], picked),
                                  f"Adding {count_text(1, picked)} to the {_side(rest[1])} end of row {rest[0]}")
        if kind == "play":
            k, _, n = rest.partition("x")
            if k.isdigit() and n.isdigit():
                return play_or_refuse(state, Play(int(k), int(n)), f"Playing {count_text(int(n), int(k))}")
        return Refuse("That is not a part of the table to play on.", "", target)


def _side(end: str) -> str:
    return "left" if end == "L" else "right"


def _some(count: int, kind: int) -> str:
    """``"dog"``, ``"2 dogs"``: cards after "the" or "its"."""
    return ANIMALS[kind] if count == 1 else f"{count} {PLURALS[kind]}"


def describe(state: State, move: Any) -> str:
    """A few words on what a PETS move does here, read from the public parts of the table."""
    view = _RECENT.view(state)
    if isinstance(move, Take):
        groups = view["groups"][move.row]
        if not groups:
            return ""
        taken, moved = take_of(groups, move.end)
        side = "left" if move.end == "L" else "right"
        what = f"the {_some(taken[1], taken[0])}"
        if moved is None:
            return f"take {what}, row {move.row + 1}'s last group; nothing goes to the Scoring Zone"
        kind, count = moved
        verb = "goes" if count == 1 else "go"
        text = f"take {what} at row {move.row + 1}'s {side}; {count_text(count, kind)} {verb} to the Scoring Zone"
        total = view["zone"][view["kinds"].index(kind)] + count
        if total >= view["trigger"]:
            text += f": {total} {PLURALS[kind]} there end the round"
        return text
    if isinstance(move, Add):
        groups = view["groups"][move.row]
        side = "left" if move.end == "L" else "right"
        text = f"add {count_text(1, move.kind)} at row {move.row + 1}'s {side}"
        if groups:
            kind, count = groups[0] if move.end == "L" else groups[-1]
            if kind == move.kind:
                text += f", joining its {_some(count, kind)}"
        return text
    if isinstance(move, Play):
        text = f"show {count_text(move.count, move.kind)}"
        i = view["kinds"].index(move.kind)
        owner = next((q for q, front in enumerate(view["fronts"]) if front[i]), None)
        if owner is not None and owner != view["to_move"]:
            text += f", beating {view['names'][owner]}'s {view['fronts'][owner][i]}"
        return text
    return ""


# -- the panel's data -------------------------------------------------------------------------
def zone_rows(views: list[dict[str, Any]], moves: list[Any]) -> list[dict[str, Any]]:
    """The Scoring Zone kind by kind along a match: ``views[k]`` is the public view after ``k`` moves.

    One row wherever a kind's count changes (the lines step), plus every kind
    at the start and at the end.  A take that ends a round shows the zone at
    its peak, the moment it reached six (``peak``), then the empty zone of
    the new round at the same move; ``step`` orders the rows along a line.
    """
    rows: list[dict[str, Any]] = []
    kinds = views[0]["kinds"]
    shown: list[int | None] = [None] * len(kinds)
    when = [0] * len(kinds)  # the move of each kind's latest row

    def put(k: int, i: int, cards: int, round_: int, peak: bool = False) -> None:
        rows.append({"move": k, "kind": kind_label(kinds[i]), "cards": cards, "peak": peak, "round": round_,
                     "step": len(rows)})
        shown[i], when[i] = cards, k

    for i, cards in enumerate(views[0]["zone"]):
        put(0, i, cards, views[0]["round"])
    for k in range(1, len(views)):
        before, after, move = views[k - 1], views[k], moves[k - 1]
        if len(after["round_scores"]) > len(before["round_scores"]) and isinstance(move, Take):
            _, moved = take_of(before["groups"][move.row], move.end)
            if moved is not None:
                i = kinds.index(moved[0])
                put(k, i, before["zone"][i] + moved[1], before["round"], peak=True)
        for i, cards in enumerate(after["zone"]):
            if cards != shown[i]:
                put(k, i, cards, after["round"])
    last = len(views) - 1
    for i in range(len(kinds)):
        if when[i] != last:
            put(last, i, shown[i], views[last]["round"])
    return rows


def won_rows(view: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each player's score if the round ended now: one row per kind won (its share of the points), one label each.

    A kind's share is its cards won times the number of kinds won, so the
    shares add up to the score: with 1 fish and 3 dogs, (1 + 3) × 2 = 8 is
    2 for the fish and 6 for the dogs.
    """
    segments, labels = [], []
    for p, name in enumerate(view["names"]):
        won = won_by(view, p)
        for kind, cards in won:
            segments.append({"player": name, "seat": p, "kind": kind_label(kind), "cards": cards,
                             "kinds": len(won), "points": cards * len(won)})
        points = sum(n for _, n in won) * len(won)
        labels.append({"player": name, "seat": p, "points": points, "text": won_text(won)})
    return segments, labels


def round_rows(view: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each player's scored rounds stacked, with the round under way (if it ended now) on top; and the totals."""
    segments, labels = [], []
    for p, name in enumerate(view["names"]):
        for r, scores in enumerate(view["round_scores"]):
            segments.append({"player": name, "seat": p, "round": ROUND_NAMES[r], "order": r, "points": scores[p]})
        now = 0
        if not view["over"]:
            now = view["score_now"][p][2]
            segments.append({"player": name, "seat": p, "round": ROUND_NAMES[-1], "order": 3, "points": now})
        total = view["totals"][p]
        text = f"{total}" + (f" (+{now} now)" if now else "")
        labels.append({"player": name, "seat": p, "points": total + now, "text": text})
    return segments, labels


# -- the panel ------------------------------------------------------------------------------
def _kind_color(legend: bool) -> alt.Color:
    return alt.Color("kind:N", title=None, sort=KIND_LABELS,
                     scale=alt.Scale(domain=KIND_LABELS, range=[KIND_COLORS[k] for k in ANIMALS]),
                     legend=alt.Legend(orient="top", columns=7, symbolType="stroke") if legend else None)


def zone_chart(trigger: int = 6, width: int = 760, height: int = 170) -> alt.LayerChart:
    """The Scoring Zone's cards of each kind after every move, the trigger line, and the position shown.

    Datasets: ``zone`` (:func:`zone_rows`) and ``zone_now`` (``move``, ``kind``, ``cards``: the position shown).
    """
    color = _kind_color(legend=True)
    x = alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1))
    y = alt.Y("cards:Q", title="cards in the zone", scale=alt.Scale(domainMin=0), axis=alt.Axis(tickMinStep=1))
    base = alt.Chart(alt.Data(name="zone"))
    lines = base.mark_line(interpolate="step-after", strokeWidth=2, opacity=.9).encode(
        x=x, y=y, color=color, order="step:Q")
    peaks = base.transform_filter(alt.datum.peak).mark_point(shape="triangle-up", size=90, filled=True).encode(
        x=x, y=y, color=_kind_color(legend=False),
        tooltip=[alt.Tooltip("kind:N"), alt.Tooltip("cards:Q", title="cards reached"),
                 alt.Tooltip("round:Q", title="scored round"), alt.Tooltip("move:Q")])
    line = alt.Chart(alt.Data(values=[{"cards": trigger}])).mark_rule(color="#b42318", strokeDash=[5, 3]).encode(
        y="cards:Q")
    label = alt.Chart(alt.Data(values=[{"cards": trigger, "text": f"{trigger}: the round ends"}])).mark_text(
        align="left", dx=3, dy=-6, color="#b42318", fontSize=12).encode(y="cards:Q", text="text:N", x=alt.value(0))
    now = alt.Chart(alt.Data(name="zone_now"))
    rule = now.mark_rule(color="#888", strokeDash=[4, 3]).encode(x="move:Q")
    dots = now.mark_circle(size=55, opacity=1).encode(
        x="move:Q", y="cards:Q", color=_kind_color(legend=False),
        tooltip=[alt.Tooltip("kind:N"), alt.Tooltip("cards:Q", title="in the zone now")])
    return alt.layer(lines, line, label, rule, dots, peaks).properties(
        title=alt.TitleParams("The Scoring Zone, kind by kind",
                              subtitle=f"a kind that reaches {trigger} ends the round (▲: a scoring)"),
        width=width, height=height)


def _reach(points: int) -> alt.Chart:
    """An invisible mark at ``points``, so that a points axis never shrinks below it (all zeros look like zeros)."""
    return alt.Chart(alt.Data(values=[{"points": points}])).mark_point(opacity=0).encode(x="points:Q")


def won_chart(names: list[str], width: int = 230) -> alt.LayerChart:
    """Each player's score if the round ended now, split by kind won, written out at the bar's end.

    Datasets: ``won`` and ``won_label`` (:func:`won_rows`).
    """
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    bars = alt.Chart(alt.Data(name="won")).mark_bar(height=16).encode(
        x=alt.X("points:Q", title="points", stack="zero", axis=alt.Axis(tickMinStep=1, format="d")),
        y=y, color=_kind_color(legend=False), order=alt.Order("kind:N"),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("kind:N"), alt.Tooltip("cards:Q", title="cards won"),
                 alt.Tooltip("kinds:Q", title="× kinds won"), alt.Tooltip("points:Q", title="share of the points")])
    text = alt.Chart(alt.Data(name="won_label")).mark_text(align="left", fontSize=12, fontWeight=600).encode(
        x=alt.value(width + 10), y=y, text="text:N")
    return alt.layer(bars, text, _reach(10)).properties(
        title=alt.TitleParams("If the round ended now", subtitle="cards won × kinds won"),
        width=width, height=26 * len(names))


def rounds_chart(names: list[str], width: int = 230) -> alt.LayerChart:
    """The scored rounds stacked for each player, the round under way (if it ended now) lighter on top.

    Datasets: ``rounds`` and ``rounds_label`` (:func:`round_rows`).
    """
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    bars = alt.Chart(alt.Data(name="rounds")).mark_bar(height=16).encode(
        x=alt.X("points:Q", title="points", stack="zero", axis=alt.Axis(tickMinStep=1, format="d")),
        y=y, order=alt.Order("order:Q"),
        color=alt.Color("round:N", title=None, scale=alt.Scale(domain=ROUND_NAMES, range=ROUND_COLORS),
                        legend=alt.Legend(orient="bottom", columns=2)),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("round:N"), alt.Tooltip("points:Q")])
    text = alt.Chart(alt.Data(name="rounds_label")).mark_text(align="left", fontSize=12, fontWeight=600).encode(
        x=alt.value(width + 10), y=y, text="text:N")
    return alt.layer(bars, text, _reach(20)).properties(
        title=alt.TitleParams("Rounds", subtitle="the total over three scorings"),
                                            width=width, height=26 * len(names))



def panel_chart(names: list[str], trigger: int = 6) -> alt.TopLevelMixin:
    """The whole panel: the zone above, the score now and the rounds side by side below."""
    below = alt.hconcat(won_chart(names), rounds_chart(names), spacing=150).resolve_scale(color="independent")
    return chart_config(alt.vconcat(zone_chart(trigger), below, spacing=24).resolve_scale(color="independent"))


class PetsPanel:
    """The Scoring Zone along the match, the score if the round ended now, and the rounds."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._names: tuple[str, ...] | None = None
        self._version: tuple | None = None
        self._position: tuple | None = None
        self._views: dict[int, tuple[State, dict]] = {}
        self._zone: list[dict] = []
        self.widget = LiveChart(panel_chart(["?"]), zone=[], zone_now=[], won=[], won_label=[], rounds=[],
                                rounds_label=[])

    def _views_of(self, timeline: Any) -> list[dict[str, Any]]:
        """The public view of every position of the match, each computed once."""
        kept, views = {}, []
        for k in range(len(timeline) + 1):
            state = timeline.at(k)
            found = self._views.get(id(state))
            if found is None or found[0] is not state:
                found = (state, state.view(None))
            kept[id(state)] = found
            views.append(found[1])
        self._views = kept
        return views

    def show(self, timeline: Any, viewer: int | None) -> None:
        names = tuple(timeline.final.names)
        if names != self._names:  # a new match with other players: new scales
            self._names = names
            self.widget.spec = chart_spec(panel_chart, names)
        version = (id(timeline), timeline.version, len(timeline))
        if version != self._version:
            self._version = version
            self._zone = zone_rows(self._views_of(timeline), list(timeline.moves))
        position = (*version, timeline.position)
        if position == self._position:
            return
        self._position = position
        k = timeline.position
        view = self._views[id(timeline.at(k))][1]
        now = [{"move": k, "kind": kind_label(kind), "cards": cards}
               for kind, cards in zip(view["kinds"], view["zone"])]
        won, won_label = won_rows(view)
        rounds, rounds_label = round_rows(view)
        self.widget.update(zone=self._zone, zone_now=now, won=won, won_label=won_label, rounds=rounds,
                           rounds_label=rounds_label)


register_views("pets", table=table, panel=PetsPanel, describe=describe, touch=PetsTouch)
