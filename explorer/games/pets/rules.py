"""PETS's rules, each with a stable id, and its options.

The rule document is the Traditional Chinese PETS (寵物) rule sheet.  Where it
leaves a question open, the answer is an option (``kind="gap"``) or a stated
interpretation (``kind="interpretation"``); ``docs/games/pets.md`` gives the
reasons.
"""

from __future__ import annotations

from ...core import Option, OptionSet, Rule, Rulebook

G = "pets"

#: Cards a player is dealt, cards a row is (re)filled to, rows on the table.
HAND_SIZE = 7
ROW_SIZE = 10
#: A kind with this many cards in the Scoring Zone ends the round.
TRIGGER = 6
#: Scored rounds in a game.
ROUNDS = 3


def _r(name: str, title: str, text: str, kind: str = "rule") -> Rule:
    return Rule(f"{G}/{name}", title, text, kind)


RULES = Rulebook(G, [
    _r("setup", "The cards and the deal", "105 cards in seven kinds: n cards of each kind n in 6, 9, 12, 15, 18, "
       "21 and 24. Shuffle, deal 7 to each player as a secret hand, lay the next 30 face up in three rows of 10, "
       "and keep the rest face down as the draw pile."),
    _r("hidden-hands", "Secret hands", "Each hand is seen only by its owner; everyone sees how many cards it holds, "
       "the rows, the cards in front of the players, the Scoring Zone and the discard pile. Nobody sees the order "
       "of the draw pile."),
    _r("first-player", "The first player", "The oldest player starts the game; the first_player option says who "
       "that is (seat 1 by default, or drawn by the seed).", "gap"),
    _r("turn-order", "Turn order", "Play goes clockwise: to the player on the left."),
    _r("one-action", "One action, no passing", "On your turn you must do exactly one of the three actions: play "
       "cards in front of you, add a card to a row, or take a group from a row. You may not pass."),
    _r("play", "Play cards in front of you", "Lay any number of cards of one kind from your hand face up in front "
       "of you."),
    _r("play-new-kind", "Not a kind you show", "You may not play a kind that is already in front of you."),
    _r("play-beat", "Beat the other player's count", "If the kind is in front of another player, you must play "
       "more cards of it than they have; they then discard theirs, so each kind lies in front of one player at "
       "most."),
    _r("add", "Add a card to a row", "Add one card from your hand to the left or the right end of one of the three "
       "rows."),
    _r("add-empty-row", "Adding to an empty row", "A row left empty (the draw and discard piles being used up) "
       "may take an added card, which starts it anew; the empty_row option can forbid this.", "gap"),
    _r("row-length", "Rows have no length limit", "Rows grow and shrink as cards are added and taken; there is "
       "no limit to a row's length unless the row_limit option sets one.", "gap"),
    _r("groups", "Groups", "A group is a run of adjacent cards of the same kind in one row; a card between cards "
       "of other kinds is a group by itself."),
    _r("take", "Take a group", "Take the group at the left or the right end of a row into your hand; at the same "
       "time the next group inward moves to the Scoring Zone, sorted by kind."),
    _r("take-last-group", "The last group of a row", "Taking the only group of a row moves nothing to the "
       "Scoring Zone."),
    _r("refill", "Refill an emptied row", "The moment a row is emptied it is refilled to 10 cards from the draw "
       "pile, one card at a time, each new card placed to the right of the last."),
    _r("reshuffle", "Reshuffle the discard pile", "When a card is needed and the draw pile is empty, the discard "
       "pile is shuffled into a new draw pile."),
    _r("partial-refill", "Partial refill", "When the draw pile and the discard pile are both used up, a row is "
       "filled with as many cards as remain, and may stay empty."),
    _r("refill-then-trigger", "Refill before the round ends", "A take is finished, its emptied row refilled, "
       "before the Scoring Zone is checked; a refill never waits for the round to be scored.", "interpretation"),
    _r("trigger", "The round ends at six", "The round ends at once when a kind has 6 or more cards in the Scoring "
       "Zone, counting cards that arrived earlier in the round; only a take moves cards there, so it is checked "
       "after each take."),
    _r("scoring", "Scoring a round", "Each player wins the Scoring Zone's cards of every kind in front of them and "
       "scores (cards won) x (kinds won); the cards in front of them do not count themselves."),
    _r("scoring-discard", "After scoring", "After scoring, the cards in front of the players and the cards in the "
       "Scoring Zone are discarded; hands and rows stay as they are."),
    _r("round-refill", "Refill between rounds", "Before the next round, every empty row is refilled to 10 cards "
       "(or as many as remain), one card at a time, as during play."),
    _r("next-round", "Who starts the next round", "The player to the left of the player who triggered the "
       "scoring starts the next round."),
    _r("exhaustion", "The end by exhaustion", "If a row is emptied and cannot be refilled while the other two "
       "rows are empty (so the draw and discard piles are used up), the game ends at once."),
    _r("exhausted-round", "The round cut short", "When the game ends by exhaustion the round under way is not "
       "scored, unless the exhausted_round option says it is.", "gap"),
    _r("trigger-before-exhaustion", "A take that does both", "The sheet says both that the round ends at once "
       "when a kind reaches six and that the game ends at once when the last row is emptied with both piles used "
       "up; a take can do both. With both_ends=round (the default) the round is scored and its discards refill "
       "the rows, so the game goes on unless that was the third scoring; with both_ends=game the round is scored "
       "and the game ends at once.", "gap"),
    _r("always-an-action", "Never stuck", "While the game goes on some row holds a card, and a player can always "
       "take from it; so no player is ever without a legal action, even with an empty hand.", "interpretation"),
    _r("game-end", "End of the game", "The game ends after the third scoring, or at once by exhaustion."),
    _r("winner", "The winner", "The highest total over the scored rounds wins."),
    _r("tiebreak-hand", "Tiebreaker", "Among players tied for the highest total, the one with more cards in hand "
       "wins."),
    _r("tiebreak-shared", "Shared victory", "Players still tied after the tiebreaker share the victory.",
       "interpretation"),
])

