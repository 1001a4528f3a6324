"""«Восход полумесяца», the campaign's fourth scenario (docs/campaign.md §9): the warlord
(a scenario component with a hidden deck), the ops ``warlord_move`` and
``warlord_attack``, his battle with a face-up Saracen hand, driving him out, Edessa 1144,
the metric ``warlord_adjacent``, its 40 new cards, bots, saves, views and determinize."""
from __future__ import annotations

import json
import random

import pytest
from content_copy import copy_data
from engine.test_conformance import check_invariants
from helpers import halted, run_step

from krestonostsy.ai.levels import make_bot
from krestonostsy.ai.seat import decide
from krestonostsy.campaign.data import load_campaign
from krestonostsy.cli import main as cli
from krestonostsy.content import ContentError, load_content
from krestonostsy.content.rules import shipped_rules
from krestonostsy.content.text import card_name, card_text, translator
from krestonostsy.engine import Game, load_ruleset
from krestonostsy.engine.ops.warlord import played_target, step_towards
from krestonostsy.engine.scoring import end_conditions, metric
from krestonostsy.engine.state import SARACEN

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]
SCENARIO = "rise_of_the_crescent"
NEW_EVENTS = ("memory_of_ager_sanguinis", "damascus_alliance", "council_of_troyes",
              "emperor_in_syria", "turkmen_on_the_euphrates", "fulk_rides_north",
              "joscelin_at_turbessel", "murder_at_qalat_jabar")


def crescent(states=ALL4, seed=1, rules=None) -> Game:
    return Game.new(states, seed=seed, scenario=rules or SCENARIO)


def lord(g) -> dict:
    return g.s["components"]["warlord"]


def warlord_ops(g, ops):
    return run_step(g, "effect", player=SARACEN, ops=ops, ctx={"warlord": True})


def finish(g, pick=lambda acts: acts[0]):
    """Answer every decision until the step under test is over."""
    while not halted(g):
        g.apply(pick(g.legal_actions()))


def aim(g, target: str, city: str = "aleppo") -> None:
    """The warlord in ``city`` with a face-up card aimed at ``target``."""
    part = lord(g)
    part["city"] = city
    card = next(c for c, w in g.c.warlord.items() if w.target == target)
    if card in part["deck"]:
        part["deck"].remove(card)
    part["card"], part["target"] = card, target


# --- set-up and the warlord's turn ------------------------------------------------------------

@pytest.mark.rule("CAMP-S4-01", "SETUP-03")
def test_the_warlord_starts_in_aleppo_with_four_saracens_and_a_shuffled_hidden_deck():
    g = crescent()  # played to its first decision: round 1's Event phase turned a card
    part = lord(g)
    assert part["city"] == "aleppo" and part["discard"] == [] and len(part["deck"]) == 9
    assert part["target"] == g.c.warlord[part["card"]].target
    assert sorted([*part["deck"], part["card"]]) == sorted(g.c.warlord)
    assert len(g.c.warlord) == 10
    assert g.s["cities"]["aleppo"]["units"] == {SARACEN: 4}
    assert len(g.c.events) == 20 and len(g.c.tactics) == 70 and len(g.c.saracens) == 30
    orders = {tuple(lord(crescent(seed=s))["deck"]) for s in range(1, 6)}
    assert len(orders) > 1  # shuffled by the game's generator
    assert "components" not in Game.new(ALL4, seed=1).s


@pytest.mark.rule("CAMP-S4-02", "EVENT-02")
def test_round_one_only_turns_the_first_card_and_later_phases_act_after_the_raids():
    g = crescent()  # round 1's Event phase is over: a card was turned, nothing acted
    keys = [k for k, _p, _v in g.log]
    assert "warlord_card" in keys and "warlord_turn" not in keys
    assert g.s["round"] == 1 and lord(g)["city"] == "aleppo"
    top = lord(g)["card"]
    g.s["round"] = 2
    g.s["decks"]["events"].append("council_of_troyes")  # an event without a round rule
    nxt = lord(g)["deck"][-1]
    run_step(g, "event_phase")
    finish(g)
    keys = [k for k, _p, _v in g.log]
    turn = keys.index("warlord_turn")
    assert keys.index("saracens_reinforced") < turn  # after EVENT-04 and the raids
    assert turn < len(keys) - 1 - keys[::-1].index("saracen_bonus")  # before EVENT-08
    assert lord(g)["discard"] == [top] and lord(g)["card"] == nxt


