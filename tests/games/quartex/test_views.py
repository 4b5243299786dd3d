"""What each player sees: shields are secret, the bag's order is nobody's, everything else is open.

Then the explorer's views of it: the chooser that lets a person place a tile
by clicking the table (offered only where that person sees the hand), and
the data of the scoring panel (a token's worth, the score by colour).
"""

from __future__ import annotations

import json
import random
import re

import pytest

import explorer
from explorer.games.quartex import Place
from explorer.games.quartex.render import table_html
from explorer.widgets import Explorer
from explorer.widgets.charts import rows_of
from explorer.widgets.games import quartex as views
from explorer.widgets.timeline import Timeline
from tests.support import covers

from .helpers import G, new, placements, tile_of

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


# -- the explorer's views: the chooser behind the clickable table, and the scoring panel's data -----------

THREE = "BBRY\nPPBR\nBRYY\nYBBB"  # the space 1,1 is the fourth tile at three points: purple, blue, red
STUCK = list(range(11, 56))  # none of these fits beside tile 1 alone


def three_shapes():
    *board, last = placements(THREE, [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (1, 1)])
    return new(board=board, hands=[[tile_of(last), 3], [2]], bag=[40]), last


def scoring_example():
    """The rulebook's: A holds 2 purple, 6 blue, 0 yellow, 2 red and is eliminated with 3 tiles; stock 3/0/6/2."""
    tokens = [{"purple": 2, "blue": 6, "yellow": 0, "red": 2}, {"purple": 5, "blue": 4, "yellow": 4, "red": 6}]
    state = explorer.new(G, players=2, seed=0, names=["A", "B"],
                         setup={"board": LONE, "hands": [STUCK[:3], []], "bag": [], "tokens": tokens})
    state.play("show")
    return state


def test_score_parts_of_the_rulebook_example():
    view = scoring_example().view(None)
    parts = {(r["player"], r["part"]): r for r in views.score_parts(view)}
    assert [(parts[("A", c)]["tokens"], parts[("A", c)]["worth"], parts[("A", c)]["points"])
            for c in ("purple", "blue", "yellow", "red")] == [(2, 3, 6), (6, 0, 0), (0, 6, 0), (2, 2, 4)]
    assert parts[("A", "tiles left")]["points"] == -3
    assert ("B", "tiles left") not in parts  # only the eliminated pay for tiles left
    totals = {r["player"]: r for r in views.score_totals(view)}
    assert totals["A"]["points"] == 7 and totals["A"]["tokens"] == 10 and totals["A"]["most"] == 10
    assert totals["B"]["points"] == view["scores"][1] == 51


def test_score_parts_add_up_to_the_engine_score_all_game_long():
    state = explorer.new(G, players=4, seed=2)
    rng = random.Random(2)
    while not state.is_over():
        view = state.view(None)
        parts = views.score_parts(view)
        assert [sum(r["points"] for r in parts if r["seat"] == p) for p in range(4)] == view["scores"]
        state.play(rng.choice(state.legal_moves()))


def test_token_worth_follows_the_stock_move_by_move():
    state, last = three_shapes()
    state.play(last)
    line = Timeline(state)
    history = views.stock_history(line)
    assert [state for state, _ in history] == [line.at(0), line.at(1)]
    assert views.stock_history(line, history)[1][0] is history[1][0]  # nothing looked at twice
    stocks = [stock for _, stock in history]
    assert stocks == [{"purple": 10, "blue": 10, "red": 10, "yellow": 10},
                      {"purple": 9, "blue": 9, "red": 9, "yellow": 10}]
    rows = views.worth_rows(stocks)
    assert len(rows) == 8
    assert {(r["move"], r["colour"]): r["worth"] for r in rows}[(1, "blue")] == 9


def test_the_panel_fills_every_dataset_of_its_chart():
    state, last = three_shapes()
    state.play(last)
    line = Timeline(state)
    panel = views.QuartexPanel(explorer.game(G))
    panel.show(line, None)
    assert len(rows_of(panel.chart, "worth")) == 8 and len(rows_of(panel.chart, "worth_now")) == 4
    assert [r["points"] for r in rows_of(panel.chart, "totals")] == [27, 0]
    named = set(re.findall(r'"data": \{"name": "(\w+)"\}', json.dumps(panel.chart.spec)))
    assert named == set(panel.chart.data)  # every dataset the chart draws is one the panel fills
    line.goto(0)
    panel.show(line, None)
    assert [r["worth"] for r in rows_of(panel.chart, "worth_now")] == [10, 10, 10, 10]


def test_describe_says_what_a_placement_completes():
    state, last = three_shapes()
    move = explorer.game(G).parse_move(last)
    assert views.describe(state, move) == f"tile {move.tile} on 1,1, completes purple X, blue star and red diamond"
    stuck = new(board=LONE, hands=[STUCK[:2], [2]], bag=[])
    assert views.describe(stuck, stuck.legal_moves()[0]) == "show your tiles: none fits"


def test_the_chooser_lights_up_where_the_engine_says_a_tile_fits():
    state = played(moves=9)
    me = state.to_move
    pick = views.highlight(state, None)
    fits = {m.tile for m in state.legal_moves() if isinstance(m, Place)}
    assert pick.player == me and pick.fitting == fits and pick.tile is None and not pick.spaces
    tile = min(fits)
    pick = views.highlight(state, me, tile)
    assert dict(pick.spaces) == {cell: len(moves) for cell, moves in views.spaces_for(state, tile).items()}
    assert sum(n for _, n in pick.spaces) == len(state.placements_for(tile))
    space = pick.spaces[0][0]
    pick = views.highlight(state, None, tile, space)
    assert [w.move for w in pick.ways] == [str(m) for m in state.placements_for(tile) if m.cell == space]
    html = table_html(state.view(None), pick)
    assert f'data-touch="tile:{tile}"' in html and f'data-touch="space:{space[0]},{space[1]}"' in html
    assert all(f'data-touch="move:{w.move}"' in html for w in pick.ways)
    # a tile that does not fit, or a space where the tile does not, is forgotten
    assert views.highlight(state, None, 99).tile is None
    assert views.highlight(state, None, tile, (50, 50)).space is None


