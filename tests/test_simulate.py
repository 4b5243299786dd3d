"""Simulations: one reproducible row a game, however the games are spread; figures; the command line."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

import explorer
from explorer import ExplorerError, bots
from explorer.analysis import seat_results, simulate, split_seats, wilson, win_rates
from explorer.analysis.batch import COLUMNS, PREFIX, bot_seed, figures
from explorer.analysis.simulate import notes
from explorer.cli import main
from explorer.core import State
from explorer.games.pet_quartet import PetQuartet, PetQuartetState

SEATS = ["greedy", "random", "random"]


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return simulate("pet-quartet", SEATS, games=8, seed=11, rotate=True, workers=1)


def test_one_row_a_game_with_the_standard_columns(serial):
    assert list(serial.columns) == list(COLUMNS) + ["fig_rounds", "fig_quartets", "fig_soloists", "fig_returned"]
    assert list(serial["game"]) == list(range(8))
    assert (serial["players"] == 3).all()
    for row in serial.itertuples():
        assert len(row.scores) == 3 and row.winners and set(row.winners) <= {0, 1, 2}
        assert max(row.scores) == row.scores[row.winners[0]]
        assert sorted(row.seats) == sorted(SEATS) and 0 <= row.first < 3 and row.length > 0
        assert json.loads(row.options)["scoring"] == "standard"
    assert serial.attrs["game"] == "pet-quartet" and serial.attrs["seed"] == 11


def test_the_same_arguments_give_the_same_frame(serial):
    again = simulate("pet-quartet", SEATS, games=8, seed=11, rotate=True, workers=1)
    pd.testing.assert_frame_equal(serial, again)
    other = simulate("pet-quartet", SEATS, games=8, seed=12, rotate=True, workers=1)
    assert list(other["seed"]) != list(serial["seed"])


def test_a_row_is_replayed_from_its_seeds(serial):
    row = serial.iloc[5]
    state = explorer.new("pet-quartet", players=3, seed=int(row["seed"]), options=json.loads(row["options"]))
    seats = [bots.make(spec, bot_seed(11, 5, p)) for p, spec in enumerate(row["seats"])]
    bots.play_out(state, seats)
    assert tuple(s.total for s in state.scores()) == row["scores"]
    assert (state.ply, state.log[0].player) == (row["length"], row["first"])


def test_rotate_turns_the_table_one_seat_a_game(serial):
    assert [tuple(s) for s in serial["seats"][:4]] == [
        ("greedy", "random", "random"), ("random", "random", "greedy"),
        ("random", "greedy", "random"), ("greedy", "random", "random")]
    fixed = simulate("pet-quartet", SEATS, games=3, seed=11)
    assert all(tuple(s) == tuple(SEATS) for s in fixed["seats"])


def test_options_reach_every_game():
    frame = simulate("pet-quartet", "greedy,random", games=3, seed=2, options={"scoring": "advanced",
                                                                              "variant": "duet"})
    assert all(json.loads(o)["variant"] == "duet" for o in frame["options"])
    assert frame.attrs["options"]["scoring"] == "advanced"


def test_a_process_pool_gives_the_serial_frame(serial):
    pooled = simulate("pet-quartet", SEATS, games=8, seed=11, rotate=True, workers=2)
    pd.testing.assert_frame_equal(serial, pooled)


def test_a_dask_cluster_gives_the_serial_frame(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = simulate("pet-quartet", SEATS, games=8, seed=11, rotate=True, executor=client.get_executor())
    pd.testing.assert_frame_equal(serial, remote)


def test_progress_bar_on_request(capsys):
    simulate("pet-quartet", ["random", "random"], games=2, seed=1, progress=True)
    assert "2/2" in capsys.readouterr().err
    simulate("pet-quartet", ["random", "random"], games=2, seed=1)
    assert capsys.readouterr().err == ""


# -- a game's own figures --------------------------------------------------------------

class CountedState(PetQuartetState):
    """Pet Quartet with figures: how many rounds were played, and the deck's top number."""

    def figures(self):
        return {"rounds": self.round - 1, "top_card": self.top}


class Counted(PetQuartet):
    state_class = CountedState


def test_figures_follow_the_hook():
    state = bots.play_out(Counted().new(2, seed=3), [bots.make("random", 1), bots.make("random", 2)])
    found = figures(state)
    assert found["top_card"] == 9 and found["rounds"] >= 1
    assert State.figures(state) == {}  # the engine's default: a game that declares nothing adds no columns


@pytest.mark.parametrize("bad,message", [
    ({"two words": 1}, "is not a column name"),
    ({"cards": [1, 2]}, "is list, not a number"),
    ({"name": "Ann"}, "is str, not a number"),
    ({"over": True}, "is bool, not a number"),
])
def test_figures_that_break_the_contract_are_refused(bad, message):
    class Broken(CountedState):
        def figures(self):
            return bad

    class BrokenGame(PetQuartet):
        state_class = Broken

    state = bots.play_out(BrokenGame().new(2, seed=1), [bots.make("random", 1)] * 2)
    with pytest.raises(ExplorerError, match=message):
        figures(state)


