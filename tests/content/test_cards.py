"""The shipped card content: it loads, has the full counts, uses only the vocabulary and
matches every named card and worked example of the rulebook."""
from __future__ import annotations

import re

import pytest

from krestonostsy.content.loader import load_content
from krestonostsy.content.vocabulary import COLOURS, METRICS, OPS, ORDER_FACTS, TRIGGERS

STATES = ("jerusalem", "tripoli", "edessa", "antioch")
DECKS = ("events", "buildings", "tactics", "saracens", "governors", "bulls", "spies", "rescripts")


@pytest.fixture(scope="module")
def content():
    return load_content()


def all_cards(content):
    for deck in DECKS:
        yield from getattr(content, deck).values()
    yield content.homs


def effects_of(card):
    """Every effect (list of ops) printed on a card."""
    for attr in ("effect",):
        if getattr(card, attr, None):
            yield getattr(card, attr)
    for half in ("top", "bottom"):
        ability = getattr(card, half, None)
        if ability is not None:
            yield ability.effect
    for row in getattr(card, "raid_table", ()):
        yield row.effect


def walk_ops(effect):
    for op in effect:
        yield op
        if op["op"] == "choose":
            for option in op["options"]:
                yield from walk_ops(option)
        for key in ("then", "else"):
            if key in op:
                yield from walk_ops(op[key])


def amount_value(amount, counts=None):
    if isinstance(amount, int):
        return amount
    return amount["base"] + amount["each"] * (counts or {}).get(amount["per"], 0)


