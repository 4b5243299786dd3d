"""Keistad Kwartet played on its table: ask in three touches, each card saying what the table knows of it.

Asking
    An ask is three touches: the opponent (their name on the table, or a
    button of the ask box), the quartet (a group of one's own hand, or a
    button), then the card, each card's button saying what is known of it:
    a sure hit (the opponent is known to hold it), known not there, a bluff
    (one holds it oneself), or the chance the opponent holds it, from the
    asker's own knowledge.  With ``ask_for=quartet`` the second touch asks.
    The opponent and the quartet may be touched in either order.

Bonus cards
    A bonus card is played from the hand: touched there (or on the ask
    box), it plays at once (Beeldenstorm) or asks for its quartet
    (Keistadfeesten), its card (Stadswandeling: quartet, then card) or its
    opponent (Open Monumentendagen).

Anything touched that the rules forbid (oneself as the one asked, a
quartet one holds no card of, a card out of play) is answered with the
engine's sentence and rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...core import State
from ...core.words import count
from ...games.keistad_kwartet.cards import (
    BONUS_CODES, BONUS_NAMES, DECK, PER_QUARTET, QUARTETS, bit, code,
)
from ...games.keistad_kwartet.moves import (
    Ask, AskQuartet, Beeldenstorm, Keistadfeesten, OpenMonumentendagen, Stadswandeling, Stop,
)
from ...games.keistad_kwartet.rules import RULES
from ..touch import Choose, Picked, Refuse, Targets, marks_for, play_or_refuse, refusal
from .prompt import CSS as PROMPT_CSS, Choice, PureTouch, prompt_html

#: A bonus card by its code on the table (``"KF"``), and back.
BONUS_BY_CODE = {v: k for k, v in BONUS_CODES.items()}
STAND_IN = "*" if DECK.stand_in else ""


@dataclass(frozen=True, slots=True)
class Asking:
    """What was touched so far: the bonus card being played (``""``: an ask), the opponent, the quartet."""

    bonus: str = ""
    target: int | None = None
    quartet: int | None = None


def quartet_name(q: int) -> str:
    """``"Quartet 3 (City walls*)"``, ``q`` counting from 0."""
    return f"Quartet {q + 1} ({DECK.quartets[q]}{STAND_IN})"


def card_name(card: int) -> str:
    """``"3.2 Gate tower*"``."""
    return f"{code(card)} {DECK.cards[card >> 2][card & 3]}{STAND_IN}"


def knows(state: State, target: int, card: int) -> tuple[str, str]:
    """What the asker (the player to move) knows of ``target`` holding ``card``: (a class, a few words).

    The class is ``sure`` (known to hold it: a sure hit), ``not`` (known not
    there), ``bluff`` (the asker holds it) or ``odds``; the words are the
    same facts, the odds as a percentage from the asker's knowledge.
    """
    from .keistad_kwartet import _KNOWN, _likely

    b = bit(card)
    if state.hand(state.to_move) & b:
        return "bluff", "a bluff: you hold it"
    table, odds = _KNOWN(state)
    name = state.names[target]
    if table.known_in(target) & b:
        return "sure", f"a sure hit: {name} holds it"
    if table.known_not_in(target) & b:
        return "not", f"known not there: {name} lacks it"
    chance = _likely(odds.of(target, card))  # "about 22%", "no chance", "almost sure"
    return "odds", chance.removeprefix("about ") + " chance" if chance.startswith("about ") else chance


def _asks(state: State) -> list[Any]:
    return [m for m in state.legal_moves() if isinstance(m, (Ask, AskQuartet))]


def _bonus_moves(state: State, bonus: str) -> list[Any]:
    kind = {"BS": Beeldenstorm, "KF": Keistadfeesten, "SW": Stadswandeling, "OM": OpenMonumentendagen}[bonus]
    return [m for m in state.legal_moves() if isinstance(m, kind)]


def _quartet_of(move: Any) -> int | None:
    if isinstance(move, AskQuartet) or isinstance(move, Keistadfeesten):
        return move.quartet
    if isinstance(move, (Ask, Stadswandeling)):
        return move.card >> 2
    return None


def choices(state: State, asking: Asking) -> tuple[str, list[Choice]]:
    """The ask box's question and buttons for what was touched so far."""
    names = state.names
    me = state.to_move
    if asking.bonus:
        moves = _bonus_moves(state, asking.bonus)
        title = BONUS_NAMES[BONUS_BY_CODE[asking.bonus]]
        if asking.bonus == "OM":
            return (f"{names[me]}, {title}: whose hand is shown to the table?",
                    [Choice(f"player:{m.target}", names[m.target], f"{names[m.target]} shows their hand")
                     for m in moves] + [_back()])
        if asking.bonus == "SW" and asking.quartet is not None:
            cards = [m for m in moves if m.card >> 2 == asking.quartet]
            return (f"{names[me]}, {title}: which card of {quartet_name(asking.quartet)} do you look for?",
                    [Choice(f"card:{code(m.card)}", card_name(m.card), "walk round the table for it")
                     for m in cards] + [_back()])
        quartets = sorted({_quartet_of(m) for m in moves} - {None})
        verb = "whose cards everyone brings you" if asking.bonus == "KF" else "to walk round the table for"
        return (f"{names[me]}, {title}: which quartet, {verb}?",
                [Choice(f"quartet:{q + 1}", f"Q{q + 1}", quartet_name(q)) for q in quartets] + [_back()])
    asks = _asks(state)
    if asking.target is None:
        opponents = sorted({m.target for m in asks})
        if asking.quartet is not None:
            opponents = [p for p in opponents if any(_quartet_of(m) == asking.quartet for m in asks if m.target == p)]
        out = [Choice(f"player:{p}", names[p], count(state.view(None)["hand_sizes"][p], "card")) for p in opponents]
        for b in _hand_bonus(state):
            if _bonus_moves(state, b):
                out.append(Choice(f"bonus:{b}", BONUS_NAMES[BONUS_BY_CODE[b]], "play this bonus card", "bonus"))
        if any(isinstance(m, Stop) for m in state.legal_moves()):
            out.append(Choice("move:stop", "Stop asking", "the turn passes to the left", "pass"))
        if asking.quartet is not None:
            out.append(_back())
            return f"{names[me]}, whom do you ask for a card of {quartet_name(asking.quartet)}?", out
        return f"{names[me]}, whom do you ask? Touch an opponent (or a group of your hand first).", out
    mine = [m for m in asks if m.target == asking.target]
    who = names[asking.target]
    if asking.quartet is None:
        quartets = sorted({_quartet_of(m) for m in mine} - {None})
        if any(isinstance(m, AskQuartet) for m in mine):
            return (f"{names[me]}, ask {who} for which quartet?",
                    [Choice(f"move:{AskQuartet(asking.target, q)}", f"Q{q + 1}", quartet_name(q)) for q in quartets]
                    + [_back()])
        return (f"{names[me]}, ask {who} for a card of which quartet?",
                [Choice(f"quartet:{q + 1}", f"Q{q + 1}", quartet_name(q)) for q in quartets] + [_back()])
    cards = [m for m in mine if isinstance(m, Ask) and m.card >> 2 == asking.quartet]
    out = []
    for m in cards:
        kind, words = knows(state, asking.target, m.card)
        out.append(Choice(f"card:{code(m.card)}", card_name(m.card), words, kind))
    return f"{names[me]}, ask {who} for which card of {quartet_name(asking.quartet)}?", out + [_back()]


