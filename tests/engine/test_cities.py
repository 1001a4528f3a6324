"""Cities changing hands and levels: cities.py (RAID-13/14, CAPITAL-04/05, BATTLE-23/24,
BUILD-09, §14.9, §14.10, §14.16)."""
import pytest
from helpers import choose, give, halted
from helpers import game_without_modifiers as new_game

from krestonostsy.engine import cities as C
from krestonostsy.engine.flow import STEPS


def halt_after(g, fn):
    """Run a cities.py function that may push steps, inside the halt sentinel."""
    g.s["stack"] = [{"s": "halt"}]
    fn()
    g._advance()


@pytest.mark.rule("BUILD-09", "GLOSS-15")
def test_level_three_gives_the_second_good_at_once():
    g = new_game()
    give(g, "edessa", "turbessel", 2)
    g.s["players"]["edessa"]["goods"]["white"] = [0, 1, 0]
    C.set_level(g, "turbessel", 3)
    assert g.s["cities"]["turbessel"]["level"] == 3
    assert g.s["players"]["edessa"]["goods"]["white"] == [1, 1, 0]


@pytest.mark.rule("BATTLE-23")
def test_losing_the_second_good_discards_the_least_useful_token():
    g = new_game()
    give(g, "edessa", "turbessel", 2)
    g.s["cities"]["turbessel"]["level"] = 3
    g.s["players"]["edessa"]["goods"]["white"] = [1, 1, 0]
    C.set_level(g, "turbessel", 2)
    assert g.s["players"]["edessa"]["goods"]["white"] == [1, 0, 0]


@pytest.mark.rule("BATTLE-23")
def test_saracen_city_goods_stay_on_the_map():
    g = new_game()
    g.s["cities"]["tadmor"]["level"] = 3
    g.s["cities"]["tadmor"]["goods"] = 2
    C.set_level(g, "tadmor", 2)
    assert g.s["cities"]["tadmor"]["goods"] == 1


def test_levels_are_clamped_between_one_and_three():
    """§14.10: a city never goes below level 1 nor above 3."""
    g = new_game()
    assert C.set_level(g, "edessa", 0) == 1
    assert C.set_level(g, "homs", 5) == 3
    assert g.s["cities"]["edessa"]["level"] == 1


@pytest.mark.rule("RAID-13", "RAID-14", "GLOSS-10", "GOV-10")
def test_losing_a_city_to_the_saracens_returns_goods_and_governor():
    g = new_game()
    give(g, "edessa", "aleppo", 2)
    g.s["cities"]["aleppo"]["governor"] = "gov_x"
    g.s["players"]["edessa"]["goods"]["red"] = [0, 0, 1]
    g.s["cities"]["aleppo"]["units"] = {"saracen": 3}
    g.s["players"]["edessa"]["units"] += 2
    g.s["saracens"] -= 3
    assert C.lose_city(g, "edessa", "aleppo", "saracen") is False
    assert "aleppo" not in g.s["players"]["edessa"]["cities"]
    assert "red" not in g.s["players"]["edessa"]["goods"]
    assert g.s["cities"]["aleppo"]["goods"] == 1
    assert g.s["cities"]["aleppo"]["governor"] is None
    assert g.s["discards"]["governors"][-1] == "gov_x"


@pytest.mark.rule("CAPITAL-04", "RAID-15")
def test_losing_the_capital_lets_the_player_choose_the_new_one():
    g = new_game()
    give(g, "edessa", "turbessel", 2)
    give(g, "edessa", "tadmor", 2)
    halt_after(g, lambda: C.lose_city(g, "edessa", "edessa", "saracen"))
    assert g.decision.player == "edessa" and g.decision.prompt == "choose_capital"
    assert {a.city for a in g.legal_actions()} == {"turbessel", "tadmor"}
    choose(g, "choose_capital", city="tadmor")
    assert g.s["players"]["edessa"]["cities"][0] == "tadmor"
    assert halted(g)


@pytest.mark.rule("CAPITAL-04")
def test_a_single_remaining_city_becomes_the_capital():
    g = new_game()
    give(g, "edessa", "tadmor", 2)
    assert C.lose_city(g, "edessa", "edessa", "saracen") is False
    assert g.s["players"]["edessa"]["cities"] == ["tadmor"]


