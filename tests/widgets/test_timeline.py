"""Time travel: a list of moves and a position in it."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalMove, InvalidMove
from explorer.widgets.timeline import Timeline


def a_line(moves: int = 12) -> Timeline:
    line = Timeline(explorer.new("pet-quartet", players=3, seed=5))
    for _ in range(moves):
        line.play(line.state.legal_moves()[-1])
    return line


def test_position_k_is_the_first_k_moves_replayed():
    line = a_line()
    for k in (0, 3, 7, 12):
        line.goto(k)
        assert line.state == line.final.replayed(k)
        assert line.state.ply == k


def test_stepping_keeps_the_list_and_the_same_move_keeps_the_future():
    line = a_line()
    moves = line.moves
    line.goto(4)
    assert line.back() and line.position == 3
    assert line.forward() and line.position == 4
    line.play(moves[4])
    assert line.position == 5 and line.moves == moves and line.version == 12


def test_another_move_in_the_past_starts_a_new_branch():
    line = a_line()
    k = next(k for k in range(len(line)) if len(line.at(k).legal_moves()) > 1)
    line.goto(k)
    other = next(m for m in line.state.legal_moves() if m != line.moves[k])
    line.play(other)
    assert len(line) == k + 1 and line.moves[-1] == other and line.position == k + 1


def test_an_illegal_move_changes_nothing():
    line = a_line()
    line.goto(6)
    before = (line.moves, line.position, line.version, line.state.copy())
    illegal = next(m for m in ("D", "P1", "T1", "T2", "T3", "pass") if not line.state.is_legal(m))
    with pytest.raises(IllegalMove):
        line.play(illegal)
    with pytest.raises(InvalidMove):
        line.play("nonsense")
    assert (line.moves, line.position, line.version) == before[:3] and line.state == before[3]


def test_scores_after_every_move_match_each_position():
    line = a_line(40)
    for k, totals in enumerate(line.scores()):
        assert totals == tuple(s.total for s in line.at(k).scores())


def test_a_loaded_game_starts_at_its_end():
    state = a_line(9).final
    line = Timeline(explorer.replay(state.to_record()))
    assert line.position == len(line) == 9 and line.at(0).ply == 0
    with pytest.raises(ValueError):
        line.goto(10)


def test_memory_grows_linearly_with_the_match():
    """Earlier positions share the lists the match appends to (moves, log, events), never copies of them."""
    import tracemalloc

    from explorer.core.prefix import Prefix

    def kwartet_record(moves: int) -> dict:
        state = explorer.new("keistad-kwartet", players=2, seed=4, options={"no_progress": 2000})
        while state.ply < moves and not state.is_over():
            legal = state.legal_moves()
            misses = [m for m in legal if not state.pot and not state.hands[m.target] >> m.card & 1]
            state.play((misses or legal)[state.ply % len(misses or legal)])
        return state.to_record()

    def cost(record: dict) -> tuple[int, Timeline]:
        state = explorer.replay(record)
        tracemalloc.start()
        line = Timeline(state)
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return size, line

    small, _ = cost(kwartet_record(300))
    big, line = cost(kwartet_record(1200))
    assert len(line) == 1200, "the record's game ended before its moves ran out"
    assert big < 6 * small, f"four times the moves cost {big / small:.1f} times the memory"
    for k in (0, 1, 600, 1199):
        position = line.at(k)
        assert isinstance(position._history, Prefix) and isinstance(position.events, Prefix)
        assert position._history.items is line.final._history and position.events.items is line.final.events
        assert position.history == line.moves[:k] and position == line.final.replayed(k)
