"""The chronicle's carry-overs (CAMP-05..08): what a finished scenario changes in the
next one's start, as starting positions (``Ruleset.with_starting``, recorded in the next
game's setup and saves).

* CAMP-05 the nickname's advantage (coins, units in the capital, sanctity cells,
  influence: ``carry.nickname`` of campaign.yaml);
* CAMP-06 the fief: the best non-capital city held at the end (highest level, then the
  map's order) is held from the start with ``fief_units`` units — unless the next
  scenario starts that city otherwise, blocks it, gives it to another state, or the city
  is absent in the line-up;
* CAMP-07 a state that lost its capital starts with ``lost_capital_units`` fewer units
  in its capital (never fewer than 1);
* CAMP-08 the state in last place gets ``last_place`` (coins, influence).

Values are absolute over the next scenario's own start (its file, else the state board);
the units in supply bound every addition.
"""
from __future__ import annotations

from ..engine.setup import removed_cities


def _lost_capital(g, x: str) -> bool:
    capital = g.c.board.states[x].capital
    return any(k == "city_lost" and p.get("player") == x and p.get("city") == capital
               for k, p, _ in g.log_for(None))


def _fief(g, x: str, next_rules, taken: set) -> str | None:
    """The city ``x`` keeps (CAMP-06), or None."""
    board = g.c.board
    recipe = next_rules.setup
    absent = set(removed_cities(next_rules.content, g.s["states"])) | set(recipe.blocked_cities)
    held_by_file = {cid for pos in recipe.starting.values() for cid in pos.cities}
    order = list(board.cities)
    mine = [c for c in g.s["players"][x]["cities"] if board.cities[c].kind != "capital"]
    mine.sort(key=lambda c: (-g.s["cities"][c]["level"], order.index(c)))
    for cid in mine:
        change = recipe.cities.get(cid)
        if cid in absent or cid in held_by_file or cid in taken:
            continue
        if change is not None and change.saracens:
            continue
        return cid
    return None


def carry_over(g, place: dict, nicknames: dict, data, next_rules) -> tuple[dict, dict]:
    """``(starting, reasons)`` for the next scenario (``next_rules``, its ruleset).

    ``starting``: ``{state: {coins, units, cities, sanctity, influence}}`` with only the
    values that change; ``reasons``: ``{state: [[rule ID, detail], …]}`` — what the
    debrief and the chronicle tell."""
    board = next_rules.content.board
    recipe = next_rules.setup
    last = max(place.values())
    starting: dict = {}
    reasons: dict = {}
    taken: set = set()
    for x in g.s["states"]:
        own = recipe.starting.get(x)
        info = board.states[x]
        base = {"coins": own.get("coins", info.coins) if own else info.coins,
                "units": own.get("units", info.units) if own else info.units,
                "sanctity": board.sanctity_start[x] if own is None or own.sanctity is None
                else own.sanctity,
                "influence": own.influence if own else 0}
        held = dict(own.cities) if own else {}
        value = dict(base)
        why: list = []
        for key, n in data.nickname_advantage[nicknames[x]].items():
            value[key] += n
        why.append(["CAMP-05", nicknames[x]])
        if _lost_capital(g, x) and data.lost_capital_units:
            value["units"] -= data.lost_capital_units
            why.append(["CAMP-07", info.capital])
        if place[x] == last and len(set(place.values())) > 1:
            for key, n in data.last_place.items():
                value[key] += n
            why.append(["CAMP-08", place[x]])
        cities: dict = {}
        fief = _fief(g, x, next_rules, taken) if data.fief_units else None
        if fief is not None:
            cities[fief] = data.fief_units
            taken.add(fief)
            why.append(["CAMP-06", fief])
        room = board.units_per_state - sum(held.values()) - sum(cities.values())
        value["units"] = max(1, min(value["units"], room))
        value["sanctity"] = min(value["sanctity"], board.sanctity_length - 1)
        change = {k: v for k, v in value.items() if v != base[k]}
        if cities:
            change["cities"] = cities
        if change:
            starting[x] = change
        reasons[x] = why
    return starting, reasons
