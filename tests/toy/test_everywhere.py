"""The toy game through the generic paths that are not already walked for every registered game:
the command line (in this process, where the suite registered the toy), bots and simulation."""

from __future__ import annotations

import json

from explorer import bots, replay
from explorer.analysis import simulate
from explorer.cli import main

from . import G


def test_the_command_line_plays_replays_and_checks_it(tmp_path, capsys):
    record = tmp_path / "toy.json"
    assert main(["games"]) == 0 and "high-card" in capsys.readouterr().out
    assert main(["play", G, "--players", "3", "--seed", "4", "--option", "top=12", "--record", str(record)]) == 0
    assert "plays" in capsys.readouterr().out
    assert main(["replay", str(record)]) == 0
    assert "last card:" in capsys.readouterr().out  # the game's declared text table
    assert main(["check", str(record)]) == 0
    assert capsys.readouterr().out.startswith("ok: High Card, 3 players")
    assert replay(json.loads(record.read_text())).is_over()


def test_every_bot_plays_it_and_simulation_counts_it():
    for name in ("random", "greedy", "search"):
        state = bots.play_out(replay({"game": G, "players": 2, "seed": 1, "moves": []}),
                              [bots.make(name, 1), bots.make("random", 2)])
        assert state.is_over()
    frame = simulate(G, ["search", "greedy", "random"], games=6, seed=2, rotate=True)
    assert len(frame) == 6 and frame["length"].min() > 0 and frame["winners"].map(len).min() >= 1
