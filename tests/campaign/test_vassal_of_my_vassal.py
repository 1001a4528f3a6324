"""«Вассал моего вассала», the campaign's third scenario (docs/campaign.md §8): the oaths
(a scenario component with hidden hands), the ops ``swear``, ``break_oath`` and
``draw_oath``, the oath council, tribute, protection and peace, betrayal, regency, its 48
new cards, bots of every level, saves, determinization and the invariants."""
from __future__ import annotations

import random

import pytest
from engine.test_conformance import check_invariants
from helpers import choose, give, halted, run_step

from krestonostsy.ai.levels import LEVELS, make_bot
from krestonostsy.ai.policy import prior
from krestonostsy.ai.seat import decide
from krestonostsy.cli import main as cli
from krestonostsy.content import load_content
from krestonostsy.content.errors import ContentError
from krestonostsy.content.text import card_name, card_text, translator
from krestonostsy.engine import Action, Game
from krestonostsy.engine.ops.oaths import bound, partners, protectors

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]
SCENARIO = "vassal_of_my_vassal"
NEW_PROMPTS = ("offer_oath", "answer_oath", "choose_oath_to_break", "choose_regent")


def vassal(states=ALL4, seed=1) -> Game:
    return Game.new(list(states), seed=seed, scenario=SCENARIO)


def oaths(g):
    return g.s["components"]["oaths"]


def hand(g, x, *cards):
    """Give ``x`` exactly ``cards`` (taken from wherever they lie among the hands and
    the deck; ``x``'s old hand goes back to the deck)."""
    part = oaths(g)
    part["deck"].extend(part["hands"][x])
    part["hands"][x] = []
    for c in cards:
        for h in part["hands"].values():
            if c in h:
                h.remove(c)
        if c in part["deck"]:
            part["deck"].remove(c)
        part["hands"][x].append(c)


def swear(g, card, lord, vassal_):
    """``lord`` offers ``card`` to ``vassal_``, who accepts; the terms run (their own
    choices, if any, by the first legal action)."""
    hand(g, lord, card)
    run_step(g, "swear", player=lord)
    choose(g, "offer_oath", card=card, player=vassal_)
    choose(g, "accept_oath")
    while not halted(g):
        g.apply(g.legal_actions()[0])


def eff(g, player, ops, **ctx):
    return run_step(g, "effect", player=player, ops=ops, ctx=ctx)


def all_oath_cards(g):
    """Every oath card where it lies: the deck, the hands, sworn, broken, torn up, and the
    one on offer (in the ``swear`` frame while the other state answers)."""
    part = oaths(g)
    offered = [f["card"] for f in g.s["stack"] if f["s"] == "swear" and f.get("at") == "answer"]
    return sorted([*part["deck"], *(c for h in part["hands"].values() for c in h),
                   *(o["card"] for o in part["sworn"]), *(o["card"] for o in part["broken"]),
                   *part["discard"], *offered])


# --- set-up and view -----------------------------------------------------------------

@pytest.mark.rule("CAMP-S3-01", "SETUP-03")
@pytest.mark.parametrize("states", [ALL4, ALL4[1:], ["tripoli", "antioch"]])
def test_the_scenario_deals_four_oath_cards_to_each_state_and_adds_its_cards(states):
    g = vassal(states)
    part = oaths(g)
    assert all(len(part["hands"][x]) == 4 for x in states)
    assert len(part["deck"]) == 16 - 4 * len(states)
    assert all_oath_cards(g) == sorted(g.c.oaths) and len(g.c.oaths) == 16
    assert part["sworn"] == part["broken"] == part["discard"] == [] and part["regents"] == {}
    assert len(g.c.events) == 20 and len(g.c.rescripts) == 48 and len(g.c.spies) == 24
    levels = [r.level for r in g.c.rescripts.values() if r.id in load_content(
        None, SCENARIO).rescripts and r.id not in load_content().rescripts]
    assert sorted(levels) == [1] * 8 + [2] * 8
    assert g.s["round"] == 1 and g.rules.setup.last_round == 6


