"""Quartz's Helper cards, one scenario a card and a counter, on hand-set tables.

Ana (seat 0) explores; Bo (seat 1) and, in three-player tables, Cy (seat 2)
attack.  Mine decks are written top card first.
"""

from __future__ import annotations

from explorer.games.quartz.state import ANNOUNCE, ATTACK, CANCEL, CHOOSE, DECIDE, DEFEND, PRESENT
from tests.support import covers

from .tables import G, legal, play, refused, table, texts


@covers(f"{G}/passa-isso-aqui")
def test_passa_isso_aqui_takes_the_last_mine_card_of_the_line():
    state = table(mine=["Q1", "S4", "A2"], hands=[[], ["passa"]])
    play(state, "explore")
    assert legal(state) == ["pass"]  # nothing in the line to take yet
    refused(state, "passa", "passa-isso-aqui")
    play(state, "pass, pass, continue")
    assert state.line == ["Q1", "S4"] and state.to_move == 1
    play(state, "passa")
    assert state.phase == DEFEND and state.to_move == 0
    play(state, "pass")
    assert state.collections[1] == ["S4"] and state.line == ["Q1"] and state.phase == DECIDE
    assert texts(state) == "Ana does not defend. Bo takes the Sapphire 4 from the line."


@covers(f"{G}/passa-isso-aqui", f"{G}/presentinho")
def test_passa_isso_aqui_skips_a_presentinho_at_the_end_of_the_line():
    state = table(players=3, mine=["S4", "A2", "E3"], hands=[[], ["presente"], ["passa"]])
    play(state, "explore, pass, pass, presente, pass, passa, pass")
    assert state.collections[2] == ["S4"] and state.line == [PRESENT]


@covers(f"{G}/para-para-para")
def test_para_para_para_ends_the_turn_and_the_line_is_collected():
    state = table(mine=["Q1", "A2", "E3"], hands=[[], ["para"]])
    play(state, "explore, pass, para, pass")
    assert state.collections[0] == ["Q1"] and state.line == []
    assert state.turn == 1 and state.phase == ANNOUNCE
    assert texts(state) == "Ana does not defend. The turn ends at once. Ana collects a Quartz 1."


@covers(f"{G}/para-para-para")
def test_para_para_para_has_nothing_to_stop_once_the_player_stopped():
    state = play(table(mine=["Q1", "A2", "E3"], hands=[[], ["para", "semchance"]]), "explore, pass, pass, stop")
    assert state.window == "stop" and legal(state) == ["pass"]
    refused(state, "para", "para-para-para")


@covers(f"{G}/posso-ajudar")
def test_posso_ajudar_keeps_one_drawn_card_and_puts_the_other_in_the_line():
    state = table(mine=["Q1", "S4", "A2u1", "E3"], hands=[[], ["posso"]])
    play(state, "explore, posso, pass")
    assert state.phase == CHOOSE and state.to_move == 1 and state.drawn == ["Q1", "S4"]
    assert legal(state) == ["keep Q1", "keep S4"]
    refused(state, "line Q1", "posso-ajudar-last")
    play(state, "keep S4")
    assert state.collections[1] == ["S4"]
    assert state.line == ["Q1", "A2u1"] and state.phase == DECIDE  # the window closed: A2u1 was revealed


@covers(f"{G}/posso-ajudar", f"{G}/unstable")
def test_the_card_posso_ajudar_puts_in_the_line_can_cause_the_accident():
    state = table(mine=["Q1u1", "R6u1", "S4u2", "E3"], hands=[[], ["posso"]])
    play(state, "explore, pass, posso, pass, keep S4u2")
    assert "position 1: accident" in texts(state)
    assert state.collections == [[], ["S4u2"]] and state.mine_discard == ["Q1u1", "R6u1"]
    assert state.turn == 1


@covers(f"{G}/posso-ajudar-last", f"{G}/last-card")
def test_posso_ajudar_with_one_card_left_keep_it_or_line_it_and_the_game_ends():
    state = play(table(mine=["Q1", "A2"], hands=[[], ["posso"]]), "explore, pass, posso, pass")
    assert state.drawn == ["A2"] and legal(state) == ["keep A2", "line A2"]
    kept = play(state.copy(), "keep A2")
    assert kept.is_over() and kept.collections == [["Q1"], ["A2"]]
    lined = play(state.copy(), "line A2")
    assert lined.is_over() and lined.collections == [["Q1", "A2"], []]


