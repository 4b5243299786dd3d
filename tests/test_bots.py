"""Bots: the registry, what a bot may see, seeded decisions, and strength where it is cheap to show.

Every registered game gets the generic checks (legal complete games, and a
bot's decision unmoved by what its player cannot see); Pet Quartet also gets
its greedy heuristic checked on hand-set positions.  Strength over many
games, with intervals, is measured by ``benchmarks/bots.py``.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

import explorer
from explorer import ExplorerError, bots
from explorer.analysis.stats import wilson
from explorer.bots import FallbackWarning, GreedyBot, HiddenInformation, Observation, SearchBot
from explorer.games.pet_quartet import PetQuartet
from explorer.games.pet_quartet.strategy import greedy_move

GAMES = [g.name for g in explorer.games()]
#: A search cheap enough to run at several positions of every game.
QUICK_SEARCH = "search(playouts=4, rollout=random)"


def decisions(name: str, seed: int, count: int, players: int | None = None) -> list[explorer.State]:
    """Up to ``count`` positions of a seeded random game where the player to move has a real choice."""
    state = explorer.game(name).new(players, seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over() and len(found) < count:
        legal = state.legal_moves()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.copy())
        state.play(rng.choice(legal))
    return found


# -- the registry ------------------------------------------------------------------

def test_names_weakest_first_and_every_name_makes_a_bot():
    assert bots.names() == ["random", "greedy", "search"]
    for name in bots.names():
        bot = bots.make(name, seed=3)
        assert bot.name == name and bot.seed == 3 and bots.describe(name)


def test_parameters_in_text_or_keywords():
    bot = bots.make("search(playouts=7, rollout=random, epsilon=0.5)", seed=1)
    assert (bot.playouts, bot.rollout, bot.epsilon) == (7, "random", 0.5)
    assert bots.make("search", 1, playouts=9).playouts == 9
    assert bots.parameters("search")["playouts"] is None  # the game's own budget
    assert bots.make("search(horizon=8)").horizon == 8
    assert bots.parse(" Greedy ") == ("greedy", {})


@pytest.mark.parametrize("spec,message", [
    ("chess-engine", "there is no bot called 'chess-engine'"),
    ("search(budget=3)", "has no parameter 'budget'"),
    ("search(playouts=many)", "'playouts' must be a whole number"),
    ("search(playouts=2.5)", "'playouts' must be a whole number"),
    ("search(confidence=sure)", "'confidence' must be a number"),
    ("search(playouts)", "written key=value"),
    ("search(playouts=0)", "at least one playout"),
    ("search(rollout=smart)", "rollout policy must be one of"),
    ("search(epsilon=2)", "probability from 0 to 1"),
    ("random(", "does not name a bot"),
])
def test_bad_bot_specs_are_refused_with_a_sentence(spec, message):
    with pytest.raises(ExplorerError, match=message.replace("(", r"\(")):
        bots.make(spec)


# -- what a bot sees ----------------------------------------------------------------

def test_an_observation_holds_the_view_and_the_moves_but_not_the_state():
    state = decisions("pet-quartet", seed=2, count=1, players=3)[0]
    player = state.to_move
    seen = Observation(state, player)
    assert seen.view == state.view(player) and list(seen.legal) == state.legal_moves()
    assert (seen.player, seen.players, seen.ply, seen.game) == (player, 3, state.ply, state.game)
    for name in ("state", "deck", "_state", "rng"):
        with pytest.raises(HiddenInformation):
            getattr(seen, name)
    assert issubclass(HiddenInformation, AttributeError) and issubclass(HiddenInformation, ValueError)
    assert not any(isinstance(getattr(seen, slot), explorer.State) for slot in Observation.__slots__)
    twin = seen.determinize(11)
    assert twin is not state and twin.view(player) == state.view(player)
    before = state.copy()
    twin.play(twin.legal_moves()[0])
    assert state == before, "playing on a determinization changed the match"


def test_only_the_player_to_move_is_observed():
    state = explorer.new("pet-quartet", players=3, seed=1)
    with pytest.raises(ExplorerError, match="not the one to move"):
        Observation(state, (state.to_move + 1) % 3)


@pytest.mark.parametrize("name", GAMES)
def test_determinize_depends_only_on_what_the_player_sees(name):
    """Two worlds a player cannot tell apart determinize alike: the deal reads nothing hidden.

    A game that shuffles its hidden cards without first putting them in a
    fixed order leaks them to anyone who knows the seed (a search bot does).
    """
    for state in decisions(name, seed=5, count=4):
        player = state.to_move
        a, b = state.determinize(player, 1), state.determinize(player, 2)
        assert a.view(player) == b.view(player)
        assert a.determinize(player, 7) == b.determinize(player, 7), (
            f"{name}: determinize(player, seed) depends on hidden cards, not only on the player's view"
        )


@pytest.mark.parametrize("bot", ["random", "greedy", QUICK_SEARCH])
@pytest.mark.parametrize("name", GAMES)
def test_a_bot_cannot_read_hidden_cards(name, bot):
    """Two matches that differ only in what the player cannot see get the same decision."""
    differed = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FallbackWarning)
        for state in decisions(name, seed=8, count=3):
            player = state.to_move
            a, b = state.determinize(player, 21), state.determinize(player, 22)
            differed += a != b
            move_a = bots.make(bot, seed=4).choose(Observation(a, player))
            move_b = bots.make(bot, seed=4).choose(Observation(b, player))
            assert move_a == move_b, f"{bot} chose {move_a} or {move_b} depending on hidden cards"
    assert differed, "no position had hidden cards, so nothing was tested"


# -- playing -----------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_random_and_greedy_bots_play_whole_games(name):
    game = explorer.game(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FallbackWarning)
        for players in sorted({game.min_players, game.default_players}):
            state = game.new(players, seed=players)
            seats = [bots.make("greedy" if p % 2 else "random", seed=p) for p in range(players)]
            bots.play_out(state, seats)
            assert state.is_over() and state.result().winners


def test_same_seeds_same_match():
    def match():
        state = explorer.new("pet-quartet", players=3, seed=9)
        seats = [bots.make(spec, seed=p) for p, spec in enumerate(["random", "greedy", "search(playouts=3)"])]
        return bots.play_out(state, seats).to_record()

    assert match() == match()


def test_decide_refuses_a_finished_game():
    state = bots.play_out(explorer.new("pet-quartet", players=2, seed=1), [bots.make("random", 1)] * 2)
    with pytest.raises(ExplorerError, match="game is over"):
        bots.decide(bots.make("random"), state)


def test_random_bot_tries_every_legal_move():
    state = decisions("pet-quartet", seed=3, count=1, players=4)[0]
    legal = state.legal_moves()
    chosen = {bots.decide(bots.make("random", seed=s), state) for s in range(60)}
    assert chosen == set(legal)


def test_search_spends_its_playouts_on_real_choices_only():
    state = explorer.new("pet-quartet", players=2, seed=4)
    bot = SearchBot(seed=1, playouts=5, rollout="random")
    choices = 0
    for _ in range(30):
        choices += len(state.legal_moves()) > 1
        state.play(bots.decide(bot, state))
    assert choices and bot.spent == 5 * choices


def test_search_with_fewer_playouts_than_moves_still_decides():
    state = decisions("pet-quartet", seed=3, count=1, players=4)[0]
    assert len(state.legal_moves()) > 1
    assert bots.decide(SearchBot(seed=2, playouts=1, rollout="random"), state) in state.legal_moves()


# -- greedy: the game's heuristic, or random play and a warning ----------------------

class PlainQuartet(PetQuartet):
    """Pet Quartet declared with no strategy."""

    strategy = None


def test_greedy_falls_back_to_random_and_says_so():
    plain = PlainQuartet()
    assert bots.heuristic(plain) is None and bots.heuristic(explorer.game("pet-quartet")) is not None
    state = plain.new(3, seed=2)
    bot = GreedyBot(seed=1)
    with pytest.warns(FallbackWarning, match="has no greedy strategy"):
        bots.play_out(state, [bot, bots.make("random", 2), bots.make("random", 3)])
    assert "plays at random" in bot.describe()
    assert state.is_over()


def pet_quartet(deck, first=1, collections=None, moves=""):
    setup = {"deck": deck, "first_player": first}
    if collections:
        setup["collections"] = collections
    state = explorer.new("pet-quartet", players=2, seed=0, setup=setup)
    for move in moves.split():
        state.play(move)
    return state


def test_greedy_takes_the_card_that_completes_a_quartet():
    state = pet_quartet([6, 8, 8, 9, 9, 9], collections=[[6, 6, 6], []], moves="D P1")
    assert str(greedy_move(state, 0, random.Random(0))) == "T1"


def test_greedy_draws_rather_than_spoil_a_quartet():
    state = pet_quartet([6, 8, 8, 9, 9, 9], collections=[[6, 6, 6, 6], []], moves="D P1")
    assert str(greedy_move(state, 0, random.Random(0))) == "D"


def test_greedy_places_a_bad_card_where_it_spoils_the_rival():
    # Bo holds three 8s and Conductor 2 the 8 that would make his Quartet; Ana draws another 8,
    # which would spoil her own Soloist anywhere: under Conductor 2 it spoils Bo's Quartet too.
    state = pet_quartet([8, 8, 9, 9, 9], collections=[[8], [8, 8, 8]], moves="D P2 D")
    assert state.drawn == 8
    assert str(greedy_move(state, 0, random.Random(0))) == "P2"


# -- strength, where a few games show it -------------------------------------------

def share(seats: list[str], games: int, name: str = "pet-quartet", seed: int = 0) -> tuple[float, float, float]:
    """The win share of seat 0's bot over ``games`` games with the table turned each game: rate, low, high."""
    won = 0.0
    players = len(seats)
    for i in range(games):
        table = seats[i % players:] + seats[:i % players]
        state = explorer.game(name).new(players, bots.derive(seed, i))
        bots.play_out(state, [bots.make(spec, bots.derive(seed, i, p)) for p, spec in enumerate(table)])
        winners = state.result().winners
        won += sum(1 / len(winners) for p in winners if table[p] == seats[0])
    return (won / games, *wilson(won, games))


