"""Setting up a game (SETUP-*): builds the initial state dict.

The numbers come from the scenario's setup recipe (``rules.setup``, read from
``data/scenarios/<id>.yaml``): events for the game, raid tokens, open market slots,
cities blocked in every line-up, cities that start otherwise than printed, and the
states' starting positions (coins, units, cities held, sanctity cell, influence). A
scenario's components are set up and dealt by their own modules (``engine/components/``).

Rule IDs: SETUP-01..43 (the board parts), SETUP-19/28/29 (2–3 players: blocked capitals,
automa pieces), SETUP-16/40 (starting governors vs draw 2 keep 1), SETUP-38/BULL-02
(1 bull vs 2 keep 1).
"""
from __future__ import annotations

from . import rng
from .cities import HOMS
from .components import COMPONENTS
from .state import CROSS_ORDERS, MARKET_SIZES, SARACEN, City, Player, State

STATE_IDS = ("jerusalem", "tripoli", "edessa", "antioch")


def check_lineup(content, states: list[str]) -> None:
    """Refuse an illegal line-up with a clear message (TURN-01, SETUP-30)."""
    if not 2 <= len(states) <= 4:
        raise ValueError(f"a game needs 2 to 4 states, got {len(states)}")
    for s in states:
        if s not in STATE_IDS:
            raise ValueError(f"unknown state '{s}' (expected one of {', '.join(STATE_IDS)})")
    if len(set(states)) != len(states):
        raise ValueError("each state can be played by one player only")
    if len(states) == 2:
        allowed = [set(p) for p, _ in content.board.two_player_pairs]
        if set(states) not in allowed:
            raise ValueError(f"{states[0]} and {states[1]} cannot play a 2-player game: the "
                             "allowed pairs are neighbours (Jerusalem–Tripoli, Tripoli–Antioch, "
                             "Antioch–Edessa, Jerusalem–Edessa) (SETUP-30)")


def removed_cities(content, states: list[str]) -> list[str]:
    """Cities that do not exist in this line-up (SETUP-28/29)."""
    board = content.board
    if len(states) == 4:
        return []
    if len(states) == 3:
        absent = [s for s in STATE_IDS if s not in states]
        return [board.states[absent[0]].capital]
    for pair, covered in board.two_player_pairs:
        if set(pair) == set(states):
            return list(covered)
    raise ValueError("not an allowed 2-player pair")


def sanctity_cells(board, recipe, states: list[str]) -> dict[str, int]:
    """The sanctity track at set-up (SETUP-18/19): each state's piece on its crest cell or
    the cell its scenario starts it on; with fewer than 4 states the absent states' pieces
    (the automa's) on the rightmost cells."""
    cells = {x: board.sanctity_start[x] if recipe.starting.get(x) is None
             or recipe.starting[x].sanctity is None else recipe.starting[x].sanctity
             for x in states}
    absent = [x for x in STATE_IDS if x not in states] if len(states) < 4 else []
    for i, piece in enumerate(absent):
        cells[piece] = board.sanctity_length - 1 - i
    return cells


