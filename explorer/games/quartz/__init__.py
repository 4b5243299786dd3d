"""Quartz: O Jogo de Cartas -- push your luck in the mine, and keep your crystals from your friends.

The decks' composition is not published: the engine plays a labelled
reconstruction (``deck.toml``), and a setup may bring the real one
(:func:`read_deck_file`).

>>> import explorer
>>> state = explorer.new("quartz", players=3, seed=1)
>>> [str(m) for m in state.legal_moves()]
['explore']
>>> state.view(0)["label"]
'reconstruction'
"""

from __future__ import annotations

from ...core import Budget, Chance, Game, Information, Renderer, Strategy, register
from .deck import HELPERS, Deck, MineCard, deck_from_data, read_deck_file, reconstruction
from .moves import (
    CONTINUE, EXPLORE, HIRE, PASS, STOP, Continue, Explore, Hire, Keep, Line, Move, Pass, Play, Protect, Stop,
    columns_of, parse_move,
)
from .narration import QuartzNarrator
from .puzzles import worth_going, worth_stopping
from .render import table_html, table_text
from .rules import OPTIONS, RULES
from .state import QuartzState
from .strategy import greedy_move
from .view import AttackView, DeckView, LineCard, OddsView, Phase, QuartzPlayer, QuartzView


class Quartz(Game):
    name = "quartz"
    title = "Quartz: O Jogo de Cartas"
    summary = "Push your luck in the mine: reveal crystals until you stop or an unstable crystal blows up the line."
    source = "Quartz: O Jogo de Cartas rule book (English, card names in Portuguese)"
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS
    rules = RULES
    state_class = QuartzState
    information = Information.IMPERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move)
    search_budget = Budget(50, 16, why="rollouts cut after 16 moves: a match is long")
    render = Renderer(text=table_text, html=table_html)
    view_type = QuartzView
    docs_page = "games/quartz"
    notebook = "quartz.ipynb"
    narrator = QuartzNarrator
    widgets = "explorer.widgets.games.quartz"
    parse_move = staticmethod(parse_move)
    puzzles = (worth_going, worth_stopping)  # two kinds, so that the mix shows both answers


GAME = register(Quartz())

__all__ = ["GAME", "Quartz", "QuartzState", "QuartzNarrator", "Deck", "MineCard", "HELPERS", "deck_from_data", "read_deck_file",
           "reconstruction", "Explore", "Protect", "Continue", "Stop", "Hire", "Pass", "Play", "Keep", "Line",
           "EXPLORE", "CONTINUE", "STOP", "HIRE", "PASS", "parse_move", "columns_of",
           "Phase", "QuartzView", "QuartzPlayer", "LineCard", "AttackView", "DeckView", "OddsView"]