def test_the_chooser_offers_no_hidden_hand():
    state = played(moves=9)
    me, other = state.to_move, (state.to_move + 1) % 3
    pick = views.highlight(state, other)
    assert not pick.fitting and "hidden from" in pick.prompt
    html = table_html(state.view(other), pick)
    assert "data-touch=" not in html
    row = html.split(f'data-seat="{me}"')[1].split("</tr>")[0]  # the shield of the player to move
    assert row.count(">?</text>") == len(state.hands[me])
    assert not any(f">{t}</text>" in row for t in state.hands[me])
    assert views.highlight(scoring_example(), None) is None  # the game is over


def test_the_chooser_for_an_opponent_pointing_out_a_placement():
    state = new(players=3, board=LONE, hands=[[2, 11, 12, 13, 14], [15], [16]], bag=[40, 41],
                options={"point_out": "opponents"})
    state.play("show")
    pick = views.highlight(state, 2)  # Ana's tiles were shown to everyone
    assert pick.player == 0 and pick.fitting == {2} and pick.prompt.startswith("Bo, point out a placement of Ana's")


def test_clicks_play_through_the_explorer():
    ex = Explorer(G, players=3, seed=5, seats=["you", "random", "random"])
    hand = ex.state.hands[0]
    assert all(f'data-touch="tile:{t}"' in ex.table.value for t in hand)
    assert "click a tile" in ex.touch_line.value
    tile = max(hand, key=lambda t: len(ex.state.placements_for(t)))
    ex.touch(f"tile:{tile}")
    assert 'data-touch="space:0,0"' in ex.table.value and "fits on 1 space" in ex.touch_line.value
    ex.touch("space:0,0")
    ways = ex.state.placements_for(tile)
    assert all(f'data-touch="move:{m}"' in ex.table.value for m in ways)
    ex.touch(f"move:{ways[-1]}")
    assert str(ex.timeline.moves[0]) == str(ways[-1]) and ex.timeline.position == 3  # the bots answered
    click = lambda what: ex._on_touch(ex.relay, {"touch": what}, [])  # noqa: E731 (as the page's relay does)
    click("tile:99")  # a tile Ana does not hold: refused with its rule, nothing played
    assert ex.timeline.position == 3 and "quartex/tiles" in ex.touch_line.value
    click("move:1a0@40,40")  # refused by the engine: one sentence and its rule, and the game unchanged
    assert ex.timeline.position == 3
    assert "is not allowed here" in ex.touch_line.value and "quartex/place" in ex.touch_line.value
    # a bot's seat is offered no chooser
    ex.form.seats[0].value = "random"  # as a person chooses it in the new-game form
    assert "data-touch=" not in ex.table.value


def test_a_space_where_the_tile_does_not_fit_and_a_tile_that_fits_nowhere_say_why():
    state = played(moves=9)
    me = state.to_move
    touch = views.QuartexTouch(explorer.game(G))
    fits = {m.tile for m in state.legal_moves() if isinstance(m, Place)}
    tile = min(fits)
    targets = touch.targets(state, me, (tile, None))
    pick = targets.detail
    assert f"tile:{tile}" in targets and all(f"space:{x},{y}" in targets for (x, y), _ in pick.spaces)
    assert pick.unlit and not set(pick.unlit) & {cell for cell, _ in pick.spaces}
    x, y = pick.unlit[0]
    assert f'data-touch="space:{x},{y}"' in views.table(state, me, targets)
    refused = touch.pick(state, me, (tile, None), f"space:{x},{y}")
    assert refused == views.refusal(state, Place(tile, 0, (x, y)), f"Tile {tile} on {x},{y}")
    assert refused.rule.startswith("quartex/")
    stuck = new(board=LONE, hands=[STUCK[:2], [2]], bag=[])
    targets = touch.targets(stuck, 0, None)
    assert targets.allowed == {"move:show"} and "Show my tiles" in views.table(stuck, 0, targets)
    refused = touch.pick(stuck, 0, None, f"tile:{STUCK[0]}")
    assert refused.what == f"Tile {STUCK[0]}" and "fits nowhere" in refused.reason and refused.rule
    assert touch.pick(stuck, 0, None, "move:show") == views.Play("show")


def test_a_tile_that_fits_one_way_is_placed_by_clicking_its_space():
    record = {"game": G, "players": 2, "seed": 0, "moves": [],
              "setup": {"first_player": 0, "hands": [[1, 2], [3, 4]], "bag": [40, 41, 42]}}
    ex = Explorer(G, record=record, seats=["you", "you"])
    panel = ex
    panel.touch("tile:2")
    assert 'data-touch="space:0,0"' in ex.table.value
    panel.touch("tile:2")  # the same tile again: nothing lit any more
    assert "data-touch=\"space:" not in ex.table.value
    panel.touch("tile:1")
    panel.touch("clear")
    assert "data-touch=\"space:" not in ex.table.value
    panel.touch("tile:1")
    panel.touch("space:0,0")  # tile 1 is purple all round: one way only
    assert [str(m) for m in ex.timeline.moves] == ["1a0@0,0"] and ex.state.to_move == 1
    assert 'data-touch="tile:3"' not in ex.table.value  # Bo, a person too, is handed the device first
    ex.handoff_button.click()
    assert 'data-touch="tile:3"' in ex.table.value  # and then chooses on the table