def new_state(rules, states: list[str], seed: int, options) -> State:
    """The initial state of a game of ``rules`` (a :class:`~.ruleset.Ruleset`)."""
    content = rules.content
    recipe = rules.setup
    check_lineup(content, states)
    board = content.board
    s: State = {"v": 1, "rng": rng.seed_state(seed), "barrier": 0,
               "options": options.to_json(), "states": list(states), "round": 0,
               "phase": "setup", "next_bishop": 0, "event": None, "modifiers": {},
               "homs_card": None, "stack": [], "result": None}
    removed = set(removed_cities(content, states)) | set(recipe.blocked_cities)
    absent = [x for x in STATE_IDS if x not in states]

    # F. the map (SETUP-22..27); a scenario may start a city otherwise, or held by a state
    held = {cid: (x, n) for x in states
            for cid, n in (recipe.starting[x].cities if x in recipe.starting else {}).items()
            if cid not in removed}
    cities: dict[str, City] = {}
    for cid, city in board.cities.items():
        gone = cid in removed
        change = recipe.cities.get(cid)
        level = city.start_level if change is None or change.level is None else change.level
        saracens = city.saracens if change is None or change.saracens is None \
            else change.saracens
        cities[cid] = {"level": level, "units": {}, "bishops": [],
                       "goods": 0 if gone else (0 if city.kind == "capital"
                                                 else len(city.sector(level).goods)),
                       "governor": None, "removed": gone}
        if not gone and saracens and cid not in held:
            cities[cid]["units"][SARACEN] = saracens
    s["cities"] = cities
    s["saracens"] = board.saracen_supply - sum(c["units"].get(SARACEN, 0) for c in cities.values())

    # E. sanctity track (SETUP-18/19): automa pieces on the rightmost cells
    s["sanctity"] = sanctity_cells(board, recipe, states)
    pieces = absent if len(states) < 4 else []
    automa_tokens = []
    if len(states) == 3:
        automa_tokens = list(board.automa_set)
    elif len(states) == 2:
        automa_tokens = list(board.automa_set) * 2
    s["automa"] = {"pieces": pieces, "supply": automa_tokens, "aside": []}

    # A-D. decks and markets
    decks: dict[str, list[str]] = {name: [] for name in ("events", "saracens", "buildings_0", "buildings_12",
                                   "buildings_34", "tactics_12", "tactics_34", "governors",
                                   "spies", "rescripts_1", "rescripts_2", "bulls")}
    for eid in sorted(content.events):
        decks["events"].append(eid)
    rng.shuffle(s, decks["events"])
    decks["events"] = decks["events"][:recipe.events]  # SETUP-03: 6 of 12, the rest to the box
    decks["saracens"] = sorted(content.saracens)
    for bid, b in sorted(content.buildings.items()):
        decks[b.deck].append(bid)
    for tid, t in sorted(content.tactics.items()):
        if not t.starting:
            decks[t.deck].append(tid)
    first_game = options.first_game
    for gid, gov in sorted(content.governors.items()):
        if first_game and gov.starting:
            continue
        decks["governors"].append(gid)
    decks["spies"] = sorted(content.spies)
    for rid, r in sorted(content.rescripts.items()):
        decks["rescripts_1" if r.level == 1 else "rescripts_2"].append(rid)
    decks["bulls"] = sorted(content.bulls)
    for name, deck in decks.items():
        if name != "events":
            rng.shuffle(s, deck)
    # SETUP-06: the level-0 deck lies face up with the Bazaar on top (top = last)
    b0 = decks["buildings_0"]
    bazaar = [b for b in b0 if content.buildings[b].trigger.get("on") == "anytime"
              and not content.buildings[b].cost]
    if bazaar:
        b0.remove(bazaar[0])
        b0.append(bazaar[0])
    s["decks"] = decks
    s["discards"] = {name: [] for name in decks}

    n = len(states)
    open_slots = {name: slots.for_players(n)  # SETUP-10/14/17: n + 1 in the base game
                  for name, slots in recipe.open_market_slots.items()}
    markets = {}
    for name, size in MARKET_SIZES.items():
        slots: list[str | None] = [None] * size
        for i in range(min(size, open_slots[name])):
            if decks[name]:
                slots[i] = decks[name].pop()
        markets[name] = slots
    s["markets"] = markets
    s["market_open"] = open_slots

    # B. Saracen track (SETUP-04)
    tokens = list(board.raid_tokens)
    rng.shuffle(s, tokens)
    s["saracen_track"] = {"tokens": tokens[:recipe.raid_tokens], "next": None, "strength": 0,
                          "units": 1}

    s["cross"] = {o: {"inner": [], "outer": None} for o in CROSS_ORDERS}

    # H. player areas (SETUP-32..43)
    players: dict[str, Player] = {}
    for x in states:
        info = board.states[x]
        start = recipe.starting.get(x, {})
        units, coins = start.get("units", info.units), start.get("coins", info.coins)
        cap = info.capital
        cities[cap]["units"][x] = units
        s["next_bishop"] += 1
        cities[cap]["bishops"].append([x, 1, s["next_bishop"]])
        starting = sorted(t for t, card in content.tactics.items() if card.starting == x)
        players[x] = {
            "coins": coins, "influence": start.get("influence", 0),
            "units": board.units_per_state - units,
            "bishops": {"1": board.bishops[1] - 1, "2": board.bishops[2]},
            "orders": list(CROSS_ORDERS), "tactics": starting, "personal_discard": [],
            "rescripts": [], "spies_hand": [], "spies": [], "buildings": [],
            "bull": None, "bull_choices": [], "governor_choices": [],
            "goods": {info.colour: [1, 0, 0]}, "cities": [cap],
            "eliminated": False, "outer_used": False, "homs_used": False,
        }
    s["players"] = players
    for cid, (x, n) in held.items():  # a scenario's cities held from the start
        p, c = players[x], cities[cid]
        c["units"][x] = n
        p["units"] -= n
        p["cities"].append(cid)
        for colour in board.cities[cid].sector(c["level"]).goods[:c["goods"]]:
            p["goods"].setdefault(colour, [0, 0, 0])[0] += 1
        c["goods"] = 0
        if cid == HOMS:  # the Homs card follows Homs (§14.16)
            s["homs_card"] = x

    # Bulls and starting governors (SETUP-38/40, BULL-02, GOV-02)
    for x in states:
        p = players[x]
        draw_two = (not first_game) and options.bull_choice
        for _ in range(2 if draw_two else 1):
            if decks["bulls"]:
                p["bull_choices"].append(decks["bulls"].pop())
        if len(p["bull_choices"]) == 1:
            p["bull"] = p["bull_choices"].pop()
        cap = board.states[x].capital
        if first_game:
            start_govs = [gid for gid, gov in content.governors.items() if gov.starting == x]
            cities[cap]["governor"] = start_govs[0] if start_govs else None
        else:
            for _ in range(2):
                if decks["governors"]:
                    p["governor_choices"].append(decks["governors"].pop())
    if rules.scenario.components:  # a scenario's own components (none in the base game)
        s["components"] = {kind: COMPONENTS[kind].setup(data, states)
                           for kind, data in rules.scenario.components.items()}
        for kind, part in s["components"].items():  # their cards, once all is set up
            deal = COMPONENTS[kind].deal
            if deal is not None:
                deal(s, part, content)
    s["stack"] = [{"s": "game"}]
    return s