def _back() -> Choice:
    return Choice("clear", "Back", "start the ask again", "pass")


def _hand_bonus(state: State) -> list[str]:
    hand = state.hand(state.to_move)
    return [BONUS_CODES[c] for c in BONUS_NAMES if hand & bit(c)]


def _card(text: str) -> int | None:
    q, dot, k = text.partition(".")
    if dot and q.isdigit() and k.isdigit() and 1 <= int(q) <= QUARTETS and 1 <= int(k) <= PER_QUARTET:
        return (int(q) - 1) * PER_QUARTET + int(k) - 1
    return None


def pick(state: State, asking: Asking, target: str) -> Picked:
    """What touching ``target`` does: ``player:<seat>``, ``quartet:<n>``, ``card:<q.k>``, ``bonus:<code>``,
    ``move:<notation>`` or ``clear``."""
    kind, _, value = target.partition(":")
    me = state.to_move
    if kind == "clear":
        return Choose(None)
    if kind == "move":
        return play_or_refuse(state, value, value)
    if kind == "bonus":
        if value not in BONUS_BY_CODE:
            return Refuse("That is not a bonus card.")
        if not state.hand(me) & bit(BONUS_BY_CODE[value]):
            return Refuse(f"{state.names[me]} does not hold {BONUS_NAMES[BONUS_BY_CODE[value]]}.",
                          RULES.ref("bonus-cards"), BONUS_NAMES[BONUS_BY_CODE[value]])
        moves = _bonus_moves(state, value)
        if not moves:
            tried = {"BS": "BS", "KF": "KF1", "SW": "SW1.1", "OM": f"OM{_some_opponent(state) + 1}"}[value]
            name = BONUS_NAMES[BONUS_BY_CODE[value]]
            return refusal(state, tried, name) or Refuse(f"{name} cannot be played now.")
        if len(moves) == 1:
            return play_or_refuse(state, moves[0], BONUS_NAMES[BONUS_BY_CODE[value]])
        return Choose(Asking(bonus=value))
    if kind == "player" and value.isdigit():
        p = int(value)
        if asking.bonus == "OM":
            return play_or_refuse(state, OpenMonumentendagen(p), state.names[p] if p < state.players else "")
        if asking.bonus:
            return Refuse(f"{BONUS_NAMES[BONUS_BY_CODE[asking.bonus]]} is not played on a player: touch a quartet.")
        if not 0 <= p < state.players:
            return Refuse("There is no such player.")
        mine = [m for m in _asks(state) if m.target == p]
        if asking.quartet is not None:
            mine = [m for m in mine if _quartet_of(m) == asking.quartet]
        if not mine:
            return refusal(state, _first_ask(state, p, asking.quartet), f"Asking {state.names[p]}") or Refuse(
                f"{state.names[p]} cannot be asked now.")
        quartet_asks = [m for m in mine if isinstance(m, AskQuartet)]
        if quartet_asks and asking.quartet is not None:
            return play_or_refuse(state, quartet_asks[0])
        return Choose(replace(asking, target=p))
    if kind == "quartet" and value.isdigit() and 1 <= int(value) <= QUARTETS:
        q = int(value) - 1
        if asking.bonus == "KF":
            return play_or_refuse(state, Keistadfeesten(q), f"Quartet {q + 1}")
        if asking.bonus == "SW":
            if not any(m.card >> 2 == q for m in _bonus_moves(state, "SW")):
                return refusal(state, Stadswandeling(q * PER_QUARTET), f"Quartet {q + 1}") or Refuse(
                    "Not that quartet now.")
            return Choose(replace(asking, quartet=q))
        if asking.bonus:
            return Refuse(f"{BONUS_NAMES[BONUS_BY_CODE[asking.bonus]]} is not played on a quartet.")
        asks = _asks(state)
        if asking.target is not None:
            asks = [m for m in asks if m.target == asking.target]
        asks = [m for m in asks if _quartet_of(m) == q]
        if not asks:
            who = asking.target if asking.target is not None else _some_opponent(state)
            return refusal(state, _first_ask(state, who, q), f"Quartet {q + 1}") or Refuse(
                f"{quartet_name(q)} cannot be asked for now.")
        if asking.target is not None and isinstance(asks[0], AskQuartet):
            return play_or_refuse(state, asks[0])
        return Choose(replace(asking, quartet=q))
    if kind == "card":
        card = _card(value)
        if card is None:
            return Refuse("That is not a card of a quartet.")
        if asking.bonus == "SW":
            return play_or_refuse(state, Stadswandeling(card), code(card))
        if asking.target is None:
            return Refuse("First touch the opponent you ask.")
        return play_or_refuse(state, Ask(asking.target, card), code(card))
    return Refuse("Nothing happens when that is touched.")


