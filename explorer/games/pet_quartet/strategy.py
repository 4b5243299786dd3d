"""A one-move heuristic for Pet Quartet, used by the ``greedy`` bot and by search rollouts.

The heuristic values a collection number by number: a Soloist or a Quartet
is worth what it scores; two or three of a number are a Quartet in the
making, worth a fraction of one while four copies can still be collected;
five or more are dead.  Every decision then looks one move ahead:

* take a Conductor when its cards would raise the collection's worth enough
  (or when drawing is impossible), counting a little for denying the best
  gain to another player still in the round; otherwise draw;
* place a drawn card where it helps the player most and the opponents who
  may still take that Conductor least;
* on a final turn take a Conductor only if it helps; for a Maestro's return
  or pass, give up the card that costs the least.

It reads only what every player sees (Conductors, collections, the cards out
of play); the deck's order, the one secret of the game, is never consulted.
"""

from __future__ import annotations

from collections import Counter
import random
from typing import Iterable, Sequence

from .moves import DRAW, MAX_CARD, MIN_CARD, PASS, Move, Take
from .state import FINAL, GIVE_LEFT, IMMEDIATE, PLACE_CARD, RETURN_COLLECTED, RETURN_CONDUCTOR, PetQuartetState

#: Worth of two and of three of a number, as a fraction of a Quartet's score, while a Quartet is possible.
PAIR, TRIPLE = 0.1, 0.4
#: How much another player's gain from a Conductor counts against it.
DENIAL = 0.25
#: The least gain worth taking a Conductor for rather than drawing, in points, while rivals
#: are still in the round and once the player is alone in it.  Both were tuned against
#: random play; taking early beats waiting for a better Conductor.
TAKE_AT, TAKE_ALONE_AT = 0.5, 0.2


class _Judge:
    """The worth of collections in one position, from one player's seat."""

    def __init__(self, state: PetQuartetState, player: int) -> None:
        self.state = state
        self.player = player
        self.advanced = advanced = state.options["scoring"] == "advanced"
        self.cols = cols = state.collections
        # Copies of each number no player can collect any more, plus those already collected.
        unavailable = [0] * (MAX_CARD + 1)
        for n in state.box:
            unavailable[n] += 1
        for n in state.discard:
            unavailable[n] += 1
        for col in cols:
            for n in range(MIN_CARD, MAX_CARD + 1):
                unavailable[n] += col[n]
        self.unavailable = unavailable
        self.quartet = 4.0 if advanced else 1.0
        self.solo = [float(n) if advanced else 1.0 for n in range(MAX_CARD + 1)]

    def worth(self, n: int, count: int, holder: int) -> float:
        if count == 1:
            return self.solo[n]
        if count == 4:
            return self.quartet
        if count == 0 or count >= 5:
            return 0.0
        # Two or three: a Quartet in the making, if enough copies remain within reach.
        if n - self.unavailable[n] + self.cols[holder][n] < 4:
            return 0.0
        return self.quartet * (PAIR if count == 2 else TRIPLE)

    def gain(self, holder: int, cards: Iterable[int], minus: int | None = None) -> float:
        """How much ``holder``'s collection gains from ``cards`` (after giving up one ``minus``)."""
        col = self.cols[holder]
        change: dict[int, int] = {}
        for n in cards:
            change[n] = change.get(n, 0) + 1
        if minus is not None:
            change[minus] = change.get(minus, 0) - 1
        worth = self.worth
        total = 0.0
        for n, k in change.items():
            if k:
                total += worth(n, col[n] + k, holder) - worth(n, col[n], holder)
        return total

    def take_value(self, holder: int, c: int) -> float:
        """What taking Conductor ``c`` is worth to ``holder``, its Maestro's effect included."""
        state = self.state
        cards = state.conductors[c]
        tile = state.tiles[c]
        if tile == "return-from-conductor":
            return max(self.gain(holder, cards, minus=x) for x in set(cards))
        if tile == "return-collected":
            mine = [n for n in range(MIN_CARD, MAX_CARD + 1) if self.cols[holder][n]]
            if mine:
                return max(self.gain(holder, cards, minus=y) for y in mine)
        value = self.gain(holder, cards)
        if tile == "pass-left":
            after = Counter(cards)
            col = self.cols[holder]
            value += max((self.worth(n, col[n] + after[n] - 1, holder) - self.worth(n, col[n] + after[n], holder)
                          for n in range(MIN_CARD, MAX_CARD + 1) if col[n] + after[n]), default=0.0)
        return value

    def rivals(self) -> list[int]:
        """Other players still in the round, who may take what is left on the table."""
        state = self.state
        return [p for p in range(state.players) if p != self.player and not state.out[p]]


def _best(options: Sequence[tuple[float, Move]], rng: random.Random) -> Move:
    top = max(v for v, _ in options)
    return rng.choice([m for v, m in options if v >= top - 1e-9])


def greedy_move(state: PetQuartetState, player: int, rng: random.Random) -> Move:
    """The heuristic's move for ``player``, who is to move in ``state`` (a determinization)."""
    legal = state.legal_moves()  # the kinds of move the phase allows
    if len(legal) == 1:
        return legal[0]
    judge = _Judge(state, player)
    phase = state.phase

    if phase == PLACE_CARD:
        card = state.drawn
        rivals = judge.rivals()
        options = []
        for move in legal:
            cards = state.conductors[move.conductor]
            more = cards + [card]
            mine = judge.gain(player, more) - judge.gain(player, cards)
            theirs = (max(judge.gain(p, more) for p in rivals) - max(judge.gain(p, cards) for p in rivals)
                      if rivals else 0.0)
            options.append((mine - theirs, move))
        return _best(options, rng)

    if phase == RETURN_CONDUCTOR or phase == RETURN_COLLECTED:
        pending = state.pending
        assert pending is not None  # the Conductor being taken
        cards = state.conductors[pending]
        return _best([(judge.gain(player, cards, minus=m.card), m) for m in legal], rng)

    if phase == GIVE_LEFT:
        col = state.collections[player]
        left = (player + 1) % state.players
        options = []
        for m in legal:
            n = m.card
            loss = judge.worth(n, col[n], player) - judge.worth(n, col[n] - 1, player)
            options.append((-loss - 0.5 * judge.gain(left, [n]), m))
        return _best(options, rng)

    # A turn, a final turn or an immediate take: take a Conductor, or draw / pass.
    rivals = judge.rivals()
    takes: list[tuple[float, Move]] = []
    for move in legal:
        if type(move) is Take:
            c = move.conductor
            denial = max((judge.take_value(p, c) for p in rivals), default=0.0)
            takes.append((judge.take_value(player, c) + DENIAL * max(denial, 0.0), move))
    if not takes:
        return DRAW if DRAW in legal else PASS
    value, move = max(takes, key=lambda vm: vm[0])
    if DRAW not in legal and PASS not in legal:
        return _best(takes, rng)
    if phase == FINAL:
        return move if value > 0 else PASS
    threshold = TAKE_AT if rivals else TAKE_ALONE_AT
    if phase == IMMEDIATE:
        return move if value >= threshold else PASS
    return move if value >= threshold else DRAW


__all__ = ["greedy_move"]
