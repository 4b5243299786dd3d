"""The protocol every game follows: a :class:`Game` declares, a :class:`State` plays.

A :class:`Game` is a declaration, the same for every match: its name, player
counts, options and rules.  A UI builds its controls from it.  A
:class:`State` is one match in progress: a deterministic function of the
game, the player count, the seed, the options, an optional explicit setup and
the moves played so far (a game is its initial state plus a log of moves).

Hidden information is part of the protocol: ``state.view(player)`` is what
that player may see, ``state.view()`` is the whole table, and
``state.determinize(player, seed)`` deals the hidden parts anew in a way
consistent with what ``player`` has seen.  The player who decides now,
``state.to_move``, is not always the player whose turn it is,
``state.turn``: an opponent may be asked to react.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, Hashable, Mapping, Sequence

from .errors import ArgumentError, IllegalMove, InvalidMove, OptionError, RecordError, excerpt
from .names import check_names
from .options import OptionSet
from .rng import MAX_SEED, Rng
from .rules import Rule, Rulebook

#: The names players get when a match does not name them.
DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")

_new_tuple = tuple.__new__

Move = Hashable  # a game's move: a small frozen value whose str() is its notation


class Entry(tuple):
    """One played move in a state's log: its ``index`` in the game, the ``player`` who
    played it, the ``move``, what it did (``text``) and the id of the ``rule`` that allowed it.

    A tuple underneath, as one is made for every move played.  A game may hand
    its narration over as a ``(template, args)`` pair, written out with
    ``template.format(*args)`` only when ``text`` is first read: random
    playouts play thousands of moves that nobody reads.  Read the fields by name.
    """

    __slots__ = ()
    _fields = ("index", "player", "move", "text", "rule")

    def __new__(cls, index: int, player: int, move: Move, text: str, rule: str) -> "Entry":
        return _new_tuple(cls, (index, player, move, text, rule))

    def __getnewargs__(self) -> tuple:  # pickle and copy rebuild an entry from its five fields
        return tuple(self)

    index = property(itemgetter(0), doc="The move's place in the game, from 0.")
    player = property(itemgetter(1), doc="The player who played it.")
    move = property(itemgetter(2), doc="The move itself.")
    rule = property(itemgetter(4), doc="The id of the rule that allowed it.")

    @property
    def text(self) -> str:
        """What the move did, in a sentence or two."""
        text = self[3]
        return text if text.__class__ is str else text[0].format(*text[1])

    @property
    def notation(self) -> str:
        return str(self.move)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return self[:3] == other[:3] and self.rule == other.rule and self.text == other.text

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self[:3], self.rule, self.text))

    def __repr__(self) -> str:
        return (f"Entry(index={self.index!r}, player={self.player!r}, move={self.move!r}, "
                f"text={self.text!r}, rule={self.rule!r})")


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why a move may not be played: a sentence and the id of the rule."""

    reason: str
    rule: str

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Score:
    """A player's score with its breakdown: ``parts`` are ``(label, points)`` pairs."""

    player: int
    total: int
    parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    ``winners`` holds one player, or several who share the victory;
    ``tiebreak`` says how a tie on points was settled (or why it stands).
    """

    winners: tuple[int, ...]
    scores: tuple[Score, ...]
    tiebreak: str | None = None

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


class Game:
    """The declaration of one game. Subclass it once per game and register an instance.

    Class attributes a game sets: ``name`` (``"pet-quartet"``), ``title``,
    ``min_players``, ``max_players``, ``options`` (an :class:`OptionSet`),
    ``rules`` (a :class:`Rulebook`), ``state_class`` and ``summary``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    #: The rule document the engine follows, and its language.
    source: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[OptionSet]
    rules: ClassVar[Rulebook]
    state_class: ClassVar[type["State"]]

    # -- building a match ---------------------------------------------------------
    def new(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        setup: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
    ) -> "State":
        """A new match, dealt from ``seed`` (or laid out as ``setup`` says)."""
        players = self.default_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"the number of players must be a whole number, not {excerpt(players)}.", "players")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {excerpt(players)}.",
                "players")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise OptionError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {excerpt(seed)}.", "seed")
        resolved = self.options.resolve(options)
        try:
            self.check_options(players, resolved)
        except OptionError as exc:
            exc.field = exc.field or "options"
            raise
        names = check_names(DEFAULT_NAMES[:players] if names is None else names, players)
        return self.state_class(self, players, seed, resolved, setup, names)

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        """Raise :class:`OptionError` if these options do not suit this player count."""

    def parse_move(self, text: str) -> Move:
        """The move that ``text`` writes down; raise :class:`InvalidMove` if it is not notation."""
        raise NotImplementedError

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.min_players}-{self.max_players} players>"