@pytest.mark.rule("CAMP-S3-01", "TURN-09")
def test_a_viewer_sees_its_own_oath_hand_and_only_counts_of_the_others():
    g = vassal()
    swear(g, "oath_of_turbessel", "edessa", "antioch")
    part = oaths(g)
    for viewer in (*ALL4, None):
        shown = g.view(viewer)["components"]["oaths"]
        assert set(shown) == {"hands", "sworn", "broken", "regents", "deck", "discard"}
        for x in ALL4:
            assert shown["hands"][x] == (part["hands"][x] if x == viewer
                                         else len(part["hands"][x]))
        assert shown["sworn"] == [{"card": "oath_of_turbessel", "lord": "edessa",
                                   "vassal": "antioch"}]
        assert shown["deck"] == len(part["deck"])
    mine = g.view("edessa")["components"]["oaths"]["hands"]["edessa"]
    assert mine is not part["hands"]["edessa"]  # a copy: a view never aliases the state


# --- swear -----------------------------------------------------------------------------

@pytest.mark.rule("CAMP-S3-02")
def test_a_sworn_oath_binds_the_offering_lord_and_runs_both_sides_terms():
    g = vassal()
    coins = {x: g.s["players"][x]["coins"] for x in ALL4}
    influence = g.s["players"]["jerusalem"]["influence"]
    hand(g, "jerusalem", "fief_of_galilee", "oath_of_turbessel")
    run_step(g, "swear", player="jerusalem")
    assert g.decision.prompt == "offer_oath" and g.decision.player == "jerusalem"
    offered = {(a.card, a.player) for a in g.legal_actions() if a.kind == "offer_oath"}
    assert offered == {(c, x) for c in ("fief_of_galilee", "oath_of_turbessel")
                       for x in ("tripoli", "edessa", "antioch")}
    assert Action("decline") in g.legal_actions()
    choose(g, "offer_oath", card="oath_of_turbessel", player="tripoli")
    assert g.decision.prompt == "answer_oath" and g.decision.player == "tripoli"
    assert g.decision.params == {"card": "oath_of_turbessel", "lord": "jerusalem"}
    assert g.view("edessa")["decision"]["params"] == g.decision.params  # the card is shown
    choose(g, "accept_oath")
    assert halted(g)
    assert oaths(g)["sworn"] == [{"card": "oath_of_turbessel", "lord": "jerusalem",
                                  "vassal": "tripoli"}]
    assert g.s["players"]["tripoli"]["coins"] == coins["tripoli"] + 2  # the vassal's term
    assert g.s["players"]["jerusalem"]["influence"] == influence  # no lord's term here
    assert oaths(g)["hands"]["jerusalem"] == ["fief_of_galilee"]
    assert bound(g, "jerusalem", "tripoli") and bound(g, "tripoli", "jerusalem")
    assert partners(g, "jerusalem") == partners(g, "jerusalem") and \
        "tripoli" not in partners(g, "jerusalem") and "jerusalem" not in partners(g, "tripoli")


@pytest.mark.rule("CAMP-S3-02")
def test_the_lords_term_runs_for_the_lord_with_the_vassal_as_opponent():
    g = vassal()
    influence = g.s["players"]["antioch"]["influence"]
    swear(g, "fief_of_galilee", "antioch", "edessa")
    assert g.s["players"]["antioch"]["influence"] == influence + 1
    g2 = vassal()
    units = g2.s["players"]["edessa"]["units"]
    hand(g2, "antioch", "fief_of_galilee")
    run_step(g2, "swear", player="antioch")
    choose(g2, "offer_oath", card="fief_of_galilee", player="edessa")
    choose(g2, "accept_oath")
    while not halted(g2):  # the vassal places its unit (its own choice, if asked)
        assert g2.decision.player == "edessa"
        g2.apply(g2.legal_actions()[0])
    assert g2.s["players"]["edessa"]["units"] == units - 1


@pytest.mark.rule("CAMP-S3-02")
def test_a_refused_oath_is_torn_up_face_up_and_binds_no_one():
    g = vassal()
    hand(g, "edessa", "money_fief")
    run_step(g, "swear", player="edessa")
    choose(g, "offer_oath", card="money_fief", player="jerusalem")
    choose(g, "refuse_oath")
    assert halted(g) and oaths(g)["discard"] == ["money_fief"] and oaths(g)["sworn"] == []
    assert oaths(g)["hands"]["edessa"] == [] and not bound(g, "edessa", "jerusalem")
    run_step(g, "swear", player="edessa")  # an empty hand offers nothing
    assert halted(g)


