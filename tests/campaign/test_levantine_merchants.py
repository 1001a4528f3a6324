"""«Левантийские торговцы», the campaign's second scenario (docs/campaign.md §7): the trade
board (a scenario component), the op ``trade``, trade at Income, the fleets' pay, the
trade privileges at the end, its 8 events, bots, saves and the invariants."""
from __future__ import annotations

import random

import pytest
from engine.test_conformance import check_invariants
from helpers import choose, halted, run_step

from krestonostsy.ai.levels import make_bot
from krestonostsy.ai.play import play
from krestonostsy.ai.seat import decide
from krestonostsy.content import load_content
from krestonostsy.content.text import card_text
from krestonostsy.engine import Action, Game
from krestonostsy.engine.hooks.levantine_merchants import trade_actions, trades_allowed

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]
SCENARIO = "levantine_merchants"


def merchants(states=ALL4, seed=1) -> Game:
    return Game.new(states, seed=seed, scenario=SCENARIO)


def tracks(g):
    return g.s["components"]["trade_board"]["tracks"]


def eff(g, player, ops):
    return run_step(g, "effect", player=player, ops=ops, ctx={})


@pytest.mark.rule("CAMP-S2-01", "SETUP-03")
def test_the_scenario_sets_up_the_trade_board_and_twenty_events():
    g = merchants()
    assert tracks(g) == {r: {x: 0 for x in ALL4} for r in ("genoa", "pisa", "venice")}
    assert len(g.c.events) == 20 and "pactum_warmundi" in g.c.events
    assert len(g.s["decks"]["events"]) + (g.s["event"] is not None) == 6
    assert "components" not in Game.new(ALL4, seed=1).s  # the base game has none


@pytest.mark.rule("CAMP-S2-02")
def test_trade_climbs_the_named_track_never_past_its_last_cell():
    g = merchants()
    eff(g, "edessa", [{"op": "trade", "amount": 2, "republic": "venice"}])
    assert halted(g) and tracks(g)["venice"]["edessa"] == 2
    eff(g, "edessa", [{"op": "trade", "amount": 9, "republic": "venice"}])
    assert tracks(g)["venice"]["edessa"] == 5


@pytest.mark.rule("CAMP-S2-02")
def test_trade_of_any_track_asks_cell_by_cell_among_open_tracks():
    g = merchants()
    tracks(g)["genoa"]["tripoli"] = 5  # Genoa's track is full for Tripoli
    eff(g, "tripoli", [{"op": "trade", "amount": 2}])
    assert g.decision.prompt == "choose_trade_track" and g.decision.player == "tripoli"
    assert set(g.legal_actions()) == {Action("trade_track", option=1),
                                      Action("trade_track", option=2)}
    choose(g, "trade_track", option=2)
    choose(g, "trade_track", option=2)
    assert halted(g) and tracks(g)["venice"]["tripoli"] == 2


@pytest.mark.rule("CAMP-S2-02")
def test_trade_does_nothing_without_a_trade_board():
    g = Game.new(ALL4, seed=1)
    eff(g, "tripoli", [{"op": "trade", "amount": 2}])
    assert halted(g) and "components" not in g.s


def income(g):
    run_step(g, "income_phase")
    return g


@pytest.mark.rule("CAMP-S2-01")
def test_a_state_trades_once_per_harbour_it_holds_at_income():
    g = merchants()
    s = g.s
    # Tripoli holds its capital (a harbour) and Tortosa: two trades; Jerusalem none
    s["cities"]["tortosa"]["units"] = {"tripoli": 1}
    s["players"]["tripoli"]["cities"].append("tortosa")
    s["players"]["tripoli"]["units"] -= 1
    s["saracens"] += 1
    s["players"]["tripoli"]["goods"] = {"yellow": [2, 0, 0], "red": [1, 0, 0]}
    assert trades_allowed(g, "tripoli") == 2 and trades_allowed(g, "jerusalem") == 0
    income(g)
    traders = []
    while not halted(g) and g.decision.prompt == "trade_goods":
        traders.append(g.decision.player)
        if g.decision.player == "tripoli":
            assert Action("trade_goods", option=2, colour="yellow") not in g.legal_actions()
            if tracks(g)["pisa"]["tripoli"] == 0:
                choose(g, "trade_goods", option=1, colour="yellow")
            else:
                choose(g, "trade_goods", option=0, colour="red")
        else:
            choose(g, "trade_done")
    assert "jerusalem" not in traders and "tripoli" in traders
    assert tracks(g)["pisa"]["tripoli"] == 1 and tracks(g)["genoa"]["tripoli"] == 1
    assert s["players"]["tripoli"]["goods"]["yellow"][:2] in ([1, 1], [2, 0])  # restored
    spent = [p for k, p, _ in g.log if k == "good_spent" and p["player"] == "tripoli"]
    assert [p["colour"] for p in spent] == ["yellow", "red"]


