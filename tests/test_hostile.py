"""Hostile input for every game: whatever a record or its setup holds, a record error or a game that plays.

Setups are made by damaging a real one (fields dropped, emptied, cut short,
doubled, swapped for values of the wrong kind, their items replaced), and
JSON texts by writing in what no reader should take: numbers past Python's
conversion limit, deep nesting, lone surrogates, a key given twice,
``format: 1.0``.  Each is either refused with a :class:`RecordError` (one
short line, its field named) or gives a game that is over or has a legal
move, every legal move of which plays, and so on for a few random moves.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import explorer
from explorer import ExplorerError, RecordError

from .support import all_configs

GAMES = [g.name for g in explorer.games()]
#: The project's own games (the tests' toy game checks neither seats nor hostile setups).
OWN_GAMES = [g.name for g in explorer.games() if type(g).__module__.startswith("explorer.")]
CONFIGS = [config for config in all_configs() if config[0] in OWN_GAMES]
#: Extra fields a setup of each game may hold, beside those an explicit setup writes.
EXTRA = {
    "pet-quartet": {"collections": [[3, 4], [5]]},
    "pets": {},
    "quartz": {"collections": [["Q1"], []], "chests": [["A2"], []]},
    "quartex": {"board": ["12a1@0,0"], "tokens": [{"purple": 1}, {}]},
    "keistad-kwartet": {"quartets": [[1], [2]], "removed": ["BS"]},
}
MAX_ERROR_CHARS = 400

hostile = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(min_value=2**63), st.floats(allow_nan=False),
    st.text(max_size=6), st.sampled_from(["", "D", "3.2", "Q1", "posso", "\ud800", "\x1b[2J", "x" * 500]),
    st.lists(st.integers(-1, 60), max_size=4), st.just([[], None]), st.just({}), st.just([[]]), st.just([{}]),
)


@st.composite
def damaged(draw, value):
    """``value`` (a real setup's field) damaged in one of the ways a careless or hostile hand would."""
    how = draw(st.sampled_from(["keep", "replace", "empty", "cut", "double", "item", "items", "shuffle", "nest"]))
    if how == "keep":
        return value
    if how == "replace" or not isinstance(value, list):
        return draw(hostile)
    if how == "empty":
        return []
    if how == "cut":
        return value[: draw(st.integers(0, max(0, len(value) - 1)))]
    if how == "double":
        return value + value[:3]
    if how == "shuffle":
        return draw(st.permutations(value))
    if how == "nest":
        return [value]
    if not value:
        return [draw(hostile)]
    i = draw(st.integers(0, len(value) - 1))
    item = draw(damaged(value[i])) if how == "items" else draw(hostile)
    return value[:i] + [item] + value[i + 1:]


def played(name: str, players: int, options: dict, seed: int, moves: int) -> explorer.State:
    """A match of random moves (as many as ``moves``, or to its end), the moves drawn from ``seed``."""
    state = explorer.game(name).new(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over() and state.ply < moves:
        state.play(rng.choice(state.legal_moves()))
    return state


@st.composite
def hostile_records(draw, part_way=False):
    name, players, options = draw(st.sampled_from(CONFIGS))
    seed = draw(st.integers(0, 50))
    if part_way:  # a position some way into a game, as the explorer writes it out
        setup = played(name, players, options, seed, draw(st.integers(0, 150))).as_setup()
    else:
        setup = explorer.game(name).new(players, seed, options).setup()
    for field, value in EXTRA.get(name, {}).items():
        if draw(st.booleans()):
            setup[field] = value
    damaged_setup = {}
    for field, value in setup.items():
        fate = draw(st.integers(0, 7))
        if fate == 0:
            continue  # the field left out
        damaged_setup[field] = draw(damaged(value)) if fate < 4 else value
    if draw(st.integers(0, 9)) == 0:
        damaged_setup[draw(st.sampled_from(["x", "deck", "hands", "pot", "bag"]))] = draw(hostile)
    return {"game": name, "players": players, "seed": seed, "options": options, "setup": damaged_setup, "moves": []}


def check_plays(state: explorer.State, rng: random.Random, steps: int = 60) -> None:
    """Over or a legal move; every legal move plays; and so on for a few random moves."""
    for _ in range(steps):
        if state.is_over():
            assert state.result() is not None and state.legal_moves() == []
            return
        legal = state.legal_moves()
        assert legal, f"a game that is not over has no legal move: {state.to_record(explicit=True)}"
        for move in legal[:40]:
            assert state.why_illegal(move) is None
            state.copy().play(move)
        state.play(rng.choice(legal))
        state.view(state.to_move if state.to_move is not None else None)


def check_refusal(exc: RecordError) -> None:
    text = str(exc)
    assert text and "\n" not in text and len(text) <= MAX_ERROR_CHARS, text
    assert "\x1b" not in text and "\ud800" not in text


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_records(), st.integers(0, 9))
def test_a_hostile_setup_is_refused_or_plays(record, seed):
    check_refused_or_plays(record, seed)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_records(part_way=True), st.integers(0, 9))
