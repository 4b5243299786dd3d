"""Links on the dashboards: what an address opens, and the link the explorer offers for its position."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.links import to_query
from explorer.widgets import Explorer
from explorer.widgets.share import LinkedPage, ShareLink, linked_explorer, opening

GAMES = [g.name for g in explorer.games()]


def share_box(ex: Explorer) -> ShareLink:
    """The explorer's "Copy link" box, wherever its toolbar puts it."""
    todo = list(ex.children)
    while todo:
        widget = todo.pop()
        if isinstance(widget, ShareLink):
            return widget
        todo.extend(getattr(widget, "children", ()))
    raise AssertionError("the explorer has no ShareLink")


def ask_link(ex: Explorer) -> str:
    """Press "Copy link" as the page does: a message to the widget, which answers with the link."""
    box = share_box(ex)
    box._on_msg(box, {"event": "copy"}, [])
    return box.query


def played(name: str, seed: int = 5, moves: int = 40) -> explorer.State:
    game = explorer.game(name)
    state = game.new(game.max_players, seed)
    choose = random.Random(seed).choice
    while not state.is_over() and state.ply < moves:
        state.play(choose(state.legal_moves()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_link_opens_its_game_at_its_move_and_the_explorer_links_back(name):
    state = played(name)
    seats = ["you"] + ["greedy"] * (state.game.max_players - 1)
    at = min(7, state.ply)  # a short game (the toy's) may end sooner
    ex = linked_explorer(name, seats=seats, query="?" + to_query(state, at=at))
    line = ex.timeline
    assert line.final == state and line.position == at and len(line) == state.ply  # no bot answered
    assert ex.moves.position == at and len(ex.moves.items) == state.ply
    assert ex.seat_names[: state.players] == seats[: state.players]
    assert "ex-error" not in ex.feedback.value
    # the explorer's own link: the same game at the position shown, also after stepping
    assert ask_link(ex) == "?" + to_query(state, at=at)
    ex.goto(len(line))
    assert share_box(ex).query == "?" + to_query(state)  # the box, once shown, follows every step
    ex.goto(2)
    again = opening(share_box(ex).query, name)
    assert explorer.replay(again.record) == state and again.at == 2 and not again.problem


def test_without_a_link_the_page_opens_its_default_game():
    ex = linked_explorer("pet-quartet", players=4, seed=7, query="")
    plain = Explorer("pet-quartet", players=4, seed=7)
    assert ex.timeline.final == plain.timeline.final and ex.feedback.value == ""
    assert share_box(ex).query == ""  # asked for on the first press only
    assert ask_link(ex) == "?" + to_query(plain.timeline.final)
    # the generic page: ?game= alone deals that game, as the gallery's links do
    generic = linked_explorer("pet-quartet", any_game=True, query="game=quartz")
    assert generic.game.name == "quartz" and generic.timeline.final.seed == 0


@pytest.mark.parametrize("query,words", [
    ("game=pet-quartet&seed=abc", "'seed' must be a whole number"),
    ("game=pet-quartet&moves=D~Q9", "move 2 ('Q9', moves[1]) cannot be played"),
    ("game=pet-quartet&moves=P1", "move 1 ('P1', moves[0]) cannot be played"),
    ("game=pet-quartet&players=9", "'players' is wrong"),
    ("game=pet-quartet&o.scoring=__import__('os').system('true')", "'options.scoring' is wrong"),
    ("game=quartz&moves=explore", "it is a game of Quartz"),
    ("game=nothing", "no game called 'nothing'"),
    ("game=pet-quartet&setup=%7B%22deck%22%3A%22x%22%7D", "setup"),
    ("game=pet-quartet&moves=" + "D~" * 40_000, "longer than 64,000 characters"),
])
def test_a_bad_link_gives_one_sentence_and_the_default_game(query, words):
    start = opening(query, "pet-quartet", players=3, seed=7)
    assert start.problem.startswith("This link cannot be opened: ") and words in start.problem
    assert start.problem.endswith("Here is a new game instead.") and "\n" not in start.problem
    assert (start.game, start.players, start.seed, start.record) == ("pet-quartet", 3, 7, None)


def test_the_page_shows_the_sentence_above_a_fresh_default_game():
    ex = linked_explorer("pet-quartet", players=3, seed=7, query="game=pet-quartet&players=3&moves=D~P1~P1")
    assert ex.timeline.final == Explorer("pet-quartet", players=3, seed=7).timeline.final
    assert "ex-error" in ex.feedback.value and "This link cannot be opened: move 3" in ex.feedback.value


def shown(ex: Explorer) -> tuple:
    """Everything the page shows of an explorer's position (its widgets' values)."""
    return (ex.timeline.final, ex.timeline.position, ex.seat_names, ex.status.value, ex.table.value,
            ex.moves.items, ex.moves.position, ex.feedback.value, ex.teach.value, tuple(ex.viewer.options))


@pytest.mark.parametrize("name", GAMES)
def test_a_page_made_before_its_request_opens_a_link_as_a_new_explorer_would(name):
    state = played(name, seed=8)
    seats = ["you"] + ["greedy"] * (state.game.max_players - 1)
    query = "?" + to_query(state, at=5)
    page = LinkedPage(name, seats=seats)
    ahead = page.explorer
    page.follow(query)
    assert page.explorer is ahead and page.widget is ahead  # the explorer already on the page, now at the link
    assert shown(ahead) == shown(linked_explorer(name, seats=seats, query=query))
    assert ahead.timeline.position == 5 and len(ahead.timeline) == state.ply  # no bot answered
    assert page.opened is not None and page.opened.at == 5 and not page.opened.problem


def test_a_link_without_moves_deals_its_game_and_the_bots_answer():
    page = LinkedPage("pet-quartet", players=4, seed=7)
    page.follow("game=pet-quartet&players=2&seed=4")
    assert shown(page.explorer) == shown(Explorer("pet-quartet", players=2, seed=4))


def test_a_tampered_link_keeps_the_new_default_game_on_the_page_and_says_why():
    page = LinkedPage("pet-quartet", players=3, seed=7)
    ahead = page.explorer
    page.follow("game=pet-quartet&players=3&moves=D~P1~P1")
    assert page.explorer is ahead
    assert ahead.timeline.final == Explorer("pet-quartet", players=3, seed=7).timeline.final
    assert "ex-error" in ahead.feedback.value and "This link cannot be opened: move 3" in ahead.feedback.value


def test_outside_a_dashboard_following_the_address_changes_nothing(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = LinkedPage("quartz", players=3, seed=7, seats=["you", "greedy", "greedy"])
    before, line = shown(page.explorer), page.explorer.timeline
    page.follow()  # no address to wait for: returns at once
    assert page.explorer.timeline is line and shown(page.explorer) == before
    assert page.opened == opening("", "quartz", 3, 7)


def test_the_generic_page_puts_another_games_explorer_in_place_of_its_default():
    page = LinkedPage("pet-quartet", any_game=True)
    default = page.explorer
    assert page.widget.children == (default,)
    state = played("quartz", seed=2, moves=12)
    query = "?" + to_query(state, at=4)
    page.follow(query)
    assert page.widget.children == (page.explorer,) and page.explorer is not default
    assert shown(page.explorer) == shown(linked_explorer("pet-quartet", any_game=True, query=query))
    assert default.comm is None and default.table.comm is None  # the page no longer loads the default's widgets
    # a link to the default's own game opens in the explorer already there
    same = LinkedPage("pet-quartet", any_game=True)
    ahead = same.explorer
    same.follow("?" + to_query(played("pet-quartet", seed=3, moves=10), at=6))
    assert same.explorer is ahead and same.widget.children == (ahead,) and ahead.timeline.position == 6


def test_a_link_keeps_whose_eyes_the_table_is_seen_through():
    state = explorer.new("pets", players=3, seed=2)
    for _ in range(4):
        state.play(state.legal_moves()[0])
    ex = linked_explorer("pets", query="?" + to_query(state, at=2) + "&seen=2")
    assert ex.seen_by == 1 and ex.timeline.position == 2
    assert ask_link(ex) == "?" + to_query(state, at=2) + "&seen=2"
    ex.viewer.value = -1  # the teacher's view travels as seen=all
    assert share_box(ex).query.endswith("&seen=all")
    again = linked_explorer("pets", query=share_box(ex).query)
    assert again.seen_by is None
    plain = linked_explorer("pets", query="?" + to_query(state))
    assert plain.seen_by == 0 and ask_link(plain) == "?" + to_query(state)  # your own eyes: nothing to say