@pytest.mark.rule("CAMP-S2-03")
def test_the_fleets_pay_each_tracks_leaders_ties_included():
    g = merchants()
    t = tracks(g)
    t["genoa"].update({"jerusalem": 2, "edessa": 2})
    t["venice"]["antioch"] = 1
    for p in g.s["players"].values():
        p["goods"] = {}  # nobody can trade: the fleets pay at once
    coins = {x: g.s["players"][x]["coins"] for x in ALL4}
    income(g)
    while not halted(g):
        g.apply(g.legal_actions()[0])
    paid = {(p["player"], p["republic"]) for k, p, _ in g.log if k == "fleet_income"}
    assert paid == {("jerusalem", "genoa"), ("edessa", "genoa"), ("antioch", "venice")}
    taxes = {p["player"]: p["coins"] for k, p, _ in g.log if k == "taxes"}
    for x in ALL4:
        extra = 2 if x in ("jerusalem", "edessa", "antioch") else 0
        assert g.s["players"][x]["coins"] == coins[x] + taxes.get(x, 0) + extra


@pytest.mark.rule("CAMP-S2-04", "SCORE-01")
def test_trade_privileges_count_as_influence_at_the_end():
    g = merchants()
    t = tracks(g)
    t["genoa"]["edessa"], t["pisa"]["edessa"], t["venice"]["edessa"] = 5, 3, 1
    influence = g.s["players"]["edessa"]["influence"]
    run_step(g, "scoring")
    assert g.s["result"]["scores"]["edessa"]["influence"] == influence + 4 + 2 + 0
    assert ("trade_privileges", {"player": "edessa", "n": 6}, None) in g.log


@pytest.mark.rule("CAMP-S2-01", "CAMP-S2-02", "CAMP-S2-03", "CAMP-S2-04")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_merchants_keep_the_invariants(players):
    states = {2: ["tripoli", "antioch"], 3: ALL4[1:], 4: ALL4}[players]
    for seed in (1, 2):
        g = merchants(states, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            check_invariants(g)
            for r, track in tracks(g).items():
                assert all(0 <= v <= 5 for v in track.values()), r
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
        assert any(k == "trade_privileges" for k, _, _ in g.log) or not any(
            v for track in tracks(g).values() for v in track.values())


@pytest.mark.rule("CAMP-S2-01")
def test_bots_play_every_new_decision_and_the_game_saves_and_determinizes():
    g = merchants(["tripoli", "antioch"], seed=4)
    seen = set()
    bots = {x: make_bot("novice") for x in g.s["states"]}
    rnd = random.Random(1)
    while not g.is_over:
        d = g.decision
        if d.prompt in ("trade_goods", "choose_trade_track"):
            seen.add(d.prompt)
            det = g.determinize(d.player, rnd.randrange(1000))
            assert det.view(d.player) == g.view(d.player)
        if len(d.actions) == 1:
            g.apply(d.actions[0])
        else:
            g.apply(decide(bots[d.player], g, rnd.randrange(10**6)))
    assert "trade_goods" in seen
    back = Game.from_json(g.to_json())
    assert back.rules.id == SCENARIO and back.state_json() == g.state_json()
    g2 = merchants(seed=5)
    play(g2, {x: make_bot("normal") for x in ALL4}, seed=5)
    assert g2.is_over


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_merchant_events_have_text_in_both_languages(lang):
    content = load_content(None, SCENARIO)
    for eid in ("grail_of_caesarea", "pisan_consuls", "pactum_warmundi", "tyre_falls",
                "fatimid_fleet", "spice_caravan", "egyptian_grain", "customs_of_acre"):
        text = card_text(content.events[eid], lang)
        assert text and "%(" not in text
        if lang == "ru":
            assert not any(w in text for w in ("Climb", "trade track", "Genoa", "Raid"))


def test_trade_actions_offer_only_goods_a_republic_buys():
    g = merchants()
    g.s["players"]["tripoli"]["goods"] = {"green": [1, 0, 0], "red": [0, 1, 0]}
    assert trade_actions(g, "tripoli") == [Action("trade_goods", option=2, colour="green")]
