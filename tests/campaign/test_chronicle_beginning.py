"""«Начало хроники», the campaign's first scenario (docs/campaign.md §6): its set-up, the
settlers, bots playing it, and the conformance invariants in its games."""
from __future__ import annotations

import random

import pytest
from engine.test_conformance import check_invariants
from helpers import halted, run_step

from krestonostsy.ai.levels import make_bot
from krestonostsy.ai.play import play
from krestonostsy.engine import Game
from krestonostsy.engine.hooks.chronicle_beginning import SettlersIncome
from krestonostsy.engine.income import IncomePhase

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]
SCENARIO = "chronicle_beginning"


@pytest.mark.rule("CAMP-S1-01")
def test_the_coast_starts_unconquered_and_the_era_is_five_rounds():
    g = Game.new(ALL4, seed=3, scenario=SCENARIO)
    base = Game.new(ALL4, seed=3)
    for city in ("acre", "tortosa"):
        assert g.s["cities"][city]["units"] == {"saracen": 2}
        assert base.s["cities"][city]["units"] == {"saracen": 1}
    assert g.s["saracens"] == base.s["saracens"] - 2
    assert g.rules.last_round == 5 and base.rules.last_round == 6


@pytest.mark.rule("CAMP-S1-02")
def test_the_settlers_hook_changes_the_income_of_this_scenario_only():
    g = Game.new(ALL4, seed=1, scenario=SCENARIO)
    assert isinstance(g.rules.steps["income_phase"], SettlersIncome)
    assert type(Game.new(ALL4, seed=1).rules.steps["income_phase"]) is IncomePhase


@pytest.mark.rule("CAMP-S1-02", "INCOME-01")
def test_settlers_bring_one_unit_into_each_held_capital_at_income():
    g = Game.new(ALL4, seed=2, scenario=SCENARIO)
    s = g.s
    s["players"]["tripoli"]["units"] = 0  # nobody left in supply
    s["cities"]["antioch"]["units"] = {"saracen": 1}  # Antioch's capital is lost
    s["saracens"] -= 1
    s["players"]["antioch"]["units"] += 6
    before = {x: dict(s["cities"][g.c.board.states[x].capital]["units"]) for x in ALL4}
    supply = {x: s["players"][x]["units"] for x in ALL4}
    coins = {x: s["players"][x]["coins"] for x in ALL4}
    run_step(g, "income_phase")
    while not halted(g):
        g.apply(g.legal_actions()[0])
    after = {x: s["cities"][g.c.board.states[x].capital]["units"] for x in ALL4}
    for x in ("jerusalem", "edessa"):
        assert after[x][x] == before[x][x] + 1 and s["players"][x]["units"] == supply[x] - 1
    assert after["tripoli"] == before["tripoli"] and s["players"]["tripoli"]["units"] == 0
    assert after["antioch"] == {"saracen": 1}
    settled = [p for k, p, _ in g.log if k == "settlers_arrived"]
    assert {p["player"] for p in settled} == {"jerusalem", "edessa"}
    assert all(p["n"] == 1 and p["city"] == p["player"] for p in settled)
    assert s["players"]["jerusalem"]["coins"] > coins["jerusalem"]  # the base income follows


@pytest.mark.rule("CAMP-S1-01", "CAMP-S1-02")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_first_scenario_keep_the_invariants(players):
    states = {2: ["jerusalem", "tripoli"], 3: ALL4[:3], 4: ALL4}[players]
    for seed in (1, 2):
        g = Game.new(states, seed=seed, scenario=SCENARIO)
        rnd = random.Random(seed)
        while not g.is_over:
            check_invariants(g)
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
        assert g.s["round"] <= 5
        assert any(k == "settlers_arrived" for k, _, _ in g.log)


@pytest.mark.rule("CAMP-S1-02")
def test_bots_play_the_first_scenario_to_its_end_and_it_replays():
    g = Game.new(ALL4[:3], seed=5, scenario=SCENARIO)
    play(g, {x: make_bot("normal") for x in g.s["states"]}, seed=5)
    assert g.is_over
    back = Game.from_json(g.to_json())
    assert back.rules.id == SCENARIO and back.state_json() == g.state_json()
