"""The Planning phase (PLAN-*), the automa (AUTOMA-*) and the Homs placement (HOMS-01).

Placement turns follow the sanctity track including the automa's fixed pieces on the
rightmost cells (PLAN-01, AUTOMA-02/09): in a 3-player game the automa places 1st and
5th, in a 2-player game 1st, 2nd, 5th and 6th. Each player places 2 tokens.
"""
from __future__ import annotations

from . import board as B
from . import rng
from .actions import Action
from .decks import draw
from .flow import Decision, Step, step
from .state import AUTOMA, CROSS_ORDERS
from .table import Table


def stack_fee(g: Table) -> int:
    """Coins per covered token (PLAN-06), changed by event round modifiers."""
    mods = g.s.get("modifiers") or {}
    if mods.get("free_stacking"):
        return 0
    return int(mods.get("stacking_cost", 1))


# Every placement there can be, built once: Planning asks at every placement, and building
# eight Action objects was most of the cost of asking (actions are immutable values, so
# one object serves every game).
_PLACEMENTS = {(order, cell): Action("place_order", order=order, cell=cell)
               for order in CROSS_ORDERS for cell in ("inner", "outer")}
_HOMS_PLACEMENTS = {order: Action("place_order", order=order, cell="inner", homs=True)
                    for order in CROSS_ORDERS}


def placement_options(g: Table, player: str) -> list:
    """Every legal placement of ``player`` now (PLAN-03..10, HOMS-01); [] = skip (PLAN-07)."""
    s = g.s
    p = s["players"][player]
    fee = stack_fee(g)
    no_outer = bool((s.get("modifiers") or {}).get("no_outer_cells"))
    homs = (s.get("homs_card") == player and not p["homs_used"]
            and not s["cities"]["homs"].get("removed") and B.controller(g, "homs") == player)
    opts = []
    for order in CROSS_ORDERS:
        if order not in p["orders"]:
            continue  # PLAN-10: still on the cross from last round
        cell = s["cross"][order]
        covered = 0
        for owner, _e in cell["inner"]:
            if owner != player:
                covered += 1
        cost = fee * covered
        if p["coins"] >= cost:
            opts.append(_PLACEMENTS[order, "inner"])
            if homs:
                opts.append(_HOMS_PLACEMENTS[order])
        if not p["outer_used"] and cell["outer"] is None and not no_outer \
                and order not in g.rules.setup.blocked_cross:  # a scenario's blocked cell
            opts.append(_PLACEMENTS[order, "outer"])
    return opts


def _pay_for_stack(g: Table, payer: str, order: str) -> None:
    """PLAN-06 / AUTOMA-06 / §14.5: 1 coin per covered token, to its owner; coins to or
    from the automa go through the general supply; covering your own token is free."""
    fee = stack_fee(g)
    if not fee:
        return
    for owner, _enh in g.s["cross"][order]["inner"]:
        if owner == payer:
            continue
        if payer != AUTOMA:
            B.player_w(g, payer)["coins"] -= fee
        if owner != AUTOMA:
            B.player_w(g, owner)["coins"] += fee
        B.log(g, "stack_payment", payer=payer, owner=owner, coins=fee, order=order)


def draw_spy(g: Table, player: str) -> str | None:
    """PLAN-08: the top spy card into the player's hand (kept hidden, SPY-09)."""
    card = draw(g, "spies")
    if card is None:
        return None
    B.player_w(g, player)["spies_hand"].append(card)
    B.log(g, "spy_drawn", player=player)
    B.log(g, "spy_drawn_card", visibility=(player,), player=player, card=card)
    return card


def place(g: Table, player: str, order: str, cell: str, homs: bool = False) -> str | None:
    """Put the token on the cross; returns the spy drawn for an outer cell (or None)."""
    p = B.player_w(g, player)
    p["orders"].remove(order)
    if cell == "outer":
        B.part_w(g, "cross")[order]["outer"] = [player, True]
        p["outer_used"] = True
        B.log(g, "order_placed", player=player, order=order, cell="outer")
        return draw_spy(g, player)
    _pay_for_stack(g, player, order)
    B.part_w(g, "cross")[order]["inner"].append([player, bool(homs)])
    if homs:
        p["homs_used"] = True
    B.log(g, "order_placed", player=player, order=order, cell="inner", homs=bool(homs))
    return None


def automa_turn(g: Table) -> None:
    """AUTOMA-03/04/10: reveal a random token; a boost sends the next one to an outer cell
    if it is free. With two boosts in a row (2 players) both wait and the third goes out."""
    a = B.part_w(g, "automa")
    supply = a["supply"]
    boosted = False
    while True:
        real = [t for t in supply if t != "boost"]
        if not real:
            return  # nothing left to place
        tok = supply.pop(rng.below(g.s, len(supply)))
        if tok == "boost":
            a["aside"].append(tok)
            boosted = True
            continue
        break
    cross = B.part_w(g, "cross")[tok]
    if boosted and cross["outer"] is None and tok not in g.rules.setup.blocked_cross:
        cross["outer"] = [AUTOMA, True]
        B.log(g, "order_placed", player=AUTOMA, order=tok, cell="outer")
        return
    _pay_for_stack(g, AUTOMA, tok)
    cross["inner"].append([AUTOMA, False])
    B.log(g, "order_placed", player=AUTOMA, order=tok, cell="inner", homs=False)


@step
class PlanningPhase(Step):
    """PLAN-01..10, AUTOMA-01..10, HOMS-01. Frame: turns (pieces in placement order), i.

    Stages: ``begin`` (the placement order: two rounds of the turn order, automa
    included) → ``place`` (one placement after another) → ``end`` (AUTOMA-05)."""

    name = "planning_phase"
    start = "begin"

    def at_begin(self, g: Table, f):
        s = g.s
        automa = set(s["automa"]["pieces"])
        order = [x for x in B.turn_order(g, include_automa=True)
                 if x in automa or not s["players"][x]["eliminated"]]
        f["turns"] = order + order
        f["i"] = 0
        f["at"] = "place"

    def at_place(self, g: Table, f):
        s = g.s
        while f["i"] < len(f["turns"]):
            piece = f["turns"][f["i"]]
            if piece in s["automa"]["pieces"]:
                automa_turn(g)
                f["i"] += 1
                continue
            if s["players"][piece]["eliminated"]:
                f["i"] += 1
                continue
            opts = placement_options(g, piece)
            if not opts:  # PLAN-07, §14.25: the placement is lost
                B.log(g, "placement_skipped", player=piece)
                f["i"] += 1
                continue
            return Decision(piece, "place_order", {"placement": f["i"] + 1}, tuple(opts))
        f["at"] = "end"
        return None

    def at_end(self, g: Table, f):
        """AUTOMA-05: the boosts go back to the automa's supply."""
        if g.s["automa"]["aside"]:
            a = B.part_w(g, "automa")
            a["supply"].extend(a["aside"])
            a["aside"] = []
        g.ret()

    def on_place_order(self, g: Table, f, a):
        piece = f["turns"][f["i"]]
        card = place(g, piece, a.order, a.cell, bool(a.get("homs")))
        f["i"] += 1
        if card is not None:  # SPY-02: may be played at once
            g.call("offer_spy", player=piece, card=card)
