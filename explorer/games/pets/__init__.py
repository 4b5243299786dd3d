"""PETS (寵物): claim kinds of pets in front of you, then win them from the Scoring Zone.

>>> import explorer
>>> state = explorer.new("pets", players=3, seed=1)
>>> state.to_move, len(state.view(0)["hands"][0])
(0, 7)
>>> str(state.play("take 1L").move)
'take 1L'
"""

from __future__ import annotations

from ...core import Budget, Chance, Game, Information, Renderer, Strategy, register
from ...core.puzzles import most_points_now
from .puzzles import most_points_this_round
from .moves import ADD, KINDS, PLAY, TAKE, Add, Move, Play, Take, parse_move
from .events import RoundScore
from .narration import PetsNarrator
from .render import table_html, table_text
from .rules import OPTIONS, RULES
from .state import PetsState, groups_of
from .strategy import greedy_move
from .view import PetsView


class Pets(Game):
    name = "pets"
    title = "PETS (寵物)"
    summary = "Show a kind of pet in front of you, then win its cards from the Scoring Zone: cards x kinds."
    source = "The PETS (寵物) rule sheet (Traditional Chinese)"
    min_players = 2
    max_players = 5
    default_players = 3
    options = OPTIONS
    rules = RULES
    state_class = PetsState
    information = Information.IMPERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move)
    search_budget = Budget(50, 16, why="rollouts cut after 16 moves: a match is long")
    render = Renderer(text=table_text, html=table_html)
    view_type = PetsView
    narrator = PetsNarrator
    docs_page = "games/pets"
    notebook = "pets.ipynb"
    widgets = "explorer.widgets.games.pets"
    parse_move = staticmethod(parse_move)
    puzzles = (most_points_now, most_points_this_round)


GAME = register(Pets())

__all__ = ["GAME", "Pets", "PetsState", "RoundScore", "Play", "Add", "Take", "PLAY", "ADD", "TAKE", "KINDS",
           "groups_of", "parse_move", "PetsView"]
