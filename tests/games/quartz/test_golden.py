"""Golden playthroughs: seeded Quartz games written out as text and diffed.

A change to the rules, the narration, the deck or the greedy player shows up
here as a diff.  To accept a deliberate change, run with ``GOLDEN_UPDATE=1``
and read the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import explorer
from explorer.games.quartz.render import table_text
from explorer.games.quartz.strategy import greedy_move

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = [
    ("quartz-3p-greedy", 3, 5, {}, "greedy"),
    ("quartz-4p-random-options", 4, 8, {"attacks_per_window": "any", "beleza_timing": "any-end",
                                        "first_player": "random"}, "random"),
]


def playthrough(players: int, seed: int, options: dict, players_kind: str) -> tuple[str, explorer.State]:
    state = explorer.new("quartz", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over():
        if players_kind == "greedy":
            p = state.to_move
            move = greedy_move(state.determinize(p, rng.randrange(2**31)), p, rng)
        else:
            move = rng.choice(state.legal_moves())
        state.play(move)
    lines = [f"{e.index + 1:>4}. {state.names[e.player]:<3} {e.notation:<12} {e.text}  [{e.rule}]" for e in state.log]
    lines.append(table_text(state.view()))
    for score in state.scores():
        parts = ", ".join(f"{label} = {points}" for label, points in score.parts)
        lines.append(f"  {state.names[score.player]}: {parts} -> {score.total}")
    lines.append("record moves: " + " ".join(state.to_record()["moves"]))
    return "\n".join(lines) + "\n", state


@pytest.mark.parametrize("name,players,seed,options,kind", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name, players, seed, options, kind):
    text, state = playthrough(players, seed, options, kind)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run with GOLDEN_UPDATE=1 to write it"
    assert text == path.read_text(encoding="utf-8")
    again = explorer.replay(state.to_record())
    assert again == state and again.result() == state.result()
