"""Quartex's rules, each with a stable id, and its options.

The rule document is the English Quartex rulebook.  Where it leaves a question
open, the answer is an option (``kind="gap"``) or a stated interpretation
(``kind="interpretation"``); ``docs/games/quartex.md`` gives the reasons.

The rules and options themselves are data, in ``rules.toml`` beside this module.
"""

from __future__ import annotations

from ...core import OptionSet, Rulebook

RULES = Rulebook.load(__package__)
OPTIONS = OptionSet.load(__package__)
G = RULES.game
