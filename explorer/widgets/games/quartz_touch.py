"""Quartz played on its table: a prompt with the choices of the moment, Helper cards in English, columns to touch.

What a touch means
    The table asks the player to move a question, in a box under the
    banner, with every choice they have as a large button: *Explore the
    mine*, *To work!* and *Enough for today!*, the Attack cards an opponent
    may play (and *Do not attack*), the Defense cards the active player may
    answer with (and *No defense*), the drawn cards to keep.  Every legal
    move is one of those buttons, or two touches away: a Helper card that
    needs a target (a column to steal, a card to take back) is touched
    first, then its target, on the prompt or on the table's columns.  A
    Helper card in the mover's hand and a column of a collection are
    targets too: touched when they do nothing now, they are answered with
    the rule that forbids them.

Helper cards in words
    The printed names are Portuguese; each card on the table shows its
    English name below and says what it does on hover (:data:`HELPER_WORDS`).

The log
    Most of a Quartz game's moves are opponents declining to attack; a run
    of them reads as one line of the move list (:func:`fold`): "Bo and Cy do
    not attack."
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ...core import Entry, State
from ...core.words import article, names_list
from ...games.quartz import Continue, Explore, Hire, Keep, Line, Pass, Phase, Play, Protect, Stop
from ...games.quartz.deck import HELPERS
from ...games.quartz.events import Declined
from ...games.quartz.moves import play, protect
from ...games.quartz.narration import QuartzNarrator, aim_words
from ...games.quartz.render import helper_html as engine_helper, table_html as engine_table
from ...games.quartz.rules import RULES
from ..touch import Choose, Picked, Refuse, Targets, mark, marks_for, play_or_refuse, refusal
from .prompt import CSS as PROMPT_CSS, Choice, PureTouch, prompt_html as ask_box

#: What each Helper card does, in a few words (its English name is the deck's gloss).
HELPER_WORDS = {key: helper.does for key, helper in HELPERS.items()}
#: The Helper cards that name a target, so that touching one may need a second touch.
TARGETED = ("isso", "beleza", "cadaver")
#: The questions the prompt asks, by phase (``{mover}``, ``{active}`` filled in).
QUESTIONS = {
    Phase.ANNOUNCE: "{mover}, what is your turn: explore the mine, or protect a column?",
    Phase.DECIDE: "{mover}, one more card, or stop and collect the line?",
    Phase.ATTACK: "{mover}, attack {active}? You may play one of these cards:",
    Phase.DEFEND: "{mover}, defend? You may answer with one of these cards:",
    Phase.CANCEL: "{mover}, cancel the Sai Fora!?",
    Phase.CHOOSE: "{mover}, which drawn card do you keep?",
    Phase.HIRE: "{mover}, hire a Helper?",
    Phase.BELEZA: "{mover}, play Mas Que Beleza! on a column, or end the turn?",
}


def helper_title(key: str) -> str:
    """A Helper card's printed name with its English name: ``"Sem Chance! (No Chance!)"``."""
    return HELPERS[key].label if key in HELPERS else key


def helper_html(key: str, target: str = "", targets: Targets | None = None) -> str:
    """A Helper card as the table draws it (:func:`explorer.games.quartz.render.helper_html`), ``target`` marked
    for ``targets``."""
    return engine_helper(key, lambda name, words: mark(name, targets, words), target)


# -- the choices of the moment ---------------------------------------------------------------

def _label(state: State, move: Any) -> tuple[str, str]:
    """The big words of a move's button, and its look."""
    if isinstance(move, Explore):
        return "Explore the mine", "go"
    if isinstance(move, Continue):
        return "To work!", "go"
    if isinstance(move, Stop):
        return "Enough for today!", "stop"
    if isinstance(move, Protect):
        return f"Protect the {state.deck.column_name(move.column)} column", "stop"
    if isinstance(move, Hire):
        return "Hire a Helper", "go"
    if isinstance(move, Keep):
        return f"Keep the {state.deck.kinds[move.card].label}", "go"
    if isinstance(move, Line):
        return f"Put the {state.deck.kinds[move.card].label} in the line", "go"
    if isinstance(move, Play):
        helper = HELPERS[move.card]
        words = helper_title(move.card)
        return (f"{words}: {move.target}" if move.target else words), helper.kind
    return "Pass", "pass"


def _pass_label(phase: str) -> str:
    return {Phase.ATTACK: "Do not attack", Phase.DEFEND: "No defense", Phase.HIRE: "Keep the card",
            Phase.CANCEL: "Take it back", Phase.BELEZA: "End the turn"}.get(phase, "Pass")


