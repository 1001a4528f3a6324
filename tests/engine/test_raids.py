"""Saracen raids: raids.py (RAID-01..15, EX-RAID-1, EX-GLOSS-1, GLOSS-08, §14.8, §14.9,
§14.15)."""
import pytest
from helpers import choose, give, halted, new_game, run_step


def set_saracens(g, city, n):
    old = g.s["cities"][city]["units"].get("saracen", 0)
    g.s["saracens"] += old - n
    if n:
        g.s["cities"][city]["units"]["saracen"] = n
    else:
        g.s["cities"][city]["units"].pop("saracen", None)


def set_units(g, player, city, n):
    diff = n - g.s["cities"][city]["units"].get(player, 0)
    g.s["cities"][city]["units"][player] = n
    g.s["players"][player]["units"] -= diff


def finish(g):
    while not halted(g):
        g.apply(g.legal_actions()[0])


def raid_log(g):
    return [e[1] for e in g.log if e[0] == "raid"]


@pytest.mark.rule("EX-RAID-1", "RAID-01", "RAID-02", "RAID-03", "RAID-08", "RAID-09",
                  "RAID-10", "GLOSS-08", "EVENT-03")
def test_ex_raid_1_edessa():
    g = new_game()
    g.s["round"] = 2
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}  # its raid table: difference 4 = discard 2 units
    g.s["cities"]["edessa"]["level"] = 3
    set_units(g, "edessa", "edessa", 3)
    set_saracens(g, "aleppo", 2)
    set_saracens(g, "turbessel", 2)
    set_saracens(g, "tadmor", 1)  # adjacent, but only its last Saracen: nobody comes
    run_step(g, "raids", colour="blue")  # Edessa's colour
    r = [x for x in raid_log(g) if x["city"] == "edessa"][0]
    assert r["sources"] == {"aleppo": 1, "turbessel": 1}
    strength = [e[1] for e in g.log if e[0] == "raid_strength" and e[1]["city"] == "edessa"][0]
    assert (strength["defence"], strength["raid"], strength["difference"]) == (6, 2, 4)
    finish(g)
    assert g.s["cities"]["edessa"]["units"] == {"edessa": 1}
    # both Saracens went home
    assert g.s["cities"]["aleppo"]["units"]["saracen"] == 2
    assert g.s["cities"]["turbessel"]["units"]["saracen"] == 2
    assert g.s["cities"]["tadmor"]["units"]["saracen"] == 1
    assert "edessa" in g.s["players"]["edessa"]["cities"]
    assert "defender" not in g.s["cities"]["edessa"]


@pytest.mark.rule("EX-GLOSS-1", "GLOSS-08")
def test_ex_gloss_1_discard_three_non_last_units_from_two():
    g = new_game()
    set_units(g, "edessa", "edessa", 2)
    run_step(g, "effect", player="edessa", ops=[{"op": "discard_units", "amount": 3}],
             ctx={"city": "edessa", "raid": True})
    finish(g)
    assert g.s["cities"]["edessa"]["units"] == {"edessa": 1}


@pytest.mark.rule("EVENT-09", "RAID-02", "RAID-08")
def test_track_bonuses_move_more_non_last_saracens_and_add_strength():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    g.s["saracen_track"]["units"] = 3
    g.s["saracen_track"]["strength"] = 1
    set_units(g, "edessa", "edessa", 10)
    set_saracens(g, "aleppo", 5)
    set_saracens(g, "turbessel", 2)
    run_step(g, "raids", colour="blue")
    r = [x for x in raid_log(g) if x["city"] == "edessa"][0]
    assert r["sources"] == {"aleppo": 3, "turbessel": 1}
    s = [e[1] for e in g.log if e[0] == "raid_strength" and e[1]["city"] == "edessa"][0]
    assert s["raid"] == 3 + 1 + 1


@pytest.mark.rule("RAID-04", "HOMS-03")
def test_homs_is_raided_whatever_the_colour():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "edessa", "homs", 5)
    run_step(g, "raids", colour="red")
    assert any(x["city"] == "homs" for x in raid_log(g))


@pytest.mark.rule("RAID-06", "TURN-05")
def test_players_are_raided_in_turn_order():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "jerusalem", "damascus", 4)  # blue, Jerusalem is first in turn order
    set_units(g, "edessa", "edessa", 5)
    set_saracens(g, "aleppo", 3)
    run_step(g, "raids", colour="blue")
    finish(g)
    assert [x["player"] for x in raid_log(g)] == ["jerusalem", "edessa"]


