"""Quartz and Keistad Kwartet played by touching the table: every legal move is a few touches away, a touch the
rules forbid is answered with the rule, and the tables draw what can be touched."""

from __future__ import annotations

import random
from html import escape
import re
from typing import Any

import pytest

import explorer
from explorer.games.quartz.deck import HELPERS
from explorer.widgets.games import kwartet_touch as kt
from explorer.widgets.games import quartz_touch as qt
from explorer.widgets.games.keistad_kwartet import table as kwartet_table
from explorer.widgets.games.quartz import table as quartz_table
from explorer.widgets.touch import Choose, Play, Refuse


def touches_to(touch: Any, state: explorer.State, move: Any, most: int = 4) -> list[str] | None:
    """The touches, on targets the table offers, that play ``move`` (breadth first); ``None`` if none do."""
    want = str(move)
    frontier: list[tuple[Any, list[str]]] = [(None, [])]
    for _ in range(most):
        further = []
        for picked, path in frontier:
            for target in sorted(touch.targets(state, state.to_move, picked).allowed):
                answer = touch.pick(state, state.to_move, picked, target)
                if isinstance(answer, Play) and str(state.parse(str(answer.move))) == want:
                    return path + [target]
                if isinstance(answer, Choose) and answer.picked is not None:
                    further.append((answer.picked, path + [target]))
        frontier = further
    return None


GAMES = [("quartz", {}, qt.QuartzTouch(), 2), ("keistad-kwartet", {}, kt.KwartetTouch(), 3),
         ("keistad-kwartet", {"bonus_cards": True}, kt.KwartetTouch(), 3),
         ("keistad-kwartet", {"ask_for": "quartet"}, kt.KwartetTouch(), 2)]


@pytest.mark.parametrize("name, options, touch, most", GAMES)
def test_every_legal_move_is_a_few_touches_away(name, options, touch, most):
    rng = random.Random(3)
    state = explorer.new(name, players=3, seed=11, options=options)
    while not state.is_over() and state.ply < 30:
        moves = state.legal_moves()
        for move in moves if len(moves) < 12 else rng.sample(moves, 12):
            path = touches_to(touch, state, move, most)
            assert path is not None, f"{move} cannot be reached by touching the table at move {state.ply}"
        state.play(rng.choice(state.legal_moves()))


def test_quartz_prompt_offers_explore_and_the_columns_then_to_work_and_enough():
    state = explorer.new("quartz", players=3, seed=28)
    offer = qt.targets(state)
    assert offer.detail[0] == "Ana, what is your turn: explore the mine, or protect a column?"
    assert [c.label for c in offer.detail[1]] == ["Explore the mine"]
    assert qt.pick(state, None, "move:explore") == Play("explore")
    state.play("explore")
    offer = qt.targets(state)  # Bo holds no Attack card he may play on an empty line
    assert offer.detail[0].startswith("Bo, none of your Attack cards can be played now")
    assert [c.label for c in offer.detail[1]] == ["Do not attack"]
    while state.view(None)["phase"] != "decide":
        state.play("pass")
    labels = [c.label for c in qt.targets(state).detail[1]]
    assert labels == ["To work!", "Enough for today!"]
    assert "accident risk" in qt.targets(state).detail[1][0].detail


def test_quartz_an_attack_card_with_several_targets_takes_a_second_touch_on_the_column():
    duel = {"game": "quartz", "players": 2, "seed": 0, "moves": ["explore"], "setup": {
        "mine": ["Q1", "A2u1", "E3u1", "S4", "A2"], "helpers": [], "first_player": 0,
        "hands": [["semchance", "cadaver"], ["isso", "para"]],
        "collections": [["R6u1", "R6u2", "E3"], ["E3", "Q1"]]}}
    state = explorer.replay(duel)
    offer = qt.targets(state)
    asked, buttons = offer.detail
    assert asked == "Bo, attack Ana? You may play one of these cards:"
    isso = next(c for c in buttons if c.target == "helper:isso")
    assert isso.label == "Isso Não Te Pertence Mais... (This Is No Longer Yours...)"
    assert "helper:para" not in {c.target for c in buttons}  # one way only: its button plays it
    assert qt.pick(state, None, "helper:para") == Play(next(m for m in state.legal_moves() if str(m) == "para"))
    assert [c.label for c in buttons][-1] == "Do not attack"
    assert qt.pick(state, None, "helper:isso") == Choose("isso")
    aims = [c.label for c in qt.targets(state, "isso").detail[1]]
    assert aims == ["Steal the Emerald 3 column", "Steal the Ruby 6 column", "Steal an Emerald 3 and a Ruby 6",
                    "Back"]
    assert "column:0:R6" in qt.targets(state, "isso").allowed
    assert str(qt.pick(state, "isso", "column:0:R6").move) == "isso R6"
    assert qt.pick(state, "isso", "column:1:E3").reason.startswith("Isso Não Te Pertence Mais... (This Is No "
                                                                   "Longer Yours...) is aimed at Ana's columns")
    assert qt.pick(state, "isso", "helper:isso") == Choose(None)  # touched again: put down


