"""Playing like at a board game: your own eyes, passing the device, bots you can follow."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest

from explorer.widgets import Explorer
from explorer.widgets.explain import callouts, since_html

PLAIN = re.compile(r"<[^>]+>")


def text(html: str) -> str:
    from html import unescape

    return " ".join(unescape(PLAIN.sub(" ", html)).split())


def test_one_person_against_bots_sees_the_table_through_their_own_eyes():
    for game in ("pets", "quartz", "keistad-kwartet", "quartex", "pet-quartet"):
        ex = Explorer(game, players=3, seed=7)
        assert ex.seen_by == 0, game
        assert "data-viewer=\"everyone\"" not in ex.table.value
    assert Explorer("pets", players=3, seed=7, seats=["random"] * 5).seen_by is None  # only bots: everyone


def test_several_people_on_one_device_pass_it_between_turns():
    ex = Explorer("pets", players=3, seed=7, seats=["you", "you", "random"])
    assert ex.seen_by == ex.state.to_move == 0 and ex.handoff.layout.display == "none"
    ex.play(ex.state.legal_moves()[0])
    assert ex.state.to_move == 1
    # Ana's hand is covered until Bo asks to see his
    assert ex.handoff.layout.display is None and "ex-covered" in ex._dom_classes
    assert "Pass the device to Bo" in text(ex.handoff_text.value)
    assert ex.handoff_button.description == "I am Bo: show my hand"
    ex.handoff_button.click()
    assert ex.seen_by == 1 and ex.handoff.layout.display == "none" and "ex-covered" not in ex._dom_classes
    # the teacher's view never covers the table
    ex.viewer.value = -1
    ex.play(ex.state.legal_moves()[0])
    assert ex.handoff.layout.display == "none"


def in_own_loop(coroutine):
    """Run ``coroutine()`` in an event loop of its own thread, as a kernel would: a browser test run before
    it in this process may have left a loop running in this one."""
    done: list = []
    worker = threading.Thread(target=lambda: done.append(asyncio.run(coroutine())))
    worker.start()
    worker.join()
    assert done, "the coroutine failed (see the thread's error above)"
    return done[0]


def test_bots_answer_one_move_at_a_time_and_the_person_gets_a_summary():
    async def play() -> Explorer:
        ex = Explorer("pet-quartet", players=3, seed=7)
        ex.speed.value = 0.05
        before = len(ex.timeline)
        ex._play_button("D")
        ex._play_button(str(ex.state.legal_moves()[0]))
        assert ex._bots_task is not None and len(ex.timeline) == before + 2  # the bots have not played yet
        for _ in range(500):
            await asyncio.sleep(0.01)
            if ex._bots_task is None:
                break
        return ex

    ex = in_own_loop(play)
    assert ex.state.to_move == 0 and ex._bots_task is None
    summary = text(ex.teach.value)
    assert "Ana, your turn. What happened since your last move (4 moves)" in summary
    assert summary.count("Bo draws") == summary.count("Bo places") == summary.count("Cy draws") == 1


def test_instant_bots_answer_at_once():
    ex = Explorer("pet-quartet", players=3, seed=7)
    ex.speed.value = 0.0
    ex._play_button("D")
    ex._play_button(str(ex.state.legal_moves()[0]))
    assert ex.state.to_move == 0 and ex._bots_task is None


#: For each game, a kind of event its summaries must call out, and the words beside the move.
CALLED_OUT = {"pet-quartet": ("RoundEnded", "round end"), "pets": ("Scored", "scoring"),
              "quartz": ("Accident", "accident"), "keistad-kwartet": ("LaidDown", "scoring"),
              "quartex": ("TookTokens", "scoring")}


@pytest.mark.parametrize("name", sorted(CALLED_OUT))
def test_a_summary_calls_out_round_ends_scorings_and_accidents_from_events(name):
    """The summary reads each move's events: its call-outs are words, its lines the narration, no rule id."""
    import random

    import explorer

    kind, label = CALLED_OUT[name]
    game = explorer.game(name)

    def played_to_one(seed):
        """A random game of ``seed`` played up to the first move that tells a ``kind``, or None."""
        state, choose = game.new(seed=seed), random.Random(seed).choice
        while not state.is_over():
            if any(type(e).__name__ == kind for e in state.play(choose(state.legal_moves())).events):
                return state
        return None

    state = next(filter(None, map(played_to_one, range(20))))
    entries = state.log[-3:]
    assert label in callouts(game.narrator(state.names), entries[-1])
    shown = text(since_html(game, state, entries, "Ana", True))
    assert f"{label} " in shown and entries[-1].text in shown
    assert not any(rule in shown for entry in entries for rule in entry.rules)  # words, never rule ids
    assert callouts(None, entries[-1]) == []  # a game without a narrator tells no events
    assert since_html(game, state, (), "Ana", True) == ""


def test_a_finished_game_shows_its_results_and_a_rematch_deals_the_next_seed():
    import random

    import explorer

    state = explorer.new("pet-quartet", players=3, seed=0)
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    ex = Explorer("pet-quartet", record=state.to_record())
    shown = text(ex.results.value)
    assert ex.results_card.layout.display is None
    assert shown.startswith("Game over: Bo wins.") and "1st Bo 4" in shown
    assert "How the tie was settled: Tie on 4 points broken by the highest Soloist (7)." in shown
    assert "[" not in text(ex.status.value) and "pet-quartet/" not in text(ex.status.value)
    ex.back.click()
    assert ex.results_card.layout.display == "none"
    ex.rematch.click()
    assert ex.timeline.final.seed == 1 and ex.timeline.final.options == state.options
    assert "A rematch" in ex.feedback.value


def test_the_keyboard_steps_through_the_game():
    ex = Explorer("pets", players=3, seed=7)
    for _ in range(3):
        ex.play(ex.state.legal_moves()[0])
    total = len(ex.timeline)
    press = lambda key: ex._on_key(ex.moves, {"event": "key", "key": key}, [])  # noqa: E731
    press("back")
    assert ex.timeline.position == total - 1
    press("start")
    assert ex.timeline.position == 0
    press("forward")
    assert ex.timeline.position == 1
    press("end")
    assert ex.timeline.position == total
    press("nonsense")
    assert ex.timeline.position == total


def test_the_setup_and_the_rules_speak_of_options_in_words():
    import explorer

    for game in explorer.games():
        ex = Explorer(game.name)
        form = ex.form
        for name, control in form.options.items():
            option = game.options[name]
            assert control.description == option.heading() and "_" not in control.description
            assert all(label not in ("True", "False") for label, _ in control.options)
            assert text(form.option_help[name].value) == option.explanation(control.value)
        reference = text(ex.rules.value)
        for name in game.options:
            if "_" in name:
                assert name not in reference, (game.name, name)
        assert "=" not in reference
