"""The build order (BUILD-01..12) and placing buildings on the state board (BLDG-01).

Basic build (BUILD-03): a city upgrade (BUILD-04/07/09) and/or one building of level
0–II (BUILD-10), in either order. Enhanced build (BUILD-12): a discount of 2 goods shared
across the basic actions as the player likes, plus one extra building of any level
(0–IV) without discount.
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .activation import new_facts
from .cities import set_level
from .decks import discard
from .flow import Decision, Step, step
from .markets import can_take_any
from .payment import can_pay
from .table import Table
from .triggers import window_during_order

BASIC_MARKETS = ["buildings_0", "buildings_12"]
ALL_MARKETS = ["buildings_0", "buildings_12", "buildings_34"]
MAX_BUILDINGS = 4  # BUILD-11


def upgrade_cost(g: Table, city: str) -> list:
    lvl = g.s["cities"][city]["level"]
    if lvl >= 3:
        return []
    return list(g.c.board.cities[city].sector(lvl).upgrade)


def place_building_options(g: Table, player: str, card: str) -> list:
    """BLDG-01 / BUILD-11: with 4 cells full, discard an old building or the new one."""
    return [Action("discard_building", card=b["card"])
            for b in g.s["players"][player]["buildings"]] + [Action("discard_building",
                                                                     card=card)]


@step
class BuildOrder(Step):
    """BUILD-03..12, BLDG-01, EX-BUILD-1/2. Frame: player, enhanced. Returns facts.

    Stages: ``begin`` → ``menu`` (the build menu) → ``upgraded`` (back from ``pay``) or
    ``took`` (back from ``take_card``; ``replace`` when the 4 cells are full) → ``menu``."""

    name = "order_build"
    start = "begin"

    def _menu(self, g: Table, f):
        player = f["player"]
        left = f["disc"] - f["disc_used"]
        acts = []
        if not f["up"]:
            for c in B.cities_of(g, player):
                if g.s["cities"][c]["level"] < 3 and can_pay(
                        g, player, upgrade_cost(g, c), left, True):
                    acts.append(Action("upgrade", city=c))
        if not f["bb"] and can_take_any(g, player, BASIC_MARKETS, left):
            acts.append(bare("build_building"))
        if f["enhanced"] and not f["bx"] and can_take_any(g, player, ALL_MARKETS, 0):
            acts.append(bare("build_extra"))
        return acts

    def at_begin(self, g: Table, f):
        """The discount for the whole order (EX-BUILD-1: 2 when enhanced) and the basic
        actions still unused."""
        mods = g.s.get("modifiers") or {}
        f["disc"] = (2 if f.get("enhanced") else 0) + int(mods.get("build_discount", 0))
        f["disc_used"] = 0
        f["up"] = f["bb"] = f["bx"] = False
        f["facts"] = new_facts()
        f["at"] = "menu"

    def at_upgraded(self, g: Table, f):
        """Back from paying an upgrade (BUILD-03..05)."""
        res = f.pop("ret")
        f["disc_used"] += res["discount_used"]
        city = f.pop("city")
        if res["paid"]:
            set_level(g, city, g.s["cities"][city]["level"] + 1)
            f["facts"]["upgraded"] += 1
            B.log(g, "city_upgraded", player=f["player"], city=city,
                  level=g.s["cities"][city]["level"])
        f["at"] = "menu"

    def at_took(self, g: Table, f):
        """Back from ``take_card``: the building goes into a free cell, or one must go
        (BLDG-01)."""
        player = f["player"]
        card = f.pop("ret")
        if f.pop("extra_take"):
            f["bx"] = True
        else:
            f["disc_used"] += f.pop("discount_used", 0)
        f.pop("discount_used", None)
        f["at"] = "menu"
        if card is not None:
            f["facts"]["built"] += 1
            B.log(g, "building_built", player=player, card=card)
            blds = g.s["players"][player]["buildings"]
            if len(blds) < MAX_BUILDINGS:
                B.player_w(g, player)["buildings"].append({"card": card, "used": False})
            else:
                f["new"] = card
                f["at"] = "replace"

    def at_replace(self, g: Table, f):
        return Decision(f["player"], "replace_building", {"card": f["new"]},
                        tuple(place_building_options(g, f["player"], f["new"])))

    def at_menu(self, g: Table, f):
        player = f["player"]
        acts = self._menu(g, f)
        if not acts and (f["up"] and f["bb"] or not window_during_order(g, player)):
            g.ret(f["facts"])
            return None
        # (with nothing possible now but a basic action unused, the order stays open while
        # an own-turn effect could still make one possible: TURN-10)
        acts.append(bare("done"))
        return Decision(player, "build", {"discount": f["disc"] - f["disc_used"]},
                        tuple(acts))

    def on_done(self, g: Table, f, a):
        g.ret(f["facts"])

    def on_upgrade(self, g: Table, f, a):
        f["up"] = True
        f["city"] = a.city
        f["at"] = "upgraded"
        g.call("pay", player=f["player"], cost=upgrade_cost(g, a.city),
               discount=f["disc"] - f["disc_used"], optional=False,
               reason="upgrade", own_turn=True)

    def on_build_building(self, g: Table, f, a, extra=False):
        if not extra:
            f["bb"] = True
        f["extra_take"] = extra
        f["at"] = "took"
        g.call("take_card", player=f["player"],
               markets=ALL_MARKETS if extra else BASIC_MARKETS, optional=False,
               discount=0 if extra else f["disc"] - f["disc_used"], free=False,
               own_turn=True, reason="build")

    def on_build_extra(self, g: Table, f, a):
        self.on_build_building(g, f, a, extra=True)

    def on_discard_building(self, g: Table, f, a):  # BLDG-01
        player = f["player"]
        new = f.pop("new")
        blds = B.player_w(g, player)["buildings"]
        if a.card != new:
            for i, b in enumerate(blds):
                if b["card"] == a.card:
                    del blds[i]
                    break
            blds.append({"card": new, "used": False})
        discard(g, a.card)
        B.log(g, "building_discarded", player=player, card=a.card)
        f["at"] = "menu"
