"""Keistad Kwartet players that read the table's knowledge: the greedy one, and the search's.

:func:`greedy_move` first asks for a card that is *known* to be in an
opponent's hand (of the quartet it holds most of); otherwise it asks for the
card most likely to be where it asks, judged from the knowledge matrix
alone, a tie going to the quartet it holds most of.  Bonus cards are played
when they clearly help, and it never bluffs unless nothing else is legal.

:func:`playout_move`, the policy the search bot plays by, weighs how near
each quartet is to completion as well as the odds (:data:`NEARNESS`): a
card it holds of a quartet counts for a fifth of a sure hit.  Going for the
quartets it almost has wins 59% of two-player games against greedy
(``benchmarks/kwartet_search.py``, its first figure): they are the ones the
opponent can hardly ask back, and a hit there completes them.
"""

from __future__ import annotations

import random

from ...core import ExplorerError
from .cards import (
    BEELDENSTORM, BIT, KEISTADFEESTEN, OPEN_MONUMENTENDAGEN, PER_QUARTET, QUARTET_MASK, QUARTETS, STADSWANDELING,
    bit, cards_in,
)
from .knowledge import Knowledge
from .moves import Ask, AskQuartet, Beeldenstorm, Keistadfeesten, Move, OpenMonumentendagen, Stadswandeling
from .state import KeistadKwartetState

#: Why the search keeps the policy's ask unless another is clearly better (the game's declared search budget).
SEARCH_WHY = ("20 rollouts cut after 16 moves; a move must gain three standard errors over the policy's: the best "
              "ask of a position gains a point or so of a victory over the policy's (benchmarks/kwartet_search.py), "
              "far less than a few playouts can tell apart, and moves that merely looked better over them lost more "
              "games than they won")


class Odds:
    """How likely each opponent holds each card, as ``me`` sees the table: :func:`chance` for many asks at once.

    Read from the knowledge given (:class:`.knowledge.Knowledge`, quick or
    exact): 1 exactly when it says the card is surely in the hand, 0 exactly
    when it surely is not.
    In between, given an exact knowledge, the figure is the share of the
    consistent deals that put the card there, counted exactly
    (:meth:`.knowledge.Knowledge.share`).  Without the model, or where the
    count would take more than its budget, it is an estimate instead:
    an unplaced card lies in one of the unknown places that may hold it (the
    hands not known to lack it, and the pot), each unknown card slot being
    as likely as the next; a player known to hold an unplaced card of the
    quartet, with few candidates for it, is likelier.  A player who lacked
    the card when last asked and has drawn ``k`` cards since can only have
    drawn it.
    What every ask shares (the unknown slots, the quartets each player is
    known to hold) is read off ``knowledge`` once.
    """

    __slots__ = ("knowledge", "_others", "_exact")

    def __init__(self, knowledge: Knowledge, me: int) -> None:
        self.knowledge = knowledge
        self._exact = knowledge.deals is not None  # only the exact model counts deals: the quick rules ask nothing
        self._others = [(knowledge.hasnt[o], knowledge.unknown(o)) for o in range(knowledge.players) if o != me]

    def of(self, target: int, card: int) -> float:
        """The chance that ``target`` holds ``card``: 1 when known, 0 when known not, else a share of the unknown."""
        knowledge = self.knowledge
        b = BIT[card]
        if knowledge.has[target] & b:
            return 1.0
        if knowledge.hasnt[target] & b:
            return 0.0
        exact = knowledge.share(target, card) if self._exact else None
        if exact is not None:
            return float(exact)
        slots = knowledge.pot
        for hasnt, unknown in self._others:
            if not hasnt & b:
                slots += unknown
        since = knowledge.draws_since_miss(target, card)
        if since is not None:
            return since / (slots + since) if slots else 0.0
        share = knowledge.unknown(target) / slots if slots else 0.0
        q = card >> 2
        if knowledge.holds[target] >> (PER_QUARTET * q) & 1:  # an unplaced card of the quartet
            candidates = QUARTET_MASK[q] & knowledge.live & ~knowledge.hasnt[target] & ~knowledge.has[target]
            share = max(share, 1 / max(1, candidates.bit_count()))
        return share


def chance(knowledge: Knowledge, me: int, target: int, card: int) -> float:
    """How likely ``target`` holds ``card``, as ``me`` sees it (see :class:`Odds`, which answers many at once)."""
    return Odds(knowledge, me).of(target, card)


#: How much each card held of a quartet adds to the value of an ask in it, beside the ask's chance of a hit.
#: Greedy's 0.01 only breaks ties between equally likely asks; :func:`playout_move`'s 0.2 trades a fifth of a
#: sure hit for each card held.  Either way every sure hit comes first, and an ask without a chance last.
TIE_BREAK = 0.01
NEARNESS = 0.2


def greedy_move(state: KeistadKwartetState, player: int, rng: random.Random, odds: type[Odds] = Odds,
                nearness: float = TIE_BREAK) -> Move:
    """A sensible move for ``player``, who must be to move; ``state`` is a determinization from their seat.

    Only ``player``'s hand and the table's knowledge are read, never the
    other (dealt anew) hands, so the move is the same whatever was dealt.
    ``odds`` judges each ask's chance of a hit: :class:`Odds`, or a subclass
    that judges otherwise (``benchmarks/kwartet_search.py`` tries one).
    ``nearness`` is what each card held of the asked quartet adds to an
    ask's value (see :data:`NEARNESS`).
    """
    if state.to_move != player:
        raise ExplorerError(f"it is not {state.names[player]}'s move.")
    legal = state.legal_moves()
    knowledge = state.knowledge(player, exact=False)  # the quick rules: a search plays thousands of moves
    chances = odds(knowledge, player)
    hand = state.hands[player]
    held = [(hand & QUARTET_MASK[q]).bit_count() for q in range(QUARTETS)]

    # Each ask ranked by (a sure hit, any chance at all, its chance nudged towards the quartets nearest
    # completion); a bluff only when nothing else is legal.
    asks: list[Move] = []
    ranks: list[tuple[bool, bool, float]] = []
    best_chance = -1.0
    for move in legal:
        if move.__class__ is Ask:
            bluff = bool(hand & BIT[move.card])
            chance, quartet = 0.0 if bluff else chances.of(move.target, move.card), move.card >> 2
        elif move.__class__ is AskQuartet:
            cards = QUARTET_MASK[move.quartet] & ~hand & knowledge.live
            bluff, quartet = False, move.quartet
            chance = min(1.0, sum(chances.of(move.target, c) for c in cards_in(cards)))
        else:
            continue
        best_chance = max(best_chance, chance)
        asks.append(move)
        ranks.append((chance >= 1.0, chance > 0.0, -1.0 if bluff else chance + nearness * held[quartet]))
    best = max(ranks, default=None)
    if best is not None and best[0]:  # a sure hit
        return rng.choice([m for m, r in zip(asks, ranks) if r == best])
    bonus = _bonus_move(state, player, knowledge, legal, held, best_chance)
    if bonus is not None:
        return bonus
    if asks:
        return rng.choice([m for m, r in zip(asks, ranks) if r == best])
    return legal[0]


def playout_move(state: KeistadKwartetState, player: int, rng: random.Random) -> Move:
    """The search bot's policy: :func:`greedy_move` weighing each quartet's nearness to completion (:data:`NEARNESS`).

    The search's default move and the way its imagined matches go on.  A
    quartet of which it holds three is worth going for even at lower odds:
    the opponent holds at most one card of it to ask back, and a hit lays
    it down.
    """
    return greedy_move(state, player, rng, nearness=NEARNESS)


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
