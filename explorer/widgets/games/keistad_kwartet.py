"""Keistad Kwartet in the explorer: the table with what was said, words for every ask, and a knowledge panel.

Kwartet is a game of memory.  Every ask and every answer is said out loud,
so the table slowly learns where the cards are: Ana asked for Quartet 3, so
she holds some card of it; Bo had no 3.2; Cy handed 5.1 over, so it is in
Ana's hand now.  The engine keeps that knowledge (:mod:`.knowledge` of the
game); the explorer shows it three ways:

* the table: every hand (or, when hidden, what the table knows of it), the
  quartets laid down, the pot, the last things said at the table, and the
  knowledge matrix, four pips a quartet;
* each ask's button says what is known about it: *ask Bo for Quartet 3,
  card 2 — Bo is known to hold it*;
* the panel: quartets laid down move by move, how much of each hand the
  table knows move by move, and the knowledge matrix card by card for the
  position shown (seen by a player: what that player knows, their own hand
  included).

The card and quartet names are stand-ins (the rule sheet does not list
them) and the bonus cards' effects are the explorer's interpretation; both
are said wherever they show.
"""

from __future__ import annotations

from typing import Any

import altair as alt

from ...core import Game, State
from ...games.keistad_kwartet.cards import (
    BONUS_CARDS, BONUS_NAMES, DECK, PER_QUARTET, QUARTET_MASK, QUARTETS, bit, cards_in, code,
    describe as card_words,
)
from ...games.keistad_kwartet.knowledge import Knowledge
from ...games.keistad_kwartet.moves import (
    Ask, AskQuartet, Beeldenstorm, Keistadfeesten, OpenMonumentendagen, Stadswandeling,
)
from ...games.keistad_kwartet.render import table_html
from ...games.keistad_kwartet.strategy import Odds
from ..charts import LiveChart, chart_config, chart_spec, score_lines, score_rows
from ..touch import Targets
from ..views import register_views
from . import kwartet_touch

#: How many of the last moves the table repeats as what was said.
SAID = 4
#: What the knowledge matrix can say about a card and a hand, and how the panel colours it.
STATES = ["known in the hand", "holds at least one of these", "known not there", "unknown", "laid down or played"]
STATE_COLORS = ["#2e9e4f", "#9ecae9", "#e4e6ea", "#ffffff", "#a3acb8"]
#: Slots on the matrix's card axis: four per quartet and a gap, then the bonus cards.
SLOTS_PER_QUARTET = PER_QUARTET + 1
BONUS_SLOT = QUARTETS * SLOTS_PER_QUARTET
STAND_IN = "*" if DECK.stand_in else ""


# -- the table ----------------------------------------------------------------------------
def said(state: State, last: int = SAID) -> list[tuple[int, str]]:
    """The last moves as said at the table: (move number, narration) pairs, oldest first."""
    log = state.log[-last:] if last else ()
    return [(e.index + 1, e.text) for e in log]


#: A position offers dozens of asks, each with a few words: their buttons are made compact to fit the page.
BUTTONS_CSS = """<style>
.ex-game-keistad-kwartet .ex-legal { gap: 3px 4px; }
.ex-game-keistad-kwartet .ex-legal .ex-move { min-height: 22px; padding: 1px 7px; font-size: 12px; line-height: 1.35; }
</style>"""


def table(state: State, viewer: int | None, targets: Targets | None = None, looks: frozenset[str] = frozenset()) -> str:
    """The table as ``viewer`` sees it, with the last things said at it, and the ask box when a person asks;
    what a lesson's note names is outlined."""
    marks, ask = kwartet_touch.table_marks(state, targets, looks)
    return (BUTTONS_CSS + kwartet_touch.CSS + kwartet_touch.chosen_css(targets)
            + table_html(state.view(viewer), said(state), marks, ask))


