"""Quartex, one scenario a rule: hand-set tables, shields and bags, and the moves that follow.

Most scenarios start from a table holding tile 1 alone (purple X in every
corner).  A tile fits beside it only with two purple corners side by side:
tiles 2 to 10 do, tiles 11 to 55 do not, so a hand of tiles from 11 up has
no placement at all.
"""

from __future__ import annotations

from collections import Counter

import pytest

import explorer
from explorer import IllegalMove, RecordError
from explorer.games.quartex.moves import Place
from explorer.games.quartex.tiles import TILES
from tests.support import covers

from .helpers import G, legal, new, placements, play, tile_of

LONE = ["1a0@0,0"]  # tile 1, all purple, alone on the table
FITS = list(range(2, 11))  # tiles with two purple corners side by side
STUCK = list(range(11, 56))  # tiles without: none fits beside tile 1 alone


def refused(state, move, rule):
    """Check ``move`` is refused citing ``rule``, and the state is untouched."""
    before = state.copy()
    with pytest.raises(IllegalMove) as caught:
        state.play(move)
    assert caught.value.rule == f"{G}/{rule}", caught.value
    assert state == before
    return caught.value.reason


def test_the_tiles_that_fit_beside_tile_1():
    assert [t.id for t in TILES if any(t.corners[k] == t.corners[(k + 1) % 4] == 0 for k in range(4))] == [1] + FITS
    state = new(board=LONE, hands=[FITS[:5], STUCK[:5]])
    assert {m.tile for m in state.legal_moves()} == set(FITS[:5])


# -- setting up ------------------------------------------------------------------------

@covers(f"{G}/setup")
def test_the_table_at_the_start():
    state = explorer.new(G, players=3, seed=4)
    view = state.view(None)
    assert view["stock"] == {"purple": 10, "blue": 10, "red": 10, "yellow": 10}
    assert view["board"] == [] and view["completed"] == [] and view["bag"] == 55 - 1 - 15
    assert state.inventory() == Counter({**{("tile", t): 1 for t in range(1, 56)},
                                         **{("token", c): 10 for c in ("purple", "blue", "red", "yellow")}})


@covers(f"{G}/removed-tiles")
@pytest.mark.parametrize("players,left_out", [(2, 1), (3, 1), (4, 3), (5, 0)])
def test_tiles_left_out_face_up(players, left_out):
    state = explorer.new(G, players=players, seed=9)
    view = state.view(1)
    assert view["removed_count"] == left_out and len(view["removed"]) == left_out
    assert (55 - left_out) % players == 0  # every player draws as many tiles
    assert view["bag"] == 55 - left_out - 5 * players


@covers(f"{G}/removed-tiles")
def test_tiles_left_out_are_random_and_may_lie_face_down():
    left_out = {tuple(explorer.new(G, players=4, seed=s).view(None)["removed"]) for s in range(12)}
    assert len(left_out) == 12
    state = explorer.new(G, players=4, seed=3, options={"removed_tiles": "hidden"})
    assert state.view(0)["removed"] == [] and state.view(0)["removed_count"] == 3
    assert len(state.view(None)["removed"]) == 3
    twins = {tuple(state.determinize(0, seed).removed) for seed in range(10)}
    assert len(twins) > 1  # nobody knows which tiles they are


@covers(f"{G}/deal")
def test_five_tiles_behind_each_secret_shield():
    state = explorer.new(G, players=4, seed=2)
    mine = state.view(2)["shields"]
    assert [s["count"] for s in mine] == [5, 5, 5, 5]
    assert len(mine[2]["tiles"]) == 5 and all(s["tiles"] == [] for p, s in enumerate(mine) if p != 2)
    assert [len(s["tiles"]) for s in state.view(None)["shields"]] == [5, 5, 5, 5]


@covers(f"{G}/first-player")
def test_youngest_first_or_a_seat_drawn_by_the_seed():
    assert {explorer.new(G, players=4, seed=s).to_move for s in range(10)} == {0}
    starts = {explorer.new(G, players=4, seed=s, options={"first_player": "random"}).to_move for s in range(40)}
    assert starts == {0, 1, 2, 3}


