"""Pet Quartet: collect Soloists and Quartets of musical pets by taking Conductors.

>>> import explorer
>>> state = explorer.new("pet-quartet", players=3, seed=1)
>>> [str(m) for m in state.legal_moves()]
['D']
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import Budget, Chance, Game, Information, Renderer, Strategy, register
from ...core.puzzles import fewest_points_lost, most_points_now
from .narration import PetQuartetNarrator
from .moves import DRAW, PASS, Draw, Give, Move, Pass, Place, Return, Take, parse_move
from .render import table_html, table_text
from .rules import OPTIONS, RULES
from .state import PetQuartetState, points
from .strategy import greedy_move
from .view import ConductorView, PetQuartetView, Phase


class PetQuartet(Game):
    name = "pet-quartet"
    title = "Pet Quartet"
    summary = "Set collection with Conductors: only Soloists and Quartets score."
    source = "Board Game Arena's Pet Quartet help page (English)"
    min_players = 2
    max_players = 6
    default_players = 4
    options = OPTIONS
    rules = RULES
    state_class = PetQuartetState
    information = Information.PERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move)
    search_budget = Budget(50, 0, why="full rollouts: a match is short and its heuristic quick")
    render = Renderer(text=table_text, html=table_html)
    view_type = PetQuartetView
    narrator = PetQuartetNarrator
    docs_page = "games/pet-quartet"
    notebook = "pet_quartet.ipynb"
    widgets = "explorer.widgets.games.pet_quartet"
    parse_move = staticmethod(parse_move)
    puzzles = (most_points_now, fewest_points_lost)

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        from ...core import OptionError

        if options["variant"] == "duet" and players != 2:
            raise OptionError(f"the Duet variant is for 2 players, not {players}.", "options.variant")


GAME = register(PetQuartet())

__all__ = ["GAME", "PetQuartet", "PetQuartetState", "Draw", "Place", "Take", "Pass", "Return", "Give",
           "DRAW", "PASS", "parse_move", "Phase", "PetQuartetView", "ConductorView", "points"]
