"""Quartz's rules, each with a stable id, and its options.

The rule document is the English rule book of *Quartz: O Jogo de Cartas*
(card names in Portuguese).  Where it leaves a question open, the answer is
an option (``kind="gap"``) or a stated interpretation
(``kind="interpretation"``); ``docs/games/quartz.md`` gives the reasons.
"""

from __future__ import annotations

from ...core import Option, OptionSet, Rule, Rulebook

G = "quartz"


def _r(name: str, title: str, text: str, kind: str = "rule") -> Rule:
    return Rule(f"{G}/{name}", title, text, kind)


RULES = Rulebook(G, [
    # -- setting up and the shape of a turn
    _r("setup", "Setup", "Shuffle the 38 Helper cards and deal 5 to each player, face down, the rest forming the "
       "Helper deck; shuffle the 72 Mine cards into a face-down deck; each player takes a Chest card."),
    _r("deck", "The deck is a reconstruction", "The rule book does not publish how the Mine and Helper decks are "
       "made up, so the engine plays a labelled reconstruction; a setup may give another deck (setup field "
       "'deck').", "interpretation"),
    _r("hidden-hands", "Secret Helper hands", "Each player sees their own Helper cards only; the Mine and Helper "
       "decks are face down."),
    _r("first-player", "The first player", "The youngest player starts; the first_player option says who that "
       "is (seat 1 by default) or draws the seat at random.", "gap"),
    _r("turn-order", "Turn order", "Turns pass clockwise (to the left) until the Mine deck runs out."),
    _r("announce", "Announce the turn", "On your turn you announce out loud one of two things: you explore the "
       "mine, or you protect a column of your collection."),
    _r("protect", "Protect a column", "To protect, place every card of one column of your collection under your "
       "Chest card; that is the whole turn, and nobody may attack it."),
    _r("column", "What a column is", "A column is all the cards of one crystal (same colour and value) in a "
       "player's collection.", "interpretation"),
    _r("chest", "The Chest is private", "Protected cards stay under their owner's Chest until the end, safe from "
       "every attack; their owner may look at them, the others see only how many there are.",
       "interpretation"),
    _r("reveal", "Reveal a Mine card", "To explore, reveal the top Mine card and add it to the end of your "
       "Exploration Line, all cards facing the same way."),
    _r("continue", "To work!", "After a reveal you decide: \"To work!\" reveals one more card."),
    _r("stop", "Enough for today!", "\"Enough for today!\" stops exploring: once opponents have had their last "
       "chance to attack, you put every Mine card of the line into your collection, in columns."),
    _r("hire", "Hire a Helper", "When a card with the Hire-a-Helper icon joins your line, you may at once discard "
       "it (it leaves the line and is not collected) and draw a Helper card."),
    _r("hire-timing", "Hire or accident first", "A card with both icons: by default its accident happens first; "
       "the hire_timing option lets the player hire it away before the accident.", "gap"),
    _r("helper-refill", "An empty Helper deck", "When the Helper deck is empty, the used Helper cards are shuffled "
       "into a new deck (helper_refill option), or nobody can hire any more.", "gap"),
    _r("unstable", "Unstable crystals", "For each of the six positions, the first Unstable Crystal in the line is "
       "harmless; a second one in the same position causes an accident at once."),
    _r("accident", "Accident", "An accident discards every card of the line and ends the turn at once."),
    # -- Helper cards and their timing
    _r("attack-window", "When attacks come", "Attack cards are played by the other players only after the active "
       "player announces an exploration: after the announcement, after each reveal, and after the active player "
       "stops. Each time, every opponent in turn from the active player's left may attack or pass.",
       "interpretation"),
    _r("attacks-per-window", "Attacks per chance", "In each of those chances an opponent plays one Attack card "
       "at most (attacks_per_window option: or as many as they like, one after the other).", "gap"),
    _r("defense", "Defense", "The active player may answer each Attack card with one Defense card: Sem Chance! "
       "against any attack, or the counter-attack made for that attack."),
    _r("mas-que-beleza", "Mas Que Beleza!", "Exploration card: when the active player stops exploring they may "
       "play it to protect one column of their collection, as well as having explored."),
    _r("beleza-timing", "When Mas Que Beleza! may be played", "By default only once the player has said "
       "\"Enough for today!\" (even if an attack then causes an accident); the beleza_timing option also allows it "
       "at the end of a turn cut short before that by an accident or Para, Para, Para!.", "gap"),
    _r("passa-isso-aqui", "Passa Isso Aqui...", "Attack: the attacker takes the last Mine card of the line into "
       "their collection."),
    _r("para-para-para", "Para, Para, Para!", "Attack: the active player's turn ends at once and they collect "
       "the line as normal; it cannot be played once they have stopped."),
    _r("posso-ajudar", "Posso Ajudar?", "Attack: the attacker draws two Mine cards, puts one in their collection "
       "and the other at the end of the line, where it acts as a revealed card."),
    _r("posso-ajudar-last", "Posso Ajudar? with one card left", "With one Mine card left the attacker draws it "
       "and chooses to keep it or put it at the end of the line."),
    _r("presentinho", "Um Presentinho Para Você...", "Attack: the card goes into the line; the next Mine card "
       "with any Unstable Crystal that joins the line causes an accident, whatever its position."),
    _r("two-presentinhos", "Two Presentinhos", "Two Um Presentinho Para Você... cards in the same line cause an "
       "accident at once."),
    _r("isso-nao-te-pertence", "Isso Não Te Pertence Mais...", "Attack: the attacker steals from the active "
       "player's collection either every card of one column or any two cards."),
    _r("collect-on-stop", "When a stopping player collects", "The sheet says a player who stops takes the "
       "line into their collection, and also that attacks may still come after the stop. With "
       "collect_on_stop=after-attacks (the default) the line is collected once those attacks are over, so Isso "
       "Não Te Pertence Mais... after a stop steals only cards collected in earlier turns; with "
       "collect_on_stop=at-once the line is collected as the player stops, so it may steal the cards just "
       "collected (and the line left for Passa Isso Aqui... or an accident is empty).", "gap"),
    _r("sem-chance", "Sem Chance!", "Defense: cancels any Attack card."),
    _r("cadaver", "Só Por Cima do Meu Cadáver!", "Counter-attack to Isso Não Te Pertence Mais...: the theft is "
       "cancelled and the defender steals any one card of the attacker's collection."),
    _r("sai-fora", "Sai Fora!", "Counter-attack to Um Presentinho Para Você...: the Presentinho goes back to its "
       "player, and their next exploration starts with it already in the line (if they protect instead, it is "
       "discarded)."),
    _r("sai-fora-cancel", "Sai Fora! against Sai Fora!", "The attacker may cancel that counter-attack with a Sai "
       "Fora! of their own: the Presentinho then goes into the line as played. Nothing answers that second "
       "Sai Fora!."),
    # -- the end
    _r("last-card", "The last Mine card", "When the last Mine card joins the line (revealed, or placed by Posso "
       "Ajudar?), its icons are resolved; if there is no accident the active player collects the line, and the "
       "game ends there, with no more attacks.", "interpretation"),
    _r("game-end", "End of the game", "The game ends once the last Mine card has been drawn and resolved; Helper "
       "cards still in hand are discarded and every Mine card a player owns, protected or not, is scored."),
    _r("scoring", "Scoring", "Each Mine card scores the value of its crystal."),
    _r("set-bonus", "Set bonus", "Each set of 4 identical Mine cards (same colour and value) scores 5 more; 8 "
       "identical cards are two sets (set_bonus option: or one bonus per crystal).", "gap"),
    _r("tiebreak", "Tiebreak", "Tied players compare how many Mine cards of value 1 they have, the most winning; "
       "if still tied, value 2, and so on; players tied on every value share the victory."),
])

