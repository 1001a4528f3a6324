"""The muster order (MUSTER-*, EX-MUSTER-1) and the hand of 5 (discard_tactics)."""
import pytest
from cardkit import clear_markets, game, kinds, set_goods, tactic
from helpers import act, choose, halted, result, run_step

EDESSA_START = [tactic(c, starting="edessa") for c in (
    "edessa_battle_baptism", "edessa_reinforcement", "edessa_armenian_archers",
    "edessa_euphrates_crossing", "edessa_citadel_garrison")]
# data/cards/tactics.yaml: Treacherous bribe [yellow], Scorched earth [red, red]
BRIBE = tactic("treacherous_bribe", ("yellow",))
SCORCHED = tactic("scorched_earth", ("red", "red"))
HIGH = tactic("baldwins_defence", ("white", "blue", "white", "blue"))


def setup(*extra, t12=("treacherous_bribe", "scorched_earth"), t34=()):
    g = game(cards=(*EDESSA_START, BRIBE, SCORCHED, HIGH, *extra))
    clear_markets(g)
    for i, c in enumerate(t12):
        g.s["markets"]["tactics_12"][i] = c
    for i, c in enumerate(t34):
        g.s["markets"]["tactics_34"][i] = c
    return g


@pytest.mark.rule("EX-MUSTER-1", "MUSTER-02", "MUSTER-03", "MUSTER-04", "MUSTER-05",
                  "MUSTER-06", "DISCARD-02")
def test_ex_muster_1_hire_four_learn_two_discard_two_starting():
    g = setup()
    s = g.s
    p = s["players"]["edessa"]
    assert len(p["tactics"]) == 5
    set_goods(g, "edessa", blue=1, red=1)
    p["coins"] = 3
    p["cities"] = ["edessa", "turbessel"]
    s["cities"]["turbessel"]["units"] = {"edessa": 1}
    units0 = p["units"]
    run_step(g, "order_muster", player="edessa", enhanced=False)
    choose(g, "hire")
    act(g, "extra_goods", n=2)        # 2 basic + 1 good + 1 coin = 4 units
    act(g, "pay_good", colour="blue")
    act(g, "pay_coin")
    for city in ("edessa", "edessa", "turbessel", "edessa"):
        choose(g, "place_unit", city=city)
    assert p["units"] == units0 - 4
    assert s["cities"]["edessa"]["units"]["edessa"] == 5 + 3
    choose(g, "learn")
    choose(g, "take_card", card="scorched_earth")
    act(g, "pay_good", colour="red")   # the 1 suitable good
    # the second red: only a coin is left
    choose(g, "take_card", card="treacherous_bribe")   # yellow: a coin
    assert p["coins"] == 0
    assert len(p["tactics"]) == 7
    assert g.decision.prompt == "discard_tactic"
    choose(g, "discard_tactic", card="edessa_battle_baptism")
    choose(g, "discard_tactic", card="edessa_reinforcement")
    assert halted(g)
    assert p["personal_discard"] == ["edessa_battle_baptism", "edessa_reinforcement"]
    assert set(p["tactics"]) >= {"treacherous_bribe", "scorched_earth"}
    assert result(g)["hired"] == 4 and result(g)["learned"] == 2


@pytest.mark.rule("MUSTER-06", "DISCARD-01")
def test_discarded_non_starting_tactic_goes_under_its_deck():
    g = setup()
    p = g.s["players"]["edessa"]
    p["tactics"].append("scorched_earth")
    run_step(g, "discard_tactics", player="edessa")
    choose(g, "discard_tactic", card="scorched_earth")
    assert halted(g)
    assert g.s["discards"]["tactics_12"] == ["scorched_earth"]


@pytest.mark.rule("MUSTER-07", "MUSTER-04")
def test_enhanced_muster_discount_and_extra_tactic_of_any_level():
    g = setup(t34=("baldwins_defence",))
    p = g.s["players"]["edessa"]
    set_goods(g, "edessa")
    p["coins"] = 4
    run_step(g, "order_muster", player="edessa", enhanced=True)
    assert kinds(g) == ["done", "hire", "learn", "learn_extra"]
    choose(g, "learn")
    # basic learning: level I-II only
    assert not any(a.get("card") == "baldwins_defence" for a in g.legal_actions())
    choose(g, "take_card", card="scorched_earth")   # 2 goods, both discounted
    act(g, "pay_discount")
    act(g, "pay_discount")
    assert p["coins"] == 4
    assert g.decision.prompt == "take_card"          # a second level I-II tactic may follow
    choose(g, "skip")
    choose(g, "learn_extra")
    choose(g, "take_card", card="baldwins_defence")  # 4 goods, no discount
    assert p["coins"] == 0
    assert "baldwins_defence" in p["tactics"]


@pytest.mark.rule("MUSTER-03")
def test_hire_limited_by_supply_and_never_paying_for_missing_units():
    g = setup()
    p = g.s["players"]["edessa"]
    p["units"] = 3
    p["coins"] = 9
    run_step(g, "order_muster", player="edessa", enhanced=False)
    choose(g, "hire")
    assert [a.n for a in g.legal_actions()] == [0, 1]   # 2 free + at most 1 paid
    p["units"] = 1
    run_step(g, "order_muster", player="edessa", enhanced=False)
    choose(g, "hire")
    assert halted(g) or g.decision.prompt == "muster"
    assert p["units"] == 0
