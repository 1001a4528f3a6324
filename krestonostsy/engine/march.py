"""The march order (MARCH-01..07, §14.23).

Step ``order_march`` (frame: player, enhanced). Returns the order's facts
``{"moved": n, "battle": bool, "won": bool, "target": city}`` (vocabulary.ORDER_FACTS).

Flow (``f["at"]``): ``target`` (choose the target, or replace a governor first when
enhanced, MARCH-05) → ``buy`` (paid extra moves, up to 4, MARCH-01) → ``paying`` →
``move`` (move units source by source, leaving 1 behind, MARCH-03) → ``arrive`` (battle
MARCH-06 / take an empty city §14.9 / nothing for an own city §14.23) → ``after``
(MARCH-05 after the moves) → done.
"""
from __future__ import annotations

from . import board as B
from . import cities as C
from .actions import Action, bare
from .decks import discard
from .flow import Decision, Step, step
from .payment import max_extra_goods
from .table import Table

BASE_MOVES = 4
ENHANCED_MOVES = 2
MAX_PAID = 4


def sources(g: Table, player: str, target: str) -> dict:
    """Own cities adjacent to ``target`` and how many units each can send (MARCH-03)."""
    out = {}
    mine = g.s["players"][player]["cities"]
    cities = g.s["cities"]
    for c in B.adjacent(g, target):
        # the cheap test first (both are plain reads)
        if c in mine and B.controller(g, c) == player:
            n = cities[c]["units"].get(player, 0) - 1
            if n > 0:
                out[c] = n
    return out


def targets(g: Table, player: str) -> list[str]:
    """MARCH-01/07, §14.23: cities adjacent to any of the player's cities (own ones
    included) from which at least one unit can move in (MARCH-02)."""
    own = set(g.s["players"][player]["cities"])
    cand = set()
    for c in own:
        for n in B.adjacent(g, c):
            cand.add(n)
    out = []
    for t in sorted(cand):
        if g.s["cities"][t].get("defender"):
            continue
        if sources(g, player, t):
            out.append(t)
    return out


def free_moves(g: Table, enhanced: bool) -> int:
    return (BASE_MOVES + (ENHANCED_MOVES if enhanced else 0)
            + int(g.s.get("modifiers", {}).get("march_moves", 0)))


def _governor_actions(g: Table, player: str) -> list:
    """MARCH-05: replace one governor in an own city (market or blind draw available)."""
    s = g.s
    if not any(s["markets"]["governors"]) and not s["decks"]["governors"] \
            and not s["discards"]["governors"]:
        return []
    return [Action("replace_governor", city=c, card=s["cities"][c]["governor"])
            for c in s["players"][player]["cities"] if s["cities"][c]["governor"]]