class State:
    """One match in progress.  Subclasses implement the hooks named with a leading underscore.

    The verbs, one per concept:

    ``to_move``
        the player who decides now (``None`` once the game is over);
    ``turn``
        the player whose turn it is (may differ from ``to_move``);
    ``legal_moves()``
        every choice open to ``to_move``;
    ``why_illegal(move)``
        ``None`` for a legal move, else an :class:`Illegal` (sentence and rule id);
    ``play(move)``
        plays a move (a value or its notation); an illegal one raises
        :class:`IllegalMove` and changes nothing;
    ``undo()``
        takes the last move back;
    ``history``, ``log``
        the moves played, and what each did;
    ``view(player)``
        what ``player`` may see (``None``: the whole table);
    ``scores()``, ``is_over()``, ``result()``
        the scores with their breakdown, and the outcome;
    ``to_record()``
        the record that replays this state bit for bit.
    """

    game: Game

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        setup: Mapping[str, Any] | None,
        names: tuple[str, ...],
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.names = names
        self.given_setup = setup
        self._history: list[Move] = []
        self._log: list[Entry] = []
        self.rng = Rng(seed)
        if setup is not None and not isinstance(setup, Mapping):
            raise RecordError("the setup must be a JSON object.", "setup")
        self._deal(setup)

    # -- hooks a game implements -------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        """Lay out the initial position, from ``self.rng`` or from ``setup``."""
        raise NotImplementedError

    def _setup_first_player(self, setup: Mapping[str, Any], default: int) -> int:
        """The seat that begins: the one ``setup`` names under ``first_player`` (checked), else ``default``."""
        if "first_player" not in setup:
            return default
        first = setup["first_player"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.players:
            raise RecordError(f"setup.first_player must be a seat from 0 to {self.players - 1}.", "setup.first_player")
        return first

    def check_seat(self, player: Any, *, everyone: bool = True) -> None:
        """Raise :class:`ArgumentError` unless ``player`` is a seat of this match (or, if ``everyone``, ``None``)."""
        if player is None and everyone:
            return
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ArgumentError(f"there is no player {excerpt(player)}: this match seats players 0 to "
                                f"{self.players - 1}.", "player")

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def turn(self) -> int | None:
        return self.to_move

    def _legal(self) -> list[Move]:
        raise NotImplementedError

    def _why(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal now, or None. Must agree with :meth:`_legal`."""
        raise NotImplementedError

    def _apply(self, move: Move) -> tuple[str | tuple[str, tuple], str]:
        """Play a legal move; return its narration and the id of the rule it followed.

        The narration is a sentence, or a ``(template, args)`` pair that
        :attr:`Entry.text` writes out when it is read.
        """
        raise NotImplementedError

    def _snapshot(self) -> Hashable:
        """Everything that makes this position what it is, for equality."""
        raise NotImplementedError

    def setup(self) -> dict[str, Any]:
        """The explicit initial layout (deck order...) that replays this match without the seed's deal."""
        raise NotImplementedError

    def view(self, player: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def scores(self) -> tuple[Score, ...]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result | None:
        raise NotImplementedError

    def inventory(self) -> Counter:
        """Every card, tile or token of the match, wherever it lies: conserved by every move."""
        raise NotImplementedError

    def determinize(self, player: int, seed: int) -> "State":
        """A copy whose hidden parts (for ``player``) are dealt anew, consistently with ``player``'s view."""
        raise NotImplementedError

    def html(self, player: int | None = None) -> str:
        """An HTML table of the position as ``player`` sees it."""
        raise NotImplementedError

    def figures(self) -> dict[str, int | float]:
        """A few numbers that describe the match, declared by the game for analysis.

        Read off a finished match (or a running one: the figures so far), such
        as the rounds played or the quartets laid down, they become columns of
        a simulation's frame beside the scores.  Keys are short snake_case
        names, the same in every match of a game; values are whole numbers or
        fractions.  Counted from the state alone (never by replaying the
        moves), so they cost nothing beside playing the match.  A game that
        declares none keeps this default, an empty dict.
        """
        return {}

    # -- the verbs ----------------------------------------------------------------
    def legal_moves(self, player: int | None = None) -> list[Move]:
        """Every move open to :attr:`to_move` (or to ``player``: none unless they decide now).

        Empty once the game is over.
        """
        mover = self.to_move  # None once the game is over
        if mover is None or (player is not None and player != mover):
            return []
        return self._legal()

    def parse(self, move: Move | str) -> Move:
        """The move a value or its notation names (raises :class:`InvalidMove`)."""
        if isinstance(move, str):
            return self.game.parse_move(move)
        return move

    def why_illegal(self, move: Move | str) -> Illegal | None:
        """``None`` if ``move`` is legal now, else why not (a sentence and a rule id)."""
        move = self.parse(move)
        if self.is_over():
            return Illegal("The game is over: no more moves.", f"{self.game.name}/game-end")
        return self._why(move)

    def is_legal(self, move: Move | str) -> bool:
        try:
            return self.why_illegal(move) is None
        except InvalidMove:
            return False

    def play(self, move: Move | str) -> Entry:
        """Play ``move``; return the log entry that narrates it.

        An illegal move raises :class:`IllegalMove` and leaves the state as it was.
        """
        if isinstance(move, str):
            move = self.game.parse_move(move)
        player = self.to_move  # None once the game is over
        why = self._why(move) if player is not None else self.why_illegal(move)
        if why is not None:
            raise IllegalMove(why.reason, why.rule, move)
        history = self._history
        text, rule = self._apply(move)
        # tuple.__new__ skips Entry's Python-level constructor: half the cost, on every move.
        entry = _new_tuple(Entry, (len(history), player, move, text, rule))
        history.append(move)
        self._log.append(entry)
        return entry

    def undo(self) -> Move:
        """Take back the last move and return it.

        The engine does not keep inverse moves: the state is dealt anew from
        its seed and setup and the earlier moves are replayed.  That is
        correct for every game by construction (hidden draws, reshuffles and
        all) and costs about a millisecond for a whole game.
        """
        if not self._history:
            raise IllegalMove("There is no move to take back.", f"{self.game.name}/setup")
        last = self._history[-1]
        self._become(self.replayed(len(self._history) - 1))
        return last

    def replayed(self, upto: int | None = None) -> "State":
        """A new state: this match dealt anew and replayed to move ``upto`` (default: all)."""
        fresh = self.game.new(self.players, self.seed, self.options, setup=self.given_setup, names=self.names)
        for move in self._history[:upto]:
            fresh.play(move)
        return fresh

    def _become(self, other: "State") -> None:
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return len(self._history)

    def narrate(self, move: Move | str | None = None) -> str:
        """The narration of a move just played (default: the last one)."""
        if move is None:
            return self._log[-1].text if self._log else "The game has not started."
        move = self.parse(move)
        for entry in reversed(self._log):
            if entry.move == move:
                return entry.text
        raise InvalidMove(f"{move} has not been played in this game.")

    def name(self, player: int) -> str:
        return self.names[player]

    def copy(self) -> "State":
        return copy.deepcopy(self)

    def to_record(self, *, explicit: bool = False) -> dict[str, Any]:
        """This match as a JSON-able record; ``explicit`` writes the setup out in full."""
        from .records import FORMAT

        record: dict[str, Any] = {
            "game": self.game.name,
            "format": FORMAT,
            "players": self.players,
            "names": list(self.names),
            "options": dict(self.options),
            "seed": self.seed,
        }
        setup = self.setup() if explicit else self.given_setup
        if setup is not None:
            record["setup"] = copy.deepcopy(dict(setup))
        record["moves"] = [str(m) for m in self._history]
        return record

    # -- comparison and display ------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.game.name == other.game.name
            and self.rng.state() == other.rng.state()
            and self._snapshot() == other._snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # states change as they are played

    def _repr_html_(self) -> str:
        return self.html(None)

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"{self.names[self.to_move]} to move"
        return f"<{type(self).__name__} {self.game.name} {self.players}p seed={self.seed} ply={self.ply}: {status}>"