def test_greedy_beats_random():
    rate, low, _ = share(["greedy", "random", "random", "random"], games=32)
    assert low > 0.25, f"greedy won {rate:.2f} of 4-player games against three random bots"


def test_search_beats_random():
    rate, low, _ = share(["search(playouts=4, rollout=random)", "random"], games=12)
    assert low > 0.5, f"search won {rate:.2f} of 2-player games against a random bot"


def test_search_on_a_time_budget_still_tries_every_move():
    state = decisions("pet-quartet", seed=3, count=1, players=4)[0]
    bot = bots.make("search(seconds=0.001, rollout=random)", seed=1)
    assert bots.decide(bot, state) in state.legal_moves()
    assert bot.spent >= len(state.legal_moves())


def test_search_keeps_the_greedy_choice_unless_a_move_is_clearly_better():
    state = decisions("pets", seed=2, count=1)[0]
    seen = Observation(state, state.to_move)
    assert len(seen.legal) > 4
    stubborn = SearchBot(seed=6, playouts=8, width=4, confidence=1e9)
    twin = SearchBot(seed=6, playouts=8, width=4)
    default, candidates = twin.candidates(seen, twin.rng.seed63())
    assert default == 0 and len(candidates) == 4 and len(set(candidates)) == 4
    assert stubborn.choose(seen) == candidates[default]