def _some_opponent(state: State) -> int:
    return (state.to_move + 1) % state.players


def _first_ask(state: State, target: int, quartet: int | None) -> Any:
    """An ask to put to the engine for its reason, when nothing of the kind is legal."""
    q = quartet if quartet is not None else 0
    if state.options["ask_for"] == "quartet":
        return AskQuartet(target, q)
    return Ask(target, q * PER_QUARTET)


def targets(state: State, asking: Asking | None) -> Targets:
    """What the table offers now: the ask box's buttons, the opponents, the hand's groups and bonus cards."""
    if state.is_over():
        return Targets()
    asking = asking or Asking()
    prompt, buttons = choices(state, asking)
    allowed = {c.target for c in buttons}
    if not asking.bonus:
        for m in _asks(state):
            if asking.quartet is None or _quartet_of(m) == asking.quartet:
                allowed.add(f"player:{m.target}")
            if asking.target is None or m.target == asking.target:
                allowed.add(f"quartet:{_quartet_of(m) + 1}")  # type: ignore[operator]
        allowed.update(f"bonus:{b}" for b in _hand_bonus(state) if _bonus_moves(state, b))
    # The question is asked in the ask box, beside its buttons (:func:`~.prompt.prompt_html`), not above the table.
    return Targets(frozenset(allowed), "", asking, (prompt, tuple(buttons)))


#: The ``touch`` slot of Keistad Kwartet's views (see :mod:`explorer.widgets.touch`).
KwartetTouch = PureTouch(targets, pick, Asking, Asking())


# -- the table ---------------------------------------------------------------------------------

CSS = PROMPT_CSS


def chosen_css(offer: Targets | None) -> str:
    """The opponent and the quartet chosen so far, lit up on the table (by their targets' names)."""
    asking = offer.picked if offer is not None and isinstance(offer.picked, Asking) else None
    if asking is None:
        return ""
    chosen = ([f'.kk [data-touch="player:{asking.target}"]'] if asking.target is not None else []) + \
        ([f'.kk [data-touch="quartet:{asking.quartet + 1}"]'] if asking.quartet is not None else [])
    return f"<style>{', '.join(chosen)}{{background:#ffe9a8 !important}}</style>" if chosen else ""


def table_marks(state: State, offer: Targets | None, looks: frozenset[str] = frozenset()) -> tuple[Any, str]:
    """What the engine's table needs to be played on: its targets' and looks' marks, and the ask box under the
    players."""
    return marks_for(offer, looks), ("" if offer is None else prompt_html(state, offer))


__all__ = ["Asking", "KwartetTouch", "chosen_css", "choices", "knows", "pick", "table_marks", "targets"]
