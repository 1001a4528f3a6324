"""Cities changing hands and levels (RAID-11..15, BATTLE-23/24, BUILD-09, CAPITAL-04/05,
§14.9, §14.10, §14.16).

Shared functions (see docs/engine.md):

* :func:`lose_city` — a player gives up a city token (RAID-13/14, CAPITAL-04/05);
* :func:`gain_city` — a player takes a city token (BATTLE-24 trophies, §14.9);
* :func:`set_level` — a city's level changes, clamped 1..3 (§14.10), with the goods it
  produces following (BUILD-09 second good, BATTLE-23 surplus good);
* :func:`release_emptied` — a player's city left without units is lost (§14.9).

``lose_city`` and ``gain_city`` may push a decision step (``choose_capital``,
``appoint_governor``). A step that calls them must therefore return ``None`` right after
(so that the pushed step runs) and must not expect ``f["ret"]`` to be its own.
"""
from __future__ import annotations

from . import board as B
from .actions import Action
from .decks import discard
from .flow import Decision, Step, step
from .state import SARACEN
from .table import Table

HOMS = "homs"


def owner_of(g: Table, city: str) -> str | None:
    """The player holding the city's token (the defender during a raid/battle)."""
    for pid, p in g.s["players"].items():
        if city in p["cities"]:
            return pid
    return None


def _take_good(g: Table, player: str, colour: str) -> int | None:
    """Take one good of ``colour`` out of ``player``'s warehouse, the least useful one
    (blocked, then spent, then ready: the owner's dominant choice, BATTLE-24/RAID-13).
    Returns the state index taken (0 ready, 1 spent, 2 blocked) or None."""
    goods = g.s["players"][player]["goods"]
    row = goods.get(colour)
    if not row or not sum(row):
        # a spices good or another colour may stand in only if the exact colour is gone
        return None
    goods = B.player_w(g, player)["goods"]
    row = goods[colour]
    for i in (2, 1, 0):
        if row[i]:
            row[i] -= 1
            if not sum(row):
                del goods[colour]
            return i
    return None


def _put_good(g: Table, player: str, colour: str, state_index: int = 0) -> None:
    row = B.player_w(g, player)["goods"].setdefault(colour, [0, 0, 0])
    row[state_index] += 1


def lose_city(g: Table, player: str, city: str, by: str | None) -> bool:
    """``player`` loses ``city`` (RAID-13/14, RAID-15, CAPITAL-04/05).

    ``by``: the state id that captures it in a battle (its goods and governor are handed
    over by :func:`gain_city`, which calls this), ``"saracen"`` for a raid capture, or None
    for a city left empty (§14.9). In the last two cases the goods the city produces go
    back to the map (RAID-13) and its governor is discarded (RAID-14, DISCARD-01).

    Returns True if a decision step (``choose_capital``) was pushed.
    """
    s = g.s
    p = s["players"][player]
    if city not in p["cities"]:
        return False
    p = B.player_w(g, player)  # written below (before anything else may copy it)
    was_capital = p["cities"][0] == city
    if by is None or by == SARACEN:
        c = B.city_w(g, city)
        for colour in B.produced_goods(g, city):
            _take_good(g, player, colour)
        c["goods"] = len(B.produced_goods(g, city))
        if c["governor"]:
            B.part_w(g, "discards")["governors"].append(c["governor"])
            B.log(g, "governor_discarded", player=player, city=city, card=c["governor"])
            c["governor"] = None
    p["cities"].remove(city)
    if city == HOMS:
        s["homs_card"] = by if by not in (None, SARACEN) else None
    B.log(g, "city_lost", player=player, city=city, by=by)
    if not p["cities"]:
        # CAPITAL-05: crusader defeat; this round becomes the last one
        p["eliminated"] = True
        s["last_round"] = True
        B.log(g, "player_eliminated", player=player)
        return False
    if was_capital:
        if len(p["cities"]) == 1:
            B.log(g, "capital_moved", player=player, city=p["cities"][0])
            return False
        g.call("choose_capital", player=player)  # CAPITAL-04
        return True
    return False


def gain_city(g: Table, player: str, city: str, from_player: str | None) -> bool:
    """``player`` takes ``city`` (BATTLE-24 trophies; §14.9 an empty city).

    Goods: from ``from_player``'s warehouse in whatever state they are in (the previous
    owner gives the least useful tokens, their dominant choice), or from the map, ready.
    The governor is then kept/replaced or appointed from the market (step
    ``appoint_governor``). The Homs card follows Homs (§14.16).
    Returns True if a decision step was pushed.
    """
    s = g.s
    c = s["cities"][city]
    produced = B.produced_goods(g, city)
    if from_player:
        for colour in produced:
            i = _take_good(g, from_player, colour)
            if i is not None:
                _put_good(g, player, colour, i)
    else:
        for colour in produced[:c["goods"]]:
            _put_good(g, player, colour, 0)
        B.city_w(g, city)["goods"] = 0
    B.player_w(g, player)["cities"].append(city)
    if city == HOMS:
        s["homs_card"] = player
    B.log(g, "city_gained", player=player, city=city, frm=from_player)
    g.call("appoint_governor", player=player, city=city)
    if from_player:
        lose_city(g, from_player, city, by=player)
    return True