@covers(f"{G}/start-tile")
@pytest.mark.parametrize("players,left_out", [(2, 0), (3, 0), (4, 2), (5, 4)])
def test_a_start_tile_from_the_bag(players, left_out):
    state = explorer.new(G, players=players, seed=5, options={"start_tile": True})
    view = state.view(0)
    assert len(view["board"]) == 1 and view["board"][0]["cell"] == [0, 0] and view["board"][0]["by"] is None
    assert view["removed_count"] == left_out
    assert (55 - 1 - left_out) % players == 0
    assert all(m.cell != (0, 0) for m in state.legal_moves() if isinstance(m, Place))
    assert explorer.new(G, players=players, seed=5).view(0)["board"] == []  # off by default


@covers(f"{G}/first-tile")
def test_the_first_tile_goes_anywhere_called_0_0():
    state = new(hands=[[1, 19, 30], [2]], bag=[40])
    moves = state.legal_moves()
    assert {m.cell for m in moves} == {(0, 0)}
    assert len(moves) == 1 + 8 + len(TILES[29].distinct_orientations)  # every distinct orientation
    refused(state, "19a0@1,0", "first-tile")
    entry = state.play("19b2@0,0")
    assert entry.rule == f"{G}/first-tile" and "first tile" in entry.text
    assert state.view(None)["board"][0]["corners"] == list("YRBP")


# -- a turn ---------------------------------------------------------------------------------

@covers(f"{G}/turn-order")
def test_clockwise_passing_over_players_with_nothing_left():
    state = new(players=4, board=LONE, hands=[[2], [3], [4], [5]], bag=[6, 7])
    order = []
    while not state.is_over():
        order.append(state.to_move)
        state.play(state.legal_moves()[0])
    # Ana draws both tiles left in the bag; once Bo, Cy and Dee have placed their last tile they are passed over.
    assert order == [0, 1, 2, 3, 0, 0]


@covers(f"{G}/place")
def test_place_a_tile_from_behind_your_shield_on_an_empty_space():
    state = new(board=LONE, hands=[[2, 11], [3]], bag=[40, 41])
    refused(state, "3a0@1,0", "place")  # Bo's tile
    assert "not behind your shield" in refused(state, Place(3, 0, (1, 0)), "place")
    reason = refused(state, "2a0@0,0", "place")
    assert "already holds tile 1" in reason
    entry = state.play("2a3@1,0")
    assert entry.rule == f"{G}/place" and entry.player == 0
    assert state.view(None)["board"][-1] == {"cell": [1, 0], "tile": 2, "orientation": "a3",
                                            "corners": list("PPBP"), "by": 0}


@covers(f"{G}/touch")
def test_a_tile_must_touch_the_side_of_a_tile():
    state = new(board=LONE, hands=[[2], [3]], bag=[40])
    assert "touches the side of no tile" in refused(state, "2a0@1,1", "touch")  # a corner is not a side
    refused(state, "2a0@5,0", "touch")
    assert {m.cell for m in state.legal_moves()} == {(0, -1), (-1, 0), (1, 0), (0, 1)}


FLIP = "BBR\nPYB\nBRP"  # the points; tile 19 (P, B, R, Y clockwise) goes on the space 0,1


@covers(f"{G}/match", f"{G}/orientations")
def test_the_document_example_a_tile_that_fits_only_flipped():
    board = placements(FLIP, [(0, 0), (1, 0), (1, 1)])
    state = new(board=board, hands=[[19], [30]], bag=[40])
    # Turned as it comes (a0), the top-left purple X matches but the next two corners do not.
    reason = refused(state, "19a0@0,1", "match")
    assert "top-right corner shows a blue star" in reason and "yellow circle" in reason
    for turned in ("a1", "a2", "a3"):
        refused(state, f"19{turned}@0,1", "match")
    # Flipped over (the back is the mirror image), it fits.
    assert [str(m) for m in state.placements_for(19) if m.cell == (0, 1)] == ["19b3@0,1"]
    state.play("PYRB@0,1")
    assert state.view(None)["board"][-1]["orientation"] == "b3"