# -- the words on the move buttons ----------------------------------------------------------
class _Known:
    """What the table knows, and the odds of each card as the mover sees them (their own hand seen), for the
    position on screen, both by the exact model (:mod:`.deals` of the game).

    Worked out once per position: every button of a position asks for them.
    """

    def __init__(self) -> None:
        self._state: State | None = None
        self._key: tuple = ()
        self._value: tuple[Knowledge, Odds] | None = None

    def __call__(self, state: State) -> tuple[Knowledge, Odds]:
        """The table's knowledge and the mover's odds at ``state``."""
        key = (state.ply, len(state.events))
        if self._state is not state or self._key != key or self._value is None:
            self._state, self._key = state, key
            self._value = state.knowledge(), Odds(state.knowledge(state.to_move), state.to_move)
        return self._value


_KNOWN = _Known()


def _likely(p: float) -> str:
    """A chance in words: ``"about 22%"``."""
    if p <= 0:
        return "no chance"
    percent = round(p * 100)
    return f"about {max(percent, 1)}%" if percent < 100 else "almost sure"


def describe(state: State, move: Any) -> str:
    """A few words on an ask or a bonus card, from what the player to move knows (their hand and the table's)."""
    if state.is_over():
        return ""
    me = state.to_move
    names = state.names
    if isinstance(move, Ask):
        who, b = names[move.target], bit(move.card)
        text = f"ask {who} for {card_words(move.card)} \u2014 "
        if state.hand(me) & b:
            return text + "a bluff: you hold it"
        table_knows, odds = _KNOWN(state)
        if table_knows.known_in(move.target) & b:
            return text + f"{who} is known to hold it"
        if table_knows.known_not_in(move.target) & b:
            return text + f"{who} is known not to have it"
        p = odds.of(move.target, move.card)
        return text + f"not known ({_likely(p)})"
    if isinstance(move, AskQuartet):
        table_knows = _KNOWN(state)[0]
        who, q = names[move.target], move.quartet
        text = f"ask {who} for all of Quartet {q + 1} \u2014 "
        known = table_knows.known_in(move.target) & QUARTET_MASK[q]
        if known:
            return text + f"{who} is known to hold {', '.join(code(c) for c in cards_in(known))}"
        if q in table_knows.holds_some(move.target):
            return text + f"{who} is known to hold some of it"
        if not QUARTET_MASK[q] & table_knows.live & ~table_knows.known_not_in(move.target) & ~state.hand(me):
            return text + f"{who} is known to have none"
        return text + "not known"
    if isinstance(move, Beeldenstorm):
        return "play Beeldenstorm: all hands and the pot shuffled and dealt anew (interpretation)"
    if isinstance(move, Keistadfeesten):
        return f"play Keistadfeesten: everyone brings you their cards of Quartet {move.quartet + 1} (interpretation)"
    if isinstance(move, Stadswandeling):
        return f"play Stadswandeling: walk round the table for {card_words(move.card)} (interpretation)"
    if isinstance(move, OpenMonumentendagen):
        return f"play Open Monumentendagen: {names[move.target]} shows their hand (interpretation)"
    return ""


# -- the panel's data -------------------------------------------------------------------------
class HandsKnown:
    """How much of each hand the table knows at every position of a match, by the exact model.

    Each position's knowledge is its own (``state.knowledge()``: worked out
    once and kept with the position, from the position before it), so the
    table on screen and this chart read the same facts, worked out once.
    Every hand's size and unknown cards are noted once per position: after a
    move, only the new position is read; a new branch reads its new
    positions.
    """

    def __init__(self) -> None:
        #: By position (its identity, the position kept with it): every hand's (size, unknown) there.
        self._seen: dict[int, tuple[State, tuple[tuple[int, int], ...]]] = {}

    def along(self, timeline: Any) -> list[tuple[tuple[int, int], ...]]:
        """For each position of ``timeline`` (0 to its length), every hand's (size, unknown) there."""
        seen: dict[int, tuple[State, tuple[tuple[int, int], ...]]] = {}
        rows = []
        for k in range(len(timeline) + 1):
            state = timeline.at(k)
            entry = self._seen.get(id(state))
            if entry is None or entry[0] is not state:
                knowledge = state.knowledge()
                entry = state, tuple((knowledge.size(p), knowledge.unknown(p)) for p in range(state.players))
            seen[id(state)] = entry
            rows.append(entry[1])
        self._seen = seen  # the positions of this timeline only: a branch dropped is forgotten
        return rows