@pytest.mark.rule("CAMP-S4-02")
def test_the_murder_at_qalat_jabar_makes_the_warlord_rest_for_a_round():
    g = crescent()
    g.s["round"] = 2
    aim(g, "edessa")
    card = lord(g)["card"]
    g.s["decks"]["events"].append("murder_at_qalat_jabar")  # the next event turned
    run_step(g, "event_phase")
    finish(g)
    assert ("warlord_rests", {"card": card}, None) in g.log
    assert lord(g)["city"] == "aleppo" and card in lord(g)["discard"]
    assert not any(k == "warlord_attacks" for k, _p, _v in g.log)


# --- warlord_move ------------------------------------------------------------------------

@pytest.mark.rule("CAMP-S4-02", "SYM-86", "SYM-91")
def test_the_warlord_moves_one_city_along_the_shortest_path_with_all_his_saracens_but_one():
    g = crescent()
    # Aleppo → Damascus: Homs and Tadmor are both 1 step nearer; Tadmor is first on the map
    assert step_towards(g, "aleppo", "damascus") == "tadmor"
    warlord_ops(g, [{"op": "warlord_move", "towards": "damascus", "amount": 1}])
    assert halted(g) and lord(g)["city"] == "tadmor"
    assert g.s["cities"]["aleppo"]["units"] == {SARACEN: 1}
    assert g.s["cities"]["tadmor"]["units"] == {SARACEN: 1 + 3}
    warlord_ops(g, [{"op": "warlord_move", "towards": "damascus", "amount": 5}])
    assert lord(g)["city"] == "damascus"  # he stops at his target


@pytest.mark.rule("CAMP-S4-02")
def test_the_warlord_never_moves_into_a_crusader_city():
    g = crescent()
    warlord_ops(g, [{"op": "warlord_move", "towards": "edessa", "amount": 2}])
    assert lord(g)["city"] == "aleppo" and g.s["cities"]["aleppo"]["units"] == {SARACEN: 4}


@pytest.mark.rule("CAMP-S4-02", "SETUP-29")
def test_a_target_absent_in_the_line_up_becomes_the_nearest_existing_city():
    g = crescent(["jerusalem", "tripoli"])
    assert g.s["cities"]["edessa"].get("removed") and g.s["cities"]["turbessel"].get("removed")
    # Edessa's neighbours: Turbessel (absent), Tadmor, Aleppo — Tadmor is first on the map
    assert played_target(g, "edessa") == "tadmor"
    assert played_target(g, "acre") == "acre"


@pytest.mark.rule("CAMP-S4-04")
def test_off_the_map_he_re_enters_in_the_saracen_city_nearest_his_target():
    g = crescent()
    lord(g)["city"] = None
    warlord_ops(g, [{"op": "warlord_move", "towards": "tripoli", "amount": 1}])
    # Tortosa and Acre (1 Saracen each) are next to Tripoli; Acre comes first on the map
    assert lord(g)["city"] == "acre"
    assert ("warlord_entered", {"city": "acre"}, None) in g.log


# --- warlord_attack and his battle ----------------------------------------------------------

@pytest.mark.rule("CAMP-S4-03")
def test_with_nothing_to_attack_the_cards_value_joins_his_city():
    g = crescent()
    aim(g, "damascus", city="damascus")
    supply = g.s["saracens"]
    warlord_ops(g, [{"op": "warlord_attack", "amount": 3}])
    assert halted(g) and g.s["cities"]["damascus"]["units"] == {SARACEN: 2 + 3}
    assert g.s["saracens"] == supply - 3