@covers(f"{G}/orientations")
def test_one_notation_per_way_a_tile_looks():
    state = new(hands=[[1], [2]], bag=[])
    assert legal(state) == ["1a0@0,0"]  # all purple looks the same however it lies
    assert str(explorer.game(G).parse_move("1b2@0,0")) == "1a0@0,0"
    assert "write 1a0@0,0" in refused(state, Place(1, 5, (0, 0)), "orientations")
    refused(state, Place(1, 9, (0, 0)), "orientations")
    refused(state, Place(56, 0, (0, 0)), "tiles")


@covers(f"{G}/frame")
def test_the_tactical_alternative_frame():
    row = placements("RYRBYYBPR\nPRYPYRYPY", [(x, 0) for x in range(8)])  # eight tiles side by side
    free = new(board=row, hands=[[], []], bag=[])
    on_row = {explorer.game(G).parse_move(m).tile for m in row}
    hand = [t for t in range(1, 56) if t not in on_row
            and any(m.cell in ((8, 0), (-1, 0)) for m in free.placements_for(t))][:5]
    state = new(board=row, hands=[hand, []], bag=[], options={"frame": 8})
    cells = {m.cell for m in state.legal_moves() if isinstance(m, Place)}
    assert all(0 <= x <= 7 for x, _ in cells)
    free = new(board=row, hands=[hand, []], bag=[])
    wider = {m for m in free.legal_moves() if isinstance(m, Place) and m.cell in ((8, 0), (-1, 0))}
    assert wider, "the scenario needs a tile that fits at either end of the row"
    for move in wider:
        assert "outside the 8×8 frame" in refused(state, move, "frame")
    nine = new(board=row, hands=[hand, []], bag=[], options={"frame": 9})
    assert all(nine.is_legal(m) for m in wider)
    # A hand-set table must fit the frame too.
    with pytest.raises(RecordError):
        new(board=row + ["1a0@20,0"], hands=[[], []], bag=[], options={"frame": 8})


# -- shapes and tokens ------------------------------------------------------------------------

ONE = "YPP\nBBR\nPRY"  # a blue star at the point 1,1 waits for its fourth tile, on 1,1
THREE = "BBRY\nPPBR\nBRYY\nYBBB"  # the space 1,1 is the fourth tile at three points: purple, blue, red


@covers(f"{G}/complete", f"{G}/token")
def test_the_document_example_a_tile_completing_a_star():
    *board, last = placements(ONE, [(0, 0), (1, 0), (0, 1), (1, 1)])
    state = new(board=board, hands=[[tile_of(last)], [2]], bag=[40, 41])
    assert state.completes(explorer.game(G).parse_move(last)) == [1]  # blue
    entry = state.play(last)
    assert entry.rule == f"{G}/token"
    assert "completing a blue star" in entry.text and "takes a blue token" in entry.text
    view = state.view(1)
    assert view["completed"] == [{"point": [1, 1], "colour": "blue", "by": 0, "token": "blue"}]
    assert view["tokens"][0] == {"purple": 0, "blue": 1, "red": 0, "yellow": 0}
    assert view["stock"]["blue"] == 9


@covers(f"{G}/complete", f"{G}/token")
def test_the_document_example_a_tile_completing_three_shapes():
    *board, last = placements(THREE, [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (1, 1)])
    state = new(board=board, hands=[[tile_of(last)], [2]], bag=[40])
    entry = state.play(last)
    assert "completing 3 shapes: a purple X, a blue star and a red diamond" in entry.text
    assert "takes a purple, a blue and a red token" in entry.text
    view = state.view(None)
    assert view["tokens"][0] == {"purple": 1, "blue": 1, "red": 1, "yellow": 0}
    assert view["stock"] == {"purple": 9, "blue": 9, "red": 9, "yellow": 10}
    assert sorted(tuple(d["point"]) for d in view["completed"]) == [(1, 1), (1, 2), (2, 1)]


@covers(f"{G}/token", f"{G}/complete")
def test_no_token_when_the_stock_has_none_of_that_colour():
    *board, last = placements(ONE, [(0, 0), (1, 0), (0, 1), (1, 1)])
    state = new(board=board, hands=[[tile_of(last)], [2]], bag=[40], tokens=[{}, {"blue": 10}])
    entry = state.play(last)
    assert entry.rule == f"{G}/complete"
    assert "no blue token left" in entry.text
    assert state.view(0)["completed"][0]["token"] is None and state.view(0)["tokens"][0]["blue"] == 0


