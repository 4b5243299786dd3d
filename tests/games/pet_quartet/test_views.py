"""Pet Quartet's view and what the scoring panel reads from it: the game's own points for a set."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.pet_quartet import Phase, points
from explorer.widgets.games.pet_quartet import collection_rows


@pytest.mark.parametrize("scoring", ["standard", "advanced"])
def test_the_points_of_each_set_add_up_to_the_score_the_game_keeps(scoring):
    state = explorer.new("pet-quartet", 4, seed=6, options={"scoring": scoring})
    rng = random.Random(6)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
        view = state.view(None)
        for p, collection in enumerate(view["collections"]):
            assert sum(points(n, count, scoring) for n, count in collection.items()) == view["scores"][p]
    totals = {row["player"]: row["points"] for row in collection_rows(view)
              if row["number"] == "total" and row["scoring"] == scoring}
    assert [totals[name] for name in view["names"]] == view["scores"]
    assert view["phase"] is Phase.OVER and view["phase"] == "over"


def test_a_soloist_and_a_quartet_score_by_the_scoring_chosen():
    assert [points(13, 1, s) for s in ("standard", "advanced")] == [1, 13]
    assert [points(3, 4, s) for s in ("standard", "advanced")] == [1, 4]
    assert points(7, 2, "advanced") == points(7, 3, "standard") == 0
