"""The generic touch slot: who may touch the table, partial choices, moves played, refusals shown in place."""

from __future__ import annotations

from explorer.widgets import Explorer
from explorer.widgets.touch import Choose, Play, Refuse, Targets, mark, play_or_refuse
from explorer.widgets.views import Views


class EveryMove:
    """A touch that offers each legal move as a target ``move:<notation>``, played in two touches: the first
    picks it, the second (the same target) plays it; any other move is left to the engine to refuse."""

    def __init__(self, game):
        self.game = game

    def targets(self, state, viewer, picked):
        return Targets(frozenset(f"move:{m}" for m in state.legal_moves()),
                       prompt="Touch a move twice." if picked is None else f"Touch {picked} again to play it.",
                       picked=picked)

    def pick(self, state, viewer, picked, target):
        notation = target.removeprefix("move:")
        if target not in self.targets(state, viewer, picked):
            return play_or_refuse(state, notation, what=notation)
        return Play(notation) if picked == notation else Choose(notation)


def table(state, viewer, targets):
    moves = sorted(targets.allowed) if targets is not None else []
    return "".join(f"<span{mark(m, targets)}>{m}</span>" for m in moves) or "<i>nothing to touch</i>"


def explorer(**kwargs):
    seats = kwargs.pop("seats", ["you", "random", "random"])
    return Explorer("pet-quartet", players=3, seed=4, seats=seats, views=Views(table=table, touch=EveryMove),
                    **kwargs)


def test_a_move_is_chosen_then_played_on_the_table_and_the_bots_answer():
    ex = explorer()
    assert ex.may_touch(ex.state, ex.seen_by) and 'data-touch="move:D"' in ex.table.value
    assert "Touch a move twice." in ex.touch_line.value
    ply = ex.state.ply  # the bots before Ana have played
    ex.touch("move:D")
    assert ex.state.ply == ply and "Touch D again" in ex.touch_line.value
    ex.touch("move:D")
    played = ex.timeline.entries[ply]
    assert (played.notation, played.player) == ("D", 0) and ex.state.ply > ply


def test_a_forbidden_target_is_refused_with_its_rule_and_nothing_changes():
    ex = explorer()
    ply = ex.state.ply
    ex.touch("move:T3")
    assert ex.state.ply == ply
    assert "pet-quartet/take-nonempty" in ex.touch_line.value and "ex-illegal" in ex.touch_line.value
    assert "T3</b> is not allowed here" in ex.touch_line.value
    # a note for the page to pin under the target touched, read out as it appears
    assert 'class="ex-refusal" role="alert" data-target="move:T3"' in ex.touch_line.value


def test_a_game_not_picking_its_move_right_still_meets_the_engine():
    class Careless(EveryMove):
        def pick(self, state, viewer, picked, target):
            return Play(target.removeprefix("move:"))

    ex = Explorer("pet-quartet", players=3, seed=4, seats=["you", "random", "random"],
                  views=Views(table=table, touch=Careless))
    ply = ex.state.ply
    ex.touch("move:T3")
    assert ex.state.ply == ply and "pet-quartet/take-nonempty" in ex.touch_line.value


def test_only_a_persons_seat_seen_through_their_eyes_or_everyones_may_touch():
    ex = explorer(seats=["random", "you", "random"])
    assert ex.state.to_move == 1 and ex.may_touch(ex.state, 1)  # the bot before Bo has played
    bots = explorer(seats=["random", "random", "random"])
    assert not bots.may_touch(bots.state, None)
    bots.touch("move:D")
    assert "played by a bot" in bots.touch_line.value
    assert "data-touch" not in bots.table.value

    people = explorer(seats=["you", "you", "you"])
    mover = people.state.to_move
    name, other = people.state.names[mover], (mover + 1) % 3
    people.see(other)  # another player looks: the mover's move is not theirs to make
    assert not people.may_touch(people.state, other) and "data-touch" not in people.table.value
    people.touch("move:D")
    assert f"choose {name} under Seen by" in people.touch_line.value
    people.see(None)  # the teacher's view sees what the mover sees
    assert people.may_touch(people.state, None)


def test_the_move_buttons_fold_away_once_the_table_can_be_touched():
    touched, plain = explorer(), Explorer("pet-quartet", players=3, seed=4, views=Views())  # no touch slot
    assert touched.buttons_box.layout.display == "none" and touched.buttons_toggle.description == \
        "Show the move buttons"
    assert plain.buttons_box.layout.display != "none"
    touched.buttons_toggle.value = True
    assert touched.buttons_box.layout.display is None and touched.buttons_toggle.description == "Hide the move buttons"
    assert [b.notation for b in touched.buttons(touched.state, 0)] == ["D"]  # the same moves, as buttons


def test_a_touch_from_the_page_is_passed_on_and_a_bad_message_changes_nothing():
    ex = explorer()
    ply = ex.state.ply
    ex._on_touch(ex.relay, {"touch": "move:D"}, [])
    assert "Touch D again" in ex.touch_line.value
    for bad in (None, {"touch": 3}, {"touch": "x" * 1000}, "move:D"):
        ex._on_touch(ex.relay, bad, [])
    ex._on_touch(ex.relay, {"touch": "nonsense"}, [])
    assert ex.state.ply == ply and ex.feedback.value == ""
    assert "is not a Pet Quartet move" in ex.touch_line.value


def test_a_touch_on_a_table_drawn_for_an_earlier_position_plays_nothing_and_says_so():
    ex = explorer()
    drawn_for = ex.touch_targets(ex.state, ex.seen_by).at
    assert drawn_for and f'data-touch="move:D" data-touch-ok data-at="{drawn_for}"' in ex.table.value
    ex._on_touch(ex.relay, {"touch": "move:D", "at": drawn_for}, [])
    ex._on_touch(ex.relay, {"touch": "move:D", "at": drawn_for}, [])  # picked, then played
    after = (ex.timeline.moves, ex.timeline.position)
    assert ex.touch_targets(ex.state, ex.seen_by) is None or ex.touch_targets(ex.state, ex.seen_by).at != drawn_for
    # the same target touched again on a page that has not caught up: its position is gone
    ex._on_touch(ex.relay, {"touch": "move:D", "at": drawn_for}, [])
    assert (ex.timeline.moves, ex.timeline.position) == after
    assert "nothing was played: choose again" in ex.feedback.value