@pytest.mark.rule("CAPITAL-05", "END-04")
def test_losing_the_last_city_eliminates_the_player():
    g = new_game()
    C.lose_city(g, "edessa", "edessa", "saracen")
    assert g.s["players"]["edessa"]["eliminated"]
    assert g.s["players"]["edessa"]["cities"] == []
    assert g.s["last_round"]


@pytest.mark.rule("BATTLE-24", "GOV-10", "GOV-03")
def test_trophies_from_a_player_keep_goods_state_and_offer_the_governor():
    g = new_game()
    give(g, "edessa", "tadmor", 1)
    g.s["cities"]["tadmor"]["governor"] = "gov_x"
    g.s["players"]["edessa"]["goods"]["yellow"] = [0, 1, 0]
    g.s["markets"]["governors"][0] = "gov_y"
    halt_after(g, lambda: C.gain_city(g, "jerusalem", "tadmor", "edessa"))
    assert g.s["players"]["jerusalem"]["goods"]["yellow"] == [0, 1, 0]
    assert "yellow" not in g.s["players"]["edessa"]["goods"]
    assert "tadmor" in g.s["players"]["jerusalem"]["cities"]
    assert "tadmor" not in g.s["players"]["edessa"]["cities"]
    assert g.decision.prompt == "keep_governor" and g.decision.player == "jerusalem"
    choose(g, "replace_governor")
    # market draw: take_card (markets.py) or the fallback
    while not halted(g):
        acts = [a for a in g.legal_actions() if a.get("card") == "gov_y"
                or a.get("slot") == 0]
        g.apply(acts[0] if acts else g.legal_actions()[0])
    assert g.s["cities"]["tadmor"]["governor"] == "gov_y"
    assert "gov_x" in g.s["discards"]["governors"]


@pytest.mark.rule("BATTLE-24", "CAPITAL-01", "CAPITAL-03")
def test_trophies_from_the_saracens_take_the_map_goods_and_a_governor():
    g = new_game()
    for state in g.s["states"]:  # the capital shares the state's name and comes first
        assert g.s["players"][state]["cities"] == [state]
    for city in ("turbessel", "tadmor", "acre"):
        g.s["players"]["edessa"]["cities"].append(city)  # any number of city tokens
    g.s["cities"]["aleppo"]["units"] = {"edessa": 3}
    g.s["saracens"] += 2
    g.s["players"]["edessa"]["units"] -= 3
    halt_after(g, lambda: C.gain_city(g, "edessa", "aleppo", None))
    assert g.s["players"]["edessa"]["goods"]["red"] == [1, 0, 0]
    assert g.s["cities"]["aleppo"]["goods"] == 0
    assert g.s["players"]["edessa"]["cities"][0] == "edessa"
    assert g.s["players"]["edessa"]["cities"][-1] == "aleppo"
    while not halted(g):
        g.apply(g.legal_actions()[0])
    assert g.s["cities"]["aleppo"]["governor"] is not None


def test_homs_card_follows_control_of_homs():
    """§14.16: the Homs card goes with Homs: to the captor, back when the Saracens win."""
    g = new_game()
    g.s["cities"]["homs"]["units"] = {"edessa": 2}
    g.s["saracens"] += 2
    g.s["players"]["edessa"]["units"] -= 2
    halt_after(g, lambda: C.gain_city(g, "edessa", "homs", None))
    assert g.s["homs_card"] == "edessa"
    C.lose_city(g, "edessa", "homs", "saracen")
    assert g.s["homs_card"] is None


def test_an_emptied_city_is_lost_and_belongs_to_nobody():
    """§14.9: a player's city left without units (not captured) is lost as in RAID-13/14."""
    g = new_game()
    give(g, "edessa", "tadmor", 1)
    g.s["cities"]["tadmor"]["units"] = {}
    g.s["players"]["edessa"]["units"] += 1
    C.release_emptied(g, "tadmor")
    assert "tadmor" not in g.s["players"]["edessa"]["cities"]
    assert g.s["cities"]["tadmor"]["goods"] == 1
    from krestonostsy.engine.board import controller
    assert controller(g, "tadmor") is None


def test_steps_are_registered():
    assert "choose_capital" in STEPS and "appoint_governor" in STEPS
