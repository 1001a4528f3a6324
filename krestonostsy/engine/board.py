"""Shared questions and small mutations about the board, used by every rules module.

Functions take the :class:`~krestonostsy.engine.game.Game` (``g``) and read ``g.s``
(the state dict) and ``g.c`` (the content). Nothing here asks a player anything.
"""
from __future__ import annotations

from typing import cast

from .state import SARACEN, SHARED_PARTS, City, Player, copy_city, copy_player
from .table import Table

GOOD_COLOURS: tuple[str, ...] = ("yellow", "white", "blue", "red", "green")


# --- the write barrier (copy-on-write players and cities) ------------------------------
#
# ``Game.clone()`` shares each player dict and each city dict between the source and the
# clone (state.copy_state(share=True)); both games then hold the entry as *not owned*
# (``g._own_p`` / ``g._own_c``: the ids a game may write in place; None = all of them, a
# game that was never cloned). Every write to a player or a city, or to anything inside
# one, goes through ``player_w`` / ``city_w``, which first replace a shared entry by the
# game's own deep copy. Reads stay plain (``g.s["players"][pid]``), but a reference read
# before a write elsewhere may be the old, shared entry: a function that writes takes its
# reference from the barrier, before anything else it calls may copy the entry.
# tests/engine/test_clone.py checks that no shared entry ever changes.

def player_w(g: Table, pid: str) -> Player:
    """The player dict of ``pid`` to write to: the game's own copy (see above)."""
    own = g._own_p
    if own is not None and pid not in own:
        ps = g.s["players"]
        p = ps[pid] = copy_player(ps[pid])
        own.add(pid)
        return p
    return g.s["players"][pid]


def part_w(g: Table, key: str):
    """The part ``g.s[key]`` to write to (decks, discards, markets, cross, automa,
    saracen_track, sanctity…: ``state.SHARED_PARTS``), the game's own copy: a clone shares
    these whole (``g._own_parts``, like the players above) and copies one at its first
    write (by its layout, ``state.SHARED_PARTS[key]``)."""
    s = cast(dict, g.s)  # any part by its name
    own = g._own_parts
    if own is not None and key not in own:
        part = s[key] = SHARED_PARTS[key](s[key])
        own.add(key)
        return part
    return s[key]


def city_w(g: Table, cid: str) -> City:
    """The city dict of ``cid`` to write to: the game's own copy (see above)."""
    own = g._own_c
    if own is not None and cid not in own:
        cs = g.s["cities"]
        c = cs[cid] = copy_city(cs[cid])
        own.add(cid)
        return c
    return g.s["cities"][cid]


# --- who holds what ---------------------------------------------------------------------

def controller(g: Table, city: str) -> str | None:
    """The city's controller (GLOSS-01/02): a state id, ``"saracen"`` or None if empty.

    During a battle or raid both sides stand in the city; the defender (recorded in
    ``city["defender"]``) keeps control until it ends (RAID-05).
    """
    c = g.s["cities"][city]
    defender = c.get("defender")
    if defender:
        return defender
    for owner, n in c["units"].items():
        if n > 0:
            return owner
    return None


def units(g: Table, city: str, owner: str) -> int:
    return g.s["cities"][city]["units"].get(owner, 0)


def add_units(g: Table, city: str, owner: str, n: int) -> None:
    u = city_w(g, city)["units"]
    value = u.get(owner, 0) + n
    if value < 0:
        raise ValueError(f"negative units of {owner} in {city}")
    if value:
        u[owner] = value
    else:
        u.pop(owner, None)


def to_supply(g: Table, owner: str, n: int) -> None:
    """Units back to their supply (a state's or the Saracens')."""
    if owner == SARACEN:
        g.s["saracens"] += n
    else:
        player_w(g, owner)["units"] += n


def from_supply(g: Table, owner: str, n: int) -> int:
    """Take up to ``n`` units from a supply; returns how many were available."""
    if owner == SARACEN:
        k = min(n, g.s["saracens"])
        g.s["saracens"] -= k
    else:
        p = player_w(g, owner)
        k = min(n, p["units"])
        p["units"] -= k
    return k


def cities_of(g: Table, player: str) -> list[str]:
    """The player's city tokens, capital first (CAPITAL-02)."""
    return g.s["players"][player]["cities"]


def capital(g: Table, player: str) -> str | None:
    cs = g.s["players"][player]["cities"]
    return cs[0] if cs else None