@step
class MarchOrder(Step):
    """Basic/enhanced march (MARCH-01..07). Frame: player, enhanced."""

    name = "order_march"

    start = "target"

    def at_target(self, g: Table, f):
        p = f["player"]
        enhanced = bool(f.get("enhanced"))
        ts = targets(g, p)
        acts = [Action("march_target", city=t) for t in ts]
        if enhanced and not f.get("gov_done"):
            acts += _governor_actions(g, p)
        if not ts:
            if acts:
                acts.append(bare("end_march"))
                return Decision(p, "march_governor", {}, tuple(acts))
            return self._finish(g, f)
        return Decision(p, "march_target", {"moves": free_moves(g, enhanced)}, tuple(acts))

    def at_gov(self, g: Table, f):
        """Back from appoint_governor (MARCH-05): where the march was."""
        f["at"] = f.pop("gov_back")

    def at_buy(self, g: Table, f):
        p, t = f["player"], f["target"]
        movable = sum(sources(g, p, t).values())
        usable = movable - f["moves"]
        k = min(MAX_PAID, usable, max_extra_goods(g, p, MAX_PAID, own_turn=True))
        if k <= 0:
            f["at"] = "move"
            return None
        return Decision(p, "march_buy_moves", {"city": t, "moves": f["moves"]}, tuple(
            Action("buy_moves", n=n) for n in range(k + 1)))

    def at_paying(self, g: Table, f):
        r = f.pop("ret", None) or {}
        if r.get("paid"):
            f["moves"] += f["buying"]
            B.log(g, "march_moves_bought", player=f["player"], n=f["buying"])
        f["at"] = "move"

    def at_move(self, g: Table, f):
        p, t = f["player"], f["target"]
        src = sources(g, p, t)
        left = f["moves"] - f["moved"]
        if left <= 0 or not src:
            return self._arrive(g, f)
        acts = [Action("march_move", city=c, n=n)
                for c in sorted(src) for n in range(1, min(src[c], left) + 1)]
        if f["moved"] > 0:
            acts.append(bare("end_moves"))
        return Decision(p, "march_move", {"target": t, "left": left}, tuple(acts))

    def at_battle(self, g: Table, f):
        r = f.pop("ret", None) or {}
        f["won"] = bool(r.get("attacker_won"))
        f["at"] = "after"

    def at_taken(self, g: Table, f):
        f["at"] = "after"

    def at_after(self, g: Table, f):
        if f.get("enhanced") and not f.get("gov_done"):
            acts = _governor_actions(g, f["player"])
            if acts:
                acts.append(bare("end_march"))
                return Decision(f["player"], "march_governor", {}, tuple(acts))
        return self._finish(g, f)

    def _arrive(self, g: Table, f):
        """MARCH-06 battle, §14.9 empty city taken, §14.23 own city: nothing more."""
        p, t = f["player"], f["target"]
        c = g.s["cities"][t]
        prev = f["prev"]
        if prev in (None, p):
            if prev is None and t not in g.s["players"][p]["cities"]:
                f["at"] = "taken"
                C.gain_city(g, p, t, None)  # trophies without destruction (§14.9)
                return None
            f["at"] = "after"
            return None
        f["battle"] = True
        f["at"] = "battle"
        if "defender" in c:
            B.city_w(g, t).pop("defender")
        g.call("battle", attacker=p, city=t, enhanced=bool(f.get("enhanced")),
               defender=prev)
        return None

    def _finish(self, g: Table, f):
        facts = {"moved": f.get("moved", 0), "battle": bool(f.get("battle")),
                 "won": bool(f.get("won")), "target": f.get("target")}
        g.ret(facts)
        return None

    def on_replace_governor(self, g: Table, f, a):
        f["gov_done"] = True
        c = B.city_w(g, a.city)
        discard(g, c["governor"], "governors")
        B.log(g, "governor_discarded", player=f["player"], city=a.city, card=c["governor"])
        c["governor"] = None
        f["gov_back"] = f["at"]
        f["at"] = "gov"
        g.call("appoint_governor", player=f["player"], city=a.city)

    def on_end_march(self, g: Table, f, a):
        f["gov_done"] = True
        if f["at"] == "target":
            f["at"] = "after"

    def on_march_target(self, g: Table, f, a):
        f["target"] = a.city
        f["prev"] = B.controller(g, a.city)
        f["moves"] = free_moves(g, bool(f.get("enhanced")))
        f["moved"] = 0
        f["at"] = "buy"
        B.log(g, "march_target", player=f["player"], city=a.city)

    def on_buy_moves(self, g: Table, f, a):
        if a.n == 0:
            f["at"] = "move"
        else:
            f["buying"] = a.n
            f["at"] = "paying"
            g.call("pay", player=f["player"], cost=["any"] * a.n, discount=0, optional=True,
                   reason="march_moves", own_turn=True)

    def on_march_move(self, g: Table, f, a):
        p, t = f["player"], f["target"]
        prev = f["prev"]
        if prev not in (None, p):
            # both sides stand in the city; the defender keeps control (RAID-05)
            B.city_w(g, t)["defender"] = prev
        B.add_units(g, a.city, p, -a.n)
        B.add_units(g, t, p, a.n)
        f["moved"] += a.n
        B.log(g, "units_marched", player=p, frm=a.city, city=t, n=a.n)

    def on_end_moves(self, g: Table, f, a):
        f["moves"] = f["moved"]
