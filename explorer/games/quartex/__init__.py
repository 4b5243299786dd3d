"""Quartex: lay tiles corner to corner, complete the shapes, and take the tokens worth the most.

>>> import explorer
>>> state = explorer.new("quartex", players=3, seed=1)
>>> state.view(0)["shields"][0]["tiles"], state.view(0)["bag"]
([5, 17, 37, 49, 52], 39)
>>> [str(m) for m in state.legal_moves()[:3]]
['5a0@0,0', '5a1@0,0', '5a2@0,0']
>>> state.play("PPBB@0,0").text
'Ana places tile 5 (top 2 purple Xs, bottom 2 blue stars) on 0,0, the first tile on the table. Ana draws 1 tile.'
"""

from __future__ import annotations

from ...core import Budget, Chance, Game, Information, Renderer, Strategy, register
from ...core.puzzles import most_points_now
from .moves import PASS, SHOW, Move, Pass, Place, Show, parse_move
from .render import table_html, table_text
from .narration import QuartexNarrator
from .rules import OPTIONS, RULES
from .state import QuartexState
from .strategy import greedy_move
from .view import CompletedShape, Phase, PlacedTile, QuartexView, Shield
from .tiles import TILES, Tile


class Quartex(Game):
    name = "quartex"
    title = "Quartex"
    summary = "Lay tiles so that every corner matches; complete shapes for tokens, worth what the stock keeps."
    source = "The Quartex rulebook (English)"
    min_players = 2
    max_players = 5
    default_players = 3
    options = OPTIONS
    rules = RULES
    state_class = QuartexState
    information = Information.IMPERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move)
    search_budget = Budget(50, 16, why="rollouts cut after 16 moves: its heuristic is slow")
    render = Renderer(text=table_text, html=table_html)
    view_type = QuartexView
    narrator = QuartexNarrator
    docs_page = "games/quartex"
    notebook = "quartex.ipynb"
    widgets = "explorer.widgets.games.quartex"
    parse_move = staticmethod(parse_move)
    puzzles = (most_points_now,)


GAME = register(Quartex())

__all__ = ["GAME", "Quartex", "QuartexState", "Place", "Show", "Pass", "SHOW", "PASS", "TILES", "Tile",
           "parse_move", "Phase", "QuartexView", "PlacedTile", "CompletedShape", "Shield"]
