"""Quartz's position and the rules that change it.

A turn is a short conversation.  The active player announces (explore or
protect); an exploration then alternates reveals and *reaction windows* in
which each opponent, in turn from the active player's left, may play an
Attack card or pass, and the active player may answer each attack with a
Defense card.  So :attr:`to_move` is often an opponent while :attr:`turn`
stays with the active player.  Every one of those choices is an explicit
move, including the passes: a player is asked even when they hold nothing to
play, so being asked reveals nothing about a hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Mapping

from ...core import Illegal, RecordError, Result, Rng, Score, State
from ...core.errors import excerpt
from ...core.words import names_list
from ...core.game import Events
from ...core.records import MAX_NOTATION_CHARS
from ...core.scoring import Tiebreaker, rank
from ...core.setups import flag, one_of, seat, seats, unknown_field
from .deck import ATTACKS, DEFENSES, HELPERS, POSITIONS, Deck, MineCard, deck_for
from .events import (
    DECLINED, GIFT_IN_LINE, LAST_CARD, TURN_CUT, Accident, Attacked, Cadaver, Cancelled, Cause, Collected,
    Continued, CounterCancelled, DrewForHelp, EndedTurn, Explored, GameEnded, Hired, Kept, KeptInLine, MayHire,
    NoDefense, Protected, PutInLine, Revealed, SentBack, Stole, Stopped, TookBack, TookFromLine,
)
from .moves import (
    CONTINUE, EXPLORE, HIRE, PASS, STOP, Continue, Explore, Hire, Keep, Line, Move, Pass, Play, Protect,
    column_key, columns_of, keep, line, play, protect,
)
from .narration import aim_words, full_stop
from .rules import G, RULES
from .view import AttackView, LineCard, Phase, QuartzPlayer, QuartzView

#: The rules these moves and refusals cite, checked against the rulebook at import.
ACCIDENT_RULE = RULES.ref("accident")
ANNOUNCE_RULE = RULES.ref("announce")
CADAVER_RULE = RULES.ref("cadaver")
COLUMN_RULE = RULES.ref("column")
CONTINUE_RULE = RULES.ref("continue")
DEFENSE_RULE = RULES.ref("defense")
GAME_END_RULE = RULES.ref("game-end")
HELPER_REFILL_RULE = RULES.ref("helper-refill")
HIDDEN_HANDS_RULE = RULES.ref("hidden-hands")
HIRE_RULE = RULES.ref("hire")
HIRE_TIMING_RULE = RULES.ref("hire-timing")
ISSO_NAO_TE_PERTENCE_RULE = RULES.ref("isso-nao-te-pertence")
LAST_CARD_RULE = RULES.ref("last-card")
MAS_QUE_BELEZA_RULE = RULES.ref("mas-que-beleza")
PARA_PARA_PARA_RULE = RULES.ref("para-para-para")
PASSA_ISSO_AQUI_RULE = RULES.ref("passa-isso-aqui")
POSSO_AJUDAR_LAST_RULE = RULES.ref("posso-ajudar-last")
POSSO_AJUDAR_RULE = RULES.ref("posso-ajudar")
PRESENTINHO_RULE = RULES.ref("presentinho")
PROTECT_RULE = RULES.ref("protect")
REVEAL_RULE = RULES.ref("reveal")
SAI_FORA_CANCEL_RULE = RULES.ref("sai-fora-cancel")
SAI_FORA_RULE = RULES.ref("sai-fora")
SEM_CHANCE_RULE = RULES.ref("sem-chance")
STOP_RULE = RULES.ref("stop")
TIEBREAK_RULE = RULES.ref("tiebreak")
TURN_ORDER_RULE = RULES.ref("turn-order")
TWO_PRESENTINHOS_RULE = RULES.ref("two-presentinhos")
UNSTABLE_RULE = RULES.ref("unstable")

HAND_SIZE = 5
SET_SIZE, SET_BONUS = 4, 5
PRESENT = "presente"

#: The fields of a setup that lay out a position part-way through a game (see ``_position_setup``).
PART_WAY = ("line", "mine_discard", "drawn", "helper_discard", "returned", "turn", "phase", "window", "asked",
            "attack", "attacker", "target", "counter", "hire_source", "hire_check")

#: Phases: what the player to move is deciding.
ANNOUNCE, ATTACK, DEFEND, CANCEL, CHOOSE = Phase.ANNOUNCE, Phase.ATTACK, Phase.DEFEND, Phase.CANCEL, Phase.CHOOSE
HIRE_, DECIDE, BELEZA, OVER = Phase.HIRE, Phase.DECIDE, Phase.BELEZA, Phase.OVER  # see :class:`Phase`

ANNOUNCE_W, REVEAL_W, STOP_W = "announce", "reveal", "stop"  # the three reaction windows

#: The phases in which passing is always legal, and the other moves legal in every position of a
#: phase.  Most moves of a game are passes in a reaction window: they are recognised from
#: these without listing the legal moves.
_PASSING = frozenset({ATTACK, DEFEND, CANCEL, HIRE_, BELEZA})
_ALWAYS = {ANNOUNCE: (EXPLORE,), DECIDE: (CONTINUE, STOP), HIRE_: (HIRE,)}
_NOTHING_ALWAYS: tuple[Move, ...] = ()
_ONLY_PASS = (PASS,)
_DECIDING = (CONTINUE, STOP)
_HIRING = (HIRE, PASS)
_ATTACK_CARDS = frozenset(ATTACKS)
_WINDOW_RULE = RULES.ref("attack-window")

ATTACK_RULE = {card: RULES.ref(name) for card, name in {
    "passa": "passa-isso-aqui", "para": "para-para-para", "posso": "posso-ajudar", "presente": "presentinho",
    "isso": "isso-nao-te-pertence"}.items()}

# The events of a seat that recur all game, made once (see .events): a table lookup is cheaper than a frozen value.
_SEATS = range(4)
EXPLORED = tuple((Explored(p),) for p in _SEATS)
CONTINUED = tuple((Continued(p),) for p in _SEATS)
MAY_HIRE = tuple((MayHire(p),) for p in _SEATS)


class QuartzState(State):
    """A Quartz match.  Decks are lists whose last item is the top card; players count from 0."""

    part_way = PART_WAY
    position = ("deck", "mine", "helper_deck", "hands", "collections", "chests", "line", "mine_discard",
                "helper_discard", "box", "helper_box", "returned", "active", "phase", "window", "queue", "attack",
                "attacker", "target", "counter", "drawn", "hire_source", "hire_check")

    # -- setting up ---------------------------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        n = self.players
        setup = dict(setup or {})
        unknown_field(setup, ("deck", "mine", "helpers", "hands", "collections", "chests", "first_player",
                              *PART_WAY))
        self.custom_deck = setup.get("deck")
        deck = self.deck = deck_for(self.custom_deck)
        # The same draws from the generator whatever the setup fixes, so a record replays
        # bit for bit from its seed or from its explicit setup alike.
        mine_order = deck.mine_cards()
        self.rng.shuffle(mine_order)
        helper_order = deck.helper_cards()
        self.rng.shuffle(helper_order)
        drawn_seat = self.rng.below(n)
        if setup:
            self._lay_out(setup, mine_order, helper_order)
        else:
            # The seed's deal as _lay_out makes it when nothing is fixed, without its checks
            # (a random playout deals thousands of games).  Hands come from the top of the
            # Helper cards, five to each player.
            self.collections: list[list[str]] = [[] for _ in range(n)]
            self.chests: list[list[str]] = [[] for _ in range(n)]
            self.box: list[str] = []
            self.mine = mine_order
            cut = len(helper_order) - HAND_SIZE * n
            top = helper_order[cut:][::-1]
            self.hands = [top[HAND_SIZE * p: HAND_SIZE * (p + 1)] for p in range(n)]
            self.helper_box: list[str] = []
            self.helper_deck = helper_order[:cut]

        first = drawn_seat if self.options["first_player"] == "random" else 0
        first = self._setup_first_player(setup, first)
        part_way = any(field in setup for field in PART_WAY)
        if not self.mine and not part_way:  # the game ends when the last Mine card is resolved: nothing to do
            raise RecordError("setup.mine must hold one Mine card at least.", "setup.mine")
        self.first_player = first

        self.active = first
        self.phase = ANNOUNCE
        if not setup:
            self.line: list[str] = []
            self.mine_discard: list[str] = []
            self.helper_discard: list[str] = []
            self.returned = [0] * n  # Presentinhos sent back by Sai Fora!, waiting for their owner's next exploration
        self.window: str | None = None
        self.queue: list[int] = []  # opponents still to be asked in the open window, first is asked now
        self.attack: str | None = None  # the Attack card being resolved
        self.attacker: int | None = None
        self.target = ""
        self.counter: str | None = None  # a Sai Fora! awaiting the attacker's answer
        if not setup:
            self.drawn: list[str] = []  # Mine cards drawn by Posso Ajudar?, shown to all
        self.hire_source = ""  # how the card awaiting the hire decision joined the line
        self.hire_check = False  # whether that card's accident check is still to come (hire_timing)
        # Counted as the match goes, for figures(): nothing else in the state remembers them.
        self.accidents = self.protections = self.helpers_played = self.hired = 0
        self._legal_cache: tuple[Move, ...] | None = None
        # Who is asked in a reaction window opened on each player's turn, in order from their left.
        self._opponents = tuple(tuple((a + k) % n for k in range(1, n)) for a in range(n))
        self.dealt: dict[str, Any] = {"mine": list(reversed(self.mine)), "helpers": list(reversed(self.helper_deck)),
                      "hands": [list(h) for h in self.hands], "first_player": first,
                      "collections": [list(c) for c in self.collections], "chests": [list(c) for c in self.chests]}
        if part_way:
            self._lay_out_part_way(setup)

    def _lay_out(self, setup: Mapping[str, Any], mine_order: list[str], helper_order: list[str]) -> None:
        """The layout a setup fixes (checked field by field); the seed's deal fills in the rest."""
        n = self.players
        mine_left = Counter(mine_order)
        helpers_left = Counter(helper_order)
        self.collections = self._player_lists(setup, "collections", mine_left, self._check_mine)
        self.chests = self._player_lists(setup, "chests", mine_left, self._check_mine)
        self._part_way_cards(setup, mine_left, helpers_left)
        if "mine" in setup:
            given = setup["mine"]
            if not isinstance(given, list):
                raise RecordError("setup.mine must be a list of Mine card codes, top card first.", "setup.mine")
            for code in given:
                self._check_mine(code, mine_left, "setup.mine")
            self.mine = list(reversed(given))
        else:
            self.mine = _take_in_order(mine_order, mine_left)
        self.box = sorted(mine_left.elements())  # Mine cards a hand-made setup left out of play

        if "hands" in setup:
            self.hands = self._player_lists(setup, "hands", helpers_left, self._check_helper)
        else:
            # Deal from the top of the shuffled Helper cards, five to each player.
            top = list(reversed(helper_order))
            self.hands = [top[HAND_SIZE * p: HAND_SIZE * (p + 1)] for p in range(n)]
            for hand in self.hands:
                helpers_left.subtract(hand)
        if "helpers" in setup:
            given = setup["helpers"]
            if not isinstance(given, list):
                raise RecordError("setup.helpers must be a list of Helper card names, top card first.",
                                  "setup.helpers")
            for key in given:
                self._check_helper(key, helpers_left, "setup.helpers")
            self.helper_deck = list(reversed(given))
        else:
            self.helper_deck = _take_in_order(helper_order, helpers_left)
        self.helper_box = sorted(helpers_left.elements())

    def _part_way_cards(self, setup: Mapping[str, Any], mine_left: Counter[str], helpers_left: Counter[str]) -> None:
        """The cards a position part-way places in the line, the discards, a pending attack and in the hands of
        Presentinhos' senders (``setup.returned``), each checked against the deck."""
        def cards(name: str, check: Callable[[Any, Counter[str], str], None], left: Counter[str]) -> list[str]:
            given = setup.get(name, [])
            if not isinstance(given, list):
                raise RecordError(f"setup.{name} must be a list of cards.", f"setup.{name}")
            for card in given:
                check(card, left, f"setup.{name}")
            return list(given)

        given = setup.get("line", [])
        if not isinstance(given, list):
            raise RecordError("setup.line must be a list of cards, the first revealed first.", "setup.line")
        for card in given:
            if card == PRESENT:
                self._check_helper(card, helpers_left, "setup.line")
            else:
                self._check_mine(card, mine_left, "setup.line")
        self.line = list(given)
        self.mine_discard = cards("mine_discard", self._check_mine, mine_left)
        self.drawn = cards("drawn", self._check_mine, mine_left)
        self.helper_discard = cards("helper_discard", self._check_helper, helpers_left)
        for name in ("attack", "counter"):
            if setup.get(name) is not None:
                self._check_helper(setup[name], helpers_left, f"setup.{name}")
        given = setup.get("returned", [0] * self.players)
        if not (isinstance(given, list) and len(given) == self.players
                and all(type(k) is int and 0 <= k <= self.deck.helpers[PRESENT] for k in given)):
            raise RecordError(f"setup.returned must give, for each of the {self.players} players, how many "
                              "Presentinhos Sai Fora! sent back to them.", "setup.returned")
        for k in given:
            for _ in range(k):
                self._check_helper(PRESENT, helpers_left, "setup.returned")
        self.returned = list(given)

    def _lay_out_part_way(self, setup: Mapping[str, Any]) -> None:
        """A position part-way through a turn's conversation (see :meth:`_position_setup`), checked to be one
        the rules can reach: what each phase needs is there, and nothing a phase cannot have."""
        n = self.players
        self.active = seat(setup, "turn", n, self.first_player)
        self.phase = Phase(one_of(setup, "phase", [str(p) for p in Phase], str(ANNOUNCE)))
        self.window = one_of(setup, "window", (ANNOUNCE_W, REVEAL_W, STOP_W, None), None)
        self.queue = seats(setup, "asked", n, n - 1)
        self.attack = setup.get("attack")
        self.attacker = seat(setup, "attacker", n, None, none=True)
        self.target = setup.get("target", "")
        self.counter = setup.get("counter")
        self.hire_source = one_of(setup, "hire_source", ("reveal", "posso", ""), "")
        self.hire_check = flag(setup, "hire_check")
        phase, a = self.phase, self.active

        def refuse(field: str, why: str) -> None:
            raise RecordError(f"setup.{field} does not fit the phase {phase}: {why}.", f"setup.{field}")

        if self.active in self.queue:
            refuse("asked", "the players asked to attack are the active player's opponents")
        in_window = phase in (ATTACK, DEFEND, CANCEL, CHOOSE) or phase == HIRE_ and self.hire_source == "posso"
        if in_window != (self.window is not None) or in_window != bool(self.queue):
            refuse("window", "a reaction window, and a list of the opponents still asked, are open exactly while "
                   "opponents may attack")
        if phase in (DEFEND, CANCEL, CHOOSE) and self.queue[0] != self.attacker:
            refuse("attacker", "the attacker is the opponent asked first")
        if (self.attack is not None) != (phase in (DEFEND, CANCEL)) or self.attacker is None and (
                phase in (DEFEND, CANCEL, CHOOSE)):
            refuse("attack", "an Attack card and its player are pending exactly while it is answered")
        if self.attack is not None and (self.attack not in ATTACKS or self.attacker == a):
            refuse("attack", "it must be an Attack card played by an opponent")
        if (self.counter is not None) != (phase == CANCEL) or phase == CANCEL and (
                self.counter != "saifora" or self.attack != PRESENT):
            refuse("counter", "a Sai Fora! awaits its answer only against Um Presentinho Para Você...")
        if not isinstance(self.target, str) or self._bad_target():
            refuse("target", "it must name what the attack takes, columns the active player collected")
        if bool(self.drawn) != (phase == CHOOSE) or len(self.drawn) > 2:
            refuse("drawn", "Posso Ajudar? draws one or two Mine cards, to choose from at once")
        if (phase == HIRE_) != bool(self.hire_source) or phase == HIRE_ and not (
                self.line and self.line[-1] != PRESENT and self.deck.kinds[self.line[-1]].helper and self.can_hire()):
            refuse("hire_source", "a hire is offered for a Mine card just placed that shows Hire a Helper, while a "
                   "Helper card can be drawn")
        if not self.mine and phase not in (HIRE_, CHOOSE, OVER) or self.attack == "posso" and not self.mine:
            refuse("mine", "only the game's end follows the last Mine card")
        if self.attack == "passa" and not self._line_has_mine():
            refuse("line", "Passa Isso Aqui! takes a Mine card from the line")

    def _bad_target(self) -> bool:
        """Whether ``target`` names anything but what the pending attack may take."""
        if self.attack != "isso":  # the last attack's target stays until the turn ends: any short text
            return len(self.target) > MAX_NOTATION_CHARS
        return self.target not in self._theft_targets()

    def _position_setup(self) -> dict[str, Any]:
        """The position as a setup: every card's place, whose turn, and where the turn's conversation stands
        (its phase, the reaction window and who is still asked, a pending attack and its answer)."""
        setup = self._dealt_setup()
        setup.update({
            "mine": self.mine[::-1], "helpers": self.helper_deck[::-1], "hands": [list(h) for h in self.hands],
            "collections": [list(c) for c in self.collections], "chests": [list(c) for c in self.chests],
            "line": list(self.line), "mine_discard": list(self.mine_discard), "drawn": list(self.drawn),
            "helper_discard": list(self.helper_discard), "returned": list(self.returned), "turn": self.active,
            "phase": str(self.phase), "window": self.window, "asked": list(self.queue), "attack": self.attack,
            "attacker": self.attacker, "target": self.target, "counter": self.counter,
            "hire_source": self.hire_source, "hire_check": self.hire_check,
        })
        return setup

    def _player_lists(self, setup: Mapping[str, Any], name: str, left: Counter[str],
                      check: Callable[[Any, Counter[str], str], None]) -> list[list[str]]:
        given = setup.get(name)
        if given is None:
            return [[] for _ in range(self.players)]
        if not (isinstance(given, list) and len(given) == self.players and all(isinstance(g, list) for g in given)):
            raise RecordError(f"setup.{name} must be a list of {self.players} lists.", f"setup.{name}")
        for p, cards in enumerate(given):
            for card in cards:
                check(card, left, f"setup.{name}[{p}]")
        return [list(cards) for cards in given]

    def _check_mine(self, code: Any, left: Counter[str], field: str) -> None:
        if not isinstance(code, str) or code not in self.deck.kinds:
            raise RecordError(f"{field} holds {excerpt(code)}, which is not a Mine card of this deck.", field)
        if left[code] <= 0:
            raise RecordError(f"{field} holds more {code} cards than the deck has ({self.deck.counts[code]}).", field)
        left[code] -= 1

    def _check_helper(self, key: Any, left: Counter[str], field: str) -> None:
        if not isinstance(key, str) or key not in HELPERS:
            raise RecordError(f"{field} holds {excerpt(key)}, which is not a Helper card "
                              f"({', '.join(HELPERS)}).", field)
        if left[key] <= 0:
            raise RecordError(f"{field} holds more {key} cards than the deck has ({self.deck.helpers[key]}).", field)
        left[key] -= 1

    def _dealt_setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = {"mine": list(self.dealt["mine"]), "helpers": list(self.dealt["helpers"]),
                                 "hands": [list(h) for h in self.dealt["hands"]],
                                 "first_player": self.dealt["first_player"]}
        for name in ("collections", "chests"):
            if any(self.dealt[name]):
                setup[name] = [list(c) for c in self.dealt[name]]
        if self.custom_deck is not None:
            setup["deck"] = dict(self.deck.data)
        return setup

    # -- who decides ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == ATTACK:
            return self.queue[0]
        if phase == OVER:
            return None
        if phase == CANCEL or phase == CHOOSE:
            return self.attacker
        return self.active

    @property
    def turn(self) -> int | None:
        return None if self.phase == OVER else self.active

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- small queries ---------------------------------------------------------------------
    def columns(self, player: int) -> list[str]:
        """The columns of a player's (unprotected) collection, lowest value first."""
        return sorted(set(map(self.deck.column_of.__getitem__, self.collections[player])), key=column_key)

    def _count(self, player: int, column: str) -> int:
        return list(map(self.deck.column_of.__getitem__, self.collections[player])).count(column)

    def _line_has_mine(self) -> bool:
        return any(c != PRESENT for c in self.line)

    def can_hire(self) -> bool:
        """Whether a Helper card can be drawn now (from the deck, or a reshuffle of the used ones)."""
        return bool(self.helper_deck) or (self.options["helper_refill"] == "reshuffle" and bool(self.helper_discard))

    def _column(self, code: str) -> str:
        """A column in words (``"Ruby 6"``), for the sentences a player reads."""
        return self.deck.column_name(code)

    def _title(self, key: str) -> str:
        return HELPERS[key].title

    # -- what is legal ---------------------------------------------------------------------
    def _legal(self) -> list[Move]:
        cached = self._legal_cache
        if cached is None:
            # The commonest lists of a game, made at once.  Nothing to cache for them: _why
            # recognises each of their moves without a list.
            phase = self.phase
            if phase == ATTACK:
                if _ATTACK_CARDS.isdisjoint(self.hands[self.queue[0]]):
                    return [PASS]
            elif phase == DECIDE:
                return [CONTINUE, STOP]
            elif phase == BELEZA:
                if "beleza" not in self.hands[self.active]:
                    return [PASS]
            cached = self._legal_cache = self._compute_legal()
        return list(cached)  # a list of its own: the caller may change it

    def _compute_legal(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == ATTACK:
            hand = self.hands[self.queue[0]]
            if _ATTACK_CARDS.isdisjoint(hand):
                return _ONLY_PASS
            return (PASS, *self._attacks(self.queue[0]))
        if phase == DECIDE:
            return _DECIDING
        if phase == HIRE_:
            return _HIRING
        return tuple(self._compute_other_legal(phase))

    def _compute_other_legal(self, phase: str) -> list[Move]:
        a = self.active
        if phase == ANNOUNCE:
            return [EXPLORE, *(protect(c) for c in self.columns(a))]
        if phase == DEFEND:
            return [PASS] + self._defenses()
        if phase == CANCEL:
            _, attacker = self._pending()
            return [PASS, play("saifora")] if "saifora" in self.hands[attacker] else [PASS]
        if phase == CHOOSE:
            moves: list[Move] = []
            for code in self.drawn:
                if keep(code) not in moves:
                    moves.append(keep(code))
            if len(self.drawn) == 1:
                moves.append(line(self.drawn[0]))
            return moves
        if phase == BELEZA:
            if "beleza" not in self.hands[a]:
                return [PASS]
            return [PASS, *(play("beleza", c) for c in self.columns(a))]
        return []

    def _attacks(self, p: int) -> list[Move]:
        hand = self.hands[p]
        moves: list[Move] = []
        for key in ATTACKS:
            if key not in hand:
                continue
            if key == "passa":
                if self._line_has_mine():
                    moves.append(play(key))
            elif key == "para":
                if self.window != STOP_W:
                    moves.append(play(key))
            elif key == "posso":
                if self.mine:
                    moves.append(play(key))
            elif key == "presente":
                moves.append(play(key))
            else:  # isso: a whole column, or any two cards
                moves.extend(play(key, t) for t in self._theft_targets())
        return moves

    def _theft_targets(self) -> list[str]:
        a = self.active
        cols = self.columns(a)
        targets = list(cols)
        for i, x in enumerate(cols):
            if self._count(a, x) >= 3:  # two of a column of 2 is the column itself
                targets.append(f"{x}+{x}")
            for y in cols[i + 1:]:
                targets.append(f"{x}+{y}")
        return targets

    def _defenses(self) -> list[Move]:
        hand = self.hands[self.active]
        moves: list[Move] = []
        if "semchance" in hand:
            moves.append(play("semchance"))
        if self.attack == "isso" and "cadaver" in hand:
            cols = self.columns(self._pending()[1])
            moves.extend(play("cadaver", c) for c in cols) if cols else moves.append(play("cadaver"))
        if self.attack == "presente" and "saifora" in hand:
            moves.append(play("saifora"))
        return moves

    def _why(self, move: Move) -> Illegal | None:
        # The choices always open in a phase need no list of legal moves (replays are mostly
        # these); canonical moves are recognised by identity, any other by equality.
        phase = self.phase
        if move is PASS:
            if phase in _PASSING:
                return None
        elif move in _ALWAYS.get(phase, _NOTHING_ALWAYS):
            return None
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        if move in legal:
            return None
        return self._reason(move)

    def _pending(self) -> tuple[str, int]:
        """The Attack card being resolved and the seat that played it (asked for only while there is one)."""
        attack, attacker = self.attack, self.attacker
        assert attack is not None and attacker is not None, "no attack is being resolved"
        return attack, attacker

    def _reason(self, move: Move) -> Illegal:
        """Why a move that is not legal now is refused: a sentence and the rule behind it."""
        phase = self.phase
        mover = self.to_move
        assert mover is not None  # the game is not over
        who = self.names[mover]
        act = self.names[self.active]
        if phase == ANNOUNCE:
            if move.__class__ is Protect:
                return Illegal(f"{act} has no {self._column(move.column)} column to protect.", PROTECT_RULE)
            if move.__class__ is Play and move.card in ATTACKS:
                return Illegal("Attack cards come only after the active player announces an exploration.",
                               _WINDOW_RULE)
            return Illegal(f"{act} must first announce: explore, or protect a column.", ANNOUNCE_RULE)
        if phase == DECIDE:
            if move.__class__ is Play and move.card in ATTACKS:
                return Illegal("Opponents have had their chance to attack after this reveal; the active player "
                               "now decides.", _WINDOW_RULE)
            return Illegal(f"{act} decides now: continue (\"To work!\") or stop (\"Enough for today!\").",
                           CONTINUE_RULE)
        if phase == HIRE_:
            return Illegal(f"The card just placed shows Hire a Helper: {act} may hire (discard it and draw a "
                           "Helper card) or pass.", HIRE_RULE)
        if phase == CHOOSE:
            if (move.__class__ is Keep or move.__class__ is Line) and move.card not in self.drawn:
                kind = self.deck.kinds.get(move.card)
                card = excerpt(move.card) if kind is None else f"The {kind.name}"
                return Illegal(f"{card} is not among the cards drawn for Posso Ajudar?.", POSSO_AJUDAR_RULE)
            if move.__class__ is Line:
                return Illegal("With two cards drawn, keep one: the other goes to the end of the line.",
                               POSSO_AJUDAR_LAST_RULE)
            return Illegal(f"{who} must choose which drawn card to keep (keep and its code).", POSSO_AJUDAR_RULE)
        if phase == BELEZA:
            if move.__class__ is Play and move.card == "beleza":
                if "beleza" not in self.hands[self.active]:
                    return Illegal(f"{act} holds no Mas Que Beleza!", MAS_QUE_BELEZA_RULE)
                return Illegal(f"{act} has no {self._column(move.target)} column to protect.", COLUMN_RULE)
            return Illegal(f"{act}'s turn is ending: play Mas Que Beleza! on a column, or pass.",
                           MAS_QUE_BELEZA_RULE)
        if phase == CANCEL:
            if move.__class__ is Play and move.card == "saifora":
                return Illegal(f"{who} holds no Sai Fora! to cancel the counter-attack.", SAI_FORA_CANCEL_RULE)
            return Illegal(f"{who} may answer the Sai Fora! only with a Sai Fora! of their own, or pass.",
                           SAI_FORA_CANCEL_RULE)
        if phase == DEFEND:
            if move.__class__ is Play and move.card in DEFENSES:
                card = move.card
                if card not in self.hands[self.active]:
                    return Illegal(full_stop(f"{act} holds no {self._title(card)}"), DEFENSE_RULE)
                if card == "cadaver":
                    if self.attack != "isso":
                        return Illegal("Só Por Cima do Meu Cadáver! answers only Isso Não Te Pertence Mais...",
                                       CADAVER_RULE)
                    if not move.target:
                        return Illegal("Name the column of the card to steal from the attacker (cadaver E3).",
                                       CADAVER_RULE)
                    return Illegal(f"{self.names[self._pending()[1]]} has no {self._column(move.target)} to steal.",
                                   CADAVER_RULE)
                if card == "saifora":
                    return Illegal("Sai Fora! answers only Um Presentinho Para Você...", SAI_FORA_RULE)
            return Illegal(f"{act} may answer the {self._title(self._pending()[0])} with a Defense card, or pass.",
                           DEFENSE_RULE)
        if phase == ATTACK:
            if move.__class__ is Play and move.card in ATTACKS:
                card = move.card
                if card not in self.hands[mover]:
                    return Illegal(full_stop(f"{who} holds no {self._title(card)}"), HIDDEN_HANDS_RULE)
                if card == "passa":
                    return Illegal("There is no Mine card in the line to take.", PASSA_ISSO_AQUI_RULE)
                if card == "para":
                    return Illegal(f"{act} has already stopped: Para, Para, Para! has nothing left to stop.",
                                   PARA_PARA_PARA_RULE)
                if card == "posso":
                    return Illegal("The Mine deck is empty.", POSSO_AJUDAR_RULE)
                if card == "isso":
                    if not self.collections[self.active]:
                        return Illegal(f"{act} has no Mine card in their collection to steal.",
                                       ISSO_NAO_TE_PERTENCE_RULE)
                    aim = names_list(self._column(c) for c in move.target.split("+"))
                    return Illegal(f"{act}'s collection has no {aim} to steal.",
                                   ISSO_NAO_TE_PERTENCE_RULE)
            if move.__class__ is Play and move.card in DEFENSES:
                return Illegal("Defense cards are played by the active player, against an attack.", DEFENSE_RULE)
            if move.__class__ is Play:
                return Illegal("Mas Que Beleza! is played by the active player at the end of their turn.",
                               MAS_QUE_BELEZA_RULE)
            return Illegal(f"{who} may play an Attack card now, or pass.", _WINDOW_RULE)
        return Illegal("The game is over: no more moves.", GAME_END_RULE)

    # -- playing ---------------------------------------------------------------------------
    # Each step returns its events (see .events), in the order they happened; a step with nothing to tell
    # returns the empty tuple.  A consequence that follows a rule of its own (an accident, a reshuffle, the
    # end of the game) cites it where it happens.
    def _apply(self, move: Any) -> tuple[Events, str]:
        # ``Any``: the phase says which kind of move this is (``_why`` has checked it), which no type can say.
        self._legal_cache = None
        phase = self.phase
        if phase == ATTACK:
            if move.__class__ is Pass:
                # Most moves of a game are this one, so _next_asked(attacked=False) is written out here.
                queue = self.queue
                declined: Events = DECLINED[queue.pop(0)]
                hands = self.hands
                while queue and not hands[queue[0]]:
                    queue.pop(0)
                if queue:
                    return declined, _WINDOW_RULE
                return declined + self._close_window(), _WINDOW_RULE
            return self._play_attack(move)
        me = self.to_move
        assert me is not None  # the game is not over
        if phase == ANNOUNCE:
            if move.__class__ is Explore:
                return self._explore()
            return self._protect(move.column)
        if phase == DECIDE:
            if move.__class__ is Continue:
                return CONTINUED[me] + self._reveal(), CONTINUE_RULE
            events: Events = (Stopped(me),)
            if self.options["collect_on_stop"] == "at-once":  # the line is collected before anyone may attack
                events += self._collect()
            return events + self._open_window(STOP_W), STOP_RULE
        if phase == HIRE_:
            return self._hire_decision(move.__class__ is Hire)
        if phase == DEFEND:
            return self._defend(move)
        if phase == CANCEL:
            return self._cancel(move.__class__ is Play)
        if phase == CHOOSE:
            return self._choose(move)
        # BELEZA
        if move.__class__ is Pass:
            self._next_turn()
            return (EndedTurn(me),), TURN_ORDER_RULE
        self.hands[me].remove("beleza")
        self.helper_discard.append("beleza")
        self.helpers_played += 1
        n = self._to_chest(me, move.target)
        self._next_turn()
        return (Protected(me, move.target, self.deck.column_name(move.target), n, beleza=True),), MAS_QUE_BELEZA_RULE

    # The turn's two announcements.
    def _explore(self) -> tuple[Events, str]:
        a = self.active
        self.line = []
        count = self.returned[a]
        if count:
            self.returned[a] = 0
            events: Events = (Explored(a, count),)
            for _ in range(count):
                done = self._add_present()
                if done:
                    return events + done, SAI_FORA_RULE
            return events + self._open_window(ANNOUNCE_W), SAI_FORA_RULE
        return EXPLORED[a] + self._open_window(ANNOUNCE_W), ANNOUNCE_RULE

    def _protect(self, column: str) -> tuple[Events, str]:
        a = self.active
        n = self._to_chest(a, column)
        discarded = self.returned[a]
        if discarded:  # a Presentinho sent back waits for an exploration that does not come
            self.helper_discard.extend([PRESENT] * discarded)
            self.returned[a] = 0
            self.cite(SAI_FORA_RULE)
        self._next_turn()
        return (Protected(a, column, self.deck.column_name(column), n, discarded=discarded),), PROTECT_RULE

    def _to_chest(self, p: int, column: str) -> int:
        self.protections += 1
        column_of = self.deck.column_of
        kept: list[str] = []
        moving: list[str] = []
        for c in self.collections[p]:
            (moving if column_of[c] == column else kept).append(c)
        self.collections[p] = kept
        self.chests[p].extend(moving)
        return len(moving)

    # Reaction windows.
    def _open_window(self, kind: str) -> Events:
        """A chance to attack: each opponent in turn from the active player's left.

        Opponents with no Helper card at all are not asked (how many cards a
        player holds is public, so skipping them gives nothing away).
        """
        hands = self.hands
        self.window = kind
        self.queue = [p for p in self._opponents[self.active] if hands[p]]
        if not self.queue:
            return self._close_window()
        self.phase = ATTACK
        return ()

    def _next_asked(self, attacked: bool) -> Events:
        """The opponent asked now is done (after a pass, or an attack fully resolved): ask the next one."""
        queue, hands = self.queue, self.hands
        if not (attacked and self.options["attacks_per_window"] == "any"):
            queue.pop(0)
        while queue and not hands[queue[0]]:
            queue.pop(0)
        if queue:
            self.phase = ATTACK
            return ()
        return self._close_window()

    def _close_window(self) -> Events:
        kind, self.window = self.window, None
        self.queue = []
        if kind == ANNOUNCE_W:  # the exploration announced begins
            self.cite(REVEAL_RULE)
            return self._reveal()
        if kind == REVEAL_W:
            self.phase = DECIDE
            return ()
        collected = self.options["collect_on_stop"] == "at-once" and not self.line
        return (() if collected else self._collect()) + self._end_turn(stopped=True)

    # Cards joining the line.
    def _reveal(self) -> Events:
        code = self.mine.pop()
        return (Revealed(self.active, self.deck.kinds[code]),) + self._place(code, "reveal")

    def _place(self, code: str, source: str) -> Events:
        """A Mine card joins the end of the line: accident, hire decision, then what comes next."""
        self.line.append(code)
        kind = self.deck.kinds[code]
        hire = kind.helper and self.can_hire()
        if hire and self.options["hire_timing"] == "hire-first":
            return self._ask_hire(source, check=True)
        accident = self._accident_check(code)
        if accident:
            return accident
        if hire:
            return self._ask_hire(source, check=False)
        return self._placed(source)

    def _ask_hire(self, source: str, check: bool) -> Events:
        self.phase = HIRE_
        self.hire_source = source
        self.hire_check = check
        return MAY_HIRE[self.active]

    def _accident_check(self, code: str) -> Events:
        """The accident the card at the end of the line causes, or nothing."""
        kind = self.deck.kinds[code]
        if not kind.mask:
            return ()
        before = self.line[:-1]
        if PRESENT in before:
            return self._accident(Cause.PRESENTINHO, PRESENTINHO_RULE)
        kinds = self.deck.kinds
        clash = 0
        for c in before:
            if c != PRESENT:
                clash |= kinds[c].mask & kind.mask
        if clash:
            return self._accident(Cause.UNSTABLE, UNSTABLE_RULE, tuple(p for p in POSITIONS if clash >> (p - 1) & 1))
        return ()

    def _placed(self, source: str) -> Events:
        """The card that joined the line is resolved: carry on where the game was."""
        if not self.mine:
            return self._last_card()
        if source == "reveal":
            return self._open_window(REVEAL_W)
        return self._next_asked(attacked=True)  # placed by Posso Ajudar?: the window goes on

    def _hire_decision(self, hire: bool) -> tuple[Events, str]:
        a = self.active
        source, check = self.hire_source, self.hire_check
        self.hire_source, self.hire_check = "", False
        code = self.line[-1]
        if hire:
            self.line.pop()
            self.mine_discard.append(code)
            self.hired += 1
            reshuffled = not self.helper_deck
            if reshuffled:
                self.helper_deck = self.helper_discard
                self.helper_discard = []
                self.rng.shuffle(self.helper_deck)
                self.cite(HELPER_REFILL_RULE)
            self.hands[a].append(self.helper_deck.pop())
            return (Hired(a, self.deck.kinds[code], reshuffled),) + self._placed(source), HIRE_RULE
        events: Events = (KeptInLine(a, self.deck.kinds[code]),)
        if check:
            accident = self._accident_check(code)
            if accident:
                return events + accident, HIRE_TIMING_RULE
        return events + self._placed(source), HIRE_RULE

    def _add_present(self) -> Events:
        """Put a Presentinho at the end of the line: an accident if it is the second one."""
        second = PRESENT in self.line
        self.line.append(PRESENT)
        if second:
            return self._accident(Cause.TWO_PRESENTINHOS, TWO_PRESENTINHOS_RULE)
        return ()

    # Ends of turns.
    def _accident(self, cause: Cause, rule: str, positions: tuple[int, ...] = ()) -> Events:
        self.cite(rule)
        self.cite(ACCIDENT_RULE)
        self.accidents += 1
        for c in self.line:
            (self.helper_discard if c == PRESENT else self.mine_discard).append(c)
        n = sum(1 for c in self.line if c != PRESENT)
        self.line = []
        # An attack after "Enough for today!" may still cause an accident: the player did stop.
        stopped = self.window == STOP_W
        return (Accident(cause, n, positions),) + self._end_turn(stopped)

    def _collect(self) -> Events:
        a = self.active
        gained = tuple(c for c in self.line if c != PRESENT)
        self.helper_discard.extend(c for c in self.line if c == PRESENT)
        self.collections[a].extend(gained)
        self.line = []
        return (Collected(a, tuple(map(self.deck.kinds.__getitem__, gained))),)

    def _clear_turn(self) -> None:
        self.window = None
        self.queue = []
        self.attack = self.attacker = self.counter = None
        self.target = ""

    def _end_turn(self, stopped: bool) -> Events:
        """An exploring turn is over (stop, Para, Para, Para! or accident): Mas Que Beleza!, then the next player."""
        self._clear_turn()
        if not self.mine:
            return self._game_over()
        a = self.active
        if (stopped or self.options["beleza_timing"] == "any-end") and self.collections[a]:
            self.phase = BELEZA
            return ()
        self._next_turn()
        return ()

    def _next_turn(self) -> None:
        self._clear_turn()
        self.active = (self.active + 1) % self.players
        self.phase = ANNOUNCE

    def _last_card(self) -> Events:
        self._clear_turn()
        self.cite(LAST_CARD_RULE)
        return (LAST_CARD,) + self._collect() + self._game_over()

    def _game_over(self) -> Events:
        self._clear_turn()
        for hand in self.hands:
            self.helper_discard.extend(hand)
            hand.clear()
        for p in range(self.players):
            self.helper_discard.extend([PRESENT] * self.returned[p])
            self.returned[p] = 0
        self.phase = OVER
        self.cite(GAME_END_RULE)
        result = self.ranking()  # the game is over now
        if result.tiebreak_rule is not None:
            self.cite(result.tiebreak_rule)
        return (GameEnded(result.winners, result.shared, result.tiebreak),)

    # Attacks and defenses.
    def _play_attack(self, move: Play) -> tuple[Events, str]:
        me, card = self.to_move, move.card
        assert me is not None  # an opponent attacks
        self.hands[me].remove(card)
        self.helpers_played += 1
        self.attack, self.attacker, self.target = card, me, move.target
        self.phase = DEFEND
        if card != "isso":
            return (Attacked(me, card, self.active),), ATTACK_RULE[card]
        names = tuple(self.deck.column_name(c) for c in move.columns)
        return (Attacked(me, card, self.active, move.columns, names),), ATTACK_RULE[card]

    def _defend(self, move: Play | Pass) -> tuple[Events, str]:
        act = self.active
        attack, attacker = self._pending()
        if move.__class__ is not Play:
            return (NoDefense(act),) + self._resolve(), ATTACK_RULE[attack]
        assert isinstance(move, Play)
        card = move.card
        self.hands[act].remove(card)
        self.helpers_played += 1
        if card == "saifora":
            self.counter = card
            self.phase = CANCEL
            return (SentBack(act, attacker),), SAI_FORA_RULE
        self.helper_discard.extend((attack, card))
        self.attack = None
        if card == "semchance":
            return (Cancelled(act, attack),) + self._next_asked(attacked=True), SEM_CHANCE_RULE
        stolen = None
        if move.target:
            code = self._take_from(attacker, move.target)
            self.collections[act].append(code)
            stolen = self.deck.kinds[code]
        return (Cadaver(act, attacker, stolen),) + self._next_asked(attacked=True), CADAVER_RULE

    def _cancel(self, cancel: bool) -> tuple[Events, str]:
        seat = self._pending()[1]
        counter = self.counter
        assert counter is not None  # the Sai Fora! being answered
        if cancel:
            self.hands[seat].remove("saifora")
            self.helpers_played += 1
            self.helper_discard.extend(("saifora", counter))
            self.counter = None
            return (CounterCancelled(seat),) + self._resolve(), SAI_FORA_CANCEL_RULE
        self.helper_discard.append(counter)
        self.counter = None
        self.attack = None
        self.returned[seat] += 1
        return (TookBack(seat),) + self._next_asked(attacked=True), SAI_FORA_RULE

    def _resolve(self) -> Events:
        """The pending attack was not stopped: it takes effect."""
        (card, attacker), a = self._pending(), self.active
        self.attack = None
        if card == PRESENT:
            return (GIFT_IN_LINE,) + (self._add_present() or self._next_asked(attacked=True))
        self.helper_discard.append(card)
        if card == "passa":
            i = max(i for i, c in enumerate(self.line) if c != PRESENT)
            code = self.line.pop(i)
            self.collections[attacker].append(code)
            return (TookFromLine(attacker, self.deck.kinds[code]),) + self._next_asked(attacked=True)
        if card == "para":
            return (TURN_CUT,) + self._collect() + self._end_turn(stopped=False)
        if card == "posso":
            self.drawn = [self.mine.pop() for _ in range(min(2, len(self.mine)))]
            self.phase = CHOOSE
            kinds = self.deck.kinds
            return (DrewForHelp(attacker, tuple(kinds[c] for c in self.drawn)),)
        # isso
        parts = columns_of(self.target)
        if len(parts) == 1:
            kinds = self.deck.kinds
            stolen = [c for c in self.collections[a] if kinds[c].column == parts[0]]
            self.collections[a] = [c for c in self.collections[a] if kinds[c].column != parts[0]]
        else:
            stolen = [self._take_from(a, parts[0]), self._take_from(a, parts[1])]
        self.collections[attacker].extend(stolen)
        return (Stole(attacker, a, tuple(map(self.deck.kinds.__getitem__, stolen))),) + self._next_asked(attacked=True)

    def _take_from(self, player: int, column: str) -> str:
        """Remove and return the most recently added card of ``column`` from a collection."""
        cards = self.collections[player]
        kinds = self.deck.kinds
        for i in range(len(cards) - 1, -1, -1):
            if kinds[cards[i]].column == column:
                return cards.pop(i)
        raise AssertionError(f"no {column} in the collection")  # legal moves rule this out

    def _choose(self, move: Keep | Line) -> tuple[Events, str]:
        attacker = self.attacker  # the Posso Ajudar? is resolved, its player chooses
        assert attacker is not None
        kinds = self.deck.kinds
        drawn = self.drawn
        drawn.remove(move.card)
        self.drawn = []
        if type(move) is Line:
            return (PutInLine(attacker, kinds[move.card]),) + self._place(move.card, "posso"), POSSO_AJUDAR_LAST_RULE
        self.collections[attacker].append(move.card)
        if not drawn:
            return (Kept(attacker, kinds[move.card]),) + self._last_card(), POSSO_AJUDAR_LAST_RULE
        other = drawn[0]
        return (Kept(attacker, kinds[move.card], kinds[other]),) + self._place(other, "posso"), POSSO_AJUDAR_RULE

    # -- scoring -----------------------------------------------------------------------------
    def owned(self, player: int) -> list[str]:
        """Every Mine card a player owns: collection and Chest."""
        return self.collections[player] + self.chests[player]

    def score_of(self, player: int) -> Score:
        """A player's score (collection and Chest), a part per crystal and per set bonus."""
        return score_cards(self.deck, self.owned(player), player, self.options["set_bonus"])

    def scores(self) -> tuple[Score, ...]:
        return tuple(self.score_of(p) for p in range(self.players))

    def worth(self, cards: Iterable[str]) -> int:
        """The points Mine cards would score together, as one player's pile: each card its value, and the set
        bonus as this match counts it (what a column is worth, or a collection and a Chest together)."""
        return score_cards(self.deck, list(cards), 0, self.options["set_bonus"]).total

    def ranking(self) -> Result:
        """Who leads now, with the tiebreak applied as at the end of the game: the most cards of the highest
        value, then of the next value, and so on."""
        kinds = self.deck.kinds

        def most_of(value: int) -> Tiebreaker:
            return Tiebreaker(lambda p: sum(1 for c in self.owned(p) if kinds[c].value == value),
                              f"broken by the most cards of value {value} ({{value}})", TIEBREAK_RULE)

        return rank(self.scores(), *map(most_of, self.deck.values), unsettled="and on every count of cards")

    def result(self) -> Result | None:
        return self.ranking() if self.phase == OVER else None

    def figures(self) -> dict[str, int]:
        """Accidents (lines lost), columns protected in a Chest (announced or by Mas Que Beleza!),
        Helper cards played from a hand (attacks, defenses, Sai Fora! cancels, Mas Que Beleza!),
        and Helpers hired; each over all the players."""
        return {"accidents": self.accidents, "protections": self.protections,
                "helpers_played": self.helpers_played, "hired": self.hired}

    # -- what there is and who sees it --------------------------------------------------------
    def inventory(self) -> Counter[str]:
        cards: Counter[str] = Counter(self.mine)
        cards.update(self.line)
        cards.update(self.drawn)
        cards.update(self.mine_discard)
        cards.update(self.box)
        for p in range(self.players):
            cards.update(self.collections[p])
            cards.update(self.chests[p])
            cards.update(self.hands[p])
            cards[PRESENT] += self.returned[p]
        cards.update(self.helper_deck)
        cards.update(self.helper_discard)
        cards.update(self.helper_box)
        for held in (self.attack, self.counter):
            if held is not None:
                cards[held] += 1
        cards["Chest"] = self.players
        return cards

    def _attack_view(self) -> AttackView | None:
        if self.attack is None:
            return None
        card, attacker = self._pending()
        aim = aim_words([self._column(c) for c in columns_of(self.target)]) if self.target else ""
        return {"card": card, "title": self._title(card), "attacker": attacker, "target": self.target, "aim": aim}

    def _sees_chest(self, viewer: int | None, owner: int) -> bool:
        return viewer is None or viewer == owner or self.phase == OVER

    def view(self, player: int | None = None) -> QuartzView:
        """The table as ``player`` sees it: others' Helper hands and Chests appear only as counts (see :mod:`.view`).

        ``None`` is the whole table, every hand and Chest shown.  Once the game is
        over every Chest is opened for the scoring.
        """
        self.check_seat(player)
        kinds = self.deck.kinds
        result = self.result()
        players: list[QuartzPlayer] = []
        for p in range(self.players):
            sees = self._sees_chest(player, p)
            shown = score_cards(self.deck, self.collections[p], p, self.options["set_bonus"]).total
            players.append({
                "name": self.names[p],
                "collection": _by_column(self.collections[p], kinds),
                "chest": _by_column(self.chests[p], kinds) if sees else None,
                "chest_count": len(self.chests[p]),
                "hand": sorted(self.hands[p], key=list(HELPERS).index) if player is None or player == p else None,
                "hand_count": len(self.hands[p]),
                "returned": self.returned[p],
                "points_shown": shown,
                "score": self.score_of(p).total if sees else None,
            })
        odds = None
        if self.phase == DECIDE and (player is None or player == self.active):
            from .odds import meter

            odds = meter(self).as_dict()
        return {
            "game": G,
            "viewer": player,
            "names": list(self.names),
            "deck": {"name": self.deck.name, "label": self.deck.label, "custom": self.custom_deck is not None},
            "label": self.deck.label,
            "turn": self.turn,
            "to_move": self.to_move,
            "phase": self.phase,
            "window": self.window,
            "asked": list(self.queue),
            "attack": self._attack_view(),
            "counter": self.counter,
            "drawn": list(self.drawn),
            "drawn_names": [kinds[c].label for c in self.drawn],
            "line": [_line_card(c, kinds) for c in self.line],
            "mine_deck": len(self.mine),
            "mine_discard": list(self.mine_discard),
            "out_of_play": len(self.box) + len(self.helper_box),
            "helper_deck": len(self.helper_deck),
            "helper_discard": list(self.helper_discard),
            "players": players,
            "odds": odds,
            "over": self.phase == OVER,
            "winners": list(result.winners) if result else None,
            "tiebreak": result.tiebreak if result else None,
        }

    def unseen(self, player: int) -> list[str]:
        """The Mine cards ``player`` has not seen: the Mine deck and the other players' Chests.

        (Once the game is over every Chest is open, so only the empty deck is left.)
        """
        cards = list(self.mine)
        if self.phase != OVER:
            for p in range(self.players):
                if p != player:
                    cards.extend(self.chests[p])
        return cards

    def determinize(self, player: int, seed: int) -> "QuartzState":
        """A copy in which everything ``player`` cannot see is dealt anew.

        The Mine deck and the other players' Chests are shuffled together and
        dealt back (each Chest keeps its size); the Helper deck and the other
        players' hands likewise.  What ``player`` sees is unchanged.
        """
        self.check_seat(player, everyone=False)
        twin = self.copy()
        rng = Rng(seed)
        others = [p for p in range(self.players) if p != player]
        # Pools are sorted before shuffling, so the deal reads nothing of the hidden order.
        if self.phase != OVER:
            pool = sorted(twin.unseen(player))
            rng.shuffle(pool)
            for p in others:
                k = len(twin.chests[p])
                twin.chests[p], pool = pool[:k], pool[k:]
            twin.mine = pool
        pool = list(twin.helper_deck)
        for p in others:
            pool.extend(twin.hands[p])
        pool.sort()
        rng.shuffle(pool)
        for p in others:
            k = len(twin.hands[p])
            twin.hands[p], pool = pool[:k], pool[k:]
        twin.helper_deck = pool
        twin._legal_cache = None
        return twin


def _take_in_order(order: list[str], left: Counter[str]) -> list[str]:
    """The items of ``order`` still counted in ``left`` (consuming them), order kept."""
    kept = []
    for item in order:
        if left[item] > 0:
            left[item] -= 1
            kept.append(item)
    return kept


def _by_column(cards: list[str], kinds: Mapping[str, MineCard]) -> dict[str, list[str]]:
    columns: dict[str, list[str]] = {}
    for code in cards:
        columns.setdefault(kinds[code].column, []).append(code)
    return {c: columns[c] for c in sorted(columns, key=column_key)}


def _line_card(code: str, kinds: Mapping[str, MineCard]) -> LineCard:
    if code == PRESENT:
        return {"card": code, "helper_card": True, "title": HELPERS[code].title, "unstable": [], "value": None,
                "crystal": None, "hire": False}
    k = kinds[code]
    return {"card": code, "helper_card": False, "title": f"{k.crystal} {k.value}", "unstable": list(k.unstable),
            "value": k.value, "crystal": k.crystal, "hire": k.helper}


def score_cards(deck: Deck, cards: list[str], player: int, set_bonus: str = "every-four") -> Score:
    """The score of a pile of Mine cards: each card its value, plus 5 per set of 4 identical cards."""
    kinds = deck.kinds
    count: dict[str, int] = {}
    sample = {}
    for code in cards:
        kind = kinds[code]
        column = kind.column
        count[column] = count.get(column, 0) + 1
        sample[column] = kind
    parts: list[tuple[str, int]] = []
    total = 0
    for column in sorted(count, key=column_key):
        n, kind = count[column], sample[column]
        parts.append((f"{kind.crystal} {kind.value} x{n}", n * kind.value))
        total += n * kind.value
        sets = n // SET_SIZE if set_bonus == "every-four" else min(1, n // SET_SIZE)
        if sets:
            parts.append((f"set bonus {kind.crystal} {kind.value} x{sets}", SET_BONUS * sets))
            total += SET_BONUS * sets
    return Score(player, total, tuple(parts))
