"""The game state: one plain, JSON-serialisable dict. This module documents its layout.

Everything the rules need lives here; nothing lives in Python objects. Keys::

    v            int   state format version
    rng          int   the generator (see rng.py); barrier: int, bumped by every random draw
                       or hidden-information reveal (undo never crosses it)
    options      dict  game options (see GameOptions in options.py)
    states       [id]  participating states in seat order
    round        int   1..6 (0 before the first round)
    phase        str   setup | event | planning | activation | income | over
    automa       dict  {"pieces": [state ids of automa sanctity pieces], "supply": [tokens],
                        "aside": [tokens]} — empty pieces in a 4-player game
    players      {id: player dict}:
        coins, influence                   ints (influence is secret, TURN-09)
        units                              units in the supply (not on the map)
        bishops                            {"1": n, "2": n} bishops in the supply by level
        orders                             order types in the supply
        tactics                            hand: 5 tactic ids (MUSTER-05)
        personal_discard                   starting tactics set aside (MUSTER-06)
        rescripts                          rescript ids (≤ 3, PRAY-10)
        spies_hand                         spy ids drawn, not yet played (SPY-09)
        spies                              [{"card", "target", "used"}] active spies (≤ 3)
        buildings                          [{"card", "used"}] building cells (≤ 4)
        bull                               bull id; bull_choices: ids to keep 1 of (setup)
        goods                              {colour: [ready, spent, blocked]} warehouse tokens
        cities                             city ids, capital first (CAPITAL-02)
        eliminated                         bool (CAPITAL-05)
        outer_used                         bool: placed in an outer cell this round (PLAN-09)
        homs_used                          bool: used the Homs card this round (HOMS-01)
    cities       {id: city dict}:
        level                              1..3
        units                              {owner: n}; owner is a state id or "saracen"
        bishops                            [[owner, level, bishop_no]] (level is secret)
        goods                              goods tokens lying on the map (city not a player's)
        governor                           governor id or None (in a player's city token)
        removed                            True for cities that do not exist (2–3 players)
    saracens     int   Saracen units in the supply
    sanctity     {piece: cell} sanctity pieces (players and automa pieces)
    saracen_track {"tokens": [colour…], "next": index of the face-up token (or None),
                   "strength": n, "units": n}  accumulated bonuses (EVENT-09)
    event        current event id or None; modifiers: dict of round modifiers
    cross        {order: {"inner": [[owner, enhanced], …] bottom→top,
                          "outer": [owner, enhanced] or None}}
    markets      {"buildings_12": [id|None]*5, "buildings_34": [..]*3, "tactics_12": […]*5,
                  "tactics_34": […]*3, "governors": […]*5}; slots past the player count
                  are closed (None and never filled, SETUP-10/14/17)
    decks        {name: [ids]}  top = last; names: events, saracens, buildings_0,
                  buildings_12, buildings_34, tactics_12, tactics_34, governors, spies,
                  rescripts_1, rescripts_2
    discards     {name: [ids]}  face-up under each deck (DISCARD-01)
    homs_card    holder state id or None
    stack        the flow (see flow.py)
    next_bishop  int   counter giving bishops unique numbers
"""
from __future__ import annotations

from typing import Any, TypedDict, cast


class Player(TypedDict, total=False):
    """A player's dict (see ``players`` above)."""
    coins: int
    influence: int
    units: int
    bishops: dict[str, int]
    orders: list[str]
    tactics: list[str]
    personal_discard: list[str]
    rescripts: list[str]
    spies_hand: list[str]
    spies: list[dict[str, Any]]
    buildings: list[dict[str, Any]]
    bull: Any
    bull_choices: list[str]
    governor_choices: list[str]
    goods: dict[str, list[int]]
    cities: list[str]
    eliminated: bool
    outer_used: bool
    homs_used: bool


class City(TypedDict, total=False):
    """A city's dict (see ``cities`` above)."""
    level: int
    units: dict[str, int]
    bishops: list[list[Any]]
    goods: int
    governor: Any
    removed: bool
    defender: Any


