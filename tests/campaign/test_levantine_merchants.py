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


@pytest.mark.rule("CAMP-S2-01", "TURN-09")
def test_every_viewer_sees_the_trade_board_and_the_base_game_view_has_no_components():
    g = merchants()
    eff(g, "tripoli", [{"op": "trade", "amount": 1, "republic": "pisa"}])
    for viewer in (*ALL4, None):
        shown = g.view(viewer)["components"]["trade_board"]["tracks"]
        assert shown == tracks(g) and shown["pisa"]["tripoli"] == 1
        assert shown is not tracks(g)  # a copy: a view never aliases the state
    assert "components" not in Game.new(ALL4, seed=1).view("jerusalem")


# --- the 12 merchant buildings and 12 merchant tactics (CAMP-S2-05..07) ---------------------

MERCHANT_BUILDINGS = ("docks", "customs_house", "shipyard", "pilgrims_hostel", "arms_market",
                      "horse_transports", "fondaco", "church_of_st_mark", "harbour_chain",
                      "caravan_road", "venetian_quarter", "genoese_loggia")
MERCHANT_TACTICS = ("ships_carpenters", "pilgrim_galley", "ships_crews", "seized_cargo",
                    "towers_of_ships_timber", "banner_of_st_mark", "sea_battle_off_ascalon",
                    "storming_of_caesarea", "venetian_blockade", "sigurds_fleet",
                    "embriacos_engines", "doge_michiel")


def in_play(g) -> set:
    """Every card id in a deck or a market at the start."""
    ids = {c for deck in g.s["decks"].values() for c in deck}
    return ids | {c for slots in g.s["markets"].values() for c in slots if c}


@pytest.mark.rule("CAMP-S2-07", "SETUP-07")
def test_the_merchant_cards_join_the_decks_of_their_level_in_this_scenario_only():
    from collections import Counter
    g = merchants()
    assert len(g.c.buildings) == 26 + 12 and len(g.c.tactics) == 58 + 12
    assert Counter(g.c.buildings[b].deck for b in MERCHANT_BUILDINGS) == {
        "buildings_0": 2, "buildings_12": 8, "buildings_34": 2}
    assert Counter(g.c.tactics[t].deck for t in MERCHANT_TACTICS) == {
        "tactics_12": 8, "tactics_34": 4}
    assert set(MERCHANT_BUILDINGS + MERCHANT_TACTICS) <= in_play(g)
    assert g.s["decks"]["buildings_0"][-1] == "bazaar"  # SETUP-06 still holds
    for scenario in ("base", "chronicle_beginning"):
        other = Game.new(ALL4, seed=1, scenario=scenario)
        assert not set(MERCHANT_BUILDINGS + MERCHANT_TACTICS) & (
            set(other.c.buildings) | set(other.c.tactics))


def aimed(g, player, opponent, ops):
    return run_step(g, "effect", player=player, ops=ops, ctx={"opponent": opponent})


@pytest.mark.rule("CAMP-S2-05")
def test_lose_trade_drops_the_highest_track_or_the_named_one_never_below_zero():
    g = merchants()
    t = tracks(g)
    t["genoa"]["tripoli"], t["pisa"]["tripoli"], t["venice"]["tripoli"] = 2, 3, 3
    aimed(g, "antioch", "tripoli", [{"op": "lose_trade", "amount": 1, "who": "opponent"}])
    assert halted(g) and (t["pisa"]["tripoli"], t["venice"]["tripoli"]) == (2, 3)  # tie: Pisa
    assert ("trade_lost", {"player": "tripoli", "republic": "pisa", "n": 1, "cell": 2},
            None) in g.log
    aimed(g, "antioch", "tripoli", [{"op": "lose_trade", "amount": 5, "republic": "genoa",
                                      "who": "opponent"}])
    assert t["genoa"]["tripoli"] == 0
    assert g.log[-1] == ("trade_lost", {"player": "tripoli", "republic": "genoa", "n": 2,
                                        "cell": 0}, None)  # only the cells it had


