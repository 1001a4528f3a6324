"""The muster order (MUSTER-01..07) and keeping the hand at 5 tactics (``discard_tactics``).

Basic muster (MUSTER-02): hire (MUSTER-03: 2 units + 1 per extra good, 0..4) and/or learn
up to 2 level I–II tactics (MUSTER-04), in either order. Enhanced (MUSTER-07): a discount
of 2 goods shared across the basic actions, plus one extra tactic of any level without
discount. Afterwards the hand goes back to 5 (MUSTER-05/06).
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .activation import new_facts
from .decks import discard
from .flow import Decision, Step, step
from .markets import can_take_any
from .payment import max_extra_goods
from .table import Table

HAND = 5
BASIC_MARKETS = ["tactics_12"]
ALL_MARKETS = ["tactics_12", "tactics_34"]


def is_starting(g: Table, card: str) -> bool:
    t = g.c.tactics.get(card)
    return bool(t and t.starting)


@step
class DiscardTactics(Step):
    """MUSTER-05/06, DISCARD-01/02: discard down to 5; starting tactics go to the personal
    discard, the others face up under their deck. Frame: player."""

    name = "discard_tactics"

    def run(self, g: Table, f):
        hand = g.s["players"][f["player"]]["tactics"]
        if len(hand) <= HAND:
            g.ret()
            return None
        return Decision(f["player"], "discard_tactic", {"hand": HAND},
                        tuple(Action("discard_tactic", card=t) for t in hand))

    def on_discard_tactic(self, g: Table, f, a):
        p = B.player_w(g, f["player"])
        p["tactics"].remove(a.card)
        if is_starting(g, a.card):
            p["personal_discard"].append(a.card)
        else:
            discard(g, a.card)
        B.log(g, "tactic_discarded", player=f["player"], card=a.card)


def hire_room(g: Table, player: str) -> int:
    """Units the player could place: the supply (MUSTER-03: an empty supply places none)."""
    return g.s["players"][player]["units"]


@step
class MusterOrder(Step):
    """MUSTER-02..07, EX-MUSTER-1. Frame: player, enhanced. Returns facts (hired, learned)."""

    name = "order_muster"

    def _menu(self, g: Table, f):
        player = f["player"]
        left = f["disc"] - f["disc_used"]
        acts = []
        if not f["hire"] and B.cities_of(g, player) and hire_room(g, player) > 0:
            acts.append(bare("hire"))
        if f["learn"] < 2 and not f["learn_done"] and can_take_any(
                g, player, BASIC_MARKETS, left):
            acts.append(bare("learn"))
        if f["enhanced"] and not f["lx"] and can_take_any(g, player, ALL_MARKETS, 0):
            acts.append(bare("learn_extra"))
        return acts

    def run(self, g: Table, f):
        if "disc" not in f:
            f["disc"] = 2 if f.get("enhanced") else 0
            f["disc_used"] = 0
            f["hire"] = False
            f["learn"] = 0
            f["learn_done"] = False
            f["lx"] = False
            f["facts"] = new_facts()
            f["at"] = "menu"
        return super().run(g, f)

    def at_menu(self, g: Table, f):
        acts = self._menu(g, f)
        if not acts:
            return self._finish(g, f)
        acts.append(bare("done"))
        return Decision(f["player"], "muster", {"discount": f["disc"] - f["disc_used"]},
                        tuple(acts))

    def at_hire_goods(self, g: Table, f):
        player = f["player"]
        room = hire_room(g, player)
        mods = g.s.get("modifiers") or {}
        base = 2 + int(mods.get("hire_units", 0))
        k = min(max_extra_goods(g, player, 4, f["disc"] - f["disc_used"], True),
                max(0, room - base))
        if k == 0:
            return self._start_place(g, f, 0)
        return Decision(player, "hire_goods", {"max": k},
                        tuple(Action("extra_goods", n=n) for n in range(k + 1)))

    def at_hire_paid(self, g: Table, f):
        res = f.pop("ret")
        f["disc_used"] += res["discount_used"]
        return self._start_place(g, f, f["extra"] if res["paid"] else 0)

    def at_place(self, g: Table, f):
        player = f["player"]
        cities = [c for c in B.cities_of(g, player)]
        if f["to_place"] > 0 and g.s["players"][player]["units"] > 0 and cities:
            if len(cities) == 1:
                self._place(g, f, cities[0])
                return None
            return Decision(player, "place_unit", {"left": f["to_place"]},
                            tuple(Action("place_unit", city=c) for c in cities))
        f["at"] = "menu"
        return self.at_menu(g, f)

    def at_took(self, g: Table, f):
        player = f["player"]
        card = f.pop("ret")
        extra = f.pop("extra_take")
        used = f.pop("discount_used", 0)
        if not extra:
            f["disc_used"] += used
        if card is not None:
            B.player_w(g, player)["tactics"].append(card)
            f["facts"]["learned"] += 1
            B.log(g, "tactic_learned", player=player, card=card)
            if not extra:
                f["learn"] += 1
                if f["learn"] < 2 and can_take_any(g, player, BASIC_MARKETS,
                                                   f["disc"] - f["disc_used"]):
                    return self._learn(g, f, optional=True)
        if not extra:
            f["learn_done"] = True  # MUSTER-04: one action of up to 2 tactics
        f["at"] = "menu"
        return self.at_menu(g, f)

    def at_discarded(self, g: Table, f):
        f.pop("ret", None)
        g.ret(f["facts"])

    def _finish(self, g: Table, f):
        f["at"] = "discarded"
        g.call("discard_tactics", player=f["player"])
        return None

    def _start_place(self, g: Table, f, extra):
        mods = g.s.get("modifiers") or {}
        n = 2 + extra + int(mods.get("hire_units", 0))
        f["to_place"] = min(n, g.s["players"][f["player"]]["units"])
        f["facts"]["hired"] = f["to_place"]
        f["at"] = "place"
        return None

    def _place(self, g: Table, f, city):
        player = f["player"]
        B.from_supply(g, player, 1)
        B.add_units(g, city, player, 1)
        f["to_place"] -= 1
        B.log(g, "unit_placed", player=player, city=city)

    def _learn(self, g: Table, f, optional):
        extra = f["at"] == "learn_extra"
        f["extra_take"] = extra
        f["at"] = "took"
        g.call("take_card", player=f["player"], markets=ALL_MARKETS if extra else BASIC_MARKETS,
               optional=optional, discount=0 if extra else f["disc"] - f["disc_used"],
               free=False, own_turn=True, reason="learn")
        return None

    def on_done(self, g: Table, f, a):
        self._finish(g, f)

    def on_hire(self, g: Table, f, a):
        f["hire"] = True
        f["at"] = "hire_goods"

    def on_extra_goods(self, g: Table, f, a):
        f["extra"] = a.n
        if a.n:
            f["at"] = "hire_paid"
            g.call("pay", player=f["player"], cost=["any"] * a.n,
                   discount=f["disc"] - f["disc_used"], optional=False, reason="hire",
                   own_turn=True)
        else:
            self._start_place(g, f, 0)

    def on_place_unit(self, g: Table, f, a):
        self._place(g, f, a.city)

    def on_learn(self, g: Table, f, a):
        f["at"] = "learn"
        self._learn(g, f, optional=False)

    def on_learn_extra(self, g: Table, f, a):
        f["lx"] = True
        f["at"] = "learn_extra"
        self._learn(g, f, optional=False)