@covers(f"{G}/draw")
def test_draw_back_to_five_while_the_bag_lasts():
    state = new(board=LONE, hands=[[2, 11, 12, 13, 14], [3, 15, 16, 17, 18]], bag=[40, 41])
    entry = state.play("2a3@1,0")
    assert "Ana draws 1 tile." in entry.text
    assert state.view(0)["shields"][0]["tiles"] == [11, 12, 13, 14, 40]
    entry = state.play(legal(state)[0])
    assert "Bo draws 1 tile, the last in the bag." in entry.text
    assert state.view(None)["bag"] == 0


# -- when no tile fits --------------------------------------------------------------------------

@covers(f"{G}/must-place")
def test_a_player_who_can_place_must():
    state = new(board=LONE, hands=[[2, 11, 12], [13]], bag=[40])
    assert "show" not in legal(state)
    assert "must place one" in refused(state, "show", "must-place")
    refused(state, "pass", "point-out")


@covers(f"{G}/cannot-place", f"{G}/redraw", f"{G}/return-set-aside", f"{G}/draw")
def test_show_set_aside_and_draw_five_new_tiles_until_one_fits():
    first, second = STUCK[:5], STUCK[5:10]
    bag = second + [2, STUCK[10]]  # five more that do not fit, then tile 2 (fits) and one that does not
    state = new(board=LONE, hands=[first, [30]], bag=bag)
    assert legal(state) == ["show"]
    entry = state.play("show")
    assert entry.rule == f"{G}/redraw"
    assert f"shows the tiles behind the shield ({', '.join(map(str, first))})" in entry.text
    assert "sets them aside and draws 5 new tiles" in entry.text
    seen = state.view(1)
    assert seen["set_aside"] == first and seen["to_move"] == 0  # still Ana's turn, with the new tiles
    assert state.view(0)["shields"][0]["tiles"] == second
    entry = state.play("show")
    assert "draws 2 new tiles, all the bag held" in entry.text
    assert state.view(1)["set_aside"] == sorted(first + second) and state.view(1)["bag"] == 0
    assert {m.tile for m in state.legal_moves()} == {2}
    entry = state.play("2a3@1,0")
    assert "The 10 tiles set aside go back into the bag. Ana draws 4 tiles." in entry.text
    view = state.view(None)
    assert view["set_aside"] == [] and view["bag"] == 6 and view["shields"][0]["count"] == 5
    assert view["to_move"] == 1


@covers(f"{G}/cannot-place")
def test_an_empty_shield_with_tiles_in_the_bag():
    state = new(board=LONE, hands=[[], [30]], bag=[2, 3, 11])
    assert legal(state) == ["show"]
    entry = state.play("show")
    assert entry.rule == f"{G}/cannot-place" and "draws 3 new tiles" in entry.text
    assert state.to_move == 0 and {m.tile for m in state.legal_moves()} == {2, 3}


@covers(f"{G}/eliminated", f"{G}/penalty", f"{G}/scoring", f"{G}/winner", f"{G}/game-end")
def test_the_document_scoring_example():
    """Player A: 2 purple, 6 blue, 0 yellow, 2 red tokens and 3 tiles left; stock 3, 0, 6, 2: 7 points."""
    tokens = [{"purple": 2, "blue": 6, "yellow": 0, "red": 2}, {"purple": 5, "blue": 4, "yellow": 4, "red": 6}]
    state = explorer.new(G, players=2, seed=0, names=["A", "B"],
                         setup={"board": LONE, "hands": [STUCK[:3], []], "bag": [], "tokens": tokens})
    assert state.view(None)["stock"] == {"purple": 3, "blue": 0, "red": 2, "yellow": 6}
    assert legal(state) == ["show"]
    entry = state.play("show")
    assert entry.rule == f"{G}/eliminated" and "The bag is empty: A is eliminated." in entry.text
    assert state.is_over() and state.view(1)["eliminated"] == [True, False]
    assert state.view(1)["shields"][0]["tiles"] == STUCK[:3]  # shown, so everyone sees them
    a, b = state.scores()
    assert a.parts == (("purple: 2 × 3", 6), ("blue: 6 × 0", 0), ("red: 2 × 2", 4), ("yellow: 0 × 6", 0),
                       ("tiles left: 3 × -1", -3))
    assert a.total == 7
    assert b.total == 5 * 3 + 4 * 0 + 6 * 2 + 4 * 6 and not any("tiles" in label for label, _ in b.parts)
    assert state.result().winners == (1,) and "B wins with 51 points" in entry.text