class State(TypedDict, total=False):
    """The state's layout as types (see above): lets the compiled engine read and write
    its parts with the C dict and list functions."""
    v: int
    rng: int
    barrier: int
    options: dict[str, Any]
    states: list[str]
    round: int
    phase: str
    automa: dict[str, Any]
    players: dict[str, Player]
    cities: dict[str, City]
    saracens: int
    sanctity: dict[str, Any]
    saracen_track: dict[str, Any]
    event: Any
    modifiers: dict[str, Any]
    cross: dict[str, Any]
    markets: dict[str, list[Any]]
    market_open: Any
    decks: dict[str, list[Any]]
    discards: dict[str, list[Any]]
    homs_card: Any
    stack: list[dict[str, Any]]
    next_bishop: int
    battle: Any
    components: Any
    result: Any
    end_conditions: Any
    last_round: bool

CROSS_ORDERS = ("build", "prayer", "muster", "march")  # activation order, ACT-01
MARKET_SIZES = {"buildings_12": 5, "buildings_34": 3, "tactics_12": 5, "tactics_34": 3,
                "governors": 5}
SARACEN = "saracen"


def saracen_hand_open(s: State) -> bool:
    """Is the Saracen hand of the battle under way face up? In a battle against the
    warlord — his attack (``battle["warlord"]``) or a battle for the city he stands in —
    the Saracens' hand is the top of the Saracen deck, face up (SYM-92, CAMP-S4-03)."""
    b = s.get("battle")
    if not b:
        return False
    if b.get("warlord"):
        return True
    part = (s.get("components") or {}).get("warlord")
    return part is not None and part["city"] == b["city"]
AUTOMA = "automa"


# --- copying (Game.clone) -------------------------------------------------------------------
#
# A marshal round trip copies the whole state in C but still pays for every object twice
# (encode + decode, ~900 objects mid-game). Most of the state has the fixed layout
# documented above: flat lists of ids and flat dicts of numbers, which the builtin
# ``list.copy``/``dict.copy`` duplicate without touching their elements. ``copy_state``
# copies those parts by layout; everything else (the flow stack, the battle, any key not
# described here) goes through one marshal round trip together, which keeps any sharing
# between those objects (frames may share ``ctx``/``facts`` dicts) exactly as marshal
# does. The result is equal to the source and shares no mutable object with it — except
# with ``share=True`` (``Game.clone``), where the players' and cities' entries and the parts
# of ``SHARED_PARTS`` stay shared copy-on-write (the write barrier is in board.py).
#
# The contract: a player or a city with an extra or a missing key (recognised by their
# size and the keys the copy reads), an odd cross cell or a documented atom that is not
# one is copied fully (``_deep``); but the lists documented as flat
# (decks, discards, markets, a player's id lists, units, automa, saracen_track…) are
# copied one level deep, so a container put inside one of them would be shared by the
# clones. tests/engine/test_clone.py and ``benchmarks/behaviour_fingerprint.py
# --via-clone`` check whole games position by position.

_ATOMS = frozenset((str, int, bool, float, type(None)))


def _deep(x):
    """A deep copy of plain data (no sharing preserved: used only below the layout)."""
    t = type(x)
    if t is dict:
        return {k: v if type(v) in _ATOMS else _deep(v) for k, v in x.items()}
    if t is list:
        return [v if type(v) in _ATOMS else _deep(v) for v in x]
    if t in _ATOMS:
        return x
    import pickle  # anything else: still a faithful deep copy
    return pickle.loads(pickle.dumps(x, pickle.HIGHEST_PROTOCOL))


def _flat(x):
    """A list or dict whose elements are atoms (ids, numbers, None)."""
    return x.copy() if type(x) in (list, dict) else _deep(x)


def _dict_of_flat(d):
    """{name: flat list or dict} (decks, discards, markets, automa, saracen_track…)."""
    if type(d) is not dict:
        return _deep(d)
    return {k: v if type(v) in _ATOMS else _flat(v) for k, v in d.items()}


def _cross(d):
    """{order: {"inner": [[owner, enhanced], …], "outer": [owner, enhanced] | None}}"""
    try:
        out = {}
        for order, cell in d.items():
            if len(cell) != 2:
                raise TypeError("not the usual shape")
            o = cell["outer"]
            out[order] = {"inner": [x.copy() for x in cell["inner"]],
                          "outer": None if o is None else o.copy()}
        return out
    except (AttributeError, TypeError, KeyError):
        return {k: _deep(v) for k, v in d.items()} if type(d) is dict else _deep(d)


