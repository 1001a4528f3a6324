"""Saracen raids (RAID-01..15, EVENT-06, GLOSS-08, §14.8, §14.9, §14.15).

Step ``raids`` (frame: colour). Targets are the crusader cities of the activation colour,
plus Homs whenever a crusader holds it (RAID-04). Players are taken in turn order, one
player's raids fully finished before the next (RAID-06, TURN-05/06); a player with
several targets chooses the order (RAID-07). For each target:

``begin``   1 (or 2/3 with the track bonus, EVENT-09) non-last Saracen from each adjacent
            Saracen city moves in (RAID-02, GLOSS-08); the defender keeps control (RAID-05).
            §14.8: without movers the raid still resolves (option ``raid_without_movers``
            = "resolve") or is skipped ("skip"). A ``raid_rescripts`` hook (triggers.py)
            is offered to the defender here if it exists.
``resolve`` city strength = units + level (+ "defence" modifier); raid strength = movers +
            track strength (+ "raid_strength" modifier) (RAID-08). Difference ≤ 0: capture
            (RAID-11..15); else the current event's raid table result runs through the
            ``effect`` step with ctx ``{"city", "raid": True}`` (RAID-09).
``return``  the raiders go back where they came from (RAID-10); a city left without units
            is lost (§14.9).
"""
from __future__ import annotations

import json

from . import board as B
from . import cities as C
from .actions import Action
from .flow import Decision, Step, step
from .state import SARACEN
from .table import Table

HOMS = "homs"


def targets_of(g: Table, player: str, colour: str | None) -> list[str]:
    """RAID-01/04: the player's cities of ``colour``, and Homs if they hold it."""
    out = []
    for cid in g.s["players"][player]["cities"]:
        if B.controller(g, cid) != player:
            continue
        if (colour and g.c.board.cities[cid].colour == colour) or cid == HOMS:
            out.append(cid)
    return out


def movers(g: Table, target: str) -> dict:
    """RAID-02, EVENT-09, GLOSS-08: non-last Saracens from each adjacent Saracen city."""
    per = g.s["saracen_track"]["units"]
    out = {}
    for c in B.adjacent(g, target):
        if B.controller(g, c) != SARACEN or g.s["cities"][c].get("defender"):
            continue
        k = min(per, B.units(g, c, SARACEN) - 1)
        if k > 0:
            out[c] = k
    return out


def raid_strengths(g: Table, target: str, owner: str, moved: int) -> tuple[int, int]:
    """RAID-08: (city strength, raid strength)."""
    mods = g.s.get("modifiers") or {}
    city = B.units(g, target, owner) + B.city_level(g, target) + int(mods.get("defence", 0))
    raid = moved + g.s["saracen_track"]["strength"] + int(mods.get("raid_strength", 0))
    return city, raid


@step
class Raids(Step):
    """RAID-01..15 for the activation colour. Frame: colour.

    Stages: ``next_player`` (players in turn order with a raided city) → ``next_target``
    (the player orders their raided cities) → ``begin`` (the raiders move in; raid
    rescripts) → ``resolve`` (the strengths) → ``captured`` or ``return`` → the next
    target."""

    name = "raids"
    start = "next_player"

    def at_next_player(self, g: Table, f):
        done = f.setdefault("done", [])
        for p in B.active_players(g):
            if p in done:
                continue
            done.append(p)
            ts = targets_of(g, p, f.get("colour"))
            if ts:
                f["player"] = p
                f["queue"] = ts
                f["at"] = "next_target"
                return None
        g.ret()
        return None

    def at_next_target(self, g: Table, f):
        p = f["player"]
        q = [t for t in f["queue"] if t in targets_of(g, p, f.get("colour"))]
        f["queue"] = q
        if not q:
            f["at"] = "next_player"
            return None
        if len(q) == 1:
            self._pick(g, f, q[0])
            return None
        return Decision(p, "raid_order", {}, tuple(Action("raid_city", city=c) for c in q))

    def _pick(self, g: Table, f, city):
        f["queue"].remove(city)
        f["target"] = city
        f["at"] = "begin"

    def on_raid_city(self, g: Table, f, a):
        self._pick(g, f, a.city)

    def at_begin(self, g: Table, f):
        p, t = f["player"], f["target"]
        mv = movers(g, t)
        f["movers"] = mv
        total = sum(mv.values())
        if not total and g.s["options"].get("raid_without_movers", "resolve") == "skip":
            B.log(g, "raid_skipped", player=p, city=t)
            f["at"] = "next_target"
            return None
        B.city_w(g, t)["defender"] = p
        for src, k in mv.items():
            B.add_units(g, src, SARACEN, -k)
            B.add_units(g, t, SARACEN, k)
        B.log(g, "raid", player=p, city=t, sources=dict(mv), n=total)
        f["at"] = "resolve"
        g.call("raid_rescripts", player=p, city=t)
        return None

    def at_resolve(self, g: Table, f):
        p, t = f["player"], f["target"]
        city, raid = raid_strengths(g, t, p, sum(f["movers"].values()))
        city += int(f.pop("defence", 0))  # raid rescripts (effects.py op_raid_defence)
        diff = city - raid
        f["diff"] = diff
        B.log(g, "raid_strength", player=p, city=t, defence=city, raid=raid, difference=diff)
        if diff <= 0 or B.units(g, t, p) <= 0:
            # RAID-09/11: captured; all the player's units retreat to ONE adjacent own
            # city chosen by the owner (§14.15), or are destroyed
            f["at"] = "captured"
            n = B.units(g, t, p)
            if n:
                g.call("retreat_units", owner=p, frm=t, n=n, chooser=p, reason="raid")
            return None
        f["at"] = "return"
        ev = g.c.events.get(g.s["event"]) if g.s.get("event") else None
        row = None
        if ev is not None:
            try:
                row = ev.raid_result(diff)
            except KeyError:
                row = None
        if row is None or not row.effect:
            B.log(g, "raid_no_result", player=p, city=t, difference=diff)
            return None
        g.call("effect", player=p, ops=json.loads(json.dumps(list(row.effect))),
               ctx={"city": t, "raid": True, "event": g.s["event"]})
        return None

    def at_captured(self, g: Table, f):
        """RAID-12..15: the Saracens stay; the level is not reduced; goods back to the
        map, governor discarded, token returned; CAPITAL-04/05."""
        p, t = f["player"], f["target"]
        B.city_w(g, t).pop("defender", None)
        B.log(g, "raid_captured", player=p, city=t)
        f["at"] = "next_target"
        C.lose_city(g, p, t, by=SARACEN)
        return None

    def at_return(self, g: Table, f):
        """RAID-10: the raiders go home; §14.9 a city left empty is lost."""
        p, t = f["player"], f["target"]
        for src, k in f["movers"].items():
            k = min(k, B.units(g, t, SARACEN))
            B.add_units(g, t, SARACEN, -k)
            B.add_units(g, src, SARACEN, k)
        B.city_w(g, t).pop("defender", None)
        B.log(g, "raiders_returned", city=t)
        f["at"] = "next_target"
        if B.units(g, t, p) <= 0 and t in g.s["players"][p]["cities"]:
            C.release_emptied(g, t)
        return None
