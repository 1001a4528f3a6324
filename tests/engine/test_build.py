"""The build order (BUILD-*, BLDG-01, EX-BUILD-1/2)."""
import pytest
from cardkit import building, clear_markets, game, kinds, set_goods
from helpers import act, choose, halted, result, run_step

from krestonostsy.engine.income import taxes

# data/cards/buildings.yaml: Castle chapels costs 2 white goods (level II)
CASTLE_CHAPELS = building("castle_chapels", ("white", "white"),
                          {"on": "after_order", "order": "prayer"},
                          ({"op": "bishop_actions", "amount": 1, "only": "train"},))
BAZAAR = building("bazaar", (), {"on": "anytime"})
TOWER = building("tower", ("red", "blue", "white", "yellow"))  # level IV
SMITHY = building("smithy", ("blue",))


def setup(cards=(CASTLE_CHAPELS,), **market):
    g = game(cards=cards)
    clear_markets(g)
    for name, ids in market.items():
        if name == "buildings_0":
            g.s["decks"]["buildings_0"] = list(ids)
        else:
            for i, cid in enumerate(ids):
                g.s["markets"][name][i] = cid
    return g


@pytest.mark.rule("EX-BUILD-1", "BUILD-03", "BUILD-04", "BUILD-07", "BUILD-09", "BUILD-10",
                  "BUILD-05", "INCOME-01")
def test_ex_build_1_upgrade_capital_to_iii_and_castle_chapels():
    g = setup(buildings_12=["castle_chapels"])
    s = g.s
    s["cities"]["tripoli"]["level"] = 2
    set_goods(g, "tripoli", yellow=1)
    p = s["players"]["tripoli"]
    p["coins"] = 4
    run_step(g, "order_build", player="tripoli", enhanced=False)
    assert kinds(g) == ["build_building", "done", "upgrade"]
    choose(g, "upgrade", city="tripoli")      # cost yellow, blue, red
    choose(g, "pay_good", colour="yellow")    # 1 good ...
    # ... and 2 coins (no other way): paid automatically
    assert s["cities"]["tripoli"]["level"] == 3
    assert p["coins"] == 2
    # BUILD-09: the second good at once, ready to spend this round
    assert p["goods"]["yellow"] == [1, 1, 0]
    choose(g, "build_building")
    choose(g, "take_card", card="castle_chapels")
    # no white goods: 2 coins
    assert halted(g)
    assert p["coins"] == 0
    assert p["buildings"] == [{"card": "castle_chapels", "used": False}]
    assert s["markets"]["buildings_12"][0] is None  # MARKET-03: no refill
    facts = result(g)
    assert facts["upgraded"] == 1 and facts["built"] == 1
    assert taxes(g, "tripoli") == 3  # level-III sector 2 + capital 1 (§14.20)


@pytest.mark.rule("EX-BUILD-2", "BUILD-12")
def test_ex_build_2_discount_split_across_basic_actions():
    # a: all the discount on the 3-good upgrade: pays just 1
    g = setup(buildings_12=["smithy"])
    s = g.s
    s["cities"]["tripoli"]["level"] = 2
    set_goods(g, "tripoli")
    p = s["players"]["tripoli"]
    p["coins"] = 1
    run_step(g, "order_build", player="tripoli", enhanced=True)
    choose(g, "upgrade", city="tripoli")
    while g.decision.prompt == "pay":
        act(g, "pay_discount") if "pay_discount" in kinds(g) else act(g, "pay_coin")
    assert s["cities"]["tripoli"]["level"] == 3 and p["coins"] == 0
    # b: 2 paid on the upgrade, the remaining 1 discount on the building
    g = setup(buildings_12=["smithy"])
    s = g.s
    s["cities"]["tripoli"]["level"] = 2
    set_goods(g, "tripoli")
    p = s["players"]["tripoli"]
    p["coins"] = 2
    run_step(g, "order_build", player="tripoli", enhanced=True)
    choose(g, "upgrade", city="tripoli")
    act(g, "pay_coin")
    act(g, "pay_coin")
    assert s["cities"]["tripoli"]["level"] == 3 and p["coins"] == 0
    assert g.decision.params["discount"] == 1
    choose(g, "build_building")
    choose(g, "take_card", card="smithy")  # its 1 good is discounted
    assert p["buildings"] == [{"card": "smithy", "used": False}]


