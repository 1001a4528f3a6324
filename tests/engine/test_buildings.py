
import pytest
from helpers import calls, choose, halted, kinds, make_game, run_step

from krestonostsy.content.loader import shipped_content
from krestonostsy.content.models import Building
from krestonostsy.engine import modules  # noqa: F401  (registers every step)
from krestonostsy.engine.cities import lose_city


def _b(bid, trigger, effect, cost=("red",)):
    return Building(bid, bid, tuple(cost), trigger, tuple(effect))


BAZAAR = _b("bazaar", {"on": "anytime"},
            [{"op": "pay_for", "cost": ["any"], "then": [{"op": "gain_coins", "amount": 2}]}],
            cost=())
CHAPELS = _b("castle_chapels", {"on": "after_order", "order": "prayer"},
             [{"op": "bishop_actions", "amount": 1, "only": "train"}], cost=("white", "white"))
TILTYARDS = _b("tiltyards", {"on": "after_order", "order": "march"},
               [{"op": "gain_coins", "amount": 2}], cost=("red", "red"))
WAREHOUSES = _b("warehouses", {"on": "after_order", "order": "build"},
                [{"op": "restore_goods", "amount": 2}], cost=("yellow", "yellow"))
TRAINING = _b("training_ground", {"on": "after_order", "order": "muster", "min": {"hired": 4}},
              [{"op": "extra_order", "order": "march"}], cost=("blue", "blue", "red", "red"))
MILL = _b("mill", {"on": "after_order", "order": "build"}, [{"op": "gain_coins", "amount": 1}])
INFIRMARY = _b("infirmary", {"on": "after_battle"}, [{"op": "gain_coins", "amount": 1}])
CARDS = [BAZAAR, CHAPELS, TILTYARDS, WAREHOUSES, TRAINING, MILL, INFIRMARY]


def game_with(*cards, player="jerusalem"):
    g = make_game(buildings=CARDS)
    g.s["players"][player]["buildings"] = [{"card": c.id, "used": False} for c in cards]
    return g


def after(g, player, order, enhanced=False, **facts):
    return run_step(g, "after_order", player=player, order=order, enhanced=enhanced,
                    facts=facts)


@pytest.mark.rule("BLDG-02", "SYM-80")
def test_matching_building_may_be_activated_after_the_order():
    g = game_with(MILL, TILTYARDS)
    after(g, "jerusalem", "build")
    assert g.decision.prompt == "after_order_buildings"
    assert set(g.legal_actions()) == {
        *[a for a in g.legal_actions() if a.kind == "done"],
        *[a for a in g.legal_actions() if a.kind == "use_building" and a.card == "mill"]}
    choose(g, "done")  # "may": the owner can decline
    assert halted(g)
    assert g.s["players"]["jerusalem"]["buildings"][0]["used"] is False


@pytest.mark.rule("BLDG-03")
def test_a_building_works_once_per_round():
    g = game_with(MILL)
    after(g, "jerusalem", "build")
    choose(g, "use_building", card="mill")
    assert halted(g)
    assert g.s["players"]["jerusalem"]["coins"] == 5
    assert g.s["players"]["jerusalem"]["buildings"][0]["used"] is True
    after(g, "jerusalem", "build")
    assert halted(g)  # the ban token is on it until the Income phase


def test_several_buildings_in_the_players_order():
    g = game_with(MILL, WAREHOUSES)
    g.s["players"]["jerusalem"]["goods"] = {"white": [0, 1, 0]}
    after(g, "jerusalem", "build")
    choose(g, "use_building", card="warehouses")
    choose(g, "use_building", card="mill")
    assert halted(g)


@pytest.mark.rule("BLDG-04")
def test_bazaar_any_moment_of_own_turn_paid_with_one_good():
    g = game_with(BAZAAR)
    run_step(g, "own_turn", player="jerusalem")
    assert g.decision.prompt == "own_turn"
    assert kinds(g) == ["done", "use_building"]
    choose(g, "use_building", card="bazaar")
    assert g.decision.prompt == "pay"
    assert "decline" not in kinds(g)  # activating the Bazaar is paying for it
    choose(g, "pay_good", colour="white")
    assert g.s["players"]["jerusalem"]["coins"] == 6
    assert halted(g)  # used: nothing else to do in this window


@pytest.mark.rule("BLDG-04")
def test_bazaar_not_offered_when_it_cannot_be_paid():
    g = game_with(BAZAAR)
    p = g.s["players"]["jerusalem"]
    p["coins"], p["goods"] = 0, {"white": [0, 1, 0]}
    run_step(g, "own_turn", player="jerusalem")
    # the window opens (an unused anytime building is public), but only "done" is legal
    assert g.decision.prompt == "own_turn"
    assert kinds(g) == ["done"]


def test_own_turn_window_opens_on_public_information_only():
    """Whether the window appears must not reveal whether a hidden card is playable."""
    g = game_with()
    p = g.s["players"]["jerusalem"]
    p["rescripts"], p["spies_hand"] = [], []
    run_step(g, "own_turn", player="jerusalem")
    assert halted(g)  # nothing hidden, no building: no window