@pytest.mark.rule("CAMP-S4-03", "SYM-92", "BATTLE-02", "BATTLE-05")
def test_his_attack_is_a_battle_whose_saracen_hand_lies_face_up_for_everyone():
    g = crescent()
    aim(g, "edessa")
    top5 = g.s["decks"]["saracens"][-5:]
    warlord_ops(g, [{"op": "warlord_attack", "amount": 2}])
    b = g.s["battle"]
    assert b["attacker"] == SARACEN and b["defender"] == "edessa" and b["warlord"]
    assert sorted(b["saracen_hand"]) == sorted(top5)
    assert g.s["cities"]["edessa"]["units"][SARACEN] == 3 + 2  # Aleppo's 4 but one, +2
    assert g.s["cities"]["aleppo"]["units"] == {SARACEN: 1}
    # the nearest other state plays the Saracens (Antioch: Turbessel lies between)
    assert b["saracen_player"] in ("antioch", "jerusalem")
    assert g.decision.player == "edessa" and g.decision.prompt in (
        "battle_play", "battle_rescripts")  # the defender maneuvers first
    for viewer in (*ALL4, None):
        assert sorted(g.view(viewer)["battle"]["saracen_hand"]) == sorted(top5)
    units, level = g.s["cities"]["edessa"]["units"]["edessa"], g.s["cities"]["edessa"]["level"]
    assert b["marker"] == 5 - (units + level)


def _fight(g, attacker_wins: bool):
    """Play the battle under test to its end, each side playing its first card; the
    marker is forced to decide the winner (in his battles the Saracens attack)."""
    while not halted(g):
        b = g.s.get("battle")
        if b and b["stage"] == "maneuvers":
            b["marker"] = 20 if attacker_wins else -20
        g.apply(g.legal_actions()[0])


@pytest.mark.rule("CAMP-S4-03", "RAID-12", "RAID-14", "BATTLE-23")
def test_won_by_the_saracens_the_city_is_theirs_and_the_warlord_moves_in():
    g = crescent()
    aim(g, "turbessel")
    g.s["cities"]["turbessel"]["units"] = {"antioch": 2}
    g.s["players"]["antioch"]["cities"].append("turbessel")
    g.s["players"]["antioch"]["units"] -= 2
    g.s["saracens"] += 1
    warlord_ops(g, [{"op": "warlord_attack", "amount": 1}])
    _fight(g, attacker_wins=True)
    assert lord(g)["city"] == "turbessel"
    assert "turbessel" not in g.s["players"]["antioch"]["cities"]
    assert g.s["cities"]["turbessel"]["units"].get("antioch", 0) == 0
    assert g.s["cities"]["turbessel"]["units"][SARACEN] > 0
    assert g.s["battle"] is None
    check_invariants(g)


@pytest.mark.rule("CAMP-S4-03", "BATTLE-22")
def test_lost_by_the_saracens_they_retreat_and_he_stays_in_his_city():
    g = crescent()
    aim(g, "edessa")
    warlord_ops(g, [{"op": "warlord_attack", "amount": 1}])
    _fight(g, attacker_wins=False)
    assert lord(g)["city"] == "aleppo" and "edessa" in g.s["players"]["edessa"]["cities"]
    assert g.s["cities"]["edessa"]["units"].get(SARACEN, 0) == 0
    assert g.s["cities"]["aleppo"]["units"][SARACEN] >= 1
    check_invariants(g)


@pytest.mark.rule("CAMP-S4-04", "SYM-92")
def test_taking_his_city_drives_him_off_the_map_and_that_battle_shows_its_hand():
    g = crescent()
    g.s["saracens"] += 3
    g.s["players"]["edessa"]["units"] -= 5
    g.s["cities"]["aleppo"]["units"] = {SARACEN: 1, "edessa": 5}  # Edessa marched in
    run_step(g, "battle", attacker="edessa", city="aleppo", enhanced=False)
    while g.decision.prompt == "saracen_player":
        g.apply(g.legal_actions()[0])
    b = g.s["battle"]
    assert b["saracen_hand"] and all(
        sorted(g.view(v)["battle"]["saracen_hand"]) == sorted(b["saracen_hand"])
        for v in ALL4)
    _fight(g, attacker_wins=True)
    assert lord(g)["city"] is None and "aleppo" in g.s["players"]["edessa"]["cities"]
    assert ("warlord_driven_out", {"city": "aleppo"}, None) in g.log


