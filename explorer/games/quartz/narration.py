"""Quartz's moves in English, written from their events (:mod:`~explorer.games.quartz.events`) alone.

>>> from .events import Accident, Cause, Continued, Declined
>>> say = QuartzNarrator(("Ana", "Bo", "Cy"))
>>> say((Declined(1),)), say((Accident(Cause.UNSTABLE, 2, (3,)),))
('Bo does not attack.', 'A second Unstable Crystal at position 3: accident! The line (2 Mine cards) is discarded.')
"""

from __future__ import annotations

from ...core.events import Moment, Narrator
from ...core.words import count, names_list, plural
from .deck import HELPERS
from .events import (
    Accident, Attacked, Cadaver, Cancelled, Cause, Collected, Continued, CounterCancelled, Declined, DrewForHelp,
    EndedTurn, Explored, GameEnded, GiftInLine, Hired, Kept, KeptInLine, LastCard, MayHire, NoDefense, Protected,
    PutInLine, Revealed, SentBack, Stole, Stopped, TookBack, TookFromLine, TurnCut,
)


def full_stop(text: str) -> str:
    """``text`` as a sentence: a full stop, unless a card's name already ends it (``Sem Chance!``)."""
    return text if text[-1] in ".!?" else text + "."


#: What set each kind of accident off, as the sentence before "accident!" says it.
_CAUSES = {Cause.PRESENTINHO: "Its Unstable Crystal meets Um Presentinho Para Você...",
           Cause.TWO_PRESENTINHOS: "Two Presentinhos in the line"}