def known_rows(timeline: Any, hands: HandsKnown | None = None) -> list[dict[str, Any]]:
    """How much of each hand the table knows, move by move, as runs of moves where nothing changed.

    A row covers moves ``start`` (included) to ``end`` (excluded) for one
    player: ``known`` cards of ``cards`` are known, ``unknown`` are not,
    ``share`` is the part known (0 to 1; 1 for an empty hand).  ``hands``
    keeps what was learnt for the next call (a panel keeps one).
    """
    along = (hands or HandsKnown()).along(timeline)
    rows: list[dict[str, Any]] = []
    for p, name in enumerate(timeline.final.names):
        run: dict[str, Any] | None = None
        for k, counts in enumerate(along):
            cards, unknown = counts[p]
            if run is not None and (run["cards"], run["unknown"]) == (cards, unknown):
                run["end"] = k + 1
                continue
            run = {"player": name, "seat": p, "start": k, "end": k + 1, "cards": cards, "known": cards - unknown,
                   "unknown": unknown, "share": round((cards - unknown) / cards, 3) if cards else 1.0}
            rows.append(run)
    return rows


def _slot(card: int) -> int:
    if card in BONUS_CARDS:
        return BONUS_SLOT + BONUS_CARDS.index(card)
    return (card >> 2) * SLOTS_PER_QUARTET + (card & 3)


def _card_name(card: int) -> str:
    if card in BONUS_CARDS:
        return BONUS_NAMES[card]
    return f"{DECK.cards[card >> 2][card & 3]}{STAND_IN} ({DECK.quartets[card >> 2]}{STAND_IN})"


def matrix_rows(state: State, viewer: int | None = None) -> list[dict[str, Any]]:
    """The knowledge matrix card by card: one row per player and card, saying what is known of it.

    Seen by everyone it is what the table knows from the public asks and
    answers; seen by a player it is what that player knows, their own hand
    included.  ``state`` is one of :data:`STATES`: a card nobody can place is
    ``"holds at least one of these"`` where the player is known to hold a
    card of its quartet that nobody has placed; cards out of play (laid
    down, bonus cards played or taken out) are ``"laid down or played"``.
    """
    knowledge = state.knowledge(viewer)
    view = state.view(viewer)
    cards = list(range(QUARTETS * PER_QUARTET)) + (list(BONUS_CARDS) if view["bonus"]["in_game"] else [])
    owner = {q - 1: p for p, laid in enumerate(view["laid"]) for q in laid}  # the view counts quartets from 1
    rows = []
    for p, name in enumerate(state.names):
        has, hasnt = knowledge.known_in(p), knowledge.known_not_in(p)
        some = set(knowledge.unplaced_holdings(p))  # quartets of which the player holds a card nobody has placed
        for card in cards:
            b = bit(card)
            if not knowledge.live & b:
                what = STATES[4]
            elif has & b:
                what = STATES[0]
            elif hasnt & b:
                what = STATES[2]
            elif card not in BONUS_CARDS and card >> 2 in some:
                what = STATES[1]
            else:
                what = STATES[3]
            q = card >> 2
            note = ""
            if what == STATES[4] and card not in BONUS_CARDS and q in owner:
                note = f"laid down by {state.names[owner[q]]}"
            rows.append({"player": name, "seat": p, "card": code(card), "slot": _slot(card),
                         "number": "" if card in BONUS_CARDS else str((card & 3) + 1),
                         "name": _card_name(card), "state": what, "note": note})
    return rows


def matrix_hand_rows(state: State, viewer: int | None = None) -> list[dict[str, Any]]:
    """Beside the matrix, each hand's count of unknown cards (as the matrix's knower sees it)."""
    knowledge = state.knowledge(viewer)
    return [{"player": name, "seat": p, "unknown": knowledge.unknown(p), "cards": knowledge.size(p),
             "text": _hand_known(knowledge.unknown(p), knowledge.size(p))}
            for p, name in enumerate(state.names)]


