"""The command line, good paths and bad: bad input is exit code 2 and one ``error:`` line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from explorer.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True, timeout=60)


def test_games_lists_games_and_options(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "pet-quartet" in out and "2-6 players" in out
    assert "--option scoring=standard|advanced" in out and "(default standard)" in out


def test_play_writes_a_record_that_replays(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "pet-quartet", "--players", "4", "--seed", "7", "--option", "scoring=advanced",
                 "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Ana draws" in out or "Bo draws" in out or "Cy draws" in out or "Dee draws" in out
    assert "Scores:" in out and ("wins" in out or "share" in out)
    data = json.loads(record.read_text())
    assert data["game"] == "pet-quartet" and data["options"]["scoring"] == "advanced" and data["seed"] == 7

    assert main(["replay", str(record), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "pet-quartet" and summary["players"] == 4 and summary["over"] is True
    assert len(summary["scores"]) == 4 and summary["winners"]

    assert main(["replay", str(record)]) == 0
    assert "Conductor 1" in capsys.readouterr().out
    assert main(["check", str(record)]) == 0
    assert capsys.readouterr().out.startswith("ok: Pet Quartet, 4 players")


BAD = [
    (["play", "chess"], "there is no game called 'chess'"),
    (["play", "pet-quartet", "--players", "9"], "for 2 to 6 players, not 9"),
    (["play", "pet-quartet", "--option", "scoring=huge"], "option 'scoring' cannot be 'huge'"),
    (["play", "pet-quartet", "--option", "colour=red"], "there is no option 'colour'"),
    (["play", "pet-quartet", "--option", "scoring"], "--option takes KEY=VALUE"),
    (["play", "pet-quartet", "--players", "3", "--option", "variant=duet"], "Duet variant is for 2 players"),
    (["play", "pet-quartet", "--seed", "-4"], "seed must be a whole number"),
    (["replay", "/nonexistent/game.json"], "there is no file"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a) or "nothing" for a, _ in BAD])
def test_bad_input_is_one_error_line(args, message, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], captured.err


BAD_RECORDS = [
    ("not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1}', "no 'moves' field"),
    ('{"game": "pet-quartet", "players": "3", "seed": 1, "moves": []}', "'players' must be a whole number"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": ["D", "Q9"]}', "moves[1]"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": ["T1"]}', "move 1 ('T1', moves[0])"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": [], "evil": "__import__(\'os\')"}',
     "unknown field 'evil'"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": [], "setup": {"deck": [99]}}', "setup.deck"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": [], "options": {"scoring": 5}}', "'options.scoring'"),
    ('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": [], "format": 9}', "format"),
]


@pytest.mark.parametrize("text,message", BAD_RECORDS, ids=[m for _, m in BAD_RECORDS])
def test_bad_records_are_named(text, message, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(text)
    for command in ("check", "replay"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("error: ") and message in err and "\n" not in err, err


def test_real_process_has_no_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "pet-quartet", "players": 3, "seed": 1, "moves": ["D", "P9"]}')
    proc = run("check", str(path))
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    proc = run("games")
    assert proc.returncode == 0 and "pet-quartet" in proc.stdout


def one_error_line(args: list[str], capsys) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) <= 310, captured.err
    assert "\x1b" not in captured.err and "Traceback" not in captured.err
    return lines[0]


def test_bad_paths_and_special_files_are_one_error_line(tmp_path, capsys):
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody writes to it: read as empty, not waited on
    for path, message in [
        (str(tmp_path), "is a folder"),
        (str(tmp_path / "missing" / "game.json"), "there is no file"),
        ("/proc/version", "not valid JSON"),
        ("/dev/zero", "larger than 2,000,000 bytes"),  # stat says 0 bytes: the read itself is bounded
        (str(fifo), "not valid JSON"),
        (str(tmp_path / "\x1b[2Jgame.json"), "\\x1b[2J"),  # escaped, however long the folder's name
    ]:
        for command in ("check", "replay"):
            assert message in one_error_line([command, path], capsys)
    for path, message in [
        (str(tmp_path), "it is a folder"),
        (str(tmp_path / "missing" / "game.json"), "its folder does not exist"),
        ("/proc/version", "cannot write the record to '/proc/version'"),
    ]:
        assert message in one_error_line(["play", "pet-quartet", "--quiet", "--record", path], capsys)


def test_bad_text_is_one_short_escaped_error_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    for text, message in [
        ('{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "%s": 1}' % ("k" * 1_500_000),
         "unknown field 'kkkk"),
        ('{"game": "pet-quartet", "players": 2, "seed": 1%s, "moves": []}' % ("0" * 5000), "5001 digits"),
        ('{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "names": ["\\u001b[2J", "Bo"]}', "U+001B"),
        ('{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "names": ["\\ud800", "Bo"]}', "surrogate"),
        ('{"game": "pet-quartet", "players": 2, "seed": 1, "moves": [], "format": 1.0}', "'format' is 1.0"),
        ('{"game": "pet-quartet", "players": 2, "seed": 1, "seed": 2, "moves": []}', "key 'seed' twice"),
    ]:
        path.write_text(text)
        assert message in one_error_line(["check", str(path)], capsys)
    path.write_bytes(b"\xff\xfe{}")
    assert "not UTF-8" in one_error_line(["replay", str(path)], capsys)
    assert "a number of 40 digits" in one_error_line(["play", "pet-quartet", "--seed", "9" * 40], capsys)
    assert len(one_error_line(["play", "pet-quartet", "--players", "9" * 5000], capsys)) <= 310


def test_the_same_seed_plays_the_same_game_in_any_process(tmp_path):
    """Separate processes under different hash seeds: the same record, the same output, for every game."""
    import os

    import explorer

    for game in [g.name for g in explorer.games() if type(g).__module__.startswith("explorer.")]:
        outputs = set()
        for hash_seed in ("0", "1", "4242"):
            record = tmp_path / f"{game}-{hash_seed}.json"
            env = {**os.environ, "PYTHONHASHSEED": hash_seed}
            played = subprocess.run([sys.executable, "-m", "explorer", "play", game, "--seed", "5",
                                     "--record", str(record)], capture_output=True, text=True, timeout=120, env=env)
            assert played.returncode == 0, played.stderr
            replayed = subprocess.run([sys.executable, "-m", "explorer", "replay", str(record), "--json"],
                                      capture_output=True, text=True, timeout=120, env=env)
            outputs.add((played.stdout.replace(str(record), "FILE"), record.read_text(), replayed.stdout))
        assert len(outputs) == 1, f"{game} plays differently under another hash seed"
