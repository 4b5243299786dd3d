"""Quartz's moves tell what they did as typed events, cite the rules of what they set off, and are narrated
from those events alone."""

from __future__ import annotations

from explorer.core.events import Moment
from explorer.games.quartz.events import (
    Accident, Cause, Collected, Continued, Declined, GameEnded, Hired, LastCard, Protected, Revealed, Stole,
)
from explorer.games.quartz.deck import reconstruction
from explorer.games.quartz.narration import QuartzNarrator

from .tables import G, play, table


def test_an_accident_is_one_event_that_names_its_cause_and_cites_its_rules():
    state = play(table(mine=["Q1u1", "E3u4", "R6u14", "S4"]), "explore, continue")
    entry = state.play("continue")
    kind = state.deck.kinds["R6u14"]
    assert entry.events == (Continued(0), Revealed(0, kind), Accident(Cause.UNSTABLE, 3, (1, 4)))
    assert entry.rules == (f"{G}/continue", f"{G}/unstable", f"{G}/accident")
    assert entry.text == ('"To work!": Ana reveals a Ruby 6 (unstable at 1 and 4). A second Unstable Crystal at '
                          "positions 1 and 4: accident! The line (3 Mine cards) is discarded.")


def test_a_presentinho_accident_cites_the_presentinho():
    state = play(table(mine=["Q1", "A2u1", "S4"], hands=[[], ["presente"]]), "explore, presente, pass")
    entry = state.play("continue")
    assert entry.events[-1] == Accident(Cause.PRESENTINHO, 2)
    assert f"{G}/presentinho" in entry.rules and f"{G}/accident" in entry.rules
    assert "meets Um Presentinho Para Você...: accident! The line (2 Mine cards) is discarded." in entry.text


def test_a_reshuffle_for_a_hire_is_cited_and_told():
    state = play(table(mine=["Q1", "Q1h", "A2"], hands=[["semchance"], ["passa"]]),
                 "explore, pass, passa, semchance, continue")
    entry = state.play("hire")
    assert entry.events[0] == Hired(0, state.deck.kinds["Q1h"], reshuffled=True)
    assert entry.rules[:2] == (f"{G}/hire", f"{G}/helper-refill")


def test_the_last_card_cites_its_rule_and_the_end_of_the_game():
    state = play(table(mine=["Q1", "A2"], collections=[[], ["S4"]]), "explore")
    entry = state.play("continue")
    kinds = state.deck.kinds
    assert entry.events[-3:] == (LastCard(), Collected(0, (kinds["Q1"], kinds["A2"])), GameEnded((1,), False))
    assert entry.rules == (f"{G}/continue", f"{G}/last-card", f"{G}/game-end")
    assert entry.text.endswith("That was the last Mine card. Ana collects a Quartz 1 and an Amethyst 2. The Mine deck is used up: the "
                               "game is over; Bo wins.")


def test_a_theft_names_who_was_robbed():
    state = play(table(mine=["Q1", "A2", "S4"], hands=[[], ["isso"]], collections=[["R6u1", "E3"], []]),
                 "explore, isso R6+E3")
    entry = state.play("pass")
    kinds = state.deck.kinds
    assert Stole(1, 0, (kinds["E3"], kinds["R6u1"])) in entry.events
    assert entry.text.endswith("Bo steals an Emerald 3 and a Ruby 6 from Ana. Ana reveals a Quartz 1.")


def test_the_narrator_names_the_moments_a_summary_calls_out():
    say = QuartzNarrator(("Ana", "Bo"))
    assert say.moments_of((Declined(1),)) == []
    assert say.moments_of((Accident(Cause.TWO_PRESENTINHOS, 0),)) == [Moment.ACCIDENT]
    assert say.moments_of((Collected(0, ()),)) == []  # an empty line banks nothing
    q1 = reconstruction().kinds["Q1"]
    assert say.moments_of((GameEnded((0,), False), Collected(0, (q1,)))) == [Moment.SCORING, Moment.GAME_END]
    assert say((Protected(1, "R6", "Ruby 6", 1, beleza=True, discarded=2),)) == (
        "Bo plays Mas Que Beleza! and protects the Ruby 6 column (1 card) in their Chest. The 2 Presentinhos sent back "
        "to them are discarded.")