@pytest.mark.parametrize("name", [g.name for g in explorer.games()])
def test_every_game_simulates_with_its_figures(name):
    game = explorer.game(name)
    frame = simulate(name, ["random"] * game.min_players, games=1, seed=4)
    state = explorer.new(name, game.min_players, int(frame["seed"][0]))
    bots.play_out(state, [bots.make("random", bot_seed(4, 0, p)) for p in range(game.min_players)])
    assert list(frame.columns) == list(COLUMNS) + [PREFIX + key for key in figures(state)]
    assert frame["scores"][0] == tuple(s.total for s in state.scores())


# -- bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,message", [
    ({"game": "chess"}, "there is no game called 'chess'"),
    ({"seats": ["greedy"]}, "for 2 to 6 players, not 1"),
    ({"seats": ["greedy", "oracle"]}, "there is no bot called 'oracle'"),
    ({"seats": []}, "seats must be a list of bot names"),
    ({"games": -1}, "number of games must be a whole number"),
    ({"seed": -2}, "seed must be a whole number"),
    ({"options": {"scoring": "huge"}}, "option 'scoring' cannot be 'huge'"),
    ({"workers": 0}, "number of workers must be a whole number from 1"),
])
def test_bad_input_is_refused_in_one_sentence(kwargs, message):
    args = {"game": "pet-quartet", "seats": ["greedy", "random"], "games": 2, **kwargs}
    with pytest.raises(ExplorerError, match=message):
        simulate(**args)


def test_only_registered_games_are_simulated():
    with pytest.raises(ExplorerError, match="not the one registered"):
        simulate(Counted(), ["random", "random"], games=1)
    assert len(simulate(explorer.game("pet-quartet"), ["random", "random"], games=1)) == 1


def test_a_game_without_a_strategy_is_noted():
    class Plain(PetQuartet):
        strategy = None

    assert notes(Plain(), ["greedy", "search"]) == [
        "Pet Quartet has no greedy strategy, so the greedy bot plays at random.",
        "Pet Quartet has no greedy strategy, so the search bot's rollouts are random.",
    ]
    assert notes(Plain(), ["random", "search(rollout=random)"]) == []
    assert notes(explorer.game("pet-quartet"), ["greedy"]) == []


def test_seats_split_on_commas_outside_brackets():
    assert split_seats("random, search(playouts=5, rollout=random),greedy") == [
        "random", "search(playouts=5, rollout=random)", "greedy"]


# -- figures from the frame ----------------------------------------------------------

