"""Keistad Kwartet's rules, each with a stable id, and its options.

The rule document is the Dutch rule sheet of Keistad Kwartet ("Spelregels").
Where it leaves a question open, the answer is an option (rule kind ``"gap"``)
or a stated interpretation (``kind="interpretation"``); the four bonus cards'
effects are all interpretations, because the sheet names the cards but not
what they do.  ``docs/games/keistad-kwartet.md`` gives the reasons.

The rules and options themselves are data, in ``rules.toml`` beside this module.
"""

from __future__ import annotations

from ...core import OptionSet, Rulebook

RULES = Rulebook.load(__package__)
OPTIONS = OptionSet.load(__package__)
G = RULES.game