@covers(f"{G}/eliminated", f"{G}/eliminated-hand", f"{G}/return-set-aside")
@pytest.mark.parametrize("keep", ["refill", "keep"])
def test_eliminated_after_redrawing_the_set_aside_tiles_go_back(keep):
    state = new(board=LONE, hands=[STUCK[:5], [2]], bag=STUCK[5:8], options={"eliminated_hand": keep})
    play(state, "show")
    entry = state.play("show")
    assert "The bag is empty: Ana is eliminated. The 5 tiles set aside go back into the bag." in entry.text
    view = state.view(None)
    assert view["eliminated"] == [True, False] and view["set_aside"] == [] and view["to_move"] == 1
    if keep == "refill":
        assert entry.rule == f"{G}/eliminated-hand" and "Ana draws 2 tiles." in entry.text
        assert view["shields"][0]["count"] == 5 and view["bag"] == 3
        assert set(view["shields"][0]["shown"]) == set(STUCK[5:8])  # the hand she showed stays seen
        assert state.view(1)["shields"][0]["tiles"] == sorted(STUCK[5:8])  # the two drawn stay secret
    else:
        assert entry.rule == f"{G}/eliminated" and view["shields"][0]["count"] == 3 and view["bag"] == 5
    assert state.scores()[0].parts[-1] == (f"tiles left: {view['shields'][0]['count']} × -1",
                                           -view["shields"][0]["count"])


@covers(f"{G}/out-for-good", f"{G}/game-end")
def test_an_eliminated_player_never_plays_again():
    state = new(board=LONE, hands=[STUCK[:5], [2, 3]], bag=[], options={"eliminated_hand": "keep"})
    state.play("show")
    assert state.view(None)["eliminated"] == [True, False]
    while not state.is_over():
        assert state.to_move == 1 and state.legal_moves(0) == []
        state.play(state.legal_moves()[0])
    # Bo played every tile: the bag is empty and nobody is left to play.
    assert state.view(None)["shields"][1]["count"] == 0 and state.ply == 3


@covers(f"{G}/game-end")
def test_the_game_goes_on_after_the_bag_empties_until_every_tile_is_played():
    state = new(board=LONE, hands=[[2, 3], [4]], bag=[5])
    moves = []
    while not state.is_over():
        moves.append(state.to_move)
        state.play(state.legal_moves()[0])
    assert moves == [0, 1, 0, 0]  # Bo's last tile came before the bag's; Ana plays on alone
    view = state.view(None)
    assert view["bag"] == 0 and all(s["count"] == 0 for s in view["shields"])
    assert not any(view["eliminated"]) and state.result() is not None
    refused(state, "show", "game-end")


@covers(f"{G}/point-out")
def test_opponents_point_out_a_placement_the_player_must_make():
    options = {"point_out": "opponents"}
    state = new(players=3, board=LONE, hands=[[2, 11, 12, 13, 14], [15], [16]], bag=[40, 41], options=options)
    assert legal(state)[-1] == "show"  # showing is allowed even though tile 2 fits
    entry = state.play("show")
    assert entry.rule == f"{G}/point-out" and "Bo may point out a placement or pass" in entry.text
    assert state.to_move == 1 and state.turn == 0
    assert state.view(1)["shields"][0]["tiles"] == [2, 11, 12, 13, 14]  # shown to all
    assert legal(state)[-1] == "pass" and {m.tile for m in state.legal_moves()[:-1]} == {2}
    refused(state, "show", "point-out")
    refused(state, "15a0@1,0", "point-out")  # Bo points out for Ana's tiles, not his own
    state.play("pass")
    assert state.to_move == 2
    entry = state.play("2a3@1,0")
    assert entry.player == 2 and entry.rule == f"{G}/point-out"
    assert entry.text.startswith("Cy points out that tile 2 fits: Ana places tile 2")
    view = state.view(None)
    assert view["board"][-1]["by"] == 0 and view["to_move"] == 1
    # Ana keeps the other four tiles she showed; everyone still knows them.
    assert state.view(1)["shields"][0]["tiles"] == [11, 12, 13, 14]