class QuartzNarrator(Narrator):
    """Quartz's sentences: one for each kind of event."""

    __slots__ = ()
    sentences = {
        Explored: "explored", Protected: "protected", Continued: "continued", Revealed: "revealed",
        Stopped: "stopped", MayHire: "may_hire", Hired: "hired", KeptInLine: "kept_in_line", Accident: "accident",
        LastCard: "last_card", Collected: "collected", EndedTurn: "ended_turn", GameEnded: "game_ended",
        Declined: "declined", Attacked: "attacked", NoDefense: "no_defense", Cancelled: "cancelled",
        Cadaver: "cadaver", SentBack: "sent_back", CounterCancelled: "counter_cancelled", TookBack: "took_back",
        GiftInLine: "gift_in_line", TookFromLine: "took_from_line", TurnCut: "turn_cut",
        DrewForHelp: "drew_for_help", Kept: "kept", PutInLine: "put_in_line", Stole: "stole",
    }
    moments = {Accident: Moment.ACCIDENT, Collected: "collected_moment", GameEnded: Moment.GAME_END}

    def collected_moment(self, e: Collected) -> Moment | None:
        """A line collected is points banked; an empty one, nothing to call out."""
        return Moment.SCORING if e.cards else None

    # The turn's announcements.
    def explored(self, e: Explored) -> str:
        text = f"{self.names[e.player]} announces: explore the mine."
        if e.returned == 1:
            return text + " The Presentinho sent back by Sai Fora! starts the line."
        if e.returned:
            return text + " The Presentinhos sent back by Sai Fora! start the line."
        return text

    def protected(self, e: Protected) -> str:
        who = self.names[e.player]
        what = f"protects the column {e.column} ({count(e.cards, 'card')}) in their Chest."
        text = f"{who} plays Mas Que Beleza! and {what}" if e.beleza else f"{who} {what}"
        if e.discarded:
            it = "The Presentinho sent back to them is" if e.discarded == 1 else \
                f"The {e.discarded} Presentinhos sent back to them are"
            text += f" {it} discarded."
        return text

    # The line.
    def continued(self, e: Continued) -> str:
        return '"To work!":'

    def revealed(self, e: Revealed) -> str:
        return f"{self.names[e.player]} reveals {e.card.mention}."

    def stopped(self, e: Stopped) -> str:
        return f'"Enough for today!": {self.names[e.player]} stops exploring.'

    def may_hire(self, e: MayHire) -> str:
        return f"It shows Hire a Helper: {self.names[e.player]} may hire."

    def hired(self, e: Hired) -> str:
        shuffled = " (the used Helper cards are shuffled into a new deck)" if e.reshuffled else ""
        return f"{self.names[e.player]} discards {e.card} to hire a Helper{shuffled} and draws a Helper card."

    def kept_in_line(self, e: KeptInLine) -> str:
        return f"{self.names[e.player]} keeps {e.card} in the line."

    def accident(self, e: Accident) -> str:
        if e.cause is Cause.UNSTABLE:
            cause = f"A second Unstable Crystal at {plural(len(e.positions), 'position')} " \
                    f"{names_list(map(str, e.positions))}"
        else:
            cause = _CAUSES[e.cause]
        return f"{cause}: accident! The line ({count(e.cards, 'Mine card')}) is discarded."

    def last_card(self, e: LastCard) -> str:
        return "That was the last Mine card."

    def collected(self, e: Collected) -> str:
        return f"{self.names[e.player]} collects {', '.join(e.cards) if e.cards else 'nothing'}."

    def ended_turn(self, e: EndedTurn) -> str:
        return f"{self.names[e.player]} ends the turn."

    def game_ended(self, e: GameEnded) -> str:
        verb = "share the victory" if e.shared else "wins"
        tail = f" ({e.tiebreak})" if e.tiebreak else ""
        return f"The Mine deck is used up: the game is over; {names_list(self.names[p] for p in e.winners)} " \
               f"{verb}{tail}."

    # Attacks and defenses.
    def declined(self, e: Declined) -> str:
        return f"{self.names[e.player]} does not attack."

    def attacked(self, e: Attacked) -> str:
        aim = e.columns
        what = "" if not aim else f": the column {aim[0]}" if len(aim) == 1 else f": {aim[0]} and {aim[1]}"
        return (full_stop(f"{self.names[e.attacker]} attacks with {HELPERS[e.card].title}{what}")
                + f" {self.names[e.defender]} may defend.")

    def no_defense(self, e: NoDefense) -> str:
        return f"{self.names[e.player]} does not defend."

    def cancelled(self, e: Cancelled) -> str:
        return f"{self.names[e.player]} cancels the {HELPERS[e.attack].title} with Sem Chance!"

    def cadaver(self, e: Cadaver) -> str:
        who = self.names[e.player]
        steal = "" if e.stolen is None else f" and {who} steals {e.stolen} from {self.names[e.attacker]}"
        return f"{who} answers with Só Por Cima do Meu Cadáver!: the theft is cancelled{steal}."

    def sent_back(self, e: SentBack) -> str:
        return (f"{self.names[e.player]} answers with Sai Fora!: the Presentinho goes back to "
                f"{self.names[e.attacker]}, unless they cancel with a Sai Fora! of their own.")

    def counter_cancelled(self, e: CounterCancelled) -> str:
        return f"{self.names[e.attacker]} cancels the counter-attack with a Sai Fora! of their own."

    def took_back(self, e: TookBack) -> str:
        return f"{self.names[e.attacker]} takes the Presentinho back: it will start their next exploration."

    def gift_in_line(self, e: GiftInLine) -> str:
        return "The Presentinho goes into the line."

    def took_from_line(self, e: TookFromLine) -> str:
        return f"{self.names[e.thief]} takes {e.card} from the line."

    def turn_cut(self, e: TurnCut) -> str:
        return "The turn ends at once."

    def drew_for_help(self, e: DrewForHelp) -> str:
        return f"{self.names[e.thief]} draws {' and '.join(card.mention for card in e.cards)}."

    def kept(self, e: Kept) -> str:
        if e.placed is None:
            return f"{self.names[e.thief]} keeps {e.card}."
        return f"{self.names[e.thief]} keeps {e.card} and puts {e.placed} at the end of the line."

    def put_in_line(self, e: PutInLine) -> str:
        return f"{self.names[e.thief]} puts {e.card} at the end of the line."

    def stole(self, e: Stole) -> str:
        return f"{self.names[e.thief]} steals {names_list(e.cards)} from {self.names[e.victim]}."
