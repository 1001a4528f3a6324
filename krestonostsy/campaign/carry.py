"""The chronicle's carry-overs (CAMP-05..08): what a finished scenario changes in the
next one's start, as starting positions (``Ruleset.with_starting``, recorded in the next
game's setup and saves).

* CAMP-05 the nickname's advantage (coins, units in the capital, sanctity points — the
  piece moves by the sanctity rules, see :func:`carry_over` —, influence:
  ``carry.nickname`` of campaign.yaml);
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

from ..engine import removed_cities, sanctity_cells, sanctity_move


def _lost_capital(g, x: str) -> bool:
    capital = g.c.board.states[x].capital
    return any(k == "city_lost" and p.get("player") == x and p.get("city") == capital
               for k, p, _ in g.log_for(None))


def _fief(g, x: str, next_rules, taken: set) -> str | None:
    """The city ``x`` keeps (CAMP-06), or None."""
    board = g.c.board
    recipe = next_rules.setup
    absent = set(removed_cities(next_rules.content, list(g.states))) | set(recipe.blocked_cities)
    held_by_file = {cid for pos in recipe.starting.values() for cid in pos.cities}
    order = list(board.cities)
    mine = [c for c in g.player(x)["cities"] if board.cities[c].kind != "capital"]
    mine.sort(key=lambda c: (-g.city(c)["level"], order.index(c)))
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
    debrief and the chronicle tell.

    Sanctity is not added to a cell number: the points move the piece from its start cell
    by the sanctity rules (:func:`~krestonostsy.engine.prayer.sanctity_move`: occupied
    cells — other states' and the automa's pieces — are jumped and cost nothing, PRAY-04),
    so no two pieces share a cell and the turn order (TURN-04) stays strict. As in the
    set-up, the cells passed give no bonus."""
    board = next_rules.content.board
    recipe = next_rules.setup
    states = list(g.states)
    last = max(place.values())
    cells = sanctity_cells(board, recipe, states)
    values: dict = {}
    gains: dict = {}
    reasons: dict = {}
    taken: set = set()
    for x in states:
        own = recipe.starting.get(x)
        info = board.states[x]
        base = {"coins": own.get("coins", info.coins) if own else info.coins,
                "units": own.get("units", info.units) if own else info.units,
                "sanctity": cells[x], "influence": own.influence if own else 0}
        held = dict(own.cities) if own else {}
        value = dict(base)
        why: list = []
        gains[x] = 0
        advantages = [data.nickname_advantage[nicknames[x]]]
        why.append(["CAMP-05", nicknames[x]])
        if _lost_capital(g, x) and data.lost_capital_units:
            value["units"] -= data.lost_capital_units
            why.append(["CAMP-07", info.capital])
        if place[x] == last and len(set(place.values())) > 1:
            advantages.append(data.last_place)
            why.append(["CAMP-08", place[x]])
        for advantage in advantages:
            for key, n in advantage.items():
                if key == "sanctity":
                    gains[x] += n
                else:
                    value[key] += n
        cities: dict = {}
        fief = _fief(g, x, next_rules, taken) if data.fief_units else None
        if fief is not None:
            cities[fief] = data.fief_units
            taken.add(fief)
            why.append(["CAMP-06", fief])
        room = board.units_per_state - sum(held.values()) - sum(cities.values())
        value["units"] = max(1, min(value["units"], room))
        values[x] = (base, value, cities)
        reasons[x] = why
    for x in states:  # in seat order, each from where the others stand by then
        if gains[x] > 0:
            cells[x], _passed = sanctity_move(cells, x, gains[x], board.sanctity_length)
            values[x][1]["sanctity"] = cells[x]
    starting: dict = {}
    for x, (base, value, cities) in values.items():
        change = {k: v for k, v in value.items() if v != base[k]}
        if cities:
            change["cities"] = cities
        if change:
            starting[x] = change
    return starting, reasons
