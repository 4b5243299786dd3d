"""A toy sixth game, registered by the test suite alone: the proof that a game is its declaration.

*High Card* is small on purpose.  A deck of cards numbered 1 to ``top`` is
shuffled and each player is dealt two, face down.  On your turn you play a
card higher than the last card played, scoring its number, then draw one if
the deck has any; or you pass.  When every player still at the table has
passed in a row, the game ends.  Most points wins; a tie goes to the most
cards in hand.

Nothing outside this package names it: registering :data:`GAME` is all it
takes for every generic test (random play, records, links, the command line,
bots, simulation, the explorer widget) to play it too.
Its rules and its option are data, in ``rules.toml`` beside this module, as
every game's are.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, TypedDict

from explorer.core import (
    Budget, Chance, Game, Illegal, Information, InvalidMove, OptionError, OptionSet, RecordError, Renderer, Result, Rng,
    Rulebook, Score, State, Strategy, Tiebreaker, rank,
)
from explorer.core.words import article, count

RULES = Rulebook.load(__package__)
OPTIONS = OptionSet.load(__package__)
G = RULES.game


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def parse_move(text: str) -> Play | Pass:
    word = str(text).strip().lower()
    if word == "pass":
        return PASS
    if word.isdigit() and 0 < len(word) < 3:
        return Play(int(word))
    raise InvalidMove(f"{str(text)[:20]!r} is not a High Card move: write a card's number or 'pass'.")


class HighCardView(TypedDict):
    """The table as one player (``viewer``; None: anyone) sees it."""

    #: The players' names, by seat.
    names: list[str]
    #: The seat whose view this is; None for the whole table.
    viewer: int | None
    #: The last card played (0 before the first).
    last: int
    #: How many cards are left in the deck.
    deck: int
    #: Each hand: its cards for the viewer's own seat (every seat for the whole table), else how many it holds.
    hands: list[list[int] | int]
    #: Each seat's points.
    scores: list[int]
    #: The seat that decides now; None once the game is over.
    to_move: int | None


class HighCardState(State):
    """A match of High Card; ``deck[-1]`` is the top card."""

    position = ("deck", "hands", "played", "points", "last", "current", "passes")

    def _deal(self, setup: Mapping[str, Any] | None) -> None:
        top = self.options["top"]
        if setup and "deck" in setup:
            deck = setup["deck"]
            if not isinstance(deck, list) or sorted(deck) != list(range(1, top + 1)):
                raise RecordError(f"setup.deck must list the cards 1 to {top}, top card first.", "setup.deck")
            self.deck = list(reversed(deck))
            self.rng.shuffle(list(deck))  # drawn all the same: the generator then stands as after a dealt deck
        else:
            self.deck = list(range(1, top + 1))
            self.rng.shuffle(self.deck)
        self.dealt = list(reversed(self.deck))
        self.hands = [sorted(self.deck.pop() for _ in range(2)) for _ in range(self.players)]
        self.played: list[int] = []
        self.points = [0] * self.players
        self.last = 0
        self.current = 0
        self.passes = 0

    def _dealt_setup(self) -> dict[str, Any]:
        return {"deck": list(self.dealt)}

    @property
    def to_move(self) -> int | None:
        return None if self.is_over() else self.current

    def is_over(self) -> bool:
        return self.passes >= self.players

    def _legal(self) -> list[Any]:
        return [Play(c) for c in self.hands[self.current] if c > self.last] + [PASS]

    def _why(self, move: Any) -> Illegal | None:
        if move == PASS:
            return None
        if not isinstance(move, Play) or move.card not in self.hands[self.current]:
            return Illegal("You can only play a card from your hand.", f"{G}/play")
        if move.card <= self.last:
            return Illegal(f"You must play higher than {self.last}.", f"{G}/play")
        return None

    def _apply(self, move: Any) -> tuple[str, str]:
        who = self.names[self.current]
        self.current = (self.current + 1) % self.players
        if move == PASS:
            self.passes += 1
            if self.is_over():
                return f"{who} passes, and everyone has passed: the game is over.", f"{G}/end"
            return f"{who} passes.", f"{G}/pass"
        me = (self.current - 1) % self.players
        self.hands[me].remove(move.card)
        self.played.append(move.card)
        self.points[me] += move.card
        self.last, self.passes = move.card, 0
        if self.deck:
            self.hands[me] = sorted(self.hands[me] + [self.deck.pop()])
        return f"{who} plays {article(str(move.card))} for {count(move.card, 'point')}.", f"{G}/play"

    def view(self, player: int | None = None) -> HighCardView:
        return {"names": list(self.names), "viewer": player, "last": self.last, "deck": len(self.deck),
                "hands": [h if player in (None, p) else len(h) for p, h in enumerate(self.hands)],
                "scores": list(self.points), "to_move": self.to_move}

    def scores(self) -> tuple[Score, ...]:
        return tuple(Score(p, self.points[p], (("cards played", self.points[p]),)) for p in range(self.players))

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        most_cards = Tiebreaker(lambda p: len(self.hands[p]), "broken by the most cards in hand ({value})",
                                f"{G}/tiebreak", ties="{value} cards in hand")
        return rank(self.scores(), most_cards, names=self.names)

    def inventory(self) -> Counter:
        return Counter(self.deck + self.played + [c for h in self.hands for c in h])

    def determinize(self, player: int, seed: int) -> "HighCardState":
        twin = self.copy()
        unseen = sorted(self.deck + [c for p, h in enumerate(self.hands) if p != player for c in h])
        Rng(seed).shuffle(unseen)
        for p in range(self.players):
            if p != player:
                twin.hands[p] = sorted(unseen.pop() for _ in self.hands[p])
        twin.deck = unseen
        return twin


def greedy_move(state: HighCardState, player: int, rng: Any) -> Any:
    """Play the lowest card that is allowed: it keeps the high ones for later."""
    return state.legal_moves()[0]


def table_text(view: Mapping[str, Any]) -> str:
    lines = [f"last card: {view['last']}, deck: {count(view['deck'], 'card')}"]
    for p, name in enumerate(view["names"]):
        hand = view["hands"][p]
        shown = " ".join(map(str, hand)) if isinstance(hand, list) else f"{count(hand, 'card')}, hidden"
        lines.append(f"  {name}: {view['scores'][p]} ({shown})")
    return "\n".join(lines)


class HighCard(Game):
    name = G
    title = "High Card"
    summary = "Play higher than the last card, or pass."
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS
    rules = RULES
    state_class = HighCardState
    information = Information.IMPERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move)
    search_budget = Budget(8, 0, why="a tiny game")
    render = Renderer(text=table_text)
    view_type = HighCardView
    parse_move = staticmethod(parse_move)

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        if 2 * players > options["top"]:
            raise OptionError(f"a deck up to {options['top']} cannot deal two cards to {players} players.")


GAME = HighCard()