@pytest.mark.rule("CAMP-S3-02")
def test_swear_does_nothing_without_oaths_and_draw_oath_takes_from_the_deck():
    base = Game.new(ALL4, seed=1)
    eff(base, "edessa", [{"op": "swear"}, {"op": "draw_oath", "amount": 2},
                         {"op": "break_oath"}])
    assert halted(base) and "components" not in base.s
    g = vassal(["edessa", "antioch"])
    top = oaths(g)["deck"][-2:]
    eff(g, "edessa", [{"op": "draw_oath", "amount": 2}])
    assert halted(g) and oaths(g)["hands"]["edessa"][-2:] == top[::-1]
    assert ("oath_drawn", {"player": "edessa", "n": 2}, None) in g.log
    assert all(vis == ("edessa",) for k, _p, vis in g.log if k == "oath_taken")
    assert "oath_taken" not in [k for k, _p, _v in g.log_for("antioch")]
    # four states hold all sixteen: the deck is rebuilt from the refused cards
    g = vassal()
    part = oaths(g)
    assert part["deck"] == []
    part["discard"] = [part["hands"]["tripoli"].pop()]
    eff(g, "edessa", [{"op": "draw_oath", "amount": 2}])
    assert len(part["hands"]["edessa"]) == 5 and part["discard"] == part["deck"] == []


# --- the oath council --------------------------------------------------------------------

@pytest.mark.rule("CAMP-S3-02")
def test_the_oath_council_opens_every_planning_phase_in_turn_order():
    g = vassal()
    asked = []
    while g.s["phase"] != "planning" or g.decision.prompt in ("offer_oath", "answer_oath"):
        d = g.decision
        if g.s["phase"] == "planning":
            asked.append((d.prompt, d.player))
            g.apply(Action("decline") if d.prompt == "offer_oath" else d.actions[0])
        else:
            g.apply(d.actions[0])
    order = [x for x in sorted(ALL4, key=lambda p: -g.s["sanctity"][p])]
    assert [x for p, x in asked if p == "offer_oath"] == order
    assert g.decision.prompt == "place_order"


# --- tribute, protection, peace --------------------------------------------------------

@pytest.mark.rule("CAMP-S3-03", "INCOME-01")
def test_a_vassal_pays_its_lord_the_tribute_after_the_taxes_as_far_as_it_can():
    g = vassal()
    swear(g, "money_fief", "tripoli", "jerusalem")  # tribute 2
    swear(g, "oath_of_turbessel", "edessa", "antioch")  # tribute 1
    g.s["players"]["antioch"]["coins"] = 0
    before = {x: g.s["players"][x]["coins"] for x in ALL4}
    run_step(g, "income_phase")
    while not halted(g):
        g.apply(g.legal_actions()[-1])
    taxes = {p["player"]: p["coins"] for k, p, _ in g.log if k == "taxes"}
    paid = {(p["player"], p["lord"]): p["coins"] for k, p, _ in g.log if k == "tribute_paid"}
    assert paid == {("jerusalem", "tripoli"): 2, ("antioch", "edessa"): 1}
    assert g.s["players"]["tripoli"]["coins"] == before["tripoli"] + taxes["tripoli"] + 2
    assert g.s["players"]["jerusalem"]["coins"] == before["jerusalem"] + taxes["jerusalem"] - 2


def raid_on_edessa(g):
    g.s["event"] = "field_of_blood"
    g.s["modifiers"] = {}
    give(g, "edessa", "edessa", 3)
    run_step(g, "raids", colour="blue")
    return [p for k, p, _ in g.log if k == "raid_strength" and p["city"] == "edessa"][0]