def test_quartz_touches_the_rules_forbid_are_answered_with_the_rule():
    state = explorer.new("quartz", players=3, seed=28)
    assert qt.pick(state, None, "move:stop") == Refuse("Ana must first announce: explore, or protect a column.",
                                                       "quartz/announce", "stop")
    assert qt.pick(state, None, "helper:isso").rule == "quartz/attack-window"
    assert qt.pick(state, None, "helper:semchance").rule == "quartz/hidden-hands"
    assert qt.pick(state, None, "column:1:R6").rule == "quartz/protect"
    state.play("explore")
    assert qt.pick(state, None, "helper:semchance") == Refuse(
        "Defense cards are played by the active player, against an attack.", "quartz/defense",
        "Sem Chance! (No Chance!)")
    for answer in (qt.pick(state, None, t) for t in ("move:explore", "helper:passa", "nonsense", "column:x")):
        assert isinstance(answer, Refuse) and answer.reason.endswith(".")


def test_quartz_table_names_every_helper_in_english_and_marks_the_targets():
    state = explorer.new("quartz", players=3, seed=28)
    plain = quartz_table(state, None)
    assert ' data-touch="' not in plain and 'class="ex-ask"' not in plain
    for key in state.view(None)["players"][0]["hand"]:
        assert f"{HELPERS[key].gloss}</small>" in plain
        assert escape(qt.HELPER_WORDS[key]) in plain  # what it does, on hover
    offered = quartz_table(state, 0, qt.targets(state))
    assert 'data-touch="move:explore" data-touch-ok' in offered
    assert '<div class="q">Ana, what is your turn' in offered
    assert re.search(r'data-helper="isso"[^>]*data-touch="helper:isso"', offered)


def run(log: list[Any], names: list[str]) -> list[tuple[int, int, str]]:
    return qt.fold(log, names)


def test_quartz_log_folds_a_round_of_passes_into_one_line():
    state = explorer.new("quartz", players=3, seed=28)
    for move in ("explore", "pass", "pass"):
        state.play(move)
    runs = qt.fold(state.log, state.names)
    assert len(runs) == 1 and runs[0][:2] == (1, 2)
    assert runs[0][2].startswith("Bo and Cy do not attack. Ana reveals a Quartz 1 (unstable at 2)")
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    runs = qt.fold(state.log, state.names)
    folded = sum(last - first + 1 for first, last, _ in runs)
    assert runs and folded > len(state.log) // 10
    for first, last, text in runs:  # a run is passes only, and loses none of what the last one set off
        assert all(str(e.move) == "pass" for e in state.log[first:last + 1])
        assert text.endswith(state.log[last].text.partition("does not attack.")[2])
        assert all(state.log[k].text.endswith("does not attack.") for k in range(first, last))


def kwartet(**options: Any) -> explorer.State:
    return explorer.new("keistad-kwartet", players=3, seed=5, options=options)


def test_kwartet_asks_in_three_touches_opponent_quartet_card():
    state = kwartet()
    hand = state.view(0)["hands"][0]
    q = int(hand[0].split(".")[0])
    first = kt.pick(state, kt.Asking(), "player:1")
    assert first == Choose(kt.Asking(target=1))
    second = kt.pick(state, first.picked, f"quartet:{q}")
    assert second == Choose(kt.Asking(target=1, quartet=q - 1))
    asked, buttons = kt.targets(state, second.picked).detail
    assert asked == f"Ana, ask Bo for which card of {kt.quartet_name(q - 1)}?"
    cards = [c for c in buttons if c.target.startswith("card:")]
    assert len(cards) == 4
    mine = next(c for c in cards if c.target == f"card:{hand[0]}")
    assert (mine.kind, mine.detail) == ("bluff", "a bluff: you hold it")
    assert all(c.detail.endswith("% chance") for c in cards if c is not mine)
    other = next(c for c in cards if c is not mine).target
    assert str(kt.pick(state, second.picked, other).move) == f"{other[5:]}@2"
    # the quartet first, then the opponent, works as well
    assert kt.pick(state, kt.Asking(), f"quartet:{q}") == Choose(kt.Asking(quartet=q - 1))


def test_kwartet_cards_say_what_the_table_knows():
    state = kwartet()
    hand = state.view(0)["hands"][0]
    ask = next(m for m in state.legal_moves() if str(m).split("@")[0] not in hand)
    state.play(ask)  # Ana asks Bo (or Cy) for a card she lacks: the table learns she holds some of its quartet
    while state.to_move != 1:
        state.play(state.legal_moves()[0])
    # Bo asks now; what he knows of Ana's hand shows on the cards
    known = state.knowledge().known_in(0)
    lacks = state.knowledge().known_not_in(0)
    for card in range(44):
        kind, words = kt.knows(state, 0, card)
        if state.hand(1) & (1 << card):
            assert kind == "bluff"
        elif known & (1 << card):
            assert (kind, words) == ("sure", "a sure hit: Ana holds it")
        elif lacks & (1 << card):
            assert (kind, words) == ("not", "known not there: Ana lacks it")
        else:
            assert kind == "odds" and words.endswith("chance")