def choices(state: State, picked: str | None = None) -> list[Choice]:
    """The prompt's buttons now, for the player to move: every legal move, or a Helper card that leads to several.

    ``picked`` is a Helper card touched first (``"isso"``): its buttons are
    then its targets, and a last button goes back.
    """
    from .quartz import describe

    phase = state.view(state.to_move)["phase"]
    moves = state.legal_moves()
    by_card: dict[str, list[Any]] = {}
    for move in moves:
        if isinstance(move, Play):
            by_card.setdefault(move.card, []).append(move)
    if picked in by_card and len(by_card[picked]) > 1:
        out = [Choice(f"move:{m}", _aim(state, m), describe(state, m), HELPERS[picked].kind) for m in by_card[picked]]
        return out + [Choice("clear", "Back", "choose another card", "pass")]
    out, shown = [], set()
    for move in moves:
        if isinstance(move, Play) and len(by_card[move.card]) > 1:
            if move.card not in shown:
                shown.add(move.card)
                n = len(by_card[move.card])
                out.append(Choice(f"helper:{move.card}", helper_title(move.card),
                                  f"{HELPER_WORDS[move.card]}: {n} ways, choose one next", HELPERS[move.card].kind))
            continue
        label, kind = _label(state, move)
        if isinstance(move, Pass):
            label = _pass_label(phase)
        out.append(Choice(f"move:{move}", label, describe(state, move), kind))
    return sorted(out, key=lambda c: c.kind == "pass")  # declining comes last


def _aim(state: State, move: Play) -> str:
    """The big words of one target of a Helper card: what it is aimed at."""
    column = state.deck.column_name
    if move.card == "isso":
        return f"Steal {aim_words([column(c) for c in move.columns])}"
    if move.card == "beleza":
        return f"Protect the {column(move.target)} column too"
    if move.card == "cadaver":
        return f"Cancel it, steal {article(column(move.target))}" if move.target else "Cancel the theft"
    return helper_title(move.card)


def question(state: State) -> str:
    """The prompt's question for the player to move."""
    view = state.view(state.to_move)
    names = view["names"]
    text = QUESTIONS.get(view["phase"], "{mover}, choose:")
    if not any(isinstance(m, Play) for m in state.legal_moves()):
        if view["phase"] in (Phase.ATTACK, Phase.DEFEND):
            kind = "Attack" if view["phase"] == Phase.ATTACK else "Defense"
            text = f"{{mover}}, none of your {kind} cards can be played now:"
        elif view["phase"] == Phase.BELEZA:
            text = "{mover}, no Mas Que Beleza! to play: your turn ends."
    return text.format(mover=names[view["to_move"] or 0], active=names[view["turn"] or 0])


# -- touching ------------------------------------------------------------------------------------

def _targeted_move(state: State, key: str, column: str) -> Any:
    """The move of Helper card ``key`` aimed at ``column``: the legal one if there is one, else the plain try."""
    for move in state.legal_moves():
        if isinstance(move, Play) and move.card == key and (move.target == column or move.columns[:1] == (column,)):
            return move
    return play(key, column)


def _first_try(state: State, key: str) -> Any:
    """A move with Helper card ``key`` to ask the engine about, when none of its moves is legal now."""
    if key not in TARGETED:
        return play(key)
    turn = state.turn if state.turn is not None else 0
    columns = list(state.view(None)["players"][turn]["collection"])
    return play(key, columns[0] if columns and key != "cadaver" else "")