@pytest.mark.rule("CAMP-S3-03", "RAID-08")
def test_each_lord_adds_its_protection_to_a_raided_city_of_its_vassal():
    plain = raid_on_edessa(vassal())
    g = vassal()
    swear(g, "oath_of_turbessel", "antioch", "edessa")
    swear(g, "peace_of_tripoli", "jerusalem", "edessa")
    swear(g, "armenian_homage", "edessa", "tripoli")  # Edessa's own vassal protects nothing
    assert protectors(g, "edessa") == [x for x in sorted(
        ALL4, key=lambda p: -g.s["sanctity"][p]) if x in ("antioch", "jerusalem")]
    shown = raid_on_edessa(g)
    assert shown["defence"] == plain["defence"] + 2
    log = [p for k, p, _ in g.log if k == "oath_protection"]
    assert log and log[0]["n"] == 2 and set(log[0]["protectors"]) == {"antioch", "jerusalem"}


@pytest.mark.rule("CAMP-S3-03", "MARCH-01")
def test_a_lord_and_its_vassal_may_not_march_on_each_others_cities():
    def targets(g):
        run_step(g, "order_march", player="antioch")
        return {a.city for a in g.legal_actions() if a.kind == "march_target"}

    g = vassal()
    give(g, "antioch", "antioch", 5)
    give(g, "edessa", "turbessel", 1)
    assert "turbessel" in targets(g)
    g = vassal()
    give(g, "antioch", "antioch", 5)
    give(g, "edessa", "turbessel", 1)
    swear(g, "oath_of_turbessel", "edessa", "antioch")
    free = targets(g)
    assert "turbessel" not in free and free  # other targets stay


# --- betrayal --------------------------------------------------------------------------

@pytest.mark.rule("CAMP-S3-04", "TURN-10")
def test_breaking_an_oath_in_ones_own_turn_costs_influence_and_gives_its_betrayal():
    g = vassal()
    swear(g, "oath_of_turbessel", "antioch", "edessa")
    p = g.s["players"]["edessa"]
    p["spies_hand"], p["rescripts"], p["buildings"] = [], [], []
    p["influence"] = 1  # too poor to break: the window opens (public), no break offered
    run_step(g, "own_turn", player="edessa")
    assert g.decision.prompt == "own_turn"
    assert not [a for a in g.legal_actions() if a.kind == "break_oath"]
    p["influence"], coins = 3, p["coins"]
    run_step(g, "own_turn", player="edessa")
    choose(g, "break_oath", card="oath_of_turbessel")
    assert halted(g)  # nothing left to do there: the window closes
    assert p["influence"] == 1 and p["coins"] == coins + 3
    assert oaths(g)["sworn"] == [] and oaths(g)["broken"] == [
        {"card": "oath_of_turbessel", "lord": "antioch", "vassal": "edessa", "round": 1,
         "by": "edessa", "cost": 2}]
    assert not bound(g, "antioch", "edessa")
    unbound = vassal()
    q = unbound.s["players"]["edessa"]
    q["spies_hand"], q["rescripts"], q["buildings"] = [], [], []
    run_step(unbound, "own_turn", player="edessa")
    assert halted(unbound)  # nothing to do, no oath: the window stays shut


@pytest.mark.rule("CAMP-S3-04")
def test_a_betrayal_is_aimed_at_the_betrayed_partner():
    g = vassal()
    swear(g, "bohemonds_heir", "tripoli", "jerusalem")
    g.s["players"]["tripoli"]["coins"] = 5
    coins = g.s["players"]["jerusalem"]["coins"]
    g.s["players"]["jerusalem"]["influence"] = 2
    eff(g, "jerusalem", [{"op": "break_oath"}], own_turn=True)
    assert g.decision.prompt == "choose_oath_to_break"
    choose(g, "break_oath", card="bohemonds_heir")
    assert halted(g) and g.s["players"]["tripoli"]["coins"] == 2
    assert g.s["players"]["jerusalem"]["coins"] == coins + 3
    assert g.s["players"]["jerusalem"]["influence"] == 0


