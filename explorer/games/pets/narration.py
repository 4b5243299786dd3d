"""The moves of PETS in English, written from their events (:mod:`~explorer.games.pets.events`) alone.

>>> from .events import Played
>>> PetsNarrator(("Ana", "Bo"))((Played(0, 21, 1, 1, 3),))
"Ana plays a cat (21) in front of them, beating Bo's 3, which Bo discards."
"""

from __future__ import annotations

from ...core.events import Moment, Narrator
from ...core.words import article, count, names_list, possessive
from .events import (
    Added, Exhausted, GameEnded, Played, Refilled, RoundStarted, Scored, Took, Triggered, UnfinishedRound,
)
from .moves import ANIMALS, PLURALS


def cards_text(n: int, kind: int) -> str:
    """``"5 cats (21)"``, ``"a fish (12)"``."""
    if n == 1:
        return f"{article(ANIMALS[kind])} ({kind})"
    return f"{n} {PLURALS[kind]} ({kind})"


def _side(left: bool) -> str:
    return "left" if left else "right"


class PetsNarrator(Narrator):
    """The sentences of PETS: one for each kind of event."""

    __slots__ = ()
    sentences = {
        Played: "played", Added: "added", Took: "took", Refilled: "refilled", Triggered: "triggered",
        Scored: "scored", Exhausted: "exhausted", UnfinishedRound: "unfinished_round",
        RoundStarted: "round_started", GameEnded: "game_ended",
    }
    moments = {Triggered: Moment.ROUND_END, UnfinishedRound: Moment.ROUND_END, Scored: Moment.SCORING,
               GameEnded: Moment.GAME_END}

    def played(self, e: Played) -> str:
        text = f"{self.names[e.player]} plays {cards_text(e.count, e.kind)} in front of them"
        if e.beaten is not None:
            loser = self.names[e.beaten]
            text += f", beating {possessive(loser)} {e.lost}, which {loser} discards"
        return text + "."

    def added(self, e: Added) -> str:
        return (f"{self.names[e.player]} adds {cards_text(1, e.kind)} to the {_side(e.left)} end of "
                f"row {e.row + 1}.")

    def took(self, e: Took) -> str:
        text = (f"{self.names[e.player]} takes {cards_text(e.count, e.kind)} from the {_side(e.left)} end of "
                f"row {e.row + 1}")
        if e.moved:
            verb = "moves" if e.moved == 1 else "move"
            return text + f"; {cards_text(e.moved, e.moved_kind)} {verb} to the Scoring Zone."
        return text + "; it was the row's last group, so nothing moves to the Scoring Zone."

    def refilled(self, e: Refilled) -> str:
        note = ""
        if e.reshuffle is not None:
            before, shuffled = e.reshuffle
            ran_out = f"ran out after {count(before, 'card')}" if before else "was empty"
            note = (f" (the draw pile {ran_out}: the discard pile's {count(shuffled, 'card')} "
                    f"{'was' if shuffled == 1 else 'were'} shuffled into a new one)")
        if e.full:
            how = f"is refilled with {count(e.added, 'card')}{note}"
        elif e.added:
            how = f"gets only {count(e.added, 'card')}{note}: the draw and discard piles are used up"
        else:
            how = "stays empty: the draw and discard piles are used up"
        when = "Before the next round" if e.between_rounds else "At once"
        return f"{when}, row {e.row + 1} {how}."

    def triggered(self, e: Triggered) -> str:
        return (f"The Scoring Zone holds {count(e.cards, ANIMALS[e.kind], PLURALS[e.kind])}: round {e.round} ends "
                "at once and is scored.")

    def scored(self, e: Scored) -> str:
        return "Scores: " + ", ".join(f"{self.names[s.player]} {s}" for s in e.scores) + "."

    def exhausted(self, e: Exhausted) -> str:
        return "All three rows are empty and cannot be refilled: the game ends at once."

    def unfinished_round(self, e: UnfinishedRound) -> str:
        if e.scored:
            return f"Round {e.round} is scored as it stands."
        return f"Round {e.round} never reached the trigger and is not scored."

    def round_started(self, e: RoundStarted) -> str:
        return (f"{self.names[e.player]}, on {possessive(self.names[e.previous])} left, starts "
                f"round {e.round}.")

    def game_ended(self, e: GameEnded) -> str:
        result = e.result
        verb = "share the victory" if result.shared else "wins"
        tail = f" ({result.tiebreak})" if result.tiebreak else ""
        lead = "The game is over (that was the last scoring)" if e.last_scoring else "The game is over"
        return f"{lead}: {names_list(self.names[p] for p in result.winners)} {verb}{tail}."
