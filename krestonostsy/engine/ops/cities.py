"""Effect ops of the vocabulary section *cities, units, bishops* (SYM-12/13/20/50/55,
GLOSS-08/09, BISHOP-03/05, BLDG-06)."""
from __future__ import annotations

from .. import board as B
from .. import cities as C
from ..actions import Action
from ..effects import (
    OneOf,
    amount,
    bishop_totals,
    chooser_of,
    target_of,
)
from ..flow import Decision, EngineError, Step, step
from ..registry import registrar
from ..state import SARACEN
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def _saracen_cities_adjacent(g: Table, player: str) -> list[str]:
    mine = set(B.cities_of(g, player))
    out = []
    for cid in B.existing_cities(g):
        if cid in mine or B.controller(g, cid) != SARACEN:
            continue
        if any(n in mine for n in B.adjacent(g, cid)):
            out.append(cid)
    return out


# --- cities, units, bishops ---------------------------------------------------------------

@op("upgrade_city")
def op_upgrade_city(g: Table, f, o):
    """SYM-12: raise one of your cities by 1 level for free (``capital: true``: the
    capital)."""
    p = f["player"]
    cs = B.cities_of(g, p)
    if not cs:
        return
    if o.get("capital"):
        if B.city_level(g, cs[0]) < 3:
            _level_change(g, p, cs[0], +1)
        return
    g.call("op_city", mode="upgrade", target=p, chooser=p, n=1)


@op("destroy_city")
def op_destroy_city(g: Table, f, o):
    """SYM-13 outside a battle: the raided city in a raid table, else one of the target's
    cities of its choice (one that can still be lowered), never below 1 (§14.10)."""
    ctx = f["ctx"]
    if ctx.get("raid") and ctx.get("city"):
        city = ctx["city"]
        if B.city_level(g, city) > 1:
            _level_change(g, B.controller(g, city), city, -1)
        return
    t = target_of(g, f, o)
    if t:
        g.call("op_city", mode="destroy", target=t, chooser=chooser_of(f, t), n=1)


@op("prevent_destruction")
def op_prevent_destruction(g: Table, f, o):
    """EX-RESCRIPT-1: the battle city is not lowered at the end (cancels BATTLE-23)."""
    b = g.s.get("battle")
    if b and (f.get("ctx") or {}).get("battle"):
        b["no_destruction"] = True
        B.log(g, "destruction_will_be_prevented", city=b["city"])


@op("place_units")
def op_place_units(g: Table, f, o):
    """SYM-20: place x units from your supply into your cities, split as you like."""
    p = f["player"]
    n = min(amount(g, f, o.get("amount")), g.s["players"][p]["units"])
    if n > 0 and B.cities_of(g, p):
        g.call("op_city", mode="place", target=p, chooser=p, n=n)


@op("discard_units")
def op_discard_units(g: Table, f, o):
    """The target removes x non-last units (GLOSS-08, EX-GLOSS-1) from one city to its
    supply: the raided city in a raid table, else a city of its choice."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if not t or not n:
        return
    ctx = f["ctx"]
    if ctx.get("raid") and ctx.get("city"):
        _discard_units(g, t, ctx["city"], n)
        return
    g.call("op_city", mode="discard", target=t, chooser=chooser_of(f, t), n=n)


def _discard_units(g: Table, player, city, n):
    k = min(n, B.units(g, city, player) - 1)
    if k > 0:
        B.add_units(g, city, player, -k)
        B.to_supply(g, player, k)
        B.log(g, "units_discarded", player=player, city=city, n=k)


def _level_change(g: Table, player, city, delta):
    old = B.city_level(g, city)
    C.set_level(g, city, old + delta)
    new = B.city_level(g, city)
    if new != old:
        B.log(g, "city_upgraded" if delta > 0 else "city_destroyed", player=player,
              city=city, level=new)


@step
class CityChoice(OneOf):
    """Pick a city for upgrade / destroy / place (per unit) / discard units.
    Frame: mode, target, chooser, n. The city must be one where the effect does
    something, if there is one (GLOSS-08: applied as fully as possible)."""

    name = "op_city"

    @staticmethod
    def options(g: Table, f):
        if f["n"] <= 0:
            return []
        t = f["target"]
        cs = B.cities_of(g, t)
        mode = f["mode"]
        if mode == "upgrade":
            return [c for c in cs if B.city_level(g, c) < 3]
        if mode == "destroy":
            return [c for c in cs if B.city_level(g, c) > 1]
        if mode == "place":
            return list(cs) if g.s["players"][t]["units"] > 0 else []
        if mode == "discard":
            return [c for c in cs if B.units(g, c, t) > 1]
        raise EngineError(mode)

    def ask(self, g: Table, f, opts):
        kind = {"upgrade": "upgrade_city", "destroy": "destroy_city", "place": "place_unit",
                "discard": "discard_units"}[f["mode"]]
        return Decision(f["chooser"], kind, {"player": f["target"], "n": f["n"]},
                        tuple(Action(kind, city=c) for c in opts))

    @staticmethod
    def apply(g: Table, f, city):
        t = f["target"]
        mode = f["mode"]
        if mode == "upgrade":
            _level_change(g, t, city, +1)
            f["n"] = 0
        elif mode == "destroy":
            _level_change(g, t, city, -1)
            f["n"] = 0
        elif mode == "place":
            if B.from_supply(g, t, 1):
                B.add_units(g, city, t, 1)
                B.log(g, "units_placed", player=t, city=city, n=1)
            f["n"] -= 1
        else:
            _discard_units(g, t, city, f["n"])
            f["n"] = 0


@op("move_units")
def op_move_units(g: Table, f, o):
    """SYM-50: move up to x of your non-last units from one of your cities to an adjacent
    city you control."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("op_move_units", player=f["player"], n=n)


