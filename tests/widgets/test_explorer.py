"""The explorer widget, driven from Python as the page drives it: by clicking its buttons.

It must work for every registered game through the protocol alone, so most
tests run once per game.
"""

from __future__ import annotations

import json
import random
from urllib.parse import unquote

import pytest

import explorer
from explorer.widgets import Explorer, Views
from explorer.widgets.stepper import EVERYONE_LABEL, split_style
from explorer.widgets.seats import RandomBot, seat, seats

GAMES = [g.name for g in explorer.games()]


def shown_moves(ex: Explorer) -> list[str]:
    return ex.legal.notations


def click(ex: Explorer, notation: str) -> None:
    ex.legal.click(notation)


def playing(name: str, clicks: int = 25, seed: int = 3) -> Explorer:
    """An explorer in which a person (seat 1) has clicked random legal moves and the bots answered."""
    ex = Explorer(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(clicks):
        moves = shown_moves(ex)
        if not moves:
            break
        click(ex, rng.choice(moves))
    return ex


@pytest.mark.parametrize("name", GAMES)
def test_clicking_legal_moves_plays_them_and_the_bots_answer(name):
    ex = playing(name)
    line = ex.timeline
    assert len(line) > 0 and line.position == len(line)
    assert "ex-error" not in ex.feedback.value
    state = line.state
    # only the person's seat is left to move (or the game is over), and its moves are the buttons
    assert state.is_over() or ex._bot(state.to_move) is None
    assert shown_moves(ex) == [str(m) for m in state.legal_moves()]
    assert [item["notation"] for item in ex.moves.items] == [str(m) for m in line.moves]
    assert ex.moves.position == line.position


@pytest.mark.parametrize("name", GAMES)
def test_stepping_and_jumping_show_the_right_position(name):
    ex = playing(name)
    total = len(ex.timeline)
    ex.to_start.click()
    assert ex.timeline.position == 0 and ex.back.disabled and "Before the first move" in ex.teach.value
    ex.forward.click()
    ex.forward.click()
    assert ex.timeline.position == 2 and f"Move 2 of {total}" in ex.status.value
    entry = ex.timeline.entries[1]
    assert explorer_text(entry.text) in ex.teach.value and entry.rule in ex.teach.value
    ex.moves.position = total - 1  # a click in the move list
    assert ex.timeline.position == total - 1
    shown = ex.timeline.state
    assert ex.table.value == split_style(ex.views.table(shown, ex.seen_by, ex.touch_targets(shown, ex.seen_by)))[1]
    assert shown == ex.timeline.final.replayed(total - 1)
    ex.to_end.click()
    assert ex.timeline.position == total


def explorer_text(text: str) -> str:
    from html import escape

    return escape(text)


@pytest.mark.parametrize("name", GAMES)
def test_seen_by_shows_each_players_view(name):
    ex = playing(name, clicks=6)
    state = ex.timeline.state
    for p in range(state.players):
        ex.viewer.value = p
        style, table = split_style(ex.views.table(state, p, ex.touch_targets(state, p)))
        assert (ex.table_style.value, ex.table.value) == (style, table)
    ex.viewer.value = -1
    assert ex.table.value == split_style(ex.views.table(state, None, ex.touch_targets(state, None)))[1]


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_typed_is_explained_and_changes_nothing(name):
    ex = playing(name, clicks=4)
    state = ex.timeline.state
    if state.is_over():
        pytest.skip("the game ended before the probe")
    game = ex.game
    legal = {str(m) for m in state.legal_moves()}
    probes = set()
    for later in ex.timeline.at(0).replayed(0), *(ex.timeline.at(k) for k in range(len(ex.timeline))):
        probes.update(str(m) for m in later.legal_moves())
    illegal = sorted(probes - legal)
    assert illegal, "no illegal move to probe with"
    before = (ex.timeline.position, len(ex.timeline), ex.table.value)
    ex.notation.value = illegal[0]
    why = state.why_illegal(illegal[0])
    assert "ex-illegal" in ex.feedback.value and explorer_text(why.reason) in ex.feedback.value
    assert f'data-rule="{why.rule}"' in ex.feedback.value and game.rules[why.rule].title in ex.feedback.value
    assert (ex.timeline.position, len(ex.timeline), ex.table.value) == before
    ex.notation.value = "§§ not a move"
    assert "is not a move" in ex.feedback.value
    assert (ex.timeline.position, len(ex.timeline)) == before[:2]


@pytest.mark.parametrize("name", GAMES)
def test_records_download_and_replay_and_a_bad_one_is_refused(name):
    ex = playing(name, clicks=8)
    href = ex.records.download.value.split('href="data:application/json;charset=utf-8,')[1].split('"')[0]
    record = json.loads(unquote(href))
    assert explorer.replay(record) == ex.timeline.final
    before = (ex.timeline.moves, ex.timeline.position, ex.table.value)
    for bad, says in (("{not json", "not valid JSON"),
                      (json.dumps({**record, "moves": record["moves"] + ["§"]}), "cannot be played"),
                      (json.dumps({**record, "game": "chess"}), "no game called")):
        ex.records.paste.value = bad
        ex.records.replay.click()
        assert "ex-error" in ex.records.feedback.value and says in ex.records.feedback.value
        assert (ex.timeline.moves, ex.timeline.position, ex.table.value) == before
    ex.to_start.click()
    ex.records.paste.value = json.dumps(record)
    ex.records.replay.click()
    assert "ex-ok" in ex.records.feedback.value
    assert ex.timeline.position == len(ex.timeline) == len(record["moves"])


@pytest.mark.parametrize("name", [name for name in GAMES if explorer.game(name).writes_positions])
def test_the_position_on_screen_is_copied_as_a_setup_and_plays_on_from_there(name):
    ex = playing(name, clicks=8)
    ex.back.click()
    here = ex.timeline.state
    ex.records.copy_position.click()
    assert "ex-ok" in ex.records.feedback.value
    record = json.loads(ex.records.paste.value)
    assert record["moves"] == [] and "rng" in record["setup"]
    assert explorer.replay(record) == here
    ex.records.replay.click()
    assert "ex-ok" in ex.records.feedback.value
    start = ex.timeline.at(0)  # the bots may have played on since
    assert start == here and start.legal_moves() == here.legal_moves() and start.view() == here.view()
    again = here.copy()
    for move in ex.timeline.moves:  # what the bots played on goes on from the same position, chance alike
        again.play(move)
    assert again == ex.timeline.final


def test_a_game_that_cannot_write_its_positions_offers_no_copy():
    ex = Explorer("high-card", seed=1)
    assert ex.records.copy_position not in ex.records.widget.children[3].children


def test_a_record_of_another_game_is_refused():
    ex = Explorer("pet-quartet", seed=1)
    other = next(g for g in explorer.games() if g.name != "pet-quartet")
    ex.records.paste.value = explorer.dumps(other.new(other.default_players, 1))
    ex.records.replay.click()
    assert "ex-error" in ex.records.feedback.value and other.title in ex.records.feedback.value
    assert ex.timeline.final.game.name == "pet-quartet"


def test_a_new_game_is_dealt_from_the_form_and_a_bad_choice_is_explained():
    ex = Explorer("pet-quartet", seed=1)
    ex.form.players.value = 3
    ex.form.seed.value = 42
    ex.form.options["scoring"].value = "advanced"
    ex.form.start.click()
    final = ex.timeline.final
    assert (final.players, final.seed, final.options["scoring"]) == (3, 42, "advanced")
    assert [o[0] for o in ex.viewer.options] == [EVERYONE_LABEL, "Ana", "Bo", "Cy"]
    assert ex.seen_by == 0  # you play Ana against bots: the table is seen through her eyes
    ex.form.options["variant"].value = "duet"  # Duet is for two players
    ex.form.start.click()
    assert "ex-error" in ex.feedback.value and "Duet" in ex.feedback.value
    assert ex.timeline.final is final


def test_seats_are_bots_or_you_and_bots_answer_the_same_way_each_time():
    names = [s.name for s in seats()]
    assert names[0] == "you" and "random" in names
    state = explorer.new("pet-quartet", players=3, seed=9)
    for entry in seats():
        if entry.is_bot:
            assert entry.make(5).choose(state) == entry.make(5).choose(state) in state.legal_moves()
    assert RandomBot(1).choose(state) in state.legal_moves()
    with pytest.raises(ValueError):
        seat("nobody")
    all_bots = Explorer("pet-quartet", players=3, seed=2, seats=["random"] * 6)
    assert len(all_bots.timeline) == 0 and not all_bots.forward.disabled  # bots wait for ▶ or autoplay
    for _ in range(5):
        all_bots.forward.click()
    assert len(all_bots.timeline) == 5
    again = Explorer("pet-quartet", players=3, seed=2, seats=["random"] * 6)
    for _ in range(5):
        again.forward.click()
    assert again.timeline.moves == all_bots.timeline.moves


def test_a_failing_view_shows_one_sentence_and_keeps_the_game():
    ex = playing("pet-quartet", clicks=3)

    def broken(state, viewer):
        raise RuntimeError("the table could not be drawn")

    position = ex.timeline.position
    ex.views = Views(table=broken)
    ex.back.click()  # must not raise
    assert "That did not work" in ex.feedback.value and "could not be drawn" in ex.feedback.value
    assert "Traceback" not in ex.feedback.value
    assert ex.timeline.position == position
