"""The exact model of the table's knowledge: the issue's three positions, and every fact against every deal.

The quick rules miss facts that only counting and the quartets' cards
together give; :class:`~explorer.games.keistad_kwartet.deals.Deals` finds
them.  The brute-force test replays the same moves from every other deal of
a small game (through the engine itself, so every rule counts) and keeps the
deals whose public events are the same: a fact is one that holds in all of
them.  It runs twice: as the engine reads the facts (its own search, which
settles every question of a small game), and with the search's budget at
nothing, so that every question goes to the room argument and the SAT
solver of the ``exact`` extra.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

import explorer
from explorer.games.keistad_kwartet.cards import QUARTET_MASK, QUARTETS, code, codes, mask_of, parse_card
from explorer.games.keistad_kwartet import counting, deals, satisfiability
from explorer.games.keistad_kwartet.knowledge import Drew, Knowledge, recall
from explorer.games.keistad_kwartet.room import RoomArgument
from explorer.games.keistad_kwartet.strategy import Odds

from .helpers import GAME

#: Quartets 3 to 11 laid down before the match, so only quartets 1 and 2 are in play.
LAID = [q for q in range(3, 12)]


def small(hands, pot, first, options=None, laid=LAID, seed=1, removed=None):
    players = len(hands)
    setup = {"hands": hands, "pot": pot, "first_player": first, "quartets": [laid] + [[] for _ in range(players - 1)]}
    if removed:
        setup["removed"] = removed
    return explorer.new(GAME, players, seed, options, setup=setup)


#: How a reading may answer its questions: its own search, or (the search's budget at nothing) the room
#: argument and the SAT solver alone.
WAYS = ["search", pytest.param("solver", marks=pytest.mark.skipif(not satisfiability.available(),
                                                                    reason="the exact extra is not installed"))]


@pytest.fixture(params=WAYS)
def way(request, monkeypatch):
    if request.param == "solver":
        monkeypatch.setattr(deals, "WORK", 0)
        monkeypatch.setattr(deals, "BOUNDS_WORK", 0)
        monkeypatch.setattr(deals, "DEEP_LOOKS", 0)
    return request.param


def exact(state) -> Knowledge:
    return Knowledge.from_events(state.events, bluffs=state.bluffs, exact=True)


def test_a_hand_of_four_cannot_hold_a_whole_quartet_so_it_holds_a_card_of_the_other():
    state = small([["1.1", "2.1", "2.4"], ["1.3", "2.2", "2.3"]], ["1.4", "1.2"], 1)
    state.play("2.1@1")
    assert state.knowledge(exact=False).holds_some(1) == (1,)  # the quick rules: quartet 2 alone
    knowledge = state.knowledge(exact=True)
    assert knowledge.holds_some(1) == (0, 1)
    assert knowledge.bounds(1, 0) == (1, 2) and knowledge.bounds(1, 1) == (2, 3)


def test_a_hand_whose_one_unknown_card_is_of_another_quartet_places_the_card_elsewhere():
    state = small([["2.3", "2.2", "1.4"], ["1.2", "2.1", "1.1"], ["2.4", "1.3"]], [], 2)
    for move in ["2.2@1", "1.1@1", "1.3@3"]:
        state.play(move)
    assert "1.1" not in codes(state.knowledge(exact=False).known_in(1))  # the quick rules miss it
    assert codes(state.knowledge(exact=True).known_in(1)) == ["1.1"]


def test_a_draw_shown_later_keeps_what_the_drawer_lacked():
    state = small([["2.3", "2.1"], ["1.1", "1.2"]], ["1.3", "1.4", "2.2", "2.4"], 1, {"bluff": "forbidden"})
    for move in ["1.4@1", "2.2@2", "1.4@1"]:
        state.play(move)
    assert "2.2" in codes(state.knowledge(exact=True).known_not_in(0))


def _deals(state, draws):
    """Every deal of the cards in play into hands of the dealt sizes and a pot whose first ``draws`` cards
    are in any order (the order of the cards nobody draws changes nothing)."""
    hands = state.dealt_hands
    cards = sorted([c for h in hands for c in codes(h)] + [code(c) for c in state.dealt_pot])

    def split(rest, sizes):
        if not sizes:
            for top in itertools.permutations(rest, min(draws, len(rest))):
                yield [], list(top) + [c for c in rest if c not in top]
            return
        for hand in itertools.combinations(rest, sizes[0]):
            if _whole(hand):
                continue  # it would have been laid down at the deal, and the table saw none
            left = [c for c in rest if c not in hand]
            for others, pot in split(left, sizes[1:]):
                yield [list(hand)] + others, pot

    yield from split(cards, [h.bit_count() for h in hands])


def _truth(state, viewer=None):
    """Over every deal consistent with what ``viewer`` saw (None: the table): the places each card in play
    may be, the least and most cards of each quartet in each hand, and each card's share of the deals in each
    place."""
    moves = [entry.notation for entry in state.log]
    draws = sum(type(e) is Drew for e in state.events)
    places: dict[str, set] = {}
    counts: dict[tuple[int, int], set] = {}
    tally: dict[tuple[str, int], int] = {}
    seen = 0
    fresh = explorer.new(GAME, state.players, state.seed, state.options, setup=state.given_setup)
    for hands, pot in _deals(state, draws):
        if viewer is not None and sorted(hands[viewer]) != codes(state.dealt_hands[viewer]):
            continue
        twin = _dealt(fresh, hands, pot)
        if not _replays(twin, moves, state.events):
            continue
        if viewer is not None and twin.hands[viewer] != state.hands[viewer]:
            continue
        seen += 1
        for p, hand in enumerate(twin.hands):
            for card in codes(hand):
                places.setdefault(card, set()).add(p)
                tally[card, p] = tally.get((card, p), 0) + 1
            for q in _in_play(state):
                counts.setdefault((p, q), set()).add((hand & QUARTET_MASK[q]).bit_count())
        for card in twin.pot:
            places.setdefault(code(card), set()).add(len(hands))
    assert seen
    shares = {key: Fraction(n, seen) for key, n in tally.items()}
    return places, {key: (min(v), max(v)) for key, v in counts.items()}, shares


def _dealt(fresh, hands, pot):
    """``fresh`` (a match before its first move) with other hands and pot (top first) in place of its own.

    The small games deal no hand a whole quartet, so nothing else of the
    opening position depends on the deal.
    """
    twin = fresh.copy()
    twin.hands = [mask_of(parse_card(c) for c in hand) for hand in hands]
    twin.pot = [parse_card(c) for c in reversed(pot)]
    twin._asks_of = [(-1, 0, ())] * fresh.players
    return twin


def _replays(twin, moves, events) -> bool:
    """Whether ``moves`` are legal in ``twin`` and tell the table exactly ``events`` (checked move by move)."""
    if twin.events != events[:len(twin.events)]:
        return False
    for move in moves:
        try:
            twin.play(move)
        except ValueError:
            return False
        if twin.events != events[:len(twin.events)]:
            return False
    return len(twin.events) == len(events)


def _in_play(state) -> range:
    """The quartets (from 0) in play in a small game: those before the first laid down by the setup."""
    return range(min(state.laid_before[0]))


def _game(seed):
    """A small seeded game: 2 or 3 players, 2 or 3 quartets in play (3 only with 2 players, who are dealt every
    card), a bonus card or none, a few moves."""
    rng = random.Random(seed)
    quartets = 3 if rng.random() < 0.25 else 2
    players = 2 if quartets == 3 else rng.choice([2, 3])
    bonus = rng.random() < 0.4
    options = {"bluff": rng.choice(["allowed", "forbidden"]), "bonus_cards": bonus}
    cards = [f"{q}.{k}" for q in range(1, quartets + 1) for k in range(1, 5)]
    removed = None
    if bonus:
        kept = rng.choice(["KF", "SW", "OM"])
        cards.append(kept)
        removed = [b for b in ("BS", "KF", "SW", "OM") if b != kept]
    rng.shuffle(cards)
    size = 3 if players == 2 else 2
    if quartets == 3:
        while _whole(cards[:6]) or _whole(cards[6:]):
            rng.shuffle(cards)
        size = 6  # and the pot is empty: the first hand takes the bonus card too, if there is one
    hands = [sorted(cards[p * size:(p + 1) * size]) for p in range(players)]
    pot = cards[players * size:]
    if quartets == 3:
        hands[0] += pot
        pot = []
    laid = list(range(quartets + 1, 12))
    state = small(hands, pot, rng.randrange(players), options, laid, removed=removed)
    for _ in range(rng.randrange(1, 7) if quartets == 2 else rng.randrange(1, 11)):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
        if _deal_count(state) > MOST_DEALS:
            state.undo()
            break
    return state


#: The most deals a game's brute force replays: games stop before a draw would make more.
MOST_DEALS = 2000


def _whole(hand) -> bool:
    """Whether ``hand`` (card codes) holds a whole quartet."""
    quartets = [c.split(".")[0] for c in hand if "." in c]
    return any(quartets.count(q) == 4 for q in quartets)


def _deal_count(state) -> int:
    """How many deals :func:`_deals` makes for ``state``."""
    left = sum(h.bit_count() for h in state.dealt_hands) + len(state.dealt_pot)
    count = 1
    for hand in state.dealt_hands:
        count *= math.comb(left, hand.bit_count())
        left -= hand.bit_count()
    return count * math.perm(left, min(left, sum(type(e) is Drew for e in state.events)))


@pytest.mark.parametrize("seed", range(300))
def test_every_fact_holds_in_every_consistent_deal_and_no_other(seed, way):
    state = _game(seed)
    for viewer in (None, state.to_move if state.to_move is not None else 0):
        places, counts, shares = _truth(state, viewer)
        knowledge = exact(state)
        if viewer is not None:
            knowledge = knowledge.knowing_hand(viewer, state.hands[viewer])
        assert knowledge.complete
        for p in range(state.players):
            for card in places:
                assert knowledge.share(p, parse_card(card)) == shares.get((card, p), 0), (viewer, p, card)
            sure = sorted(c for c, where in places.items() if where == {p})
            never = sorted(c for c, where in places.items() if p not in where)
            assert codes(knowledge.known_in(p)) == sure, (viewer, p)
            assert codes(knowledge.known_not_in(p)) == never, (viewer, p)
            for q in _in_play(state):
                assert knowledge.bounds(p, q) == counts[p, q], (viewer, p, q)
                unplaced = counts[p, q][0] > (knowledge.known_in(p) & QUARTET_MASK[q]).bit_count()
                assert (q in knowledge.unplaced_holdings(p)) == unplaced, (viewer, p, q)


def test_a_match_taken_back_finds_the_knowledge_of_its_position_again():
    state = explorer.new(GAME, 3, 4)
    rng = random.Random(4)
    for _ in range(6):
        state.play(rng.choice(state.legal_moves()))
    before = state.knowledge(exact=True)
    state.play(rng.choice(state.legal_moves()))
    state.knowledge(exact=True)
    state.undo()  # dealt anew and replayed: the knowledge of this position is recalled, not worked out again
    assert recall(state.events, state.bluffs) == (state._table_knowledge(exact=True), len(state.events))
    assert recall(state.events, state.bluffs)[0] is state._table_knowledge(exact=True)
    assert state.knowledge(exact=True) == before
    state.play(rng.choice(state.legal_moves()))  # a position never read starts from the one read before it
    assert recall(state.events, state.bluffs)[1] < len(state.events)
    assert state.knowledge(exact=True) == Knowledge.from_events(state.events, bluffs=state.bluffs, exact=True)


def _room_questions(seeds):
    """For small seeded games: the room argument over the table's model, and each question it may be asked
    (card index, place, origins putting the card there) with whether some deal puts the card there."""
    for seed in seeds:
        state = _game(seed)
        places, _, _ = _truth(state)
        solver = deals._Solver(exact(state).deals)
        room = RoomArgument(solver.dom, solver.room, solver.rules, [], solver.quartet_of, solver.deals.holder)
        questions = [(i, w, mask, w in places.get(code(card), set()))
                     for i, card in enumerate(solver.cards) for w, mask in solver.places[i]]
        yield seed, solver, room, questions


def _read_games(seeds):
    """For small seeded games: each hand's true least and most of each quartet, and the table's solver after
    a reading."""
    for seed in seeds:
        state = _game(seed)
        _, counts, _ = _truth(state)
        solver = deals._Solver(exact(state).deals)
        solver.facts()
        yield seed, counts, solver


def test_the_room_argument_proves_only_what_no_deal_has_and_proves_some():
    proved = 0
    for seed, _, room, questions in _room_questions(range(120)):
        for i, w, mask, possible in questions:
            if room.dom[i] & mask and room.overfull({i: mask}):
                proved += 1
                assert not possible, (seed, i, w)
                # Once proved, it stays out: the argument narrowed keeps its other answers sound.
                room.narrow(i, room.dom[i] & ~mask)
        assert not room.overfull(), seed  # a real game has a deal
    assert proved > 10


def test_the_room_argument_narrowed_step_by_step_answers_as_one_made_afresh_or_better():
    # A reading narrows the argument's domains as it proves origins impossible; its kept tallies must then give
    # every answer a fresh argument over the narrowed domains gives (and may give more, from parts kept).
    compared = 0
    for seed, solver, room, questions in _room_questions(range(40)):
        for i, w, mask, possible in questions:
            if not possible and room.dom[i] & ~mask:
                room.narrow(i, room.dom[i] & ~mask)  # true: no deal puts it there
        fresh = RoomArgument(room.dom, solver.room, solver.rules, [], solver.quartet_of, solver.deals.holder)
        for i, w, mask, possible in questions:
            if room.dom[i] & mask:
                kept = room.overfull({i: mask})
                assert kept >= fresh.overfull({i: mask}), (seed, i, w)
                assert not kept or not possible, (seed, i, w)
                compared += 1
    assert compared > 100


def test_the_room_argument_narrowed_step_by_step_keeps_each_part_tallied_as_afresh():
    # A narrowing moves each part's tallies by the one card's step alone; they must stay what counting every
    # card and statement again over the narrowed domains gives, part by part.
    checked = 0
    for seed, solver, room, questions in _room_questions(range(40)):
        for i, w, mask, possible in questions:
            if not possible and room.dom[i] & ~mask:
                room.narrow(i, room.dom[i] & ~mask)
                for entry in room.parts:
                    assert (entry.least, entry.most) == room._tallies(room.dom, entry.inside), (seed, i, w)
                    assert entry.floors == [room._floor(r, entry.inside) for r in range(len(room.rules))]
                    assert entry.ceilings == [room._ceiling(r, entry.inside) for r in range(len(room.rules))]
                    checked += 1
    assert checked > 300, checked


def test_the_room_argument_asked_for_a_hand_with_none_or_all_of_a_quartet_proves_only_what_no_deal_has():
    # "Seat p holds no card of quartet q" and "holds every card of it in play" are asked as each of the
    # quartet's cards narrowed (``_Solver._ask``), which proves more than the count would.
    proved = asked = 0
    for seed, counts, solver in _read_games(range(120)):
        room = RoomArgument(solver.dom, solver.room, solver.rules, solver._hands(), solver.quartet_of)
        for (p, q), (least, most) in counts.items():
            idxs, masks = solver.counted[p][q]
            if not idxs:
                continue
            none = {i: ~m for i, m in zip(idxs, masks)}
            every = dict(zip(idxs, masks))
            for keep, possible, how in ((none, least == 0, "none"), (every, most == len(idxs), "all")):
                asked += 1
                if room.overfull(keep):
                    proved += 1
                    assert not possible, (seed, p, q, how)
    assert asked > 300 and proved > 20, (asked, proved)


def test_the_room_argument_weighing_the_seats_parts_together_proves_only_what_no_deal_has_and_more():
    # Each seat's origins (its hand as dealt and its draws) and the undrawn pot take every card once: the
    # counts each part allows must add up across the parts too.  Asked whether a hand holds fewer of a quartet
    # than it surely does, as few or as many as it may, or more, the argument weighing them together proves
    # more than the parts alone, and only what no deal has.
    alone = together = asked = 0
    for seed, counts, solver in _read_games(range(120)):
        parts = RoomArgument(solver.dom, solver.room, solver.rules, solver._hands(), solver.quartet_of)
        seats = RoomArgument(solver.dom, solver.room, solver.rules, solver._hands(), solver.quartet_of,
                             solver.deals.holder)
        assert sum(entry.size for entry in seats.groups) == len(solver.cards)
        assert not seats.overfull(), seed  # a real game has a deal
        for (p, q), (least, most) in counts.items():
            idxs, masks = solver.counted[p][q]
            for lo, hi, possible in ((0, least - 1, False), (least, least, True), (most, most, True),
                                     (most + 1, len(idxs), False)):
                if not idxs or lo > hi:
                    continue
                asked += 1
                alone += parts.overfull(extra=(idxs, masks, lo, hi))
                if seats.overfull(extra=(idxs, masks, lo, hi)):
                    together += 1
                    assert not possible, (seed, p, q, lo, hi)
    assert asked > 300 and together > alone, (asked, alone, together)


def test_the_room_argument_weighs_a_hand_with_every_card_of_a_quartet_as_each_card_narrowed(monkeypatch):
    # Bo asks for a card of his own and draws.  That he holds all four of quartet 2 needs the four of them in
    # his hand, where he may hold three at most: as a count of the quartet's cards the question says less.
    state = small([["1.1", "1.3", "2.4"], ["1.2", "2.1", "2.3"]], ["2.2", "1.4"], 1)
    state.play("2.3@1")
    solver = deals._Solver(exact(state).deals)
    solver.facts()
    room = RoomArgument(solver.dom, solver.room, solver.rules, solver._hands(), solver.quartet_of)
    idxs, masks = solver.counted[1][1]
    assert len(idxs) == 4
    assert room.overfull(dict(zip(idxs, masks)))  # each of the four in his hand
    assert _truth(state)[1][1, 1][1] == 3  # three of them he may hold, and then the argument finds no fault
    assert not room.overfull(extra=(idxs, masks, 3, 3))
    # A reading asks the count as those four narrowings: with no search and no SAT solver, the room argument
    # alone answers it (as a count, the question would be left open).
    monkeypatch.setattr(deals, "SAT", False)
    monkeypatch.setattr(deals, "DEEP_LOOKS", 0)
    solver.work = 0
    solver.deep = 0
    assert solver._ask({}, (idxs, masks, 4, 4)) is None


def test_the_room_argument_alone_finds_the_card_a_full_hand_must_hold():
    # Bo holds four cards and no whole quartet 2: that he holds no quartet-1 card leaves his hand one short.
    state = small([["1.1", "2.1", "2.4"], ["1.3", "2.2", "2.3"]], ["1.4", "1.2"], 1)
    state.play("2.1@1")
    solver = deals._Solver(exact(state).deals)
    room = RoomArgument(solver.dom, solver.room, solver.rules, [], solver.quartet_of)
    assert not room.overfull()
    quartet_1 = [i for i, card in enumerate(solver.cards) if card >> 2 == 0]
    for i in quartet_1[1:]:
        room.narrow(i, room.dom[i] & ~dict(solver.places[i]).get(1, 0))
    assert not room.overfull()
    last = quartet_1[0]
    assert room.overfull({last: room.dom[last] & ~dict(solver.places[last]).get(1, 0)})


@pytest.mark.parametrize("sat", [False, True], ids=["search alone", "with the solver"])
@pytest.mark.parametrize("work", [0, 5, 40])
def test_a_reading_past_its_work_budget_states_only_true_facts_and_says_some_are_open(monkeypatch, work, sat):
    state = explorer.new(GAME, 4, 3)
    rng = random.Random(3)
    for _ in range(30):
        state.play(rng.choice(state.legal_moves()))
    full = exact(state)
    counts = {(p, q): full.bounds(p, q) for p in range(state.players) for q in range(QUARTETS)}
    assert full.complete
    monkeypatch.setattr(deals, "WORK", work)
    monkeypatch.setattr(deals, "BOUNDS_WORK", work)
    monkeypatch.setattr(deals, "SAT", sat and satisfiability.available())
    monkeypatch.setattr(deals, "DEEP_LOOKS", 0)
    if sat:  # the solver too out of conflicts
        monkeypatch.setattr(satisfiability, "CONFLICTS", 0)
        monkeypatch.setattr(deals, "CONFLICTS", 0)
    else:  # and no room argument either
        monkeypatch.setattr(RoomArgument, "overfull", lambda self, keep=None, extra=None: False)
    short = exact(state)
    assert not short.complete
    assert short.contradictions(state.hands) == []
    for p in range(state.players):
        assert short.known_in(p) & ~full.known_in(p) == 0
        assert short.known_not_in(p) & ~full.known_not_in(p) == 0
        assert set(short.unplaced_holdings(p)) <= set(full.unplaced_holdings(p))
        for q in range(QUARTETS):
            least, most = short.bounds(p, q)
            assert least <= counts[p, q][0] and counts[p, q][1] <= most


#: A two-player position set up by hand, thirty cards in the pot, where a SAT solver that looks at its budget
#: only when it restarts (Gluecard 3) spent minutes in one call: see ``satisfiability.Cardinal``.
BUSY_SETUP = {"hands": [["3.3", "3.4", "4.3", "6.2", "7.1", "7.3", "10.2"],
                        ["3.1", "4.4", "5.1", "8.4", "10.4", "11.2", "11.3"]],
              "pot": [
                  "1.1", "11.4", "5.4", "4.1", "10.1", "6.3", "7.4", "9.4", "5.3", "1.2", "8.2", "5.2",
                  "8.1", "2.4", "10.3", "8.3", "9.2", "2.2", "1.3", "4.2", "9.1", "11.1", "6.4", "2.3",
                  "9.3", "2.1", "1.4", "7.2", "3.2", "6.1"],
              "first_player": 0}
BUSY_MOVES = [
    "10.4@2", "6.1@2", "5.4@1", "10.3@2", "11.1@1", "1.1@2", "8.3@1", "10.1@2", "4.4@1", "7.1@2", "3.2@1",
    "3.2@2", "3.4@1", "8.4@1", "10.3@2", "5.4@1", "9.1@1", "3.3@2", "4.4@1", "1.1@2", "4.2@1", "8.3@2",
    "6.2@2", "3.4@1", "8.1@2", "3.3@1", "2.1@1", "4.1@2", "7.4@2", "9.1@1", "3.1@1", "4.1@2", "1.1@1",
    "1.1@1", "4.3@2", "9.1@1", "4.3@2", "4.3@1", "4.3@1", "6.3@2", "7.1@2", "5.1@1", "5.2@2", "4.4@2"]


def play_busy(after_each=lambda state: None):
    """The busy position, read after every move as the explorer does (the deals kept lead to the hard question)."""
    state = explorer.new(GAME, 2, 7, setup=BUSY_SETUP)
    for move in BUSY_MOVES:
        state.view(state.to_move)
        state.play(move)
        after_each(state)
    return state


def test_a_position_the_solver_finds_hard_is_read_within_its_budget_and_states_only_true_facts():
    state = play_busy()
    knowledge = exact(state)
    assert knowledge.contradictions(state.hands) == []
    assert state.view(state.to_move)["knowledge"]


@pytest.mark.skipif(not satisfiability.available(), reason="needs the exact extra (python-sat)")
def test_every_call_of_the_sat_solver_ends_within_its_conflicts(monkeypatch):
    """What bounds a reading's time is that the solver stops where its budget says, whatever the position."""
    monkeypatch.setattr(satisfiability, "QUESTION", 40)
    spent = []
    solve = satisfiability.Clauses._solve

    def counted(self, assumptions, conflicts=None):
        before = self.solver.accum_stats()["conflicts"]
        try:
            return solve(self, assumptions, conflicts)
        finally:
            spent.append(self.solver.accum_stats()["conflicts"] - before)

    def only_true_facts(state):
        assert exact(state).contradictions(state.hands) == []

    monkeypatch.setattr(satisfiability.Clauses, "_solve", counted)
    play_busy(only_true_facts)
    assert spent and max(spent) <= 2 * satisfiability.QUESTION, max(spent)


