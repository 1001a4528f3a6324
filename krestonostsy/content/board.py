"""The map and the tracks as frozen objects (``data/map.yaml``, ``data/tracks.yaml``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentError
from .vocabulary import COLOURS, COST_COLOURS, ORDERS
from .yamlfile import Reader, read_yaml

STATE_IDS = ("jerusalem", "tripoli", "edessa", "antioch")
CITY_KINDS = ("capital", "ring", "central")


@dataclass(frozen=True)
class Sector:
    """One sector of a city token's dial: what the city gives at that level."""

    level: int
    goods: tuple[str, ...]
    coins: int
    upgrade: tuple[str, ...]  # cost to reach the next level; () at level 3


TERRAINS = ("harbour", "rivers", "forests", "mountains", "deserts")
"""SYM-93: the campaign's terrain types, printed on the city tokens (their effect on
capturing a city is the advanced mode's, docs/campaign.md §5)."""


@dataclass(frozen=True)
class City:
    id: str
    kind: str  # capital | ring | central
    colour: str
    position: tuple[int, int]
    start_level: int
    saracens: int
    sectors: dict  # level -> Sector
    terrain: str  # SYM-93: harbour | rivers | forests | mountains | deserts (campaign, CAMP-10)

    def sector(self, level: int) -> Sector:
        return self.sectors[level]


@dataclass(frozen=True)
class StateInfo:
    """A crusader state (государство): its capital and printed starting resources."""

    id: str
    capital: str
    colour: str
    units: int
    coins: int


@dataclass(frozen=True)
class Board:
    states: dict  # id -> StateInfo
    cities: dict  # id -> City
    adjacency: dict  # id -> tuple of ids
    two_player_pairs: tuple  # ((a, b), covered tuple)
    sanctity_length: int
    sanctity_start: dict
    sanctity_bonuses: dict  # cell -> 'bishop' | 'rescript'
    saracen_cells: tuple  # dicts {'strength': n} or {'units': n}
    raid_tokens: tuple
    bishops: dict  # level -> count per state
    automa_set: tuple
    saracen_supply: int
    units_per_state: int


