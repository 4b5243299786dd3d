"""Keistad Kwartet's position and the rules that change it."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ...core import Illegal, InvalidMove, RecordError, Result, Rng, Score, State
from ...core.errors import excerpt
from ...core.game import Events
from ...core.scoring import Tiebreaker, rank
from ...core.setups import flag, flags, seat, unknown_field, whole
from ...core.words import names_list
from .cards import (
    ALL_QUARTET_CARDS, BEELDENSTORM, BIT, BONUS_BY_SLUG, BONUS_CARDS, BONUS_NAMES, DECK, FIRSTS, KEISTADFEESTEN,
    MATES, OPEN_MONUMENTENDAGEN, QUARTET_CARDS, QUARTET_MASK, QUARTETS, STADSWANDELING, bit, cards_in, code, codes,
    complete, describe, is_bonus, mask_of, parse_card, quartets_in,
)
from .events import (
    ASKED, DREW, GOES_ON, LAID_DOWN, POT_EMPTY, TAKES_OVER, Asked, AskedQuartet, Dealt, Drew, Event, Feasted, GameEnded,
    Played, Refilled, Shown, Stopped, Stormed, TookPot, TurnPasses, Walked, WentOut,
)
from .knowledge import Knowledge, recall, remember
from .moves import (
    ASK, ASK_QUARTET, BEELDENSTORM as STORM, KEISTADFEESTEN as FEAST, OPEN_MONUMENTENDAGEN as OPEN_DAY,
    STADSWANDELING as WALK, MAX_SEATS, STOP, Ask, AskQuartet, Beeldenstorm, Keistadfeesten, Move,
    OpenMonumentendagen, Stadswandeling, Stop,
)
from .narration import INTERPRETATION
from .rules import G, RULES
from .setups import event_data, read_events
from .view import KeistadKwartetView

#: The rules these moves and refusals cite, checked against the rulebook at import.
ASK_AGAIN_RULE = RULES.ref("ask-again")
ASK_CARD_RULE = RULES.ref("ask-card")
ASK_CATEGORY_RULE = RULES.ref("ask-category")
ASK_RULE = RULES.ref("ask")
BEELDENSTORM_RULE = RULES.ref("beeldenstorm")
BLUFF_RULE = RULES.ref("bluff")
BONUS_CARDS_RULE = RULES.ref("bonus-cards")
EMPTY_HAND_RULE = RULES.ref("empty-hand")
GAME_END_RULE = RULES.ref("game-end")
KEISTADFEESTEN_RULE = RULES.ref("keistadfeesten")
KEPT_BONUS_RULE = RULES.ref("kept-bonus")
KWARTET_RULE = RULES.ref("kwartet")
OPEN_MONUMENTENDAGEN_RULE = RULES.ref("open-monumentendagen")
STADSWANDELING_RULE = RULES.ref("stadswandeling")
TIE_RULE = RULES.ref("tie")

#: The fields of a setup that lay out a position part-way through a game (see ``_position_setup``).
PART_WAY = ("downs", "played", "out", "turn", "over", "idle", "stopper", "events")

HAND = 7  # cards dealt to each player in the main game
#: Which bonus card each bonus move plays.
BONUS_OF = {Beeldenstorm: BEELDENSTORM, Keistadfeesten: KEISTADFEESTEN, Stadswandeling: STADSWANDELING,
            OpenMonumentendagen: OPEN_MONUMENTENDAGEN}
HAND_OVER, MISS_DRAW, EMPTY_POT = RULES.ref("hand-over"), RULES.ref("miss-draw"), RULES.ref("empty-pot")
NO_PROGRESS = RULES.ref("no-progress")

#: Every list of asks met so far: ``_ASKS[seats][wanted]`` holds the asks of each seat of the mask ``seats``
#: in turn, for each card (or quartet) of ``wanted`` in turn: a mask of cards, or of quartets with the
#: :data:`_BY_QUARTET` bit.  Shared by every match: the same few patterns of quartets in hand come up
#: thousands of times in a run of playouts, and each list is made once.
_ASKS: tuple[dict[int, tuple[Move, ...]], ...] = tuple({} for _ in range(1 << MAX_SEATS))
#: Lists kept per mask of seats: room for the 2048 patterns of quartets in hand of both ways of asking, so
#: that only games without bluffs (whose patterns are of cards, many more) ever start a mask's lists afresh.
_ASKS_KEPT = 4100
_BY_QUARTET = 1 << 60


def _asks(seats: int, wanted: int) -> tuple[Move, ...]:
    """Make and keep the asks of the seats of ``seats`` for what ``wanted`` masks (see :data:`_ASKS`)."""
    targets = [t for t in range(MAX_SEATS) if seats >> t & 1]
    if wanted & _BY_QUARTET:
        quartets = list(quartets_in(wanted & ALL_QUARTET_CARDS))
        asks: tuple[Move, ...] = tuple(ASK_QUARTET[t][q] for t in targets for q in quartets)
    else:
        cards = list(cards_in(wanted))
        asks = tuple(ASK[t][c] for t in targets for c in cards)
    kept = _ASKS[seats]
    if len(kept) >= _ASKS_KEPT:
        kept.clear()
    kept[wanted] = asks
    return asks


#: How many random deals :meth:`KeistadKwartetState.determinize` tries to mend before keeping the real one.
_DEAL_TRIES = 8


def _match(cards: list[int], places: list[tuple[int, int]]) -> list[int]:
    """The card each place gets: every card seated where its place allows (augmenting paths)."""
    taker: list[int] = [-1] * len(places)

    def seat(card: int, seen: set[int]) -> bool:
        """Find ``card`` a place: a free one, else one whose card can move on (an augmenting path)."""
        b = 1 << card
        for i, (_, allowed) in enumerate(places):
            if taker[i] == -1 and allowed & b:
                taker[i] = card
                return True
        for i, (_, allowed) in enumerate(places):
            if allowed & b and i not in seen:
                seen.add(i)
                if seat(taker[i], seen):
                    taker[i] = card
                    return True
        return False

    for card in cards:
        if not seat(card, set()):
            raise RuntimeError("the table's knowledge contradicts the cards: no deal fits it")
    return taker


def _mend(taker: list[int], places: list[tuple[int, int]], fixed: list[int], rng: Rng) -> bool:
    """Swap cards between places until no hand holds a complete quartet; False if some swap cannot be found.

    A swap keeps every card where its place allows it, so the deal stays
    consistent with what is known.
    """
    hands = list(fixed)
    for (o, _), card in zip(places, taker):
        if o != -1:
            hands[o] |= BIT[card]
    for _ in range(len(places) + 1):
        full = [(o, complete(hand)) for o, hand in enumerate(hands) if complete(hand)]
        if not full:
            return True
        o, quartets = full[0]
        whole = QUARTET_MASK[next(quartets_in(quartets))]
        mine = [i for i, (p, _) in enumerate(places) if p == o and BIT[taker[i]] & whole]
        theirs = [j for j, (p, _) in enumerate(places) if p != o]
        rng.shuffle(theirs)
        for i in mine:
            for j in theirs:
                a, b = taker[i], taker[j]
                if not (places[i][1] >> b & 1 and places[j][1] >> a & 1):
                    continue
                other = places[j][0]
                mine_after = hands[o] & ~BIT[a] | BIT[b]
                if complete(mine_after):
                    continue
                if other != -1 and complete(hands[other] & ~BIT[b] | BIT[a]):
                    continue
                taker[i], taker[j] = b, a
                hands[o] = mine_after
                if other != -1:
                    hands[other] = hands[other] & ~BIT[b] | BIT[a]
                break
            else:
                continue
            break
        else:
            return False
    return not any(complete(hand) for hand in hands)


class KeistadKwartetState(State):
    """A Keistad Kwartet match.

    Hands are card masks (see :mod:`.cards`); ``pot[-1]`` is the pot's top
    card; seats and quartets count from 0.  ``events`` is the list of public
    events the :class:`~.knowledge.Knowledge` of the table is built from.
    """

    appended = ("events",)
    part_way = PART_WAY
    # The public events are part of the position: they are what the table knows; so is the count of moves
    # without progress, which ends a game going in circles, and who may stop asking now.
    position = ("removed", "hands", "pot", "laid", "downs", "out", "played", "current", "over", "events", "idle",
                "stopper")

    # -- setting up ---------------------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        n = self.players
        options = self.options
        self.bonus = bool(options["bonus_cards"])
        self.ask_quartets = options["ask_for"] == "quartet"
        self.bluffs = options["bluff"] == "allowed"
        self.empty_draws = options["empty_hand"] == "draw"
        self.may_stop = options["ask_again"] == "may"
        self.stopper = -1  # the player who was just handed a card and may stop asking (ask_again=may)
        self.no_progress_limit = options["no_progress"]
        # Moves in a row without a draw, a quartet down, a bonus card played or a player out.  Where a move
        # makes progress it sets -1 (see _progress), so that the count after the move is 0.
        self.idle = 0
        deal_all = options["deal"] == "all"

        deck = list(range(QUARTET_CARDS)) + (list(BONUS_CARDS) if self.bonus else [])
        removed: list[int] = []
        if self.bonus and deal_all and n == 5:
            others = [KEISTADFEESTEN, STADSWANDELING, OPEN_MONUMENTENDAGEN]
            kept = options["kept_bonus_card"]
            kept = self.rng.choice(others) if kept == "random" else BONUS_BY_SLUG[kept]
            removed = [BEELDENSTORM] + [c for c in others if c != kept]
            deck = [c for c in deck if c not in removed]
        # The shuffle happens even for a hand-made setup, so the generator is in the same state either way
        # and a Beeldenstorm later in the game reshuffles alike.
        self.rng.shuffle(deck)  # deck[0] is the top card
        first = options["youngest"] - 1
        laid_before: list[list[int]] = [[] for _ in range(n)]

        setup = dict(setup or {})
        if setup:
            hands, pot, removed, laid_before, first = self._read_setup(setup, deck, first)
        else:
            # One card at a time from the first player round the table: the k-th card goes to the k-th
            # player in turn, modulo n (an uneven deal gives its extra cards to the first in turn).
            i = sum(self._deal_counts(len(deck), first, deal_all))
            hands = [0] * n
            for k in range(n):
                hands[(first + k) % n] = mask_of(deck[k:i:n])
            pot = list(reversed(deck[i:]))
        self.first_player = first
        self.removed = tuple(removed)
        self.dealt_hands = tuple(hands)
        self.dealt_pot = tuple(reversed(pot))  # top first
        self.laid_before = tuple(tuple(q) for q in laid_before)

        self.hands: list[int] = list(hands)
        self.pot: list[int] = pot
        self.laid: list[list[int]] = [list(q) for q in laid_before]
        self.downs: list[tuple[int, int]] = [(p, q) for p in range(n) for q in laid_before[p]]
        self.down = 0  # mask of quartets laid down
        for _, q in self.downs:
            self.down |= 1 << q
        self.out = [False] * n
        self.playing = (1 << n) - 1  # the seats still in the game, as a mask (the same as ``out``, for speed)
        self._asks_of: list[tuple[int, int, tuple[Move, ...]]] = [(-1, 0, ())] * n  # see _legal
        self.played: list[tuple[int, int]] = []  # (player, bonus card), in the order played
        self.current = first
        self.over = False
        live = 0
        for hand in hands:
            live |= hand
        live |= mask_of(pot)
        self.events: list[Event] = [Dealt(tuple(h.bit_count() for h in hands), len(pot), live)]
        self._known: tuple[Knowledge, int] | None = None
        self._known_exactly: tuple[Knowledge, int] | None = None
        #: In a determinized copy, how many events the real position had (see determinize); None in a real match.
        self._imagined_from: int | None = None
        if any(field in setup for field in PART_WAY):
            self.opening, self.opening_events = "", ()
            self._lay_out(setup)
            return
        # Quartets dealt complete go down at once, and an empty hand is dealt with, before anyone asks.
        opening = self._tidy(first)
        if self._all_down():
            opening += (self._finish(),)
        elif self.out[first]:
            self.current = self._next_in_play(first)
        self.idle = 0  # the opening's draws and quartets are no move's progress
        #: What happened at the deal, before the first move (quartets dealt complete laid down...), and in words.
        self.opening_events = opening
        self.opening = "" if self._narrator is None else self._narrator(opening)

    def _deal_counts(self, cards: int, first: int, deal_all: bool) -> list[int]:
        n = self.players
        if not deal_all:
            return [HAND] * n
        base, extra = divmod(cards, n)
        counts = [base] * n
        for k in range(extra):  # without the bonus cards the deal is uneven: the first in turn get one more
            counts[(first + k) % n] += 1
        return counts

    def _read_setup(self, setup: Mapping[str, Any], deck: list[int], first: int
                    ) -> tuple[list[int], list[int], list[int], list[list[int]], int]:
        """The hands (masks), the pot (top last), the bonus cards removed, the quartets laid and the first player."""
        n = self.players
        unknown_field(setup, ("hands", "pot", "removed", "quartets", "first_player", *PART_WAY))
        if "hands" not in setup:
            raise RecordError("a setup must give the players' hands (setup.hands).", "setup.hands")
        in_game = set(range(QUARTET_CARDS)) | (set(BONUS_CARDS) if self.bonus else set())
        placed: set[int] = set()

        def cards_of(value: Any, field: str) -> list[int]:
            if not isinstance(value, list):
                raise RecordError(f"{field} must be a list of cards such as \"3.2\" or \"KF\".", field)
            cards = []
            for text in value:
                try:
                    card = parse_card(text)
                except InvalidMove as exc:
                    raise RecordError(f"{field} holds {excerpt(text)}, which is not a card: {exc}", field) from None
                if card not in in_game:
                    raise RecordError(f"{field} holds {code(card)}, a bonus card, but this game is played without "
                                      "them.", field)
                if card in placed:
                    raise RecordError(f"{field} holds {code(card)}, which the setup places twice.", field)
                placed.add(card)
                cards.append(card)
            return cards

        given = setup["hands"]
        if not isinstance(given, list) or len(given) != n:
            raise RecordError(f"setup.hands must be a list of {n} hands.", "setup.hands")
        hands = [mask_of(cards_of(h, f"setup.hands[{p}]")) for p, h in enumerate(given)]

        laid: list[list[int]] = [[] for _ in range(n)]
        downs: list[tuple[int, int]] = []  # (seat, quartet number) in the order laid down
        if "quartets" in setup:
            value = setup["quartets"]
            if not (isinstance(value, list) and len(value) == n and all(isinstance(v, list) for v in value)):
                raise RecordError(f"setup.quartets must be a list of {n} lists of quartet numbers.", "setup.quartets")
            for p, numbers in enumerate(value):
                for number in numbers:
                    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= QUARTETS:
                        raise RecordError(f"setup.quartets holds {excerpt(number)}, not a quartet number from 1 to "
                                          f"{QUARTETS}.", "setup.quartets")
                    downs.append((p, number))
        if "downs" in setup:  # the quartets laid down in the order they went down, and by whom
            value = setup["downs"]
            if "quartets" in setup or not (isinstance(value, list) and all(
                    isinstance(d, list) and len(d) == 2 and type(d[0]) is int and 0 <= d[0] < n
                    and type(d[1]) is int and 1 <= d[1] <= QUARTETS for d in value)):
                raise RecordError("setup.downs must list the quartets laid down, in order, as [seat, quartet "
                                  "number] (and setup.quartets is then left out).", "setup.downs")
            downs = [(p, number) for p, number in value]
        field = "setup.downs" if "downs" in setup else "setup.quartets"
        for p, number in downs:
            cards = set(cards_in(QUARTET_MASK[number - 1]))
            if cards & placed:
                raise RecordError(f"{field} lays down quartet {number}, whose cards the setup places elsewhere.",
                                  field)
            placed |= cards
            laid[p].append(number - 1)
        self._setup_downs = [(p, number - 1) for p, number in downs]
        given = setup.get("played", [])
        if not (isinstance(given, list) and all(isinstance(g, list) and len(g) == 2 and type(g[0]) is int
                                                and 0 <= g[0] < n for g in given)):
            raise RecordError("setup.played must list the bonus cards played, in order, as [seat, card].",
                              "setup.played")
        self._setup_played = [(p, card) for (p, _), card in zip(given, cards_of([c for _, c in given], "setup.played"))]
        if not all(is_bonus(c) for _, c in self._setup_played):
            raise RecordError("setup.played may only hold bonus cards.", "setup.played")

        removed: list[int] = []
        if "removed" in setup:
            removed = cards_of(setup["removed"], "setup.removed")
            if not all(is_bonus(c) for c in removed):
                raise RecordError("setup.removed may only hold bonus cards.", "setup.removed")

        top = cards_of(setup.get("pot", []), "setup.pot")
        rest = [c for c in deck if c not in placed]  # in the shuffled deck's order
        rest += [c for c in sorted(in_game - placed) if c not in rest]  # cards the options' deal took out
        pot = list(reversed(top + rest))

        first = self._setup_first_player(setup, first)
        return hands, pot, removed, laid, first

    def _lay_out(self, setup: Mapping[str, Any]) -> None:
        """Lay out a position part-way through a match (see :meth:`_position_setup`), each field checked,
        and the public events checked against the hands: what the table knows must be true."""
        n = self.players
        if "downs" in setup:
            self.downs = list(self._setup_downs)
        self.played = list(self._setup_played)
        self.out = flags(setup, "out", n)
        self.playing = sum(1 << p for p in range(n) if not self.out[p])
        self.current = seat(setup, "turn", n, self.first_player)
        self.over = flag(setup, "over")
        self.idle = whole(setup, "idle", 0, self.no_progress_limit, 0)
        stopper = seat(setup, "stopper", n, None, none=True)
        self.stopper = -1 if stopper is None else stopper
        if any(self.out[p] and self.hands[p] for p in range(n)):
            raise RecordError("setup.out has a player out of the game who still holds cards.", "setup.out")
        if not self.over:
            if self._all_down():
                raise RecordError("setup.over must be true once every quartet is down.", "setup.over")
            if any(complete(hand) for hand in self.hands):
                raise RecordError("setup.hands gives a hand a whole quartet, which it would have laid down.",
                                  "setup.hands")
            if any(not self.hands[p] and not self.out[p] for p in range(n)) or self.out[self.current]:
                raise RecordError("setup.out must have out exactly the players without cards, the player to move "
                                  "not among them.", "setup.out")
        if "events" in setup:
            self.events = read_events(setup["events"], n)
        knowledge = Knowledge.from_events(self.events, bluffs=self.bluffs)
        live = mask_of(self.pot)
        for hand in self.hands:
            live |= hand
        problems = knowledge.contradictions(self.hands)
        if knowledge.live != live or knowledge.pot != len(self.pot) or problems:
            why = problems[0] if problems else "they leave other cards in play"
            raise RecordError(f"setup.events tell what the cards contradict: {why}.", "setup.events")

    def _position_setup(self) -> dict[str, Any]:
        """The position as a setup: the hands, the pot, the quartets down in order, the bonus cards played,
        who is out and whose turn it is, the count of moves without progress, and every public event."""
        setup = self._dealt_setup()
        setup.pop("quartets", None)
        setup.update({
            "hands": [codes(h) for h in self.hands], "pot": [code(c) for c in reversed(self.pot)],
            "downs": [[p, q + 1] for p, q in self.downs], "played": [[p, code(c)] for p, c in self.played],
            "out": list(self.out), "turn": self.current, "over": self.over, "idle": self.idle,
            "stopper": None if self.stopper < 0 else self.stopper,
            "events": [event_data(e) for e in self.events],
        })
        return setup

    def _dealt_setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = {
            "hands": [codes(h) for h in self.dealt_hands],
            "pot": [code(c) for c in self.dealt_pot],
            "first_player": self.first_player,
        }
        if self.removed:
            setup["removed"] = [code(c) for c in self.removed]
        if any(self.laid_before):
            setup["quartets"] = [[q + 1 for q in laid] for laid in self.laid_before]
        return setup

    # -- who decides -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.current

    @property
    def turn(self) -> int | None:
        return self.to_move

    def is_over(self) -> bool:
        return self.over

    def in_play(self, player: int) -> bool:
        """Whether ``player`` is still in the game (holds cards, or may still get some)."""
        return not self.out[player]

    def _opponents(self, me: int) -> list[int]:
        """The opponents still in the game, clockwise from ``me``'s left."""
        n = self.players
        return [(me + k) % n for k in range(1, n) if not self.out[(me + k) % n]]

    def _next_in_play(self, player: int) -> int:
        n = self.players
        for k in range(1, n + 1):
            p = (player + k) % n
            if not self.out[p]:
                return p
        return player

    # -- what is legal -----------------------------------------------------------
    def _legal(self) -> list[Move]:
        """The asks, opponent by opponent in seat order and card by card, then the bonus cards.

        The asks depend only on two masks, the opponents in the game and
        what the player may ask for, so they are looked up by them (see
        :data:`_ASKS`).
        """
        me = self.current
        hand = self.hands[me]
        playing = self.playing
        # A player's asks stay the same while their hand and the table do: between two hand-overs a
        # player is often asked to move again with the very same hand.
        last = self._asks_of[me]
        if last[0] == hand and last[1] == playing:
            moves = list(last[2])
        else:
            held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & FIRSTS  # the quartets in hand (cards.present)
            if self.ask_quartets:
                wanted = held | _BY_QUARTET
            elif self.bluffs:
                wanted = held * 0b1111
            else:
                wanted = held * 0b1111 & ~hand
            seats = playing & ~(1 << me)
            asks = _ASKS[seats].get(wanted)
            if asks is None:
                asks = _asks(seats, wanted)
            self._asks_of[me] = (hand, playing, asks)
            moves = list(asks)
        if self.stopper == me and self.may_stop:
            moves.append(STOP)
        if self.bonus and hand > ALL_QUARTET_CARDS:  # holds a bonus card
            opponents = sorted(self._opponents(me))
            standing = [q for q in range(QUARTETS) if not self.down >> q & 1]
            if hand & bit(BEELDENSTORM):
                moves.append(STORM)
            if hand & bit(KEISTADFEESTEN):
                moves.extend(FEAST[q] for q in standing)
            if hand & bit(STADSWANDELING):
                wanted = 0
                for q in standing:
                    wanted |= QUARTET_MASK[q]
                if not self.bluffs:
                    wanted &= ~hand
                moves.extend(WALK[c] for c in cards_in(wanted))
            if hand & bit(OPEN_MONUMENTENDAGEN):
                moves.extend(OPEN_DAY[t] for t in opponents)
        return moves

    def _target_problem(self, target: int, rule: str) -> Illegal | None:
        if target >= self.players:
            return Illegal(f"There is no seat {target + 1}: this game has {self.players} players.", rule)
        if target == self.current:
            return Illegal("You must choose an opponent, not yourself.", rule)
        if self.out[target]:
            return Illegal(f"{self.names[target]} has no cards left and is out of the game.", EMPTY_HAND_RULE)
        return None

    def _why(self, move: Move) -> Illegal | None:
        if move.__class__ is Ask and not self.ask_quartets:
            # The usual case first: a legal ask (an opponent in the game, a card of a quartet in hand).
            me = self.current
            if (self.playing >> move.target & 1 and move.target != me and self.hands[me] & QUARTET_MASK[move.card >> 2]
                    and (self.bluffs or not self.hands[me] & BIT[move.card])):
                return None
        return self._problem(move)

    def _problem(self, move: Move) -> Illegal | None:
        """What :meth:`_why` says of any move but a legal ask: each rule in turn, the first one broken."""
        me = self.current
        hand = self.hands[me]
        if move.__class__ is Stop:
            if not self.may_stop:
                return Illegal("In this game you go on asking after a hand-over until you miss (ask_again=must).",
                               ASK_AGAIN_RULE)
            if self.stopper != me:
                return Illegal("You may stop asking only after a card has been handed over to you.",
                               ASK_AGAIN_RULE)
            return None
        if move.__class__ is Ask or move.__class__ is AskQuartet:
            if (move.__class__ is AskQuartet) != self.ask_quartets:
                how = ("for a whole quartet (write 3@2), not one card" if self.ask_quartets
                       else "for one named card (write 3.2@2), not a whole quartet")
                return Illegal(f"In this game you ask {how}.", ASK_CARD_RULE)
            problem = self._target_problem(move.target, ASK_RULE)
            if problem:
                return problem
            if move.__class__ is AskQuartet:
                q = move.quartet
            elif move.__class__ is Ask:
                q = move.card >> 2
            if self.down >> q & 1:
                return Illegal(f"Quartet {q + 1} is already laid down.", KWARTET_RULE)
            if not hand & QUARTET_MASK[q]:
                return Illegal(f"You may only ask for a card of a quartet you already hold a card of, and you hold "
                               f"no card of Quartet {q + 1}.", ASK_CATEGORY_RULE)
            if move.__class__ is Ask and not self.bluffs and hand & bit(move.card):
                return Illegal(f"You hold {describe(move.card)} yourself, and this game does not allow asking for "
                               "your own card.", BLUFF_RULE)
            return None
        # A bonus card.
        if not self.bonus:
            return Illegal("This game is played without the bonus cards.", BONUS_CARDS_RULE)
        card = BONUS_OF[move.__class__]
        name = BONUS_NAMES[card]
        if not hand & bit(card):
            if card in self.removed:
                return Illegal(f"{name} was taken out of the game at the deal.", KEPT_BONUS_RULE)
            if any(c == card for _, c in self.played):
                return Illegal(f"{name} has already been played: each bonus card is used once per game.",
                               BONUS_CARDS_RULE)
            return Illegal(f"You do not hold {name}.", BONUS_CARDS_RULE)
        if move.__class__ is Keistadfeesten and self.down >> move.quartet & 1:
            return Illegal(f"Quartet {move.quartet + 1} is already laid down.", KEISTADFEESTEN_RULE)
        if move.__class__ is Stadswandeling:
            if self.down >> (move.card >> 2) & 1:
                return Illegal(f"Quartet {(move.card >> 2) + 1} is already laid down.", STADSWANDELING_RULE)
            if not self.bluffs and hand & bit(move.card):
                return Illegal(f"You hold {describe(move.card)} yourself, and this game does not allow asking for "
                               "your own card.", BLUFF_RULE)
        if move.__class__ is OpenMonumentendagen:
            return self._target_problem(move.target, OPEN_MONUMENTENDAGEN_RULE)
        return None

    # -- playing -------------------------------------------------------------------
    # Each step returns its events (see .events); the public ones also go to ``self.events``, which the
    # table's knowledge is built from.  A step that changes nothing returns the empty tuple, which costs nothing.
    def _apply(self, move: Move) -> tuple[Events, str]:
        events, rule = self._move(move)
        # Counted where it happens: a draw, a quartet laid down, a bonus card played or a player out sets
        # ``idle`` to -1 while the move is played, so a move that made progress leaves it at 0.
        idle = self.idle = self.idle + 1
        if idle < self.no_progress_limit or self.over:
            return events, rule
        return (*events, self._stall()), NO_PROGRESS

    def _stall(self) -> GameEnded:
        """End a game going in circles (the no-progress rule)."""
        return self._finish(self.idle)

    def _move(self, move: Move) -> tuple[Events, str]:
        if move.__class__ is not Ask:
            if move.__class__ is AskQuartet:
                return self._ask(move.target, move.quartet, None)
            if move.__class__ is Stop:
                return self._stop()
            return self._play_bonus(move)
        # An ask for one card.  Most asks lay nothing down and empty no hand, and that is known before the
        # ask is played (the card asked for, or the pot's top card, is the only one the asker can gain):
        # those are played here, quickly; the others by _ask, which sees to everything.
        me = self.current
        target = move.target
        card = move.card
        hands = self.hands
        b = BIT[card]
        if hands[target] & b:
            quartet = QUARTET_MASK[card >> 2]
            if hands[me] & quartet == MATES[card] or hands[target] == b:
                return self._ask(target, card >> 2, card)
            if self.bluffs:
                # The asker held a card of this quartet already, and the giver may still: when the quartets
                # in a hand stay the same, so do its asks (with bluffs they depend on nothing else).
                asks_of = self._asks_of
                last = asks_of[me]
                if last[0] == hands[me]:
                    asks_of[me] = (hands[me] | b, last[1], last[2])
                last = asks_of[target]
                if last[0] == hands[target] and hands[target] & quartet != b:
                    asks_of[target] = (hands[target] ^ b, last[1], last[2])
            hands[target] ^= b
            hands[me] |= b
            self.stopper = me
            asked = ASKED[me][target][card][1]
            self.events.append(asked)
            return (asked, GOES_ON[me][1]), HAND_OVER
        pot = self.pot
        if pot and pot[-1] < QUARTET_CARDS and hands[me] & QUARTET_MASK[pot[-1] >> 2] == MATES[pot[-1]]:
            return self._ask(target, card >> 2, card)
        asked = ASKED[me][target][card][0]
        self.events.append(asked)
        self.current = target
        self.stopper = -1
        if pot:
            hands[me] |= BIT[pot.pop()]
            drew = DREW[me]
            self.events.append(drew)
            self.idle = -1  # a draw is progress
            return (asked, drew, TAKES_OVER[target]), MISS_DRAW
        return (asked, POT_EMPTY, TAKES_OVER[target]), EMPTY_POT

    def _ask(self, target: int, q: int, card: int | None) -> tuple[Events, str]:
        """Ask ``target`` for ``card`` (or, when it is None, for all of quartet ``q``)."""
        me = self.current
        wanted = QUARTET_MASK[q] if card is None else bit(card)
        given = self.hands[target] & wanted
        downs_before = len(self.downs)
        asked: Event = (AskedQuartet(me, target, q, given) if card is None
                        else ASKED[me][target][card][1 if given else 0])
        self.events.append(asked)
        events: Events
        if given:
            self.hands[target] &= ~given
            self.hands[me] |= given
            rule = HAND_OVER
            self.stopper = me
            events = (asked, *self._tidy(me, (me,)))
            if not self._all_down() and not self.out[me]:
                events += (GOES_ON[me][bool(self.hands[me] & ALL_QUARTET_CARDS)],)
        else:
            if self.pot:
                events = (asked, self._draw(me))
                rule = MISS_DRAW
            else:
                events = (asked, POT_EMPTY)
                rule = EMPTY_POT
            events += self._tidy(me, (me,))
            self.stopper = -1
            if not self._all_down():
                self.current = target
                events += (TAKES_OVER[target],)
        return self._close(events, rule, downs_before)

    def _stop(self) -> tuple[Events, str]:
        """Stop asking after a hand-over (ask_again=may): the turn passes to the next player on the left."""
        me = self.current
        self.stopper = -1
        self.current = self._next_in_play(me)
        return (Stopped(me, self.current),), ASK_AGAIN_RULE

    def _play_bonus(self, move: Move) -> tuple[Events, str]:
        me = self.current
        card = BONUS_OF[type(move)]
        downs_before = len(self.downs)
        self.hands[me] &= ~bit(card)
        self.played.append((me, card))
        self.idle = -1  # a bonus card played is progress
        played = Played(me, card)
        self.events.append(played)
        guests = self._opponents(me)
        effect: Event
        if move.__class__ is Beeldenstorm:
            rule = BEELDENSTORM_RULE
            effect = self._storm(me)
        elif move.__class__ is Keistadfeesten:
            rule = KEISTADFEESTEN_RULE
            q = move.quartet
            brought = tuple(self.hands[g] & QUARTET_MASK[q] for g in guests)
            for g, cards in zip(guests, brought):
                self.hands[g] &= ~cards
                self.hands[me] |= cards
            effect = Feasted(me, q, tuple(guests), brought)
        elif move.__class__ is Stadswandeling:
            rule = STADSWANDELING_RULE
            b = bit(move.card)
            asked, holder = [], None
            for g in guests:
                asked.append(g)
                if self.hands[g] & b:
                    holder = g
                    break
            effect = Walked(me, move.card, tuple(asked), holder)
            if holder is not None:
                self.hands[holder] &= ~b
                self.hands[me] |= b
        else:
            rule = OPEN_MONUMENTENDAGEN_RULE
            assert move.__class__ is OpenMonumentendagen
            t = move.target
            effect = Shown(t, self.hands[t])
        if move.__class__ is not Beeldenstorm:
            self.events.append(effect)
        events = (played, effect, *self._tidy(me, None if move.__class__ is Beeldenstorm else (me,)))
        if not self._all_down() and not self.out[me]:
            events += (GOES_ON[me][0],)
        return self._close(events, rule, downs_before)

    def _storm(self, me: int) -> Stormed:
        n = self.players
        sizes = [h.bit_count() for h in self.hands]
        pool = [c for h in self.hands for c in cards_in(h)] + self.pot
        self.rng.shuffle(pool)
        self.hands = [0] * n
        i = 0
        for round_ in range(max(sizes)):
            for k in range(1, n + 1):  # one at a time, clockwise from the player's left
                p = (me + k) % n
                if sizes[p] > round_:
                    self.hands[p] |= bit(pool[i])
                    i += 1
        self.pot = pool[i:]
        stormed = Stormed(tuple(sizes))
        self.events.append(stormed)
        return stormed

    def _close(self, events: Events, rule: str, downs_before: int) -> tuple[Events, str]:
        """Finish a move: the game's end, or the turn passing on from a player who is out."""
        if self._all_down():
            return (*events, self._finish()), GAME_END_RULE
        if self.out[self.current]:
            self.current = self._next_in_play(self.current)
            events += (TurnPasses(self.current),)
        if len(self.downs) > downs_before:
            rule = KWARTET_RULE
        return events, rule

    def _draw(self, player: int) -> Drew:
        """``player`` draws the pot's top card."""
        self.hands[player] |= bit(self.pot.pop())
        drew = DREW[player]
        self.events.append(drew)
        self.idle = -1  # a draw is progress
        return drew

    def _lay_down(self, player: int) -> Events:
        full = complete(self.hands[player])
        if not full:
            return ()
        self.cite(KWARTET_RULE)
        events: Events = ()
        for q in quartets_in(full):
            self.hands[player] &= ~QUARTET_MASK[q]
            self.laid[player].append(q)
            self.downs.append((player, q))
            self.idle = -1  # a quartet laid down is progress
            self.down |= 1 << q
            laid = LAID_DOWN[player][q]
            self.events.append(laid)
            events += (laid,)
        return events

    def _tidy(self, start: int, gainers: tuple[int, ...] | None = None) -> Events:
        """Lay down complete quartets, then deal with empty hands, seat by seat from ``start``.

        ``gainers`` are the players whose hands grew (None: anyone's may have):
        only they can have completed a quartet.
        """
        hands = self.hands
        if gainers is not None and not any(complete(hands[p]) for p in gainers) and all(hands[p] or self.out[p]
                                                                                        for p in range(self.players)):
            return ()  # the usual case, made quick: nothing to lay down, nobody newly empty-handed
        n = self.players
        order = [(start + k) % n for k in range(n)]
        events: Events = tuple(e for p in (order if gainers is None else gainers) for e in self._lay_down(p))
        if self._all_down():
            return events
        for p in order:
            if self.out[p] or self.hands[p]:
                continue
            if self.empty_draws and self.pot:
                self._draw(p)
                events += (Refilled(p),)
                continue
            self.out[p] = True
            self.playing &= ~(1 << p)
            self.idle = -1  # a player out is progress
            events += (WentOut(p),)
            left = [o for o in range(n) if not self.out[o]]
            if len(left) == 1:
                events += self._lone(left[0])
                break
        return events

    def _lone(self, player: int) -> Events:
        if not self.pot:
            return ()
        taken = len(self.pot)
        while self.pot:
            self._draw(player)
        return (TookPot(player, taken), *self._lay_down(player))

    def _all_down(self) -> bool:
        return self.down == (1 << QUARTETS) - 1

    def _finish(self, stalled: int | None = None) -> GameEnded:
        """End the game: every quartet is down, or (``stalled``) that many moves made no progress."""
        self.cite(GAME_END_RULE)
        self.over = True
        result = self.ranking()  # the game is over now
        return GameEnded(tuple(result.winners), result.shared, result.scores[result.winners[0]].total, stalled)

    # -- scoring -------------------------------------------------------------------
    def scores(self) -> tuple[Score, ...]:
        # Kept until the next quartet goes down: a timeline asks after every move, and most lay nothing down.
        kept: tuple[int, tuple[Score, ...]] | None = self.__dict__.get("_scores_at")
        if kept is not None and kept[0] == len(self.downs):
            return kept[1]
        scores = tuple(Score(p, len(self.laid[p]), tuple((f"Quartet {q + 1}", 1) for q in self.laid[p]))
                       for p in range(self.players))
        self._scores_at = (len(self.downs), scores)
        return scores

    def ranking(self) -> Result:
        """Who leads now on quartets, with ties settled as at the end of the game (by who had their
        quartets down first, if the option says so)."""
        scores = self.scores()
        best = max(s.total for s in scores)
        tiebreakers: tuple[Tiebreaker, ...] = ()
        if self.options["tiebreak"] == "first" and best > 0:
            reached = {}  # when each player laid down their best-th quartet
            count = [0] * self.players
            for index, (p, _) in enumerate(self.downs):
                count[p] += 1
                if count[p] == best:
                    reached[p] = index
            tiebreakers = (Tiebreaker(reached.get, ", broken: {name} had {best} down first", TIE_RULE, lowest=True),)
        return rank(scores, *tiebreakers, unit="quartet", names=self.names, shared_rule=TIE_RULE)

    def result(self) -> Result | None:
        return self.ranking() if self.over else None

    def figures(self) -> dict[str, int]:
        """Quartets laid down in the match (those a setup laid down before it not counted), asks
        (for a card, or a whole quartet) and the misses among them, Bonus cards played, and players
        who ran out of cards."""
        asks = misses = 0
        for event in self.events:
            if event.__class__ is Asked:
                asks += 1
                misses += not event.hit
            elif event.__class__ is AskedQuartet:
                asks += 1
                misses += not event.cards
        return {"quartets": len(self.downs) - sum(map(len, self.laid_before)), "asks": asks, "misses": misses,
                "bonus_played": len(self.played), "out": sum(self.out)}

    # -- what there is and who knows it ----------------------------------------------
    def inventory(self) -> Counter[str]:
        cards: Counter[str] = Counter()
        for hand in self.hands:
            cards.update(codes(hand))
        cards.update(code(c) for c in self.pot)
        for laid in self.laid:
            for q in laid:
                cards.update(codes(QUARTET_MASK[q]))
        cards.update(code(c) for _, c in self.played)
        cards.update(code(c) for c in self.removed)
        return cards

    def hand(self, player: int) -> int:
        """The cards in ``player``'s hand, as a mask (``bit(card)`` set for each): for that player's eyes."""
        return self.hands[player]

    def knowledge(self, player: int | None = None, *, exact: bool = True) -> Knowledge:
        """What the table knows about the hands (``player``: what that player knows, their own hand seen).

        Built from the public events alone; a fresh copy, free to change.  By default the exact
        model (:mod:`.deals`): every fact that holds in every deal consistent with the events,
        and no other, and the exact odds (:meth:`~.knowledge.Knowledge.share`), a few
        milliseconds a move on average (its work is bounded, and a question past the budget is
        left open: ``Knowledge.complete``).  What the table, the panel and the odds on the move
        buttons show.  ``exact=False`` gives the quick rules' facts instead: sound, found in
        microseconds, but not every fact the events allow; the bots read those, as they play
        thousands of imagined matches.  A match imagined while looking ahead (:meth:`determinize`)
        knows what its real position knows, and learns by the quick rules once it moves on; its
        deal agrees with the quick rules' facts.
        """
        self.check_seat(player)
        table = self._table_knowledge(exact=exact)
        return table.copy() if player is None else table.knowing_hand(player, self.hands[player])

    def _table_knowledge(self, exact: bool = False) -> Knowledge:
        # An imagined match knows by the quick rules once it moves on from the real position (see knowledge).
        exact = exact and (self._imagined_from is None or self._imagined_from == len(self.events))
        cache = self._known_exactly if exact else self._known
        count = len(self.events)
        if cache is None or cache[1] != count:
            known = recall(self.events, self.bluffs) if exact and (cache is None or cache[1] > count) else None
            if known is not None:
                # This position, or one before it, was read before this match was taken back or replayed.
                knowledge, start = (known[0] if known[1] == count else known[0].copy()), known[1]
            elif cache is None or cache[1] > count:
                dealt = self.events[0]
                assert isinstance(dealt, Dealt)  # every match's events begin with the deal
                knowledge, start = Knowledge(dealt, bluffs=self.bluffs, exact=exact), 1
            else:
                knowledge, start = cache[0].copy(), cache[1]
            for event in self.events[start:]:
                knowledge.learn(event)
            cache = (knowledge, count)  # never changed in place, so copies of the state may share it
            if exact:
                remember(self.events, knowledge)
                self._known_exactly = cache
            else:
                self._known = cache
        return cache[0]

    def view(self, player: int | None = None) -> KeistadKwartetView:
        """The table as ``player`` sees it: their own hand, everyone's hand size, the laid quartets,
        the pot's size, the bonus cards played and what the table knows, by the exact model (``None``: every
        hand shown)."""
        self.check_seat(player)
        result = self.result()
        knowledge = self._table_knowledge(exact=True)
        return {
            "game": G,
            "viewer": player,
            "names": list(self.names),
            "to_move": self.to_move,
            "over": self.over,
            "hands": [codes(self.hands[p]) if player is None or player == p else None for p in range(self.players)],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "out": list(self.out),
            "pot": len(self.pot),
            "laid": [[q + 1 for q in laid] for laid in self.laid],
            "quartet_names": list(DECK.quartets),
            "card_names": [list(cards) for cards in DECK.cards],
            "names_stand_in": DECK.stand_in,
            "names_note": DECK.note,
            "ask_for": self.options["ask_for"],
            "bonus": {
                "in_game": self.bonus,
                "played": [{"card": code(c), "name": BONUS_NAMES[c], "by": p} for p, c in self.played],
                "removed": [code(c) for c in self.removed],
                "effects": INTERPRETATION,
            },
            "knowledge": knowledge.table(),
            "scores": [len(laid) for laid in self.laid],
            "winners": list(result.winners) if result else None,
            "tiebreak": result.tiebreak if result else None,
        }

    def determinize(self, player: int, seed: int) -> "KeistadKwartetState":
        """A copy in which every card ``player`` cannot see is dealt anew, consistently with all they know
        by the quick rules (``knowledge(player, exact=False)``): a bot deals a world for every move, and
        the exact model would make each of its moves some forty times slower.

        Cards the table knows the place of stay there; no card goes where it
        is known not to be; a player known to hold some card of a quartet
        gets one; a card a player lacked when last asked may only be one of
        the cards they drew since; hand and pot sizes stay.  The other hands
        and the pot are filled by a random bipartite matching of cards to
        places (augmenting paths, so it never fails while the knowledge is
        true).

        The deal must also be a position the rules can reach: a complete
        quartet never stays in a hand (it is laid down at once), so a deal
        that gives one is mended by swapping one of its cards with a card of
        another place that may take it, or dealt again.  Should a few tries
        all fail, the hidden cards keep their real places: a world the player
        could have guessed, and never one the game cannot be in.

        The copy's future draws come from ``seed`` too; its record still
        replays the original deal, so it is for looking ahead, not for saving.
        """
        self.check_seat(player, everyone=False)
        rng = Rng(seed)
        knowledge = self.knowledge(player, exact=False)
        fixed = list(knowledge.has)
        placed = 0
        for hand in fixed:
            placed |= hand
        loose = 0
        for hand in self.hands:
            loose |= hand
        loose = (loose | mask_of(self.pot)) & ~placed
        places = self._places(knowledge, player, fixed, loose, recent=True)
        cards = list(cards_in(loose))
        twin = self.copy()
        twin.rng = rng
        # Once it moves on, an imagined match knows by the quick rules, which its deal agrees with: searches play
        # thousands.
        twin._imagined_from = len(self.events)
        for _ in range(_DEAL_TRIES):
            rng.shuffle(cards)
            rng.shuffle(places)
            try:
                taker = _match(cards, places)
            except RuntimeError:
                # The rule on recent draws never leaves a true knowledge without a deal; should it, deal without it.
                places = self._places(knowledge, player, fixed, loose, recent=False)
                rng.shuffle(places)
                taker = _match(cards, places)
            if _mend(taker, places, fixed, rng):
                hands = list(fixed)
                pot = []
                for (o, _), card in zip(places, taker):
                    if o == -1:
                        pot.append(card)
                    else:
                        hands[o] |= bit(card)
                twin.hands = hands
                twin.pot = pot
                return twin
        return twin  # the real hidden cards: no tried deal could be mended

    def _places(self, knowledge: Knowledge, player: int, fixed: list[int], loose: int,
                recent: bool) -> list[tuple[int, int]]:
        """The unknown places a determinization fills: (player, or -1 for the pot; the cards that may go there).

        A hand's places may hold any loose card it is not known to lack; one
        place for each quartet it is known to hold some card of takes a card
        of that quartet.  With ``recent``, a card the hand lacked when last
        asked may only be one of the cards it drew since: its other places,
        the older ones, may not hold it.
        """
        places: list[tuple[int, int]] = []
        for o in range(self.players):
            room = self.hands[o].bit_count() - fixed[o].bit_count()
            if o == player or room == 0:
                continue
            allowed = loose & ~knowledge.hasnt[o]
            needs = knowledge.unplaced_holdings(o)
            places += [(o, allowed & QUARTET_MASK[q]) for q in needs]
            rest = room - len(needs)
            if not recent:
                places += [(o, allowed)] * rest
                continue
            # The j-th newest of the other places came from a draw at least j draws ago, so it cannot hold a
            # card the hand lacked j or fewer draws ago.
            lacked = [(since, BIT[card]) for target, card in knowledge.missed
                      if target == o and allowed & BIT[card]
                      and (since := knowledge.draws_since_miss(o, card)) is not None]
            for j in range(rest):
                mask = allowed
                for since, b in lacked:
                    if since <= j:
                        mask &= ~b
                places.append((o, mask))
        places += [(-1, loose)] * len(self.pot)
        return places