OPTIONS = OptionSet([
    Option("first_player", 1, ("random", 1, 2, 3, 4, 5),
           "Who starts the game (the sheet: the oldest player): seat 1 to 5, or drawn by the seed.", kind="gap",
           title="First player",
           labels={"random": "drawn at random", 1: "seat 1", 2: "seat 2", 3: "seat 3", 4: "seat 4", 5: "seat 5"},
           explain={
               "random": "The seed draws who starts.",
               1: "The player in seat 1 (the oldest, by the sheet) starts.",
               2: "The player in seat 2 (the oldest, by the sheet) starts.",
               3: "The player in seat 3 (the oldest, by the sheet) starts.",
               4: "The player in seat 4 (the oldest, by the sheet) starts.",
               5: "The player in seat 5 (the oldest, by the sheet) starts.",
           }),
    Option("empty_row", "allowed", ("allowed", "forbidden"),
           "Whether a card may be added to an empty row (one the used-up piles could not refill).", kind="gap",
           labels={"allowed": "a card may start an empty row", "forbidden": "empty rows stay empty"},
           title="An empty row",
           explain={
               "allowed": "A card may be added to a row the piles could not refill.",
               "forbidden": "A row the piles could not refill stays empty.",
           }),
    Option("row_limit", "none", ("none", 10),
           "The longest a row may grow by adding cards: no limit, or 10 cards (the length it is dealt at).",
           kind="gap", labels={"none": "no limit", 10: "10 cards"},
           title="Longest row",
           explain={
               "none": "Rows may grow without limit.",
               10: "A row may not grow beyond 10 cards, its length at the deal.",
           }),
    Option("exhausted_round", "unscored", ("unscored", "scored"),
           "When the game ends by exhaustion mid-round: the unfinished round scores nothing, or is scored as it "
           "stands.", kind="gap",
           title="A round cut short",
           labels={"unscored": "not scored", "scored": "scored as it stands"},
           explain={
               "unscored": "When the cards run out mid-round, that round scores nothing.",
               "scored": "When the cards run out mid-round, that round is scored as it stands.",
           }),
    Option("both_ends", "round", ("round", "game"),
           "A take that reaches six in the Scoring Zone and empties the last row with both piles used up: the "
           "round is scored and play goes on, or the round is scored and the game ends at once.", kind="gap",
           title="A take that ends the round and the cards",
           labels={"round": "the round is scored and play goes on",
                   "game": "the round is scored and the game ends"},
           explain={
               "round": "The round is scored; its discards refill the rows, so the game goes on unless that was the "
                        "third scoring.",
               "game": "The round is scored and the game ends at once.",
           }),
])
