"""Quartz's deck as data: the shipped reconstruction, a deck of one's own, and the checks on both."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import explorer
from explorer import RecordError
from explorer.games.quartz import deck_from_data, read_deck_file, reconstruction
from explorer.games.quartz.deckstats import accident_curve, simulate
from tests.support import covers

G = "quartz"
DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "quartz.md"


def data():
    return copy.deepcopy(dict(reconstruction().data))


@covers(f"{G}/deck")
def test_the_reconstruction_keeps_the_known_facts():
    deck = reconstruction()
    values = {k.crystal: k.value for k in deck.kinds.values()}
    assert values == {"Quartz": 1, "Amethyst": 2, "Emerald": 3, "Sapphire": 4, "Ruby": 6, "Amber": 8}
    copies = {}
    for code, n in deck.counts.items():
        copies[deck.kinds[code].crystal] = copies.get(deck.kinds[code].crystal, 0) + n
    assert min(copies, key=copies.get) == "Amber"  # Amber is the rarest
    assert all(n >= 4 for n in copies.values())  # every crystal can make a set of 4
    per_position = [sum(n for c, n in deck.counts.items() if p in deck.kinds[c].unstable) for p in range(1, 7)]
    assert max(per_position) - min(per_position) <= 2  # the six positions are about equally dangerous
    assert deck.values == (1, 2, 3, 4, 6, 8)


@covers(f"{G}/deck")
def test_accidents_are_neither_rare_nor_constant_and_the_docs_give_the_figure():
    curve = accident_curve()
    past_four = curve[4]  # a turn that reveals a fifth card
    assert 0.20 <= past_four <= 0.60
    assert curve == sorted(curve) and curve[0] == 0.0
    assert f"{past_four:.1%}" in DOC.read_text(encoding="utf-8")
    accidents, turns = simulate(games=6, seed=1)
    assert 0.20 <= accidents / turns <= 0.60


@pytest.mark.parametrize("change,field,words", [
    (lambda d: d["mine"].pop(), "deck.mine", "holds 71 Mine cards, but Quartz has 72"),
    (lambda d: d["mine"][3].update(value=0), "deck.mine[3].value", "whole number from 1 to 99"),
    (lambda d: d["mine"][2].update(unstable=[1, 7]), "deck.mine[2].unstable", "from 1 to 6"),
    (lambda d: d["mine"][2].update(unstable=[2, 2]), "deck.mine[2].unstable", "different positions"),
    (lambda d: d["mine"][5].update(crystal="Opal"), "deck.mine[5].crystal", "'Opal', which is not one"),
    (lambda d: d["mine"][1].update(helper="yes"), "deck.mine[1].helper", "true or false"),
    (lambda d: d["mine"][1].update(colour="red"), "deck.mine[1].colour", "unknown field 'colour'"),
    (lambda d: d["mine"].append(dict(d["mine"][0], count=1)), "deck.mine[42]", "same card as mine[0]"),
    (lambda d: d["helpers"].update(beleza=5), "deck.helpers", "adds up to 39 Helper cards"),
    (lambda d: d["helpers"].pop("saifora"), "deck.helpers.saifora", "how many Sai Fora! cards"),
    (lambda d: d["helpers"].update(joker=0), "deck.helpers.joker", "not a Helper card"),
    (lambda d: d["crystals"].update(Ruby="Q"), "deck.crystals.Ruby", "reuses the letter 'Q'"),
    (lambda d: d.update(cards=[]), "deck.cards", "unknown field 'cards'"),
])
def test_a_bad_deck_is_refused_in_one_sentence_naming_the_entry(change, field, words):
    bad = data()
    change(bad)
    with pytest.raises(RecordError) as caught:
        deck_from_data(bad)
    message = str(caught.value)
    assert caught.value.field == field and words in message, message
    assert message.endswith(".") and message.count(". ") == 0


@covers(f"{G}/deck")
def test_a_deck_file_in_toml_or_json_is_read_checked_and_played(tmp_path):
    mine = data()
    mine["label"] = "my copy of the game"
    (tmp_path / "mine.json").write_text(json.dumps(mine), encoding="utf-8")
    loaded = read_deck_file(tmp_path / "mine.json")
    state = explorer.new(G, 2, seed=3, setup={"deck": loaded})
    assert state.view(0)["deck"] == {"name": mine["name"], "label": "my copy of the game", "custom": True}
    toml = Path(explorer.games.quartz.__file__).with_name("deck.toml")
    assert read_deck_file(toml) == dict(reconstruction().data)
    (tmp_path / "broken.toml").write_text("crystals = [", encoding="utf-8")
    with pytest.raises(RecordError):
        read_deck_file(tmp_path / "broken.toml")
    mine["mine"][0]["count"] = 0
    with pytest.raises(RecordError) as caught:
        explorer.new(G, 2, setup={"deck": mine})
    assert caught.value.field == "setup.deck.mine[0].count"


def test_the_deck_file_states_that_it_is_a_reconstruction_and_why():
    text = Path(explorer.games.quartz.__file__).with_name("deck.toml").read_text(encoding="utf-8")
    assert 'label = "reconstruction"' in text and "THIS IS A RECONSTRUCTION" in text
    for fact in ("Quartz 1, Amethyst 2, Emerald 3", "Hire a Helper", "Unstable Crystals", "Helper cards (38)"):
        assert fact in text
