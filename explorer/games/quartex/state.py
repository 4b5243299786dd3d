"""Quartex's position and the rules that change it.

The table is a grid of spaces ``(column, row)`` whose corners are the grid's
points: the space ``(x, y)`` has the points ``(x, y)``, ``(x + 1, y)``,
``(x + 1, y + 1)`` and ``(x, y + 1)`` at its top-left, top-right,
bottom-right and bottom-left corners.  Every tile corner at a point shows the
same symbol, so the table is kept as one colour per point (``colour_at``) and
a count of the tiles around it (four: a completed shape).  A space's demand
is then read off its four points, and :data:`.tiles.FIT` answers which tiles
of a hand meet it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from ...core import Illegal, InvalidMove, RecordError, Result, Rng, Score, State
from ...core.errors import excerpt
from ...core.scoring import Tiebreaker, rank
from ...core.game import Events
from ...core.setups import flags, one_of, seat, seats
from ...core.words import article, count, names_list
from .events import (
    NOBODY_POINTED, BackInBag, DrewUp, Eliminated, GameEnded, MayPoint, Placed, PointedNothing, PointedOut, Redrew,
    Showed, StockOut, TookTokens,
)
from .moves import PASS, SHOW, Move, Pass, Place, Show, parse_move, placement
from .narration import lay_words, shape
from .rules import G, RULES
from .view import CompletedShape, PlacedTile, Phase, QuartexView, Shield
from .tiles import (
    CANONICAL, CODES, COLOURS, CORNER_NAMES, CORNER_OFFSETS, CORNERS, FIT, FIT_MASK, FREE, LETTERS, N_TILES,
    ORIENTATION_NAMES, TILE_IDS, TILE_OF, tile,
)

#: The rules these moves and refusals cite, checked against the rulebook at import.
CANNOT_PLACE_RULE = RULES.ref("cannot-place")
COMPLETE_RULE = RULES.ref("complete")
ELIMINATED_HAND_RULE = RULES.ref("eliminated-hand")
ELIMINATED_RULE = RULES.ref("eliminated")
FIRST_TILE_RULE = RULES.ref("first-tile")
FRAME_RULE = RULES.ref("frame")
GAME_END_RULE = RULES.ref("game-end")
MATCH_RULE = RULES.ref("match")
MUST_PLACE_RULE = RULES.ref("must-place")
ORIENTATIONS_RULE = RULES.ref("orientations")
PLACE_RULE = RULES.ref("place")
POINT_OUT_RULE = RULES.ref("point-out")
REDRAW_RULE = RULES.ref("redraw")
TIEBREAK_RULE = RULES.ref("tiebreak")
TILES_RULE = RULES.ref("tiles")
TOKEN_RULE = RULES.ref("token")
TOUCH_RULE = RULES.ref("touch")

#: Phases: what the player to move is deciding (see :class:`Phase`).
PLACING, POINTING, OVER = Phase.PLACE, Phase.POINT_OUT, Phase.OVER

HAND = 5
TOKENS_PER_COLOUR = 10
#: The fields of a setup that lay out a position part-way through a game (see ``_position_setup``).
PART_WAY = ("placed_by", "completed", "last", "shown", "set_aside", "eliminated", "turn", "phase", "pointers")
SETUP_FIELDS = {"bag", "hands", "removed", "board", "tokens", "first_player", *PART_WAY}


def tiles_left_out(players: int, start_tile: bool) -> int:
    """How many tiles leave the bag before the deal, so that every player draws as many.

    The document's table (1, 1, 3, 0 for 2, 3, 4, 5 players) is ``55 mod players``;
    a start tile from the bag takes one more tile out first.
    """
    return (N_TILES - (1 if start_tile else 0)) % players


class QuartexState(State):
    """A Quartex match.  ``bag[-1]`` is the next tile drawn; players count from 0."""

    part_way = PART_WAY
    position = ("hands", "shown", "bag", "removed", "set_aside", "eliminated", "board", "placed_by", "order",
                "colour_at", "around", "frontier", "bounds", "completed", "last", "stock", "tokens", "current",
                "phase", "pointers")

    # -- setting up ---------------------------------------------------------------
    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        n = self.players
        options = self.options
        self.frame: int | None = None if options["frame"] == "none" else options["frame"]
        self.forced = options["point_out"] == "forced"
        # The seed's draws happen whatever the setup says, so that the generator
        # reaches play in the same state: a record replays from its explicit
        # setup exactly as from its seed.
        order = list(TILE_IDS)
        self.rng.shuffle(order)
        first = 0 if options["first_player"] == "youngest" else self.rng.below(n)

        setup = dict(setup or {})
        unknown = set(setup) - SETUP_FIELDS
        if unknown:
            raise RecordError(f"the setup has an unknown field {excerpt(sorted(unknown)[0])}.", "setup")
        mentioned: set[int] = set()
        board_moves = self._setup_board(setup.get("board"), mentioned) if "board" in setup else None
        hands = self._setup_hands(setup["hands"], mentioned) if "hands" in setup else None
        removed = self._setup_tiles(setup["removed"], "setup.removed", mentioned) if "removed" in setup else None
        bag = self._setup_tiles(setup["bag"], "setup.bag", mentioned) if "bag" in setup else None
        set_aside = self._setup_tiles(setup.get("set_aside", []), "setup.set_aside", mentioned)
        pool = [t for t in order if t not in mentioned]  # pool[-1] is drawn first

        if removed is None:
            removed = [] if bag is not None else [
                pool.pop() for _ in range(min(len(pool), tiles_left_out(n, options["start_tile"])))]
        source = list(reversed(bag)) if bag is not None else pool
        if hands is None:
            hands = [[source.pop() for _ in range(min(HAND, len(source)))] for _ in range(n)]
        if board_moves is None:
            board_moves = [placement(CODES[source.pop()][0], (0, 0))] if options["start_tile"] and source else []
        if bag is not None:
            removed.extend(pool)  # tiles a hand-set table places nowhere stay out of the game
        self.bag: list[int] = source
        self.removed: list[int] = sorted(removed)
        self.hands: list[list[int]] = [sorted(h) for h in hands]
        self.shown: list[set[int]] = [set() for _ in range(n)]  # tiles in a hand that everyone has seen
        self.set_aside: list[int] = set_aside  # the current player's unplayable tiles, face up
        self.eliminated = [False] * n

        self.board: dict[tuple[int, int], int] = {}  # space -> packed corners
        self.placed_by: dict[tuple[int, int], int | None] = {}
        self.order: list[tuple[int, int]] = []  # spaces in the order their tiles were placed
        self.colour_at: dict[tuple[int, int], int] = {}  # point -> colour of every corner there
        self.around: dict[tuple[int, int], int] = {}  # point -> how many tiles meet there
        self.frontier: dict[tuple[int, int], int] = {}  # empty space beside a tile -> its demand (FIT index)
        self.bounds: tuple[int, int, int, int] | None = None  # min x, min y, max x, max y
        self.completed: dict[tuple[int, int], tuple[int, int | None, bool]] = {}  # point -> colour, by, token?
        self.last: tuple[int, int] | None = None
        for i, move in enumerate(board_moves):
            self._check_setup_placement(move, i)
            for point in self._put(CODES[move.tile][move.orientation], move.cell, None):
                self.completed[point] = (self.colour_at[point], None, False)
        self.last = None

        self.stock = [TOKENS_PER_COLOUR] * 4
        self.tokens = [[0] * 4 for _ in range(n)]
        if "tokens" in setup:
            self._setup_tokens(setup["tokens"])

        first = self._setup_first_player(setup, first)
        self.first_player = first
        self.current = first
        self.phase = PLACING
        self.pointers: list[int] = []  # opponents still to be asked to point out a placement
        self.dealt: dict[str, Any] = {
            "first_player": first, "removed": list(self.removed), "hands": [list(h) for h in self.hands],
            "bag": list(reversed(self.bag)), "board": [str(m) for m in board_moves],
            "tokens": [{COLOURS[c]: k for c, k in enumerate(t) if k} for t in self.tokens],
        }
        if any(field in setup for field in PART_WAY):
            self._lay_out(setup)
        elif not self._active(first):
            self._end_turn()

    def _lay_out(self, setup: Mapping[str, Any]) -> None:
        """Lay out a position part-way through a game (see :meth:`_position_setup`), each field checked."""
        n = self.players
        given = setup.get("placed_by", [None] * len(self.order))
        if not (isinstance(given, list) and len(given) == len(self.order)
                and all(p is None or type(p) is int and 0 <= p < n for p in given)):
            raise RecordError(f"setup.placed_by must give, for each tile of setup.board, the seat that placed it, or "
                              "null.", "setup.placed_by")
        self.placed_by = dict(zip(self.order, given))
        self._setup_completed(setup.get("completed"))
        last = setup.get("last")
        if last is not None:
            if not (isinstance(last, list) and len(last) == 2 and tuple(last) in self.board
                    and all(type(v) is int for v in last)):
                raise RecordError("setup.last must be the space of a tile on the board, or null.", "setup.last")
            last = tuple(last)
        self.last = last
        given = setup.get("shown", [[] for _ in range(n)])
        if not (isinstance(given, list) and len(given) == n and all(
                isinstance(s, list) and all(type(t) is int and t in self.hands[p] for t in s)
                for p, s in enumerate(given))):
            raise RecordError(f"setup.shown must list, for each of the {n} players, tiles of their hand.",
                              "setup.shown")
        self.shown = [set(s) for s in given]
        self.eliminated = flags(setup, "eliminated", n)
        self.current = seat(setup, "turn", n, self.first_player)
        active = [p for p in range(n) if self._active(p)]
        self.phase = Phase(one_of(setup, "phase", [str(p) for p in Phase], str(PLACING if active else OVER)))
        self.pointers = seats(setup, "pointers", n, n - 1)
        me = self.current
        if (self.phase == OVER) == bool(active) or self.phase != OVER and me not in active:
            raise RecordError("setup.turn must name a player still in the game, and setup.phase be over exactly "
                              "when nobody is.", "setup.turn")
        if (self.phase == POINTING) != bool(self.pointers) or self.pointers and (
                me in self.pointers or any(self.eliminated[p] for p in self.pointers)
                or self.forced or not self.hands[me] or self.shown[me] != set(self.hands[me])):
            raise RecordError("setup.pointers must list the opponents still to point out a placement for the tiles "
                              "the player to move has shown, exactly in that phase.", "setup.pointers")
        if self.phase == OVER:
            self.pointers = []

    def _setup_completed(self, given: Any) -> None:
        """``setup.completed``: the shapes completed, as ``[column, row, seat or null, token taken]``."""
        field = "setup.completed"
        done = [point for point, count in self.around.items() if count == 4]
        if given is None:
            return
        if not (isinstance(given, list) and len(given) == len(done) and all(
                isinstance(c, list) and len(c) == 4 and type(c[0]) is int and type(c[1]) is int
                and (c[2] is None or type(c[2]) is int and 0 <= c[2] < self.players) and isinstance(c[3], bool)
                for c in given)) or {(c[0], c[1]) for c in given} != set(done):
            raise RecordError(f"{field} must list each of the {len(done)} points where four tiles meet, as "
                              "[column, row, the seat that completed it or null, whether a token was taken].", field)
        self.completed = {(x, y): (self.colour_at[(x, y)], by, got and by is not None) for x, y, by, got in given}

    def _position_setup(self) -> dict[str, Any]:
        """The position as a setup: the board in the order it was laid and who laid each tile, every tile's
        place, the tokens, the shapes completed, and whose turn it is in which phase."""
        n = self.players
        return {
            "first_player": self.first_player, "removed": list(self.removed),
            "hands": [list(h) for h in self.hands], "bag": self.bag[::-1],
            "board": [str(placement(self.board[c], c)) for c in self.order],
            "tokens": [{COLOURS[c]: k for c, k in enumerate(t) if k} for t in self.tokens],
            "placed_by": [self.placed_by[c] for c in self.order],
            "completed": [[x, y, by, got] for (x, y), (_, by, got) in self.completed.items()],
            "last": None if self.last is None else list(self.last),
            "shown": [sorted(self.shown[p]) for p in range(n)], "set_aside": list(self.set_aside),
            "eliminated": list(self.eliminated), "turn": self.current, "phase": str(self.phase),
            "pointers": list(self.pointers),
        }

    def _tile_id(self, value: Any, field: str, mentioned: set[int]) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= N_TILES:
            raise RecordError(f"{field} holds {excerpt(value)}, which is not a tile number (1 to {N_TILES}).", field)
        if value in mentioned:
            raise RecordError(f"{field} holds tile {value}, which the setup already places elsewhere.", field)
        mentioned.add(value)
        return value

    def _setup_tiles(self, given: Any, field: str, mentioned: set[int]) -> list[int]:
        if not isinstance(given, list):
            raise RecordError(f"{field} must be a list of tile numbers.", field)
        return [self._tile_id(t, field, mentioned) for t in given]

    def _setup_hands(self, given: Any, mentioned: set[int]) -> list[list[int]]:
        n = self.players
        if not (isinstance(given, list) and len(given) == n and all(isinstance(h, list) for h in given)):
            raise RecordError(f"setup.hands must be a list of {n} lists of tile numbers.", "setup.hands")
        if any(len(h) > HAND for h in given):
            raise RecordError(f"setup.hands holds a hand of more than {HAND} tiles.", "setup.hands")
        return [self._setup_tiles(h, "setup.hands", mentioned) for h in given]

    def _setup_board(self, given: Any, mentioned: set[int]) -> list[Place]:
        if not isinstance(given, list):
            raise RecordError("setup.board must be a list of placements such as '12a1@0,0'.", "setup.board")
        moves = []
        for i, text in enumerate(given):
            field = f"setup.board[{i}]"
            try:
                move = parse_move(text) if isinstance(text, str) else None
            except InvalidMove as exc:
                raise RecordError(f"{field} is not a placement: {exc}", field) from None
            if not isinstance(move, Place):
                raise RecordError(f"{field} must be a placement such as '12a1@0,0'.", field)
            self._tile_id(move.tile, field, mentioned)
            moves.append(move)
        return moves

    def _check_setup_placement(self, move: Place, i: int) -> None:
        field = f"setup.board[{i}]"
        if move.cell in self.board:
            raise RecordError(f"{field} puts a second tile on the space {_cell(move.cell)}.", field)
        problem = self._mismatch(CODES[move.tile][move.orientation], move.cell) or self._outside(move.cell)
        if problem:
            raise RecordError(f"{field} ({move}) cannot lie there: {problem.reason}", field)

    def _setup_tokens(self, given: Any) -> None:
        n = self.players
        field = "setup.tokens"
        if not (isinstance(given, list) and len(given) == n and all(isinstance(t, Mapping) for t in given)):
            raise RecordError(f"{field} must be a list of {n} objects such as {{\"purple\": 2}}.", field)
        for p, held in enumerate(given):
            for colour, count in held.items():
                if colour not in COLOURS:
                    raise RecordError(f"{field} names {excerpt(colour)}; the colours are {', '.join(COLOURS)}.", field)
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise RecordError(f"{field} gives {excerpt(count)} {colour} tokens; write a whole number.", field)
                c = COLOURS.index(colour)
                if count > self.stock[c]:
                    raise RecordError(f"{field} hands out more than {TOKENS_PER_COLOUR} {colour} tokens.", field)
                self.stock[c] -= count
                self.tokens[p][c] += count

    def _dealt_setup(self) -> dict[str, Any]:
        dealt = self.dealt
        setup: dict[str, Any] = {"first_player": dealt["first_player"], "removed": list(dealt["removed"]),
                                 "hands": [list(h) for h in dealt["hands"]], "bag": list(dealt["bag"])}
        if dealt["board"] or self.options["start_tile"]:  # an empty board given by hand stays empty on replay
            setup["board"] = list(dealt["board"])
        if any(dealt["tokens"]):
            setup["tokens"] = [dict(t) for t in dealt["tokens"]]
        return setup

    # -- who decides -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.pointers[0] if self.phase == POINTING else self.current

    @property
    def turn(self) -> int | None:
        return None if self.phase == OVER else self.current

    def is_over(self) -> bool:
        return self.phase == OVER

    def _active(self, player: int) -> bool:
        """Whether ``player`` still takes turns: not eliminated, with a tile to play or to draw."""
        return not self.eliminated[player] and bool(self.hands[player] or self.bag)

    # -- the table -----------------------------------------------------------------
    def _in_frame(self, cell: tuple[int, int]) -> bool:
        if self.frame is None or self.bounds is None:
            return True
        x, y = cell
        x0, y0, x1, y1 = self.bounds
        return max(x1, x) - min(x0, x) < self.frame and max(y1, y) - min(y0, y) < self.frame

    def open_spaces(self) -> list[tuple[int, int]]:
        """The empty spaces a tile may go on (beside a tile, inside the frame), row by row."""
        if not self.board:
            return [(0, 0)]
        inside = self._in_frame
        return sorted((c for c in self.frontier if inside(c)), key=lambda c: (c[1], c[0]))

    def _placements(self, hand: Iterable[int]) -> list[Place]:
        """Every placement of a tile of ``hand``: tile by tile, then row by row, then orientation.

        Each open space keeps its demand up to date as tiles are laid
        (:meth:`_put`), so this is one ``&`` per space: the hand's tiles as
        bits against the tiles :data:`.tiles.FIT_MASK` says meet the demand.
        The placements themselves come ready-made from :class:`_Spot`.
        """
        if not self.board:
            return [Place(t, o, (0, 0)) for t in sorted(hand) for o in tile(t).distinct_orientations]
        inside = None if self.frame is None else self._in_frame
        held = 0
        for t in hand:
            held |= 1 << t
        fit_mask, fit, spots = FIT_MASK, FIT, _SPOTS
        found: list[tuple[int, int, int, tuple[int, ...], _Spot]] = []
        add = found.append
        for cell, demand in self.frontier.items():
            fitting = fit_mask[demand] & held
            if fitting and (inside is None or inside(cell)):
                fits = fit[demand]
                spot = spots.get(cell) or _spot(cell)
                x, y = cell
                while fitting:
                    low = fitting & -fitting
                    t = low.bit_length() - 1
                    add((t, y, x, fits[t], spot))
                    fitting ^= low
        # (tile, row, column) never repeats, so the sort never compares what follows.
        found.sort()
        moves: list[Place] = []
        put = moves.append
        for _, _, _, values, spot in found:
            for value in values:
                put(spot[value])
        return moves

    def placements_for(self, tile_id: int) -> list[Place]:
        """Where tile ``tile_id`` would fit now, and how turned: for a dashboard to light up a tile in hand.

        The answer is about the table only (spaces, corners, the frame), whoever
        holds the tile: every space and orientation in which it may be placed.
        """
        if isinstance(tile_id, bool) or not isinstance(tile_id, int) or not 1 <= tile_id <= N_TILES:
            raise InvalidMove(f"tiles are numbered 1 to {N_TILES}, not {tile_id!r}.")
        return self._placements([tile_id])

    def completes(self, move: Place) -> list[int]:
        """The colours of the shapes ``move`` would complete (one per point it would be the fourth tile at)."""
        x, y = move.cell
        around = self.around
        corners = CORNERS[CODES[move.tile][move.orientation]]
        return [corners[k] for k, (dx, dy) in enumerate(CORNER_OFFSETS) if around.get((x + dx, y + dy)) == 3]

    def _put(self, value: int, cell: tuple[int, int], player: int | None) -> list[tuple[int, int]]:
        """Lay the tile with packed corners ``value`` on ``cell``; return the points it completes.

        Only the points the tile brings to the table change a demand: each
        open space at such a point has that corner go from free to the
        tile's colour.  Spaces that open beside the tile get their demand read
        whole.
        """
        board, frontier, colour_at, around = self.board, self.frontier, self.colour_at, self.around
        board[cell] = value
        self.placed_by[cell] = player
        self.order.append(cell)
        self.last = cell
        x, y = cell
        bounds = self.bounds
        if bounds is None:
            self.bounds = (x, y, x, y)
        elif not (bounds[0] <= x <= bounds[2] and bounds[1] <= y <= bounds[3]):
            x0, y0, x1, y1 = bounds
            self.bounds = (x if x < x0 else x0, y if y < y0 else y0, x if x > x1 else x1, y if y > y1 else y1)
        frontier.pop(cell, None)
        done = []
        corners = CORNERS[value]
        for k in range(4):
            dx, dy = CORNER_OFFSETS[k]
            point = (x + dx, y + dy)
            count = around.get(point, 0) + 1
            around[point] = count
            if count == 1:
                colour = corners[k]
                colour_at[point] = colour
                # The point is the top-left corner of the space at it, the top-right of the one to its
                # left, and so on round: that corner's digit of each open space's demand goes from free to
                # the colour.
                delta = colour - FREE
                px, py = point
                if point in frontier:
                    frontier[point] += delta
                near = (px - 1, py)
                if near in frontier:
                    frontier[near] += 5 * delta
                near = (px - 1, py - 1)
                if near in frontier:
                    frontier[near] += 25 * delta
                near = (px, py - 1)
                if near in frontier:
                    frontier[near] += 125 * delta
            elif count == 4:
                done.append(point)
        colour_of = colour_at.get
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near not in board and near not in frontier:
                nx, ny = near
                frontier[near] = (colour_of((nx, ny), FREE) + 5 * colour_of((nx + 1, ny), FREE)
                                  + 25 * colour_of((nx + 1, ny + 1), FREE) + 125 * colour_of((nx, ny + 1), FREE))
        return done

    # -- what is legal -----------------------------------------------------------
    def _legal(self) -> list[Move]:
        moves: list[Any] = self._placements(self.hands[self.current])  # the placements, then a pass or a show
        if self.phase == POINTING:
            moves.append(PASS)
        elif not moves or not self.forced:
            moves.append(SHOW)
        return moves

    def _mismatch(self, value: int, cell: tuple[int, int]) -> Illegal | None:
        corners = CORNERS[value]
        x, y = cell
        for k, (dx, dy) in enumerate(CORNER_OFFSETS):
            there = self.colour_at.get((x + dx, y + dy))
            if there is not None and there != corners[k]:
                return Illegal(f"its {CORNER_NAMES[k]} corner shows {article(shape(corners[k]))}, but the tiles "
                               f"meeting at that point show {article(shape(there))}.", MATCH_RULE)
        return None

    def _outside(self, cell: tuple[int, int]) -> Illegal | None:
        if self._in_frame(cell):
            return None
        return Illegal(f"the space {_cell(cell)} lies outside the {self.frame}×{self.frame} frame: every tile must "
                       f"fit in one {self.frame} by {self.frame} square.", FRAME_RULE)

    def _placement_problem(self, move: Place) -> Illegal | None:
        t, o, cell = move.tile, move.orientation, move.cell
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= N_TILES:
            return Illegal(f"There is no tile {t!r}: the tiles are numbered 1 to {N_TILES}.", TILES_RULE)
        if isinstance(o, bool) or not isinstance(o, int) or not 0 <= o < 8:
            return Illegal(f"A tile has 8 orientations, a0 to b3, numbered 0 to 7, not {o!r}.", ORIENTATIONS_RULE)
        value = CODES[t][o]
        if CANONICAL[value] != o:
            same = Place(t, CANONICAL[value], cell)
            return Illegal(f"Tile {t} shows the same corners in {ORIENTATION_NAMES[o]} as in "
                           f"{ORIENTATION_NAMES[same.orientation]}: write {same}.", ORIENTATIONS_RULE)
        me = self.current
        if t not in self.hands[me]:
            if self.phase == POINTING:
                return Illegal(f"Tile {t} is not among the tiles {self.names[me]} showed.", POINT_OUT_RULE)
            return Illegal(f"Tile {t} is not behind your shield.", PLACE_RULE)
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
            return Illegal(f"{cell!r} is not a space: write column,row.", PLACE_RULE)
        if not self.board:
            if cell != (0, 0):
                return Illegal("The first tile goes on the empty table, on the space the engine calls 0,0.",
                               FIRST_TILE_RULE)
            return None
        if cell in self.board:
            return Illegal(f"The space {_cell(cell)} already holds tile {TILE_OF[self.board[cell]]}.", PLACE_RULE)
        if cell not in self.frontier:
            return Illegal(f"The space {_cell(cell)} touches the side of no tile on the table.", TOUCH_RULE)
        problem = self._outside(cell)
        if problem:
            return Illegal(problem.reason[0].upper() + problem.reason[1:], problem.rule)
        problem = self._mismatch(value, cell)
        if problem:
            return Illegal(f"Tile {t} does not fit on {_cell(cell)} with {lay_words(CODES[t][o])}: {problem.reason}",
                           problem.rule)
        return None

    def _fits(self, move: Place) -> bool:
        """Whether ``move`` is surely legal, read off the space's demand: the common case, answered fast.

        ``False`` means only "ask :meth:`_placement_problem`", which finds the reason.
        """
        t, o, cell = move.tile, move.orientation, move.cell
        if type(cell) is not tuple or type(t) is not int or type(o) is not int or not 0 <= o < 8:
            return False
        demand = self.frontier.get(cell)  # an int space: 1.0 would find 1, so the types are checked below
        if demand is None or not 1 <= t <= N_TILES or t not in self.hands[self.current]:
            return False
        value = CODES[t][o]
        return (CANONICAL[value] == o and value in FIT[demand].get(t, ()) and type(cell[0]) is int
                and type(cell[1]) is int and (self.frame is None or self._in_frame(cell)))

    def _why(self, move: Move) -> Illegal | None:
        if move.__class__ is Place:
            return None if self._fits(move) else self._placement_problem(move)
        mover = self.to_move
        assert mover is not None  # the game is not over
        pointer = self.names[mover]
        player = self.names[self.current]
        if move.__class__ is Show:
            if self.phase == POINTING:
                return Illegal(f"{pointer} may point out a placement for {player}'s tiles, or pass.",
                               POINT_OUT_RULE)
            if self.forced:
                fits = self._placements(self.hands[self.current])
                if fits:
                    return Illegal(f"Tile {fits[0].tile} fits, on {_cell(fits[0].cell)} for one: a player who can "
                                   f"place a tile must place one.", MUST_PLACE_RULE)
            return None
        if move.__class__ is Pass:
            if self.phase == POINTING:
                return None
            return Illegal("Only an opponent asked to point out a placement may pass; place a tile, or show your "
                           "tiles if none fits.", POINT_OUT_RULE)
        return Illegal(f"{move!r} is not a Quartex move.", PLACE_RULE)

    # -- playing -------------------------------------------------------------------
    # Each step returns its events (see .events); a step with nothing to tell returns the empty tuple.
    def _apply(self, move: Move) -> tuple[Events, str]:
        if type(move) is Place:
            return self._place(move)
        if type(move) is Show:
            return self._show()
        pointer = self.pointers.pop(0)
        if self.pointers:
            return (PointedNothing(pointer), MayPoint(self.pointers[0])), POINT_OUT_RULE
        self.phase = PLACING
        return self._cannot_place((PointedNothing(pointer), NOBODY_POINTED))

    def _place(self, move: Place) -> tuple[Events, str]:
        me = self.current
        hand = self.hands[me]
        events: Events = ()
        rule = PLACE_RULE
        if self.phase == POINTING:
            events = (PointedOut(self.pointers[0], move.tile),)
            rule = POINT_OUT_RULE
            self.phase = PLACING
            self.pointers = []
        first = not self.board
        hand.remove(move.tile)
        shown = self.shown[me]
        if shown:
            shown.discard(move.tile)
        value = CODES[move.tile][move.orientation]
        x, y = move.cell
        if first:
            rule = FIRST_TILE_RULE if rule == PLACE_RULE else rule
        done = self._put(value, move.cell, me)
        if done:
            colours = tuple(self.colour_at[p] for p in done)
            taken, missed = [], []
            for point, colour in zip(done, colours):
                got = self.stock[colour] > 0
                if got:
                    self.stock[colour] -= 1
                    self.tokens[me][colour] += 1
                    taken.append(colour)
                else:
                    missed.append(colour)
                self.completed[point] = (colour, me, got)
            events += (Placed(me, value, x, y, first, colours),)
            if taken:
                events += (TookTokens(me, tuple(taken)),)
                rule = TOKEN_RULE if rule == PLACE_RULE else rule
            else:
                rule = COMPLETE_RULE if rule == PLACE_RULE else rule
            if missed:
                events += (StockOut(tuple(missed)),)
        else:
            events += (Placed(me, value, x, y, first),)
        if self.set_aside:
            events += (self._back_in_bag(),)
        events += self._draw_up(me)
        return events + self._end_turn(), rule

    def _back_in_bag(self) -> BackInBag:
        """Shuffle the tiles set aside back into the bag."""
        back = len(self.set_aside)
        self.bag.extend(self.set_aside)
        self.set_aside = []
        self.rng.shuffle(self.bag)
        return BackInBag(back)

    def _draw_up(self, player: int) -> Events:
        """Draw ``player`` back to five tiles from the bag."""
        hand, bag = self.hands[player], self.bag
        k = min(HAND - len(hand), len(bag))
        if k <= 0:
            return ()
        for _ in range(k):
            hand.append(bag.pop())
        hand.sort()
        return (DrewUp(player, k, not self.bag),)

    def _show(self) -> tuple[Events, str]:
        me = self.current
        hand = self.hands[me]
        self.shown[me] = set(hand)
        if not self.forced and hand and self._placements(hand):
            pointers = [p for p in ((me + k) % self.players for k in range(1, self.players)) if not self.eliminated[p]]
            if pointers:
                self.phase = POINTING
                self.pointers = pointers
                return (Showed(me, tuple(hand), True), MayPoint(pointers[0])), POINT_OUT_RULE
        return self._cannot_place((Showed(me, tuple(hand)),))

    def _cannot_place(self, events: Events) -> tuple[Events, str]:
        """No placement for the current player: five new tiles, or elimination when the bag is empty."""
        me = self.current
        hand = self.hands[me]
        if self.bag:
            k = min(HAND, len(self.bag))
            self.set_aside.extend(hand)
            self.hands[me] = sorted(self.bag.pop() for _ in range(k))
            self.shown[me] = set()
            redrew = Redrew(me, k, bool(hand), not self.bag and k < HAND)
            return (*events, redrew), REDRAW_RULE if hand else CANNOT_PLACE_RULE
        self.eliminated[me] = True
        self.cite(ELIMINATED_RULE)
        events += (Eliminated(me),)
        rule = ELIMINATED_RULE
        if self.set_aside:
            events += (self._back_in_bag(),)
            if self.options["eliminated_hand"] == "refill":
                events += self._draw_up(me)
                rule = ELIMINATED_HAND_RULE
        return events + self._end_turn(), rule

    def _end_turn(self) -> Events:
        """Pass play clockwise to the next player still taking turns, or end the game."""
        n = self.players
        for k in range(1, n + 1):
            p = (self.current + k) % n
            if self._active(p):
                self.current = p
                self.phase = PLACING
                return ()
        self.phase = OVER
        self.cite(GAME_END_RULE)
        self.pointers = []
        result = self.ranking()  # the game is over now
        return (GameEnded(tuple(result.winners), result.shared, max(s.total for s in result.scores)),)

    # -- scoring -------------------------------------------------------------------
    def score_of(self, player: int) -> Score:
        """A player's score as things stand: tokens at the stock's current worth, minus an eliminated hand."""
        parts = []
        for c, colour in enumerate(COLOURS):
            held, worth = self.tokens[player][c], self.stock[c]
            parts.append((f"{colour}: {held} × {worth}", held * worth))
        if self.eliminated[player]:
            left = len(self.hands[player])
            parts.append((f"tiles left: {left} × -1", -left))
        return Score(player, sum(p for _, p in parts), tuple(parts))

    def scores(self) -> tuple[Score, ...]:
        return tuple(self.score_of(p) for p in range(self.players))

    def ranking(self) -> Result:
        """Who leads now, ties settled as at the end of the game (by the most tokens, if the option says so)."""
        tiebreakers: tuple[Tiebreaker, ...] = ()
        if self.options["tiebreak"] == "most-tokens":
            tiebreakers = (Tiebreaker(lambda p: sum(self.tokens[p]), "broken by the most tokens ({value})",
                                      TIEBREAK_RULE, ties="{value} tokens"),)
        return rank(self.scores(), *tiebreakers, shared_rule=TIEBREAK_RULE)

    def result(self) -> Result | None:
        return self.ranking() if self.phase == OVER else None

    def figures(self) -> dict[str, int]:
        """Tiles the players placed (a start tile not counted), shapes they completed, tokens they
        took for them (a completed shape whose colour the stock has run out of earns none), and
        players eliminated."""
        made = [got for _, by, got in self.completed.values() if by is not None]
        return {"tiles_placed": sum(by is not None for by in self.placed_by.values()), "shapes": len(made),
                "tokens": sum(made), "eliminated": sum(self.eliminated)}

    # -- what there is and who sees it -------------------------------------------------
    def inventory(self) -> Counter[tuple[str, int | str]]:
        things: Counter[tuple[str, int | str]] = Counter()
        for group in (self.bag, self.removed, self.set_aside, *self.hands):
            things.update(("tile", t) for t in group)
        things.update(("tile", TILE_OF[v]) for v in self.board.values())
        for c, colour in enumerate(COLOURS):
            things[("token", colour)] = self.stock[c] + sum(t[c] for t in self.tokens)
        return things

    def _hidden_from(self, viewer: int | None, player: int) -> list[int]:
        """The tiles of ``player``'s hand that ``viewer`` cannot see."""
        if viewer is None or viewer == player:
            return []
        return [t for t in self.hands[player] if t not in self.shown[player]]

    def view(self, player: int | None = None) -> QuartexView:
        """The table as ``player`` sees it: every tile on the table and every token is open; behind the
        shields only their own tiles and tiles shown to all; the bag's order is nobody's (see :mod:`.view`)."""
        self.check_seat(player)
        result = self.result()
        removed_open = player is None or self.options["removed_tiles"] == "shown"
        board: list[PlacedTile] = []
        for cell in self.order:
            value = self.board[cell]
            board.append({"cell": list(cell), "tile": TILE_OF[value],
                          "orientation": ORIENTATION_NAMES[CANONICAL[value]],
                          "corners": [LETTERS[c] for c in CORNERS[value]], "by": self.placed_by[cell]})
        shields: list[Shield] = []
        for p in range(self.players):
            hidden = set(self._hidden_from(player, p))
            shields.append({"count": len(self.hands[p]), "tiles": [t for t in self.hands[p] if t not in hidden],
                            "shown": sorted(self.shown[p])})
        return {
            "game": G,
            "viewer": player,
            "names": list(self.names),
            "phase": self.phase,
            "to_move": self.to_move,
            "turn": self.turn,
            "frame": self.frame,
            "bounds": list(self.bounds) if self.bounds else None,
            "board": board,
            "completed": [{"point": list(point), "colour": COLOURS[colour], "by": by,
                           "token": COLOURS[colour] if got else None}
                          for point, (colour, by, got) in self.completed.items()],
            "last": list(self.last) if self.last is not None else None,
            "stock": {colour: self.stock[c] for c, colour in enumerate(COLOURS)},
            "tokens": [{colour: self.tokens[p][c] for c, colour in enumerate(COLOURS)} for p in range(self.players)],
            "shields": shields,
            "bag": len(self.bag),
            "removed": list(self.removed) if removed_open else [],
            "removed_count": len(self.removed),
            "set_aside": sorted(self.set_aside),
            "eliminated": list(self.eliminated),
            "scores": [s.total for s in self.scores()],
            "winners": list(result.winners) if result else None,
            "tiebreak": result.tiebreak if result else None,
        }

    def determinize(self, player: int, seed: int) -> "QuartexState":
        """A copy in which every tile ``player`` cannot see is dealt anew.

        The unseen tiles are the bag, the unshown tiles behind the other
        shields and, when they lie face down, the tiles left out.  They are
        shuffled together and dealt back into the same places in the same
        numbers, so ``player``'s view does not change.
        """
        self.check_seat(player, everyone=False)
        twin = self.copy()
        hidden = {p: self._hidden_from(player, p) for p in range(self.players)}
        unseen = list(self.bag)
        for tiles in hidden.values():
            unseen.extend(tiles)
        removed_hidden = self.options["removed_tiles"] == "hidden"
        if removed_hidden:
            unseen.extend(self.removed)
        unseen.sort()  # the new deal must depend on the seed alone, never on the hidden true order
        Rng(seed).shuffle(unseen)
        for p, tiles in hidden.items():
            if tiles:
                kept = [t for t in self.hands[p] if t not in tiles]
                twin.hands[p] = sorted(kept + [unseen.pop() for _ in tiles])
        if removed_hidden:
            twin.removed = sorted(unseen.pop() for _ in self.removed)
        twin.bag = unseen
        return twin


class _Spot(dict[int, Place]):
    """The placements on one space, each made once and shared by every match: packed corners -> placement.

    Random play asks for the same few tens of thousands of placements over
    and over: making each once turns listing the legal moves into lookups.
    Places are immutable values, so sharing them between matches is safe.
    """

    __slots__ = ("cell",)

    def __init__(self, cell: tuple[int, int]) -> None:
        super().__init__()
        self.cell = cell

    def __missing__(self, value: int) -> Place:
        place = self[value] = Place(TILE_OF[value], CANONICAL[value], self.cell)
        return place


#: Space -> its placements.  Bounded: 55 tiles reach no further than 55 spaces from 0,0, in 256 colourings.
_SPOTS: dict[tuple[int, int], _Spot] = {}


def _spot(cell: tuple[int, int]) -> _Spot:
    spot = _SPOTS[cell] = _Spot(cell)
    return spot


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"