@pytest.mark.rule("EX-BLDG-2", "BLDG-05", "GLOSS-03")
def test_warehouses_restore_goods_in_the_round_they_are_built():
    g = game_with(WAREHOUSES)
    p = g.s["players"]["jerusalem"]
    # the build order just spent a good on the Warehouses themselves (+1 spent before)
    p["goods"] = {"white": [0, 1, 0], "yellow": [0, 1, 0], "red": [1, 0, 0]}
    after(g, "jerusalem", "build", built=1)
    choose(g, "use_building", card="warehouses")
    assert halted(g)  # 2 spent goods, restore 2: no choice needed
    assert p["goods"] == {"white": [1, 0, 0], "yellow": [1, 0, 0], "red": [1, 0, 0]}


@pytest.mark.rule("EX-BLDG-3", "BLDG-06")
def test_training_ground_needs_four_hired_in_the_muster(record):
    record("order", {})
    g = game_with(TRAINING, player="edessa")
    after(g, "edessa", "muster", hired=3)
    assert halted(g)  # fewer than 4 hired: no bonus
    after(g, "edessa", "muster", hired=4)
    choose(g, "use_building", card="training_ground")
    assert halted(g)
    (call,) = calls(g, "order")  # a basic march at once, without a token
    assert (call["order"], call["enhanced"], call["extra"]) == ("march", False, True)


@pytest.mark.rule("EX-BLDG-3")
def test_hires_outside_a_muster_do_not_trigger_the_training_ground():
    g = game_with(TRAINING, player="edessa")
    after(g, "edessa", "build", hired=5)
    assert halted(g)


@pytest.mark.rule("EX-BLDG-1", "TURN-10")
def test_tiltyards_only_after_the_whole_march_and_its_battle(record):
    record("order_march", {"moved": 4, "battle": True, "won": False})
    g = game_with(TILTYARDS, player="antioch")
    run_step(g, "order", player="antioch", order="march", enhanced=False)
    assert len(calls(g, "order_march")) == 1  # the march (with its battle) is over
    assert g.decision.prompt == "after_order_buildings"
    choose(g, "use_building", card="tiltyards")
    assert halted(g)
    assert g.s["players"]["antioch"]["coins"] == 3 + 2


@pytest.mark.rule("EX-BUILD-1")
def test_castle_chapels_train_a_bishop_after_prayer(record):
    record("bishop_actions")
    g = game_with(CHAPELS, player="tripoli")
    after(g, "tripoli", "prayer", sanctity=2)
    choose(g, "use_building", card="castle_chapels")
    (call,) = calls(g, "bishop_actions")
    assert (call["n"], call["only"]) == (1, "train")  # resolved separately (§14.24)


@pytest.mark.rule("BLDG-02")
def test_after_battle_buildings_only_in_own_turn(record):
    g = game_with(INFIRMARY)
    run_step(g, "after_battle", player="jerusalem", won=True)
    assert halted(g)  # a defender's battle is not its own turn
    g.s["stack"] = [{"s": "halt"}, {"s": "order", "player": "jerusalem", "order": "march",
                                    "enhanced": False, "at": "end"}]
    g.call("after_battle", player="jerusalem", won=True)
    g._advance()
    assert kinds(g) == ["done", "use_building"]


def test_eliminated_player_uses_no_buildings():
    g = game_with(MILL)
    g.s["players"]["jerusalem"]["eliminated"] = True
    after(g, "jerusalem", "build")
    assert halted(g)


def _named(content, name):
    return [b for b in content.buildings.values() if b.name == name]


@pytest.mark.parametrize("name,on,order", [
    ("Bazaar", "anytime", None), ("Castle chapels", "after_order", "prayer"),
    ("Tiltyards", "after_order", "march"), ("Warehouses", "after_order", "build"),
    ("Training ground", "after_order", "muster")])
def test_named_buildings_in_the_shipped_cards(name, on, order):
    content = shipped_content()
    if not content.buildings:
        pytest.skip("the building cards are not loaded yet")
    (card,) = _named(content, name)
    assert card.trigger["on"] == on and card.trigger.get("order") == order


ARMOURY = _b("armoury", {"on": "after_order", "order": "muster"},
             [{"op": "place_units", "amount": 1}], cost=("blue",))


@pytest.mark.rule("BUILD-02")
def test_a_building_lies_on_the_state_board_and_serves_every_city():
    """Buildings are the state's technology, kept on its board (BUILD-02): not in the city
    whose upgrade paid for them. The armoury's unit may go to any city of the state, and
    the building stays when a city is lost."""
    g = game_with(ARMOURY)
    s = g.s
    p = s["players"]["jerusalem"]
    p["cities"].append("acre")
    s["cities"]["acre"]["units"] = {"jerusalem": 1}
    assert all("buildings" not in c for c in s["cities"].values())
    after(g, "jerusalem", "muster")
    choose(g, "use_building", card="armoury")
    assert {a.city for a in g.legal_actions() if a.kind == "place_unit"} == {"jerusalem", "acre"}
    choose(g, "place_unit", city="acre")
    assert halted(g)
    assert s["cities"]["acre"]["units"]["jerusalem"] == 2
    # Acre falls to the Saracens: the armoury stays on Jerusalem's board
    lose_city(g, "jerusalem", "acre", by="saracen")
    assert "acre" not in s["players"]["jerusalem"]["cities"]
    assert s["players"]["jerusalem"]["buildings"] == [{"card": "armoury", "used": True}]