@pytest.mark.rule("CAMP-S4-05", "END-01")
def test_when_he_takes_edessa_the_era_ends_and_all_but_its_defender_lose_influence():
    g = crescent()
    g.s["round"] = 3
    aim(g, "edessa")
    for x in ALL4:
        g.s["players"][x]["influence"] = 5
    g.s["players"]["tripoli"]["influence"] = 1
    g.s["decks"]["events"].append("damascus_alliance")
    run_step(g, "event_phase")
    while not halted(g):
        g.apply(g.legal_actions()[0])
        b = g.s.get("battle")
        if b and b.get("warlord") and b["stage"] == "maneuvers":
            b["marker"] = 20  # the Saracens win the battle for Edessa
    assert lord(g)["city"] == "edessa" and g.s["decks"]["events"] == []
    assert "era" in end_conditions(g)  # checked at the end of this round
    influence = {x: g.s["players"][x]["influence"] for x in ALL4}
    assert influence == {"jerusalem": 3, "tripoli": 0, "edessa": 5, "antioch": 3}
    assert ("city_fell", {"city": "edessa", "player": "edessa"}, None) in g.log


@pytest.mark.rule("CAMP-S4-06")
def test_warlord_adjacent_counts_your_cities_next_to_him():
    g = crescent()
    assert metric(g, "edessa", "warlord_adjacent") == 1  # Edessa next to Aleppo
    assert metric(g, "tripoli", "warlord_adjacent") == 0
    lord(g)["city"] = None
    assert metric(g, "edessa", "warlord_adjacent") == 0
    assert metric(Game.new(ALL4, seed=1), "edessa", "warlord_adjacent") == 0


# --- views, determinize, saves --------------------------------------------------------------

@pytest.mark.rule("CAMP-S4-01", "TURN-09")
def test_the_view_shows_the_warlord_with_his_deck_as_a_count():
    g = crescent()
    aim(g, "edessa")
    lord(g)["discard"].append(lord(g)["deck"].pop())
    for viewer in (*ALL4, None):
        shown = g.view(viewer)["components"]["warlord"]
        assert shown == {"city": "aleppo", "card": lord(g)["card"], "target": "edessa",
                         "deck": len(lord(g)["deck"]), "discard": lord(g)["discard"]}
        assert shown["discard"] is not lord(g)["discard"]


@pytest.mark.rule("CAMP-S4-01", "TURN-09")
def test_determinize_reshuffles_the_warlord_deck_from_what_is_known():
    g = crescent()
    a = g.clone()
    b = g.clone()
    b.s["components"]["warlord"]["deck"].reverse()  # another truth, the same to a seat
    for seed in (1, 2, 3):
        x, y = a.determinize("tripoli", seed), b.determinize("tripoli", seed)
        assert x.state_json() == y.state_json()
        assert sorted(lord(x)["deck"]) == sorted(lord(g)["deck"])
    orders = {tuple(lord(a.determinize("tripoli", s))["deck"]) for s in range(6)}
    assert len(orders) > 1