@pytest.mark.rule("RAID-07")
def test_a_player_with_several_targets_chooses_the_order():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "edessa", "tortosa", 3)  # blue too
    set_units(g, "edessa", "edessa", 5)
    run_step(g, "raids", colour="blue")
    assert g.decision.player == "edessa" and g.decision.prompt == "raid_order"
    assert {a.city for a in g.legal_actions()} == {"edessa", "tortosa"}
    choose(g, "raid_city", city="tortosa")
    assert raid_log(g)[0]["city"] == "tortosa"


@pytest.mark.rule("RAID-09", "RAID-11", "RAID-12", "RAID-13", "RAID-14", "RAID-15",
                  "CAPITAL-04")
def test_capture_retreats_the_units_and_returns_goods_and_governor():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "edessa", "tadmor", 2)
    g.s["cities"]["edessa"]["governor"] = "gov_x"
    set_units(g, "edessa", "edessa", 1)  # strength 1 + 1 wall
    set_saracens(g, "aleppo", 2)
    set_saracens(g, "turbessel", 2)  # raid strength 2: captured
    run_step(g, "raids", colour="blue")
    finish(g)
    c = g.s["cities"]["edessa"]
    assert c["units"] == {"saracen": 2}  # the raiders stay
    assert c["level"] == 1  # not reduced
    assert c["goods"] == 1 and c["governor"] is None
    assert "blue" not in g.s["players"]["edessa"]["goods"]
    assert g.s["cities"]["tadmor"]["units"] == {"edessa": 3}  # retreated
    assert g.s["players"]["edessa"]["cities"] == ["tadmor"]  # the new capital
    assert "gov_x" in g.s["discards"]["governors"]


def test_capture_retreat_goes_to_one_city_chosen_by_the_owner():
    """§14.15: all units retreat to ONE adjacent own city, chosen by the owner."""
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "edessa", "tadmor", 1)
    give(g, "edessa", "turbessel", 1)
    set_units(g, "edessa", "edessa", 2)
    set_saracens(g, "aleppo", 4)
    g.s["saracen_track"]["units"] = 3  # 3 raiders vs 2 + 1
    run_step(g, "raids", colour="blue")
    while g.decision.prompt != "retreat_to":
        g.apply(g.legal_actions()[0])
    assert g.decision.player == "edessa"
    assert {a.city for a in g.legal_actions()} == {"tadmor", "turbessel"}
    choose(g, "retreat_to", city="turbessel")
    finish(g)
    assert g.s["cities"]["turbessel"]["units"] == {"edessa": 3}
    assert g.s["cities"]["tadmor"]["units"] == {"edessa": 1}


@pytest.mark.rule("RAID-11", "CAPITAL-05")
def test_capture_without_a_retreat_destroys_the_units_and_may_eliminate():
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    set_units(g, "edessa", "edessa", 1)
    set_saracens(g, "aleppo", 2)
    set_saracens(g, "turbessel", 2)
    run_step(g, "raids", colour="blue")
    finish(g)
    assert g.s["players"]["edessa"]["eliminated"]
    assert g.s["players"]["edessa"]["units"] == 15


def test_raid_without_movers_resolves_by_default_or_is_skipped():
    """§14.8: no moving Saracen: strength 0 + bonuses (default) or no raid (option)."""
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    for c in ("aleppo", "turbessel", "tadmor"):
        set_saracens(g, c, 1)
    run_step(g, "raids", colour="blue")
    finish(g)
    assert [x["n"] for x in raid_log(g) if x["city"] == "edessa"] == [0]
    g = new_game(raid_without_movers="skip")
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    for c in ("aleppo", "turbessel", "tadmor"):
        set_saracens(g, c, 1)
    run_step(g, "raids", colour="blue")
    finish(g)
    assert raid_log(g) == []
    assert any(e[0] == "raid_skipped" for e in g.log)


@pytest.mark.rule("RAID-05")
def test_the_defender_keeps_control_during_the_raid():
    from krestonostsy.engine.board import controller
    g = new_game()
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    set_units(g, "edessa", "edessa", 3)
    set_saracens(g, "aleppo", 5)
    g.s["saracen_track"]["units"] = 3
    g.s["players"]["edessa"]["rescripts"] = []
    run_step(g, "raids", colour="blue")
    # stopped at a decision inside the raid or finished
    if not halted(g):
        assert controller(g, "edessa") == "edessa"
    finish(g)
