"""Where the campaign's rules meet the base rules (issue 31 §7, docs/campaign.md §4 "Readings"):
the piety nickname's sanctity moves the piece by the sanctity rules (CAMP-05 with PRAY-04
and TURN-04), and the three places the campaign's text left open — the fief when the best
city cannot be kept (CAMP-06), a shared last place (CAMP-08), the settlers after a capital
moved (CAMP-S1-02)."""
from __future__ import annotations

import pytest
from helpers import halted, run_step

from krestonostsy.campaign.carry import carry_over
from krestonostsy.engine import Game
from krestonostsy.engine.cities import lose_city

QUALITY_ORDER = ("piety", "prudence", "leadership", "belligerence", "moderation")


def nicknames_with_piety(states: list[str], pious: str) -> dict:
    """``pious`` is named for its piety, the others for other qualities."""
    others = iter(QUALITY_ORDER[1:])
    return {x: "piety" if x == pious else next(others) for x in states}


def carried(data, states, scenario, next_scenario, place=None, nicknames=None, edit=None):
    """carry_over from a game of ``scenario`` (``edit`` changes it first) into
    ``next_scenario``: (starting, reasons, the next game at its set-up)."""
    g = Game.new(states, seed=5, scenario=data.rules(scenario))
    if edit is not None:
        edit(g)
    place = place or {x: i + 1 for i, x in enumerate(states)}
    nicknames = nicknames or nicknames_with_piety(states, states[0])
    next_rules = data.rules(next_scenario)
    starting, reasons = carry_over(g, place, nicknames, data, next_rules)
    after = Game.new(states, seed=6, scenario=next_rules.with_starting(starting))
    return starting, reasons, after


@pytest.mark.rule("CAMP-05", "PRAY-04", "TURN-04")
@pytest.mark.parametrize("states, pious, cell", [
    # crest cells: Jerusalem 3, Tripoli 2, Edessa 1, Antioch 0; automa pieces on 19, 18
    (["jerusalem", "tripoli", "antioch"], "antioch", 4),  # 0 → 1, jumps 2 and 3 → 4
    (["jerusalem", "tripoli", "edessa", "antioch"], "edessa", 5),  # 1 → jumps 2, 3 → 4, 5
    (["jerusalem", "tripoli", "edessa", "antioch"], "antioch", 5),  # 0 → jumps 1–3 → 4, 5
    (["jerusalem", "tripoli", "edessa", "antioch"], "jerusalem", 5),  # nothing to jump
    (["antioch", "edessa"], "antioch", 3),  # 0 → jumps Edessa's 1 → 2, 3
])
def test_the_piety_nickname_moves_the_piece_by_the_sanctity_rules_never_onto_a_piece(
        all_chapter_data, states, pious, cell):
    """The "+2 sanctity" is two points of movement from the start cell: occupied cells
    (the other states' and the automa's pieces) cost nothing, so the piece never ends on
    an occupied cell and the turn order is strict. It used to add 2 to the cell number:
    Antioch the Pilgrim started on Tripoli's cell 2, Edessa the Pilgrim on Jerusalem's 3."""
    starting, reasons, after = carried(
        all_chapter_data, states, "chronicle_beginning", "levantine_merchants",
        nicknames=nicknames_with_piety(states, pious))
    assert starting[pious]["sanctity"] == cell
    assert ["CAMP-05", "piety"] in reasons[pious]
    track = after.s["sanctity"]
    assert track[pious] == cell
    assert len(set(track.values())) == len(track)  # one piece per cell
    assert all("sanctity" not in starting.get(x, {}) for x in states if x != pious)