def test_kwartet_touches_the_rules_forbid_are_answered_with_the_rule():
    state = kwartet()
    assert kt.pick(state, kt.Asking(), "player:0") == Refuse("You must choose an opponent, not yourself.",
                                                             "keistad-kwartet/ask", "Asking Ana")
    held = {int(c.split(".")[0]) for c in state.view(0)["hands"][0]}
    lacking = next(q for q in range(1, 12) if q not in held)
    answer = kt.pick(state, kt.Asking(target=1), f"quartet:{lacking}")
    assert isinstance(answer, Refuse) and answer.rule == "keistad-kwartet/ask-category"
    assert kt.pick(state, kt.Asking(), "bonus:BS").rule == "keistad-kwartet/bonus-cards"
    assert kt.pick(state, kt.Asking(), "card:3.2") == Refuse("First touch the opponent you ask.")


def test_kwartet_bonus_cards_are_played_from_the_hand():
    for seed in range(30):
        state = explorer.new("keistad-kwartet", players=3, seed=seed, options={"bonus_cards": True})
        held = [c for c in state.view(0)["hands"][0] if c in kt.BONUS_BY_CODE]
        if state.to_move == 0 and "KF" in held:
            break
    else:
        pytest.skip("no seed deals Keistadfeesten to the first player")
    html = kwartet_table(state, 0, kt.targets(state, None))
    assert 'data-card="KF" data-touch="bonus:KF" data-touch-ok' in html
    picked = kt.pick(state, kt.Asking(), "bonus:KF")
    assert picked == Choose(kt.Asking(bonus="KF"))
    quartet = next(c for c in kt.targets(state, picked.picked).detail[1] if c.target.startswith("quartet:"))
    assert str(kt.pick(state, picked.picked, quartet.target).move) == f"KF{quartet.target[8:]}"


def test_kwartet_table_marks_opponents_and_hand_groups_and_shows_the_ask_box():
    state = kwartet()
    plain = kwartet_table(state, None)
    assert ' data-touch="' not in plain and 'class="ex-ask"' not in plain
    html = kwartet_table(state, 0, kt.targets(state, kt.Asking(target=1)))
    assert '<tr data-player="1"><th data-touch="player:1" data-touch-ok' in html
    assert '<tr data-player="0"><th data-touch="player:0" tabindex' in html  # oneself: touched, refused
    assert re.search(r'class="grp[^"]*" data-quartet="\d+" data-touch="quartet:\d+" data-touch-ok', html)
    assert html.count('class="ex-ask"') == 1 and "Ana, ask Bo for a card of which quartet?" in html


def test_quartz_explorer_plays_on_its_table_folds_the_passes_and_explains_a_refusal():
    from explorer.widgets import Explorer

    ex = Explorer("quartz", players=3, seed=28, seats=["you", "greedy", "greedy"])
    assert 'data-touch="move:explore" data-touch-ok' in ex.table.value
    ex.touch("move:stop")
    assert "Ana must first announce" in ex.touch_line.value and "quartz/announce" in ex.touch_line.value
    assert ex.state.ply == 0
    ex.touch("move:explore")
    assert ex.state.ply >= 3 and ex.state.to_move == 0
    items = ex.moves.items
    run = [item for item in items if item.get("first")]
    assert run and run[0]["text"].startswith("Bo and Cy do not attack.") and run[0]["who"] == "Bo, Cy"
    assert [item.get("into") for item in items[1:3]] == [run[0]["k"], None]
    assert len(items) == ex.state.ply  # every move keeps its row: the list still jumps to any of them


def test_kwartet_explorer_asks_in_three_touches():
    from explorer.widgets import Explorer

    ex = Explorer("keistad-kwartet", players=3, seed=5, seats=["you", "random", "random"])
    q = ex.state.view(0)["hands"][0][0].split(".")[0]
    ex.touch("player:1")
    assert "Ana, ask Bo for a card of which quartet?" in ex.table.value
    ex.touch(f"quartet:{q}")
    assert "a bluff: you hold it" in ex.table.value
    card = next(f"{q}.{k}" for k in range(1, 5) if f"{q}.{k}" not in ex.state.view(0)["hands"][0])
    ex.touch(f"card:{card}")
    assert ex.timeline.entries[0].notation == f"{card}@2"


def test_the_move_list_folds_runs_of_declined_attacks_into_one_line_from_their_events():
    from explorer.core.words import names_list

    state = explorer.new("quartz", players=3, seed=5)
    choose = random.Random(5).choice
    while not state.is_over():
        state.play(choose(state.legal_moves()))
    log, names = state.log, state.names
    runs = qt.fold(log, names)
    assert runs and all(j > i for i, j, _ in runs)
    for i, j, line in runs:
        who = [names[e.player] for e in log[i:j + 1]]
        assert all(e.text == f"{names[e.player]} does not attack." for e in log[i:j])
        own = f"{who[-1]} does not attack."
        assert line == f"{names_list(who)} do not attack." + log[j].text[len(own):]
    assert any(line.endswith(").") and "reveals" in line for _, _, line in runs)  # what the last pass set off
