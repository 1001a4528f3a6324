"""The Income phase (INCOME-*, GOV-*, BISHOP-02..04, EX-INCOME-1)."""
import pytest
from cardkit import building, clear_markets, game, governor, set_goods
from helpers import halted, run_step

from krestonostsy.engine.income import governor_influence, governors_income, taxes

# data/cards/governors.yaml
BALDWIN = governor("baldwin_of_jerusalem", {"metric": "goods:white",
                                            "tiers": [[1, 1], [3, 2], [5, 3]]}, "jerusalem")
GALERAN = governor("galeran", {"metric": "city_levels", "tiers": [[3, 1], [5, 2], [7, 3]]})
FULK = governor("fulk_of_anjou", {"metric": "units_on_map", "tiers": [[7, 1], [10, 2], [13, 3]]})
RICHARD = governor("richard_of_salerno", {"metric": "units_on_map", "leader": True,
                                          "influence": 2})


def ex_income_game():
    g = game(cards=(BALDWIN, GALERAN, FULK, RICHARD))
    s = g.s
    c = s["cities"]
    p = s["players"]["jerusalem"]
    p["cities"] = ["jerusalem", "damascus", "acre"]
    c["jerusalem"].update(level=2, governor="baldwin_of_jerusalem", units={"jerusalem": 4})
    c["damascus"].update(level=2, governor="fulk_of_anjou", units={"jerusalem": 2})
    c["acre"].update(level=1, governor="galeran", units={"jerusalem": 2})
    set_goods(g, "jerusalem", white=(0, 1, 0), blue=1, red=1)
    c["jerusalem"]["bishops"] = [["jerusalem", 1, 1]]
    c["damascus"]["bishops"] = [["jerusalem", 2, 50], ["tripoli", 1, 51]]
    c["acre"]["bishops"] = [["jerusalem", 1, 52], ["tripoli", 1, 53]]
    p["coins"] = 0
    p["influence"] = 0
    return g


@pytest.mark.rule("EX-INCOME-1", "INCOME-01", "INCOME-03", "CAPITAL-02", "GOV-01", "GOV-06",
                  "GOV-08", "BISHOP-02", "BISHOP-04")
def test_ex_income_1_five_coins_six_influence():
    g = ex_income_game()
    s = g.s
    assert taxes(g, "jerusalem") == 5
    total, per_city = governors_income(g, "jerusalem")
    assert per_city == {"jerusalem": 1, "acre": 2, "damascus": 1}
    barrier = s["barrier"]
    run_step(g, "income_phase")
    assert halted(g)
    p = s["players"]["jerusalem"]
    assert p["coins"] == 5
    assert p["influence"] == 1 + 2 + 1 + 2
    assert s["barrier"] > barrier  # contested cities were revealed (BISHOP-03, INCOME-04)


@pytest.mark.rule("INCOME-02", "GLOSS-04", "GLOSS-03", "BLDG-03", "SPY-07")
def test_restore_goods_blocked_stay_spent_and_bans_removed():
    g = game(cards=(building("b1"),))
    s = g.s
    set_goods(g, "tripoli", yellow=(0, 2, 1))
    p = s["players"]["tripoli"]
    p["buildings"] = [{"card": "b1", "used": True}]
    p["spies"] = [{"card": "x", "target": "edessa", "used": True}]
    run_step(g, "income_phase")
    assert p["goods"]["yellow"] == [2, 1, 0]
    assert p["buildings"][0]["used"] is False and p["spies"][0]["used"] is False
    run_step(g, "income_phase")
    assert p["goods"]["yellow"] == [3, 0, 0]


@pytest.mark.rule("INCOME-02", "GLOSS-06", "SETUP-10", "MARKET-03")
def test_markets_filled_up_to_open_slots_only():
    g = game(("jerusalem", "tripoli", "edessa"),
             cards=tuple(building(f"b{i}", ("red",)) for i in range(9)))
    clear_markets(g)
    s = g.s
    s["decks"]["buildings_12"] = [f"b{i}" for i in range(9)]
    run_step(g, "income_phase")
    slots = s["markets"]["buildings_12"]
    assert slots[:4] == ["b8", "b7", "b6", "b5"] and slots[4] is None  # 3 players: 4 open


@pytest.mark.rule("INCOME-06", "CAPITAL-05")
def test_eliminated_player_still_scores_holy_lands():
    g = game()
    s = g.s
    p = s["players"]["tripoli"]
    s["cities"]["tripoli"]["units"] = {}
    p.update(cities=[], eliminated=True, influence=0, coins=0)
    s["cities"]["baalbek"]["bishops"] = [["tripoli", 1, 70]]
    s["cities"]["tripoli"]["bishops"] = [["tripoli", 1, 71]]
    run_step(g, "income_phase")
    assert p["influence"] == 2 and p["coins"] == 0


@pytest.mark.rule("GOV-05", "GLOSS-07")
def test_leader_governor_needs_first_or_tied_and_at_least_one():
    g = game(cards=(RICHARD,))
    s = g.s
    for x in s["states"]:
        s["cities"][x]["units"] = {x: 4}
    assert governor_influence(g, "jerusalem", "richard_of_salerno") == 2   # all tied: leader
    s["cities"]["tripoli"]["units"] = {"tripoli": 5}
    assert governor_influence(g, "jerusalem", "richard_of_salerno") == 0
    assert governor_influence(g, "tripoli", "richard_of_salerno") == 2


@pytest.mark.rule("GOV-09", "HOMS-02")
def test_spices_count_for_one_colour_governor():
    g = game(cards=(BALDWIN,))
    set_goods(g, "jerusalem", white=2, green=1)
    assert governor_influence(g, "jerusalem", "baldwin_of_jerusalem") == 1
    total, _ = governors_income(g, "jerusalem")
    assert total == 2  # 2 white + spices = 3 -> tier 2


@pytest.mark.rule("INCOME-05", "END-02")
def test_game_ends_after_income_when_a_condition_holds_at_round_end():
    g = game(("jerusalem", "tripoli"))
    s = g.s
    # play the first round with everyone passing as fast as possible
    for c in ("acre", "baalbek", "damascus"):
        s["cities"][c]["units"] = {"jerusalem": 1}
    s["players"]["jerusalem"]["cities"] += ["acre", "baalbek", "damascus"]
    while not g.is_over:
        acts = g.legal_actions()
        done = [a for a in acts if a.kind in ("done", "skip", "keep", "end_moves")]
        g.apply(done[0] if done else acts[0])
        if s["round"] > 1:
            break
    assert g.is_over and s["round"] == 1
    assert "hegemony" in g.result()["end_conditions"]
    assert g.result()["scores"]["jerusalem"]["hegemony"] == 8


@pytest.mark.rule("GOV-04")
def test_governor_conditions_owning_components_or_leading():
    g = game(cards=(FULK, RICHARD))
    assert governor_influence(g, "antioch", "fulk_of_anjou") == 0   # 6 units: below 7
    g.s["cities"]["antioch"]["units"] = {"antioch": 7}
    assert governor_influence(g, "antioch", "fulk_of_anjou") == 1
    assert governor_influence(g, "antioch", "richard_of_salerno") == 2