@covers(f"{G}/point-out", f"{G}/redraw", f"{G}/out-for-good")
def test_when_nobody_points_out_the_player_redraws():
    options = {"point_out": "opponents"}
    state = new(players=3, board=LONE, hands=[[2, 11], [12, 13], [14]], bag=STUCK[5:12], options=options)
    play(state, "show pass")
    entry = state.play("pass")
    assert "Nobody points out a placement. Ana sets them aside and draws 5 new tiles." in entry.text
    assert entry.rule == f"{G}/redraw" and state.to_move == 0
    # A hand with no placement at all is not offered to the opponents.
    entry = state.play("show")
    assert entry.rule == f"{G}/redraw" and "point out" not in entry.text
    # The bag is empty and Ana's last two tiles do not fit either: she is eliminated.
    play(state, "show")
    assert state.view(None)["eliminated"][0]
    # An eliminated player is never asked to point out a placement.
    state2 = new(players=3, board=LONE, hands=[STUCK[:5], [2], [3]], bag=[], options=options)
    state2.play("show")  # Ana is eliminated
    assert state2.to_move == 1
    state2.play("show")
    assert state2.to_move == 2 and state2.pointers == [2]


@covers(f"{G}/tiebreak", f"{G}/winner")
@pytest.mark.parametrize("tiebreak,winners", [("shared", (0, 1)), ("most-tokens", (1,))])
def test_ties(tiebreak, winners):
    tokens = [{"purple": 1}, {"yellow": 1, "red": 10}]  # 9 points each; Bo holds 11 tokens to Ana's 1
    state = new(board=LONE, hands=[[2], []], bag=[], tokens=tokens, options={"tiebreak": tiebreak})
    entry = state.play("2a3@1,0")
    result = state.result()
    assert [s.total for s in result.scores] == [9, 9]
    assert result.winners == winners and result.tiebreak_rule == f"{G}/tiebreak"
    assert ("share the victory" in entry.text) == (len(winners) == 2)


@covers(f"{G}/scoring")
def test_a_token_is_worth_what_its_colour_has_left_in_the_stock():
    *board, last = placements(ONE, [(0, 0), (1, 0), (0, 1), (1, 1)])
    state = new(board=board, hands=[[tile_of(last)], [2]], bag=[40], tokens=[{"blue": 2}, {"blue": 5}])
    assert [s.total for s in state.scores()] == [2 * 3, 5 * 3]
    state.play(last)  # Ana takes a third blue token: each blue token is now worth 2
    assert [s.total for s in state.scores()] == [3 * 2, 5 * 2]


# -- hand-set tables -----------------------------------------------------------------------------

@covers(f"{G}/setup")
@pytest.mark.parametrize("setup,field", [
    ({"deck": []}, "setup"),
    ({"hands": [[1, 2], [2]]}, "setup.hands"),
    ({"hands": [[1, 2, 3, 4, 5, 6], []]}, "setup.hands"),
    ({"bag": [0]}, "setup.bag"),
    ({"board": ["1a0@0,0", "19a0@1,0"]}, "setup.board[1]"),
    ({"board": ["1a0@0,0", "1a0@1,0"]}, "setup.board[1]"),
    ({"board": ["show"]}, "setup.board[0]"),
    ({"tokens": [{"blue": 11}, {}]}, "setup.tokens"),
    ({"tokens": [{"green": 1}, {}]}, "setup.tokens"),
    ({"first_player": 2}, "setup.first_player"),
])
def test_a_bad_setup_names_its_field(setup, field):
    with pytest.raises(RecordError) as caught:
        explorer.new(G, players=2, seed=0, setup=setup)
    assert caught.value.field == field


def test_an_explicit_setup_replays_the_seeded_game():
    state = explorer.new(G, players=3, seed=11, options={"start_tile": True})
    rng = __import__("random").Random(3)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    again = explorer.replay(state.to_record(explicit=True))
    assert again.view(None) == state.view(None) and again.log == state.log
