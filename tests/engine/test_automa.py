"""The automa of 2–3 player games (AUTOMA-01..11, §14.5, §14.6)."""
import pytest
from cardkit import game
from helpers import act, halted, run_step

from krestonostsy.engine.planning import automa_turn

THREE = ("jerusalem", "tripoli", "edessa")
TWO = ("jerusalem", "tripoli")


def automa_tokens_on_cross(g):
    return [(o, cell) for o, c in g.s["cross"].items()
            for cell, toks in (("inner", c["inner"]), ("outer", [c["outer"]] if c["outer"] else []))
            for t in toks if t[0] == "automa"]


def play_planning(g):
    """Run the planning phase, players always choosing their first inner option;
    returns the deciding sequence with automa placements as 'automa'."""
    run_step(g, "planning_phase")
    seq = []
    while not halted(g):
        before = len(automa_tokens_on_cross(g))
        seq.append(g.decision.player)
        g.apply(next(a for a in g.legal_actions() if a.cell == "inner"))
        _ = before
    return seq


@pytest.mark.rule("AUTOMA-01", "AUTOMA-02", "SETUP-19")
def test_three_players_automa_places_first_and_fifth():
    g = game(THREE)
    a = g.s["automa"]
    placed = [o for o, _cell in automa_tokens_on_cross(g)]
    assert sorted(a["supply"] + a["aside"] + placed) == ["boost", "build", "march", "muster",
                                                         "prayer"]
    # the automa piece sits on the rightmost cell: it places before anyone decides
    assert g.decision.player == "jerusalem"
    assert len(automa_tokens_on_cross(g)) == 1
    order = []
    while g.decision.prompt == "place_order":
        order.append(g.decision.player)
        n = len(automa_tokens_on_cross(g))
        g.apply(next(a for a in g.legal_actions() if a.cell == "inner"))
        if g.decision.prompt == "place_order" and len(automa_tokens_on_cross(g)) > n:
            order.append("automa")
    assert order == ["jerusalem", "tripoli", "edessa", "automa", "jerusalem", "tripoli",
                     "edessa"]
    assert len(automa_tokens_on_cross(g)) == 2


@pytest.mark.rule("AUTOMA-09", "SETUP-19")
def test_two_players_automa_places_1_2_5_6_with_all_ten_tokens():
    g = game(TWO)
    assert len(g.s["automa"]["supply"]) + len(automa_tokens_on_cross(g)) + \
        len(g.s["automa"]["aside"]) == 10
    assert len(automa_tokens_on_cross(g)) == 2  # turns 1 and 2
    g.apply(next(a for a in g.legal_actions() if a.cell == "inner"))  # 3
    g.apply(next(a for a in g.legal_actions() if a.cell == "inner"))  # 4
    assert len(automa_tokens_on_cross(g)) == 4  # turns 5 and 6
    assert g.decision.player == "jerusalem"


@pytest.mark.rule("AUTOMA-03", "AUTOMA-04", "AUTOMA-05")
def test_boost_sends_next_token_outer_and_returns_at_end_of_phase():
    g = game(THREE)
    a = g.s["automa"]
    for o in g.s["cross"].values():
        o["inner"], o["outer"] = [], None
    a["supply"], a["aside"] = ["boost", "muster"], []
    # whichever comes first, the muster ends up outer (boost first) or inner (muster first)
    automa_turn(g)
    cross = g.s["cross"]["muster"]
    if a["aside"] == ["boost"]:
        assert cross["outer"] == ["automa", True] and cross["inner"] == []
    else:
        assert cross["inner"] == [["automa", False]]
    # forced: boost then build with the outer cell taken -> inner
    a["supply"], a["aside"] = ["boost", "build"], []
    g.s["cross"]["build"]["outer"] = ["tripoli", True]
    g.s["cross"]["build"]["inner"] = []
    automa_turn(g)
    assert g.s["cross"]["build"]["inner"] == [["automa", False]]
    # AUTOMA-05: at the end of planning the boost is back in the supply
    g.s["automa"]["pieces"] = []  # nobody else to place for this check
    g.s["states"] = []
    run_step(g, "planning_phase")
    assert halted(g)
    assert a["aside"] == [] and "boost" in a["supply"]


