"""Pet Quartet's moves in English, written from their events (:mod:`~explorer.games.pet_quartet.events`) alone.

>>> from .events import Placed, Took
>>> say = PetQuartetNarrator(("Ana", "Bo"))
>>> say((Placed(0, 8, 1, 1, 4),)), say((Took(1, 1, (11, 8)),))
('Ana places the 8 under Conductor 2 (1 of 4).', 'Bo takes Conductor 2 (8, 11).')
"""

from __future__ import annotations

from typing import Iterable

from ...core.events import Moment, Narrator
from ...core.words import article, names_list
from .events import (
    Discarded, Drew, EndTriggered, FinalTurns, GameEnded, Gave, LeftOnTable, MaestroAdded, MustPassLeft,
    PassedFinal, Placed, Returned, RoundEnded, RoundStarted, TakeOffered, Took,
)
from .moves import MAX_CARD, MIN_CARD
from .view import Phase


def a(card: int) -> str:
    """``"a 7"``, ``"an 8"``: the card's number with its article, as it is read aloud."""
    return article(str(card))


_A = {card: a(card) for card in range(MIN_CARD, MAX_CARD + 1)}  # every narration of a draw reads one


def card_list(cards: Iterable[int]) -> str:
    """``"4, 7, 7"``: cards by number, lowest first."""
    return ", ".join(map(str, sorted(cards)))


#: What a Maestro's duty adds to the sentence of a take.
_DUTY = {None: ".", Phase.RETURN_FROM_CONDUCTOR: " and must return one of its cards to the box.",
         Phase.RETURN_COLLECTED: " and must first return a card collected earlier to the box."}


class PetQuartetNarrator(Narrator):
    """Pet Quartet's sentences: one for each kind of event."""

    __slots__ = ()
    sentences = {
        Drew: "drew", Placed: "placed", TakeOffered: "take_offered", Took: "took", LeftOnTable: "left_on_table",
        PassedFinal: "passed_final", Returned: "returned", Gave: "gave", MaestroAdded: "maestro_added",
        EndTriggered: "end_triggered", MustPassLeft: "must_pass_left", RoundEnded: "round_ended",
        Discarded: "discarded", RoundStarted: "round_started", FinalTurns: "final_turns", GameEnded: "game_ended",
    }
    moments = {Drew: "drew_moment", EndTriggered: Moment.END_TRIGGERED, RoundEnded: Moment.ROUND_END,
               FinalTurns: Moment.FINAL_TURNS, GameEnded: Moment.GAME_END}

    def drew_moment(self, e: Drew) -> Moment | None:
        """The deck's last card, drawn, triggers the end; any other draw is no moment."""
        return Moment.END_TRIGGERED if e.last else None

    def drew(self, e: Drew) -> str:
        if e.last:
            return f"{self.names[e.player]} draws {_A[e.card]}, the last card: the end of the game is triggered."
        return f"{self.names[e.player]} draws {_A[e.card]}."

    def placed(self, e: Placed) -> str:
        return f"{self.names[e.player]} places the {e.card} under Conductor {e.conductor + 1} ({e.count} of {e.limit})."

    def take_offered(self, e: TakeOffered) -> str:
        return "Its Maestro allows an immediate take."

    def took(self, e: Took) -> str:
        return f"{self.names[e.player]} takes Conductor {e.conductor + 1} ({card_list(e.cards)}){_DUTY[e.duty]}"

    def left_on_table(self, e: LeftOnTable) -> str:
        return f"{self.names[e.player]} leaves Conductor {e.conductor + 1} on the table."

    def passed_final(self, e: PassedFinal) -> str:
        return f"{self.names[e.player]} passes on the final turn."

    def returned(self, e: Returned) -> str:
        if e.conductor is None:
            return f"{self.names[e.player]} returns a previously collected {e.card} to the box."
        return f"{self.names[e.player]} returns {a(e.card)} from Conductor {e.conductor + 1} to the box."

    def gave(self, e: Gave) -> str:
        return f"{self.names[e.player]} passes {a(e.card)} to {self.names[e.to]}."

    def maestro_added(self, e: MaestroAdded) -> str:
        if e.card is None:
            return "The deck is empty, so the Maestro adds no card."
        return f"The Maestro adds the deck's top card, {a(e.card)}, to the collection."

    def end_triggered(self, e: EndTriggered) -> str:
        return "That was the last card: the end of the game is triggered."

    def must_pass_left(self, e: MustPassLeft) -> str:
        return f"{self.names[e.player]} must now pass a card to {self.names[e.to]}."

    def round_ended(self, e: RoundEnded) -> str:
        return f"Round {e.round} ends."

    def discarded(self, e: Discarded) -> str:
        if e.conductor is None:
            return f"The cards left under Conductors ({card_list(e.cards)}) are discarded."
        return f"Conductor {e.conductor + 1}'s cards ({card_list(e.cards)}) are discarded face up."

    def round_started(self, e: RoundStarted) -> str:
        return f"{self.names[e.player]} took the last Conductor and starts round {e.round}."

    def final_turns(self, e: FinalTurns) -> str:
        return f"Final turns: {', '.join(self.names[p] for p in e.players)}."

    def game_ended(self, e: GameEnded) -> str:
        verb = "share the victory" if e.shared else "wins"
        return f"The game is over: {names_list(self.names[p] for p in e.winners)} {verb}."
