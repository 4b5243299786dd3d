"""Pet Quartet's rules, each with a stable id, and its options.

The rule document is the Board Game Arena help page for Pet Quartet (English).
Where it leaves a question open, the answer is an option (``kind="gap"``) or a
stated interpretation (``kind="interpretation"``); ``docs/games/pet-quartet.md``
gives the reasons.
"""

from __future__ import annotations

from ...core import Option, OptionSet, Rule, Rulebook

G = "pet-quartet"

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


def _r(name: str, title: str, text: str, kind: str = "rule") -> Rule:
    return Rule(f"{G}/{name}", title, text, kind)


RULES = Rulebook(G, [
    _r("setup", "The deck", "The deck holds n cards of each number n from 3 up to a top number set by the player "
       "count: 9 for 2 players, 10 for 3, 11 for 4, 12 for 5 and 13 for 6; the rest stay in the box."),
    _r("conductors", "Conductors", "One Conductor per player lies beneath the deck, each with room for cards."),
    _r("first-player", "The first player", "The first round's starting player is drawn by the seed, or chosen "
       "with the first_player option.", "gap"),
    _r("turn-order", "Turn order", "Play goes clockwise, skipping players who are out of the round."),
    _r("one-action", "One action a turn", "On your turn you either draw a card or take a Conductor, never both."),
    _r("draw", "Draw a card", "Draw the top card of the deck and show it; you must then place it."),
    _r("place", "Place the card", "Place the drawn card under a Conductor still on the table that has room."),
    _r("conductor-limit", "Card limit", "A Conductor holds at most 4 cards, or fewer if its tile says so."),
    _r("full-conductors", "No room anywhere", "If no Conductor still on the table has room, you may not draw: "
       "you must take a Conductor.", "interpretation"),
    _r("take", "Take a Conductor", "Take a Conductor still on the table with all its cards into your collection; "
       "you are then out of the round."),
    _r("take-nonempty", "Never an empty Conductor", "You may not take a Conductor with no cards beneath it."),
    _r("collection", "Collections are public", "Collected cards lie face up, grouped by number, for all to see."),
    _r("round-end", "End of a round", "The round ends when the last Conductor is taken; the Conductors return "
       "to the table and the player who took the last one starts the next round."),
    _r("end-trigger", "The last card", "Drawing the last card of the deck triggers the end of the game, "
       "including a last card drawn by a Maestro tile."),
    _r("final-turn", "Final turns", "Once the end is triggered, players get one final turn each, clockwise from "
       "the next player and ending with the player who drew the last card, in which they take a Conductor or "
       "pass; the final_turns option says who gets one. The document says both that every player receives a "
       "final turn and that once you take a Conductor you take no more turns that round: with final_turns=all "
       "a player who already took a Conductor this round may take a second one on their final turn.", "gap"),
    _r("leftover", "Cards left at the end", "Cards still under Conductors when the game ends are discarded.",
       "interpretation"),
    _r("game-end", "End of the game", "After the final turns the game ends and is scored."),
    _r("scoring-standard", "Standard scoring", "Group cards by number: exactly 1 card (a Soloist) scores 1 point, "
       "exactly 4 (a Quartet) score 1 point, any other count scores nothing."),
    _r("scoring-advanced", "Advanced scoring", "A Soloist scores its number, a Quartet 4 points, any other "
       "count nothing."),
    _r("tiebreak-quartet", "First tiebreaker", "Among players tied for the most points, the one with the "
       "lowest-numbered Quartet wins."),
    _r("tiebreak-soloist", "Second tiebreaker", "If still tied, the one with the highest-numbered Soloist wins."),
    _r("tiebreak-shared", "Shared victory", "If still tied, the tied players share the victory."),
    _r("maestro-setup", "Maestro tiles", "With the Maestro variant one tile is dealt at random to each Conductor "
       "for the whole game, drawn from the six tiles.", "interpretation"),
    _r("maestro-two-card", "Maestro: 2-Card Limit", "This Conductor holds at most 2 cards."),
    _r("maestro-extra-card", "Maestro: Draw an Extra Card", "Whoever takes this Conductor also adds the top "
       "card of the deck to their collection (nothing if the deck is empty)."),
    _r("maestro-return-conductor", "Maestro: Return a Card from the Conductor", "Whoever takes this Conductor "
       "returns one of its cards to the box and collects the rest."),
    _r("maestro-return-collected", "Maestro: Return a Previously Collected Card", "Whoever takes this Conductor "
       "first returns one card they collected earlier to the box (if they have one), then collects."),
    _r("maestro-immediate", "Maestro: Optional Immediate Take", "Whoever places a card under this Conductor may "
       "take it at once, in the same turn, or pass."),
    _r("maestro-pass-left", "Maestro: Pass a Card Left", "Whoever takes this Conductor then passes one card of "
       "their whole collection to the player on their left."),
    _r("duet-setup", "Duet setup", "For two players with the Duet tiles, set up as for three: numbers 3 to 10 "
       "and three Conductors, holding at most 2, 3 and 4 cards."),
    _r("duet-round-end", "Duet round end", "In a Duet game the round ends once both players have taken a "
       "Conductor; the cards under the third are discarded face up."),
])

OPTIONS = OptionSet([
    Option("scoring", "standard", ("standard", "advanced"),
           "Standard: Soloists and Quartets score 1 each. Advanced: a Soloist scores its number, a Quartet 4.",
           title="Scoring",
           labels={"standard": "standard", "advanced": "advanced"},
           explain={
               "standard": "Every Soloist and every Quartet scores 1 point.",
               "advanced": "A Soloist scores its number; a Quartet scores 4.",
           }),
    Option("variant", "none", ("none", "maestro", "duet"),
           "Maestro: a tile changes each Conductor's rules. Duet (2 players): Conductors holding 2, 3 and 4 cards.",
           title="Variant",
           labels={"none": "none (the basic game)", "maestro": "Maestro", "duet": "Duet (2 players)"},
           explain={
               "none": "The basic game.",
               "maestro": "A Maestro tile changes each Conductor's rules.",
               "duet": "For 2 players: the Conductors hold 2, 3 and 4 cards.",
           }),
    Option("first_player", "random", ("random", 1, 2, 3, 4, 5, 6),
           "Who starts the first round: drawn by the seed, or seat 1 to 6.", kind="gap",
           title="First player",
           labels={
               "random": "drawn at random",
               1: "seat 1",
               2: "seat 2",
               3: "seat 3",
               4: "seat 4",
               5: "seat 5",
               6: "seat 6",
           },
           explain={
               "random": "The seed draws who starts the first round.",
               1: "The player in seat 1 starts the first round.",
               2: "The player in seat 2 starts the first round.",
               3: "The player in seat 3 starts the first round.",
               4: "The player in seat 4 starts the first round.",
               5: "The player in seat 5 starts the first round.",
               6: "The player in seat 6 starts the first round.",
           }),
    Option("final_turns", "all", ("all", "in-round"),
           "After the last card is drawn, a final turn for every player (one who already took a Conductor this "
           "round may take a second), or only for those still in the round.",
           kind="gap",
           title="Final turns",
           labels={"all": "every player, even one who took a Conductor this round",
                   "in-round": "only players still in the round"},
           explain={
               "all": "After the last card is drawn, every player has one final turn, and one who already took a "
                      "Conductor this round may take a second.",
               "in-round": "After the last card is drawn, only the players still in the round have a final turn.",
           }),
])
