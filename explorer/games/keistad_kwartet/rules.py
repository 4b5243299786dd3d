"""Keistad Kwartet's rules, each with a stable id, and its options.

The rule document is the Dutch rule sheet of Keistad Kwartet ("Spelregels").
Where it leaves a question open, the answer is an option (rule kind ``"gap"``)
or a stated interpretation (``kind="interpretation"``); the four bonus cards'
effects are all interpretations, because the sheet names the cards but not
what they do.  ``docs/games/keistad-kwartet.md`` gives the reasons.
"""

from __future__ import annotations

from ...core import Option, OptionSet, Rule, Rulebook

G = "keistad-kwartet"


def _r(name: str, title: str, text: str, kind: str = "rule") -> Rule:
    return Rule(f"{G}/{name}", title, text, kind)


RULES = Rulebook(G, [
    _r("setup", "The deck and the deal", "The deck holds 44 cards in 11 quartets of four (and the four bonus "
       "cards when they are used). It is shuffled and each player is dealt 7 cards; the rest, face down, is the "
       "pot."),
    _r("card-names", "Names on the cards", "The sheet does not print the quartets' and cards' names, so the "
       "explorer reads stand-in names from its deck file and marks them as stand-ins wherever it shows them; "
       "notation and narration use numbers (quartet 3, card 2).", "interpretation"),
    _r("deal-all", "Deal all the cards", "A variation for 3 to 5 players: every card is dealt, 16 each for 3 "
       "players, 12 for 4 and 9 for 5, so there is no pot; with 5 players three bonus cards, Beeldenstorm "
       "among them, are first taken out of the game."),
    _r("deal-all-even", "Deal all without bonus cards", "Without the bonus cards the 44 cards cannot follow the "
       "sheet's numbers, which count the bonus cards: they are dealt one at a time from the youngest player "
       "until none is left, so hands differ by one card at most (15/15/14, 11 each, 9/9/9/9/8).",
       "interpretation"),
    _r("kept-bonus", "Five players, all cards dealt", "When three bonus cards are taken out, they are shown "
       "face up; the kept_bonus_card option says which of Keistadfeesten, Stadswandeling and Open "
       "Monumentendagen stays in the game (drawn by the seed unless chosen).", "gap"),
    _r("first-player", "Who begins", "The youngest player begins; the youngest option says in which seat the "
       "youngest player sits.", "gap"),
    _r("hidden", "Hidden hands", "Players hold their cards without showing them; the pot lies face down and "
       "nobody knows its order."),
    _r("ask", "Ask an opponent", "On your turn you ask an opponent who is still in the game for a card."),
    _r("ask-category", "Only a quartet you collect", "You may only ask for a card of a quartet of which you "
       "already hold at least one card."),
    _r("ask-card", "Name the card", "You name one card, its quartet and its number, as is the Dutch custom; "
       "with ask_for=quartet you name only the quartet and the opponent hands over every card of it they hold.",
       "gap"),
    _r("bluff", "Asking for your own card", "Asking for a card you hold yourself, a bluff, is allowed by "
       "default: the opponent cannot have it, so the ask misses and your turn ends; bluff=forbidden rules it "
       "out.", "gap"),
    _r("hand-over", "Hand it over", "If the opponent has the card you asked for, they must hand it over."),
    _r("ask-again", "Ask again", "After a card has been handed over you ask again, the same opponent or "
       "another. The sheet says you may (\u201cmag\u201d) ask again: with ask_again=must (the default) you go on "
       "until you miss, as kwartet is played; with ask_again=may you may instead stop, and the turn passes to "
       "the next player on your left still in the game.", "gap"),
    _r("miss-draw", "A miss", "If the opponent does not have the card, you take a card from the pot (while "
       "there is one) and your turn ends."),
    _r("turn-passes", "The asked player goes on", "After a miss, the opponent who was asked takes over the "
       "turn."),
    _r("empty-pot", "No pot left", "Once the pot is empty a miss still ends the turn and passes it to the asked "
       "opponent; there is only nothing to draw.", "interpretation"),
    _r("kwartet", "Kwartet!", "A player who holds all four cards of a quartet calls \u201ckwartet!\u201d and lays "
       "them face up on the table at once: straight after the deal, after a hand-over or after a draw."),
    _r("empty-hand", "No cards left", "A player left without cards draws one from the pot at once if there is "
       "one, and is otherwise out of the game (empty_hand=draw); with empty_hand=out they are out at once. A "
       "player who is out is never asked, and if it was their turn it passes to the next player on their left "
       "still in the game.", "gap"),
    _r("lone-player", "The last player in the game", "When only one player is still in the game nobody is left "
       "to ask: that player takes the rest of the pot, which completes every quartet still in play.",
       "interpretation"),
    _r("game-end", "End of the game", "When all quartets are out of play, laid down on the table, the game is "
       "over."),
    _r("no-progress", "A game going in circles", "The sheet has no end for a game in which, the pot empty, "
       "players keep asking each other for cards the other lacks (or hand the same cards back and forth): after "
       "no_progress moves in a row in which no card is drawn, no quartet laid down, no bonus card played and "
       "nobody goes out, the game ends, and the quartets laid down so far decide it.", "gap"),
    _r("winner", "The winner", "The player who has collected the most quartets wins."),
    _r("tie", "A tie", "Players tied for the most quartets share the victory (tiebreak=shared); with "
       "tiebreak=first, the one of them who laid down that many quartets first wins.", "gap"),
    _r("bonus-cards", "The bonus cards", "With the bonus_cards option the four bonus cards (Beeldenstorm, "
       "Keistadfeesten, Stadswandeling, Open Monumentendagen) are shuffled in with the other cards. Whoever "
       "holds one chooses when to play it; each is played once per game and then put aside face up."),
    _r("bonus-timing", "When a bonus card is played", "The explorer's interpretation: a bonus card is played on "
       "its holder's own turn, at any point where they could ask, and does not end the turn; a player holding "
       "only bonus cards must play one. Bonus cards belong to no quartet and are never asked for.",
       "interpretation"),
    _r("beeldenstorm", "Beeldenstorm", "The explorer's interpretation: like the iconoclastic storm that swept "
       "the Low Countries in 1566, it overturns everything: all hands and the pot are shuffled together and "
       "dealt out again, each player receiving as many cards as they held, so nothing known about any hand "
       "stays known.", "interpretation"),
    _r("keistadfeesten", "Keistadfeesten", "The explorer's interpretation: the city festival brings everyone "
       "together: name any quartet still in play, and every opponent in the game brings you, face up, every "
       "card of it they hold.", "interpretation"),
    _r("stadswandeling", "Stadswandeling", "The explorer's interpretation: a walk through town passes every "
       "door: name any card of a quartet still in play; your opponents are asked for it in turn, clockwise "
       "from your left, and whoever has it hands it over; the walk never ends your turn.", "interpretation"),
    _r("open-monumentendagen", "Open Monumentendagen", "The explorer's interpretation: on heritage days closed "
       "buildings open their doors: the opponent you choose shows their whole hand to the table, then takes it "
       "back.", "interpretation"),
])

