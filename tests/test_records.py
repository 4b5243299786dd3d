"""Records and options: round trips, determinism, and careful reading of bad input."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

import explorer
from explorer import ExplorerError, OptionError, RecordError
from explorer.core import Option, parse_record
from .test_hostile import check_plays, check_refusal


def played(seed=3, moves=40, **kw):
    state = explorer.new("pet-quartet", players=kw.pop("players", 4), seed=seed, **kw)
    choose = random.Random(seed).choice
    for _ in range(moves):
        state.play(choose(state.legal_moves()))
    return state


def test_record_round_trip_and_determinism():
    state = played(options={"variant": "maestro"})
    record = json.loads(explorer.dumps(state))
    assert record["game"] == "pet-quartet" and record["format"] == 1 and len(record["moves"]) == 40
    again = explorer.replay(record)
    assert again == state and again.log == state.log
    # The same seed deals the same game; another seed another.
    assert explorer.new("pet-quartet", players=4, seed=3) == explorer.new("pet-quartet", players=4, seed=3)
    assert explorer.new("pet-quartet", players=4, seed=3) != explorer.new("pet-quartet", players=4, seed=4)


def test_explicit_setup_replays_without_the_seed():
    state = played(seed=9)
    record = state.to_record(explicit=True)
    record["seed"] = 12345  # the setup, not the seed, now fixes the deal
    again = explorer.replay(record)
    assert again.view() == state.view() and again.history == state.history


def test_replay_upto_and_undo_agree():
    state = played(moves=30)
    partial = explorer.replay(state.to_record(), upto=20)
    for _ in range(10):
        state.undo()
    assert partial == state


def test_names_are_kept():
    state = explorer.new("pet-quartet", players=2, seed=1, names=["Mia", "Noor"])
    state.play("D")
    assert state.log[0].text.startswith("Mia draws")
    assert explorer.replay(state.to_record()).names == ("Mia", "Noor")
    with pytest.raises(OptionError):
        explorer.new("pet-quartet", players=2, names=["Mia", "Mia"])


def test_option_parsing():
    option = Option("frame", 0, (0, 8, 9, 10), "a frame")
    assert option.parse("8") == 8 and option.parse(9) == 9
    flag = Option("bonus", False, (False, True), "bonus cards")
    assert flag.parse("yes") is True and flag.parse("off") is False
    with pytest.raises(OptionError, match="allowed: 0, 8, 9, 10"):
        option.parse("7")
    with pytest.raises(OptionError):
        explorer.new("pet-quartet", options=["scoring"])


def test_illegal_move_error_carries_reason_and_rule():
    state = explorer.new("pet-quartet", players=3, seed=1)
    with pytest.raises(explorer.IllegalMove) as caught:
        state.play("T1")
    assert isinstance(caught.value, ValueError)
    assert caught.value.rule == "pet-quartet/take-nonempty" and "no cards" in caught.value.reason
    with pytest.raises(explorer.InvalidMove):
        state.play("X9")
    with pytest.raises(explorer.IllegalMove):
        state.undo()  # nothing to take back


def test_records_are_bounded():
    huge = {"game": "pet-quartet", "players": 3, "seed": 1, "moves": ["D"] * 30_000}
    with pytest.raises(RecordError, match="more than"):
        parse_record(huge)
    with pytest.raises(RecordError, match="longer than"):
        parse_record("[" * 3_000_000)
    with pytest.raises(RecordError):
        parse_record("[" * 100_000)  # deeply nested JSON is refused, not a crash


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(
    st.sampled_from(["game", "format", "players", "names", "options", "seed", "setup", "moves", "x"]),
    json_values | st.sampled_from(["pet-quartet", 3, 0, ["D", "P1"], {"scoring": "advanced"}]),
))
def test_any_json_is_a_state_or_a_record_error(data):
    for given in (data, json.dumps(data)):  # as a dict, and as the JSON text an upload is
        try:
            state = explorer.replay(given)
        except RecordError as exc:
            check_refusal(exc)
            continue
        check_plays(state, random.Random(0), steps=5)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["D", "P1", "P2", "P3", "T1", "T2", "T3", "pass", "R5", "L7", "Z"]), max_size=30))
def test_any_move_list_replays_or_names_the_bad_move(moves):
    record = {"game": "pet-quartet", "players": 3, "seed": 2, "moves": moves}
    try:
        state = explorer.replay(record)
    except RecordError as exc:
        assert exc.field.startswith("moves[")
        index = int(exc.field[6:-1])
        prefix = explorer.replay({**record, "moves": moves[:index]})  # everything before it was fine
        with pytest.raises(ExplorerError):
            prefix.play(moves[index])
    else:
        assert state.history == tuple(state.game.parse_move(m) for m in moves)


def test_links_round_trip():
    from explorer.core.links import from_query, to_query

    state = played(seed=5, moves=25, options={"scoring": "advanced"}, names=["Mia", "Noor", "Li", "Sam"])
    query = to_query(state, at=12)
    assert "o.scoring=advanced" in query and "at=12" in query and "names=Mia~Noor~Li~Sam" in query
    record, at = from_query("?" + query)
    assert at == 12 and explorer.replay(record) == state
    assert explorer.replay(record, upto=at) == explorer.replay(state.to_record(), upto=12)
    hand_set = explorer.new("pet-quartet", players=3, setup={"deck": [5, 6, 7], "first_player": 1})
    hand_set.play("D")
    record, at = from_query(to_query(hand_set))
    assert at is None and explorer.replay(record) == hand_set


@pytest.mark.parametrize("name", [g.name for g in explorer.games()])
def test_links_reopen_every_game(name):
    """Every game's notations survive a link: dots, spaces, commas, plus signs and @ included."""
    from explorer.core.links import from_query, to_query

    game = explorer.game(name)
    state = game.new(game.max_players, 11)
    choose = random.Random(11).choice
    while not state.is_over() and state.ply < 120:
        state.play(choose(state.legal_moves()))
    record, at = from_query(to_query(state))
    assert at is None and explorer.replay(record) == state
    assert record["moves"] == [str(m) for m in state.history]


