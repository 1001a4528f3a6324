"""The Planning phase (PLAN-*, HOMS-01) and the Activation phase (ACT-*)."""
import pytest
from cardkit import game, kinds, spy
from helpers import act, choose, halted, run_step

from krestonostsy.engine.actions import Action


def place(g, order, cell="inner", **kw):
    act(g, "place_order", order=order, cell=cell, **kw)
    if g.decision.prompt == "play_drawn_spy":  # SPY-02: keep it in hand for now
        choose(g, "keep")


def planning(g):
    """Start a fresh planning phase on g (only the planning step on the stack)."""
    return run_step(g, "planning_phase")


@pytest.mark.rule("EX-PLAN-1", "PLAN-01", "TURN-04", "TURN-08")
def test_ex_plan_1_placement_order_round_1():
    g = game()
    seen = []
    while g.decision.prompt == "place_order":
        seen.append(g.decision.player)
        order = next(a for a in g.legal_actions() if a.get("cell") == "inner"
                     and a.order in g.s["players"][g.decision.player]["orders"])
        g.apply(order)
    assert seen == ["jerusalem", "tripoli", "edessa", "antioch"] * 2


@pytest.mark.rule("EX-PLAN-2", "PLAN-05", "PLAN-06", "PLAN-08", "PLAN-09", "ACT-01", "ACT-02",
                  "SPY-01")
def test_ex_plan_2_payments_and_resulting_activation():
    g = game(cards=[spy(f"spy{i}") for i in range(4)])
    coins = {x: g.s["players"][x]["coins"] for x in g.s["states"]}
    assert g.decision.player == "jerusalem"
    place(g, "prayer", "outer")                       # 1. Jerusalem, outer, draws a spy
    assert len(g.s["players"]["jerusalem"]["spies_hand"]) == 1
    place(g, "build")                                 # 2. Tripoli, free
    place(g, "build")                                 # 3. Edessa pays Tripoli
    place(g, "muster")                                # 4. Antioch, free
    legal = set(g.legal_actions())                    # 5. Jerusalem: no second outer cell
    assert not any(a.get("cell") == "outer" for a in legal)
    assert {a.order for a in legal} == {"build", "muster", "march"}
    place(g, "muster")                                #    pays Antioch
    place(g, "prayer")                                # 6. Tripoli: inner prayer, free
    place(g, "muster", "outer")                       # 7. Edessa: outer allowed
    place(g, "march")                                 # 8. Antioch, free
    delta = {x: g.s["players"][x]["coins"] - coins[x] for x in coins}
    assert delta == {"tripoli": 1, "edessa": -1, "antioch": 1, "jerusalem": -1}
    cross = g.s["cross"]
    # top of the stack is the last element: activated first (ACT-02)
    assert [o for o, _ in reversed(cross["build"]["inner"])] == ["edessa", "tripoli"]
    assert [o for o, _ in reversed(cross["prayer"]["inner"])] == ["tripoli"]
    assert [o for o, _ in reversed(cross["muster"]["inner"])] == ["jerusalem", "antioch"]
    assert [o for o, _ in reversed(cross["march"]["inner"])] == ["antioch"]
    assert cross["prayer"]["outer"] == ["jerusalem", True]
    assert cross["muster"]["outer"] == ["edessa", True]


@pytest.mark.rule("PLAN-06", "PLAN-07")
def test_cannot_afford_stacking_means_another_order_or_skip():
    g = game()
    s = g.s
    for o in ("build", "prayer", "muster", "march"):
        s["cross"][o]["inner"] = [["tripoli", False]]
    p = s["players"]["jerusalem"]
    p["coins"] = 0
    p["outer_used"] = True  # e.g. the first token already went outer
    planning(g)
    # nobody placed yet: jerusalem is first and has no legal placement -> skipped
    assert g.decision.player == "tripoli"
    assert p["orders"] == ["build", "prayer", "muster", "march"]
    # PLAN-07: with 1 coin every order is possible again
    g = game()
    for o in ("build", "prayer", "muster"):
        g.s["cross"][o]["inner"] = [["tripoli", False]]
    g.s["players"]["jerusalem"].update(coins=0, outer_used=True)
    planning(g)
    assert set(g.legal_actions()) == {Action("place_order", order="march", cell="inner")}


@pytest.mark.rule("PLAN-08", "PLAN-09")
def test_outer_cell_is_enhanced_single_and_one_per_player():
    g = game(cards=[spy("s1"), spy("s2")])
    place(g, "build", "outer")
    # Tripoli cannot take the occupied outer build cell
    assert Action("place_order", order="build", cell="outer") not in g.legal_actions()
    assert Action("place_order", order="prayer", cell="outer") in g.legal_actions()
    place(g, "prayer", "outer")
    place(g, "muster")
    place(g, "march")
    # Jerusalem's second token: inner only
    assert all(a.cell == "inner" for a in g.legal_actions())


@pytest.mark.rule("PLAN-10", "ACT-05")
def test_enhanced_token_moves_inward_and_is_missing_from_supply_next_round():
    g = game()
    g.s["cross"]["build"]["outer"] = ["jerusalem", True]
    g.s["players"]["jerusalem"]["orders"].remove("build")
    run_step(g, "activation_phase")
    assert halted(g)
    assert g.s["cross"]["build"] == {"inner": [["jerusalem", True]], "outer": None}
    planning(g)
    assert not any(a.order == "build" for a in g.legal_actions())
    # Tripoli stacking on it pays Jerusalem (ACT-05 inferred, PLAN-06)
    place(g, "prayer")
    before = g.s["players"]["jerusalem"]["coins"]
    place(g, "build")
    assert g.s["players"]["jerusalem"]["coins"] == before + 1