@pytest.mark.rule("CAMP-S2-05")
def test_lose_trade_does_nothing_to_the_saracens_to_a_bare_track_or_without_the_board():
    g = merchants()
    before = len(g.log)
    aimed(g, "antioch", "saracen", [{"op": "lose_trade", "amount": 1, "who": "opponent"}])
    aimed(g, "antioch", "tripoli", [{"op": "lose_trade", "amount": 1, "who": "opponent"}])
    assert halted(g) and len(g.log) == before
    assert all(v == 0 for track in tracks(g).values() for v in track.values())
    base = Game.new(ALL4, seed=1)
    aimed(base, "antioch", "tripoli", [{"op": "lose_trade", "amount": 1, "who": "opponent"}])
    assert halted(base) and "components" not in base.s


@pytest.mark.rule("CAMP-S2-06")
def test_harbours_and_trade_cells_count_for_each_state_and_are_zero_without_the_board():
    from krestonostsy.engine.effects import metric
    g = merchants()
    assert {x: metric(g, x, "harbours") for x in ALL4} == {
        "jerusalem": 0, "tripoli": 1, "edessa": 0, "antioch": 1}
    s = g.s
    s["cities"]["tortosa"]["units"] = {"tripoli": 1}
    s["players"]["tripoli"]["cities"].append("tortosa")
    assert metric(g, "tripoli", "harbours") == 2
    tracks(g)["genoa"]["edessa"], tracks(g)["venice"]["edessa"] = 2, 1
    assert metric(g, "edessa", "trade_cells") == 3 and metric(g, "tripoli", "trade_cells") == 0
    base = Game.new(ALL4, seed=1)
    assert metric(base, "tripoli", "harbours") == 0 == metric(base, "tripoli", "trade_cells")


def own(g, player, *cards):
    g.s["players"][player]["buildings"] = [{"card": c, "used": False} for c in cards]


def after(g, player, order, **facts):
    return run_step(g, "after_order", player=player, order=order, enhanced=False, facts=facts)


@pytest.mark.rule("CAMP-S2-07", "CAMP-S2-06", "BLDG-02")
def test_the_shipyard_trades_with_pisa_from_a_harbour_and_pays_a_coin_inland():
    g = merchants()
    own(g, "tripoli", "shipyard")
    own(g, "edessa", "shipyard")
    after(g, "tripoli", "build")
    choose(g, "use_building", card="shipyard")
    assert halted(g) and tracks(g)["pisa"]["tripoli"] == 1
    coins = g.s["players"]["edessa"]["coins"]
    after(g, "edessa", "build")
    choose(g, "use_building", card="shipyard")
    assert halted(g) and tracks(g)["pisa"]["edessa"] == 0
    assert g.s["players"]["edessa"]["coins"] == coins + 1


@pytest.mark.rule("CAMP-S2-07", "CAMP-S2-06", "BUILD-05")
def test_the_docks_sell_a_good_for_a_trade_cell_only_to_a_harbour_holder():
    g = merchants()
    own(g, "tripoli", "docks")
    g.s["players"]["tripoli"]["goods"] = {"yellow": [1, 0, 0]}
    after(g, "tripoli", "build")
    choose(g, "use_building", card="docks")
    assert g.decision.prompt == "pay" and g.decision.player == "tripoli"
    while not halted(g) and g.decision.prompt in ("pay", "may"):
        pay = [a for a in g.legal_actions() if a.kind not in ("decline", "done", "skip")]
        g.apply(next((a for a in pay if a.get("colour") == "yellow"), pay[0]))
    while not halted(g):  # the track of its choice
        g.apply(g.legal_actions()[0])
    assert sum(track["tripoli"] for track in tracks(g).values()) == 1
    assert g.s["players"]["tripoli"]["goods"]["yellow"][:2] == [0, 1]
    own(g, "jerusalem", "docks")
    after(g, "jerusalem", "build")
    choose(g, "use_building", card="docks")
    assert halted(g)  # no harbour: nothing to pay, nothing gained


