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
from typing import Any, ClassVar, Hashable, Mapping, Self, Sequence

from .declaration import Budget, Chance, Information, Renderer, Strategy, text_as_html
from .errors import ArgumentError, IllegalMove, InvalidMove, OptionError, RecordError, excerpt
from .names import check_names
from .events import Narrator
from .options import OptionSet, Value
from .prefix import Prefix
from .puzzles import Finder
from .rng import MAX_SEED, Rng
from .rules import Rule, Rulebook
from .scoring import Result, Score
from .setups import RNG_FIELD

#: The names players get when a match does not name them.
DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")

_new_tuple = tuple.__new__

Move = Hashable  # a game's move: a small frozen value whose str() is its notation
#: What a move did, as the ``State._apply`` of a game without a narrator tells it: a sentence, or a
#: ``(template, args)`` pair written out when read.  A game with a narrator returns its events instead.
Narration = str | tuple[str, tuple[Any, ...]]
#: What a move did, as a game with a narrator tells it: its events, in the order they happened.
Events = tuple[Any, ...]


class Entry(tuple[Any, ...]):
    """One played move in a state's log: its ``index`` in the game, the ``player`` who
    played it, the ``move``, what it did (``text``, and as typed values ``events``) and
    the id of the ``rule`` that allowed it.

    ``rules`` names every rule the move followed: the one that allowed it
    first, then those whose consequences it set off (the take that ends a
    round cites the round's end, a draw from an empty pile the reshuffle).

    ``events`` are what the move did, one small frozen value for each thing
    that happened (the game's ``events`` module says what they are): read
    them to tell a round's end or a game's end without reading sentences.
    ``text`` is written from them by the game's narrator
    (:mod:`explorer.core.events`) only when it is read: random playouts
    play thousands of moves that nobody reads.  A game without a narrator
    gives no events, and hands its sentence over as it is (or as a
    ``(template, args)`` pair written out when read).

    A tuple underneath, as one is made for every move played.  Read the fields by name.
    """

    __slots__ = ()
    _fields = ("index", "player", "move", "text", "rule", "events")

    def __new__(cls, index: int, player: int, move: Move, text: str, rule: str, events: Events = ()) -> "Entry":
        return _new_tuple(cls, (index, player, move, text, rule, events))

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickle and copy rebuild an entry from its six fields
        return tuple(self)

    index = property(itemgetter(0), doc="The move's place in the game, from 0.")
    player = property(itemgetter(1), doc="The player who played it.")
    move = property(itemgetter(2), doc="The move itself.")
    events = property(itemgetter(5), doc="What the move did, as the game's typed events, in the order they happened.")

    @property
    def rule(self) -> str:
        """The id of the rule that allowed it."""
        rule = self[4]
        return rule if rule.__class__ is str else rule[0]

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the move followed: :attr:`rule` first, then those of its consequences."""
        rule = self[4]
        return (rule,) if rule.__class__ is str else rule

    @property
    def text(self) -> str:
        """What the move did, in a sentence or two."""
        text = self[3]
        if text.__class__ is str:
            return text
        if text.__class__ is tuple:
            written: str = text[0].format(*text[1])
            return written
        narrator: Narrator = text  # the game's narrator, writing the events out
        return narrator(self[5])

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
                f"text={self.text!r}, rule={self.rule!r}, events={self.events!r})")


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why a move may not be played: a sentence and the id of the rule."""

    reason: str
    rule: str

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"