@pytest.mark.rule("ACT-03", "ACT-05")
def test_activation_order_returns_tokens_and_enhanced_order_runs_enhanced():
    g = game()
    seen = []
    from krestonostsy.engine.flow import STEPS

    class Probe:
        name = "order_march"

        def run(self, g2, f):
            seen.append((f["player"], f["enhanced"]))
            g2.ret(None)

    old = STEPS.get("order_march")
    STEPS["order_march"] = Probe()
    try:
        g.s["cross"]["march"]["inner"] = [["tripoli", True], ["edessa", False]]
        for x in ("tripoli", "edessa"):
            g.s["players"][x]["orders"].remove("march")
        run_step(g, "activation_phase")
        assert halted(g)
    finally:
        if old is None:
            del STEPS["order_march"]
        else:
            STEPS["order_march"] = old
    assert seen == [("edessa", False), ("tripoli", True)]
    assert "march" in g.s["players"]["tripoli"]["orders"]
    assert "march" in g.s["players"]["edessa"]["orders"]
    assert g.s["cross"]["march"]["inner"] == []


@pytest.mark.rule("ACT-06", "CAPITAL-05")
def test_eliminated_player_places_nothing_and_orders_are_skipped():
    g = game()
    g.s["players"]["tripoli"]["eliminated"] = True
    planning(g)
    players = []
    while not halted(g):
        players.append(g.decision.player)
        g.apply(next(a for a in g.legal_actions() if a.cell == "inner"))
    assert "tripoli" not in players
    g.s["cross"]["build"]["inner"] = [["tripoli", False]]
    run_step(g, "activation_phase")
    while not halted(g):
        assert g.decision.player != "tripoli"
        g.apply(g.legal_actions()[-1])


@pytest.mark.rule("HOMS-01", "PLAN-11")
def test_homs_holder_places_an_enhanced_inner_token_once_without_spy():
    g = game(cards=[spy("s1")])
    s = g.s
    s["homs_card"] = "jerusalem"
    s["cities"]["homs"]["units"] = {"jerusalem": 2}
    s["players"]["jerusalem"]["cities"].append("homs")
    planning(g)
    homs = [a for a in g.legal_actions() if a.get("homs")]
    assert {a.order for a in homs} == {"build", "prayer", "muster", "march"}
    place(g, "march", "inner", homs=True)
    assert s["cross"]["march"]["inner"] == [["jerusalem", True]]
    assert s["players"]["jerusalem"]["spies_hand"] == []
    assert not s["players"]["jerusalem"]["outer_used"]
    for _ in range(3):
        place(g, next(a for a in g.legal_actions() if a.cell == "inner").order)
    # second placement: no Homs option any more, but an outer cell is still allowed
    assert not any(a.get("homs") for a in g.legal_actions())
    assert any(a.cell == "outer" for a in g.legal_actions())
    assert kinds(g) == ["place_order"]
    choose(g, "place_order", order="prayer", cell="outer")
    assert s["players"]["jerusalem"]["spies_hand"] == ["s1"]


@pytest.mark.rule("ACT-04", "TURN-10")
def test_order_wrapper_is_the_players_own_turn_and_returns_facts():
    from helpers import result

    from krestonostsy.content.vocabulary import ORDER_FACTS
    from krestonostsy.engine.activation import current_turn
    from krestonostsy.engine.payment import can_pay
    g = game()
    g.s["players"]["tripoli"]["coins"] = 0
    g.s["players"]["tripoli"]["goods"] = {}
    seen = []
    run_step(g, "order", player="tripoli", order="build", enhanced=False, extra=False)
    while not halted(g):
        seen.append(current_turn(g))
        g.apply(g.legal_actions()[-1])
    assert set(seen) <= {"tripoli"}
    assert set(result(g)) == set(ORDER_FACTS)
    assert current_turn(g) is None
    assert not can_pay(g, "tripoli", ["red"], own_turn=True)


@pytest.mark.rule("PLAN-02", "PLAN-03", "PLAN-04")
def test_four_double_sided_tokens_each_into_its_own_sector_inner_or_outer():
    g = game()
    assert g.s["players"]["jerusalem"]["orders"] == ["build", "prayer", "muster", "march"]
    legal = set(g.legal_actions())
    assert legal == {Action("place_order", order=o, cell=c)
                     for o in ("build", "prayer", "muster", "march")
                     for c in ("inner", "outer")}
    place(g, "muster", "outer")
    assert g.s["cross"]["muster"]["outer"] == ["jerusalem", True]  # enhanced side up
    place(g, "muster")
    assert g.s["cross"]["muster"]["inner"] == [["tripoli", False]]  # basic side up


@pytest.mark.rule("PRAY-01", "TURN-04")
def test_sanctity_position_sets_the_planning_order():
    g = game()
    g.s["sanctity"]["antioch"] = 12
    run_step(g, "planning_phase")
    assert g.decision.player == "antioch"
