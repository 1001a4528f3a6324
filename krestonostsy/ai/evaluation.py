"""The evaluation of a position, seen by one seat: how good it is for each player.

``features(world, viewer)`` reads **only what ``viewer`` may see** in ``world``: the
public board and tracks through ``world.view(viewer)``, and the viewer's own secrets
(influence, bull, bishop levels, hand) — never another player's hidden influence, bull,
bishop levels or hand. Where the viewer cannot see a number of another player, the
feature uses the viewer's own number in its place (a symmetric guess), so the
evaluation of an opponent never depends on what the opponent hides. With
``Weights.hidden_gains`` a look-ahead adds each player's own gain since its start, read in
the look-ahead's world, and with ``Weights.open_governors`` another player's governors
count what they give it there: a bot's worlds are determinizations, so what these read
of hidden things is the seat's own guess, never the hidden truth.

The value of a player is a weighted sum of the features (``Weights``), in influence
points: influence banked, influence to come from holy lands and governors over the
remaining rounds, cities (and the hegemony ending), holy lands (and the righteousness
ending), sanctity, coins and goods, the bull goal met now, and army strength — units
on the map, the danger to one's cities from stronger neighbours and the chances
against weaker neighbouring cities. Normal bots use hand-written weights; the expert's
are fitted to self-play outcomes (``krestonostsy.tools.fit_weights``).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace

from ..engine import (
    CONDITION_BONUS,
    HEGEMONY_CITIES,
    RIGHTEOUSNESS_LANDS,
    bull_score,
    governors_income,
)
from ..resources import data_dir

FEATURES = ("influence", "income_to_come", "cities", "city_levels", "hegemony",
            "holy_lands", "righteousness", "sanctity", "coins", "goods", "bull",
            "units_on_map", "units_supply", "threat", "chances", "buildings", "spies",
            "rescripts", "eliminated")

HIDDEN_BISHOP_LEVEL = 1.5  # the mean of a bishop of level 1 or 2 whose level is hidden


@dataclass(frozen=True)
class Weights:
    """One weight per feature of :data:`FEATURES` (influence points per unit) and the
    ``scale`` that turns a lead in points into a win chance (a logistic).

    ``hidden_gains``: how another player's hidden numbers — its influence and what its
    bull would score — are guessed in a look-ahead. False: the viewer's own, so that every
    player's gain in the look-ahead cancels out of the leads (influence won by a card or
    by income, a bull goal met, look worth nothing). True: the viewer's at the
    look-ahead's start plus the player's own gain since, as the look-ahead's world — a
    determinization, the seat's own guess — has it (the callers pass the numbers at the
    start: ``since``, :func:`hidden_totals`).

    ``open_governors``: another player's income to come counts what its governors give it
    in the position read (``governors_income``: the governor cards are open, and so is
    most of what they count), as the seat's own does. False: one influence a governor, a
    guess that misses a governor worth 3, 6 or 9 a round and every change a move makes to
    it. A governor that counts hidden things (tactics in hand, bishops' levels) reads them
    in the bot's own world, a determinization: the seat's guess, never the hidden truth."""

    values: tuple
    scale: float = 6.0
    hidden_gains: bool = False
    open_governors: bool = False

    def __post_init__(self):
        if len(self.values) != len(FEATURES):
            raise ValueError(f"weights: {len(self.values)} values for {len(FEATURES)} "
                             f"features ({', '.join(FEATURES)})")

    @classmethod
    def from_json(cls, data: dict, where: str = "weights") -> Weights:
        """``{"weights": {feature: number}, "scale": number}``; every feature must be given."""
        try:
            w = data["weights"]
            missing = [f for f in FEATURES if f not in w]
            extra = [f for f in w if f not in FEATURES]
            if missing or extra:
                raise ValueError(f"missing {missing}, unknown {extra}")
            return cls(tuple(float(w[f]) for f in FEATURES), float(data.get("scale", 6.0)))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"{where}: bad evaluation weights: {err}") from err

    def to_json(self) -> dict:
        return {"weights": dict(zip(FEATURES, self.values, strict=True)), "scale": self.scale}

    def reweighed(self, values: tuple) -> Weights:
        """The same evaluation with other weights (a play style's leaning)."""
        return replace(self, values=values)


def hidden_totals(world) -> dict:
    """``{player: (influence, bull score)}`` in ``world`` — for a bot, a determinization,
    whose hidden numbers are its own guesses: the start of a look-ahead
    (``values(since=…)``)."""
    return {p: (world.player(p)["influence"], bull_score(world, p)) for p in world.states}


# Hand-written weights of the normal level (influence points per unit of each feature).
HAND_WEIGHTS = Weights((
    1.0,    # influence banked
    1.0,    # influence to come (per round × rounds left)
    1.5,    # cities
    0.7,    # city levels
    1.0,    # hegemony ending (already worth CONDITION_BONUS × progress)
    0.8,    # holy lands
    1.0,    # righteousness ending (CONDITION_BONUS × progress)
    0.12,   # sanctity cell
    0.25,   # coins (4 coins = 1 influence at the end)
    0.3,    # goods ready
    1.0,    # bull goal met now
    0.3,    # units on the map
    0.08,   # units in the supply
    -0.35,  # threat to own cities
    0.15,   # chances against neighbours
    0.9,    # buildings
    0.4,    # active spies
    0.4,    # rescripts in hand
    -12.0,  # eliminated
))

EXPERT_WEIGHTS_FILE = "ai/expert_weights.json"
# The reference expert's own copy (levels.REFERENCE_EXPERT): a refit of the expert's file
# must not move the level every later expert is measured against.
REFERENCE_WEIGHTS_FILE = "ai/expert-2026-11_weights.json"


def expert_weights(file: str = EXPERT_WEIGHTS_FILE) -> Weights:
    """The weights fitted from self-play (``data/ai/expert_weights.json``, or another file
    of ``data/``)."""
    path = data_dir() / file
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: cannot read the expert's weights: {err}") from err
    return Weights.from_json(data, str(path))


def _holy_lands(view: dict) -> dict:
    """Holy lands per owner as the viewer sees them (a hidden level counts as 1.5)."""
    out: dict = {}
    for c in view["cities"].values():
        if c["removed"] or not c["bishops"]:
            continue
        totals: dict = {}
        for b in c["bishops"]:
            lvl = b["level"] if b["level"] is not None else HIDDEN_BISHOP_LEVEL
            totals[b["owner"]] = totals.get(b["owner"], 0) + lvl
        best = max(totals.values())
        leaders = [o for o, v in totals.items() if v == best]
        if len(leaders) == 1:
            out[leaders[0]] = out.get(leaders[0], 0) + 1
    return out


def features(world, viewer: str, view: dict | None = None, since: dict | None = None,
             open_governors: bool = False) -> dict:
    """``{player: [feature values in FEATURES order]}`` for every state, as ``viewer``
    sees ``world`` (see the module docstring for what is read). ``since``: the hidden
    numbers at the start of a look-ahead in the same world (:func:`hidden_totals`); another
    player's influence and bull score are then the viewer's then plus the player's gain
    since (``Weights.hidden_gains``), else the viewer's now. ``open_governors``: another
    player's governors count what they give it (``Weights.open_governors``), else one
    each."""
    v = view if view is not None else world.view(viewer)
    rnd = v["round"]
    rounds_left = 0 if v["phase"] == "over" else max(0, world.rules.last_round + 1 - max(rnd, 1))
    holy = _holy_lands(v)
    cities = v["cities"]
    adjacency = world.c.board.adjacency
    me = v["players"][viewer] if viewer in v["players"] else None
    own_bull = bull_score(world, viewer) if me is not None else 0
    own_gov = governors_income(world, viewer)[0] if me is not None else 0
    order = v["turn_order"]
    out = {}
    for pid, p in v["players"].items():
        mine = pid == viewer
        bull = own_bull
        if p["influence"] is not None:
            influence = p["influence"]
        elif me is None:
            influence = 0
        elif since is None:
            influence = me["influence"]
        else:
            influence = since[viewer][0] + world.player(pid)["influence"] - since[pid][0]
            bull = since[viewer][1] + bull_score(world, pid) - since[pid][1]
        if mine:
            governors = own_gov
        elif open_governors:
            governors = governors_income(world, pid)[0]
        else:
            governors = sum(1 for c in p["cities"] if cities[c]["governor"])
        h = holy.get(pid, 0)
        n_cities = len(p["cities"])
        levels = sum(cities[c]["level"] for c in p["cities"])
        units_map = sum(c["units"].get(pid, 0) for c in cities.values())
        threat = 0.0
        chances = 0.0
        own = set(p["cities"])
        for cid in p["cities"]:
            here = cities[cid]["units"].get(pid, 0)
            enemy = 0
            for n in adjacency[cid]:
                cn = cities[n]
                if cn["removed"]:
                    continue
                for owner, k in cn["units"].items():
                    if owner != pid:
                        enemy = max(enemy, k)
            threat += max(0, enemy - here) * cities[cid]["level"]
        for cid, c in cities.items():
            if c["removed"] or cid in own:
                continue
            defenders = sum(k for o, k in c["units"].items() if o != pid)
            near = sum(cities[n]["units"].get(pid, 0) for n in adjacency[cid]
                       if not cities[n]["removed"])
            if near > defenders:
                chances += min(near - defenders, 4) * c["level"] / 4
        goods = sum(x[0] for x in p["goods"].values())
        out[pid] = [
            float(influence),
            float((governors + h) * rounds_left),
            float(n_cities),
            float(levels),
            CONDITION_BONUS * min(1.0, n_cities / HEGEMONY_CITIES) ** 2,
            float(h),
            CONDITION_BONUS * min(1.0, h / RIGHTEOUSNESS_LANDS) ** 2,
            float(v["sanctity"].get(pid, 0)) + (len(order) - order.index(pid)),
            float(p["coins"]),
            float(goods),
            float(bull),
            float(units_map),
            float(p["units"]),
            threat,
            chances,
            float(len(p["buildings"])),
            float(len(p["spies"])),
            float(len(p["rescripts"]) if mine else p["rescripts"]),
            1.0 if p["eliminated"] else 0.0,
        ]
    return out


COIN = 0.25  # influence points a coin is worth at the end (4 coins = 1 influence)
OATH_PEACE = 0.4  # a protector's men in one's walls and peace with it, per protector


def _oaths_value(world, part: dict, rounds_left: int) -> dict:
    """«Вассал моего вассала»' sworn oaths (CAMP-S3-03/05), public: a lord gains its
    tribute for the rounds left, a vassal pays it and is protected; a regent gains its
    influence every round left and its ward is protected. A broken oath costs its breaker
    the influence it paid (CAMP-S3-04): the features guess others' hidden influence by
    the viewer's own, so without this a perjury would look free."""
    out: dict = {}
    oaths = world.c.oaths
    for o in part["broken"]:
        out[o["by"]] = out.get(o["by"], 0.0) - o["cost"]
    for o in part["sworn"]:
        stream = COIN * oaths[o["card"]].tribute * rounds_left
        out[o["lord"]] = out.get(o["lord"], 0.0) + stream
        out[o["vassal"]] = out.get(o["vassal"], 0.0) - stream + OATH_PEACE
    data = world.rules.scenario.components.get("oaths")
    for ward, regent in part["regents"].items():
        out[regent] = out.get(regent, 0.0) + (data.regency_influence if data else 0) * rounds_left
        out[ward] = out.get(ward, 0.0) + OATH_PEACE
    return out


COMPONENT_VALUES = {"oaths": _oaths_value}
"""What a scenario component is worth to each player beyond the features, in influence
points: ``fn(world, part as the viewer sees it, rounds_left) -> {player: points}`` (read
from the view: public parts only). The base game has no components."""


def values(world, viewer: str, weights: Weights, view: dict | None = None,
           since: dict | None = None) -> dict:
    """``{player: value in influence points}`` as ``viewer`` sees ``world`` (plus what a
    scenario's components are worth, :data:`COMPONENT_VALUES`). ``since``: the hidden
    numbers at the start of the look-ahead that led to ``world``, used when
    ``weights.hidden_gains`` (:class:`Weights`)."""
    w = weights.values
    v = view if view is not None else world.view(viewer)
    out = {pid: sum(a * b for a, b in zip(w, f, strict=True))
           for pid, f in features(world, viewer, v, since if weights.hidden_gains else None,
                                  weights.open_governors).items()}
    components = v.get("components")
    if components:
        rounds_left = 0 if v["phase"] == "over" else max(
            0, world.rules.last_round + 1 - max(v["round"], 1))
        for kind, part in components.items():
            fn = COMPONENT_VALUES.get(kind)
            if fn is not None:
                for pid, x in fn(world, part, rounds_left).items():
                    if pid in out:
                        out[pid] += x
    return out


def win_chances(world, viewer: str, weights: Weights, since: dict | None = None) -> dict:
    """``{player: 0..1}``: a finished game gives 1 to the winner and 0 to the others; a
    running one the logistic of each player's lead over the best other player
    (``since``: as in :func:`values`)."""
    if world.is_over:
        winner = world.result()["winner"]
        return {p: 1.0 if p == winner else 0.0 for p in world.states}
    vals = values(world, viewer, weights, since=since)
    out = {}
    for p, x in vals.items():
        best_other = max((y for q, y in vals.items() if q != p), default=0.0)
        lead = (x - best_other) / weights.scale
        out[p] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead))))
    return out
