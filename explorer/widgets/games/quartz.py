"""Quartz in the explorer: the push-your-luck meter move by move, and what each player's crystals are worth.

Quartz is a game of nerve: every card revealed adds crystals to the line,
and may be the second Unstable Crystal at a position already taken, which
throws the whole line away.  The panel draws that decision:

* the accident risk of the next card at every decision of the match ("To
  work!" or "Enough for today!"), one line per exploration, each point
  marked with what the player then did;
* the exploration under way, decision by decision: the points the line
  adds if the player stops, against what one more card adds on average;
* each player's crystals, collection and Chest stacked crystal by crystal,
  with the set bonuses.

The meter is the active player's own (:func:`explorer.games.quartz.odds.meter`):
it counts the Mine deck and the other players' Chests as one pile of unseen
cards, so it uses only what that player may know.  For the same reason it
is shown only to that player, or to everyone: seen by another player, the
panel keeps to the viewer's own decisions, and another player's Chest
appears as a count.
"""

from __future__ import annotations

from typing import Any, Iterable

import altair as alt

from ...core import Game, State
from ...games.quartz import (
    Continue, Explore, Hire, Keep, Line, Pass, Phase, Play, Protect, QuartzView, Stop, columns_of,
)
from ...core.words import article
from ...games.quartz.deck import HELPERS
from ...games.quartz.narration import aim_words
from ...games.quartz.events import Accident
from ...games.quartz.moves import column_key
from ...games.quartz.odds import Meter, meter
from ...games.quartz.render import CRYSTAL_COLOURS
from ..charts import LiveChart, chart_config, chart_spec, player_scale
from ..touch import Targets
from ..views import register_views
from . import quartz_touch

#: What the player did after a decision, and how the risk chart marks it.
OUTCOMES = ["revealed, safe", "revealed: accident", "stopped", "not decided yet"]
OUTCOME_SHAPES = ["circle", "cross", "square", "diamond"]
BONUS = "set bonus"
PLACES = ["collection", "Chest"]


# -- the meter, from the active player's seat -----------------------------------------------

class _Meters:
    """The meter of each decision position, computed once per position (the timeline keeps its positions).

    A position is known by its state object, its number of moves and its last
    move, so a state played on (or taken back and played otherwise) is
    measured again.
    """

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._kept: dict[int, tuple[State, tuple, Meter]] = {}

    def __call__(self, state: State) -> Meter:
        where = (state.ply, state.log[-1] if state.log else None)
        found = self._kept.get(id(state))
        if found is not None and found[0] is state and found[1] == where:
            return found[2]
        if len(self._kept) >= self.size:
            self._kept.pop(next(iter(self._kept)))
        value = meter(state)
        self._kept[id(state)] = (state, where, value)
        return value


_METERS = _Meters()


def meter_seen(state: State, viewer: int | None) -> Meter | None:
    """The active player's meter at a decision, if ``viewer`` may see it (``None``: everyone).

    Only at a decision ("To work!" or "Enough for today!"), and only for the
    active player themselves or for everyone: the meter rests on the active
    player's knowledge (their own Chest is known to them, the others' are
    not), so another player may not read it.
    """
    if state.view(viewer)["phase"] != Phase.DECIDE or (viewer is not None and viewer != state.turn):
        return None
    return _METERS(state)


def percent(fraction: Any) -> str:
    """A chance as a whole percentage, ``"35%"``; ``"<1%"`` and ``">99%"`` where rounding would say 0 or 100."""
    value = float(fraction) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def _outcome(timeline: Any, k: int) -> str:
    """What followed the decision at position ``k``: a stop, a safe reveal, or an accident."""
    if k >= len(timeline):
        return OUTCOMES[3]
    entry = timeline.entries[k]
    if isinstance(entry.move, Stop):
        return OUTCOMES[2]
    return OUTCOMES[1] if any(e.__class__ is Accident for e in entry.events) else OUTCOMES[0]


