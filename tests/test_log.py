"""The log's entries: fields by name, narration written out when read, equal however it was kept."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import explorer
from explorer import Entry
from explorer.games.pet_quartet.events import Drew, GameEnded, RoundEnded, Took


def test_entry_fields_and_deferred_narration():
    state = explorer.new("pet-quartet", players=3, seed=1)
    entry = state.play("D")
    assert (entry.index, entry.player, str(entry.move), entry.rule) == (0, 0, "D", "pet-quartet/draw")
    assert entry.text == state.narrate() and entry.text.startswith("Ana draws a")
    assert str(state.drawn) in entry.text
    written = Entry(entry.index, entry.player, entry.move, entry.text, entry.rule)
    assert written == entry and hash(written) == hash(entry)  # a template and its sentence are the same entry
    assert Entry(0, 0, entry.move, "something else", entry.rule) != entry


def test_entries_survive_pickle_and_copy():
    state = explorer.new("pet-quartet", players=4, seed=2)
    for move in ("D", "P1", "T1"):
        state.play(move)
    for entry in state.log:
        for twin in (pickle.loads(pickle.dumps(entry)), copy.deepcopy(entry), copy.copy(entry)):
            assert twin == entry and twin.text == entry.text and type(twin) is Entry
    assert "takes Conductor 1" in repr(state.log[-1])


def test_a_move_cites_the_rules_of_its_consequences():
    """The take that ends a round cites the round's end; the last move of a game cites its end."""
    state = explorer.new("pet-quartet", players=2, seed=4)
    rounds = 1
    choose = random.Random(4).choice
    while not state.is_over():
        entry = state.play(choose(state.legal_moves()))
        assert entry.rules[0] == entry.rule and len(set(entry.rules)) == len(entry.rules)
        assert all(rule in state.game.rules for rule in entry.rules)
        if state.view()["round"] > rounds:
            rounds += 1
            assert "pet-quartet/round-end" in entry.rules and "ends" in entry.text
            assert RoundEnded(rounds - 1) in entry.events  # told by an event too, not only in words
    assert rounds > 1 and "pet-quartet/game-end" in entry.rules
    assert isinstance(entry.events[-1], GameEnded) and entry.events[-1].winners == state.result().winners


def test_events_are_what_the_narration_is_written_from():
    """A move's events are typed values; its text is the game's narration of them, and of nothing else."""
    state = explorer.new("pet-quartet", players=3, seed=1)
    entry = state.play("D")
    card = state.drawn
    assert entry.events == (Drew(0, card),) and entry.text == state.game.narrator(state.names)(entry.events)
    state.play("P1")
    entry = state.play("T1")
    assert entry.events == (Took(1, 0, (card,)),) and entry.text == f"Bo takes Conductor 1 ({card})."
    for twin in (pickle.loads(pickle.dumps(entry)), copy.deepcopy(entry)):
        assert twin.events == entry.events and twin.text == entry.text
    assert Entry(0, 0, "D", "Ana draws a 7.", "pet-quartet/draw").events == ()


@pytest.mark.parametrize("game", [g for g in explorer.games() if g.narrator is not None], ids=lambda g: g.name)
def test_every_move_of_a_narrated_game_tells_its_events(game):
    """Each entry's events are frozen values its narrator has a sentence for, and its text is their narration."""
    for seed in range(3):
        state = game.new(seed=seed)
        choose = random.Random(seed).choice
        narrate = game.narrator(state.names)
        while not state.is_over():
            entry = state.play(choose(state.legal_moves()))
            assert entry.events and all(type(e) in game.narrator.sentences for e in entry.events)
            assert all(dataclasses.is_dataclass(e) and type(e).__dataclass_params__.frozen for e in entry.events)
            assert entry.text == narrate(entry.events) and entry.text
