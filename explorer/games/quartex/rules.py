"""Quartex's rules, each with a stable id, and its options.

The rule document is the English Quartex rulebook.  Where it leaves a question
open, the answer is an option (``kind="gap"``) or a stated interpretation
(``kind="interpretation"``); ``docs/games/quartex.md`` gives the reasons.
"""

from __future__ import annotations

from ...core import Option, OptionSet, Rule, Rulebook

G = "quartex"


def _r(name: str, title: str, text: str, kind: str = "rule") -> Rule:
    return Rule(f"{G}/{name}", title, text, kind)


RULES = Rulebook(G, [
    _r("setup", "The table", "The 40 tokens, 10 of each colour, form the stock in the middle of the table; "
       "every tile goes into the draw bag, and each player takes a shield."),
    _r("tiles", "The 55 tiles", "Each tile shows a symbol in each corner: a purple X, a blue star, a red "
       "diamond or a yellow circle. The 55 tiles are every way of doing so, counting once the ways that differ "
       "only by turning or flipping the tile."),
    _r("orientations", "Turning and flipping", "A tile may be laid in any of 8 orientations: either face "
       "turned 0 to 3 quarter turns, the back being the mirror image of the front."),
    _r("removed-tiles", "Tiles left out", "So that everyone draws the same number of tiles, tiles are taken "
       "out of the bag at random before the deal: 1 for 2 or 3 players, 3 for 4 players, none for 5. They "
       "lie face up beside the table (the removed_tiles option can keep them face down)."),
    _r("deal", "Behind the shields", "Each player draws 5 tiles from the bag and keeps them behind their "
       "shield, where only they can see them."),
    _r("first-player", "The first player", "The youngest player goes first; the first_player option says "
       "who that is: the first seat (players listed youngest first) or a seat drawn by the seed.", "gap"),
    _r("start-tile", "A start tile from the bag", "With the start_tile option a tile drawn from the bag after "
       "the deal starts the table, and the tiles left out are then as many as keep every player's share "
       "equal: none for 2 or 3 players, 2 for 4, 4 for 5.", "gap"),
    _r("first-tile", "The first tile", "The first tile placed on the empty table may be any tile of the "
       "player's, in any orientation; the engine calls its space 0,0.", "interpretation"),
    _r("turn-order", "Turn order", "Play goes clockwise. A player who is eliminated, or who has placed all "
       "their tiles while the bag is empty, is passed over."),
    _r("place", "Place a tile", "On your turn, place one tile from behind your shield on an empty space."),
    _r("touch", "Touch a tile", "The tile must touch the side of at least one tile already on the table."),
    _r("match", "Matching corners", "Every corner of the new tile must show the same symbol as every tile "
       "corner already meeting at that point."),
    _r("frame", "Tactical Alternative: the frame", "With the frame option, at most 8 (or 9, or 10) tiles may "
       "lie in any row or column, counting empty spaces between them: every tile lies inside one 8 by 8 (9 by "
       "9, 10 by 10) square."),
    _r("complete", "Completing a shape", "A shape is complete when the fourth tile around a point is placed; "
       "one tile may complete up to four shapes at once."),
    _r("token", "Taking tokens", "For each shape you complete, take a token of its colour from the stock, "
       "as long as the stock has one; the tokens you take lie in front of your shield for all to see."),
    _r("draw", "Draw back to five", "After placing, draw tiles from the bag until you hold 5 again (or the "
       "bag is empty); then play passes on."),
    _r("must-place", "Placements are pointed out", "When point_out is forced, a player who can place a tile "
       "must: the engine sees every placement, as an opponent pointing one out would.", "gap"),
    _r("point-out", "Opponents point out a placement", "When point_out is opponents, a player may show their "
       "tiles as unplayable; each opponent in turn, clockwise, may then point out a placement, which the "
       "player must make, or pass."),
    _r("cannot-place", "Cannot place a tile", "A player who cannot place any tile shows their tiles to the "
       "opponents."),
    _r("redraw", "Five new tiles", "If nobody finds a placement, the player sets the shown tiles aside face "
       "up and draws 5 new tiles (as many as the bag holds, if fewer), and goes on with those; this repeats "
       "while no tile fits and the bag is not empty."),
    _r("return-set-aside", "Back into the bag", "Once the player places a tile, the tiles they set aside go "
       "back into the bag before they draw back to 5."),
    _r("eliminated", "Elimination", "A player who cannot place a tile when the bag is empty is eliminated; "
       "the tiles they set aside go back into the bag."),
    _r("eliminated-hand", "The eliminated player's tiles", "The eliminated player then draws back to 5 "
       "tiles from the bag and keeps them to the end (the eliminated_hand option can have them keep only "
       "the tiles they hold).", "gap"),
    _r("out-for-good", "Out for good", "An eliminated player takes no further part in the game, even if a "
       "tile of theirs would fit later, and points out nothing."),
    _r("game-end", "End of the game", "Once the bag is empty, play goes on until every player has either "
       "placed all their tiles or been eliminated."),
    _r("scoring", "Scoring", "Each token is worth as many points as there are tokens of its colour left "
       "in the stock at the end."),
    _r("penalty", "Tiles left over", "An eliminated player loses 1 point for each tile still behind their "
       "shield at the end."),
    _r("winner", "The winner", "The player with the highest total wins."),
    _r("tiebreak", "Ties", "Players tied for the highest total share the victory; the tiebreak option can "
       "instead give it to the tied player with the most tokens.", "gap"),
])