# the usual shape of a player and of a city, copied without looking at every key
_P_SHAPE = frozenset(("coins", "influence", "units", "bishops", "orders", "tactics",
                      "personal_discard", "rescripts", "spies_hand", "spies", "buildings",
                      "bull", "bull_choices", "governor_choices", "goods", "cities",
                      "eliminated", "outer_used", "homs_used"))
_P_SIZE = len(_P_SHAPE)
_C_SHAPE = frozenset(("level", "units", "bishops", "goods", "governor", "removed",
                      "defender"))


def _player(p):
    # the other keys are atoms (numbers, flags, an id)
    n = p.copy()
    n["bishops"] = p["bishops"].copy()
    n["orders"] = p["orders"].copy()
    n["tactics"] = p["tactics"].copy()
    n["personal_discard"] = p["personal_discard"].copy()
    n["rescripts"] = p["rescripts"].copy()
    n["spies_hand"] = p["spies_hand"].copy()
    n["bull_choices"] = p["bull_choices"].copy()
    n["governor_choices"] = p["governor_choices"].copy()
    n["cities"] = p["cities"].copy()
    n["spies"] = [r.copy() for r in p["spies"]]
    n["buildings"] = [r.copy() for r in p["buildings"]]
    n["goods"] = {c: r.copy() for c, r in p["goods"].items()}
    return n


def copy_player(p: Player) -> Player:
    """A deep copy of one player dict (the usual shape by layout, anything else fully)."""
    try:
        if len(p) == _P_SIZE:
            return cast(Player, _player(p))
    except (AttributeError, TypeError, KeyError):
        pass
    return cast(Player, _deep(p))


def copy_city(c: City) -> City:
    """A deep copy of one city dict (the usual shape by layout, anything else fully)."""
    try:
        if c.keys() <= _C_SHAPE and type(c["goods"]) is int:
            n = c.copy()
            n["units"] = c["units"].copy()
            b = c["bishops"]
            n["bishops"] = [x.copy() for x in b] if b else []
            return n
    except (AttributeError, TypeError, KeyError):
        pass
    return _deep(c)


def _players(d):
    try:
        out = {}
        for pid, p in d.items():
            # the usual shape: its size, and the keys _player reads (KeyError otherwise)
            if len(p) != _P_SIZE:
                raise TypeError("not the usual shape")
            out[pid] = _player(p)
        return out
    except (AttributeError, TypeError, KeyError):
        return _deep(d)


def _cities(d):
    try:
        out = {}
        for cid, c in d.items():
            # the usual shape: 6 keys (7 with a defender), units, bishops, a goods count
            if len(c) != 6 and not c.keys() <= _C_SHAPE or type(c["goods"]) is not int:
                raise TypeError("not the usual shape")
            n = c.copy()  # level, goods (a count), governor, removed, defender: atoms
            n["units"] = c["units"].copy()
            b = c["bishops"]
            if b:
                n["bishops"] = [x.copy() for x in b]
            else:
                n["bishops"] = []
            out[cid] = n
        return out
    except (AttributeError, TypeError, KeyError):
        return _deep(d)


def _lists(d):
    """{name: [ids]} (decks, discards, markets)."""
    try:
        return {k: v.copy() for k, v in d.items()}
    except AttributeError:
        return _dict_of_flat(d)


_TOP = {"players": _players, "cities": _cities,
        "decks": _lists, "discards": _lists, "markets": _lists,
        "market_open": _flat, "sanctity": _flat, "options": _flat, "states": _flat,
        "automa": _dict_of_flat, "saracen_track": _dict_of_flat, "cross": _cross}


SHARED_PARTS = {k: h for k, h in _TOP.items() if k not in ("players", "cities")}
"""The parts a clone shares whole with its source (copy-on-write, ``board.part_w``), each
with the function that copies it at its first write; the players and cities are shared
entry by entry instead (``board.player_w`` / ``city_w``)."""


class _Exotic(Exception):
    """A value that is not plain JSON-like data: copy it with marshal / pickle instead."""