@pytest.mark.rule("CAMP-S3-04", "RESCRIPT-01")
def test_a_dispensation_breaks_an_oath_without_paying_influence():
    g = vassal()
    swear(g, "oath_of_turbessel", "antioch", "edessa")
    swear(g, "money_fief", "edessa", "tripoli")
    p = g.s["players"]["edessa"]
    p["influence"] = 0
    p["rescripts"] = ["dispensation_from_oath"]
    run_step(g, "own_turn", player="edessa")
    choose(g, "play_rescript", card="dispensation_from_oath")
    assert g.decision.prompt == "choose_oath_to_break"
    assert {a.card for a in g.legal_actions()} == {"oath_of_turbessel", "money_fief"}
    choose(g, "break_oath", card="money_fief")
    assert p["influence"] == 0 and [o["card"] for o in oaths(g)["broken"]] == ["money_fief"]
    assert ("oath_broken", {"player": "edessa", "card": "money_fief", "lord": "edessa",
                            "vassal": "tripoli", "cost": 0}, None) in g.log


# --- regency -----------------------------------------------------------------------------

def lose_capital(g, ward, holder):
    """``holder`` takes ``ward``'s capital; ``ward`` keeps another city (CAPITAL-04)."""
    cap = g.c.board.states[ward].capital
    other = "tadmor" if ward != "edessa" else "turbessel"
    give(g, ward, other, 2)
    give(g, holder, cap, 2)  # the token changes hands too


@pytest.mark.rule("CAMP-S3-05")
def test_a_state_that_lost_its_capital_names_a_regent_who_protects_it_and_gains_influence():
    g = vassal()
    lose_capital(g, "jerusalem", "tripoli")
    run_step(g, "planning_phase")
    while g.decision.prompt != "choose_regent":
        g.apply(Action("decline"))
    assert g.decision.player == "jerusalem"
    assert {a.player for a in g.legal_actions()} == {"edessa", "antioch"}  # not the holder
    choose(g, "name_regent", player="antioch")
    assert oaths(g)["regents"] == {"jerusalem": "antioch"}
    assert bound(g, "antioch", "jerusalem") and protectors(g, "jerusalem") == ["antioch"]
    influence = g.s["players"]["antioch"]["influence"]
    run_step(g, "income_phase")
    while not halted(g):
        g.apply(g.legal_actions()[-1])
    gained = [p for k, p, _ in g.log if k == "influence_gained" and p["player"] == "antioch"]
    assert g.s["players"]["antioch"]["influence"] == influence + 1 + gained[-1]["total"]
    # the ward takes its capital back: the regency ends at the next council
    give(g, "jerusalem", "jerusalem", 2)
    g.s["players"]["jerusalem"]["cities"].append("jerusalem")
    run_step(g, "planning_phase")
    assert oaths(g)["regents"] == {}
    assert ("regency_ended", {"player": "jerusalem", "regent": "antioch"}, None) in g.log


# --- cards -----------------------------------------------------------------------------

NEW_DECKS = ("oaths", "rescripts", "spies", "events")


def new_cards():
    base, content = load_content(), load_content(None, SCENARIO)
    for deck in NEW_DECKS:
        for cid, card in getattr(content, deck).items():
            if cid not in getattr(base, deck):
                yield deck, card


def test_the_scenario_adds_16_oaths_16_rescripts_8_spies_and_8_events_all_different():
    cards = list(new_cards())
    assert sorted({d: sum(1 for e, _ in cards if e == d) for d in NEW_DECKS}.items()) == \
        [("events", 8), ("oaths", 16), ("rescripts", 16), ("spies", 8)]
    oaths_ = [c for d, c in cards if d == "oaths"]
    deals = {repr((c.lord, c.vassal, c.tribute, c.betrayal)) for c in oaths_}
    assert len(deals) == 16  # no two oath cards alike
    effects = [repr(c.effect) for d, c in cards if d in ("rescripts", "spies")]
    assert len(set(effects)) == len(effects)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_new_card_has_text_and_a_name_in_both_languages(lang):
    tr = translator(lang)
    for _deck, card in new_cards():
        body = card_text(card, tr)
        assert body and "%(" not in body and card_name(card, tr)
        if lang == "ru":
            assert not any(w in body for w in ("Lord", "Vassal", "Betrayal", "oath", "Raid"))
    assert tr.missing == set()
    text = card_text(load_content(None, SCENARIO).oaths["money_fief"], "en").splitlines()
    assert text == ["Lord: pay 2 coins", "Vassal: gain 4 coins",
                    "Tribute: the vassal pays the lord 2 coins every Income",
                    "Betrayal: gain 2 coins"]


