"""Pet Quartet's rules, each with a stable id, and its options.

The rule document is the Board Game Arena help page for Pet Quartet (English).
Where it leaves a question open, the answer is an option (``kind="gap"``) or a
stated interpretation (``kind="interpretation"``); ``docs/games/pet-quartet.md``
gives the reasons.

The rules and options themselves are data, in ``rules.toml`` beside this module.
"""

from __future__ import annotations

from ...core import OptionSet, Rulebook

RULES = Rulebook.load(__package__)
OPTIONS = OptionSet.load(__package__)
G = RULES.game

MAESTRO_TILES = (
    "two-card-limit",
    "extra-card",
    "return-from-conductor",
    "return-collected",
    "immediate-take",
    "pass-left",
)
TILE_TITLES = {
    "two-card-limit": "2-Card Limit",
    "extra-card": "Draw an Extra Card",
    "return-from-conductor": "Return a Card from the Conductor",
    "return-collected": "Return a Previously Collected Card",
    "immediate-take": "Optional Immediate Take",
    "pass-left": "Pass a Card Left",
    "duet-2": "Duet: 2-Card Conductor",
    "duet-3": "Duet: 3-Card Conductor",
    "duet-4": "Duet: 4-Card Conductor",
}
DUET_TILES = ("duet-2", "duet-3", "duet-4")
