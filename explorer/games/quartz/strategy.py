"""A greedy Quartz player: push your luck while the odds pay, steal what is worth stealing.

The active player keeps revealing while the push-your-luck meter says one more
card is worth more on average than stopping and the accident chance stays
under a quarter, protects a column once it is worth 12 points, and hires a
Helper only with a cheap crystal.  An opponent attacks a line or a collection
that holds enough points, and the active player defends when the attack costs
at least a few points, preferring the counter-attack to Sem Chance!.

Para, Para, Para! is played only where it takes something worthwhile: right
after the announcement, where it cancels a whole exploration (after a reveal
it would only hand the player their line), and with three or four players
only against the leader (a turn cancelled for anyone else helps the other
opponents as much as the attacker), who must be ahead outright.

``greedy_move`` only looks at what ``player`` may know, so it is meant to be
called on ``state.determinize(player, seed)``.

The push-your-luck decision is the meter's (:mod:`.odds`), reckoned in
whole numbers: the meter's exact fractions, made for people to read, would
cost a search most of its time, and comparing cross-multiplied integers
gives the very same answers.
"""

from __future__ import annotations

import random

from .moves import CONTINUE, EXPLORE, HIRE, PASS, STOP, Keep, Line, Move, Play, Protect, columns_of
from .state import (
    ANNOUNCE, ATTACK, BELEZA, CANCEL, CHOOSE, DECIDE, DEFEND, HIRE_, PRESENT, SET_BONUS, SET_SIZE, QuartzState,
)

PROTECT_AT = 12  # points a column must be worth before a turn is spent protecting it
BELEZA_AT = 6  # ... or before a Mas Que Beleza! is spent on it
RISK_LIMIT = 0.25  # never reveal with a higher chance of accident than this
STAKES = 5  # points an attack must threaten before a Defense card is spent on it


def greedy_move(state: QuartzState, player: int, rng: random.Random) -> Move:
    """The greedy player's move for ``player``, who must be the one to move."""
    if state.to_move != player:
        raise ValueError(f"it is not {state.names[player]}'s move.")
    legal = state.legal_moves()
    phase = state.phase
    if phase == ANNOUNCE:
        column, worth = _best_column(state, player)
        if column is not None and worth >= PROTECT_AT:
            return _pick(legal, Protect(column), rng)
        return EXPLORE
    if phase == DECIDE:
        return CONTINUE if _worth_revealing(state) else STOP
    if phase == HIRE_:
        return HIRE if state.deck.kinds[state.line[-1]].value <= 2 else PASS
    if phase == BELEZA:
        column, worth = _best_column(state, player)
        move = Play("beleza", column) if column is not None else PASS
        return move if worth >= BELEZA_AT and move in legal else PASS
    if phase == ATTACK:
        return _attack(state, player, legal, rng)
    if phase == DEFEND:
        return _defend(state, legal)
    if phase == CANCEL:
        return legal[-1]  # a Sai Fora! of one's own when there is one, else pass
    if phase == CHOOSE:
        return _choose(state, legal)
    return rng.choice(legal)


def _worth_revealing(state: QuartzState) -> bool:
    """The meter's advice (:func:`.odds.meter`), with the accident chance under ``RISK_LIMIT``.

    Every unseen card is equally likely next, so with ``total`` of them the
    chance of accident is ``accidents / total`` and the average gain of a
    reveal ``points / total``: both are compared multiplied out by ``total``.
    A card's points are its value and the set bonus it completes, counted
    from the crystals per column the player owns and has in the line.
    """
    player = state.active
    kinds = state.deck.kinds
    every_four = state.options["set_bonus"] == "every-four"

    def sets(n: int) -> int:
        return n // SET_SIZE if every_four else min(1, n // SET_SIZE)

    held: dict[str, int] = {}
    for code in state.owned(player):
        column = kinds[code].column
        held[column] = held.get(column, 0) + 1
    count = dict(held)
    stop = 0
    armed = False
    taken = 0
    for code in state.line:
        if code == PRESENT:
            armed = True
            continue
        kind = kinds[code]
        taken |= kind.mask
        stop += kind.value
        count[kind.column] = count.get(kind.column, 0) + 1
    for column, n in count.items():
        stop += SET_BONUS * (sets(n) - sets(held.get(column, 0)))
    hire_saves = state.options["hire_timing"] == "hire-first" and state.can_hire()
    total = accidents = points = 0
    for code in state.unseen(player):
        total += 1
        kind = kinds[code]
        if kind.mask and (armed or kind.mask & taken):
            if hire_saves and kind.helper:
                points += stop  # hired away: the line is as it was
            else:
                accidents += 1
            continue
        n = count.get(kind.column, 0)
        points += stop + kind.value + SET_BONUS * (sets(n + 1) - sets(n))
    return accidents < RISK_LIMIT * total and points > stop * total