@pytest.mark.parametrize("old,new,message", [
    ("    lord: []\n    vassal: [{op: gain_coins, amount: 2}]\n    tribute: 1\n",
     "    lord: []\n    vassal: []\n    tribute: 0\n", "an oath binds someone"),
    ("    betrayal: [{op: gain_coins, amount: 3}]\n", "    betrayal: [{op: strength, amount: 1}]\n",
     "strength"),
    ("    tribute: 1\n", "    tribute: 9\n", "tribute"),
])
def test_a_broken_oath_card_is_refused_with_its_file_and_line(tmp_path, old, new, message):
    from content_copy import copy_data
    root = copy_data(tmp_path / "data")
    path = root / "cards" / "oaths_vassal.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(root, SCENARIO)
    assert str(info.value).startswith("oaths_vassal.yaml:") and message in str(info.value)
    assert cli(["validate-data", str(root)]) == 1


def test_validate_data_covers_the_scenario_and_its_oath_cards(capsys):
    assert cli(["validate-data"]) == 0
    out = capsys.readouterr().out
    assert "scenario vassal_of_my_vassal (The Vassal of My Vassal): 13 cities; 20 events" in out
    assert "24 spies, 48 rescripts, 16 oath cards" in out


def test_the_oaths_component_and_deck_go_together(tmp_path):
    from content_copy import copy_data
    root = copy_data(tmp_path / "data")
    path = root / "scenarios" / f"{SCENARIO}.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  oaths: {file: oaths_vassal.yaml, count: 16}\n", ""),
                    encoding="utf-8")
    with pytest.raises(ContentError, match=r"vassal_of_my_vassal.yaml:\d+: .*go together"):
        load_content(root, SCENARIO)


# --- random games, bots, saves ------------------------------------------------------------