def pick(state: State, picked: str | None, target: str) -> Picked:
    """What touching ``target`` does (the module's notes): a move, a Helper card picked, or a refusal.

    Targets: ``move:<notation>``, ``helper:<key>``, ``column:<seat>:<column>``, ``clear``.
    """
    kind, _, value = target.partition(":")
    if kind == "clear":
        return Choose(None)
    if kind == "move":
        return play_or_refuse(state, value, value)
    mover = state.to_move
    if kind == "helper" and value in HELPERS:
        what = helper_title(value)
        hand = state.view(mover)["players"][mover]["hand"] or []
        if value not in hand:
            return Refuse(f"{state.names[mover]} holds no {what}.", RULES.ref("hidden-hands"), what)
        mine = [m for m in state.legal_moves() if isinstance(m, Play) and m.card == value]
        if len(mine) == 1:
            return play_or_refuse(state, mine[0], what)
        if mine:
            return Choose(None if picked == value else value)
        return refusal(state, _first_try(state, value), what) or Refuse(f"{what} cannot be played now.", "", what)
    if kind == "column":
        seat, _, column = value.partition(":")
        what = f"The {state.deck.column_name(column)} column"
        if picked in HELPERS:
            move = _targeted_move(state, picked, column)
            owner = _owner(state, move)
            if seat != str(owner) and state.is_legal(move):
                return Refuse(f"{helper_title(picked)} is aimed at {state.names[owner]}'s columns: touch one of "
                              "them.", "", what)
            return play_or_refuse(state, move, what)
        phase = state.view(mover)["phase"]
        if phase == Phase.BELEZA:
            return play_or_refuse(state, play("beleza", column), what)
        if seat != str(mover) and phase == Phase.ANNOUNCE:
            return Refuse(f"{state.names[mover]} may protect only a column of their own collection.",
                          RULES.ref("protect"), what)
        return play_or_refuse(state, protect(column), what)
    return Refuse("Nothing happens when that is touched.")


def targets(state: State, picked: str | None = None) -> Targets:
    """What the table offers now: the prompt's buttons, the mover's Helper cards and columns that do something."""
    if state.is_over():
        return Targets()
    buttons = choices(state, picked)
    allowed = {c.target for c in buttons}
    for move in state.legal_moves():
        if isinstance(move, Play):
            allowed.add(f"helper:{move.card}")
            if picked == move.card and move.target:
                for column in move.columns:
                    allowed.add(f"column:{_owner(state, move)}:{column}")
        elif isinstance(move, Protect):
            allowed.add(f"column:{state.to_move}:{move.column}")
    # The question is asked in the prompt box, beside its buttons (:func:`~.prompt.prompt_html`), not above the table.
    return Targets(frozenset(allowed), "", picked, (question(state), tuple(buttons)))


def _owner(state: State, move: Play) -> int:
    """Whose collection a targeted Helper card aims at: the thief's for Cadáver, else the exploring player's
    (one's own, for Mas Que Beleza!)."""
    if move.card == "cadaver":
        attack = state.view(None)["attack"]
        return attack["attacker"] if attack else 0
    return state.turn if state.turn is not None else 0


#: The ``touch`` slot of Quartz's views (see :mod:`explorer.widgets.touch`).
QuartzTouch = PureTouch(targets, pick, str)


# -- the table ---------------------------------------------------------------------------------

CSS = """<style>
.qz .ask .wait{color:#59636e;font-style:italic}
</style>"""


def prompt_html(state: State, offer: Targets | None, waiting: str = "") -> str:
    """The question to the player to move, with a button per choice; or what the table waits for."""
    if offer is None and waiting and not state.is_over():
        return f'<div class="ex-ask" data-asks="none"><div class="wait">{escape(waiting)}</div></div>'
    return ask_box(state, offer)


def table_html(state: State, viewer: int | None, offer: Targets | None, waiting: str = "",
               looks: frozenset[str] = frozenset()) -> str:
    """The whole table: the engine's, its targets marked, the prompt under the banner, what ``looks`` name
    outlined."""
    view = state.view(viewer)
    html = engine_table(view, state.deck.columns(), marks_for(offer, looks), ask=prompt_html(state, offer, waiting))
    return PROMPT_CSS + CSS + html


# -- the log ------------------------------------------------------------------------------------

def _declines(entry: Entry) -> bool:
    """Whether a move is an opponent declining to attack (its first event says so)."""
    events = entry.events
    return bool(events) and events[0].__class__ is Declined


def fold(entries: Sequence[Entry], names: Sequence[str]) -> list[tuple[int, int, str]]:
    """Runs of two or more opponents declining to attack, each as ``(first, last, text)``: indexes into
    ``entries`` and one line for them all ("Bo and Cy do not attack."), followed by what the last one set off,
    written from its events."""
    say = QuartzNarrator(names)
    runs: list[tuple[int, int, str]] = []
    i = 0
    while i < len(entries):
        j = i
        while j < len(entries) and _declines(entries[j]):
            j += 1
            if len(entries[j - 1].events) > 1:
                break  # it set something off: the run ends with it
        if j - i >= 2:
            who = [names[e.player] for e in entries[i:j]]
            rest = say(entries[j - 1].events[1:])
            runs.append((i, j - 1, f"{names_list(who)} do not attack." + (f" {rest}" if rest else "")))
        i = max(j, i + 1)
    return runs
