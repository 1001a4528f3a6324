"""End of the game and final scoring (END-01..04, SCORE-01/02, BULL-04, §14.11, §14.17,
§14.32), plus :func:`metric`, every counter of ``vocabulary.METRICS``.
"""
from __future__ import annotations

from . import board as B
from .flow import Step, step
from .state import SARACEN
from .table import Table

HEGEMONY_CITIES = 4  # END-01.1, §14.11: 4 or more
RIGHTEOUSNESS_LANDS = 5  # END-01.2, §14.11: 5 or more
CONDITION_BONUS = 8  # SCORE-01.2
COINS_PER_INFLUENCE = 4  # SCORE-01.3


# --- holy lands (BISHOP-02) ------------------------------------------------------------------

def bishop_totals(g: Table, city: str) -> dict:
    totals: dict = {}
    for owner, level, _no in g.s["cities"][city]["bishops"]:
        totals[owner] = totals.get(owner, 0) + level
    return totals


def holy_land_owner(g: Table, city: str) -> str | None:
    """BISHOP-02: the player whose total bishop level beats everyone else's; a tie: none."""
    totals = bishop_totals(g, city)
    if not totals:
        return None
    best = max(totals.values())
    leaders = [o for o, v in totals.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


def holy_land_owners(g: Table) -> dict[str, str]:
    """:func:`holy_land_owner` of every existing city at once: {city: owner}, in the map's
    order, without the cities that have no bishop or a tie."""
    out: dict[str, str] = {}
    for cid, c in g.s["cities"].items():
        if c["bishops"] and not c.get("removed"):
            owner = holy_land_owner(g, cid)
            if owner is not None:
                out[cid] = owner
    return out


def holy_lands(g: Table, player: str) -> list[str]:
    """The player's holy lands (BISHOP-02), in the map's order."""
    return [cid for cid, owner in holy_land_owners(g).items() if owner == player]


def holy_land_counts(g: Table) -> dict[str, int]:
    """{player: how many holy lands}, for every player that has one."""
    counts: dict[str, int] = {}
    for owner in holy_land_owners(g).values():
        counts[owner] = counts.get(owner, 0) + 1
    return counts


# --- metrics (vocabulary.METRICS) -------------------------------------------------------------

def _colours(g: Table, card: str) -> tuple:
    try:
        return g.c.card(card).colours
    except (KeyError, AttributeError):
        return ()


def _level(g: Table, card: str) -> int:
    try:
        return len(g.c.card(card).cost)
    except (KeyError, AttributeError):
        return 0


METRICS: dict = {}
"""metric name (content/vocabulary.py ``METRICS``) -> ``fn(g, player, p, colour)``: its
value for ``player`` (``p`` the player's dict, ``colour`` the ``:colour`` part or None).
A plain table: a ruleset may overlay it."""


def _metric(name: str):
    def deco(fn):
        METRICS[name] = fn
        return fn
    return deco


def metric(g: Table, player: str, name: str) -> int:
    """The value of a vocabulary metric (``name`` or ``name:colour``) for ``player``."""
    base, _, colour = name.partition(":")
    fn = METRICS.get(base)
    if fn is None:
        raise KeyError(f"unknown metric {name!r}")
    return fn(g, player, g.s["players"][player], colour or None)


@_metric("goods")
def _goods(g: Table, player, p, colour):
    return B.goods_total(g, player, colour)


@_metric("ready_goods")
def _ready_goods(g: Table, player, p, colour):
    return B.ready_goods(g, player, colour)


@_metric("units_on_map")
def _units_on_map(g: Table, player, p, colour):
    return B.units_on_map(g, player)


@_metric("bishops_on_map")
def _bishops_on_map(g: Table, player, p, colour):
    return sum(1 for c in g.s["cities"].values() for b in c["bishops"] if b[0] == player)


@_metric("bishop_levels_on_map")
def _bishop_levels_on_map(g: Table, player, p, colour):
    return sum(b[1] for c in g.s["cities"].values() for b in c["bishops"] if b[0] == player)


@_metric("cities")
def _cities(g: Table, player, p, colour):
    return len(p["cities"])


@_metric("city_levels")
def _city_levels(g: Table, player, p, colour):
    return sum(g.s["cities"][c]["level"] for c in p["cities"])


@_metric("capital_level")
def _capital_level(g: Table, player, p, colour):
    return g.s["cities"][p["cities"][0]]["level"] if p["cities"] else 0


@_metric("central_cities")
def _central_cities(g: Table, player, p, colour):
    return sum(1 for c in p["cities"] if g.c.board.cities[c].kind == "central")


@_metric("holy_lands")
def _holy_lands(g: Table, player, p, colour):
    return len(holy_lands(g, player))


@_metric("buildings")
def _buildings(g: Table, player, p, colour):
    return sum(1 for b in p["buildings"] if not colour or colour in _colours(g, b["card"]))


@_metric("tactics_in_hand")
def _tactics_in_hand(g: Table, player, p, colour):
    return sum(1 for t in p["tactics"] if not colour or colour in _colours(g, t))


@_metric("high_tactics_in_hand")
def _high_tactics_in_hand(g: Table, player, p, colour):
    return sum(1 for t in p["tactics"] if _level(g, t) >= 3)


@_metric("coins")
def _coins(g: Table, player, p, colour):
    return p["coins"]


@_metric("rescripts")
def _rescripts(g: Table, player, p, colour):
    return len(p["rescripts"])


@_metric("spies_active")
def _spies_active(g: Table, player, p, colour):
    return len(p["spies"])


@_metric("governors")
def _governors(g: Table, player, p, colour):
    return sum(1 for c in p["cities"] if g.s["cities"][c].get("governor"))


@_metric("sanctity_rank")
def _sanctity_rank(g: Table, player, p, colour):
    return 4 - B.turn_order(g).index(player)


@_metric("tactics_played")
def _tactics_played_metric(g: Table, player, p, colour):
    return _tactics_played(g, colour)


@_metric("units_in_battle")
def _units_in_battle(g: Table, player, p, colour):
    bt = g.s.get("battle")
    return B.units(g, bt["city"], player) if bt else 0


@_metric("saracen_cities_adjacent")
def _saracen_cities_adjacent(g: Table, player, p, colour):
    mine = set(p["cities"])
    near = set()
    for c in mine:
        for n in B.adjacent(g, c):
            if n not in mine and B.controller(g, n) == SARACEN:
                near.add(n)
    return len(near)


@_metric("warlord_adjacent")
def _warlord_adjacent(g: Table, player, p, colour):
    """CAMP-S4-06: the player's cities next to the warlord's city (0 without him, or
    while he is off the map)."""
    lord = (g.s.get("components") or {}).get("warlord")
    if lord is None or lord["city"] is None:
        return 0
    near = B.adjacent(g, lord["city"])
    return sum(1 for c in p["cities"] if c in near)


def _tactics_played(g: Table, colour) -> int:
    """TACTIC-02, §14.22: face-up tactics played in this battle, both sides."""
    bt = g.s.get("battle") or {}
    n = 0
    for slot in bt.get("slots", []):
        card = slot.get("card") if isinstance(slot, dict) else slot
        if not card or (isinstance(slot, dict) and slot.get("face_up") is False):
            continue
        if not colour or colour in _colours(g, card):
            n += 1
    return n


def goods_with_spices(g: Table, player: str, name: str, spices: int) -> int:
    """A colour-specific goods metric with ``spices`` spices counted as that colour
    (HOMS-02, GOV-09, GLOSS-17)."""
    value = metric(g, player, name)
    base, _, colour = name.partition(":")
    if base in ("goods", "ready_goods") and colour and colour != "green":
        value += spices
    return value


def spices_held(g: Table, player: str) -> int:
    return B.goods_total(g, player, "green")


# --- end and scoring -----------------------------------------------------------------------------

def end_conditions(g: Table) -> list:
    """END-01/02: the conditions met now (checked at the end of a round only)."""
    s = g.s
    met = []
    players = s["players"]
    if any(len(players[x]["cities"]) >= HEGEMONY_CITIES for x in s["states"]):
        met.append("hegemony")
    lands = holy_land_counts(g)
    if any(lands.get(x, 0) >= RIGHTEOUSNESS_LANDS for x in s["states"]):
        met.append("righteousness")
    if any(players[x]["eliminated"] or not players[x]["cities"] for x in s["states"]):
        met.append("defeat")
    if s["round"] >= g.rules.last_round or (g.c.events and not s["decks"]["events"]):
        met.append("era")
    return met


def bull_score(g: Table, player: str) -> int:
    """BULL-04, §14.17: the single best goal met (best tier of each goal)."""
    bull = g.s["players"][player].get("bull")
    if not bull or bull not in g.c.bulls:
        return 0
    spices = spices_held(g, player)
    best = 0
    for goal in g.c.bulls[bull].goals:
        value = goods_with_spices(g, player, goal.metric, spices)
        for at_least, influence in goal.tiers:
            if value >= at_least:
                best = max(best, influence)
    return best


def final_scores(g: Table) -> dict:
    """SCORE-01 for every player (§14.32: eliminated players score too)."""
    scores = {}
    lands = holy_land_counts(g)
    for x in g.s["states"]:
        p = g.s["players"][x]
        hegemony = CONDITION_BONUS if len(p["cities"]) >= HEGEMONY_CITIES else 0
        righteous = CONDITION_BONUS if lands.get(x, 0) >= RIGHTEOUSNESS_LANDS else 0
        row = {"influence": p["influence"], "bull": bull_score(g, x), "hegemony": hegemony,
               "righteousness": righteous, "coins": p["coins"] // COINS_PER_INFLUENCE}
        row["total"] = sum(row.values())
        scores[x] = row
    return scores


# Where a state's influence came from (the scoring screen's "where from"): each log
# entry that changes influence, by its key, and the part of the entry that says how much.
# A test checks on whole games of every scenario that these add up to the final influence,
# so a new way to gain or lose influence must be named here.
INFLUENCE_SOURCES = ("start", "governors", "holy_lands", "cards", "trade", "regency",
                     "oaths", "fall")
_INFLUENCE_ENTRIES = {
    # income: {governors, holy_lands, total}; a card's effect: {n}
    "influence_gained": lambda e: ({"governors": e["governors"], "holy_lands": e["holy_lands"]}
                                   if "n" not in e else {"cards": e["n"]}),
    "trade_privileges": lambda e: {"trade": e["n"]},
    "regency_influence": lambda e: {"regency": e["n"]},
    "oath_broken": lambda e: {"oaths": -e["cost"]},
    "fall_influence_lost": lambda e: {"fall": -e["n"]},
}


def influence_changes(g: Table):
    """Every change of a state's influence in the game, in order: ``(round, state, source,
    n)`` (``round`` 0 before the first round; ``source`` one of ``INFLUENCE_SOURCES``), the
    starting influence (a campaign's carry-over) first. Read from the whole log, so it is for
    the end of the game, when influence is revealed (SCORE-01)."""
    starting = g.rules.setup.starting
    for x in g.s["states"]:
        yield 0, x, "start", int(starting[x].get("influence", 0) if x in starting else 0)
    rnd = 0
    for key, params, _visibility in g.log:
        if key == "round_started":
            rnd = int(params.get("round") or 0)
            continue
        split = _INFLUENCE_ENTRIES.get(key)
        if split is None or params.get("player") not in g.s["players"]:
            continue
        for source, n in split(params).items():
            yield rnd, params["player"], source, int(n or 0)


def influence_sources(g: Table) -> dict[str, dict[str, int]]:
    """Each state's influence split by where it came from (``INFLUENCE_SOURCES``): the
    starting influence, the Income phase's governors and holy lands, cards' effects, and the
    campaign scenarios' own sources and losses; the parts add up to each state's influence."""
    out = {x: dict.fromkeys(INFLUENCE_SOURCES, 0) for x in g.s["states"]}
    for _rnd, x, source, n in influence_changes(g):
        out[x][source] += n
    return out


def influence_by_round(g: Table) -> dict[str, list[int]]:
    """Each state's influence before the first round and at the end of each round played:
    ``[start, after round 1, …]``; the last value is the influence scored (what the game's
    end adds, e.g. trade privileges, counts in the last round)."""
    rounds = max([0] + [int(p.get("round") or 0) for k, p, _v in g.log
                        if k == "round_started"])
    out = {x: [0] * (rounds + 1) for x in g.s["states"]}
    for rnd, x, _source, n in influence_changes(g):
        for r in range(max(rnd, 0), rounds + 1):
            out[x][r] += n
    return out


def rank(g: Table, scores: dict) -> tuple:
    """SCORE-02: (winner, tiebreak used: None | "conditions" | "sanctity")."""
    pos = g.s["sanctity"]

    def conds(x):
        return (scores[x]["hegemony"] > 0) + (scores[x]["righteousness"] > 0)

    best = max(scores[x]["total"] for x in scores)
    tied = [x for x in scores if scores[x]["total"] == best]
    if len(tied) == 1:
        return tied[0], None
    top = max(conds(x) for x in tied)
    tied2 = [x for x in tied if conds(x) == top]
    if len(tied2) == 1:
        return tied2[0], "conditions"
    return max(tied2, key=lambda x: pos[x]), "sanctity"


@step
class Scoring(Step):
    """SCORE-01/02. Sets ``g.s["result"]``."""

    name = "scoring"

    def run(self, g: Table, f):
        scores = final_scores(g)
        winner, tiebreak = rank(g, scores)
        g.s["result"] = {"scores": scores, "winner": winner, "tiebreak": tiebreak,
                         "end_conditions": list(g.s.get("end_conditions") or end_conditions(g))}
        B.log(g, "game_over", winner=winner, scores={x: r["total"] for x, r in scores.items()})
        g.ret()
        return None