@pytest.mark.rule("AUTOMA-10")
def test_two_boosts_in_a_row_set_both_aside_third_goes_outer():
    g = game(TWO)
    a = g.s["automa"]
    for o in g.s["cross"].values():
        o["inner"], o["outer"] = [], None
    for seed in range(40):
        a["supply"], a["aside"] = ["boost", "boost", "march"], []
        g.s["cross"]["march"] = {"inner": [], "outer": None}
        g.s["rng"] = seed * 7919 + 1
        automa_turn(g)
        if a["aside"] == ["boost", "boost"]:
            assert g.s["cross"]["march"]["outer"] == ["automa", True]
            return
    raise AssertionError("no seed revealed two boosts first")


@pytest.mark.rule("AUTOMA-06", "PLAN-06")
def test_payments_with_the_automa_go_through_the_general_supply():
    g = game(THREE)
    s = g.s
    for o in s["cross"].values():
        o["inner"], o["outer"] = [], None
    # the automa covers a player's token: the player is paid from the supply
    s["cross"]["build"]["inner"] = [["tripoli", False]]
    s["automa"]["supply"], s["automa"]["aside"] = ["build"], []
    before = s["players"]["tripoli"]["coins"]
    automa_turn(g)
    assert s["players"]["tripoli"]["coins"] == before + 1
    # a player covering the automa token pays 1 to the supply (nobody receives it)
    s["players"]["edessa"]["outer_used"] = False
    s["automa"]["pieces"] = []
    coins = {x: s["players"][x]["coins"] for x in s["states"]}
    run_step(g, "planning_phase")
    assert g.decision.player == "jerusalem"
    act(g, "place_order", order="build", cell="inner")  # covers automa + tripoli
    assert s["players"]["jerusalem"]["coins"] == coins["jerusalem"] - 2
    assert s["players"]["tripoli"]["coins"] == coins["tripoli"] + 1


@pytest.mark.rule("AUTOMA-06")
def test_automa_covering_its_own_token_pays_nothing():
    g = game(TWO)
    s = g.s
    for o in s["cross"].values():
        o["inner"], o["outer"] = [], None
    s["cross"]["prayer"]["inner"] = [["automa", False]]
    s["automa"]["supply"], s["automa"]["aside"] = ["prayer"], []
    coins = {x: s["players"][x]["coins"] for x in s["states"]}
    automa_turn(g)
    assert s["cross"]["prayer"]["inner"] == [["automa", False], ["automa", False]]
    assert coins == {x: s["players"][x]["coins"] for x in s["states"]}


@pytest.mark.rule("AUTOMA-07", "AUTOMA-08", "ACT-05")
def test_automa_tokens_do_nothing_and_return_outer_ones_wait_a_round():
    g = game(THREE)
    s = g.s
    for o in s["cross"].values():
        o["inner"], o["outer"] = [], None
    s["automa"]["supply"] = ["boost", "prayer"]
    s["cross"]["build"]["inner"] = [["automa", False]]
    s["cross"]["march"]["outer"] = ["automa", True]
    coins = {x: s["players"][x]["coins"] for x in s["states"]}
    run_step(g, "activation_phase")
    assert halted(g)
    assert sorted(s["automa"]["supply"]) == ["boost", "build", "prayer"]
    assert s["cross"]["march"]["inner"] == [["automa", True]]  # §14.6
    run_step(g, "activation_phase")
    assert sorted(s["automa"]["supply"]) == ["boost", "build", "march", "prayer"]
    assert coins == {x: s["players"][x]["coins"] for x in s["states"]}
    assert s["sanctity"]["antioch"] == 19  # AUTOMA-02: the automa piece never moves


@pytest.mark.rule("AUTOMA-11", "TURN-07")
def test_automa_pieces_do_not_count_in_turn_order_outside_planning():
    from krestonostsy.engine import board as B
    g = game(THREE)
    assert B.turn_order(g) == ["jerusalem", "tripoli", "edessa"]
    assert B.turn_order(g, include_automa=True)[0] == "antioch"