@pytest.mark.rule("CAMP-S3-01", "CAMP-S3-02", "CAMP-S3-03", "CAMP-S3-04", "CAMP-S3-05")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_every_oath_card(players):
    states = {2: ["tripoli", "antioch"], 3: ALL4[1:], 4: ALL4}[players]
    met = set()
    for seed in (1, 2):
        g = vassal(states, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            check_invariants(g)
            assert all_oath_cards(g) == sorted(g.c.oaths)
            part = oaths(g)
            pairs = [frozenset((o["lord"], o["vassal"])) for o in part["sworn"]]
            assert len(pairs) == len(set(pairs)) and all(len(p) == 2 for p in pairs)
            met.add(g.decision.prompt)
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
        assert any(k == "oath_sworn" for k, _, _ in g.log)
    assert {"offer_oath", "answer_oath"} <= met


def play_to(g, prompt, rnd, limit=4000):
    """Random play until ``prompt`` is asked (None if the game ends first)."""
    for _ in range(limit):
        if g.is_over:
            return None
        if g.decision.prompt == prompt:
            return g
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    return None


def position(prompt):
    """A seeded position asking ``prompt`` with more than one choice."""
    for seed in range(1, 60):
        g = vassal(seed=seed)
        rnd = random.Random(seed)
        if prompt == "choose_oath_to_break":
            swear(g, "oath_of_turbessel", "antioch", "edessa")
            swear(g, "money_fief", "edessa", "tripoli")
            eff(g, "edessa", [{"op": "break_oath", "cost": 0}], own_turn=True)
            return g
        if prompt == "choose_regent":
            lose_capital(g, "jerusalem", "tripoli")
            run_step(g, "planning_phase")
            while g.decision.prompt != "choose_regent":
                g.apply(Action("decline"))
            return g
        found = play_to(g, prompt, rnd)
        if found is not None and len(found.legal_actions()) > 1:
            return found
    raise AssertionError(f"no position asks {prompt}")


@pytest.mark.rule("CAMP-S3-02", "CAMP-S3-04", "CAMP-S3-05")
@pytest.mark.parametrize("prompt", NEW_PROMPTS)
def test_bots_of_every_level_answer_every_new_decision(prompt):
    g = position(prompt)
    for level in LEVELS:
        small = {"iterations": 8, "processes": 1}
        budget = {"hard": {"iterations": 8}, "expert": small, "expert-2026-11": small}
        bot = make_bot(level, **budget.get(level, {}))
        action = decide(bot, g, 3)
        assert action in g.legal_actions(), (level, action)
        det = g.determinize(g.decision.player, 5)
        assert det.view(g.decision.player) == g.view(g.decision.player)


def test_the_bots_policy_is_sensible_about_oaths():
    g = vassal()
    # a cheap oath is accepted rather than refused; an expensive one is not worth more
    hand(g, "edessa", "oath_of_turbessel")
    run_step(g, "swear", player="edessa")
    choose(g, "offer_oath", card="oath_of_turbessel", player="jerusalem")
    cheap = prior(g, "jerusalem", Action("accept_oath"))
    assert cheap > prior(g, "jerusalem", Action("refuse_oath"))
    # breaking an oath with nothing to attack scores below closing the window
    g = vassal()
    swear(g, "oath_of_turbessel", "tripoli", "jerusalem")
    assert prior(g, "jerusalem", Action("break_oath", card="oath_of_turbessel")) < \
        prior(g, "jerusalem", Action("done"))
    # a ward names its own lord regent before a stranger of the same strength
    g = position("choose_regent")
    swear(g, "peace_of_tripoli", "edessa", "jerusalem")
    assert prior(g, "jerusalem", Action("name_regent", player="edessa")) > \
        prior(g, "jerusalem", Action("name_regent", player="antioch")) - 0.1


@pytest.mark.rule("CAMP-S3-02")
def test_novice_and_normal_bots_play_the_scenario_through_and_it_saves_midway():
    g = vassal(["edessa", "antioch"], seed=4)
    bots = {"edessa": make_bot("novice"), "antioch": make_bot("normal")}
    rnd = random.Random(1)
    seen, saved = set(), None
    while not g.is_over:
        d = g.decision
        seen.add(d.prompt)
        if saved is None and oaths(g)["sworn"] and g.s["round"] >= 2:
            saved = g.to_json()
            back = Game.from_json(saved)
            assert back.rules.id == SCENARIO and back.state_json() == g.state_json()
            assert back.view("edessa") == g.view("edessa")
        g.apply(d.actions[0] if len(d.actions) == 1 else decide(bots[d.player], g,
                                                                rnd.randrange(10**6)))
    assert "offer_oath" in seen and "answer_oath" in seen
    back = Game.from_json(g.to_json())
    assert back.state_json() == g.state_json() and back.is_over


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_simulate_plays_the_scenario_for_every_player_count(players, capsys):
    assert cli(["simulate", "--scenario", SCENARIO, "--players", players, "--games", "1",
                "--seed", "3"]) == 0
    assert f"({players} players, scenario {SCENARIO})" in capsys.readouterr().out


@pytest.mark.rule("CAMP-S3-03", "CAMP-S3-04")
def test_the_evaluation_counts_tribute_to_come_and_the_price_of_perjury():
    from krestonostsy.ai.evaluation import COIN, HAND_WEIGHTS, OATH_PEACE, values
    g = vassal()
    before = values(g, "edessa", HAND_WEIGHTS)
    swear(g, "money_fief", "tripoli", "jerusalem")  # tribute 2, terms: -2 / +4 coins
    after = values(g, "edessa", HAND_WEIGHTS)
    rounds_left = g.rules.last_round
    stream = COIN * 2 * rounds_left
    assert after["tripoli"] - before["tripoli"] == pytest.approx(stream - 2 * COIN)
    assert after["jerusalem"] - before["jerusalem"] == pytest.approx(
        -stream + OATH_PEACE + 4 * COIN)
    g.s["players"]["jerusalem"]["influence"] = 2
    eff(g, "jerusalem", [{"op": "break_oath"}], own_turn=True)
    choose(g, "break_oath", card="money_fief")
    broken = values(g, "edessa", HAND_WEIGHTS)
    # the breaker's perjury counts against it even where its influence is hidden
    assert broken["jerusalem"] - after["jerusalem"] == pytest.approx(
        stream - OATH_PEACE - 2 + 2 * COIN)