@pytest.mark.rule("CAMP-S4-01", "CAMP-S4-02", "CAMP-S4-03", "CAMP-S4-04", "CAMP-S4-05")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_crescent_keep_the_invariants(players):
    states = {2: ["edessa", "antioch"], 3: ALL4[1:], 4: ALL4}[players]
    attacks = 0
    for seed in (1, 2, 3):
        rules = load_ruleset(SCENARIO)
        g = crescent(states, seed, rules=rules.with_hooks(("terrain",)) if seed == 3 else rules)
        rnd = random.Random(seed)
        while not g.is_over:
            check_invariants(g)
            part = lord(g)
            assert part["city"] is None or g.s["cities"][part["city"]]["units"].get(
                SARACEN) or g.s.get("battle")
            assert len(part["deck"]) + len(part["discard"]) + (part["card"] is not None) == 10
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
        attacks += sum(1 for k, _p, _v in g.log if k == "warlord_attacks")
        keys = [k for k, _p, _v in g.log]
        if "city_fell" in keys:  # CAMP-S4-05: the game ended with the round of the fall
            fell = keys.index("city_fell")
            assert keys[fell:].count("round_started") == 0
    assert attacks > 0


@pytest.mark.rule("CAMP-S4-03")
def test_bots_of_every_level_play_the_warlords_battles_and_the_game_saves_mid_battle():
    saved = None
    for i, level in enumerate(("random", "novice", "easy", "normal", "hard", "expert")):
        states = [["edessa", "antioch"], ALL4[1:], ALL4][i % 3]
        g = crescent(states, seed=20 + i)
        kw = {"iterations": 8, "processes": 1} if level in ("hard", "expert") else {}
        bots = {x: make_bot(level, **kw) for x in states}
        rnd = random.Random(i)
        sides = set()
        while not g.is_over:
            d = g.decision
            b = g.s.get("battle")
            if b and b.get("warlord"):
                sides.add(d.player == b["saracen_player"])
                if saved is None and d.prompt == "battle_play":
                    saved = g.to_json()
                    back = Game.from_json(json.loads(json.dumps(saved)))
                    assert back.state_json() == g.state_json() and back.rules.id == SCENARIO
            if len(d.actions) == 1:
                g.apply(d.actions[0])
            else:
                g.apply(decide(bots[d.player], g, rnd.randrange(10**6)))
            if level in ("hard", "expert") and g.s["round"] > 3:
                break  # enough for the search levels: they met his battles by now
        assert sides == {True, False}, level  # both the defender and the Saracen player
    assert saved is not None


# --- content -------------------------------------------------------------------------------

@pytest.mark.rule("CAMP-S4-02", "CAMP-S4-06")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_forty_new_cards_have_text_names_and_flavour_in_both_languages(lang):
    content = load_content(None, SCENARIO)
    tr = translator(lang)
    cards = [*content.warlord.values(), *(content.events[e] for e in NEW_EVENTS),
             *(t for t in content.tactics.values() if t.id not in load_content().tactics),
             *(s for s in content.saracens.values() if s.id not in load_content().saracens)]
    assert len(cards) == 10 + 8 + 12 + 10
    for card in cards:
        body = card_text(card, tr)
        assert body and "%(" not in body and card_name(card, tr), card.id
        if lang == "ru":
            assert not any(w in body for w in ("warlord", "Saracen", "strength", "Raid"))
    assert tr.missing == set(), sorted(tr.missing)[:5]
    book = shipped_rules()
    assert all(book.keywords(c) for c in cards)


def test_each_warlord_card_names_a_city_and_a_value_of_one_to_four():
    content = load_content(None, SCENARIO)
    targets = [w.target for w in content.warlord.values()]
    assert targets.count("edessa") == 3 and set(targets) >= {"antioch", "tripoli",
                                                             "turbessel", "damascus"}
    assert all(1 <= w.value <= 4 for w in content.warlord.values())
    text = card_text(content.warlord["christmas_eve_1144"], "en")
    assert text.startswith("The warlord moves 1 city towards Edessa") and "4 more" in text


