"""The Event phase (EVENT-01..11, TURN-05/06/07, §14.27).

Step ``event_phase`` (no frame). ``f["at"]``: ``reveal`` → ``apply`` (the event for each
player in turn order, or the round modifiers) → ``saracens`` (round 1: reveal the first
raid token, EVENT-02; later rounds: reinforcement EVENT-04/05 → raids EVENT-06 → new
target EVENT-08/09) → done. The event card goes to the box (EVENT-07, DISCARD-03):
``g.s["event"]`` names it for the rest of the round (its raid table and modifiers) and it
returns to no deck.
"""
from __future__ import annotations

from . import board as B
from .decks import draw
from .effects import effect_data
from .flow import Step, step
from .state import SARACEN
from .table import Table

HOMS = "homs"


def activation_colour(g: Table) -> str | None:
    """EVENT-03: the colour of the face-up raid token, or None."""
    t = g.s["saracen_track"]
    i = t.get("next")
    if i is None or i >= len(t["tokens"]):
        return None
    return t["tokens"][i]


def reinforce(g: Table, colour: str) -> list[str]:
    """EVENT-04/05: +1 Saracen in every Saracen city of ``colour`` except Homs, in board
    order while the supply lasts (§14.14). Returns the reinforced cities."""
    done = []
    for cid in g.c.board.cities:
        c = g.s["cities"][cid]
        if c.get("removed") or cid == HOMS or g.c.board.cities[cid].colour != colour:
            continue
        if B.controller(g, cid) != SARACEN:
            continue
        if B.from_supply(g, SARACEN, 1) == 0:
            B.log(g, "saracen_supply_empty", city=cid)
            break
        B.add_units(g, cid, SARACEN, 1)
        done.append(cid)
    B.log(g, "saracens_reinforced", cities=done, colour=colour)
    return done


def new_target(g: Table) -> None:
    """EVENT-08/09: the face-up raid token goes to the box, revealing the bonus under it
    (+strength adds up, units per city keeps the highest); the next token is revealed."""
    i = g.s["saracen_track"].get("next")
    if i is None:
        return
    t = B.part_w(g, "saracen_track")
    cells = g.c.board.saracen_cells
    if i < len(cells):
        cell = cells[i]
        if "strength" in cell:
            t["strength"] += int(cell["strength"])
        if "units" in cell:
            t["units"] = max(t["units"], int(cell["units"]))
        B.log(g, "saracen_bonus", cell=i, strength=t["strength"], units=t["units"])
    t.setdefault("boxed", []).append(t["tokens"][i])
    nxt = i + 1
    t["next"] = nxt if nxt < len(t["tokens"]) else None
    if t["next"] is not None:
        B.log(g, "raid_token_revealed", colour=t["tokens"][nxt])


@step
class EventPhase(Step):
    """EVENT-01..11: reveal and resolve the event, then the Saracen actions."""

    name = "event_phase"

    start = "reveal"

    def at_reveal(self, g: Table, f):
        s = g.s
        ev = draw(g, "events")  # a reveal: no undo across it
        s["event"] = ev
        s["modifiers"] = {}
        if ev is not None:
            B.log(g, "event_revealed", card=ev)
        f["done"] = []
        f["at"] = "apply"
        event = g.c.events.get(ev) if ev else None
        if event is not None and event.modifiers:
            s["modifiers"] = dict(event.modifiers)  # until the end of the round

    def at_apply(self, g: Table, f):
        ev = g.s["event"]
        event = g.c.events.get(ev) if ev else None
        if event is None or not event.effect:
            f["at"] = "saracens"
            return
        # TURN-05/06: one player at a time from the right; never twice (TURN-07:
        # the automa is no player; eliminated players take no part, CAPITAL-05)
        for p in B.active_players(g):
            if p not in f["done"]:
                f["done"].append(p)
                g.call("effect", player=p, ops=effect_data(event.effect), ctx={"event": ev})
                return
        f["at"] = "saracens"

    def at_saracens(self, g: Table, f):
        s = g.s
        t = s["saracen_track"]
        if s["round"] <= 1:
            # EVENT-02 / §14.27: no Saracen actions; the first raid token is revealed
            t = B.part_w(g, "saracen_track")
            t["next"] = 0
            B.log(g, "raid_token_revealed", colour=t["tokens"][0])
            f["at"] = "end"
            return
        colour = activation_colour(g)
        if t.get("next") is None and colour is None and s["round"] > 1 \
                and not t.get("boxed"):
            B.part_w(g, "saracen_track")["next"] = 0  # a game entered after round 1
            colour = activation_colour(g)
        f["colour"] = colour
        if colour:
            reinforce(g, colour)
        f["at"] = "new_target"
        g.call("raids", colour=colour)

    def at_new_target(self, g: Table, f):
        new_target(g)
        f["at"] = "end"

    def at_end(self, g: Table, f):
        if g.s["event"]:
            B.log(g, "event_boxed", card=g.s["event"])
        g.ret()

