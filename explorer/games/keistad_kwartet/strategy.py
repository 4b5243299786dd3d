"""A greedy Keistad Kwartet player that reads the table's knowledge.

:func:`greedy_move` first asks for a card that is *known* to be in an
opponent's hand (of the quartet it holds most of); otherwise it asks for a
missing card of its strongest quartet from the opponent most likely to have
it, judged from the knowledge matrix alone.  Bonus cards are played when
they clearly help, and it never bluffs unless nothing else is legal.
"""

from __future__ import annotations

import random

from ...core import ExplorerError
from .cards import (
    BEELDENSTORM, KEISTADFEESTEN, OPEN_MONUMENTENDAGEN, QUARTET_MASK, QUARTETS, STADSWANDELING, bit, cards_in,
)
from .knowledge import Asked, Drew, Knowledge, Stormed
from .moves import Ask, AskQuartet, Beeldenstorm, Keistadfeesten, Move, OpenMonumentendagen, Stadswandeling
from .state import KeistadKwartetState


def chance(knowledge: Knowledge, me: int, target: int, card: int, draws_since_miss: int | None = None) -> float:
    """How likely ``target`` holds ``card``, as ``me`` sees it: certain, impossible, or a share of the unknown.

    An unplaced card lies in one of the unknown places that may hold it (the
    hands not known to lack it, and the pot), each unknown card slot being
    as likely as the next; a player known to hold some card of the quartet,
    with few candidates for it, is likelier.  ``draws_since_miss``: the
    target lacked the card when last asked and has drawn that many cards
    since, so only those draws could have brought it.
    """
    b = bit(card)
    if knowledge.has[target] & b:
        return 1.0
    if knowledge.hasnt[target] & b:
        return 0.0
    slots = knowledge.pot
    for o in range(knowledge.players):
        if o != me and not knowledge.hasnt[o] & b:
            slots += knowledge.unknown(o)
    if draws_since_miss is not None:
        return draws_since_miss / (slots + draws_since_miss) if slots else 0.0
    share = knowledge.unknown(target) / slots if slots else 0.0
    q = card >> 2
    if q in knowledge.unplaced_holdings(target):
        candidates = QUARTET_MASK[q] & knowledge.live & ~knowledge.hasnt[target]
        share = max(share, 1 / max(1, candidates.bit_count()))
    return share


def greedy_move(state: KeistadKwartetState, player: int, rng: random.Random) -> Move:
    """A sensible move for ``player``, who must be to move; ``state`` is a determinization from their seat.

    Only ``player``'s hand and the table's knowledge are read, never the
    other (dealt anew) hands, so the move is the same whatever was dealt.
    """
    if state.to_move != player:
        raise ExplorerError(f"it is not {state.names[player]}'s move.")
    legal = state.legal_moves()
    knowledge = state.knowledge(player)
    hand = state.hands[player]
    held = [(hand & QUARTET_MASK[q]).bit_count() for q in range(QUARTETS)]
    missed = misses(state)

    def value(move: Move) -> float:
        """Chance of a hit, nudged towards the quartets nearest completion."""
        if isinstance(move, Ask):
            if hand & bit(move.card):
                return -1.0  # a bluff: only when nothing else is legal
            since = missed.get((move.target, move.card))
            return chance(knowledge, player, move.target, move.card, since) + held[move.card >> 2] / 100
        cards = QUARTET_MASK[move.quartet] & ~hand
        expected = sum(chance(knowledge, player, move.target, c) for c in cards_in(cards & knowledge.live))
        return min(1.0, expected) + held[move.quartet] / 100

    asks = [m for m in legal if isinstance(m, (Ask, AskQuartet))]
    best = max((value(m) for m in asks), default=-1.0)
    if best >= 1.0:  # a sure hit
        return rng.choice([m for m in asks if value(m) == best])
    bonus = _bonus_move(state, player, knowledge, legal, held, best)
    if bonus is not None:
        return bonus
    if asks:
        return rng.choice([m for m in asks if value(m) == best])
    return legal[0]


def misses(state: KeistadKwartetState) -> dict[tuple[int, int], int]:
    """For each (player, card) asked and missed since the last Beeldenstorm: how many cards that player drew since."""
    drawn = [0] * state.players
    found: dict[tuple[int, int], int] = {}
    for event in reversed(state.events):
        kind = type(event)
        if kind is Drew:
            drawn[event.player] += 1
        elif kind is Asked and not event.hit:
            found.setdefault((event.target, event.card), drawn[event.target])
        elif kind is Stormed:
            break
    return found


def _bonus_move(state: KeistadKwartetState, player: int, knowledge: Knowledge, legal: list[Move],
                held: list[int], best: float) -> Move | None:
    """A bonus card worth playing now, if any: each when its effect beats the best ask on offer."""
    hand = state.hands[player]
    if not hand >> BEELDENSTORM:
        return None
    only_bonus = not any(held)
    opponents = [o for o in range(state.players) if o != player and state.in_play(o)]
    if hand & bit(STADSWANDELING):
        walks = [m for m in legal if isinstance(m, Stadswandeling) and held[m.card >> 2] and not hand & bit(m.card)]
        walk = max(walks, key=lambda m: (1 - _in_pot(knowledge, m.card), held[m.card >> 2]), default=None)
        if walk is not None and 1 - _in_pot(knowledge, walk.card) > max(best, 0.7):
            return walk
    if hand & bit(KEISTADFEESTEN):
        def gain(q: int) -> float:
            return sum(1 - _in_pot(knowledge, c) for c in cards_in(QUARTET_MASK[q] & knowledge.live & ~hand))
        feasts = [m for m in legal if isinstance(m, Keistadfeesten)]
        feast = max(feasts, key=lambda m: (held[m.quartet] + gain(m.quartet), held[m.quartet]), default=None)
        if feast is not None and (held[feast.quartet] + gain(feast.quartet) >= 3.5 or only_bonus):
            return feast
    if hand & bit(OPEN_MONUMENTENDAGEN):
        target = max(opponents, key=knowledge.unknown, default=None)
        if target is not None and (best < 0.5 and knowledge.unknown(target) >= 3 or only_bonus):
            return OpenMonumentendagen(target)
    if hand & bit(BEELDENSTORM):
        laid = [len(state.laid[p]) for p in range(state.players)]
        if max(laid) - laid[player] >= 2 or only_bonus:
            return Beeldenstorm()
    if only_bonus:
        return legal[0]
    return None


def _in_pot(knowledge: Knowledge, card: int) -> float:
    """How likely ``card`` lies in the pot rather than in some hand (0 once the pot is empty)."""
    if knowledge.pot == 0 or knowledge.where(card) is not None:
        return 0.0
    b = bit(card)
    slots = sum(knowledge.unknown(o) for o in range(knowledge.players) if not knowledge.hasnt[o] & b)
    return knowledge.pot / (knowledge.pot + slots)
