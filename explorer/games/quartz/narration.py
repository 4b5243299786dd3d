"""Quartz's moves in English, written from their events (:mod:`~explorer.games.quartz.events`) alone.

A Mine card is named as its face shows it, by crystal and value ("a Ruby 6"),
with its icons where they matter (a card just revealed); its code is for the
notation only.

>>> from .deck import reconstruction
>>> from .events import Accident, Cause, Collected, Continued, Declined
>>> say, kinds = QuartzNarrator(("Ana", "Bo", "Cy")), reconstruction().kinds
>>> say((Declined(1),)), say((Accident(Cause.UNSTABLE, 2, (3,)),))
('Bo does not attack.', 'A second Unstable Crystal at position 3: accident! The line (2 Mine cards) is discarded.')
>>> say((Collected(1, (kinds["Q1"], kinds["E3u4"], kinds["Q1h"])),))
'Bo collects 2 Quartz 1s and an Emerald 3.'
"""

from __future__ import annotations

from typing import Sequence

from ...core.events import Moment, Narrator
from ...core.words import article, count, names_list, plural
from .deck import HELPERS, MineCard
from .events import (
    Accident, Attacked, Cadaver, Cancelled, Cause, Collected, Continued, CounterCancelled, Declined, DrewForHelp,
    EndedTurn, Explored, GameEnded, GiftInLine, Hired, Kept, KeptInLine, LastCard, MayHire, NoDefense, Protected,
    PutInLine, Revealed, SentBack, Stole, Stopped, TookBack, TookFromLine, TurnCut,
)


def full_stop(text: str) -> str:
    """``text`` as a sentence: a full stop, unless a card's name already ends it (``Sem Chance!``)."""
    return text if text[-1] in ".!?" else text + "."


def cards_words(cards: Sequence[MineCard]) -> str:
    """Mine cards by name, alike ones counted together, in the order first met: ``"a Ruby 6, 2 Quartz 1s and an
    Emerald 3"`` (their icons left out: once out of the line they no longer matter)."""
    counted: dict[str, int] = {}
    for card in cards:
        counted[card.name] = counted.get(card.name, 0) + 1
    return names_list(article(name) if n == 1 else count(n, name) for name, n in counted.items())


def aim_words(columns: Sequence[str]) -> str:
    """What an Isso Não Te Pertence Mais... aims at, from its columns' names: ``"the Ruby 6 column"`` (the whole
    column), ``"a Ruby 6 and an Emerald 3"`` or ``"2 Ruby 6s"`` (two cards); ``""`` for no aim."""
    if not columns:
        return ""
    if len(columns) == 1:
        return f"the {columns[0]} column"
    if columns[0] == columns[1]:
        return count(2, columns[0])
    return names_list(article(c) for c in columns)


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
        what = f"protects the {e.column_name} column ({count(e.cards, 'card')}) in their Chest."
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
        return f"{self.names[e.player]} discards the {e.card.name} to hire a Helper{shuffled} and draws a Helper card."

    def kept_in_line(self, e: KeptInLine) -> str:
        return f"{self.names[e.player]} keeps the {e.card.name} in the line."

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
        return f"{self.names[e.player]} collects {cards_words(e.cards) if e.cards else 'nothing'}."

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
        what = f": {aim_words(e.column_names)}" if e.column_names else ""
        return (full_stop(f"{self.names[e.attacker]} attacks with {HELPERS[e.card].title}{what}")
                + f" {self.names[e.defender]} may defend.")

    def no_defense(self, e: NoDefense) -> str:
        return f"{self.names[e.player]} does not defend."

    def cancelled(self, e: Cancelled) -> str:
        return f"{self.names[e.player]} cancels the {HELPERS[e.attack].title} with Sem Chance!"

    def cadaver(self, e: Cadaver) -> str:
        who = self.names[e.player]
        steal = "" if e.stolen is None else f" and {who} steals {article(e.stolen.name)} from {self.names[e.attacker]}"
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
        return f"{self.names[e.thief]} takes the {e.card.name} from the line."

    def turn_cut(self, e: TurnCut) -> str:
        return "The turn ends at once."

    def drew_for_help(self, e: DrewForHelp) -> str:
        return f"{self.names[e.thief]} draws {names_list(card.mention for card in e.cards)}."

    def kept(self, e: Kept) -> str:
        if e.placed is None:
            return f"{self.names[e.thief]} keeps the {e.card.name}."
        return f"{self.names[e.thief]} keeps the {e.card.name} and puts the {e.placed.name} at the end of the line."

    def put_in_line(self, e: PutInLine) -> str:
        return f"{self.names[e.thief]} puts the {e.card.name} at the end of the line."

    def stole(self, e: Stole) -> str:
        return f"{self.names[e.thief]} steals {cards_words(e.cards)} from {self.names[e.victim]}."