@pytest.mark.rule("CAMP-S2-07", "CAMP-S2-06")
def test_the_church_of_st_mark_turns_four_trade_cells_into_influence_else_sanctity():
    g = merchants()
    own(g, "antioch", "church_of_st_mark")
    influence = g.s["players"]["antioch"]["influence"]
    tracks(g)["venice"]["antioch"], tracks(g)["genoa"]["antioch"] = 3, 1
    after(g, "antioch", "prayer")
    choose(g, "use_building", card="church_of_st_mark")
    assert halted(g) and g.s["players"]["antioch"]["influence"] == influence + 1
    own(g, "edessa", "church_of_st_mark")
    influence = g.s["players"]["edessa"]["influence"]
    cell = g.s["sanctity"]["edessa"]
    after(g, "edessa", "prayer")
    choose(g, "use_building", card="church_of_st_mark")
    if g.decision.prompt == "bishop_action":  # a sanctity cell's bonus (PRAY-05)
        choose(g, "done")
    assert halted(g) and g.s["players"]["edessa"]["influence"] == influence
    assert g.s["sanctity"]["edessa"] > cell  # 2 sanctity (occupied cells are skipped)


@pytest.mark.rule("CAMP-S2-07")
def test_the_venetian_quarter_climbs_venice_and_a_chosen_track_the_loggia_needs_a_won_battle():
    g = merchants()
    own(g, "jerusalem", "venetian_quarter", "genoese_loggia")
    after(g, "jerusalem", "build")
    choose(g, "use_building", card="venetian_quarter")
    choose(g, "trade_track", option=1)  # the track of its choice: Pisa
    assert halted(g) and {r: track["jerusalem"] for r, track in tracks(g).items()} == {
        "genoa": 0, "pisa": 1, "venice": 1}
    after(g, "jerusalem", "march", won=0)
    assert halted(g)  # no battle won: the loggia is not offered
    after(g, "jerusalem", "march", won=1)
    choose(g, "use_building", card="genoese_loggia")
    assert halted(g) and tracks(g)["genoa"]["jerusalem"] == 2


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_merchant_buildings_and_tactics_have_text_and_names_in_both_languages(lang):
    from krestonostsy.content.text import card_flavour, card_name, translator
    content = load_content(None, SCENARIO)
    tr = translator(lang)
    for cid in MERCHANT_BUILDINGS + MERCHANT_TACTICS:
        card = content.card(cid)
        text = card_text(card, tr)
        assert text and "%(" not in text and card_name(card, tr) and card_flavour(card, tr)
        if lang == "ru":
            assert not any(w in text for w in ("Climb", "trade track", "harbour", "Lose",
                                               "Opponent", "Genoa", "Venice", "Pisa")), text
            assert card_name(card, tr) != card.name, cid
    assert not tr.missing, sorted(tr.missing)


@pytest.mark.rule("CAMP-S2-05", "CAMP-S2-06", "CAMP-S2-07")
def test_cheap_bots_build_use_learn_and_play_the_merchant_cards():
    built, used, learned, played = set(), set(), set(), set()
    for seed, level in ((1, "novice"), (2, "easy"), (3, "normal"), (4, "novice")):
        g = merchants(seed=seed)
        play(g, {x: make_bot(level) for x in ALL4}, seed=seed)
        assert g.is_over
        for k, p, _ in g.log:
            card = p.get("card")
            {"building_built": built, "building_used": used, "tactic_learned": learned,
             "tactic_played": played}.get(k, set()).add(card)
    assert built & set(MERCHANT_BUILDINGS) and used & set(MERCHANT_BUILDINGS)
    assert learned & set(MERCHANT_TACTICS) and played & set(MERCHANT_TACTICS)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_search_bots_answer_a_build_that_offers_merchant_buildings(level):
    g = merchants(["tripoli", "antioch"], seed=3)
    rnd = random.Random(0)
    while not (g.decision.prompt == "take_card" and any(
            a.get("card") in MERCHANT_BUILDINGS for a in g.legal_actions())):
        g.apply(rnd.choice(g.legal_actions()))
    action = decide(make_bot(level), g, 7)
    assert action in g.legal_actions()