def governor_influence(scoring, count, leader=False):
    """The Income-phase formula documented on models.Governor."""
    if "tiers" in scoring:
        return max([i for at, i in scoring["tiers"] if count >= at], default=0)
    if scoring.get("leader"):
        return scoring["influence"] if leader and count >= 1 else 0
    value = scoring["influence"] * (count // scoring["per"])
    return min(value, scoring.get("max", value))


# ---------------------------------------------------------------------------- counts
def test_shipped_content_loads_with_full_counts(content):
    for deck in DECKS:
        assert len(getattr(content, deck)) == content.scenario.decks[deck].count, deck
    assert content.homs is not None and content.homs.id == "homs_card"
    assert re.fullmatch(r"[0-9a-f]{12}", content.version)


def test_version_is_stable_and_follows_the_bytes(tmp_path, content):
    import shutil

    from krestonostsy.resources import data_dir

    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    assert load_content(copy).version == content.version
    path = copy / "cards" / "homs.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert load_content(copy).version != content.version


def test_ids_are_unique_lowercase_and_names_unique(content):
    ids, names, flavours = [], [], []
    for card in all_cards(content):
        ids.append(card.id)
        names.append(card.name)
        flavours.append(card.flavour)
        assert re.fullmatch(r"[a-z][a-z0-9_]*", card.id)
        assert card.flavour, card.id
    assert len(ids) == len(set(ids))
    assert len(names) == len(set(names)), "two cards share a name"
    assert len(flavours) == len(set(flavours)), "two cards share a flavour text"


def test_every_op_metric_and_trigger_is_in_the_vocabulary(content):
    used = set()
    for card in all_cards(content):
        for effect in effects_of(card):
            for op in walk_ops(effect):
                assert op["op"] in OPS, (card.id, op)
                spec = OPS[op["op"]]
                allowed = {p for p in spec.params} | {"op"}
                assert set(op) <= allowed, (card.id, op)
                used.add(op["op"])
                amount = op.get("amount")
                if isinstance(amount, dict):
                    assert amount["per"].partition(":")[0] in METRICS
                if "metric" in op:
                    assert op["metric"].partition(":")[0] in METRICS
        trigger = getattr(card, "trigger", None)
        if trigger:
            assert trigger["on"] in TRIGGERS
            assert set(trigger.get("min", {})) <= set(ORDER_FACTS)
    # the content exercises most of the vocabulary
    assert len(used) >= 30


# ------------------------------------------------------------------------- setup rules
@pytest.mark.rule("SETUP-07", "GLOSS-16")
def test_level_is_the_number_of_goods(content):
    for card in list(content.tactics.values()) + list(content.buildings.values()):
        assert card.level == len(card.cost)
    for r in content.rescripts.values():
        assert r.level == len(r.goods)


@pytest.mark.rule("SETUP-06", "BUILD-10", "BLDG-04")
def test_bazaar_is_a_free_level_0_building_used_at_any_time(content):
    bazaar = content.buildings["bazaar"]
    assert bazaar.level == 0 and bazaar.deck == "buildings_0" and bazaar.name == "Bazaar"
    assert bazaar.trigger == {"on": "anytime"}
    (pay,) = bazaar.effect
    assert pay["op"] == "pay_for" and len(pay["cost"]) == 1  # paid with 1 good (EX-RESCRIPT-1)
    # a trade, not a money-maker: a coin standing in for the good (BUILD-05) buys a good
    # back, never more coins than were paid (issue 9 §6)
    assert [op["op"] for op in pay["then"]] == ["restore_goods"]


@pytest.mark.rule("SETUP-06", "SETUP-08", "SETUP-09", "GLOSS-06")
def test_building_decks_fill_their_markets(content):
    decks = {}
    for b in content.buildings.values():
        decks.setdefault(b.deck, []).append(b)
    assert set(decks) == {"buildings_0", "buildings_12", "buildings_34"}
    assert len(decks["buildings_34"]) >= 3 + 1
    assert len(decks["buildings_12"]) >= 5 + 3
    assert all(b.level == 4 for b in decks["buildings_34"])


@pytest.mark.rule("SETUP-11", "SETUP-36", "TACTIC-03")
def test_starting_tactics_five_per_state_and_colourless(content):
    for state in STATES:
        mine = [t for t in content.tactics.values() if t.starting == state]
        assert len(mine) == content.scenario.decks["tactics"].extra["starting_per_state"]
        assert all(t.level == 0 and t.colours == () for t in mine)


@pytest.mark.rule("SETUP-12", "SETUP-13", "GLOSS-06")
def test_tactic_markets_have_enough_cards(content):
    high = [t for t in content.tactics.values() if t.deck == "tactics_34"]
    low = [t for t in content.tactics.values() if t.deck == "tactics_12"]
    assert len(high) >= 3 + 3 and len(low) >= 5 + 5
    assert len(high) + len(low) + 20 == content.scenario.decks["tactics"].count


@pytest.mark.rule("TACTIC-03")
def test_level_iv_tactics_are_two_coloured(content):
    for t in content.tactics.values():
        if t.level == 4:
            assert len(t.colours) == 2, t.id


@pytest.mark.rule("SETUP-16", "SETUP-40", "GOV-02")
def test_one_starting_governor_per_state(content):
    starting = {g.starting: g.id for g in content.governors.values() if g.starting}
    assert starting == {"jerusalem": "baldwin_of_jerusalem", "edessa": "baudouin_de_bourcq",
                        "tripoli": "bertrand_of_toulouse", "antioch": "bohemond_of_taranto"}


@pytest.mark.rule("SETUP-03", "EVENT-01", "RAID-09")
def test_every_raid_table_covers_every_difference(content):
    for event in content.events.values():
        for diff in range(1, 40):
            event.raid_result(diff)
        assert event.raid_table[0].low == 1 and event.raid_table[-1].high is None
        assert event.timing in ("immediate", "each_player", "round")
        if event.timing == "round":
            assert event.modifiers
        else:
            assert event.effect


# ---------------------------------------------------------------------- worked examples
@pytest.mark.rule("EX-RAID-1")
def test_ex_raid_1_difference_4_discards_2_units(content):
    hits = [e for e in content.events.values()
            if e.raid_result(4).effect == ({"op": "discard_units", "amount": 2},)]
    assert hits, "no event discards 2 units at difference 4"
    assert content.events["field_of_blood"] in hits


@pytest.mark.rule("EX-INCOME-1", "GOV-06", "GOV-08")
def test_ex_income_1_governors(content):
    g = content.governors
    assert g["baldwin_of_jerusalem"].scoring["metric"] == "goods:white"
    assert governor_influence(g["baldwin_of_jerusalem"].scoring, 1) == 1
    assert g["galeran"].scoring["metric"] == "city_levels"
    assert governor_influence(g["galeran"].scoring, 5) == 2
    assert g["fulk_of_anjou"].scoring["metric"] == "units_on_map"
    assert governor_influence(g["fulk_of_anjou"].scoring, 8) == 1
    # 1 + 2 + 1 from governors, + 2 holy lands = 6
    total = sum(governor_influence(g[k].scoring, n) for k, n in
                (("baldwin_of_jerusalem", 1), ("galeran", 5), ("fulk_of_anjou", 8)))
    assert total + 2 == 6


@pytest.mark.rule("GOV-06", "GOV-07", "GOV-08")
def test_named_governors_count_what_the_rules_say(content):
    g = content.governors
    for gid in ("fulk_of_anjou", "richard_of_salerno"):
        assert g[gid].scoring["metric"] == "units_on_map"
    for gid in ("arnulf_de_rohes", "melisende_of_jerusalem"):
        assert g[gid].scoring["metric"] == "bishops_on_map"
    colours = set()
    for gid in ("pons_de_saint_gilles", "romain_de_puy", "joscelin_de_courtenay",
                "roger_de_principato"):
        metric, _, colour = g[gid].scoring["metric"].partition(":")
        assert metric == "tactics_in_hand" and colour in COLOURS
        colours.add(colour)
    assert len(colours) == 4
    for gid in ("baldwin_of_jerusalem", "baudouin_de_bourcq", "bertrand_of_toulouse",
                "bohemond_of_taranto", "raynald_mazoir"):
        assert g[gid].scoring["metric"].partition(":")[0] == "goods"
    names = {x.name for x in g.values()}
    assert {"Baldwin of Jerusalem", "Galeran", "Fulk of Anjou", "Richard of Salerno",
            "Arnulf de Rohes", "Melisende of Jerusalem", "Pons de Saint-Gilles", "Romain de Puy",
            "Joscelin de Courtenay", "Roger de Principato", "Baudouin de Bourcq",
            "Bertrand of Toulouse", "Bohemond of Taranto", "Raynald"} <= names


@pytest.mark.rule("EX-TACTIC-1", "TACTIC-02")
def test_ex_tactic_1_baldwins_defence(content):
    card = content.tactics["baldwins_defence"]
    assert card.name == "Baldwin's defence" and card.level == 4
    assert card.colours == ("blue", "white")
    played = {"tactics_played:white": 2, "tactics_played:blue": 2}
    (top,) = card.top.effect
    (bottom,) = card.bottom.effect
    assert top["op"] == "strength" and amount_value(top["amount"], played) == 7
    assert bottom["op"] == "smash" and amount_value(bottom["amount"], played) == 5
    assert content.tactics["flame_of_faith"].colours == ("white",)
    assert content.tactics["flower_of_chivalry"].colours == ("blue",)


@pytest.mark.rule("EX-BATTLE-1", "BATTLE-09", "BATTLE-25")
def test_ex_battle_1_apamean_archers_and_fiery_volley(content):
    archers = content.saracens["apamean_archers"]
    assert archers.top.effect == ({"op": "strength", "amount": 2}, {"op": "rout", "amount": 2})
    assert archers.bottom.end_of_battle
    assert archers.bottom.effect[0]["op"] == "casualties"
    volley = content.tactics["fiery_volley"]
    assert {"op": "strength", "amount": 2} in volley.top.effect
    assert {"op": "destroy_city"} in volley.top.effect
    assert volley.bottom.effect == ({"op": "smash", "amount": 2},)
    # the marker moves 4 for the archers' top half (2 strength + rout 2), 3 for the volley
    assert sum(amount_value(op["amount"]) for op in archers.top.effect) == 4


@pytest.mark.rule("EX-MUSTER-1")
def test_ex_muster_1_cards(content):
    t = content.tactics
    assert t["treacherous_bribe"].level + t["scorched_earth"].level == 3
    assert t["treacherous_bribe"].deck == t["scorched_earth"].deck == "tactics_12"
    edessa = {x.name for x in t.values() if x.starting == "edessa"}
    assert {"Battle baptism", "Reinforcement"} <= edessa


@pytest.mark.rule("EX-BUILD-1")
def test_ex_build_1_castle_chapels(content):
    b = content.buildings["castle_chapels"]
    assert b.level == 2 and b.trigger == {"on": "after_order", "order": "prayer"}
    assert b.effect == ({"op": "bishop_actions", "amount": 1, "only": "train"},)


@pytest.mark.rule("EX-BLDG-1")
def test_ex_bldg_1_tiltyards(content):
    b = content.buildings["tiltyards"]
    assert b.trigger == {"on": "after_order", "order": "march"}
    assert b.effect == ({"op": "gain_coins", "amount": 2},)


@pytest.mark.rule("EX-BLDG-2", "BLDG-05")
def test_ex_bldg_2_warehouses(content):
    b = content.buildings["warehouses"]
    assert b.level >= 1 and b.trigger == {"on": "after_order", "order": "build"}
    assert b.effect == ({"op": "restore_goods", "amount": 2},)


@pytest.mark.rule("EX-BLDG-3", "BLDG-06")
def test_ex_bldg_3_training_ground_and_level_iv_buildings(content):
    b = content.buildings["training_ground"]
    assert b.level == 4 and len(b.colours) == 2
    assert b.trigger == {"on": "after_order", "order": "muster", "min": {"hired": 4}}
    assert b.effect == ({"op": "extra_order", "order": "march"},)
    granted = set()
    for card in content.buildings.values():
        if card.level == 4:
            assert len(card.colours) == 2, card.id
            assert card.effect[0]["op"] == "extra_order"
            granted.add(card.effect[0]["order"])
    assert granted == {"build", "prayer", "muster", "march"}


@pytest.mark.rule("EX-RESCRIPT-1", "RESCRIPT-01", "RESCRIPT-04")
def test_ex_rescript_1_letter_of_protection(content):
    r = content.rescripts["letter_of_protection"]
    assert r.timing == "battle" and r.goods == ("yellow",) and r.level == 1
    assert r.effect == ({"op": "prevent_destruction"},)
    levels = [x.level for x in content.rescripts.values()]
    assert set(levels) == {1, 2}


@pytest.mark.rule("BULL-04")
def test_bulls_have_two_tiered_goals(content):
    for bull in content.bulls.values():
        assert len(bull.goals) == 2
        for goal in bull.goals:
            ats = [at for at, _ in goal.tiers]
            assert ats == sorted(ats)


@pytest.mark.rule("SPY-06")
def test_spies_trigger_on_the_opponents_actions(content):
    for spy in content.spies.values():
        assert spy.trigger["on"] in ("after_order", "after_battle")


@pytest.mark.rule("BATTLE-15", "BATTLE-18")
def test_casualties_only_at_the_end_of_battle_and_at_most_2(content):
    for card in list(content.tactics.values()) + list(content.saracens.values()):
        for ability in (card.top, card.bottom):
            for op in walk_ops(ability.effect):
                if op["op"] == "casualties":
                    assert ability.end_of_battle and op["amount"] <= 2, card.id