def decision_rows(timeline: Any) -> list[dict[str, Any]]:
    """Every decision of the match with its meter, seen by everyone: one row per decision position.

    ``exploration`` numbers the explorations of the match (each ``explore``
    starts one); ``cards`` is the number of Mine cards in the line; ``risk``
    the accident chance of the next card in percent (``exact`` as a
    fraction); ``stop`` and ``reveal`` what stopping now adds and what one
    more card adds on average; ``outcome`` what the player did next.
    """
    rows = []
    exploration = 0
    names = timeline.final.names
    moves = timeline.moves
    for k in range(len(timeline) + 1):
        if k and isinstance(moves[k - 1], Explore):
            exploration += 1
        state = timeline.at(k)
        view = state.view(None)
        if view["phase"] != Phase.DECIDE:
            continue
        m = _METERS(state)
        rows.append({"move": k, "player": names[m.player], "seat": m.player, "exploration": exploration,
                     "cards": _mine_cards(view), "risk": round(float(m.accident) * 100, 2),
                     "exact": str(m.accident), "unseen": m.unseen, "stop": m.stop,
                     "reveal": round(float(m.reveal), 2), "advice": m.advice, "outcome": _outcome(timeline, k)})
    return rows


def visible(rows: Iterable[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """The decisions ``viewer`` may see the meter of: all of them for everyone, else their own."""
    return [r for r in rows if viewer is None or r["seat"] == viewer]


def exploration_under_way(timeline: Any) -> int | None:
    """The position where the exploration shown began (its ``explore``), or ``None`` outside one.

    An exploration lasts from its announcement until the turn passes, so its
    decisions stay on show during the last chance to attack and Mas Que
    Beleza!, and at the end of the game.
    """
    k = timeline.position
    moves = timeline.moves
    shown = timeline.at(k)
    # A finished game has no turn: it ended on the turn of the player who moved last.
    active = shown.turn if not shown.is_over() else timeline.at(k - 1).turn if k else None
    for i in range(k - 1, -1, -1):
        if timeline.at(i).turn != active:
            return None
        if isinstance(moves[i], Explore):
            return i
    return None


def exploration_rows(rows: list[dict[str, Any]], timeline: Any, viewer: int | None) -> list[dict[str, Any]]:
    """The decisions of the exploration shown, up to the position shown, that ``viewer`` may see.

    Two rows a decision, ``choice`` "stop now" and "one more card", each
    with its ``points`` (what stopping adds; what one more card adds on
    average), for a grouped bar chart; ``step`` names the decision: its
    number in the exploration, the cards in the line, and (after ``|``, a
    second line) the risk of the next card.
    """
    start = exploration_under_way(timeline)
    if start is None:
        return []
    k = timeline.position
    out = []
    n = 0
    for row in visible(rows, viewer):
        if start < row["move"] <= k:
            n += 1
            cards = f"{row['cards']} card{'s' if row['cards'] != 1 else ''}"
            step = f"#{n} \u00b7 {cards}|{percent(row['risk'] / 100)} risk"
            for choice, points in (("stop now", row["stop"]), ("one more card", row["reveal"])):
                out.append({"step": step, "move": row["move"], "choice": choice, "points": points,
                            "risk": row["risk"], "exact": row["exact"], "player": row["player"],
                            "now": row["move"] == k})
    return out


def meter_note(state: State, viewer: int | None) -> str:
    """One sentence on the meter at the position shown, as ``viewer`` may read it."""
    if state.is_over():
        return "The game is over: no more cards to reveal."
    view = state.view(viewer)
    active = _active(view)
    if view["phase"] != Phase.DECIDE:
        if view["phase"] == Phase.ANNOUNCE:
            return f"{active} announces: the meter appears at each decision of an exploration."
        return f"The meter appears when {active} decides: \u201cTo work!\u201d or \u201cEnough for today!\u201d."
    m = meter_seen(state, viewer)
    if m is None:
        return (f"{active} decides. The meter rests on what only {active} knows\n"
                f"({active}'s own Chest): seen by {state.names[viewer]}, it stays hidden.")
    cards = _mine_cards(view)
    return (f"{active} decides, {cards} card{'s' if cards != 1 else ''} in the line.\n"
            f"Next card: {percent(m.accident)} accident risk ({m.accident} of {m.unseen} unseen cards).\n"
            f"Stop now +{m.stop} \u00b7 one more card +{float(m.reveal):.1f} on average \u2192 {m.advice}.")


# -- what the crystals are worth ----------------------------------------------------------------

def crystal_rows(state: State, viewer: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each player's crystals as ``viewer`` sees them: one row a segment, and one label a player.

    A segment is a column's cards in the collection, in the Chest, or the
    column's set bonus (5 for every 4 identical cards, collection and Chest
    together).  Another player's Chest, unseen, adds nothing to the bars:
    its label says how many cards it hides.  The segments of a player add up
    to their score when the Chest is seen, else to the collection's points.
    """
    view = state.view(viewer)
    deck = state.deck
    kinds = deck.kinds
    crystals = deck.columns()
    order = sorted(crystals, key=column_key)
    segments, labels = [], []
    for p, seat in enumerate(view["players"]):
        name = view["names"][p]
        collection, chest = seat["collection"], seat["chest"]
        total = 0
        for col in order:
            parts = {"collection": collection.get(col, []), "Chest": (chest or {}).get(col, [])}
            cards = parts["collection"] + parts["Chest"]
            if not cards:
                continue
            value = kinds[cards[0]].value
            for place in PLACES:
                if parts[place]:
                    n = len(parts[place])
                    segments.append({"player": name, "seat": p, "column": col, "crystal": crystals[col],
                                     "part": crystals[col], "place": place, "cards": n, "points": n * value,
                                     "order": order.index(col) * 3 + PLACES.index(place)})
            points = state.worth(cards)
            if points > len(cards) * value:
                segments.append({"player": name, "seat": p, "column": col, "crystal": crystals[col], "part": BONUS,
                                 "place": "collection", "cards": len(cards), "points": points - len(cards) * value,
                                 "order": order.index(col) * 3 + 2})
            total += points
        hidden = seat["chest_count"] if chest is None else 0
        text = f"{total}" + (f" + Chest ({seat['chest_count']} hidden)" if hidden else "")
        labels.append({"player": name, "seat": p, "points": total, "hidden": hidden, "text": text})
    return segments, labels


# -- words on the move buttons ---------------------------------------------------------------------

def _card_words(state: State, code: str, icons: bool = True) -> str:
    """A Mine card in words, as its face shows it: ``"the Ruby 6 (unstable at 1 and 4)"`` (``icons``: with what
    it shows besides its crystal, which matters for a card about to join the line)."""
    kind = state.deck.kinds[code]
    return f"the {kind.label if icons else kind.name}"


def _col(state: State, column: str) -> str:
    """A column in words: ``"Ruby 6"``."""
    return state.deck.column_name(column)


def _mine_cards(view: QuartzView) -> int:
    """How many Mine cards the line holds (a Presentinho is not one)."""
    return sum(1 for c in view["line"] if not c["helper_card"])


def _active(view: QuartzView) -> str:
    """The name of the player whose turn it is."""
    return view["names"][view["turn"] or 0]


def _column_words(state: State, view: QuartzView, player: int, column: str) -> str:
    cards = view["players"][player]["collection"].get(column, [])
    points = state.worth(cards)
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}, {points} points"


def _last_mine(view: QuartzView) -> str:
    """The last Mine card of the line, in words (``"the Ruby 6"``)."""
    return next((f"the {c['title']}" for c in reversed(view["line"]) if not c["helper_card"]), "no card")


def _attack_effect(view: QuartzView) -> str:
    """What the pending attack does if nothing answers it."""
    attack = view["attack"]
    assert attack is not None  # the attack being defended against
    card, thief, active = attack["card"], view["names"][attack["attacker"]], _active(view)
    if card == "passa":
        return f"{thief} takes {_last_mine(view)} from the line"
    if card == "para":
        return f"{active}'s turn ends, the line is collected"
    if card == "posso":
        return f"{thief} draws Mine cards, keeps one"
    if card == "presente":
        return "the Presentinho joins the line"
    if len(columns_of(attack["target"])) == 1:
        return f"{thief} steals {active}'s {attack['aim'].removeprefix('the ')}"
    return f"{thief} steals {attack['aim']}"


def _attack_words(state: State, view: QuartzView, move: Play) -> str:
    """What an Attack card would do, for the opponent deciding whether to play it."""
    card, active = move.card, _active(view)
    title = HELPERS[card].title
    if card == "passa":
        what = f"take the last card, {_last_mine(view)}"
    elif card == "para":
        what = f"end {active}'s turn now: the line is collected as it is"
    elif card == "posso":
        what = f"draw {min(2, view['mine_deck'])} Mine cards: keep one, the other joins {active}'s line"
    elif card == "presente":
        what = ("a second Presentinho: an accident at once" if any(c["helper_card"] for c in view["line"])
                else f"{active}'s next Unstable Crystal is an accident")
    else:
        parts = move.columns
        aim = aim_words([_col(state, c) for c in parts])
        if len(parts) == 1:
            what = f"steal {active}'s {aim.removeprefix('the ')}: {_column_words(state, view, view['turn'] or 0, parts[0])}"
        else:
            what = f"steal {aim} from {active}"
    return f"attack: {title} ({what})"


def describe(state: State, move: Any) -> str:
    """A few words on what a Quartz move does here, for the player about to make it."""
    view = state.view(state.to_move)
    phase, turn = view["phase"], view["turn"]
    active = view["names"][turn] if turn is not None else ""
    attack = view["attack"]
    if isinstance(move, Explore):
        if turn is not None and view["players"][turn]["returned"]:
            return "explore the mine: the Presentinho sent back starts the line"
        return "explore the mine"
    if isinstance(move, Protect):
        return f"protect your {_col(state, move.column)} column ({_column_words(state, view, turn or 0, move.column)}): the whole turn"
    if isinstance(move, Continue):
        return f"reveal another card — {percent(_METERS(state).accident)} accident risk"
    if isinstance(move, Stop):
        points = _METERS(state).stop
        return f"stop and keep {points} point{'s' if points != 1 else ''}" if points else "stop: the line holds nothing"
    if isinstance(move, Hire):
        return f"discard {_card_words(state, view['line'][-1]['card'], icons=False)} from the line, draw a Helper card"
    if isinstance(move, Keep):
        others = list(view["drawn"])
        others.remove(move.card)
        if others:
            return f"keep {_card_words(state, move.card)}; {_card_words(state, others[0])} joins {active}'s line"
        return f"keep {_card_words(state, move.card)}, the last card"
    if isinstance(move, Line):
        return f"put {_card_words(state, move.card)} at the end of {active}'s line"
    if isinstance(move, Pass):
        if phase == Phase.ATTACK:
            return f"do not attack {active}"
        if phase == Phase.DEFEND:
            return f"no defense: {_attack_effect(view)}"
        if phase == Phase.CANCEL and attack is not None:
            return f"take the Presentinho back: it starts {view['names'][attack['attacker']]}'s next exploration"
        if phase == Phase.HIRE:
            return f"keep {_card_words(state, view['line'][-1]['card'], icons=False)} in the line"
        return "end the turn"
    if isinstance(move, Play):
        card = move.card
        if phase == Phase.ATTACK:
            return _attack_words(state, view, move)
        if phase == Phase.CANCEL:
            return "Sai Fora! back: the Presentinho goes into the line after all"
        thief = view["names"][attack["attacker"]] if attack is not None else ""
        if card == "semchance" and attack is not None:
            return f"defend: Sem Chance! (cancel the {attack['title']})"
        if card == "cadaver":
            steal = f", steal {article(_col(state, move.target))} from {thief}" if move.target else ""
            return f"defend: Só Por Cima do Meu Cadáver! (cancel the theft{steal})"
        if card == "saifora":
            return f"defend: Sai Fora! (the Presentinho goes back to {thief})"
        if card == "beleza":
            return (f"Mas Que Beleza!: protect your {_col(state, move.target)} column "
                    f"({_column_words(state, view, turn or 0, move.target)}) too")
    return ""


# -- the table ------------------------------------------------------------------------------------

def table(state: State, viewer: int | None, targets: Targets | None = None, looks: frozenset[str] = frozenset()) -> str:
    """The table as ``viewer`` sees it, collections coloured by crystal, Helper cards in English, and, when a
    person decides, the prompt with their choices (:mod:`.quartz_touch`); what a lesson's note names is
    outlined."""
    return quartz_touch.table_html(state, viewer, targets, looks=looks)


# -- the charts ------------------------------------------------------------------------------------

CHOICES = ["stop now", "one more card"]
CHOICE_COLORS = ["#009e73", "#e69f00"]  # Okabe and Ito: told apart by any eyes
BONUS_COLOR = "#ffe14d"


def risk_chart(names: list[str], width: int = 960, height: int = 170) -> alt.LayerChart:
    """The accident risk of the next card at every decision, one line per exploration, coloured by player.

    Datasets: ``decisions`` (:func:`decision_rows`, filtered by :func:`visible`) and ``now`` (``move``).
    """
    color = alt.Color("player:N", title=None, scale=player_scale(names), sort=list(names))
    x = alt.X("move:Q", title="moves played", axis=alt.Axis(tickMinStep=1, format="d"))
    y = alt.Y("risk:Q", title="accident risk (%)", scale=alt.Scale(zero=True, nice=True))
    base = alt.Chart(alt.Data(name="decisions"))
    lines = base.mark_line(strokeWidth=2, opacity=0.8).encode(x=x, y=y, color=color, detail="exploration:N")
    tip = [alt.Tooltip("player:N"), alt.Tooltip("cards:Q", title="cards in the line"),
           alt.Tooltip("exact:N", title="accident chance"), alt.Tooltip("risk:Q", title="risk (%)"),
           alt.Tooltip("stop:Q", title="stop now: points"),
           alt.Tooltip("reveal:Q", title="one more card: points on average"),
           alt.Tooltip("outcome:N", title="then"), alt.Tooltip("move:Q")]
    dots = base.mark_point(size=60, filled=True, opacity=1).encode(
        x=x, y=y, color=color,
        shape=alt.Shape("outcome:N", title=None, scale=alt.Scale(domain=OUTCOMES, range=OUTCOME_SHAPES)),
        tooltip=tip)
    rule = alt.Chart(alt.Data(name="now")).mark_rule(color="#888", strokeDash=[4, 3]).encode(x="move:Q")
    return alt.layer(lines, rule, dots).properties(
        title=alt.TitleParams("Accident risk of the next card, at every decision",
                              subtitle="one line per exploration; the mark says what the player did next; "
                                       "exact, from the active player's knowledge"),
        width=width, height=height).resolve_scale(color="shared")


def exploration_chart(width: int = 360, height: int = 170) -> alt.VConcatChart:
    """The exploration shown, decision by decision: the points of stopping against one more card.

    Datasets: ``exploration`` (:func:`exploration_rows`) and ``note`` (``text``: :func:`meter_note`,
    lines split at newlines).
    """
    note = alt.Chart(alt.Data(name="note")).mark_text(align="left", baseline="top", fontSize=12, color="#333",
                                                      lineBreak="\n", lineHeight=16).encode(
        text="text:N", x=alt.value(0), y=alt.value(0)).properties(width=width, height=48)
    x = alt.X("step:N", title=None, sort=alt.EncodingSortField("move", order="ascending"),
              scale=alt.Scale(paddingInner=0.25),
              axis=alt.Axis(labelAngle=0, labelLimit=120, labelExpr="split(datum.label, '|')"))
    bars = alt.Chart(alt.Data(name="exploration")).mark_bar().encode(
        x=x, xOffset=alt.XOffset("choice:N", sort=CHOICES, scale=alt.Scale(domain=CHOICES)),
        y=alt.Y("points:Q", title="points the line adds", scale=alt.Scale(zero=True)),
        color=alt.Color("choice:N", title=None, sort=CHOICES, scale=alt.Scale(domain=CHOICES, range=CHOICE_COLORS),
                        legend=alt.Legend(orient="top")),
        stroke=alt.condition(alt.datum.now, alt.value("#111"), alt.value(None)),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("choice:N"), alt.Tooltip("points:Q"),
                 alt.Tooltip("exact:N", title="accident chance of the next card")],
    ).properties(width=width, height=height)
    return alt.vconcat(note, bars, spacing=4).properties(title=alt.TitleParams(
        "This exploration: stop now, or one more card?",
        subtitle="what the line adds if the player stops, and on average after one more card"))


def crystals_chart(names: list[str], crystals: list[str], width: int = 300) -> alt.LayerChart:
    """Each player's points, crystal by crystal, collection and Chest, with the set bonuses.

    Datasets: ``crystals`` and ``crystal_labels`` (:func:`crystal_rows`).
    """
    parts = [*crystals, BONUS]
    colours = [CRYSTAL_COLOURS.get(c, "#cccccc") for c in crystals] + [BONUS_COLOR]
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    bars = alt.Chart(alt.Data(name="crystals")).mark_bar(height=18, stroke="#555", strokeWidth=0.5).encode(
        x=alt.X("points:Q", title="points", stack="zero", axis=alt.Axis(tickMinStep=1, format="d")),
        y=y, order=alt.Order("order:Q"),
        color=alt.Color("part:N", title=None, scale=alt.Scale(domain=parts, range=colours),
                        legend=alt.Legend(orient="bottom", columns=4)),
        opacity=alt.Opacity("place:N", title=None, scale=alt.Scale(domain=PLACES, range=[1.0, 0.45]),
                            legend=alt.Legend(orient="bottom", symbolFillColor="#8a6d3b", symbolType="square")),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("column:N"), alt.Tooltip("part:N"), alt.Tooltip("place:N"),
                 alt.Tooltip("cards:Q"), alt.Tooltip("points:Q")])
    text = alt.Chart(alt.Data(name="crystal_labels")).mark_text(align="left", dx=4, fontSize=12,
                                                                fontWeight=600).encode(
        x="points:Q", y=y, text="text:N")
    return alt.layer(bars, text).properties(
        title=alt.TitleParams("What each player's crystals are worth",
                              subtitle="collection and Chest, crystal by crystal, with the set bonuses"),
        width=width, height=30 * len(names))



def panel_chart(names: list[str], crystals: list[str]) -> alt.TopLevelMixin:
    """The whole panel: the risk along the match above; the exploration and the crystals side by side below."""
    below = alt.hconcat(exploration_chart(), crystals_chart(names, crystals), spacing=120)
    below = below.resolve_scale(color="independent", opacity="independent")
    whole = alt.vconcat(risk_chart(names), below, spacing=26).resolve_scale(color="independent", shape="independent")
    return chart_config(whole)


class QuartzPanel:
    """The push-your-luck meter along the match and for the exploration shown, and the crystals' worth."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._shape: tuple | None = None
        self._version: tuple | None = None
        self._shown: tuple | None = None
        self._rows: list[dict[str, Any]] = []
        self.widget = LiveChart(panel_chart(["?"], []), decisions=[], now=[], exploration=[], note=[], crystals=[],
                                crystal_labels=[])

    def show(self, timeline: Any, viewer: int | None) -> None:
        final = timeline.final
        crystals = list(dict.fromkeys(final.deck.columns()[c] for c in sorted(final.deck.columns(), key=column_key)))
        shape = (tuple(final.names), tuple(crystals))
        if shape != self._shape:  # a new match with other players or another deck: new scales
            self._shape = shape
            self.widget.spec = chart_spec(panel_chart, *shape)
        version = (id(timeline), timeline.version, len(timeline))
        if version != self._version:
            self._version = version
            self._rows = decision_rows(timeline)
        shown = (*version, timeline.position, viewer)
        if shown == self._shown:
            return
        self._shown = shown
        state = timeline.state
        segments, labels = crystal_rows(state, viewer)
        self.widget.update(decisions=visible(self._rows, viewer), now=[{"move": timeline.position}],
                           exploration=exploration_rows(self._rows, timeline, viewer),
                           note=[{"text": meter_note(state, viewer)}], crystals=segments, crystal_labels=labels)


register_views("quartz", table=table, panel=QuartzPanel, describe=describe, touch=quartz_touch.QuartzTouch,
               fold=quartz_touch.fold)