@covers(f"{G}/presentinho")
def test_presentinho_makes_the_next_unstable_crystal_an_accident_wherever_it_sits():
    state = table(mine=["Q1", "A2", "E3u5", "S4"], hands=[[], ["presente"]])
    play(state, "explore, presente, pass")
    assert state.line == [PRESENT, "Q1"] and state.phase == DECIDE
    play(state, "continue")
    assert state.line == [PRESENT, "Q1", "A2"]  # a stable crystal is no trouble
    play(state, "continue")
    assert "meets Um Presentinho Para Você...: accident!" in texts(state)
    assert state.line == [] and PRESENT in state.helper_discard and state.turn == 1


@covers(f"{G}/two-presentinhos")
def test_two_presentinhos_in_the_line_are_an_accident_at_once():
    state = table(players=3, mine=["Q1", "A2", "E3"], hands=[[], ["presente"], ["presente"]])
    play(state, "explore, pass, pass, presente, pass")
    assert state.line == ["Q1", PRESENT] and state.to_move == 2
    play(state, "presente, pass")
    assert "Two Presentinhos in the line: accident!" in texts(state)
    assert state.line == [] and state.mine_discard == ["Q1"] and state.helper_discard.count(PRESENT) == 2
    assert state.turn == 1


@covers(f"{G}/isso-nao-te-pertence")
def test_isso_nao_te_pertence_steals_a_column_or_any_two_cards():
    collection = ["R6u1", "Q1", "R6u2", "A2"]
    state = table(mine=["E3", "S4"], hands=[[], ["isso"]], collections=[collection, []], chests=[["B8u4"], []])
    play(state, "explore")
    assert legal(state) == ["pass", "isso Q1", "isso A2", "isso R6", "isso Q1+A2", "isso Q1+R6", "isso A2+R6"]
    play(state, "isso R6, pass")
    assert state.collections == [["Q1", "A2"], ["R6u1", "R6u2"]] and state.chests[0] == ["B8u4"]
    state = table(mine=["E3", "S4"], hands=[[], ["isso"]], collections=[collection, []])
    play(state, "explore, isso Q1+R6, pass")
    assert state.collections == [["R6u1", "A2"], ["Q1", "R6u2"]]
    assert "isso R6+R6" not in legal(table(mine=["E3"], hands=[[], ["isso"]], collections=[collection, []]))
    three = play(table(mine=["E3", "S4"], hands=[[], ["isso"]], collections=[["Q1", "Q1h", "Q1u1"], []]),
                 "explore")
    assert legal(three) == ["pass", "isso Q1", "isso Q1+Q1"]
    play(three, "isso Q1+Q1, pass")
    assert three.collections == [["Q1"], ["Q1u1", "Q1h"]]


@covers(f"{G}/isso-nao-te-pertence")
def test_isso_nao_te_pertence_needs_a_card_to_steal():
    state = play(table(mine=["E3", "S4"], hands=[[], ["isso"]]), "explore")
    assert legal(state) == ["pass"]
    assert refused(state, "isso E3", "isso-nao-te-pertence") == "Ana has no Mine card in their collection to steal."


@covers(f"{G}/sem-chance")
def test_sem_chance_cancels_any_attack():
    state = table(mine=["Q1", "A2"], hands=[["semchance"], ["isso"]], collections=[["R6u1"], []])
    play(state, "explore, isso R6, semchance")
    assert state.collections == [["R6u1"], []]
    assert state.helper_discard == ["isso", "semchance"] and state.hands == [[], []]
    assert texts(state) == "Ana cancels the Isso Não Te Pertence Mais... with Sem Chance! Ana reveals a Quartz 1."


