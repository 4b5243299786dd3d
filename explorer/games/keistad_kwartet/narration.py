"""Keistad Kwartet's moves in English, written from their events (:mod:`~explorer.games.keistad_kwartet.events`) alone.

>>> from .events import ASKED, DREW, TAKES_OVER
>>> KeistadKwartetNarrator(("Ana", "Bo"))((ASKED[0][1][9][0], DREW[0], TAKES_OVER[1]))
'Ana asks Bo for Quartet 3, card 2 — Bo does not have it. Ana draws a card from the pot. Bo takes over the turn.'
"""

from __future__ import annotations

from ...core.events import Moment, Narrator
from ...core.words import count, names_list, possessive
from .cards import BONUS_NAMES, cards_in, codes, describe
from .events import (
    Asked, AskedQuartet, Dealt, Drew, Feasted, GameEnded, GoesOn, LaidDown, Played, PotEmpty, Refilled, Shown,
    Stopped, Stormed, TakesOver, TookPot, TurnPasses, Walked, WentOut,
)

#: How the bonus cards' effects are described: they are the explorer's reading of the rules.
INTERPRETATION = "the explorer's interpretation"
DASH = "\u2014"


def card_numbers(cards: int) -> str:
    """``"card 1 and card 3"``: the cards of one quartet (a mask), by number."""
    return names_list([f"card {(c & 3) + 1}" for c in cards_in(cards)])


class KeistadKwartetNarrator(Narrator):
    """Keistad Kwartet's sentences: one for each kind of event (the deal says nothing of a move)."""

    __slots__ = ()
    sentences = {
        Dealt: None, Asked: "asked", AskedQuartet: "asked_quartet", Drew: "drew", PotEmpty: "pot_empty",
        GoesOn: "goes_on", TakesOver: "takes_over", TurnPasses: "turn_passes", LaidDown: "laid_down",
        Refilled: "refilled", WentOut: "went_out", TookPot: "took_pot", Stopped: "stopped", Played: "played",
        Stormed: "stormed", Feasted: "feasted", Walked: "walked", Shown: "shown", GameEnded: "game_ended",
    }
    moments = {LaidDown: Moment.SCORING, WentOut: Moment.OUT, GameEnded: Moment.GAME_END}

    def asked(self, e: Asked) -> str:
        a, b = self.names[e.asker], self.names[e.target]
        answer = "has it and hands it over" if e.hit else "does not have it"
        return f"{a} asks {b} for {describe(e.card)} {DASH} {b} {answer}."

    def asked_quartet(self, e: AskedQuartet) -> str:
        a, b = self.names[e.asker], self.names[e.target]
        answer = f"hands over {card_numbers(e.cards)}" if e.cards else "has none of it"
        return f"{a} asks {b} for Quartet {e.quartet + 1} {DASH} {b} {answer}."

    def drew(self, e: Drew) -> str:
        return f"{self.names[e.player]} draws a card from the pot."

    def pot_empty(self, e: PotEmpty) -> str:
        return "The pot is empty, so nothing is drawn."

    def goes_on(self, e: GoesOn) -> str:
        return f"{self.names[e.player]} {'asks again' if e.asking else 'goes on'}."

    def takes_over(self, e: TakesOver) -> str:
        return f"{self.names[e.player]} takes over the turn."

    def turn_passes(self, e: TurnPasses) -> str:
        return f"It is {possessive(self.names[e.player])} turn."

    def laid_down(self, e: LaidDown) -> str:
        return f"{self.names[e.player]} calls \u201ckwartet!\u201d and lays down Quartet {e.quartet + 1}."

    def refilled(self, e: Refilled) -> str:
        return f"{self.names[e.player]} has no cards left and draws one from the pot."

    def went_out(self, e: WentOut) -> str:
        return f"{self.names[e.player]} has no cards left and is out of the game."

    def took_pot(self, e: TookPot) -> str:
        return (f"{self.names[e.player]} is the only player left in the game and takes the rest of the pot "
                f"({count(e.cards, 'card')}).")

    def stopped(self, e: Stopped) -> str:
        me = self.names[e.player]
        return f"{me} stops asking. {self.names[e.next]}, on {possessive(me)} left, takes over the turn."

    def played(self, e: Played) -> str:
        return f"{self.names[e.player]} plays {BONUS_NAMES[e.card]} ({INTERPRETATION}):"

    def stormed(self, e: Stormed) -> str:
        return ("every hand and the pot are shuffled together and dealt out again, each player getting as many "
                "cards as they held.")

    def feasted(self, e: Feasted) -> str:
        parts = [f"{self.names[g]} brings {card_numbers(cards) if cards else 'nothing'}"
                 for g, cards in zip(e.guests, e.brought)]
        return f"everyone brings {self.names[e.host]} their cards of Quartet {e.quartet + 1}: {'; '.join(parts)}."

    def walked(self, e: Walked) -> str:
        looking = f"{self.names[e.walker]} walks round the table looking for {describe(e.card)}: "
        if e.holder is None:
            return looking + "nobody has it."
        misses = [f"{self.names[g]} does not have it" for g in e.asked[:-1]]
        return looking + "; ".join(misses + [f"{self.names[e.holder]} has it and hands it over."])

    def shown(self, e: Shown) -> str:
        return f"{self.names[e.player]} shows their hand to the table: {', '.join(codes(e.cards)) or 'no cards'}."

    def game_ended(self, e: GameEnded) -> str:
        if e.stalled is None:
            why = "All quartets are down: the game is over."
        else:
            why = (f"{e.stalled} moves in a row have drawn no card, laid down no quartet, played no bonus card and "
                   "put nobody out: the game ends here.")
        verb = "share the victory" if e.shared else "wins"
        return f"{why} {names_list(self.names[p] for p in e.winners)} {verb} with {count(e.quartets, 'quartet')}."