def test_a_hostile_position_part_way_is_refused_or_plays(record, seed):
    check_refused_or_plays(record, seed)


def check_refused_or_plays(record: dict, seed: int) -> None:
    try:
        state = explorer.replay(record)
    except RecordError as exc:
        check_refusal(exc)
        assert exc.field, f"{exc} names no field"
        return
    check_plays(state, random.Random(seed))
    again = explorer.replay(state.to_record(explicit=True))
    assert again.view() == state.view()


TEXTS = [
    '{"game": "pet-quartet", "players": 2, "seed": 1%s, "moves": []}' % ("0" * 5000),
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "setup": {"deck": [1%s]}}' % ("0" * 4400),
    '{"game": "pet-quartet", "players": 2, "seed": 1, "seed": 2, "moves": []}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "format": 1.0}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "format": true}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "names": ["\\ud800", "Bo"]}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "names": ["\\u001b[31mAna", "Bo"]}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "names": ["\\ufeff", "Bo"]}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "setup": %s1%s}' % ("[" * 500, "]" * 500),
    '{"game": "pet-quartet", "players": 2, "seed": NaN, "moves": []}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": ["\\ud800"]}',
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "%s": 1}' % ("k" * 100_000),
    '{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "options": {"scoring": "%s"}}' % ("s" * 100_000),
    '{"game": "%s", "players": 2, "seed": 1, "moves": []}' % ("\\u001b" * 1000),
]


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_hostile_json_text_is_refused_in_one_short_line(text):
    with pytest.raises(RecordError) as caught:
        explorer.replay(text)
    check_refusal(caught.value)


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.integers(min_value=10**30),
                      st.floats(), st.text(max_size=5))
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GAMES), st.dictionaries(
    st.sampled_from(["game", "format", "players", "names", "options", "seed", "setup", "moves"]), json_value),
    st.booleans())
def test_any_json_text_is_a_record_error_or_a_game_that_plays(name, fields, as_text):
    data = {"game": name, "players": 2, "seed": 1, "moves": [], **fields}
    try:
        state = explorer.replay(json.dumps(data) if as_text else data)
    except RecordError as exc:
        check_refusal(exc)
        return
    check_plays(state, random.Random(1), steps=3)


@pytest.mark.parametrize("call", [
    lambda s: s.html(99), lambda s: s.view(-1), lambda s: s.view("0"), lambda s: s.determinize(9, 1),
    lambda s: s.determinize(None, 1), lambda s: explorer.replay(s.to_record(), upto="2"),
    lambda s: explorer.replay(s.to_record(), upto=-1), lambda s: explorer.replay(s.to_record(), upto=99),
], ids=["html(99)", "view(-1)", "view('0')", "determinize(9)", "determinize(None)", "upto='2'", "upto=-1",
        "upto=99"])
@pytest.mark.parametrize("name", OWN_GAMES)
def test_bad_arguments_raise_the_projects_errors(name, call):
    state = explorer.new(name, seed=2)
    state.play(state.legal_moves()[0])
    with pytest.raises(ExplorerError) as caught:
        call(state)
    assert len(str(caught.value)) <= MAX_ERROR_CHARS


@pytest.mark.parametrize("names,field", [
    (["x" * 41, "Bo"], "names"), (["\ufeff", "Bo"], "names"), (["\ud800", "Bo"], "names"),
    (["Ana\x1b[31m", "Bo"], "names"), (["Ana", "Ana"], "names"), (["Ana"], "names"), ([1, 2], "names"),
    (["\u202eAna", "Bo"], "names"),
])
def test_new_matches_and_records_accept_the_same_names(names, field):
    with pytest.raises(ExplorerError) as new:
        explorer.new("pet-quartet", players=2, names=names)
    with pytest.raises(RecordError) as record:
        explorer.replay({"game": "pet-quartet", "players": 2, "seed": 1, "names": names, "moves": []})
    assert new.value.field == field and record.value.field.startswith(field)
    for good in (["Ana", "Bo"], ["Zoë 👩‍👩‍👧", "李"], [" Ana ", "x" * 40]):
        assert explorer.new("pet-quartet", players=2, names=good).names == tuple(good)
        assert explorer.replay({"game": "pet-quartet", "players": 2, "seed": 1, "names": good, "moves": []}).names \
            == tuple(good)


@pytest.mark.parametrize("record,field", [
    ({"players": 3, "options": {"variant": "duet"}}, "options.variant"),
    ({"players": 9}, "players"),
    ({"seed": -1}, "seed"),
    ({"options": {"scoring": "huge"}}, "options.scoring"),
    ({"names": ["Ana"]}, "names"),
    ({"names": "Ana"}, "names"),
])
def test_errors_name_their_field(record, field):
    with pytest.raises(RecordError) as caught:
        explorer.replay({"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], **record})
    assert caught.value.field == field, caught.value
