"""What each player sees: shields are secret, the bag's order is nobody's, everything else is open."""

from __future__ import annotations

import json
import random

import explorer
from tests.support import covers

from .helpers import G, new

LONE = ["1a0@0,0"]


def played(players=3, seed=5, moves=20, options=None):
    state = explorer.new(G, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    return state


@covers("quartex/deal")
def test_a_player_sees_their_own_tiles_and_only_the_count_of_others():
    state = played()
    for p in range(3):
        view = state.view(p)
        json.dumps(view)
        for q, shield in enumerate(view["shields"]):
            assert shield["count"] == len(state.hands[q])
            assert shield["tiles"] == (state.hands[q] if q == p else [])
    assert [s["tiles"] for s in state.view(None)["shields"]] == state.hands


def test_the_view_holds_the_board_as_data():
    state = played(moves=30)
    view = state.view(0)
    assert len(view["board"]) == len(state.order)
    for cell in view["board"]:
        assert set(cell) == {"cell", "tile", "orientation", "corners", "by"}
        assert explorer.game(G).parse_move(f"{''.join(cell['corners'])}@{cell['cell'][0]},{cell['cell'][1]}") \
            == explorer.game(G).parse_move(f"{cell['tile']}{cell['orientation']}@{cell['cell'][0]},{cell['cell'][1]}")
    assert view["last"] == view["board"][-1]["cell"]
    assert set(view["stock"]) == {"purple", "blue", "red", "yellow"}
    assert view["frame"] is None and view["eliminated"] == [False] * 3


def test_determinize_deals_the_unseen_tiles_anew():
    state = played(players=4, moves=12)
    for p in range(4):
        twins = [state.determinize(p, seed) for seed in range(6)]
        for twin in twins:
            assert twin.view(p) == state.view(p)
            assert twin.hands[p] == state.hands[p]
            assert twin.inventory() == state.inventory()
            assert all(len(twin.hands[q]) == len(state.hands[q]) for q in range(4))
        others = {tuple(tuple(twin.hands[q]) for q in range(4) if q != p) + (tuple(twin.bag),) for twin in twins}
        assert len(others) > 1
    assert state.view(0) == played(players=4, moves=12).view(0)  # determinizing left the state alone


@covers("quartex/cannot-place", "quartex/point-out")
def test_tiles_shown_stay_known_to_everyone():
    state = new(players=3, board=LONE, hands=[[2, 11, 12, 13, 14], [15], [16]], bag=[40, 41],
                options={"point_out": "opponents"})
    state.play("show")
    for p in (1, 2):
        assert state.view(p)["shields"][0]["tiles"] == [2, 11, 12, 13, 14]
        for seed in range(4):
            twin = state.determinize(p, seed)
            assert twin.hands[0] == [2, 11, 12, 13, 14]  # nothing of Ana's is hidden any more
            assert twin.view(p) == state.view(p)
            assert [str(m) for m in twin.legal_moves()] == [str(m) for m in state.legal_moves()]
    state.play("2a3@1,0")  # Bo points it out
    assert state.view(2)["shields"][0]["tiles"] == [11, 12, 13, 14]  # still known; the tile she drew is not
    assert state.view(2)["shields"][0]["count"] == 5


def test_placements_for_a_tile_in_hand():
    state = new(board=LONE, hands=[[2, 11], [3]], bag=[40])
    fits = state.placements_for(2)
    assert {m.cell for m in fits} == {(1, 0), (-1, 0), (0, 1), (0, -1)} and len(fits) == 8
    assert all(state.is_legal(m) for m in fits)
    assert state.placements_for(11) == []
    assert [m for m in state.legal_moves()] == fits
