"""PETS's position and the rules that change it."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Mapping

from ...core import Illegal, RecordError, Result, Rng, Score, State
from ...core.errors import excerpt
from ...core.scoring import Tiebreaker, rank
from ...core.game import Events
from ...core.words import count
from .moves import ADDS, ANIMALS, ENDS, KIND_BITS, KINDS, PLAY, PLURALS, ROWS, TAKE, Add, Move, Play, Take
from .events import (
    ADDED, EXHAUSTED, PLAYED, GameEnded, Played, Refilled, RoundScore, RoundStarted, Scored, Took, Triggered,
    UnfinishedRound,
)
from .narration import cards_text
from .rules import G, HAND_SIZE, ROUNDS, ROW_SIZE, RULES, TRIGGER
from .view import PetsView

#: The rules these moves and refusals cite, checked against the rulebook at import.
ADD_EMPTY_ROW_RULE = RULES.ref("add-empty-row")
ADD_RULE = RULES.ref("add")
EXHAUSTION_RULE = RULES.ref("exhaustion")
GAME_END_RULE = RULES.ref("game-end")
ONE_ACTION_RULE = RULES.ref("one-action")
PLAY_BEAT_RULE = RULES.ref("play-beat")
PLAY_NEW_KIND_RULE = RULES.ref("play-new-kind")
PLAY_RULE = RULES.ref("play")
RESHUFFLE_RULE = RULES.ref("reshuffle")
ROW_LENGTH_RULE = RULES.ref("row-length")
SCORING_RULE = RULES.ref("scoring")
SETUP_RULE = RULES.ref("setup")
TAKE_LAST_GROUP_RULE = RULES.ref("take-last-group")
TAKE_RULE = RULES.ref("take")
TIEBREAK_HAND_RULE = RULES.ref("tiebreak-hand")
TIEBREAK_SHARED_RULE = RULES.ref("tiebreak-shared")
TRIGGER_BEFORE_EXHAUSTION_RULE = RULES.ref("trigger-before-exhaustion")
TRIGGER_RULE = RULES.ref("trigger")

SLOTS = max(KINDS) + 1  # per-kind counts are lists indexed by the kind's number


def full_deck() -> list[int]:
    """Every card of the game, kind by kind: n cards of each kind n."""
    return [k for k in KINDS for _ in range(k)]


def groups_of(row: list[int]) -> list[tuple[int, int]]:
    """A row's groups, left to right, as ``(kind, count)`` pairs.

    >>> groups_of([24, 24, 15, 15, 15, 6, 18, 24])
    [(24, 2), (15, 3), (6, 1), (18, 1), (24, 1)]
    """
    groups: list[tuple[int, int]] = []
    for card in row:
        if groups and groups[-1][0] == card:
            groups[-1] = (card, groups[-1][1] + 1)
        else:
            groups.append((card, 1))
    return groups


class PetsState(State):
    """A PETS match.

    Players and rows count from 0.  Per-kind counts (hands, the cards in
    front of players, the Scoring Zone) are lists indexed by the kind's
    number.  ``draw[-1]`` is the top of the draw pile; ``rows[r][0]`` is row
    ``r``'s left end.
    """

    position = ("hands", "rows", "draw", "discard", "fronts", "zone", "owner", "known", "pile_known", "round",
                "current", "over", "ended_by", "scored")

    # -- setting up ---------------------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        n = self.players
        # The seed's deal is always drawn, so the generator reaches the same state whether or not an
        # explicit setup overrides the deal: later reshuffles then replay identically either way.
        order = full_deck()
        self.rng.shuffle(order)
        first = self.options["first_player"]
        first = self.rng.below(n) if first == "random" else first - 1

        setup = dict(setup or {})
        unknown = set(setup) - {"hands", "rows", "draw", "discard", "fronts", "zone", "first_player"}
        if unknown:
            raise RecordError(f"the setup has an unknown field {excerpt(sorted(unknown)[0])}.", "setup")
        available = Counter(order)

        def cards(value: Any, field: str) -> list[int]:
            if not isinstance(value, list):
                raise RecordError(f"{field} must be a list of cards (6, 9, 12, 15, 18, 21 or 24).", field)
            for card in value:
                if isinstance(card, bool) or not isinstance(card, int) or card not in ANIMALS:
                    raise RecordError(f"{field} holds {excerpt(card)}, which is not a PETS card.", field)
                if available[card] == 0:
                    raise RecordError(f"the setup holds more {card}s than the game's {card}.", field)
                available[card] -= 1
            return list(value)

        def lists(field: str, count: int) -> list[list[int]] | None:
            if field not in setup:
                return None
            value = setup[field]
            if not isinstance(value, list) or len(value) != count:
                raise RecordError(f"setup.{field} must be a list of {count} lists of cards.", f"setup.{field}")
            return [cards(v, f"setup.{field}[{i}]") for i, v in enumerate(value)]

        hands = lists("hands", n)
        rows = lists("rows", ROWS)
        fronts = lists("fronts", n)
        zone = cards(setup["zone"], "setup.zone") if "zone" in setup else []
        discard = cards(setup["discard"], "setup.discard") if "discard" in setup else []
        draw = cards(setup["draw"], "setup.draw") if "draw" in setup else None

        # The cards no field names keep the order the seed gave them.
        rest: list[int] = []
        for card in order:
            if available[card]:
                available[card] -= 1
                rest.append(card)
        rest.reverse()  # so that pop() deals from the top
        if hands is None:
            if len(rest) < HAND_SIZE * n:
                raise RecordError("the setup leaves too few cards to deal the hands.", "setup.hands")
            hands = [[rest.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        if rows is None:
            rows = [[rest.pop() for _ in range(min(ROW_SIZE, len(rest)))] for _ in range(ROWS)]
        if draw is None:
            draw = rest[::-1]
        elif rest:
            raise RecordError(f"the setup places {len(order) - len(rest)} of the {len(order)} cards: name the other "
                              f"{len(rest)} in setup.draw, or leave setup.draw out to deal them from the seed.",
                              "setup.draw")
        first = self._setup_first_player(setup, first)

        self.hands = [self._counts(h) for h in hands]
        self.rows = [list(r) for r in rows]
        self.draw = list(reversed(draw))
        self.discard = list(discard)
        self.zone = self._counts(zone)
        self.fronts = [[0] * SLOTS for _ in range(n)]
        self.owner: list[int | None] = [None] * SLOTS  # who shows each kind in front of them
        for p, front in enumerate(fronts or [[]] * n):
            for card in front:
                if self.owner[card] not in (None, p):
                    raise RecordError(f"the {PLURALS[card]} ({card}) lie in front of two players; a kind lies in "
                                      "front of one player at most.", "setup.fronts")
                self.owner[card] = p
                self.fronts[p][card] += 1
        if any(self.zone[k] >= TRIGGER for k in KINDS):
            raise RecordError(f"setup.zone holds {TRIGGER} cards of a kind: the round would already be over.",
                              "setup.zone")
        if not any(self.rows):
            raise RecordError("setup.rows leaves every row empty: the game would already be over.", "setup.rows")

        self.first_player = first
        self.current = first
        self.round = 1
        self.scored: list[tuple[RoundScore, ...]] = []  # one entry per scored round
        self.known = [[0] * SLOTS for _ in range(n)]  # cards everyone saw go into each hand (taken from rows)
        self.pile_known = False  # after a reshuffle everyone knows what the draw pile holds
        self.over = False
        self.ended_by: str | None = None  # "rounds" or "exhaustion"
        self.dealt = {
            "hands": [sorted(h) for h in hands], "rows": [list(r) for r in rows], "draw": list(draw),
            "discard": list(discard), "fronts": [sorted(f) for f in (fronts or [[]] * n)], "zone": sorted(zone),
            "first_player": first,
        }

    @staticmethod
    def _counts(cards: list[int]) -> list[int]:
        counts = [0] * SLOTS
        for card in cards:
            counts[card] += 1
        return counts

    def setup(self) -> dict[str, Any]:
        return copy.deepcopy(self.dealt)

    # -- who decides -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.current

    def is_over(self) -> bool:
        return self.over

    def _may_add_to(self, row: list[int]) -> bool:
        if not row and self.options["empty_row"] == "forbidden":
            return False
        limit = self.options["row_limit"]
        return True if limit == "none" else len(row) < limit

    # -- what is legal -----------------------------------------------------------
    def _legal(self) -> list[Move]:
        me = self.current
        hand = self.hands[me]
        owner = self.owner
        moves: list[Move] = []
        held = 0
        for k, bit in KIND_BITS:
            h = hand[k]
            if h:
                held |= bit
                o = owner[k]
                if o is None:
                    moves += PLAY[k][1:h + 1]
                elif o != me:
                    moves += PLAY[k][self.fronts[o][k] + 1:h + 1]
        rows = self.rows
        if held:
            adds = ADDS[held]
            empty_ok = self.options["empty_row"] == "allowed"
            limit = self.options["row_limit"]
            for r in range(ROWS):
                row = rows[r]
                if (row or empty_ok) and (limit == "none" or len(row) < limit):
                    moves += adds[r]
        for r in range(ROWS):
            if rows[r]:
                moves += TAKE[r]
        return moves

    def _why(self, move: Move) -> Illegal | None:
        me = self.current
        hand = self.hands[me]
        if move.__class__ is Play:
            k, c = move.kind, move.count
            if k not in ANIMALS:
                return Illegal(f"There is no kind {k}: the kinds are 6, 9, 12, 15, 18, 21 and 24.", SETUP_RULE)
            if c < 1:
                return Illegal("Play at least one card.", PLAY_RULE)
            if hand[k] < c:
                held = "no" if not hand[k] else f"only {hand[k]}"
                return Illegal(f"You hold {held} {PLURALS[k]} ({k}), so you cannot play {c}.", PLAY_RULE)
            o = self.owner[k]
            if o == me:
                return Illegal(f"You already show {PLURALS[k]} ({k}) in front of you: play a kind you do not show.",
                               PLAY_NEW_KIND_RULE)
            if o is not None and c <= self.fronts[o][k]:
                shown = self.fronts[o][k]
                return Illegal(f"{self.names[o]} shows {cards_text(shown, k)}: play at least {shown + 1} to beat "
                               "that.", PLAY_BEAT_RULE)
            return None
        if move.__class__ is Add:
            r, k = move.row, move.kind
            if not 0 <= r < ROWS or move.end not in ENDS:
                return Illegal(f"There are {ROWS} rows, each with a left (L) and a right (R) end.", ADD_RULE)
            if k not in ANIMALS:
                return Illegal(f"There is no kind {k}: the kinds are 6, 9, 12, 15, 18, 21 and 24.", SETUP_RULE)
            if not hand[k]:
                return Illegal(f"You hold no {ANIMALS[k]} ({k}) to add.", ADD_RULE)
            row = self.rows[r]
            if not row and self.options["empty_row"] == "forbidden":
                return Illegal(f"Row {r + 1} is empty, and an empty row takes no added card (option empty_row).",
                               ADD_EMPTY_ROW_RULE)
            if not self._may_add_to(row):
                return Illegal(f"Row {r + 1} already holds {len(row)} cards, the most a row may hold "
                               "(option row_limit).", ROW_LENGTH_RULE)
            return None
        if move.__class__ is Take:
            r = move.row
            if not 0 <= r < ROWS or move.end not in ENDS:
                return Illegal(f"There are {ROWS} rows, each with a left (L) and a right (R) end.", TAKE_RULE)
            if not self.rows[r]:
                return Illegal(f"Row {r + 1} is empty: there is no group to take.", TAKE_RULE)
            return None
        return Illegal(f"{move!r} is not a PETS action: play, add or take.", ONE_ACTION_RULE)

    # -- playing -------------------------------------------------------------------
    # Each step returns its events (see .events); a step with nothing to tell returns the empty tuple.
    def _apply(self, move: Move) -> tuple[Events, str]:
        me = self.current
        if move.__class__ is Play:
            k, c = move.kind, move.count
            self.hands[me][k] -= c
            known = self.known[me]
            known[k] = max(0, known[k] - c)
            o = self.owner[k]
            if o is None:
                played, rule = PLAYED[me][k][c], PLAY_RULE
            else:
                lost = self.fronts[o][k]
                self.fronts[o][k] = 0
                self.discard.extend([k] * lost)
                played, rule = Played(me, k, c, o, lost), PLAY_BEAT_RULE
            self.fronts[me][k] = c
            self.owner[k] = me
            self.current = (me + 1) % self.players
            return (played,), rule
        if move.__class__ is Add:
            r, k = move.row, move.kind
            self.hands[me][k] -= 1
            known = self.known[me]
            if known[k]:
                known[k] -= 1
            row = self.rows[r]
            rule = ADD_RULE if row else ADD_EMPTY_ROW_RULE
            left = move.end == "L"
            if left:
                row.insert(0, k)
            else:
                row.append(k)
            self.current = (me + 1) % self.players
            return (ADDED[me][k][r][left],), rule
        assert move.__class__ is Take
        return self._take(move.row, move.end == "L")

    def _take(self, r: int, left: bool) -> tuple[Events, str]:
        me = self.current
        row = self.rows[r]
        size = len(row)
        # The end group, then the next group inward.
        if left:
            k = row[0]
            g = 1
            while g < size and row[g] == k:
                g += 1
            k2 = row[g] if g < size else 0
            g2 = 0
            while g + g2 < size and row[g + g2] == k2:
                g2 += 1
            del row[:g + g2]
        else:
            k = row[-1]
            g = 1
            while g < size and row[-1 - g] == k:
                g += 1
            k2 = row[-1 - g] if g < size else 0
            g2 = 0
            while g + g2 < size and row[-1 - g - g2] == k2:
                g2 += 1
            del row[size - g - g2:]
        self.hands[me][k] += g
        self.known[me][k] += g
        events: Events = (Took(me, k, g, r, left, k2, g2),)
        if g2:
            self.zone[k2] += g2
            rule = TAKE_RULE
        else:
            rule = TAKE_LAST_GROUP_RULE
        if not row:
            events += (self._refill(r, False),)
        if g2 and self.zone[k2] >= TRIGGER:
            events += (Triggered(k2, self.zone[k2], self.round),)
            if not any(self.rows) and self.options["both_ends"] == "game":
                self.over, self.ended_by = True, "exhaustion"
                return (*events, self._score_round(), EXHAUSTED, self._game_over(False)), TRIGGER_BEFORE_EXHAUSTION_RULE
            return events + self._end_round(), TRIGGER_RULE
        if not any(self.rows):
            return events + self._exhaust(), EXHAUSTION_RULE
        self.current = (me + 1) % self.players
        return events, rule

    def _refill(self, r: int, between_rounds: bool) -> Refilled:
        """Fill row ``r`` to 10 cards, one at a time, reshuffling the discard pile if the draw pile runs out."""
        row = self.rows[r]
        start = len(row)
        reshuffle = None
        while len(row) < ROW_SIZE:
            if not self.draw:
                if not self.discard:
                    break
                self.draw = self.discard
                self.discard = []
                self.rng.shuffle(self.draw)
                self.cite(RESHUFFLE_RULE)
                self.pile_known = True
                reshuffle = (len(row) - start, len(self.draw))
            row.append(self.draw.pop())
        added = len(row) - start
        return Refilled(r, added, added == ROW_SIZE - start, between_rounds, reshuffle)

    # -- scoring -------------------------------------------------------------------
    def round_score(self, player: int) -> RoundScore:
        """What ``player`` would score if the round ended now: the Scoring Zone's cards of the kinds they show."""
        front, zone = self.fronts[player], self.zone
        return RoundScore(player, tuple((k, zone[k]) for k in KINDS if front[k] and zone[k]))

    def round_scores(self) -> tuple[RoundScore, ...]:
        """Every player's :meth:`round_score`."""
        return tuple(self.round_score(p) for p in range(self.players))

    def _score_round(self) -> Scored:
        self.cite(SCORING_RULE)
        scores = self.round_scores()
        self.scored.append(scores)
        return Scored(scores)

    def _end_round(self) -> Events:
        me = self.current
        events: Events = (self._score_round(),)
        # The cards in front of the players and in the Scoring Zone are discarded; hands and rows stay.
        for p in range(self.players):
            front = self.fronts[p]
            for k in KINDS:
                if front[k]:
                    self.discard.extend([k] * front[k])
                    front[k] = 0
        for k in KINDS:
            if self.zone[k]:
                self.discard.extend([k] * self.zone[k])
                self.zone[k] = 0
        self.owner = [None] * SLOTS
        if len(self.scored) == ROUNDS:
            self.over, self.ended_by = True, "rounds"
            return (*events, self._game_over(True))
        self.round += 1
        for r in range(ROWS):
            if not self.rows[r]:
                events += (self._refill(r, True),)
        self.current = (me + 1) % self.players
        return (*events, RoundStarted(self.current, me, self.round))

    def _exhaust(self) -> Events:
        self.over, self.ended_by = True, "exhaustion"
        if self.options["exhausted_round"] == "scored":
            return EXHAUSTED, UnfinishedRound(self.round, True), self._score_round(), self._game_over(False)
        return EXHAUSTED, UnfinishedRound(self.round, False), self._game_over(False)

    def _game_over(self, last_scoring: bool) -> GameEnded:
        self.cite(GAME_END_RULE)
        return GameEnded(self.ranking(), last_scoring)  # the game is over now

    def scores(self) -> tuple[Score, ...]:
        out = []
        for p in range(self.players):
            parts = tuple((f"round {i + 1}: {count(r[p].cards, 'card')} × {count(r[p].kinds, 'kind')}", r[p].points)
                          for i, r in enumerate(self.scored))
            out.append(Score(p, sum(points for _, points in parts), parts))
        return tuple(out)

    def hand_size(self, player: int) -> int:
        return sum(self.hands[player])

    def ranking(self) -> Result:
        """Who leads now, with the tiebreaker applied as at the end of the game: the most cards in hand."""
        return rank(self.scores(),
                    Tiebreaker(self.hand_size, "broken by the most cards in hand ({value})", TIEBREAK_HAND_RULE,
                               ties="{value} cards in hand"),
                    shared_rule=TIEBREAK_SHARED_RULE)

    def result(self) -> Result | None:
        return self.ranking() if self.over else None

    def figures(self) -> dict[str, int]:
        """Rounds played (the one under way included) and rounds scored; cards and kinds won from the
        Scoring Zone by all the players over the scored rounds; 1 if the rows ran dry before the last
        scoring, else 0."""
        won = [s for scores in self.scored for s in scores]
        return {"rounds": self.round, "rounds_scored": len(self.scored), "cards_won": sum(s.cards for s in won),
                "kinds_won": sum(s.kinds for s in won), "exhausted": int(self.ended_by == "exhaustion")}

    # -- what there is and who sees it -------------------------------------------------
    def inventory(self) -> Counter[int]:
        cards: Counter[int] = Counter(self.draw)
        cards.update(self.discard)
        for row in self.rows:
            cards.update(row)
        for counts in (*self.hands, *self.fronts, self.zone):
            for k in KINDS:
                if counts[k]:
                    cards[k] += counts[k]
        return cards

    def view(self, player: int | None = None) -> PetsView:
        """The table as ``player`` sees it: their own hand, every other hand's size and its publicly known cards.

        ``view()`` (no player) shows every hand.  Per-kind lists (``zone``,
        ``fronts``) follow the order of ``kinds``.
        """
        self.check_seat(player)
        result = self.result()
        n = self.players

        def listed(counts: list[int]) -> list[int]:
            return [k for k in KINDS for _ in range(counts[k])]

        return {
            "game": G,
            "viewer": player,
            "names": list(self.names),
            "kinds": list(KINDS),
            "round": self.round,
            "rounds": ROUNDS,
            "to_move": self.to_move,
            "rows": [list(row) for row in self.rows],
            "groups": [[list(g) for g in groups_of(row)] for row in self.rows],
            "zone": [self.zone[k] for k in KINDS],
            "trigger": TRIGGER,
            "fronts": [[self.fronts[p][k] for k in KINDS] for p in range(n)],
            "hand_sizes": [self.hand_size(p) for p in range(n)],
            "hands": [listed(self.hands[p]) if player is None or player == p else None for p in range(n)],
            "known": [listed(self.known[p]) for p in range(n)],
            "draw": len(self.draw),
            "draw_known": sorted(self.draw) if self.pile_known else None,
            "discard": sorted(self.discard),
            "round_scores": [[s.points for s in r] for r in self.scored],
            "totals": [s.total for s in self.scores()],
            "score_now": [[s.cards, s.kinds, s.points] for s in self.round_scores()],
            "over": self.over,
            "ended_by": self.ended_by,
            "winners": list(result.winners) if result else None,
            "tiebreak": result.tiebreak if result else None,
        }

    def determinize(self, player: int, seed: int) -> "PetsState":
        """A copy in which every card ``player`` cannot see is dealt anew.

        The unseen cards are the other hands (less the cards everyone saw
        them take from the rows) and, until the first reshuffle, the draw
        pile; after a reshuffle the pile's contents are known (they were the
        discard pile), so only its order is new.  Hand sizes stay.  The copy
        also gets a fresh generator, so it cannot foretell a reshuffle.
        """
        self.check_seat(player, everyone=False)
        rng = Rng(seed)
        twin = self.copy()
        twin.rng = Rng(seed + 1)
        pool: list[int] = []
        for q in range(self.players):
            if q != player:
                hand, known = twin.hands[q], twin.known[q]
                for k in KINDS:
                    pool.extend([k] * (hand[k] - known[k]))
                    hand[k] = known[k]
        if not self.pile_known:
            pool.extend(twin.draw)
            twin.draw = []
        pool.sort()  # the new deal must depend on the seed alone, never on the hidden true order
        rng.shuffle(pool)
        for q in range(self.players):
            if q != player:
                hand = twin.hands[q]
                for _ in range(self.hand_size(q) - twin.hand_size(q)):
                    hand[pool.pop()] += 1
        if self.pile_known:
            twin.draw.sort()
            rng.shuffle(twin.draw)
        else:
            twin.draw = pool
        return twin

