"""Effect ops of the vocabulary section *campaign components*: the warlord of «Восход
полумесяца» (SYM-91/92, SYM-86; docs/campaign.md §9, CAMP-S4-*).

The piece is ``g.s["components"]["warlord"]``::

    city      the city he stands in, or None (off the map: in Mosul)
    card      the face-up warlord card (its target and value), or None
    target    that card's target city as played in this line-up (CAMP-S4-02), or None
    deck      the warlord cards still face down, top last (hidden order: a count in views)
    discard   the warlord cards already played, in order (face up)

set up by ``engine/components/warlord.py`` and played by the hook ``zengi``
(``engine/hooks/rise_of_the_crescent.py``). The cards' effect is ``[warlord_move
towards its target, warlord_attack with its value]`` (``content.models.WarlordCard``);
the ops do nothing in a game without the warlord.

* ``warlord_move`` (CAMP-S4-02): ``amount`` times one city along the shortest path
  towards ``towards`` (SYM-86; ties: the map's order), never into a city crusaders hold;
  the Saracens of his city but one march with him (with none, only into a Saracen city). Off the map he first re-enters in the
  Saracen city nearest his target.
* ``warlord_attack`` (CAMP-S4-03): if the next city on his way is a crusader city, the
  Saracens of his city but one and ``amount`` more from the supply attack it — the battle
  ``warlord_battle``, whose Saracen hand is the top 5 of the Saracen deck, face up
  (SYM-92); otherwise ``amount`` Saracens from the supply join his city.
"""
from __future__ import annotations

from .. import board as B
from .. import cities as C
from ..battle import Battle, saracen_candidates
from ..effects import is_player
from ..flow import step
from ..hooks.terrain import apply_terrain
from ..registry import registrar
from ..state import SARACEN
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def warlord(g: Table):
    """``(state part, data)`` of the game's warlord, or ``(None, None)``."""
    part = (g.s.get("components") or {}).get("warlord")
    if part is None:
        return None, None
    return part, g.rules.scenario.components["warlord"]


def played_target(g: Table, city: str) -> str:
    """CAMP-S4-02: a target absent in this line-up (SETUP-28/29) is replaced by the
    existing city nearest to it (ties: the map's order)."""
    if not g.s["cities"][city].get("removed"):
        return city
    adjacency = g.c.board.adjacency
    best = None
    seen, frontier = {city}, [city]
    while frontier and best is None:  # breadth first over the whole map, removed or not
        nxt = []
        for c in frontier:
            for n in adjacency[c]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        found = [c for c in g.c.board.cities if c in nxt and not g.s["cities"][c].get("removed")]
        best = found[0] if found else None
        frontier = nxt
    return best or city


def step_towards(g: Table, frm: str, target: str) -> str | None:
    """SYM-86: the neighbour of ``frm`` one step nearer ``target`` along a shortest
    path (the first in the map's order when several are), or None at the target."""
    if frm == target:
        return None
    d = B.distance(g, frm, target)
    near = set(B.adjacent(g, frm))
    for c in g.c.board.cities:
        if c in near and B.distance(g, c, target) == d - 1:
            return c
    return None


def is_crusader_city(g: Table, city: str) -> bool:
    return is_player(g, B.controller(g, city))


def enter(g: Table, part: dict, target: str) -> bool:
    """CAMP-S4-04: off the map, the warlord re-enters in the Saracen city nearest his
    target (ties: the map's order). False when no city is Saracen."""
    cities = [c for c in g.c.board.cities if not g.s["cities"][c].get("removed")
              and B.controller(g, c) == SARACEN]
    if not cities:
        B.log(g, "warlord_absent")
        return False
    city = min(cities, key=lambda c: B.distance(g, c, target))
    part["city"] = city
    B.log(g, "warlord_entered", city=city)
    return True


def drive_out(g: Table) -> bool:
    """CAMP-S4-04: a warlord whose city is no longer the Saracens' (crusaders took it)
    leaves the map. True if he left."""
    part, _data = warlord(g)
    if part is None or part["city"] is None or B.controller(g, part["city"]) == SARACEN:
        return False
    B.log(g, "warlord_driven_out", city=part["city"])
    part["city"] = None
    return True