def load_board(data_dir: Path) -> Board:
    map_file = "map.yaml"
    root = Reader(read_yaml(data_dir / map_file), map_file, "map", 1)
    states = {}
    for sid, r in root.entries("states", "state"):
        if sid not in STATE_IDS:
            root.fail(f"unknown state '{sid}'", "states")
        states[sid] = StateInfo(sid, r.str("capital"), r.str("colour", choices=COLOURS),
                                r.int("units", lo=1, hi=15), r.int("coins", lo=0))
        r.done()
    if set(states) != set(STATE_IDS):
        root.fail("'states' must list jerusalem, tripoli, edessa and antioch", "states")

    cities = {}
    for cid, r in root.entries("cities", "city"):
        if type(cid) is not str:
            root.fail(f"a city id must be a word, got {cid!r}", "cities")
        pos = r.list("position")
        if len(pos) != 2 or not all(type(v) is int and 0 <= v <= 10_000 for v in pos):
            r.fail("'position' must be [x, y] (whole numbers from 0)", "position")
        sectors = {}
        if not all(type(k) is int for k in r.mapping("sectors")) \
                or sorted(r.mapping("sectors")) != [1, 2, 3]:
            r.fail("'sectors' must have levels 1, 2 and 3", "sectors")
        for level, s in r.entries("sectors", f"city {cid} level"):
            goods = s.list("goods")
            for g in goods:
                if g not in COLOURS:
                    s.fail(f"unknown good colour '{g}'", "goods")
            upgrade = s.list("upgrade", default=[] if level == 3 else ...)
            for g in upgrade:
                if g not in COST_COLOURS:
                    s.fail(f"unknown cost colour '{g}'", "upgrade")
            if level == 3 and upgrade:
                s.fail("level 3 is the top: no upgrade cost", "upgrade")
            sectors[level] = Sector(level, tuple(goods), s.int("coins", lo=0), tuple(upgrade))
            s.done()
        cities[cid] = City(cid, r.str("kind", choices=CITY_KINDS),
                           r.str("colour", choices=COLOURS), (pos[0], pos[1]),
                           r.int("start_level", lo=1, hi=3), r.int("saracens", lo=0), sectors,
                           r.str("terrain", choices=TERRAINS))
        r.done()
    if len(cities) != 13:
        root.fail(f"the map must have 13 cities, found {len(cities)}", "cities")
    for sid, info in states.items():
        if info.capital not in cities or cities[info.capital].kind != "capital":
            root.fail(f"state {sid}: capital '{info.capital}' is not a capital city", "states")

    adjacency: dict[str, set] = {cid: set() for cid in cities}
    roads: Any = root.list("roads")  # a YAML list: it knows its .line
    for road in roads:
        if not isinstance(road, list) or len(road) != 2:
            raise ContentError(map_file, getattr(road, "line", roads.line),
                               "a road must be [city, city]")
        a, b = road
        for c in (a, b):
            if c not in cities:
                raise ContentError(map_file, getattr(road, "line", roads.line),
                                   f"road names unknown city '{c}'")
        if a == b:
            raise ContentError(map_file, getattr(road, "line", roads.line), "a road needs two cities")
        adjacency[a].add(b)
        adjacency[b].add(a)
    lonely = [c for c, n in adjacency.items() if not n]
    if lonely:
        root.fail(f"city '{lonely[0]}' has no road", "roads")

    pairs: list[tuple[tuple, tuple]] = []  # (states, covered cities)
    for r in root.readers("two_player_pairs", "two-player pair"):
        pair = r.list("states")
        covered = r.list("covered")
        for s in pair:
            if type(s) is not str or s not in states:
                r.fail(f"unknown state {s!r:.40}", "states")
        if len(pair) != 2 or pair[0] == pair[1]:
            r.fail("a two-player pair names 2 different states", "states")
        if any(frozenset(pair) == frozenset(p) for p, _c in pairs):
            r.fail(f"the pair {pair[0]}–{pair[1]} is listed twice", "states")
        for c in covered:
            if type(c) is not str or c not in cities:
                r.fail(f"unknown city {c!r:.40}", "covered")
            if cities[c].kind == "capital" and c in (states[x].capital for x in pair):
                r.fail(f"the capital '{c}' of a playing state cannot be covered", "covered")
        if len(set(covered)) != len(covered):
            r.fail("a covered city is listed twice", "covered")
        pairs.append((tuple(pair), tuple(covered)))
        r.done()
    root.done()

    tracks_file = "tracks.yaml"
    t = Reader(read_yaml(data_dir / tracks_file), tracks_file, "tracks", 1)
    st = t.sub("sanctity_track")
    length = st.int("length", lo=8, hi=60)
    start = {}
    for sid, cell in st.mapping("start").items():
        if sid not in states or type(cell) is not int or not 0 <= cell < length:
            st.fail(f"bad start cell for '{sid}'", "start")
        start[sid] = cell
    if set(start) != set(STATE_IDS):
        st.fail("'start' must give a cell for every state", "start")
    bonuses = {}
    for cell, kind in st.mapping("bonuses").items():
        if type(cell) is not int or not 0 <= cell < length or kind not in ("bishop", "rescript"):
            st.fail(f"bad bonus cell {cell}: {kind}", "bonuses")
        bonuses[cell] = kind
    st.done()
    sa = t.sub("saracen_track")
    cells = []
    for r in sa.readers("cells", "saracen track cell"):
        if len(r.node) != 1 or not (r.has("strength") or r.has("units")):
            r.fail("a Saracen cell is {strength: n} or {units: n}")
        key = "strength" if r.has("strength") else "units"
        cells.append({key: r.int(key, lo=0, hi=20)})
    tokens = sa.list("raid_tokens")
    for tok in tokens:
        if type(tok) is not str or tok not in COLOURS:
            sa.fail(f"unknown raid token colour '{tok}'", "raid_tokens")
    if len(cells) != 5 or len(tokens) != 8:
        sa.fail("the Saracen track has 5 cells and 8 raid tokens (SETUP-04)")
    sa.done()
    b = t.sub("bishops")
    bishops = {1: b.int("level_1", lo=0), 2: b.int("level_2", lo=0)}
    if sum(bishops.values()) != 10:
        b.fail("each state has 10 bishops")
    b.done()
    au = t.sub("automa")
    automa = tuple(au.list("set"))
    if not all(type(x) is str for x in automa) or sorted(automa) != sorted(ORDERS + ("boost",)):
        au.fail("the automa set is the 4 orders plus 'boost'", "set")
    au.done()
    sup = t.sub("supply")
    saracen_supply = sup.int("saracens", lo=1)
    units_per_state = sup.int("units_per_state", lo=1)
    sup.done()
    t.done()
    return Board(states=states, cities=cities,
                 adjacency={c: tuple(sorted(n)) for c, n in adjacency.items()},
                 two_player_pairs=tuple(pairs), sanctity_length=length, sanctity_start=start,
                 sanctity_bonuses=bonuses, saracen_cells=tuple(cells),
                 raid_tokens=tuple(tokens), bishops=bishops, automa_set=automa,
                 saracen_supply=saracen_supply, units_per_state=units_per_state)