@covers(f"{G}/cadaver")
def test_cadaver_stops_the_theft_and_steals_a_card_from_the_attacker():
    state = table(mine=["Q1", "A2"], hands=[["cadaver"], ["isso"]], collections=[["R6u1"], ["E3", "Q1"]])
    play(state, "explore, isso R6")
    assert legal(state) == ["pass", "cadaver Q1", "cadaver E3"]
    play(state, "cadaver E3")
    assert state.collections == [["R6u1", "E3"], ["Q1"]]
    assert sorted(state.helper_discard) == ["cadaver", "isso"]
    empty = play(table(mine=["Q1", "A2"], hands=[["cadaver"], ["isso"]], collections=[["R6u1"], []]),
                 "explore, isso R6")
    assert legal(empty) == ["pass", "cadaver"]  # the attacker has nothing: the theft is still stopped
    play(empty, "cadaver")
    assert empty.collections == [["R6u1"], []]


@covers(f"{G}/cadaver")
def test_cadaver_answers_only_isso_nao_te_pertence():
    state = play(table(mine=["Q1", "A2", "E3"], hands=[["cadaver"], ["passa"]]), "explore, pass, passa")
    assert legal(state) == ["pass"]
    refused(state, "cadaver", "cadaver")


@covers(f"{G}/sai-fora")
def test_sai_fora_sends_the_presentinho_back_to_start_its_owners_next_exploration():
    state = table(mine=["Q1", "A2", "E3u1", "S4"], hands=[["saifora"], ["presente"]])
    play(state, "explore, presente, saifora")
    assert state.phase == CANCEL and state.to_move == 1 and legal(state) == ["pass"]
    play(state, "pass")
    assert state.returned == [0, 1] and state.line == ["Q1"] and state.phase == DECIDE
    assert state.view(0)["players"][1]["returned"] == 1  # everyone saw it go back
    play(state, "stop, pass")
    assert state.turn == 1
    play(state, "explore")  # Bo's exploration starts with his own Presentinho
    assert state.line == [PRESENT, "A2"] and state.returned == [0, 0]
    play(state, "continue")
    assert "accident" in texts(state)  # E3u1 meets the Presentinho


@covers(f"{G}/sai-fora")
def test_a_returned_presentinho_is_discarded_if_its_owner_protects():
    state = table(mine=["Q1", "A2", "E3"], hands=[["saifora"], ["presente"]], collections=[[], ["S4"]])
    play(state, "explore, presente, saifora, pass, stop, pass, protect S4")
    assert state.returned == [0, 0] and state.helper_discard.count(PRESENT) == 1
    assert "The Presentinho sent back to them is discarded." in texts(state)


@covers(f"{G}/sai-fora")
def test_sai_fora_answers_only_the_presentinho():
    state = play(table(mine=["Q1", "A2", "E3"], hands=[["saifora"], ["passa"]]), "explore, pass, passa")
    refused(state, "saifora", "sai-fora")


@covers(f"{G}/sai-fora-cancel")
def test_a_second_sai_fora_cancels_the_counter_attack():
    state = table(mine=["Q1", "A2", "E3"], hands=[["saifora"], ["presente", "saifora"]])
    play(state, "explore, presente, saifora")
    assert legal(state) == ["pass", "saifora"]
    play(state, "saifora")
    assert state.returned == [0, 0] and state.helper_discard == ["saifora", "saifora"]
    assert state.line == [PRESENT, "Q1"] and state.phase == DECIDE  # the Presentinho went in as played
    refused(state, "saifora", "continue")  # and nothing answers it any more


@covers(f"{G}/attack-window", f"{G}/defense")
def test_an_attack_and_its_defense_leave_the_window_to_the_next_opponent():
    state = table(players=3, mine=["Q1", "A2", "E3"], hands=[["semchance"], ["passa"], ["passa"]])
    play(state, "explore, pass, pass, passa")
    assert (state.phase, state.to_move) == (DEFEND, 0)
    play(state, "semchance")
    assert (state.phase, state.to_move, state.window) == (ATTACK, 2, "reveal")
    play(state, "passa, pass")
    assert state.collections[2] == ["Q1"] and state.phase == DECIDE


def test_a_theft_names_its_columns_one_by_one_and_keeps_its_notation():
    from explorer.games.quartz import Play, columns_of, parse_move

    two = parse_move("isso R6+Q1")
    assert isinstance(two, Play) and two.columns == ("Q1", "R6") and str(two) == "isso Q1+R6"
    assert parse_move("isso R6").columns == ("R6",) and Play("passa").columns == ()
    assert columns_of("E3+E3") == ("E3", "E3")
