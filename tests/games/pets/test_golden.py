"""Golden playthroughs of PETS: seeded games written out as text and diffed.

A change to the rules, the narration or the deal shows up here as a diff.
To accept a deliberate change, run with ``GOLDEN_UPDATE=1`` and read the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import explorer
from explorer.games.pets.render import table_text

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = [
    ("pets-3p-default", 3, 7, {}),
    ("pets-5p-random-first", 5, 12, {"first_player": "random", "row_limit": 10}),
]


def playthrough(players: int, seed: int, options: dict) -> str:
    state = explorer.new("pets", players=players, seed=seed, options=options)
    choose = random.Random(seed).choice
    lines = [table_text(state.view()), ""]
    while not state.is_over():
        state.play(choose(state.legal_moves()))
    lines += [f"{e.index + 1:>4}. {state.names[e.player]:<4} {e.notation:<10} {e.text}  [{e.rule}]" for e in state.log]
    lines += ["", table_text(state.view())]
    lines += [f"{state.names[s.player]}: {s.total} = " + " + ".join(f"{points} ({label})" for label, points in s.parts)
              for s in state.scores()]
    lines.append("record moves: " + " ".join(state.to_record()["moves"]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,players,seed,options", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name, players, seed, options):
    text = playthrough(players, seed, options)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run with GOLDEN_UPDATE=1 to write it"
    assert text == path.read_text(encoding="utf-8")