OPTIONS = OptionSet([
    Option("deal", "seven", ("seven", "all"),
           "7 cards each and a pot, or (3 to 5 players) deal all the cards: 16, 12 or 9 each.",
           labels={"seven": "7 cards each and a pot", "all": "deal all the cards"},
           title="The deal",
           explain={
               "seven": "Everyone gets 7 cards; the rest is the pot to draw from.",
               "all": "Every card is dealt (3 to 5 players): 16, 12 or 9 cards each, no pot.",
           }),
    Option("bonus_cards", False, (False, True),
           "Shuffle the four bonus cards into the deck (their effects are the explorer's interpretation).",
           title="Bonus cards",
           labels={False: "without bonus cards", True: "with the four bonus cards"},
           explain={
               False: "Only the quartet cards are played.",
               True: "The four bonus cards are shuffled in; what they do is the explorer's reading.",
           }),
    Option("youngest", 1, (1, 2, 3, 4, 5),
           "The seat of the youngest player, who begins.", kind="gap",
           title="Youngest player (begins)",
           labels={1: "seat 1", 2: "seat 2", 3: "seat 3", 4: "seat 4", 5: "seat 5"},
           explain={
               1: "The player in seat 1 is the youngest and asks first.",
               2: "The player in seat 2 is the youngest and asks first.",
               3: "The player in seat 3 is the youngest and asks first.",
               4: "The player in seat 4 is the youngest and asks first.",
               5: "The player in seat 5 is the youngest and asks first.",
           }),
    Option("ask_for", "card", ("card", "quartet"),
           "Ask for one named card (the Dutch custom), or for a whole quartet.", kind="gap",
           title="What you ask for",
           labels={"card": "one named card", "quartet": "a whole quartet"},
           explain={
               "card": "You name one card of a quartet (the Dutch custom).",
               "quartet": "You name a quartet, and get every card of it the other player holds.",
           }),
    Option("bluff", "allowed", ("allowed", "forbidden"),
           "Whether you may ask for a card you hold yourself (a bluff that ends your turn).", kind="gap",
           title="Asking for a card you hold",
           labels={"allowed": "allowed (a bluff)", "forbidden": "not allowed"},
           explain={
               "allowed": "You may ask for a card you hold yourself; the bluff ends your turn.",
               "forbidden": "You may only ask for cards you do not hold.",
           }),
    Option("empty_hand", "draw", ("draw", "out"),
           "A player without cards draws from the pot if they can, else is out; or is out at once.", kind="gap",
           title="An empty hand",
           labels={"draw": "draw from the pot", "out": "out at once"},
           explain={
               "draw": "A player without cards draws from the pot while it lasts, and is out after that.",
               "out": "A player without cards is out of the game at once.",
           }),
    Option("tiebreak", "shared", ("shared", "first"),
           "Players tied for the most quartets share the victory, or the first to reach that many wins.",
           kind="gap",
           title="A tie for the most quartets",
           labels={"shared": "shared victory", "first": "first to get there wins"},
           explain={
               "shared": "Players tied for the most quartets share the victory.",
               "first": "Of the tied players, the one who laid down that many quartets first wins.",
           }),
    Option("kept_bonus_card", "random", ("random", "keistadfeesten", "stadswandeling", "open-monumentendagen"),
           "With 5 players, all cards dealt and the bonus cards (only then): which bonus card stays in the game.",
           kind="gap",
           title="Bonus card kept (5 players, all dealt)",
           labels={
               "random": "drawn at random",
               "keistadfeesten": "Keistadfeesten",
               "stadswandeling": "Stadswandeling",
               "open-monumentendagen": "Open Monumentendagen",
           },
           explain={
               "random": "The bonus card that stays in the game is drawn by the seed.",
               "keistadfeesten": "The Keistadfeesten bonus card stays in the game.",
               "stadswandeling": "The Stadswandeling bonus card stays in the game.",
               "open-monumentendagen": "The Open Monumentendagen bonus card stays in the game.",
           }),
    Option("no_progress", 500, (200, 500, 1000, 2000),
           "The game ends after this many moves in a row without a card drawn, a quartet laid down, a bonus card "
           "played or a player out.", kind="gap",
           title="Moves without progress before the game ends",
           labels={200: "200 moves", 500: "500 moves", 1000: "1,000 moves", 2000: "2,000 moves"},
           explain={n: f"After {n:,} moves in a row in which no card is drawn, no quartet laid down, no bonus card "
                       "played and nobody goes out, the game ends on the quartets laid down."
                    for n in (200, 500, 1000, 2000)}),
    Option("ask_again", "must", ("must", "may"),
           "After a hand-over you go on asking until you miss, or you may stop and pass the turn to your left.",
           kind="gap",
           title="After a hand-over",
           labels={"must": "go on asking until a miss", "may": "may stop after a hand-over"},
           explain={
               "must": "After a card is handed over to you, you ask again, until you miss.",
               "may": "After a card is handed over to you, you may stop; the next player on your left goes on.",
           }),
])
