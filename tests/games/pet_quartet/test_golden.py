"""Golden playthroughs: seeded random games written out as text and diffed.

A change to the rules, the narration or the deal shows up here as a diff.
To accept a deliberate change, run with ``GOLDEN_UPDATE=1`` and read the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import explorer

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = [
    ("pet-quartet-4p-standard", 4, 7, {}),
    ("pet-quartet-3p-maestro-advanced", 3, 11, {"variant": "maestro", "scoring": "advanced"}),
    ("pet-quartet-2p-duet", 2, 5, {"variant": "duet", "final_turns": "in-round"}),
]


def playthrough(players: int, seed: int, options: dict) -> str:
    state = explorer.new("pet-quartet", players=players, seed=seed, options=options)
    choose = random.Random(seed).choice
    while not state.is_over():
        state.play(choose(state.legal_moves()))
    lines = [f"{e.index + 1:>4}. {e.notation:<5} {e.text}  [{e.rule}]" for e in state.log]
    lines.append(state.text())
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
