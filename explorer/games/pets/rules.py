"""PETS's rules, each with a stable id, and its options.

The rule document is the Traditional Chinese PETS (寵物) rule sheet.  Where it
leaves a question open, the answer is an option (``kind="gap"``) or a stated
interpretation (``kind="interpretation"``); ``docs/games/pets.md`` gives the
reasons.

The rules and options themselves are data, in ``rules.toml`` beside this module.
"""

from __future__ import annotations

from ...core import OptionSet, Rulebook

RULES = Rulebook.load(__package__)
OPTIONS = OptionSet.load(__package__)
G = RULES.game

#: Cards a player is dealt, cards a row is (re)filled to, rows on the table.
HAND_SIZE = 7
ROW_SIZE = 10
#: A kind with this many cards in the Scoring Zone ends the round.
TRIGGER = 6
#: Scored rounds in a game.
ROUNDS = 3