def set_level(g: Table, city: str, level: int) -> int:
    """Set ``city``'s level, clamped to 1..3 (§14.10); returns the new level.

    Goods follow the open sector (BUILD-08): a second good gained at level 3 goes ready
    into the owner's warehouse at once (BUILD-09); a good no longer produced is discarded
    by the owner, spent or blocked ones first (BATTLE-23). A city without an owner keeps
    its goods on the map.
    """
    level = max(1, min(3, int(level)))
    c = g.s["cities"][city]
    old = c["level"]
    if level == old:
        return level
    c = B.city_w(g, city)
    before = list(B.produced_goods(g, city))
    c["level"] = level
    after = list(B.produced_goods(g, city))
    owner = owner_of(g, city)
    gained = list(after)
    lost = []
    for colour in before:
        if colour in gained:
            gained.remove(colour)
        else:
            lost.append(colour)
    if owner:
        for colour in gained:
            _put_good(g, owner, colour, 0)
        for colour in lost:
            _take_good(g, owner, colour)
    else:
        c["goods"] = max(0, c["goods"] + len(gained) - len(lost))
    B.log(g, "city_level", city=city, level=level, old=old)
    return level


def release_emptied(g: Table, city: str) -> bool:
    """§14.9: a player's city with none of their units left (not captured) is lost as in
    RAID-13/14; it becomes nobody's city. Returns True if a step was pushed."""
    owner = owner_of(g, city)
    if owner and not g.s["cities"][city].get("defender") and B.units(g, city, owner) <= 0:
        return lose_city(g, owner, city, by=None)
    return False


# --- steps ------------------------------------------------------------------------------

@step
class ChooseCapital(Step):
    """CAPITAL-04: a player who lost the capital moves it to one of their cities (the
    token goes to the leftmost cell). Frame: player."""

    name = "choose_capital"

    def run(self, g: Table, f):
        p = f["player"]
        cities = g.s["players"][p]["cities"]
        if len(cities) <= 1:
            g.ret()
            return None
        return Decision(p, "choose_capital", {}, tuple(
            Action("choose_capital", city=c) for c in cities))

    def on_choose_capital(self, g: Table, f, a):
        p = f["player"]
        cities = B.player_w(g, p)["cities"]
        cities.remove(a.city)
        cities.insert(0, a.city)
        B.log(g, "capital_moved", player=p, city=a.city)
        g.ret()


def _market_governors(g: Table) -> list[tuple[int, str]]:
    return [(i, c) for i, c in enumerate(g.s["markets"]["governors"]) if c]


@step
class AppointGovernor(Step):
    """BATTLE-24: the captor keeps or replaces the city's governor, or appoints one from
    the governor market if the city has none (market not refilled). Frame: player, city.
    Takes it with ``take_card`` (markets.py, with the MARKET-02 blind draw)."""

    name = "appoint_governor"
    start = "start"

    def at_start(self, g: Table, f):
        """Keep or replace the governor there is; none: take one at once."""
        p, city = f["player"], f["city"]
        c = g.s["cities"][city]
        if not c["governor"]:
            f["at"] = "take"
            return None
        if not _market_governors(g) and not g.s["decks"]["governors"]:
            g.ret()
            return None
        return Decision(p, "keep_governor", {"city": city}, (
            Action("keep_governor", city=city, card=c["governor"]),
            Action("replace_governor", city=city, card=c["governor"])))

    def at_take(self, g: Table, f):
        f["at"] = "taken"
        g.call("take_card", player=f["player"], markets=["governors"], optional=False,
               discount=0, free=True)

    def at_taken(self, g: Table, f):
        card = f.get("ret")
        if card:
            B.city_w(g, f["city"])["governor"] = card
            B.log(g, "governor_appointed", player=f["player"], city=f["city"], card=card)
        g.ret()

    def on_keep_governor(self, g: Table, f, a):
        g.ret()

    def on_replace_governor(self, g: Table, f, a):
        c = B.city_w(g, f["city"])
        discard(g, c["governor"], "governors")
        B.log(g, "governor_discarded", player=f["player"], city=f["city"], card=c["governor"])
        c["governor"] = None
        f["at"] = "take"