@step
class MoveUnits(Step):
    """SYM-50. Frame: player, n."""

    name = "op_move_units"

    def run(self, g: Table, f):
        if f.get("done"):
            g.ret()
            return None
        p = f["player"]
        mine = B.cities_of(g, p)
        acts: list[Action] = []
        for a in mine:
            spare = min(f["n"], B.units(g, a, p) - 1)
            if spare <= 0:
                continue
            for b in B.adjacent(g, a):
                if b in mine:
                    acts.extend(Action("move_units", source=a, to=b, n=k)
                                for k in range(1, spare + 1))
        if not acts:
            g.ret()
            return None
        return Decision(p, "move_units", {"n": f["n"]}, tuple(acts) + (Action("skip"),))

    def on_move_units(self, g: Table, f, a):
        f["done"] = True
        B.add_units(g, a.source, f["player"], -a.n)
        B.add_units(g, a.to, f["player"], a.n)
        B.log(g, "units_moved", player=f["player"], frm=a.source, to=a.to, n=a.n)

    def on_skip(self, g: Table, f, a):
        f["done"] = True


@op("bombard")
def op_bombard(g: Table, f, o):
    """GLOSS-09, SYM-55 (EX-GLOSS-2): destroy x non-last Saracen units, one at a time,
    from any Saracen cities adjacent to your cities (the battle city excepted)."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("op_bombard", player=f["player"], n=n)


@step
class Bombard(OneOf):
    """GLOSS-09. Frame: player, n."""

    name = "op_bombard"

    @staticmethod
    def options(g: Table, f):
        if f["n"] <= 0:
            return []
        battle = (g.s.get("battle") or {}).get("city")
        return [c for c in _saracen_cities_adjacent(g, f["player"])
                if c != battle and B.units(g, c, SARACEN) > 1]

    def ask(self, g: Table, f, opts):
        return Decision(f["player"], "bombard", {"n": f["n"]},
                        tuple(Action("bombard", city=c) for c in opts))

    @staticmethod
    def apply(g: Table, f, city):
        B.add_units(g, city, SARACEN, -1)
        B.to_supply(g, SARACEN, 1)
        B.log(g, "bombarded", player=f["player"], city=city, n=1)
        f["n"] -= 1


@op("bishop_actions")
def op_bishop_actions(g: Table, f, o):
    """BISHOP-05: x bishop actions (the ``bishop_actions`` step of prayer.py)."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("bishop_actions", player=f["player"], n=n, only=o.get("only"))


@op("holy_land_check")
def op_holy_land_check(g: Table, f, o):
    """BISHOP-03: reveal the bishops of every contested city, decide its holy land, and
    turn them face down again. Cities with one player's bishops stay hidden."""
    revealed = False
    for cid in B.existing_cities(g):
        totals = bishop_totals(g, cid)
        if len(totals) < 2:
            continue
        best = max(totals.values())
        leaders = [o for o, v in totals.items() if v == best]
        B.log(g, "holy_land_revealed", city=cid,
              bishops=[[o, lvl] for o, lvl, _ in g.s["cities"][cid]["bishops"]],
              holder=leaders[0] if len(leaders) == 1 else None)
        revealed = True
    if revealed:
        g.s["barrier"] += 1  # hidden levels were shown: no undo across this


@op("extra_order")
def op_extra_order(g: Table, f, o):
    """BLDG-06: a basic order of the given type now, without a token on the cross."""
    g.call("order", player=f["player"], order=o["order"], enhanced=False, extra=True)
