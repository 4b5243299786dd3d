"""Golden playthroughs: seeded games written out as text and compared with tests/golden/quartex-*.txt.

Regenerate after a deliberate change with ``GOLDEN_UPDATE=1 pytest tests/games/quartex/test_golden.py``
and read the diff before keeping it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import explorer
from explorer.games.quartex.render import table_text
from tests.support import covers

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
GAMES = {
    "quartex-3p-seed7": (3, 7, {}),
    "quartex-4p-seed3-frame8-opponents": (4, 3, {"frame": 8, "point_out": "opponents"}),
}


def playthrough(players: int, seed: int, options: dict) -> str:
    """The game played by a seeded random choice among the legal moves, narrated move by move."""
    state = explorer.new("quartex", players=players, seed=seed, options=options)
    choose = random.Random(seed).choice
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    lines = [f"Quartex, {players} players, seed {seed}, options: {shown}", "", table_text(state.view(None)), ""]
    while not state.is_over():
        entry = state.play(choose(state.legal_moves()))
        who = state.names[entry.player]
        lines.append(f"{entry.index + 1:>3}. {who}: {entry.notation}  {entry.text} [{entry.rule}]")
    lines += ["", table_text(state.view(None)), ""]
    for score in state.scores():
        parts = "; ".join(f"{label} = {points}" for label, points in score.parts)
        lines.append(f"{state.names[score.player]}: {score.total} ({parts})")
    result = state.result()
    lines.append(f"Winners: {', '.join(state.names[p] for p in result.winners)}"
                 + (f" ({result.tiebreak})" if result.tiebreak else ""))
    return "\n".join(lines) + "\n"


@covers("quartex/game-end", "quartex/scoring")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    text = playthrough(*GAMES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with GOLDEN_UPDATE=1 to write it"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from {path}; see the diff above"