def test_link_names_may_hold_the_separator():
    from explorer.core.links import from_query, join, split, to_query

    names = ["Mr ~ Tilde", "50% off", "Dr. Who", "a&b=c"]
    assert split(join(names)) == names
    state = explorer.new("pet-quartet", players=4, seed=2, names=names)
    state.play("D")
    record, _ = from_query(to_query(state))
    assert explorer.replay(record).names == tuple(names)


@pytest.mark.parametrize("query,message", [
    ("players=3", "does not name a game"),
    ("game=chess", "no game called 'chess'"),
    ("game=pet-quartet&players=many", "'players' must be a whole number"),
    ("game=pet-quartet&players=" + "9" * 30, "'players' must be a whole number"),
    ("game=pet-quartet&seed=-1", "'seed' must be a whole number"),
    ("game=pet-quartet&seed=%D9%A3", "'seed' must be a whole number"),  # an Arabic-Indic digit
    ("game=pet-quartet&moves=D&at=5", "asks for move 5"),
    ("game=pet-quartet&evil=1", "unknown parameter"),
    ("game=pet-quartet&game=quartex", "more than once"),
    ("game=pet-quartet&setup=%7Bnot", "'setup' is not valid JSON"),
    ("game=pet-quartet&setup=" + "%5B" * 20_000, "'setup' is not valid JSON"),
    ("game=pet-quartet&setup=%5B1%5D", "'setup' must be an object"),
    ("game=pet-quartet&names=" + "x" * 50, "'names' must be a list of short names"),
    ("game=pet-quartet&moves=D~" + "x" * 70, "moves[1]"),
    ("game=pet-quartet&" + "&".join(f"o.x{i}=1" for i in range(300)), "too many parameters"),
    ("game=pet-quartet&moves=" + "D~" * 40_000, "longer than"),
])
def test_bad_links_are_explained(query, message):
    from explorer.core.links import from_query

    with pytest.raises(RecordError, match=re.escape(message)):
        from_query(query)