def test_wilson_interval():
    low, high = wilson(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_win_shares_add_up_to_one_a_game(serial):
    seats = seat_results(serial)
    assert len(seats) == 3 * len(serial)
    assert (seats.groupby("game")["win"].sum().round(9) == 1).all()
    assert set(seats["order"]) == {0, 1, 2}
    table = win_rates(serial)
    assert list(table.index) == ["greedy", "random"] and table["seats"].tolist() == [8, 16]
    assert math.isclose(table["wins"].sum(), len(serial))
    assert ((table["low"] <= table["rate"]) & (table["rate"] <= table["high"])).all()
    assert (table["even"] == 1 / 3).all()


# -- the command line ----------------------------------------------------------------

def test_cli_prints_win_rates_and_writes_csv(tmp_path, capsys):
    path = tmp_path / "games.csv"
    assert main(["simulate", "pet-quartet", "--games", "4", "--seats", "greedy,random", "--rotate",
                 "--option", "scoring=advanced", "--seed", "3", "--csv", str(path)]) == 0
    out = capsys.readouterr().out
    assert "win rate by bot" in out and "greedy" in out and "wrote 4 games" in out
    frame = pd.read_csv(path)
    assert len(frame) == 4 and list(frame.columns) == list(COLUMNS) + [PREFIX + k for k in DECLARED["pet-quartet"]]
    assert [len(json.loads(s)) for s in frame["scores"]] == [2] * 4
    assert json.loads(frame["options"][0])["scoring"] == "advanced"


@pytest.mark.parametrize("argv,message", [
    (["--seats", "greedy,nobody"], "there is no bot called 'nobody'"),
    (["--seats", "greedy"], "for 2 to 6 players, not 1"),
    (["--seats", "greedy,random", "--option", "scoring"], "write each option as --option name=value"),
    (["--seats", "greedy,random", "--games", "0"], "--games must be at least 1"),
    (["--seats", "greedy,random", "--workers", "0"], "--workers must be at least 1"),
    (["--seats", "greedy,random", "--csv", "/no/such/folder/games.csv"], "there is no folder"),
])
def test_cli_bad_input_is_one_error_line(argv, message, capsys):
    assert main(["simulate", "pet-quartet", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


# -- charts and the notebook panel -----------------------------------------------------

def test_charts_draw_from_the_frame(serial):
    from explorer.analysis.charts import first_seat_chart, length_chart, score_distribution, win_rate_chart

    wins = win_rate_chart(win_rates(serial)).to_dict()
    rows = next(iter(wins["datasets"].values()))
    assert sorted(r["group"] for r in rows) == ["greedy", "random"]
    order = first_seat_chart(serial).to_dict()
    assert any(r.get("group") == "moved 1st" for rows in order["datasets"].values() for r in rows)
    for chart in (score_distribution(serial), score_distribution(serial, by="seat"), length_chart(serial)):
        assert chart.to_dict()["datasets"]


def test_the_panel_offers_every_game_option_and_bot_and_runs():
    from explorer.analysis.panel import SimulationPanel

    panel = SimulationPanel("pet-quartet", games=4, seed=2)
    assert panel.seats() == ["greedy", "random", "random", "random"]
    assert set(panel.options()) == set(explorer.game("pet-quartet").options)
    frame = panel.run()
    assert len(frame) == 4 and "4 games of Pet Quartet" in panel.status.value
    assert panel.charts["wins"].spec["datasets"]
    panel.players.value = 3
    panel.option_box.children[list(panel.options()).index("variant")].value = "duet"
    assert panel.run() is None and "Duet variant is for 2 players" in panel.status.value
    for game in explorer.games():
        panel.game_choice.value = game.name
        assert panel.players.value == game.default_players and len(panel.seats()) == game.default_players
        assert set(panel.options()) == set(game.options)


# -- how the work is spread ----------------------------------------------------------------

def test_a_run_is_cut_into_a_few_tasks_a_worker():
    from explorer.analysis.simulate import MAX_CHUNK, chunk

    assert chunk(10_000, 2) == 313  # 32 tasks: few enough to cost nothing, enough for a moving bar
    assert chunk(10_000, 8) == 157 and chunk(5, 2) == 1 and chunk(0, 2) == 1
    assert chunk(10_000_000, 0) == MAX_CHUNK


def test_a_batch_sends_back_its_outcomes_as_columns():
    from explorer.analysis.batch import OUTCOMES, Batch, play_batch, play_game

    columns = play_batch(Batch("pet-quartet", ("greedy", "random"), (), 11, 3, 6, True))
    figures = [PREFIX + key for key in DECLARED["pet-quartet"]]
    assert list(columns) == list(OUTCOMES) + figures and all(len(v) == 3 for v in columns.values())
    row = play_game("pet-quartet", ("greedy", "random"), {}, 11, 4, True)
    assert [columns[k][1] for k in columns] == [row[k] for k in columns]


def test_the_local_pool_is_started_once_and_kept():
    import sys

    module = sys.modules["explorer.analysis.simulate"]  # the module, which the function of that name hides
    first = simulate("pet-quartet", ["random", "random"], games=4, seed=1, workers=2)
    pool = module._POOL[1]
    second = simulate("pet-quartet", ["random", "random"], games=4, seed=1, workers=2)
    assert module._POOL[1] is pool
    pd.testing.assert_frame_equal(first, second)


# -- variants and duels ------------------------------------------------------------------

def test_compare_plays_the_same_deals_under_each_value():
    from explorer.analysis.variants import compare, variant_table

    frame = compare("pet-quartet", "scoring", ["greedy", "random"], games=6, seed=2)
    assert list(frame["scoring"]) == ["standard"] * 6 + ["advanced"] * 6
    assert list(frame["seed"][:6]) == list(frame["seed"][6:])
    assert [json.loads(o)["scoring"] for o in frame["options"]] == list(frame["scoring"])
    table = variant_table(frame, "scoring", bot="greedy")
    assert list(table.index) == ["standard", "advanced"] and (table["games"] == 6).all()
    for prefix in ("bot", "first", "shared"):
        assert ((table[f"{prefix}_low"] <= table[f"{prefix}_rate"])
                & (table[f"{prefix}_rate"] <= table[f"{prefix}_high"])).all()
    with pytest.raises(ExplorerError, match="has no option 'speed'"):
        compare("pet-quartet", "speed", ["greedy", "random"], games=1)


def test_a_verdict_claims_a_difference_only_when_the_intervals_part():
    from explorer.analysis.variants import verdict

    def table(low_b):
        t = pd.DataFrame({"games": [100, 100], "bot_rate": [0.7, 0.5], "bot_low": [0.6, low_b],
                          "bot_high": [0.8, 0.58]}, index=["on", "off"])
        t.index.name = "bonus"
        return t

    assert verdict(table(0.4), "bot", "the share").startswith("the share is clearly higher with bonus set to on")
    assert verdict(table(0.4).assign(bot_high=[0.8, 0.65]), "bot", "the share").startswith(
        "After 100 games with each value, the values cannot be told apart")


def test_a_duel_gives_the_stronger_bot_s_share_and_a_sentence():
    from types import SimpleNamespace

    from explorer.analysis.ladder import duel, ladder_sentence

    line = duel("pet-quartet", "greedy", "random", games=6, seed=1)
    assert line["games"] == 6 and line["low"] <= line["rate"] <= line["high"]
    said = ladder_sentence(SimpleNamespace(**line))
    assert said.startswith("At Pet Quartet, ") and "over 6 two-player games" in said
    assert ("measurably beats" in said) == (line["low"] > 0.5)


# -- the figures of the five games ----------------------------------------------------

#: What each game declares, in order: a game that changes them changes its docs page and docs/analysis.md too.
DECLARED = {
    "pet-quartet": ["rounds", "quartets", "soloists", "returned"],
    "pets": ["rounds", "rounds_scored", "cards_won", "kinds_won", "exhausted"],
    "quartex": ["tiles_placed", "shapes", "tokens", "eliminated"],
    "quartz": ["accidents", "protections", "helpers_played", "hired"],
    "keistad-kwartet": ["quartets", "asks", "misses", "bonus_played", "out"],
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_frame_carries_each_figure_as_the_replayed_record_counts_it(name):
    players = explorer.game(name).min_players
    frame = simulate(name, ["random"] * players, games=2, seed=9, workers=1)
    columns = [PREFIX + key for key in DECLARED[name]]
    assert list(frame.columns) == list(COLUMNS) + columns
    for i, row in frame.iterrows():
        state = explorer.new(name, players, int(row["seed"]), json.loads(row["options"]))
        bots.play_out(state, [bots.make("random", bot_seed(9, i, p)) for p in range(players)])
        replayed = explorer.replay(json.loads(json.dumps(state.to_record())))
        assert replayed.is_over()
        assert [row[c] for c in columns] == [replayed.figures()[key] for key in DECLARED[name]]


def _count(state, kind_name: str) -> int:
    return sum(type(move).__name__ == kind_name for move in state.history)


def _pet_quartet(state, found):
    total = sum(state.inventory().values())
    assert 1 <= found["rounds"] and 4 * found["quartets"] + found["soloists"] <= total
    assert found["quartets"] + found["soloists"] == sum(s.total for s in state.scores())  # standard scoring
    assert found["returned"] == state.view()["returned"] == 0  # no Maestros without the variant


def _pets(state, found):
    assert 1 <= found["rounds_scored"] <= found["rounds"] <= 3 and found["exhausted"] in (0, 1)
    assert found["kinds_won"] <= found["cards_won"]
    assert found["exhausted"] or found["rounds_scored"] == 3
    assert (found["cards_won"] > 0) == (sum(s.total for s in state.scores()) > 0)


def _quartex(state, found):
    assert found["tiles_placed"] == _count(state, "Place") == len(state.board) - state.options["start_tile"]
    assert found["tokens"] == sum(map(sum, state.tokens)) <= found["shapes"]
    assert 0 <= found["eliminated"] <= state.players


def _quartz(state, found):
    assert found["accidents"] == sum("accident!" in entry.text for entry in state.log)
    assert found["hired"] == _count(state, "Hire")
    assert found["helpers_played"] == _count(state, "Play")
    beleza = sum(type(m).__name__ == "Play" and m.card == "beleza" for m in state.history)
    assert found["protections"] == _count(state, "Protect") + beleza


def _keistad_kwartet(state, found):
    assert found["quartets"] == 11 == sum(s.total for s in state.scores())  # the game ends with every quartet down
    assert 0 <= found["misses"] <= found["asks"] <= state.ply
    assert found["bonus_played"] == 0 and 0 <= found["out"] < state.players  # no Bonus cards by default


PLAUSIBLE = {"pet-quartet": _pet_quartet, "pets": _pets, "quartex": _quartex, "quartz": _quartz,
             "keistad-kwartet": _keistad_kwartet}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_each_game_declares_plausible_json_figures(name):
    game = explorer.game(name)
    state = game.new(game.default_players, seed=21)
    start = state.figures()
    assert list(start) == DECLARED[name]
    bots.play_out(state, [bots.make("random", 40 + p) for p in range(state.players)])
    found = state.figures()
    assert json.loads(json.dumps(found)) == found and list(found) == DECLARED[name]
    assert all(type(v) is int and 0 <= start[k] <= v for k, v in found.items())  # counts only grow
    PLAUSIBLE[name](state, found)
    assert state.copy().figures() == found