OPTIONS = OptionSet([
    Option("first_player", "seat-1", ("seat-1", "random"),
           "Who starts: the youngest player, taken to be seat 1, or a seat drawn by the seed.", kind="gap",
           labels={"seat-1": "seat 1 (the youngest)", "random": "random seat"},
           title="First player",
           explain={
               "seat-1": "The youngest player starts, taken to be seat 1.",
               "random": "The seed draws who starts.",
           }),
    Option("attacks_per_window", "one", ("one", "any"),
           "In each chance to attack, an opponent plays at most one Attack card, or as many as they like.",
           kind="gap",
           title="Attacks at each chance",
           labels={"one": "one card", "any": "as many as you like"},
           explain={
               "one": "At each chance to attack, an opponent plays at most one Attack card.",
               "any": "At each chance to attack, an opponent may play as many Attack cards as they like.",
           }),
    Option("hire_timing", "accident-first", ("accident-first", "hire-first"),
           "A card showing both Hire a Helper and an Unstable Crystal: its accident comes first, or the player may "
           "hire it away before the accident.", kind="gap",
           title="Hiring and accidents",
           labels={"accident-first": "the accident comes first", "hire-first": "hiring comes first"},
           explain={
               "accident-first": "A card with both Hire a Helper and an Unstable Crystal: its accident happens first.",
               "hire-first": "A card with both Hire a Helper and an Unstable Crystal may be hired before its accident.",
           }),
    Option("helper_refill", "reshuffle", ("reshuffle", "none"),
           "When the Helper deck runs out: shuffle the used Helper cards into a new deck, or stop hiring.",
           kind="gap",
           title="When the Helper deck runs out",
           labels={"reshuffle": "reshuffle the used ones", "none": "no more hiring"},
           explain={
               "reshuffle": "The used Helper cards are shuffled into a new deck.",
               "none": "Nobody can hire a Helper any more.",
           }),
    Option("beleza_timing", "stop", ("stop", "any-end"),
           "Mas Que Beleza! only after \"Enough for today!\", or at the end of any exploring turn.", kind="gap",
           title="When Mas Que Beleza! may be played",
           labels={"stop": "after “Enough for today!”", "any-end": "at the end of any turn"},
           explain={
               "stop": "Only after a player says “Enough for today!”.",
               "any-end": "At the end of any exploring turn.",
           }),
    Option("set_bonus", "every-four", ("every-four", "once"),
           "The 5-point set bonus for every 4 identical cards (8 make two sets), or once per crystal.", kind="gap",
           title="Set bonus",
           labels={"every-four": "every 4 identical cards", "once": "once a crystal"},
           explain={
               "every-four": "5 points for every 4 identical cards (8 make two sets).",
               "once": "5 points once a crystal, however many sets it holds.",
           }),
    Option("collect_on_stop", "after-attacks", ("after-attacks", "at-once"),
           "A player who stops collects the line once the attacks after the stop are over, or at once, so that "
           "Isso Não Te Pertence Mais... may steal the cards just collected.", kind="gap",
           title="When a stopping player collects",
           labels={"after-attacks": "after the attacks that follow the stop",
                   "at-once": "at once, as the player stops"},
           explain={
               "after-attacks": "The line stays at stake until the attacks after the stop are over; Isso Não Te "
                                "Pertence Mais... steals only cards collected before.",
               "at-once": "The line is collected as the player stops; Isso Não Te Pertence Mais... may steal the "
                          "cards just collected.",
           }),
])