@pytest.mark.rule("BUILD-12")
def test_enhanced_extra_building_any_level_without_discount():
    g = setup(cards=(TOWER, SMITHY), buildings_12=["smithy"], buildings_34=["tower"])
    set_goods(g, "tripoli")
    p = g.s["players"]["tripoli"]
    p["coins"] = 3
    run_step(g, "order_build", player="tripoli", enhanced=False)
    # basic build: level IV is not on offer
    choose(g, "build_building")
    assert not any(a.get("card") == "tower" for a in g.legal_actions())
    g = setup(cards=(TOWER, SMITHY), buildings_12=["smithy"], buildings_34=["tower"])
    set_goods(g, "tripoli")
    p = g.s["players"]["tripoli"]
    p["coins"] = 3
    run_step(g, "order_build", player="tripoli", enhanced=True)
    # tower costs 4, discount does not apply: not affordable with 3 coins
    choose(g, "build_extra")
    assert not any(a.get("card") == "tower" for a in g.legal_actions())
    p["coins"] = 4
    g2 = setup(cards=(TOWER, SMITHY), buildings_12=["smithy"], buildings_34=["tower"])
    set_goods(g2, "tripoli")
    g2.s["players"]["tripoli"]["coins"] = 4
    run_step(g2, "order_build", player="tripoli", enhanced=True)
    choose(g2, "build_extra")
    choose(g2, "take_card", card="tower")
    assert g2.s["players"]["tripoli"]["coins"] == 0
    # the discount is still there for the basic building
    assert g2.decision.params["discount"] == 2
    choose(g2, "build_building")
    choose(g2, "take_card", card="smithy")
    assert [b["card"] for b in g2.s["players"]["tripoli"]["buildings"]] == ["tower", "smithy"]


@pytest.mark.rule("BUILD-10", "SETUP-06")
def test_level_0_deck_top_card_built_for_free():
    g = setup(cards=(BAZAAR, building("well")), buildings_0=["well", "bazaar"])
    g.s["players"]["tripoli"]["coins"] = 0
    set_goods(g, "tripoli")
    run_step(g, "order_build", player="tripoli", enhanced=False)
    choose(g, "build_building")
    assert [a.get("card") for a in g.legal_actions()] == ["bazaar"]  # only the top card
    choose(g, "take_card", card="bazaar")
    assert halted(g)
    assert g.s["decks"]["buildings_0"] == ["well"]


@pytest.mark.rule("BUILD-11", "BLDG-01", "DISCARD-01")
def test_fifth_building_replaces_one_or_is_discarded():
    olds = [building(f"old{i}", ("red",)) for i in range(4)]
    g = setup(cards=(*olds, SMITHY), buildings_12=["smithy"])
    p = g.s["players"]["tripoli"]
    p["buildings"] = [{"card": f"old{i}", "used": False} for i in range(4)]
    p["coins"] = 1
    run_step(g, "order_build", player="tripoli", enhanced=False)
    choose(g, "build_building")
    choose(g, "take_card", card="smithy")
    assert g.decision.prompt == "replace_building"
    assert len(g.legal_actions()) == 5
    choose(g, "discard_building", card="old2")
    assert [b["card"] for b in p["buildings"]] == ["old0", "old1", "old3", "smithy"]
    assert g.s["discards"]["buildings_12"] == ["old2"]
    # or the new one
    g = setup(cards=(*olds, SMITHY), buildings_12=["smithy"])
    p = g.s["players"]["tripoli"]
    p["buildings"] = [{"card": f"old{i}", "used": False} for i in range(4)]
    p["coins"] = 1
    run_step(g, "order_build", player="tripoli", enhanced=False)
    choose(g, "build_building")
    choose(g, "take_card", card="smithy")
    choose(g, "discard_building", card="smithy")
    assert [b["card"] for b in p["buildings"]] == ["old0", "old1", "old2", "old3"]


@pytest.mark.rule("BUILD-04")
def test_level_3_city_and_unaffordable_upgrades_are_not_offered():
    g = setup()
    s = g.s
    s["cities"]["tripoli"]["level"] = 3
    run_step(g, "order_build", player="tripoli", enhanced=False)
    assert halted(g)  # nothing possible: the order ends at once
    g = setup()
    set_goods(g, "tripoli")
    g.s["players"]["tripoli"]["coins"] = 1  # level 1 -> 2 costs 2 goods
    run_step(g, "order_build", player="tripoli", enhanced=False)
    assert halted(g)


@pytest.mark.rule("BUILD-01", "BUILD-08")
def test_city_sectors_give_goods_coins_and_upgrade_cost_per_level():
    g = setup()
    s = g.s
    from krestonostsy.engine import board as B
    from krestonostsy.engine.build import upgrade_cost
    assert B.produced_goods(g, "tripoli") == ("yellow",)
    assert upgrade_cost(g, "tripoli") == ["yellow", "white"]
    s["cities"]["tripoli"]["level"] = 3
    assert B.produced_goods(g, "tripoli") == ("yellow", "yellow")
    assert upgrade_cost(g, "tripoli") == []
    assert taxes(g, "tripoli") == 3