@pytest.mark.rule("CAMP-06")
def test_when_the_best_city_cannot_be_kept_the_next_best_is_the_fief(all_chapter_data):
    """Reading: the fief is the best city the state *can* keep — Aleppo at level III is
    Zengi's in «Восход полумесяца» (it starts with 4 Saracens), so Edessa keeps Turbessel
    (level I); with nothing else held, no fief."""
    states = ["jerusalem", "tripoli", "edessa", "antioch"]

    def holds(*cities):
        def edit(g):
            for cid, level in cities:
                g.s["cities"][cid].update(level=level, units={"edessa": 1})
                g.s["players"]["edessa"]["cities"].append(cid)
        return edit

    starting, reasons, after = carried(all_chapter_data, states, "vassal_of_my_vassal",
                                       "rise_of_the_crescent",
                                       edit=holds(("aleppo", 3), ("turbessel", 1)))
    assert starting["edessa"]["cities"] == {"turbessel": 1}
    assert ["CAMP-06", "turbessel"] in reasons["edessa"]
    assert after.s["cities"]["turbessel"]["units"] == {"edessa": 1}
    assert after.s["cities"]["aleppo"]["units"] == {"saracen": 4}
    starting, reasons, _after = carried(all_chapter_data, states, "vassal_of_my_vassal",
                                        "rise_of_the_crescent", edit=holds(("aleppo", 3)))
    assert "cities" not in starting.get("edessa", {})
    assert not any(rule == "CAMP-06" for rule, _ in reasons["edessa"])


@pytest.mark.rule("CAMP-08")
def test_every_state_sharing_the_last_place_is_consoled_and_nobody_when_all_share_it(
        all_chapter_data):
    """Reading: the consolation goes to each state in the last place, shared or not; when
    every state shares one place nobody is behind and nobody is consoled."""
    states = ["jerusalem", "tripoli", "edessa"]
    consolation = all_chapter_data.last_place
    _s, alone, _g = carried(all_chapter_data, states, "chronicle_beginning",
                            "levantine_merchants",
                            place={"jerusalem": 1, "tripoli": 2, "edessa": 3})
    _s, shared, after = carried(all_chapter_data, states, "chronicle_beginning",
                                "levantine_merchants",
                                place={"jerusalem": 1, "tripoli": 2, "edessa": 2})
    _s, level, _g = carried(all_chapter_data, states, "chronicle_beginning",
                            "levantine_merchants",
                            place={"jerusalem": 1, "tripoli": 1, "edessa": 1})

    def consoled(reasons):
        return {x for x, why in reasons.items() if any(r == "CAMP-08" for r, _ in why)}

    assert consoled(alone) == {"edessa"}
    assert consoled(shared) == {"tripoli", "edessa"}
    assert consoled(level) == set()
    plain = Game.new(states, seed=6, scenario=all_chapter_data.rules("levantine_merchants"))
    nick = nicknames_with_piety(states, states[0])
    for x in states:
        gained = after.s["players"][x]["coins"] - plain.s["players"][x]["coins"]
        advantage = all_chapter_data.nickname_advantage[nick[x]].get("coins", 0)
        assert gained == advantage + (consolation["coins"] if x != "jerusalem" else 0)


@pytest.mark.rule("CAMP-S1-02", "CAPITAL-04")
def test_settlers_go_to_the_capital_a_state_moved_to_not_the_printed_one(all_chapter_data):
    """Reading: "its capital" is the capital the state has now (CAPITAL-04 moves it, and
    every capital effect follows it, CAPITAL-02): Edessa lost Edessa and made Turbessel
    its capital, so its settlers come to Turbessel."""
    g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=2,
                 scenario=all_chapter_data.rules("chronicle_beginning"))
    s = g.s
    s["cities"]["turbessel"]["units"] = {"edessa": 2}
    s["players"]["edessa"]["cities"].append("turbessel")
    g.s["stack"] = [{"s": "halt"}]
    lose_city(g, "edessa", "edessa", by=None)
    g._advance()
    if g.decision.prompt == "choose_capital":
        g.apply(next(a for a in g.legal_actions() if a.get("city") == "turbessel"))
    assert s["players"]["edessa"]["cities"][0] == "turbessel"
    printed = dict(s["cities"]["edessa"]["units"])
    run_step(g, "income_phase")
    while not halted(g):
        g.apply(g.legal_actions()[0])
    settled = {p["player"]: p["city"] for k, p, _ in g.log if k == "settlers_arrived"}
    assert settled["edessa"] == "turbessel"
    assert s["cities"]["turbessel"]["units"]["edessa"] == 3
    assert s["cities"]["edessa"]["units"] == printed