def test_a_playout_is_worth_its_share_of_the_victory_and_a_little_margin():
    state = bots.play_out(explorer.new("pet-quartet", players=3, seed=5), [bots.make("greedy", p) for p in range(3)])
    winner = state.result().winners[0]
    loser = next(p for p in range(3) if p not in state.result().winners)
    assert bots.reward(state, winner) == 1 / len(state.result().winners) and bots.reward(state, loser) == 0
    assert 0 < bots.reward(state, loser, margin=0.2) < 0.2 < bots.reward(state, winner, margin=0.2) <= 1


def test_an_unfinished_match_is_worth_what_its_scores_so_far_give():
    state = decisions("pet-quartet", seed=4, count=3, players=3)[-1]
    totals = [s.total for s in state.scores()]
    leaders = [p for p, t in enumerate(totals) if t == max(totals)]
    assert not state.is_over()
    for player in range(3):
        assert bots.reward(state, player) == (1 / len(leaders) if player in leaders else 0.0)


def test_search_takes_each_games_budget_unless_given_one():
    search = bots.make("search")
    for game in explorer.games():
        assert search.budget(game.name) == bots.budget(game.name) == game.search_budget
    assert bots.budget("keistad-kwartet").horizon > 0 and bots.budget("pet-quartet").horizon == 0
    assert bots.budget("keistad-kwartet").confidence > bots.budget("pets").confidence == 1.5
    assert bots.make("search(confidence=2.5)").budget("keistad-kwartet").confidence == 2.5
    given = bots.make("search(playouts=7, horizon=0)")
    assert given.budget("quartex") == bots.Budget(7, 0, why=explorer.game("quartex").search_budget.why)
    state = decisions("pet-quartet", seed=3, count=1, players=4)[0]
    bots.decide(given, state)
    assert given.spent == 7


def test_search_with_a_horizon_cuts_its_rollouts_and_still_decides_alike():
    state = decisions("pet-quartet", seed=3, count=1, players=4)[0]
    moves = [bots.decide(bots.make("search(playouts=12, horizon=6)", seed=2), state) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in state.legal_moves()
    with pytest.raises(ExplorerError, match="cannot be negative"):
        bots.make("search(horizon=-1)")


def test_the_budgets_in_the_docs_are_the_budgets_in_force():
    """The docs' budget table is made from the declarations, and the page asks for it."""
    import sys

    docs = Path(__file__).resolve().parents[1] / "docs"
    assert "```{search-budgets}" in (docs / "analysis.md").read_text(encoding="utf-8")
    sys.path.insert(0, str(docs / "_ext"))
    try:
        from declarations import budget_rows
    finally:
        sys.path.remove(str(docs / "_ext"))
    rows = {row[0]: row[1:4] for row in budget_rows()}
    assert rows == {g.title: (str(b.playouts), str(b.horizon), f"{b.confidence:g}")
                    for g in explorer.games() for b in [bots.budget(g.name)]}