def _hand_known(unknown: int, size: int) -> str:
    """How much of a hand is unknown, in words: ``"2 of 3 unknown"``, ``"3 cards, all known"``, ``"no cards"``."""
    if size == 0:
        return "no cards"
    if unknown == 0:
        return "1 card, known" if size == 1 else f"{size} cards, all known"
    return f"{unknown} of {size} unknown"


def matrix_title(state: State, viewer: int | None) -> str:
    k = f"after move {state.ply}" if state.ply else "at the deal"
    if viewer is None:
        return f"What the table knows {k}: the public asks and answers alone"
    return f"What {state.names[viewer]} knows {k}: their own hand, and what the table knows"


# -- the panel ------------------------------------------------------------------------------
def quartets_chart(names: list[str], width: int = 400, height: int = 150) -> alt.LayerChart:
    """Quartets laid down by each player after every move, and the position shown.

    Datasets: ``scores`` and ``now`` (:func:`explorer.widgets.charts.score_rows`: a score is a quartet).
    """
    title = alt.TitleParams("Quartets laid down", subtitle="each player's kwartets, move by move")
    return score_lines(title, names, width, height, unit="quartets", reach=3)


def known_chart(names: list[str], width: int = 420) -> alt.LayerChart:
    """How much of each hand the table knows, move by move: a strip per player, darker where more is known.

    Datasets: ``known`` (:func:`known_rows`) and ``now`` (the position shown).
    """
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None)
    # An empty hand has nothing to know: it is left blank.  Each position is a cell centred on its move.
    cells = alt.Chart(alt.Data(name="known")).transform_filter(alt.datum.cards > 0).transform_calculate(
        left="datum.start - 0.5", right="datum.end - 0.5").mark_rect().encode(
        x=alt.X("left:Q", title="moves played", scale=alt.Scale(nice=False, zero=False),
                axis=alt.Axis(tickMinStep=1, format="d")), x2="right:Q", y=y,
        color=alt.Color("share:Q", title="part of the hand known", scale=alt.Scale(domain=[0, 1], scheme="greens"),
                        legend=alt.Legend(orient="bottom", format="%", gradientLength=160)),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("start:Q", title="from move"),
                 alt.Tooltip("end:Q", title="to move (excluded)"), alt.Tooltip("known:Q", title="cards known"),
                 alt.Tooltip("unknown:Q", title="cards unknown"), alt.Tooltip("cards:Q", title="cards in hand")])
    rule = alt.Chart(alt.Data(name="now")).mark_rule(color="#b42318", strokeWidth=2).encode(x="move:Q")
    return alt.layer(cells, rule).properties(
        title=alt.TitleParams("How much of each hand the table knows",
                              subtitle="known cards against the hand's size, move by move"),
        width=width, height=26 * len(names))


