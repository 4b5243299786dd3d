"""Pet Quartet's position and the rules that change it."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ...core import Illegal, RecordError, Result, Score, State
from ...core.errors import excerpt
from ...core.game import Events
from ...core.scoring import Tiebreaker, rank
from .moves import (
    DRAW, GIVE, MAX_CARD, MIN_CARD, PASS, PLACE, RETURN, TAKE, Draw, Give, Move, Pass, Place, Return, Take,
)
from .events import (
    DREW, END_TRIGGERED, PLACED, Discarded, Drew, FinalTurns, GameEnded, Gave, LeftOnTable, MaestroAdded, MustPassLeft,
    PassedFinal, Returned, RoundEnded, RoundStarted, TakeOffered, Took,
)
from .narration import a
from .rules import DUET_TILES, G, MAESTRO_TILES, RULES, TILE_TITLES
from .view import ConductorView, Phase, PetQuartetView

#: The rules these moves and refusals cite, checked against the rulebook at import.
CONDUCTORS_RULE = RULES.ref("conductors")
DUET_ROUND_END_RULE = RULES.ref("duet-round-end")
FULL_CONDUCTORS_RULE = RULES.ref("full-conductors")
GAME_END_RULE = RULES.ref("game-end")
MAESTRO_IMMEDIATE_RULE = RULES.ref("maestro-immediate")
MAESTRO_PASS_LEFT_RULE = RULES.ref("maestro-pass-left")
MAESTRO_RETURN_COLLECTED_RULE = RULES.ref("maestro-return-collected")
MAESTRO_RETURN_CONDUCTOR_RULE = RULES.ref("maestro-return-conductor")
ROUND_END_RULE = RULES.ref("round-end")
TAKE_NONEMPTY_RULE = RULES.ref("take-nonempty")
TIEBREAK_QUARTET_RULE = RULES.ref("tiebreak-quartet")
TIEBREAK_SHARED_RULE = RULES.ref("tiebreak-shared")
TIEBREAK_SOLOIST_RULE = RULES.ref("tiebreak-soloist")

#: Phases: what the player to move is deciding (see :class:`Phase`).
TURN, PLACE_CARD, IMMEDIATE, FINAL, OVER = Phase.TURN, Phase.PLACE, Phase.IMMEDIATE, Phase.FINAL, Phase.OVER
RETURN_CONDUCTOR, RETURN_COLLECTED, GIVE_LEFT = Phase.RETURN_FROM_CONDUCTOR, Phase.RETURN_COLLECTED, Phase.PASS_LEFT

DRAW_RULE, PLACE_RULE, END_TRIGGER = RULES.ref("draw"), RULES.ref("place"), RULES.ref("end-trigger")
TAKE_RULE, FINAL_TURN_RULE = RULES.ref("take"), RULES.ref("final-turn")

TOP_CARD = {2: 9, 3: 10, 4: 11, 5: 12, 6: 13}  # highest number in the deck, by player count
TILE_LIMIT = {"two-card-limit": 2, "duet-2": 2, "duet-3": 3, "duet-4": 4}
#: The rule of each Maestro and Duet tile.
TILE_RULE = {tile: RULES.ref(name) for tile, name in {
    "two-card-limit": "maestro-two-card", "extra-card": "maestro-extra-card",
    "return-from-conductor": "maestro-return-conductor", "return-collected": "maestro-return-collected",
    "immediate-take": "maestro-immediate", "pass-left": "maestro-pass-left",
    "duet-2": "duet-setup", "duet-3": "duet-setup", "duet-4": "duet-setup",
}.items()}
CONDUCTOR_LIMIT_RULE = RULES.ref("conductor-limit")


def _moves_by_mask(moves: tuple[Move, ...], extra: tuple[Move, ...] = (), first: tuple[Move, ...] = ()
                   ) -> tuple[tuple[Move, ...], ...]:
    """For every set of Conductors (a bit mask), the moves naming them: legal lists read off, not built."""
    return tuple(first + tuple(m for c, m in enumerate(moves) if mask >> c & 1) + extra
                 for mask in range(1 << len(moves)))


TAKES = _moves_by_mask(TAKE)
DRAW_OR_TAKES = _moves_by_mask(TAKE, first=(DRAW,))
TAKES_OR_PASS = _moves_by_mask(TAKE, extra=(PASS,))
PLACES = _moves_by_mask(PLACE)


def full_deck(top: int) -> list[int]:
    """Every card of a deck whose highest number is ``top``: n copies of each n from 3."""
    return [n for n in range(MIN_CARD, top + 1) for _ in range(n)]


def points(number: int, count: int, scoring: str) -> int:
    """What ``count`` cards of ``number`` in a collection score under ``scoring`` (``"standard"``/``"advanced"``).

    A Soloist (one card) scores 1, or its number in the advanced scoring; a
    Quartet (four) scores 1, or 4; any other count scores nothing.

    >>> points(13, 1, "advanced"), points(3, 4, "standard"), points(7, 3, "advanced")
    (13, 1, 0)
    """
    if count == 1:
        return number if scoring == "advanced" else 1
    if count == 4:
        return 4 if scoring == "advanced" else 1
    return 0


class PetQuartetState(State):
    """A Pet Quartet match.  ``deck[-1]`` is the top card; players and Conductors count from 0."""

    position = ("deck", "conductors", "taken_by", "takeable", "roomy", "collections", "out", "box", "discard",
                "round", "current", "to_move", "phase", "drawn", "pending", "end_triggered", "finals", "final_queue",
                "tiles")

    # -- setting up ---------------------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        n = self.players
        variant = self.options["variant"]
        duet = variant == "duet"
        self.top = TOP_CARD[3 if duet else n]
        self.ncond = 3 if duet else n
        available = Counter(full_deck(self.top))
        setup = dict(setup or {})
        unknown = set(setup) - {"deck", "first_player", "tiles", "collections"}
        if unknown:
            raise RecordError(f"the setup has an unknown field {excerpt(sorted(unknown)[0])}.", "setup")

        # Collections laid out by hand (for teaching and tests) come out of the deck.
        collections = setup.get("collections")
        self.collections: list[list[int]] = [[0] * (MAX_CARD + 1) for _ in range(n)]
        if collections is not None:
            if not (isinstance(collections, list) and len(collections) == n
                    and all(isinstance(c, list) for c in collections)):
                raise RecordError(f"setup.collections must be a list of {n} lists of cards.", "setup.collections")
            for p, cards in enumerate(collections):
                for card in cards:
                    self._check_card(card, available, "setup.collections")
                    self.collections[p][card] += 1

        if "deck" in setup:
            deck = setup["deck"]
            if not isinstance(deck, list) or not deck:
                raise RecordError("setup.deck must be a list of card numbers, top card first, and hold one at least.",
                                  "setup.deck")
            # Shuffled all the same, and thrown away: the generator then draws alike whether the deck is given or
            # dealt, so a record with its setup written out replays the very same state.
            self.rng.shuffle(list(available.elements()))
            for card in deck:
                self._check_card(card, available, "setup.deck")
            self.deck = list(reversed(deck))
        else:
            self.deck = list(available.elements())
            self.rng.shuffle(self.deck)
            available.clear()
        # Cards of this deck out of play: those a hand-set deck leaves out, then those Maestros return.
        self.box: list[int] = list(available.elements())
        self.box_at_start = len(self.box)

        if duet:
            tiles: list[str | None] = list(DUET_TILES)
        elif variant == "maestro":
            tiles = list(MAESTRO_TILES)
            self.rng.shuffle(tiles)
            tiles = tiles[: self.ncond]
        else:
            tiles = [None] * self.ncond
        if "tiles" in setup:
            given = setup["tiles"]
            allowed = set(DUET_TILES if duet else MAESTRO_TILES if variant == "maestro" else [None])
            if (not isinstance(given, list) or len(given) != self.ncond
                    or not all((t is None or isinstance(t, str)) and t in allowed for t in given)
                    or (variant == "maestro" and len(set(given)) != len(given))):
                raise RecordError(
                    f"setup.tiles must list {self.ncond} different tiles of the {variant} variant.", "setup.tiles")
            tiles = list(given)
        self.tiles: tuple[str | None, ...] = tuple(tiles)
        self.limits = tuple(TILE_LIMIT.get(t, 4) for t in tiles)  # type: ignore[arg-type]

        first = self.options["first_player"]
        first = self.rng.below(n) if first == "random" else first - 1
        first = self._setup_first_player(setup, first)
        self.first_player = first

        self.conductors: list[list[int]] = [[] for _ in range(self.ncond)]
        self.taken_by: list[int | None] = [None] * self.ncond
        # The Conductors still on the table, as bit masks kept up to date by every move: those with cards
        # (may be taken) and those with room (may receive a card).  Legal moves are read off them.
        self.takeable = 0
        self.roomy = (1 << self.ncond) - 1
        self.out = [False] * n
        self.discard: list[int] = []  # cards out of play face up (Duet, and the end of the game)
        self.round = 1
        self.current = self.to_move = first  # whose turn it is
        self.phase = TURN
        self.drawn: int | None = None
        self.pending: int | None = None  # the Conductor a multi-step take or immediate take is about
        self.end_triggered = False
        self.finals = False  # final turns under way
        self.final_queue: list[int] = []  # players still owed a final turn, in order
        self.dealt_deck = list(reversed(self.deck))
        self.dealt_collections = [self._cards_of(p) for p in range(n)]

    def _check_card(self, card: Any, available: Counter[int], field: str) -> None:
        if isinstance(card, bool) or not isinstance(card, int) or not MIN_CARD <= card <= self.top:
            raise RecordError(f"{field} holds {excerpt(card)}, which is not a card of this deck (3 to {self.top}).",
                              field)
        if available[card] == 0:
            raise RecordError(f"{field} holds more {card}s than the deck has ({card}).", field)
        available[card] -= 1

    def setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = {"deck": list(self.dealt_deck), "first_player": self.first_player,
                                 "tiles": list(self.tiles)}
        if any(self.dealt_collections):
            setup["collections"] = [list(c) for c in self.dealt_collections]
        return setup

    # -- who decides -------------------------------------------------------------
    #: Who decides now: ``current``, or None once the game is over.  A plain attribute, set with
    #: ``current``, rather than a property: it is read twice a move, and a property costs a call.
    to_move: int | None = None

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- what is legal -----------------------------------------------------------
    def _has_room(self) -> bool:
        return self.roomy != 0

    def _legal(self) -> list[Move]:
        phase = self.phase
        if phase == TURN:
            return list((DRAW_OR_TAKES if self.roomy and self.deck else TAKES)[self.takeable])
        if phase == PLACE_CARD:
            return list(PLACES[self.roomy])
        if phase == FINAL:
            return list(TAKES_OR_PASS[self.takeable])
        conductors = self.conductors
        pending = self.pending  # the Conductor being taken, or just played to (immediate take)
        if phase == IMMEDIATE and pending is not None:
            return [TAKE[pending], PASS]
        if phase == RETURN_CONDUCTOR and pending is not None:
            return [RETURN[n] for n in sorted(set(conductors[pending]))]
        if phase == RETURN_COLLECTED:
            col = self.collections[self.current]
            return [RETURN[n] for n in range(MIN_CARD, MAX_CARD + 1) if col[n]]
        if phase == GIVE_LEFT:
            col = self.collections[self.current]
            return [GIVE[n] for n in range(MIN_CARD, MAX_CARD + 1) if col[n]]
        return []

    def _conductor_problem(self, c: int) -> Illegal | None:
        if not 0 <= c < self.ncond:
            return Illegal(f"There is no Conductor {c + 1}: this game has {self.ncond}.", CONDUCTORS_RULE)
        taker = self.taken_by[c]
        if taker is not None:
            return Illegal(f"Conductor {c + 1} was taken by {self.names[taker]} this round.",
                           TAKE_RULE)
        return None

    def _why(self, move: Move) -> Illegal | None:
        phase, me = self.phase, self.current
        # The common legal moves first, answered without building a reason (this runs on every play).
        if move.__class__ is Place:
            c = move.conductor
            if phase == PLACE_CARD and c >= 0 and self.roomy >> c & 1:
                return None
        elif move.__class__ is Take:
            c = move.conductor
            if (phase == TURN or phase == FINAL) and c >= 0 and self.takeable >> c & 1:
                return None
        elif move.__class__ is Draw and phase == TURN and self.roomy and self.deck:
            return None
        if phase == PLACE_CARD:
            if move.__class__ is not Place:
                return Illegal(f"You have drawn {a(self.drawn or 0)} and must place it under a Conductor.", PLACE_RULE)
            problem = self._conductor_problem(move.conductor)
            if problem:
                return problem
            c = move.conductor
            if len(self.conductors[c]) >= self.limits[c]:
                tile = self.tiles[c]
                rule = TILE_RULE[tile] if tile in TILE_LIMIT else CONDUCTOR_LIMIT_RULE
                return Illegal(f"Conductor {c + 1} already holds {self.limits[c]} cards, its limit.", rule)
            return None
        pending = self.pending  # the Conductor being taken, or just played to (immediate take)
        if phase == IMMEDIATE and pending is not None:
            if move == TAKE[pending] or move.__class__ is Pass:
                return None
            return Illegal(f"Conductor {pending + 1}'s Maestro lets you take it now or pass; nothing else.",
                           MAESTRO_IMMEDIATE_RULE)
        if phase in (RETURN_CONDUCTOR, RETURN_COLLECTED):
            if move.__class__ is not Return:
                where = "beneath the Conductor" if phase == RETURN_CONDUCTOR else "from your earlier collection"
                return Illegal(f"First return a card {where} to the box (R and its number).",
                               TILE_RULE[phase])
            if phase == RETURN_CONDUCTOR and pending is not None and move.card not in self.conductors[pending]:
                return Illegal(f"There is no {move.card} beneath Conductor {pending + 1} to return.",
                               MAESTRO_RETURN_CONDUCTOR_RULE)
            if phase == RETURN_COLLECTED and not self.collections[me][move.card]:
                return Illegal(f"You have collected no {move.card} to return.", MAESTRO_RETURN_COLLECTED_RULE)
            return None
        if phase == GIVE_LEFT:
            if move.__class__ is not Give:
                return Illegal("First pass one card of your collection to your left (L and its number).",
                               MAESTRO_PASS_LEFT_RULE)
            if not self.collections[me][move.card]:
                return Illegal(f"You have no {move.card} to pass left.", MAESTRO_PASS_LEFT_RULE)
            return None
        # A turn (or a final turn): draw, take, or (final turn only) pass.
        if move.__class__ is Draw:
            if phase == FINAL:
                return Illegal("The deck is used up: on a final turn you may take a Conductor or pass.",
                               FINAL_TURN_RULE)
            if not self._has_room():
                return Illegal("Every Conductor still on the table is full, so you must take one instead of drawing.",
                               FULL_CONDUCTORS_RULE)
            return None
        if move.__class__ is Take:
            problem = self._conductor_problem(move.conductor)
            if problem:
                return problem
            if not self.conductors[move.conductor]:
                return Illegal(f"Conductor {move.conductor + 1} has no cards beneath it, so it cannot be taken.",
                               TAKE_NONEMPTY_RULE)
            return None
        if move.__class__ is Pass:
            if phase == FINAL:
                return None
            return Illegal("You may pass only on a final turn, after the last card is drawn.", FINAL_TURN_RULE)
        if move.__class__ is Place:
            return Illegal("Draw a card first; then place it.", DRAW_RULE)
        if move.__class__ is Return:
            return Illegal("Cards are returned to the box only when taking a Conductor whose Maestro says so.",
                           MAESTRO_RETURN_CONDUCTOR_RULE)
        return Illegal("Cards are passed left only when taking the Conductor with that Maestro.",
                       MAESTRO_PASS_LEFT_RULE)

    # -- playing -------------------------------------------------------------------
    # Each step returns its events; most moves end a turn with none (the empty tuple), so they cost nothing.
    def _apply(self, move: Move) -> tuple[Events, str]:
        me = self.current
        if move.__class__ is Draw:
            card = self.deck.pop()
            self.drawn = card
            self.phase = PLACE_CARD
            if not self.deck:
                self.end_triggered = True
                return (Drew(me, card, True),), END_TRIGGER
            return (DREW[me][card],), DRAW_RULE
        if move.__class__ is Place:
            c = move.conductor
            card = self.drawn
            assert card is not None  # a card is placed only once drawn
            pile = self.conductors[c]
            pile.append(card)
            self.drawn = None
            self.takeable |= 1 << c
            if len(pile) == self.limits[c]:
                self.roomy &= ~(1 << c)
            done = PLACED[me][card][c][self.limits[c]][len(pile)]
            if self.tiles[c] == "immediate-take":
                self.phase, self.pending = IMMEDIATE, c
                return (done, TakeOffered(c)), MAESTRO_IMMEDIATE_RULE
            more = self._end_turn()
            return ((done, *more) if more else (done,)), PLACE_RULE
        if move.__class__ is Take:
            return self._take(move.conductor)
        if move.__class__ is Pass:
            if self.phase == IMMEDIATE:
                left_on, self.pending = self.pending, None
                assert left_on is not None  # the immediate take is about the Conductor just played to
                return (LeftOnTable(me, left_on), *self._end_turn()), MAESTRO_IMMEDIATE_RULE
            return (PassedFinal(me), *self._end_turn()), FINAL_TURN_RULE
        if move.__class__ is Return:
            taken = self.pending
            assert taken is not None  # a card is returned while taking a Conductor
            self.box.append(move.card)
            if self.phase == RETURN_CONDUCTOR:
                self.conductors[taken].remove(move.card)
                return (Returned(me, move.card, taken), *self._collect(taken)), MAESTRO_RETURN_CONDUCTOR_RULE
            self.collections[me][move.card] -= 1
            return (Returned(me, move.card, None), *self._collect(taken)), MAESTRO_RETURN_COLLECTED_RULE
        assert move.__class__ is Give
        left = (me + 1) % self.players
        self.collections[me][move.card] -= 1
        self.collections[left][move.card] += 1
        return (Gave(me, move.card, left), *self._finish_take()), MAESTRO_PASS_LEFT_RULE

    def _take(self, c: int) -> tuple[Events, str]:
        me = self.current
        self.pending = c
        self.taken_by[c] = me
        self.takeable &= ~(1 << c)
        self.roomy &= ~(1 << c)
        self.out[me] = True
        tile = self.tiles[c]
        cards = tuple(self.conductors[c])
        rule = FINAL_TURN_RULE if self.finals else TAKE_RULE
        if tile == "return-from-conductor":
            self.phase = RETURN_CONDUCTOR
            return (Took(me, c, cards, RETURN_CONDUCTOR),), rule
        if tile == "return-collected" and any(self.collections[me]):
            self.phase = RETURN_COLLECTED
            return (Took(me, c, cards, RETURN_COLLECTED),), rule
        return (Took(me, c, cards), *self._collect(c)), rule

    def _collect(self, c: int) -> Events:
        """Move Conductor ``c``'s cards into the taker's collection, then its Maestro's after-effects."""
        me = self.current
        col = self.collections[me]
        for card in self.conductors[c]:
            col[card] += 1
        self.conductors[c] = []
        events: Events = ()
        if self.tiles[c] == "extra-card":
            if self.deck:
                card = self.deck.pop()
                col[card] += 1
                events = (MaestroAdded(card),)
                if not self.deck and not self.end_triggered:
                    self.end_triggered = True
                    events += (END_TRIGGERED,)
            else:
                events = (MaestroAdded(None),)
        if self.tiles[c] == "pass-left" and any(col):
            self.phase = GIVE_LEFT
            return (*events, MustPassLeft(me, (me + 1) % self.players))
        return events + self._finish_take()

    def _finish_take(self) -> Events:
        self.pending = None
        if all(self.out):
            return self._end_round()
        return self._end_turn()

    def _end_round(self) -> Events:
        self.cite(DUET_ROUND_END_RULE if self.options["variant"] == "duet" else ROUND_END_RULE)
        events: list[Any] = [RoundEnded(self.round)]
        for c in range(self.ncond):
            if self.conductors[c]:  # only in a Duet game: the Conductor nobody took
                self.discard.extend(self.conductors[c])
                events.append(Discarded(tuple(self.conductors[c]), c))
                self.conductors[c] = []
        self.taken_by = [None] * self.ncond
        self.takeable, self.roomy = 0, (1 << self.ncond) - 1
        self.out = [False] * self.players
        if self.end_triggered:  # no new round: the deck is used up and the final turns go on
            return (*events, *self._end_turn())
        self.round += 1
        self.phase = TURN
        return (*events, RoundStarted(self.current, self.round))

    def _end_turn(self) -> Events:
        """Pass the turn on: clockwise to the next player in the round, or to the next final turn."""
        n = self.players
        if self.end_triggered:
            if not self.finals:  # the turn that drew the last card is over: final turns begin
                self.finals = True
                order = [(self.current + k) % n for k in range(1, n + 1)]
                if self.options["final_turns"] == "in-round":
                    order = [p for p in order if not self.out[p]]
                self.final_queue = order
                self.phase = FINAL
                if not order:
                    return self._end_game()
                self.current = self.to_move = order[0]
                return (FinalTurns(tuple(order)),)
            self.final_queue.pop(0)
            if not self.final_queue:
                return self._end_game()
            self.current = self.to_move = self.final_queue[0]
            self.phase = FINAL
            return ()
        self.phase = TURN
        p = self.current
        for _ in range(n):
            p = (p + 1) % n
            if not self.out[p]:
                break
        self.current = self.to_move = p
        return ()

    def _end_game(self) -> Events:
        self.cite(GAME_END_RULE)
        events: Events = ()
        left = [card for cards in self.conductors for card in cards]
        if left:
            self.discard.extend(left)
            events = (Discarded(tuple(left)),)
        self.conductors = [[] for _ in range(self.ncond)]
        self.takeable = self.roomy = 0
        self.phase = OVER
        self.to_move = None
        self.final_queue = []
        result = self.ranking()  # the game is over now
        return (*events, GameEnded(tuple(result.winners), result.shared))

    # -- scoring -------------------------------------------------------------------
    def _cards_of(self, player: int) -> list[int]:
        col = self.collections[player]
        return [n for n in range(MIN_CARD, MAX_CARD + 1) for _ in range(col[n])]

    def score_of(self, player: int) -> Score:
        """A player's score as things stand, with a line per scoring number."""
        scoring = self.options["scoring"]
        parts = []
        col = self.collections[player]
        for n in range(MIN_CARD, MAX_CARD + 1):
            if col[n] == 1:
                parts.append((f"Soloist {n}", points(n, 1, scoring)))
            elif col[n] == 4:
                parts.append((f"Quartet {n}", points(n, 4, scoring)))
        return Score(player, sum(p for _, p in parts), tuple(parts))

    def scores(self) -> tuple[Score, ...]:
        return tuple(self.score_of(p) for p in range(self.players))

    def ranking(self) -> Result:
        """Who leads now, with the tiebreakers applied as at the end of the game: the lowest Quartet,
        then the highest Soloist."""
        numbers = range(MIN_CARD, MAX_CARD + 1)

        def lowest_quartet(p: int) -> int | None:
            return min((n for n in numbers if self.collections[p][n] == 4), default=None)

        def highest_soloist(p: int) -> int | None:
            return max((n for n in numbers if self.collections[p][n] == 1), default=None)

        return rank(self.scores(),
                    Tiebreaker(lowest_quartet, "broken by the lowest Quartet ({value})", TIEBREAK_QUARTET_RULE,
                               lowest=True),
                    Tiebreaker(highest_soloist, "broken by the highest Soloist ({value})", TIEBREAK_SOLOIST_RULE),
                    shared_rule=TIEBREAK_SHARED_RULE)

    def result(self) -> Result | None:
        return self.ranking() if self.phase == OVER else None

    def figures(self) -> dict[str, int]:
        """Rounds played (the one under way included), Quartets and Soloists collected by all the
        players, and cards Maestros sent back to the box."""
        counts = [n for col in self.collections for n in col]
        return {"rounds": self.round, "quartets": counts.count(4), "soloists": counts.count(1),
                "returned": len(self.box) - self.box_at_start}

    # -- what there is and who sees it -------------------------------------------------
    def inventory(self) -> Counter[int]:
        cards = Counter(self.deck)
        for pile in self.conductors:
            cards.update(pile)
        for p in range(self.players):
            cards.update(self._cards_of(p))
        cards.update(self.box)
        cards.update(self.discard)
        if self.drawn is not None:
            cards[self.drawn] += 1
        return cards

    def view(self, player: int | None = None) -> PetQuartetView:
        """The table: all of Pet Quartet is open except the deck's order, which nobody sees (see :mod:`.view`)."""
        self.check_seat(player)
        result = self.result()
        return {
            "game": G,
            "viewer": player,
            "names": list(self.names),
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move,
            "deck": len(self.deck),
            "drawn": self.drawn,
            "conductors": [
                {"number": c + 1, "cards": list(self.conductors[c]), "limit": self.limits[c],
                 "tile": self.tiles[c], "tile_title": TILE_TITLES.get(self.tiles[c] or "", None),
                 "taken_by": self.taken_by[c]}
                for c in range(self.ncond)
            ],
            "collections": [{n: self.collections[p][n] for n in range(MIN_CARD, MAX_CARD + 1)
                             if self.collections[p][n]} for p in range(self.players)],
            "out": list(self.out),
            "end_triggered": self.end_triggered,
            "final_queue": list(self.final_queue),
            "returned": len(self.box) - self.box_at_start,
            "discard": sorted(self.discard),
            "scores": [s.total for s in self.scores()],
            "scoring": self.options["scoring"],
            "winners": list(result.winners) if result else None,
            "tiebreak": result.tiebreak if result else None,
        }

    def determinize(self, player: int, seed: int) -> "PetQuartetState":
        """A copy with the deck's remaining cards in a new order (nobody knows their order)."""
        self.check_seat(player, everyone=False)
        from ...core import Rng

        twin = self.copy()
        # Sorted first: the new order must depend on the seed alone, never on the hidden true order.
        twin.deck.sort()
        Rng(seed).shuffle(twin.deck)
        return twin
