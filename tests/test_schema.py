"""The JSON Schema of records: shipped up to date, and passed by every record the explorer writes.

Records are written by ``State.to_record()`` (and :func:`explorer.dumps`),
by the command line's ``play --record``, and read back from share links; all
of them, for random games of every game at every stage, must pass the
shipped schema, checked by the ``jsonschema`` package.  And the schema must
refuse what the reader refuses on sight: an unknown field, a player count or
an option value the game does not allow.
"""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

import explorer
from explorer.cli import main
from explorer.core.links import from_query, to_query
from explorer.core.schema import SCHEMA_FILE, own_games, record_schema, schema_text, shipped_schema
from explorer.lessons.puzzles import SHIPPED as PUZZLES

from .test_docs import DOCS, fenced_blocks

#: The explorer's own games (the shipped schema's; the test suite's toy game is not among them).
GAMES = own_games()
SCHEMA = shipped_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def problems(record: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or 'record'}: {e.message}" for e in VALIDATOR.iter_errors(record)]


def random_game(game, seed: int) -> explorer.State:
    """A game of ``game`` with a random player count and random options, played at random for a while."""
    pick = random.Random(seed)
    players = pick.randint(game.min_players, game.max_players)
    for _ in range(50):  # some options go with some player counts only
        options = {name: pick.choice(option.choices) for name, option in game.options.items()}
        try:
            state = game.new(players, seed, options)
            break
        except explorer.OptionError:
            continue
    else:
        state = game.new(players, seed)
    for _ in range(pick.choice([0, 5, 40, 10_000])):
        if state.is_over():
            break
        state.play(pick.choice(state.legal_moves()))
    return state


def test_the_shipped_schema_is_a_valid_schema_made_from_the_games():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA == record_schema(GAMES), (
        f"{SCHEMA_FILE.name} is out of date: python -m explorer.core.schema > explorer/core/record.schema.json")
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(GAMES)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_records_of_random_games_and_their_share_links_pass(game):
    for seed in range(12):
        state = random_game(game, seed)
        for record in (state.to_record(), state.to_record(explicit=True), json.loads(explorer.dumps(state))):
            assert problems(record) == [], f"seed {seed}: {problems(record)[:3]}"
        linked, _ = from_query(to_query(state))
        assert problems(linked) == [], f"seed {seed}, from a share link: {problems(linked)[:3]}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_command_lines_records_pass(game, tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", game.name, "--seed", "3", "--quiet", "--record", str(path)]) == 0
    assert problems(json.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.json")), ids=lambda p: p.stem)
def test_the_shipped_puzzles_records_pass(path):
    records = json.loads(path.read_text(encoding="utf-8"))
    assert records and all(r.get("notes") for r in records)
    for i, record in enumerate(records):
        assert problems(record) == [], f"{path.name}[{i}]: {problems(record)[:3]}"


def test_the_records_pages_examples_that_replay_pass():
    blocks = [body for language, body in fenced_blocks((DOCS / "records.md").read_text(encoding="utf-8"))
              if language == "json"]
    replayed = 0
    for body in blocks:
        try:
            explorer.replay(body)
        except explorer.RecordError:
            continue
        replayed += 1
        assert problems(json.loads(body)) == []
    assert replayed >= 2


@pytest.mark.parametrize("change, where", [
    ({"colour": "red"}, "record"),
    ({"players": 7}, "players"),
    ({"options": {"scoring": "expert"}}, "options/scoring"),
    ({"options": {"speed": 2}}, "options"),
    ({"seed": -1}, "seed"),
    ({"moves": ["D", ""]}, "moves/1"),
    ({"names": ["Ana", "Ana", "Bo"]}, "names"),
    ({"game": "chess"}, "game"),
    ({"format": 2}, "format"),
    ({"notes": [{"at": 0, "question": "Which move?"}]}, "notes/0"),
    ({"notes": [{"comment": "no place"}]}, "notes/0"),
    ({"notes": [{"at": 0, "colour": "red"}]}, "notes/0"),
])
def test_the_schema_refuses_what_the_reader_refuses(change, where):
    record = explorer.new("pet-quartet", players=3, seed=1).to_record()
    assert problems(record) == []
    record.update(change)
    found = problems(record)
    assert found and found[0].startswith(f"{where}:"), found
    with pytest.raises(explorer.RecordError):
        explorer.replay(record)