def test_odds_past_the_counts_budget_fall_back_to_the_estimate(monkeypatch):
    state = small([["1.1", "2.1", "2.4"], ["1.3", "2.2", "2.3"]], ["1.4", "1.2"], 1)
    state.play("2.1@1")
    # Ana sees that Bo was dealt three of 1.2, 1.3, 1.4, 2.2, 2.3 and asked for 2.1, so one of them is 2.2 or 2.3:
    # nine hands, five of them with 1.2.
    knowledge = state.knowledge(0, exact=True)
    assert knowledge.share(1, parse_card("1.2")) == Fraction(5, 9)
    assert Odds(knowledge, 0).of(1, parse_card("1.2")) == 5 / 9
    monkeypatch.setattr(counting, "COUNT_WORK", 0)
    knowledge = state.knowledge(0, exact=True)
    knowledge._facts.solver.counted_deals = False  # counted again, within the new budget
    assert knowledge.share(1, parse_card("1.2")) is None
    assert 0 < Odds(knowledge, 0).of(1, parse_card("1.2")) < 1


def test_a_question_searches_from_several_deals_in_turn_within_the_units_it_was_given():
    """Where the search starts matters (one question took 10,740 units from the first deal found, 25 from the
    last), so a question takes turns over several; what bounds the reading's time is that the turns together
    never spend more than the question was given."""
    state = explorer.new(GAME, 4, 3)
    rng = random.Random(3)
    for _ in range(30):
        state.play(rng.choice(state.legal_moves()))
    solver = deals._Solver(exact(state).deals)
    solver.facts()
    assert len(solver.found) > deals.STARTS
    turns = []

    def never_done(start):  # a search that answers nothing: it spends its turn, unit by unit
        turns.append((start, solver.work))
        while True:
            solver._spend()

    solver.work = 1000
    with pytest.raises(deals._Spent):
        solver._searches(never_done, 500, turns=True)
    starts = [solver.base] + solver.found[:-deals.STARTS - 1:-1]
    assert [start for start, _ in turns[:4]] == starts
    assert [units for _, units in turns[:4]] == [deals.START_UNITS] * 4
    assert [units for _, units in turns[4:8]] == [2 * deals.START_UNITS] * 4
    assert sum(units for _, units in turns) == 500
    assert solver.work == 500  # the rest of the reading's budget is left for its other questions

    # A real question, with a deal (the last found puts the card where the first does not): it is found, and it
    # keeps the question.
    last = solver.found[-1]
    card = next(i for i, o in enumerate(last) if o != solver.base[i])
    dom = list(solver.dom)
    dom[card] = 1 << last[card]
    solver.work = 1000
    x = solver._searches(lambda start: solver.search(dom, start, (card,)), 500, turns=True)
    assert x is not None and x[card] == last[card] and solver._valid(x)