def _shared(x, memo: dict):
    """A deep copy of plain data that keeps sharing, like a marshal round trip: an object
    reachable twice (frames may share their ``ctx`` or ``facts``) is copied once."""
    t = type(x)
    if t is dict:
        y = memo.get(id(x))
        if y is None:  # copied whole in C; then only its containers are replaced
            y = memo[id(x)] = x.copy()
            for k, v in x.items():
                if type(v) not in _ATOMS:
                    y[k] = _shared(v, memo)
        return y
    if t is list:
        y = memo.get(id(x))
        if y is None:
            y = memo[id(x)] = x.copy()
            for i, v in enumerate(x):
                if type(v) not in _ATOMS:
                    y[i] = _shared(v, memo)
        return y
    if t in _ATOMS:
        return x
    raise _Exotic(t)


def _copy_rest(rest: dict) -> dict:
    try:
        memo: dict = {}
        return {k: _shared(v, memo) for k, v in rest.items()}
    except _Exotic:  # tuples, sets, objects…: the general copies
        import marshal
        try:
            return marshal.loads(marshal.dumps(rest))
        except ValueError:
            import pickle
            return pickle.loads(pickle.dumps(rest, pickle.HIGHEST_PROTOCOL))


def copy_state(state: State, share: bool = False) -> State:
    """A deep copy of the state ``s`` (see the comment above).

    ``share=True`` (for ``Game.clone``): the maps ``players`` and ``cities`` are new dicts
    but their entries (each player's and each city's dict) are the source's own objects,
    and the other parts of :data:`SHARED_PARTS` (decks, discards, markets, the cross…)
    are the source's own objects, all shared copy-on-write: the games write them only
    through ``board.player_w`` / ``city_w`` / ``part_w``, which copy a shared entry or part
    first (see board.py). The flow stack and the rest are copied as usual."""
    s = cast(dict, state)  # read key by key below, as the plain dict it is
    out = s.copy()  # keeps the key order; atoms need no copy: SHARED_PARTS stay shared
    if share:
        try:
            out["players"] = s["players"].copy()
            out["cities"] = s["cities"].copy()
        except (KeyError, AttributeError):  # a state being built, a test's fragment
            for k in ("players", "cities"):
                if k in s:
                    out[k] = s[k].copy() if type(s[k]) is dict else _deep(s[k])
    else:
        try:  # the documented layout, key by key (each handler copies odd values fully)
            out["players"] = _players(s["players"])
            out["cities"] = _cities(s["cities"])
            out["decks"] = _lists(s["decks"])
            out["discards"] = _lists(s["discards"])
            out["markets"] = _lists(s["markets"])
            out["cross"] = _cross(s["cross"])
            out["automa"] = _dict_of_flat(s["automa"])
            out["saracen_track"] = _dict_of_flat(s["saracen_track"])
            out["market_open"] = s["market_open"].copy()  # flat dicts and lists
            out["sanctity"] = s["sanctity"].copy()
            out["options"] = s["options"].copy()
            out["states"] = s["states"].copy()
        except (KeyError, AttributeError):  # a part is missing or odd (a state being
            # built, a test's fragment): the same, one part at a time
            out = s.copy()
            for k, h in _TOP.items():
                if k in s:
                    out[k] = h(s[k])
    rest = {}
    if s.keys() == _S_SHAPE:  # the usual keys: only these may hold containers
        for k in _REST:
            v = s[k]
            if type(v) not in _ATOMS:
                rest[k] = v
        for k in _S_ATOMS:
            if type(s[k]) not in _ATOMS:  # not the documented layout: copy it too
                rest[k] = s[k]
    else:
        for k in s.keys() - _TOP.keys():  # anything new
            v = s[k]
            if type(v) not in _ATOMS:
                rest[k] = v
    if rest:
        out.update(_copy_rest(rest))
    return cast(State, out)


_REST = ("stack", "battle", "modifiers", "result")
_S_ATOMS = ("v", "rng", "barrier", "round", "phase", "next_bishop", "event", "homs_card",
            "saracens")
_S_SHAPE = frozenset(_TOP) | frozenset(_REST) | frozenset(_S_ATOMS)
