"""The Event phase: events.py (EVENT-01..11, TURN-05/06/07, §14.14, §14.27)."""
import pytest
from helpers import halted, new_game, run_step

from krestonostsy.engine import events as EV


def reveal_event(g, event_id):
    deck = g.s["decks"]["events"]
    if event_id in deck:
        deck.remove(event_id)
    deck.append(event_id)


def finish(g):
    while not halted(g):
        g.apply(g.legal_actions()[0])


@pytest.mark.rule("EVENT-02", "EVENT-11")
def test_round_one_only_reveals_the_first_raid_token():
    g = new_game()
    g.s["round"] = 1
    before = {c: dict(d["units"]) for c, d in g.s["cities"].items()}
    reveal_event(g, "treaty_of_the_sawad")
    run_step(g, "event_phase")
    finish(g)
    assert g.s["saracen_track"]["next"] == 0
    assert g.s["saracen_track"]["strength"] == 0
    assert {c: d["units"] for c, d in g.s["cities"].items()} == before


@pytest.mark.rule("EVENT-01", "EVENT-07", "DISCARD-03")
def test_the_top_event_is_revealed_and_boxed():
    g = new_game()
    g.s["round"] = 1
    reveal_event(g, "pilgrim_fleet")
    n = len(g.s["decks"]["events"])
    run_step(g, "event_phase")
    finish(g)
    assert g.s["event"] == "pilgrim_fleet"
    assert len(g.s["decks"]["events"]) == n - 1
    assert "pilgrim_fleet" not in g.s["decks"]["events"]


@pytest.mark.rule("EVENT-01", "TURN-05", "TURN-06", "TURN-07", "AUTOMA-11")
def test_an_event_applies_to_each_player_once_in_turn_order():
    g = new_game(states=("jerusalem", "tripoli", "edessa"))
    g.s["round"] = 1
    reveal_event(g, "pilgrim_fleet")  # gain 1 sanctity each
    start = dict(g.s["sanctity"])
    run_step(g, "event_phase")
    finish(g)
    for p in ("jerusalem", "tripoli", "edessa"):
        assert g.s["sanctity"][p] != start[p]
    assert g.s["sanctity"]["antioch"] == start["antioch"]  # the automa's piece never moves
    order = [e[1]["player"] for e in g.log if e[0] in ("sanctity_gained", "sanctity_moved")
             and e[1].get("player") in ("jerusalem", "tripoli", "edessa")]
    assert order == ["jerusalem", "tripoli", "edessa"]


@pytest.mark.rule("EVENT-01")
def test_round_events_set_modifiers():
    g = new_game()
    g.s["round"] = 1
    reveal_event(g, "miracle_of_holy_fire")
    run_step(g, "event_phase")
    finish(g)
    assert g.s["modifiers"] == {"prayer_sanctity": 1, "defence": 1}


@pytest.mark.rule("EVENT-03", "EVENT-04", "EVENT-05")
def test_reinforcement_of_the_activation_colour_but_never_homs():
    g = new_game()
    g.s["round"] = 2
    g.s["saracen_track"]["tokens"][0] = "yellow"
    g.s["saracen_track"]["next"] = 0
    g.s["cities"]["homs"]["level"] = 3
    reinforced = EV.reinforce(g, "yellow")
    assert sorted(reinforced) == ["apamea", "tadmor"]
    assert g.s["cities"]["apamea"]["units"]["saracen"] == 3
    assert g.s["cities"]["tadmor"]["units"]["saracen"] == 2
    assert g.s["cities"]["homs"]["units"]["saracen"] == 2
    assert EV.reinforce(g, "green") == []  # Homs (green) never gets reinforcements


@pytest.mark.rule("EVENT-04")
def test_reinforcement_stops_when_the_supply_runs_out():
    """§14.14: placed in board order while the supply lasts."""
    g = new_game()
    g.s["saracens"] = 1
    assert EV.reinforce(g, "yellow") == ["tadmor"]
    assert g.s["saracens"] == 0
    assert g.s["cities"]["apamea"]["units"]["saracen"] == 2


@pytest.mark.rule("EVENT-08", "EVENT-09", "EVENT-10")
def test_new_target_reveals_bonuses_that_stay():
    g = new_game()
    t = g.s["saracen_track"]
    t["next"] = 0
    EV.new_target(g)  # cell 1: +1 strength
    assert (t["strength"], t["units"], t["next"]) == (1, 1, 1)
    EV.new_target(g)  # cell 2: 2 units
    EV.new_target(g)  # cell 3: +1 strength (adds up)
    EV.new_target(g)  # cell 4: 3 units (the highest counts)
    assert (t["strength"], t["units"]) == (2, 3)
    EV.new_target(g)
    assert t["strength"] == 3 and t["next"] is None
    assert len(t["boxed"]) == 5


@pytest.mark.rule("EVENT-06", "EVENT-08", "EVENT-11")
def test_round_two_runs_reinforcement_raids_and_the_new_target():
    g = new_game()
    g.s["round"] = 2
    t = g.s["saracen_track"]
    t["tokens"][0] = "white"
    t["next"] = 0
    reveal_event(g, "treaty_of_the_sawad")
    run_step(g, "event_phase")
    finish(g)
    assert g.s["cities"]["turbessel"]["units"]["saracen"] == 2
    assert g.s["cities"]["baalbek"]["units"]["saracen"] == 3
    assert t["next"] == 1 and t["strength"] == 1
