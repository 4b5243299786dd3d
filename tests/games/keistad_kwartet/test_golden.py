"""Golden playthroughs of Keistad Kwartet: seeded games written out as text and diffed.

One game between greedy players, one with the bonus cards between players
choosing at random (so every kind of move shows up).  A change to the rules,
the narration or the deal shows up here as a diff.  To accept a deliberate
change, run with ``GOLDEN_UPDATE=1`` and read the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import explorer
from explorer.games.keistad_kwartet.render import table_text
from explorer.games.keistad_kwartet.strategy import greedy_move

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CASES = [
    ("keistad-kwartet-4p-greedy", 4, 7, {}, "greedy"),
    ("keistad-kwartet-3p-bonus-random", 3, 11, {"bonus_cards": True}, "random"),
]


def playthrough(players: int, seed: int, options: dict, players_are: str) -> str:
    state = explorer.new("keistad-kwartet", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    lines = [table_text(state.view()), ""]
    if state.opening:
        lines += [state.opening, ""]
    while not state.is_over():
        me = state.to_move
        if players_are == "greedy":
            state.play(greedy_move(state.determinize(me, seed=state.ply), me, rng))
        else:
            state.play(rng.choice(state.legal_moves()))
    lines += [f"{e.index + 1:>4}. {state.names[e.player]:<4} {e.notation:<7} {e.text}  [{e.rule}]" for e in state.log]
    lines += ["", table_text(state.view())]
    lines += [f"{state.names[s.player]}: {s.total} = " + (" + ".join(label for label, _ in s.parts) or "nothing")
              for s in state.scores()]
    result = state.result()
    lines.append("winners: " + " and ".join(state.names[p] for p in result.winners)
                 + (f" ({result.tiebreak})" if result.tiebreak else ""))
    lines.append("record moves: " + " ".join(state.to_record()["moves"]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,players,seed,options,players_are", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name, players, seed, options, players_are):
    text = playthrough(players, seed, options, players_are)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run with GOLDEN_UPDATE=1 to write it"
    assert text == path.read_text(encoding="utf-8")