@pytest.mark.rule("CAMP-S4-01")
@pytest.mark.parametrize("where, old, new, message", [
    ("cards/warlord_crescent.yaml", "target: tripoli", "target: mosul",
     "unknown city 'mosul' in 'target'"),
    ("cards/warlord_crescent.yaml", "value: 3\n    flavour: In 1137", "value: 7\n    flavour: In 1137",
     "'value'"),
    ("scenarios/rise_of_the_crescent.yaml", "    start: aleppo", "    start: edessa",
     "'edessa' is a capital"),
    ("scenarios/rise_of_the_crescent.yaml",
     "  warlord: {file: warlord_crescent.yaml, count: 10}", "",
     "the warlord needs his cards"),
])
def test_a_broken_crescent_file_gives_file_and_line(tmp_path, capsys, where, old, new, message):
    data = copy_data(tmp_path / "data")
    path = data / where
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(data, SCENARIO)
    err = str(info.value)
    assert message in err and err.startswith(where.split("/")[1] + ":"), err
    assert err.split(":")[1].strip().isdigit(), err
    assert cli(["validate-data", str(data)]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.rule("CAMP-S4-01")
def test_validate_data_covers_the_scenario(capsys):
    assert cli(["validate-data"]) == 0
    out = capsys.readouterr().out
    assert "scenario rise_of_the_crescent" in out and "10 warlord cards" in out


def test_the_briefing_names_its_rules_cities_and_component(tmp_path):
    data = copy_data(tmp_path / "data")
    entry = next(e for e in load_campaign(data).scenarios if e.id == SCENARIO)
    assert entry.implemented and "Zengi" in entry.briefing
    import yaml
    raw = next(s for s in yaml.safe_load((data / "campaign" / "campaign.yaml").read_text(
        encoding="utf-8"))["scenarios"] if s["id"] == SCENARIO)
    rules = {r for rule in raw["special_rules"] for r in rule["rules"]}
    assert rules == {f"CAMP-S4-0{i}" for i in range(1, 7)}
    assert raw["highlight"] == ["aleppo", "edessa"] and raw["components"] == ["warlord"]


# --- the whole campaign ----------------------------------------------------------------------

@pytest.mark.rule("CAMP-01", "CAMP-06", "CAMP-S4-01")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_campaign_ends_with_the_rise_of_the_crescent_and_its_carry_overs(
        tmp_path, players):
    from krestonostsy.campaign.chronicle import Chronicle
    from krestonostsy.campaign.play import play_campaign
    data = load_campaign()  # the shipped four scenarios
    states = {2: ["antioch", "edessa"], 3: ["jerusalem", "tripoli", "antioch"], 4: ALL4}[players]
    c = Chronicle.new({x: "novice" for x in states}, seed=players, folder=tmp_path / "user",
                      campaign_id=f"crescent{players}", data=data)
    play_campaign(c)
    assert [ch.scenario for ch in c.chapters][-1] == SCENARIO and len(c.chapters) == 4
    last, before = c.chapters[-1], c.chapters[-2]
    game = last.game
    assert game.is_over and "warlord" in game.s["components"]
    assert (game.setup.get("starting") or None) == (before.starting or None)
    start = Game.new(c.states, seed=game.setup["seed"], scenario=game.rules)
    check_invariants(start)
    for x, carried in (before.starting or {}).items():
        for city in carried.get("cities", {}):
            assert city in start.s["players"][x]["cities"] and city != "aleppo"
    assert c.winner() in c.states


@pytest.mark.rule("CAMP-S4-02")
def test_without_an_army_he_does_not_move_into_an_empty_city():
    g = crescent()
    g.s["cities"]["aleppo"]["units"] = {SARACEN: 1}
    g.s["saracens"] += 3
    g.s["cities"]["tadmor"]["units"] = {}  # empty: he would stand there alone
    g.s["saracens"] += 1
    warlord_ops(g, [{"op": "warlord_move", "towards": "damascus", "amount": 1}])
    assert lord(g)["city"] == "aleppo"
    g.s["cities"]["tadmor"]["units"] = {SARACEN: 1}
    g.s["saracens"] -= 1
    warlord_ops(g, [{"op": "warlord_move", "towards": "damascus", "amount": 1}])
    assert lord(g)["city"] == "tadmor" and g.s["cities"]["aleppo"]["units"] == {SARACEN: 1}