class Game:
    """The declaration of one game. Subclass it once per game and register an instance.

    Everything generic code needs to know about a game is declared here, as
    class attributes, and nowhere else (no generic module finds a part of a
    game by its module path or keeps a table of the games):

    ``name``, ``title``, ``summary``, ``source``
        what it is called (``"pet-quartet"``, ``"Pet Quartet"``), in a line, and the rule document followed;
    ``min_players``, ``max_players``, ``default_players``
        who can play;
    ``options``, ``rules``
        its :class:`OptionSet` and :class:`Rulebook`;
    ``state_class``
        the :class:`State` subclass that plays a match;
    ``information``, ``chance``
        whether positions hide anything (:class:`Information`) and whether chance takes part (:class:`Chance`);
    ``strategy``
        its greedy heuristic and playout policy for the bots (:class:`Strategy`; ``None``: random play);
    ``search_budget``
        what a search spends on a decision (:class:`Budget`);
    ``render``
        its text and HTML tables (:class:`Renderer`; ``None``: the scores);
    ``view_type``
        the type of ``state.view(player)``, documented field by field;
    ``docs_page``, ``notebook``
        the docs page of its rules (relative to the docs' root, without suffix), and its own dashboard
        (a notebook of the gallery's folder; ``None``: the explorer that plays any game);
    ``narrator``
        the :class:`~explorer.core.events.Narrator` that writes its moves' events out in English
        (``None``: its moves narrate themselves in sentences and give no events);
    ``widgets``
        the module of its own explorer views (:mod:`explorer.widgets.views`), imported only by the widgets;
    ``puzzles``
        its kinds of puzzle: each a :class:`~explorer.core.puzzles.Finder` that spots a position where one move
        is clearly best by its own criterion (:mod:`explorer.core.puzzles`; empty: no puzzles).
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
    information: ClassVar[Information] = Information.PERFECT
    chance: ClassVar[Chance] = Chance.DETERMINISTIC
    strategy: ClassVar[Strategy | None] = None
    search_budget: ClassVar[Budget] = Budget()
    render: ClassVar[Renderer | None] = None
    view_type: ClassVar[type] = dict
    docs_page: ClassVar[str | None] = None
    notebook: ClassVar[str | None] = None
    narrator: ClassVar[type[Narrator] | None] = None
    widgets: ClassVar[str | None] = None
    puzzles: ClassVar[tuple[Finder, ...]] = ()

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
        resolved = self.options_for(players, options)
        names = check_names(DEFAULT_NAMES[:players] if names is None else names, players)
        return self.state_class(self, players, seed, resolved, setup, names)

    @property
    def writes_positions(self) -> bool:
        """Whether any position of a match can be written out as a setup (:meth:`State.as_setup`)."""
        return self.state_class._position_setup is not State._position_setup

    def options_for(self, players: int, options: Mapping[str, Any] | None = None) -> Mapping[str, Value]:
        """Every option's value for a match of ``players``: ``options`` checked, defaults for the rest.

        Raise :class:`OptionError` if a value is not the option's, names a seat
        beyond the players (an option marked ``seat``), or does not suit this
        player count by the game's own :meth:`check_options`.

        >>> import explorer
        >>> explorer.game("pets").options_for(3, {"first_player": 2})["first_player"]
        2
        >>> explorer.game("pets").options_for(3, {"first_player": 4})
        Traceback (most recent call last):
        explorer.core.errors.OptionError: option 'first_player' is seat 4, but there are only 3 players.
        """
        resolved = self.options.resolve(options)
        for option in self.options.values():
            value = resolved[option.name]
            if option.seat and type(value) is int and value > players:
                raise OptionError(f"option {option.name!r} is seat {value}, but there are only {players} players.",
                                  f"options.{option.name}")
        try:
            self.check_options(players, resolved)
        except OptionError as exc:
            exc.field = exc.field or "options"
            raise
        return resolved

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        """Raise :class:`OptionError` if these options do not suit this player count (beyond what
        :meth:`options_for` checks for every game: values among the choices, seats among the players)."""

    def parse_move(self, text: str) -> Move:
        """The move that ``text`` writes down; raise :class:`InvalidMove` if it is not notation."""
        raise NotImplementedError

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.min_players}-{self.max_players} players>"


#: The mutable containers a position is made of; anything else in it is immutable and shared by copies.
_CONTAINERS = frozenset({list, dict, set})


def _twin(value: Any) -> Any:
    """A copy of a list, dict or set and of every list, dict or set inside it; the rest is shared."""
    kind = type(value)
    if kind is list:
        return [_twin(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: _twin(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return set(value)  # a set's members are hashable, hence immutable


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
    #: The attributes that make up the position: what equality compares and what a copy copies.  Equality is
    #: one rule for every game: the same game, the same position and the same generator, whatever the moves
    #: that led there.  A position is built of lists, dicts and sets of immutable values (numbers, strings,
    #: tuples, frozen moves and events).
    position: ClassVar[tuple[str, ...]] = ()
    #: Attributes that cache what can be worked out from the position; a copy starts them afresh (``None``).
    caches: ClassVar[tuple[str, ...]] = ()
    #: Lists of the position that a move only ever appends to (a log of public events): positions kept along
    #: a match share them instead of each holding a copy (see :mod:`explorer.core.prefix`).
    appended: ClassVar[tuple[str, ...]] = ()
    #: The fields of a setup that lay out a position part-way through a game, beside those of a deal.
    part_way: ClassVar[tuple[str, ...]] = ()
    #: The rules cited by the move being played (:meth:`cite`), until :meth:`play` files them in its entry.
    _also: list[str] | None = None

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
        narrator = game.narrator
        self._narrator = None if narrator is None else narrator(names)
        if setup is not None and not isinstance(setup, Mapping):
            raise RecordError("the setup must be a JSON object.", "setup")
        if setup is not None and RNG_FIELD in setup:  # a position part-way: chance goes on as it would have
            if not game.writes_positions:
                raise RecordError(f"a setup of {game.title} holds no generator state.", f"setup.{RNG_FIELD}")
            try:
                rng = Rng.from_text(setup[RNG_FIELD])
            except ValueError as exc:
                raise RecordError(f"setup.{RNG_FIELD} must be a generator's state as a position writes it: "
                                  f"{exc}.", f"setup.{RNG_FIELD}") from None
            self._deal({k: v for k, v in setup.items() if k != RNG_FIELD})
            self.rng = rng
        else:
            self._deal(setup)
        #: The whole layout of a match set up part-way through a game, as :meth:`setup` gives it.
        self._laid_out: dict[str, Any] | None = None
        if setup is not None and (RNG_FIELD in setup or any(field in setup for field in self.part_way)):
            self._laid_out = self._position_setup()
            if RNG_FIELD in setup:
                self._laid_out[RNG_FIELD] = setup[RNG_FIELD]
        if setup is not None and not self.is_over() and not self._legal():
            raise RecordError("the setup lays out a game that is not over, yet leaves nobody a move.", "setup")

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

    # The hooks take and give ``Any`` for a move: each game narrows it to its own move type.
    def _legal(self) -> list[Any]:
        raise NotImplementedError

    def _why(self, move: Any) -> Illegal | None:
        """Why ``move`` is illegal now, or None. Must agree with :meth:`_legal`."""
        raise NotImplementedError

    def _apply(self, move: Any) -> tuple[Events | Narration, str]:
        """Play a legal move; return what it did and the id of the rule it followed.

        What it did is its events, for a game with a :attr:`Game.narrator`;
        else a sentence, or a ``(template, args)`` pair that :attr:`Entry.text`
        writes out when it is read.
        """
        raise NotImplementedError

    def _snapshot(self) -> tuple[Any, ...]:
        """The position, for equality: the attributes :attr:`position` names, as they stand."""
        return tuple(getattr(self, name) for name in self.position)

    def setup(self) -> dict[str, Any]:
        """The explicit initial layout (deck order...) that replays this match without the seed's deal.

        A match set up part-way through a game (:meth:`as_setup`) gives that position in full.
        """
        if self._laid_out is not None:
            return copy.deepcopy(self._laid_out)
        return self._dealt_setup()

    def _dealt_setup(self) -> dict[str, Any]:
        """The explicit layout of a match dealt from its start (by the seed or by a setup)."""
        raise NotImplementedError

    def as_setup(self) -> dict[str, Any]:
        """This position, as it stands now, written out as a setup: a JSON-able dict.

        A new match from it (``game.new(players, seed, options, setup=state.as_setup())``), with no moves,
        equals this one: the same table, the same legal moves, and the same continuation when the same
        moves follow.  Chance included: the setup holds the generator's state under ``rng`` (see
        :meth:`Rng.to_text`), so every later draw and reshuffle comes out as it would have here.  Where
        :meth:`setup` gives the layout the match started from, this gives the one it has reached.
        """
        setup = self._position_setup()
        setup[RNG_FIELD] = self.rng.to_text()
        return setup

    def _position_setup(self) -> dict[str, Any]:
        """Every field of a setup that lays out this position (:meth:`as_setup` adds the generator)."""
        raise NotImplementedError

    def view(self, player: int | None = None) -> Mapping[str, Any]:
        """What ``player`` may see (``None``: the whole table), as plain JSON-able data.

        Each game declares its view's fields in a ``TypedDict`` (its ``view`` module).
        """
        raise NotImplementedError

    def scores(self) -> tuple[Score, ...]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result | None:
        raise NotImplementedError

    def inventory(self) -> Counter[Any]:
        """Every card, tile or token of the match, wherever it lies: conserved by every move."""
        raise NotImplementedError

    def determinize(self, player: int, seed: int) -> "State":
        """A copy whose hidden parts (for ``player``) are dealt anew, consistently with ``player``'s view."""
        raise NotImplementedError

    def html(self, player: int | None = None) -> str:
        """An HTML table of the position as ``player`` sees it, drawn by the game's :attr:`Game.render`."""
        render = self.game.render
        if render is None:
            return text_as_html(self.text(player))
        return render.table_html(self.view(self._viewer(player)))

    def text(self, player: int | None = None) -> str:
        """The position as plain text, as ``player`` sees it: the game's text table, or else the scores."""
        render = self.game.render
        if render is None:
            return "\n".join(f"  {self.names[s.player]}: {s.total}" for s in self.scores())
        return render.text(self.view(self._viewer(player)))

    def _viewer(self, player: int | None) -> int | None:
        """``player``, checked to be a seat (or ``None``: everyone)."""
        if player is None:
            return None
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise OptionError(f"the viewer must be a seat from 0 to {self.players - 1}, or everyone; "
                              f"not {str(player)[:20]!r}.")
        return player

    def figures(self) -> Mapping[str, float]:
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
    def legal_moves(self, player: int | None = None) -> list[Any]:
        """Every move open to :attr:`to_move` (or to ``player``: none unless they decide now).

        Empty once the game is over.
        """
        mover = self.to_move  # None once the game is over
        if mover is None or (player is not None and player != mover):
            return []
        return self._legal()

    def parse(self, move: Move | str) -> Any:
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
        rule: str | tuple[str, ...]  # the rule the move followed, then those of what it set off (see cite)
        did, rule = self._apply(move)
        also = self._also  # the consequences the move set off (see cite): almost always none
        if also is not None:
            rule = (rule, *also)
            self._also = None
        narrator = self._narrator
        # tuple.__new__ skips Entry's Python-level constructor: half the cost, on every move.
        if narrator is None:  # the move told itself in words
            entry = _new_tuple(Entry, (len(history), player, move, did, rule, ()))
        else:  # the move told its events: the narrator writes them out when they are read
            entry = _new_tuple(Entry, (len(history), player, move, narrator, rule, did))
        history.append(move)
        self._log.append(entry)
        return entry

    def cite(self, rule: str) -> None:
        """Say, while a move is played, that it also follows ``rule``: a consequence it set off.

        A game's ``_apply`` (or what it calls) cites the round's end, a
        reshuffle or an elimination where it happens; the move's log entry
        lists them in :attr:`Entry.rules`, after the rule that allowed it.
        """
        also = self._also
        if also is None:
            self._also = [rule]
        elif rule not in also:
            also.append(rule)

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

    def copy(self) -> Self:
        """A twin of this state that plays on independently.

        The position (the attributes :attr:`position` names), the moves and
        the log are copied, container by container; everything else of a
        state (the game, the options, the names, what was dealt) never changes
        once dealt and is shared.  The generator is copied on its first draw
        (:meth:`Rng.copy`): searches make copies by the thousand, and few of
        them ever draw.
        """
        twin = object.__new__(type(self))
        values = twin.__dict__
        values.update(self.__dict__)
        for name in self.position:
            value = values[name]
            if type(value) in _CONTAINERS:
                values[name] = _twin(value)
            elif type(value) is Prefix:  # a kept position's share of a list the match appends to
                values[name] = value.copy()
        values["_history"] = self._history.copy()
        values["_log"] = self._log.copy()
        values["rng"] = self.rng.copy()
        for name in self.caches:
            values[name] = None
        return twin

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
            and self.players == other.players
            and self.options == other.options
            and self._snapshot() == other._snapshot()
            and self.rng.state() == other.rng.state()
        )

    __hash__ = None  # type: ignore[assignment]  # states change as they are played

    def _repr_html_(self) -> str:
        return self.html(None)

    def __repr__(self) -> str:
        mover = self.to_move
        status = "over" if mover is None or self.is_over() else f"{self.names[mover]} to move"
        return f"<{type(self).__name__} {self.game.name} {self.players}p seed={self.seed} ply={self.ply}: {status}>"
