"""Keistad Kwartet: the Dutch quartet game of Amersfoort, with its four bonus cards.

Ask an opponent for a named card of a quartet you collect; a hit lets you
ask again, a miss sends you to the pot and hands the turn to the player you
asked.  Complete quartets go down at once; most quartets wins.

>>> import explorer
>>> state = explorer.new("keistad-kwartet", players=3, seed=1)
>>> entry = state.play(state.legal_moves()[0])
>>> entry.text.startswith("Ana asks Bo for Quartet")
True
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import Budget, Chance, Game, Information, OptionError, Renderer, Strategy, register
from .cards import DECK, Deck, code, load_deck, parse_card
from .deals import Deals
from .knowledge import Knowledge
from .narration import KeistadKwartetNarrator
from .moves import (
    Ask, AskQuartet, Beeldenstorm, Keistadfeesten, Move, OpenMonumentendagen, Stadswandeling, Stop, parse_move,
)
from .puzzles import sure_hit, sure_quartet
from .render import table_html, table_text
from .rules import OPTIONS, RULES
from .state import KeistadKwartetState
from .strategy import SEARCH_WHY, greedy_move, playout_move
from .view import KeistadKwartetView


class KeistadKwartet(Game):
    name = "keistad-kwartet"
    title = "Keistad Kwartet"
    summary = "Ask for the cards you miss; a miss passes the turn. Most quartets wins."
    source = "Keistad Kwartet rule sheet (Dutch)"
    min_players = 2
    max_players = 5
    default_players = 4
    options = OPTIONS
    rules = RULES
    state_class = KeistadKwartetState
    information = Information.IMPERFECT
    chance = Chance.SAMPLED
    strategy = Strategy(greedy_move, playout_move)
    search_budget = Budget(20, 16, confidence=3.0, why=SEARCH_WHY)
    render = Renderer(text=table_text, html=table_html)
    view_type = KeistadKwartetView
    narrator = KeistadKwartetNarrator
    docs_page = "games/keistad-kwartet"
    notebook = "keistad_kwartet.ipynb"
    widgets = "explorer.widgets.games.keistad_kwartet"
    parse_move = staticmethod(parse_move)
    puzzles = (sure_hit, sure_quartet)

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        if options["deal"] == "all" and players < 3:
            raise OptionError(f"dealing all the cards is a variation for 3 to 5 players, not {players}.",
                              "options.deal")
        if options["kept_bonus_card"] != "random" and not (
                players == 5 and options["deal"] == "all" and options["bonus_cards"]):
            raise OptionError("option 'kept_bonus_card' chooses a bonus card only with 5 players, deal=all and "
                              "bonus_cards=true.", "options.kept_bonus_card")


GAME = register(KeistadKwartet())

__all__ = ["GAME", "KeistadKwartet", "KeistadKwartetState", "Knowledge", "Deals", "Stop", "Ask", "AskQuartet", "Beeldenstorm",
           "Keistadfeesten", "Stadswandeling", "OpenMonumentendagen", "DECK", "Deck", "load_deck", "code",
           "parse_card", "parse_move", "KeistadKwartetView"]
