"""A one-move heuristic for PETS: what a thoughtful beginner does.

:func:`greedy_move` weighs every legal move by the lead it gives over the
best opponent in the score *if the round ended now* (a round the move ends
counts in full, a lead still open to attack counts less), plus a little for
cards kept in hand and for cards of your shown kinds that the next take at a
row's end would push into the Scoring Zone.  It looks one move ahead and reads
only what the player can see: their hand, the rows, the cards in front of
everyone and the Scoring Zone.
"""

from __future__ import annotations

from typing import Any

from ...core import IllegalMove
from .moves import KINDS, Add, Move, Play, Take
from .rules import RULES, TRIGGER
from .state import PetsState

#: The rules these moves and refusals cite, checked against the rulebook at import.
TURN_ORDER_RULE = RULES.ref("turn-order")

#: How much a move's parts weigh.
SCORED = 1.0  # a lead locked in by ending the round
OPEN = 0.6  # a lead that the next players may still take away
HAND = 0.3  # each card in hand: a future claim or a card to add
POTENTIAL = 0.25  # each card of a shown kind next in line for the Scoring Zone


def _end_groups(seq: list[int]) -> tuple[int, int, int, int]:
    """The group at the start of ``seq`` and the next one: ``(kind, count, next kind, next count)``."""
    size = len(seq)
    k, g = seq[0], 1
    while g < size and seq[g] == k:
        g += 1
    if g == size:
        return k, g, 0, 0
    k2, g2 = seq[g], 1
    while g + g2 < size and seq[g + g2] == k2:
        g2 += 1
    return k, g, k2, g2


def _in_line(row: list[int]) -> list[tuple[int, int]]:
    """The groups a take at either end of ``row`` would send to the Scoring Zone, as ``(kind, count)``."""
    if not row:
        return []
    out = []
    for seq in (row, row[::-1]):
        _, _, k2, g2 = _end_groups(seq)
        if g2:
            out.append((k2, g2))
    return out


class _Judge:
    """One position seen from one seat: the scores as they stand, and how each move changes them."""

    def __init__(self, state: PetsState, player: int) -> None:
        self.me = player
        self.players = state.players
        self.fronts = state.fronts
        self.owner = state.owner
        self.zone = state.zone
        self.rows = state.rows
        self.hand = state.hand_size(player)
        self.points = [self._points(p, 0, 0) for p in range(self.players)]
        self.line = [_in_line(row) for row in self.rows]

    def _points(self, p: int, kind: int, extra: int) -> int:
        """Player ``p``'s score if the round ended now, with ``extra`` more cards of ``kind`` in the zone."""
        front, zone = self.fronts[p], self.zone
        cards = kinds = 0
        for k in KINDS:
            if front[k]:
                n = zone[k] + (extra if k == kind else 0)
                if n:
                    cards += n
                    kinds += 1
        return cards * kinds

    def _lead(self, points: list[int]) -> int:
        me = self.me
        return points[me] - max(points[p] for p in range(self.players) if p != me)

    def _potential(self, line: list[list[tuple[int, int]]], owner: list[int | None]) -> int:
        """Cards of the player's shown kinds next in line for the Scoring Zone, less those of other players'."""
        me, total = self.me, 0
        for groups in line:
            for k, n in groups:
                o = owner[k]
                if o is not None:
                    total += n if o == me else -n
        return total

    def value(self, move: Move) -> float:
        me, owner, line = self.me, self.owner, self.line
        points, hand = self.points, self.hand
        if type(move) is Play:
            k = move.kind
            points = list(points)
            old = owner[k]
            owner = list(owner)
            owner[k] = me
            # The claimed kind joins the player's display and leaves its old owner's.
            front = list(self.fronts[me])
            front[k] = move.count
            points[me] = _score(front, self.zone)
            if old is not None and old != me:
                beaten = list(self.fronts[old])
                beaten[k] = 0
                points[old] = _score(beaten, self.zone)
            hand -= move.count
        elif type(move) is Add:
            row = list(self.rows[move.row])
            if move.end == "L":
                row.insert(0, move.kind)
            else:
                row.append(move.kind)
            line = list(line)
            line[move.row] = _in_line(row)
            hand -= 1
        else:
            assert type(move) is Take
            row = self.rows[move.row]
            seq = row if move.end == "L" else row[::-1]
            _, g, k2, g2 = _end_groups(seq)
            hand += g
            rest = seq[g + g2:]
            line = list(line)
            line[move.row] = _in_line(rest)
            if g2:
                o = owner[k2]
                if o is not None:
                    points = list(points)
                    points[o] = self._points(o, k2, g2)
                if self.zone[k2] + g2 >= TRIGGER:
                    # The round ends and is scored at once: the lead is locked in.
                    return SCORED * self._lead(points) + HAND * hand
        return OPEN * self._lead(points) + HAND * hand + POTENTIAL * self._potential(line, owner)


def _score(front: list[int], zone: list[int]) -> int:
    cards = kinds = 0
    for k in KINDS:
        if front[k] and zone[k]:
            cards += zone[k]
            kinds += 1
    return cards * kinds


def move_value(state: PetsState, player: int, move: Move) -> float:
    """How good ``move`` looks to ``player`` one move ahead (higher is better)."""
    return _Judge(state, player).value(move)


def greedy_move(state: PetsState, player: int, rng: Any) -> Move:
    """The legal move with the best :func:`move_value` for ``player``; ties broken by ``rng.choice``.

    ``state`` may be a determinization from ``player``'s point of view: only
    what ``player`` can see is read.
    """
    moves = state.legal_moves(player)
    if not moves:
        raise IllegalMove(f"It is not {state.name(player)}'s turn: they have no move to make now.", TURN_ORDER_RULE)
    judge = _Judge(state, player)
    values = [judge.value(m) for m in moves]
    best = max(values)
    return rng.choice([m for m, v in zip(moves, values) if v >= best - 1e-9])


__all__ = ["greedy_move", "move_value"]