def adjacent(g: Table, city: str) -> tuple[str, ...]:
    """Existing neighbours of ``city`` (removed cities do not exist, SETUP-28/29)."""
    cities = g.s["cities"]
    return tuple([n for n in g.c.board.adjacency[city] if not cities[n].get("removed")])


def existing_cities(g: Table) -> list[str]:
    return [c for c, d in g.s["cities"].items() if not d.get("removed")]


_DISTANCES: dict[tuple, tuple[dict, dict[tuple[str, str], int]]] = {}
"""(id(adjacency), removed cities) -> (adjacency, {(a, b): distance}): a distance depends
only on the map and on which cities are removed, so each is searched once."""


def distance(g: Table, a: str, b: str) -> int:
    """Shortest path over existing cities (§3 'closest', SYM-86); large if unreachable."""
    if a == b:
        return 0
    adjacency = g.c.board.adjacency
    removed = frozenset([c for c, d in g.s["cities"].items() if d.get("removed")])
    hit = _DISTANCES.get((id(adjacency), removed))
    if hit is None or hit[0] is not adjacency:
        hit = _DISTANCES[(id(adjacency), removed)] = (adjacency, {})
    known = hit[1]
    d = known.get((a, b))
    if d is None:
        d = known[(a, b)] = _search(g, a, b)
    return d


def _search(g: Table, a: str, b: str) -> int:
    seen = {a}
    frontier = [a]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in adjacent(g, c):
                if n == b:
                    return d
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 99


def units_on_map(g: Table, player: str) -> int:
    return sum(c["units"].get(player, 0) for c in g.s["cities"].values())


# --- turn order (TURN-04/05/07) ---------------------------------------------------------

def turn_order(g: Table, include_automa: bool = False) -> list[str]:
    """Pieces from the rightmost on the sanctity track leftwards.

    Outside Planning the automa's pieces do not count (TURN-07), so by default only the
    players are returned. Eliminated players stay in the order (they may still score).
    """
    pos = g.s["sanctity"]
    pieces = list(g.s["states"])
    if include_automa:
        pieces += g.s["automa"]["pieces"]
    # descending position; equal positions keep their order, as with key=-pos[p]
    return sorted(pieces, key=pos.__getitem__, reverse=True)


def active_players(g: Table) -> list[str]:
    """Players in turn order who may still act (not eliminated, CAPITAL-05)."""
    return [p for p in turn_order(g) if not g.s["players"][p]["eliminated"]]


# --- goods (BUILD-05/06, GLOSS-03/04) ---------------------------------------------------

def goods_total(g: Table, player: str, colour: str | None = None) -> int:
    goods = g.s["players"][player]["goods"]
    if colour:
        return sum(goods.get(colour, (0, 0, 0)))
    return sum(sum(v) for v in goods.values())


def ready_goods(g: Table, player: str, colour: str | None = None) -> int:
    goods = g.s["players"][player]["goods"]
    if colour:
        return goods.get(colour, (0, 0, 0))[0]
    return sum(v[0] for v in goods.values())


def add_good(g: Table, player: str, colour: str, ready: bool = True) -> None:
    row = player_w(g, player)["goods"].setdefault(colour, [0, 0, 0])
    row[0 if ready else 1] += 1


def spend_good(g: Table, player: str, colour: str) -> None:
    row = player_w(g, player)["goods"][colour]
    if row[0] <= 0:
        raise ValueError(f"{player} has no ready {colour} good")
    row[0] -= 1
    row[1] += 1


def remove_good(g: Table, player: str, colour: str) -> None:
    """Take one good of ``colour`` out of the warehouse, giving up the least useful one
    (blocked, then spent, then ready): the owner's best choice (RAID-13, BATTLE-23)."""
    goods = g.s["players"][player]["goods"]
    row = goods.get(colour)
    if not row or not sum(row):
        return
    goods = player_w(g, player)["goods"]
    row = goods[colour]
    for i in (2, 1, 0):
        if row[i]:
            row[i] -= 1
            break
    if not sum(row):
        del goods[colour]


def produced_goods(g: Table, city: str) -> tuple[str, ...]:
    """Goods the city's open sector shows at its current level (BUILD-08)."""
    return g.c.board.cities[city].sector(g.s["cities"][city]["level"]).goods


def city_level(g: Table, city: str) -> int:
    return g.s["cities"][city]["level"]


# --- the log -----------------------------------------------------------------------------

def log(g: Table, key: str, visibility=None, **params) -> None:
    """Add a structured log entry ``(key, params, visibility)``.

    ``visibility`` None = everyone; otherwise a tuple of players who may read it.
    """
    g.log.append((key, params, visibility))