OPTIONS = OptionSet([
    Option("frame", "none", ("none", 8, 9, 10),
           "Tactical Alternative: every tile must lie inside an 8×8, 9×9 or 10×10 square (none: no limit).",
           labels={"none": "no frame", 8: "8×8", 9: "9×9", 10: "10×10"},
           title="Frame (Tactical Alternative)",
           explain={
               "none": "Tiles may spread as far as they like.",
               8: "Every tile must lie inside an 8×8 square.",
               9: "Every tile must lie inside a 9×9 square.",
               10: "Every tile must lie inside a 10×10 square.",
           }),
    Option("point_out", "forced", ("forced", "opponents"),
           "forced: a player with a legal placement must make one (the engine points it out). opponents: a "
           "player may show their tiles instead, and each opponent may point out a placement or pass.",
           kind="gap",
           title="Pointing out a placement",
           labels={"forced": "the engine points it out", "opponents": "opponents point it out"},
           explain={
               "forced": "A player who can place a tile must place one.",
               "opponents": "A player may show their tiles instead; each opponent may point out a placement or pass.",
           }),
    Option("start_tile", False, (False, True),
           "Start the table with a tile drawn from the bag, instead of the first player's first tile.",
           kind="gap",
           title="Starting tile",
           labels={False: "none: the first player lays the first tile", True: "a tile from the bag"},
           explain={
               False: "The first player's first tile starts the table.",
               True: "A tile drawn from the bag starts the table.",
           }),
    Option("removed_tiles", "shown", ("shown", "hidden"),
           "The tiles left out for 2 to 4 players (drawn at random) lie face up for all to see, or face down.",
           kind="gap",
           title="Tiles left out",
           labels={"shown": "face up", "hidden": "face down"},
           explain={
               "shown": "The tiles left out (2 to 4 players) lie face up for all to see.",
               "hidden": "The tiles left out (2 to 4 players) lie face down.",
           }),
    Option("eliminated_hand", "refill", ("refill", "keep"),
           "An eliminated player draws back to 5 tiles from the returned tiles (refill), or keeps only the "
           "tiles in hand (keep); either way each scores -1.", kind="gap",
           title="An eliminated player's hand",
           labels={"refill": "refilled to 5 tiles", "keep": "kept as it is"},
           explain={
               "refill": "An eliminated player draws back to 5 tiles from the returned ones; they score -1.",
               "keep": "An eliminated player keeps only the tiles in hand; they score -1.",
           }),
    Option("first_player", "youngest", ("youngest", "random"),
           "Who goes first: the first seat (list players youngest first), or a seat drawn by the seed.",
           kind="gap",
           title="First player",
           labels={"youngest": "seat 1 (the youngest)", "random": "drawn at random"},
           explain={
               "youngest": "Seat 1 goes first: list the players youngest first.",
               "random": "The seed draws who goes first.",
           }),
    Option("tiebreak", "shared", ("shared", "most-tokens"),
           "A tie for the highest total is shared, or won by the tied player with the most tokens (then shared).",
           kind="gap",
           title="A tie for the highest total",
           labels={"shared": "shared victory", "most-tokens": "most tokens wins"},
           explain={
               "shared": "Players tied for the highest total share the victory.",
               "most-tokens": "Of the tied players, the one with the most tokens wins (a tie on tokens is shared).",
           }),
])