@op("warlord_move")
def op_warlord_move(g: Table, f, o):
    """CAMP-S4-02: move ``amount`` cities towards ``towards`` (see the module doc)."""
    part, _data = warlord(g)
    if part is None:
        return
    target = played_target(g, o["towards"])
    for _ in range(int(o.get("amount", 1))):
        if part["city"] is None:
            if not enter(g, part, target):
                return
            continue
        nxt = step_towards(g, part["city"], target)
        if nxt is None or is_crusader_city(g, nxt):
            return  # at his target, or before a crusader city (the attack)
        frm = part["city"]
        k = max(0, B.units(g, frm, SARACEN) - 1)  # the non-last Saracens march with him
        if not k and B.controller(g, nxt) != SARACEN:
            return  # never alone into an empty city: his city is always a Saracen one
        if k:
            B.add_units(g, frm, SARACEN, -k)
            B.add_units(g, nxt, SARACEN, k)
        part["city"] = nxt
        B.log(g, "warlord_moved", frm=frm, city=nxt, n=k)


@op("warlord_attack")
def op_warlord_attack(g: Table, f, o):
    """CAMP-S4-03: attack the crusader city on the way, or levy (see the module doc)."""
    part, _data = warlord(g)
    if part is None or part["city"] is None:
        return
    n = int(o.get("amount", 0))
    nxt = step_towards(g, part["city"], part["target"]) if part["target"] else None
    if nxt is not None and is_crusader_city(g, nxt):
        g.call("warlord_battle", city=nxt, frm=part["city"], levy=n)
        return
    k = B.from_supply(g, SARACEN, n)
    if k:
        B.add_units(g, part["city"], SARACEN, k)
    B.log(g, "warlord_levy", city=part["city"], n=k)


def terrain_on(g: Table) -> bool:
    """Is the advanced mode's terrain switched on in this game (CAMP-10)?"""
    return "terrain" in g.rules.scenario.hooks or "terrain" in getattr(g.rules, "extra_hooks", ())


@step
class WarlordBattle(Battle):
    """CAMP-S4-03: the warlord attacks crusader city ``city`` from ``frm`` with the
    non-last Saracens there and ``levy`` from the supply. The Saracens attack: their hand
    is the top 5 cards of the Saracen deck, face up (SYM-92, ``battle["warlord"]``), played
    by the other state whose cities are nearest (BATTLE-02; ties: turn order); the defender
    maneuvers first as always (BATTLE-05). Won by the Saracens, the city is theirs as after
    a raid (RAID-12..15) and the warlord moves in; lost, the Saracens retreat
    (BATTLE-22) and he stays where he was. Frame: city, frm, levy."""

    name = "warlord_battle"

    def at_start(self, g: Table, f):
        city, frm = f["city"], f["frm"]
        dfn = B.controller(g, city)
        moved = max(0, B.units(g, frm, SARACEN) - 1)
        levy = B.from_supply(g, SARACEN, f["levy"])
        if moved + levy <= 0:
            B.log(g, "warlord_no_army", city=city)
            g.ret(None)
            return None
        B.add_units(g, frm, SARACEN, -moved)
        B.add_units(g, city, SARACEN, moved + levy)
        B.city_w(g, city)["defender"] = dfn
        f["attacker"], f["defender"] = SARACEN, dfn
        order = B.turn_order(g)
        cands = sorted(saracen_candidates(g, dfn, city), key=order.index)
        g.s["battle"] = {
            "city": city, "attacker": SARACEN, "defender": dfn,
            "saracen_player": cands[0] if cands else None, "marker": 0, "enhanced": False,
            "saracen_hand": [], "slots": [], "returned": [],
            "maneuvers": {"attacker": 0, "defender": 0}, "active": None, "protected": [],
            "lost": [], "no_destruction": False, "stage": "setup", "winner": None,
            "warlord": True}
        B.log(g, "warlord_attacks", city=city, frm=frm, player=dfn, n=moved + levy)
        B.log(g, "battle_started", player=SARACEN, city=city, defender=dfn)
        f["at"] = "deal"
        return None

    def at_deal(self, g: Table, f):
        """The base opening (the Saracen hand dealt face up, the track's strength on the
        attacking Saracens' side) and, in the advanced mode, the terrain (CAMP-10)."""
        super().at_deal(g, f)
        if terrain_on(g):
            apply_terrain(g, g.s["battle"])
        return None

    def take_trophies(self, g: Table, b: dict) -> None:
        """The Saracens won: the city is theirs as after a raid and the warlord moves in."""
        part, _data = warlord(g)
        city = b["city"]
        B.log(g, "warlord_took", city=city, player=b["defender"])
        if part is not None:
            part["city"] = city
        C.lose_city(g, b["defender"], city, by=SARACEN)

    def result(self, b: dict, won: bool) -> dict:
        return {**super().result(b, won), "city": b["city"], "defender": b["defender"]}
