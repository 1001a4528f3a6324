"""Terrain, the advanced mode (CAMP-10, SYM-93, docs/campaign.md §5): each city's terrain
on the map, its change to the battle for the city, switched on per game (single games
and the campaign), recorded in the setup and saves."""
from __future__ import annotations

import json
import random

import pytest
from helpers import run_step

from krestonostsy.campaign import Chronicle, ChronicleError
from krestonostsy.campaign.chronicle import sealed
from krestonostsy.campaign.play import play_next
from krestonostsy.content import load_content
from krestonostsy.content.board import TERRAINS
from krestonostsy.engine import Game, load_ruleset
from krestonostsy.engine.battle import start_strength
from krestonostsy.engine.hooks.terrain import TerrainBattle, terrain_effect

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]


def advanced(scenario="base") -> object:
    return load_ruleset(scenario).with_hooks(("terrain",))


@pytest.mark.rule("CAMP-10", "SYM-93")
def test_every_city_has_one_of_the_five_terrains():
    board = load_content().board
    assert {c.terrain for c in board.cities.values()} == set(TERRAINS)
    assert board.cities["acre"].terrain == "harbour"
    assert board.cities["jerusalem"].terrain == "mountains"
    assert board.cities["tadmor"].terrain == "deserts"


def battle_at(city, attacker="edessa", defender="saracen", enhanced=False, holds=()):
    g = Game.new(ALL4, seed=1, scenario=advanced())
    for c in holds:
        g.s["players"][attacker]["cities"].append(c)
    b = {"city": city, "attacker": attacker, "defender": defender, "enhanced": enhanced}
    return g, b


@pytest.mark.rule("CAMP-10", "BATTLE-04")
@pytest.mark.parametrize("city, defender, enhanced, holds, change", [
    ("acre", "jerusalem", False, (), -1),     # harbour: a state defends with the sea
    ("acre", "saracen", False, (), 0),        # …the Saracens do not
    ("turbessel", "saracen", True, (), -1),   # rivers: the enhanced +2 is +1
    ("turbessel", "saracen", False, (), 0),
    ("baalbek", "saracen", False, (), -1),    # forests: no adjacent city held
    ("baalbek", "saracen", False, ("homs",), 0),
    ("jerusalem", "jerusalem", False, (), -1),  # mountains: the defender +1
    ("tadmor", "saracen", False, (), -1),     # deserts: against the Saracens
    ("tadmor", "jerusalem", False, (), 0),
])
def test_each_terrain_changes_the_battle_for_its_city(city, defender, enhanced, holds,
                                                      change):
    g, b = battle_at(city, defender=defender, enhanced=enhanced, holds=holds)
    assert terrain_effect(g, b) == change


@pytest.mark.rule("CAMP-10", "BATTLE-04")
def test_the_marker_of_a_battle_includes_the_terrain_only_in_the_advanced_mode():
    for rules, expected in ((None, 0), (advanced(), -1)):
        g = Game.new(ALL4, seed=3, scenario=rules or "base")
        g.s["cities"]["aleppo"]["units"]["edessa"] = 4  # marched in beside 2 Saracens
        g.s["players"]["edessa"]["units"] -= 4
        run_step(g, "battle", attacker="edessa", city="aleppo", enhanced=True)
        while g.s.get("battle") and g.s["battle"]["stage"] == "setup":
            g.apply(g.legal_actions()[0])
        b = g.s["battle"]
        assert b["marker"] == start_strength(g, b) + expected  # Aleppo: rivers
        logged = [p for k, p, _ in g.log if k == "terrain_effect"]
        assert len(logged) == (1 if expected else 0)


@pytest.mark.rule("CAMP-10")
def test_the_advanced_mode_is_recorded_in_the_setup_and_replayed_by_saves():
    rules = advanced("chronicle_beginning")
    assert isinstance(rules.steps["battle"], TerrainBattle)
    assert not isinstance(load_ruleset("chronicle_beginning").steps["battle"], TerrainBattle)
    g = Game.new(ALL4[:3], seed=2, scenario=rules)
    assert g.setup["hooks"] == ["terrain"] and "hooks" not in Game.new(ALL4, seed=2).setup
    rnd = random.Random(2)
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.rules.extra_hooks == ("terrain",) and back.state_json() == g.state_json()
    with pytest.raises(ValueError, match="hook 'terrain' is switched on twice"):
        rules.with_hooks(("terrain", "terrain"))
    with pytest.raises(ValueError, match="unknown hook 'fog'"):
        rules.with_hooks(("fog",))


@pytest.mark.rule("CAMP-10", "CAMP-11")
def test_an_advanced_campaign_plays_every_scenario_with_terrain(tmp_path):
    c = Chronicle.new({"jerusalem": "novice", "tripoli": "novice"}, seed=3, folder=tmp_path,
                      campaign_id="adv", advanced=True)
    play_next(c)
    assert c.chapters[0].game.setup["hooks"] == ["terrain"]
    again = Chronicle.load(c.path)
    assert again.advanced and again.next_rules().extra_hooks == ("terrain",)
    doc = json.loads(c.path.read_text(encoding="utf-8"))
    doc["advanced"] = False  # the games were played with terrain: the chronicle lies
    c.path.write_text(json.dumps(sealed(doc)), encoding="utf-8")  # sealed, still a lie
    with pytest.raises(ChronicleError, match="advanced mode"):
        Chronicle.load(c.path)