def _pick(legal: list[Move], move: Move, rng: random.Random) -> Move:
    return move if move in legal else rng.choice(legal)


def _column_worth(state: QuartzState, player: int, column: str) -> int:
    kinds = state.deck.kinds
    cards = [c for c in state.collections[player] if kinds[c].column == column]
    return sum(kinds[c].value for c in cards) + 5 * (len(cards) // 4)


def _best_column(state: QuartzState, player: int) -> tuple[str | None, int]:
    best, worth = None, 0
    for column in state.columns(player):
        w = _column_worth(state, player, column)
        if w > worth:
            best, worth = column, w
    return best, worth


def _line_points(state: QuartzState) -> int:
    kinds = state.deck.kinds
    return sum(kinds[c].value for c in state.line if c != PRESENT)


def _theft_points(state: QuartzState, target: str) -> int:
    kinds, a = state.deck.kinds, state.active
    parts = columns_of(target)
    if len(parts) == 1:
        return _column_worth(state, a, parts[0])
    return sum(next(kinds[c].value for c in state.collections[a] if kinds[c].column == p) for p in parts)


def _attack(state: QuartzState, player: int, legal: list[Move], rng: random.Random) -> Move:
    plays = [m for m in legal if isinstance(m, Play)]
    if not plays:
        return PASS
    line_points = _line_points(state)
    best: Move = PASS
    value = 0
    for move in plays:
        if move.card == "isso":
            worth = _theft_points(state, move.target)
        elif move.card == "passa":
            last = next(c for c in reversed(state.line) if c != PRESENT)
            worth = state.deck.kinds[last].value
        elif move.card == "presente":
            worth = line_points // 2 if PRESENT not in state.line else line_points
        elif move.card == "para":
            worth = 4 if _para_is_worthwhile(state) else 0
        else:  # posso: a card for oneself, maybe an accident for the active player
            worth = 3
        if worth > value:
            best, value = move, worth
    return best if value >= 4 else PASS


def _para_is_worthwhile(state: QuartzState) -> bool:
    """Whether Para, Para, Para! would cancel a whole exploration of the player to hold back.

    The leader is reckoned on the position given: in a determinization, the
    other players' Chests are as it dealt them.
    """
    if state.window != "announce":
        return False
    if state.players == 2:
        return True
    a = state.active
    lead = state.score_of(a).total
    return all(state.score_of(p).total < lead for p in range(state.players) if p != a)


def _defend(state: QuartzState, legal: list[Move]) -> Move:
    attack = state.attack
    if attack == "isso":
        stake = _theft_points(state, state.target)
    elif attack == "passa":
        last = next((c for c in reversed(state.line) if c != PRESENT), None)
        stake = state.deck.kinds[last].value if last else 0
    elif attack == "presente":
        stake = _line_points(state) + 3
    elif attack == "para":
        stake = 4 if state.window == "announce" else 2
    else:
        stake = 3
    if stake < STAKES:
        return PASS
    counters = [m for m in legal if isinstance(m, Play) and m.card in ("cadaver", "saifora")]
    if counters:
        kinds = state.deck.kinds
        attacker = state.attacker
        assert attacker is not None  # an attack is being answered
        return max(counters, key=lambda m: kinds[next(c for c in state.collections[attacker]
                                                      if kinds[c].column == m.target)].value if m.target else 0)
    return next((m for m in legal if isinstance(m, Play)), PASS)


def _choose(state: QuartzState, legal: list[Keep | Line]) -> Move:
    """Posso Ajudar?: keep what is worth most, counting an accident the other card would cause."""
    kinds = state.deck.kinds
    armed = PRESENT in state.line
    taken = 0
    for c in state.line:
        if c != PRESENT:
            taken |= kinds[c].mask
    line_points = _line_points(state)

    def gain(move: Keep | Line) -> float:
        if isinstance(move, Line):
            return -kinds[move.card].value
        other = list(state.drawn)
        other.remove(move.card)
        score = kinds[move.card].value
        if other:
            k = kinds[other[0]]
            score += line_points if k.mask and (armed or k.mask & taken) else -k.value
        return score

    return max(legal, key=gain) if all(isinstance(m, (Keep, Line)) for m in legal) else legal[0]