def matrix_chart(names: list[str], bonus: bool, cell: int = 14) -> alt.VConcatChart:
    """The knowledge matrix card by card for the position shown: players by cards, a colour per fact.

    Datasets: ``matrix`` (:func:`matrix_rows`), ``matrix_hands`` (:func:`matrix_hand_rows`) and
    ``matrix_title`` (``text``: :func:`matrix_title`).
    """
    end = BONUS_SLOT + (len(BONUS_CARDS) if bonus else -1)
    ticks = [q * SLOTS_PER_QUARTET + 1.5 for q in range(QUARTETS)] + ([BONUS_SLOT + 1.5] if bonus else [])
    label = f"datum.value < {BONUS_SLOT} ? 'Q' + (floor(datum.value / {SLOTS_PER_QUARTET}) + 1) : 'bonus'"
    width = cell * end
    x = alt.X("slot:Q", title=None, scale=alt.Scale(domain=[0, end], nice=False, zero=True),
              axis=alt.Axis(values=ticks, labelExpr=label, orient="top", ticks=False, domain=False, grid=False,
                            labelAngle=0))
    y = alt.Y("player:N", sort=list(names), scale=alt.Scale(domain=list(names)), title=None,
              axis=alt.Axis(ticks=False, domain=False))
    base = alt.Chart(alt.Data(name="matrix")).transform_calculate(right="datum.slot + 0.9")
    tip = [alt.Tooltip("player:N"), alt.Tooltip("card:N"), alt.Tooltip("name:N", title="name (* stand-in)"),
           alt.Tooltip("state:N", title="known"), alt.Tooltip("note:N", title=" ")]
    rects = base.mark_rect(stroke="#9aa3ad", strokeWidth=0.6, cornerRadius=2).encode(
        x=x, x2="right:Q", y=y, tooltip=tip,
        color=alt.Color("state:N", title=None, scale=alt.Scale(domain=STATES, range=STATE_COLORS),
                        legend=alt.Legend(orient="bottom", columns=3, labelLimit=240, symbolStrokeColor="#9aa3ad",
                                          symbolType="square")))
    numbers = base.mark_text(fontSize=12, dx=cell * 0.45).encode(
        x=x, y=y, text="number:N",
        color=alt.condition(alt.FieldOneOfPredicate(field="state", oneOf=[STATES[0], STATES[4]]), alt.value("white"),
                            alt.value("#59636e")))
    hands = alt.Chart(alt.Data(name="matrix_hands")).mark_text(align="left", fontSize=12, dx=6).encode(
        x=alt.value(width), y=y, text="text:N")
    matrix = alt.layer(rects, numbers, hands).properties(width=width, height=22 * len(names))
    title = alt.Chart(alt.Data(name="matrix_title")).mark_text(
        align="left", baseline="top", fontSize=13, fontWeight=600, color="#333").encode(
        text="text:N", x=alt.value(0), y=alt.value(0)).properties(width=width, height=18)
    note = alt.Chart(alt.Data(values=[{"text": "each cell is a card: 3.2 is Quartet 3, card 2; hover for its "
                                               "name (* a stand-in: the rule sheet does not list the names)"}])
                     ).mark_text(align="left", baseline="top", fontSize=12, color="#59636e").encode(
        text="text:N", x=alt.value(0), y=alt.value(0)).properties(width=width, height=14)
    return alt.vconcat(title, note, matrix, spacing=2)



def panel_chart(names: list[str], bonus: bool) -> alt.TopLevelMixin:
    """The whole panel: quartets and knowledge along the match above, the matrix of the position below."""
    above = alt.hconcat(quartets_chart(names), known_chart(names), spacing=40).resolve_scale(color="independent")
    whole = alt.vconcat(above, matrix_chart(names, bonus), spacing=24).resolve_scale(color="independent")
    return chart_config(whole)


class KwartetPanel:
    """Quartets and the table's knowledge along the match, and the knowledge matrix of the position shown."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._shape: tuple | None = None
        self._version: tuple | None = None
        self._shown: tuple | None = None
        self._known: list[dict[str, Any]] = []
        self._hands = HandsKnown()
        # A placeholder until the first match is shown: building the real chart's spec takes a while.
        self.widget = LiveChart(alt.Chart(alt.Data(name="scores")).mark_line(), scores=[], now=[], known=[], matrix=[],
                                matrix_hands=[], matrix_title=[])

    def show(self, timeline: Any, viewer: int | None) -> None:
        final = timeline.final
        shape = (tuple(final.names), bool(final.options["bonus_cards"]))
        if shape != self._shape:  # a new match with other players, or with the bonus cards: new scales
            self._shape = shape
            self.widget.spec = chart_spec(panel_chart, *shape)
        version = (id(timeline), timeline.version, len(timeline))
        if version != self._version:
            self._version = version
            self._known = known_rows(timeline, self._hands)
        shown = (*version, timeline.position, viewer)
        if shown == self._shown:
            return
        self._shown = shown
        state = timeline.state
        scores, now = score_rows(timeline)
        self.widget.update(scores=scores, now=now, known=self._known, matrix=matrix_rows(state, viewer),
                           matrix_hands=matrix_hand_rows(state, viewer),
                           matrix_title=[{"text": matrix_title(state, viewer)}])


register_views("keistad-kwartet", table=table, panel=KwartetPanel, describe=describe,
               touch=kwartet_touch.KwartetTouch)

__all__ = ["HandsKnown", "KwartetPanel", "STATES", "describe", "known_rows", "matrix_hand_rows", "matrix_rows",
           "matrix_title", "panel_chart", "said", "table"]
