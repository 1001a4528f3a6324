"""The march order: march.py (MARCH-01..07, §14.9, §14.23)."""
import pytest
from helpers import choose, give, halted, result, run_step
from helpers import game_without_modifiers as new_game


def set_units(g, player, city, n):
    diff = n - g.s["cities"][city]["units"].get(player, 0)
    g.s["cities"][city]["units"][player] = n
    g.s["players"][player]["units"] -= diff


def no_money(g, player):
    g.s["players"][player]["coins"] = 0
    g.s["players"][player]["goods"] = {}


@pytest.mark.rule("MARCH-01", "MARCH-07")
def test_targets_are_cities_adjacent_to_own_cities_with_movers():
    g = new_game()
    run_step(g, "order_march", player="antioch", enhanced=False)
    assert g.decision.prompt == "march_target"
    assert {a.city for a in g.legal_actions()} == {"turbessel", "tortosa", "apamea"}


@pytest.mark.rule("MARCH-01", "MARCH-03")
def test_up_to_four_moves_leaving_one_behind():
    g = new_game()
    no_money(g, "antioch")
    set_units(g, "antioch", "antioch", 6)
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="turbessel")
    assert g.decision.prompt == "march_move"
    assert max(a.n for a in g.legal_actions() if a.kind == "march_move") == 4
    set_units(g, "antioch", "antioch", 3)
    g._advance()
    assert max(a.n for a in g.legal_actions() if a.kind == "march_move") == 2


@pytest.mark.rule("MARCH-02")
def test_the_march_must_move_at_least_one_unit():
    g = new_game()
    no_money(g, "antioch")
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="tortosa")
    assert not any(a.kind == "end_moves" for a in g.legal_actions())
    choose(g, "march_move", city="antioch", n=1)
    assert any(a.kind == "end_moves" for a in g.legal_actions())


@pytest.mark.rule("MARCH-02")
def test_no_march_when_no_unit_can_move():
    g = new_game()
    set_units(g, "antioch", "antioch", 1)
    run_step(g, "order_march", player="antioch", enhanced=False)
    assert halted(g)
    assert result(g)["moved"] == 0


def test_own_city_target_just_moves_units():
    """§14.23: a march may target an own city adjacent to another own city: no battle."""
    g = new_game()
    no_money(g, "antioch")
    give(g, "antioch", "turbessel", 1)
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="turbessel")
    choose(g, "march_move", city="antioch", n=3)
    choose(g, "end_moves")
    assert halted(g)
    assert result(g) == {"moved": 3, "battle": False, "won": False, "target": "turbessel"}
    assert g.s["cities"]["turbessel"]["units"] == {"antioch": 4}
    assert not g.s.get("battle")


@pytest.mark.rule("MARCH-04")
def test_enhanced_march_has_six_free_moves():
    g = new_game()
    no_money(g, "antioch")
    set_units(g, "antioch", "antioch", 8)
    run_step(g, "order_march", player="antioch", enhanced=True)
    choose(g, "march_target", city="tortosa")
    assert max(a.n for a in g.legal_actions() if a.kind == "march_move") == 6


@pytest.mark.rule("MARCH-01")
def test_paid_extra_moves_up_to_four():
    g = new_game()
    set_units(g, "antioch", "antioch", 12)
    g.s["players"]["antioch"]["coins"] = 10
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="tortosa")
    assert g.decision.prompt == "march_buy_moves"
    assert sorted(a.n for a in g.legal_actions()) == [0, 1, 2, 3, 4]
    choose(g, "buy_moves", n=2)
    while g.decision.prompt == "pay":
        coin = [a for a in g.legal_actions() if a.kind == "pay_coin"]
        g.apply(coin[0] if coin else g.legal_actions()[0])
    assert max(a.n for a in g.legal_actions() if a.kind == "march_move") == 6


@pytest.mark.rule("MARCH-06", "BATTLE-02")
def test_entering_a_saracen_city_starts_a_battle():
    g = new_game()
    no_money(g, "antioch")
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="tortosa")
    choose(g, "march_move", city="antioch", n=4)
    assert g.s["battle"]["city"] == "tortosa"
    assert g.s["battle"]["attacker"] == "antioch"
    assert g.s["battle"]["defender"] == "saracen"
    # Tripoli is the closest opponent: it plays the Saracens
    assert g.s["battle"]["saracen_player"] == "tripoli"
    while not halted(g):
        g.apply(g.legal_actions()[0])
    r = result(g)
    assert r["battle"] is True and r["moved"] == 4


@pytest.mark.rule("MARCH-06")
def test_entering_an_opponent_city_starts_a_battle_with_the_player():
    g = new_game()
    no_money(g, "antioch")
    give(g, "tripoli", "tortosa", 2)
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="tortosa")
    choose(g, "march_move", city="antioch", n=4)
    assert g.s["battle"]["defender"] == "tripoli"
    assert g.s["battle"]["saracen_player"] is None


def test_an_empty_city_is_taken_without_battle():
    """§14.9: a city belonging to nobody is entered without a battle; trophies apply."""
    g = new_game()
    no_money(g, "antioch")
    g.s["saracens"] += 1
    g.s["cities"]["tortosa"]["units"] = {}
    run_step(g, "order_march", player="antioch", enhanced=False)
    choose(g, "march_target", city="tortosa")
    choose(g, "march_move", city="antioch", n=2)
    while not halted(g):
        g.apply(g.legal_actions()[0])
    assert "tortosa" in g.s["players"]["antioch"]["cities"]
    assert g.s["cities"]["tortosa"]["level"] == 2
    assert g.s["players"]["antioch"]["goods"]["blue"] == [1, 0, 0]
    assert result(g)["battle"] is False


@pytest.mark.rule("MARCH-05")
def test_enhanced_march_may_replace_a_governor():
    g = new_game()
    no_money(g, "antioch")
    g.s["cities"]["antioch"]["governor"] = "gov_old"
    g.s["markets"]["governors"][0] = "gov_new"
    run_step(g, "order_march", player="antioch", enhanced=True)
    assert any(a.kind == "replace_governor" for a in g.legal_actions())
    choose(g, "replace_governor", city="antioch")
    while g.decision.prompt != "march_target":
        acts = [a for a in g.legal_actions() if a.get("card") == "gov_new"
                or a.get("slot") == 0]
        g.apply(acts[0] if acts else g.legal_actions()[0])
    assert g.s["cities"]["antioch"]["governor"] == "gov_new"
    assert not any(a.kind == "replace_governor" for a in g.legal_actions())


@pytest.mark.rule("MARCH-05")
def test_basic_march_offers_no_governor_replacement():
    g = new_game()
    g.s["cities"]["antioch"]["governor"] = "gov_old"
    run_step(g, "order_march", player="antioch", enhanced=False)
    assert not any(a.kind == "replace_governor" for a in g.legal_actions())
