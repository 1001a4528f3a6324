"""Effect ops of the vocabulary section *battle* (BATTLE-10/16..21/25, SYM-53/54,
GLOSS-10/12, EX-RESCRIPT-1, RAID-08): strength, smash, rout, reinforce, add_units,
casualties, raid_defence, and the in-battle ``destroy_city``.

They act on ``state["battle"]`` for the side in ``ctx["side"]``; battle amounts may count
battle metrics (``battle.amount``)."""
from __future__ import annotations

from .. import board as B
from .. import cities as C
from .. import rng
from ..battle import CASUALTY_CAP, amount, chooser, other, push, units_in
from ..effects import amount as effect_amount
from ..flow import innermost
from ..registry import registrar
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def _battle(g: Table, f):
    b = g.s.get("battle")
    ctx = f.get("ctx") or {}
    if not b or not ctx.get("battle"):
        return None, None
    return b, ctx.get("side", "attacker")


def battle_op_strength(g: Table, f, op):
    """BATTLE-10 +x strength."""
    b, side = _battle(g, f)
    if b:
        n = amount(g, f, op.get("amount"))
        push(b, side, n)
        B.log(g, "battle_strength_gain", player=b[side], n=n, marker=b["marker"])


def battle_op_smash(g: Table, f, op):
    """BATTLE-10 smash x (GLOSS-12): the opponent's battle units to its supply."""
    b, side = _battle(g, f)
    if not b:
        return
    opp = other(side)
    k = min(amount(g, f, op.get("amount")), units_in(g, opp))
    if k > 0:
        B.add_units(g, b["city"], b[opp], -k)
        B.to_supply(g, b[opp], k)
        push(b, side, k)
    B.log(g, "battle_smash", player=b[opp], n=k, marker=b["marker"])


def battle_op_rout(g: Table, f, op):
    """BATTLE-10 rout x (GLOSS-10): to ONE adjacent city of their owner, or destroyed."""
    b, side = _battle(g, f)
    if not b:
        return
    opp = other(side)
    k = min(amount(g, f, op.get("amount")), units_in(g, opp))
    if k <= 0:
        return
    push(b, side, k)
    B.log(g, "battle_rout", player=b[opp], n=k, marker=b["marker"])
    g.call("retreat_units", owner=b[opp], frm=b["city"], n=k, chooser=chooser(b, opp),
           reason="rout")


def battle_op_reinforce(g: Table, f, op):
    """BATTLE-10 reinforcement x: own non-last units from adjacent cities."""
    b, side = _battle(g, f)
    if b:
        g.call("battle_reinforce", side=side, left=amount(g, f, op.get("amount")))


def battle_op_add_units(g: Table, f, op):
    """SYM-20 on tactics: up to x units from the supply into the battle (all available:
    more strength is never worse for the side)."""
    b, side = _battle(g, f)
    if not b:
        return
    k = B.from_supply(g, b[side], amount(g, f, op.get("amount")))
    if k:
        B.add_units(g, b["city"], b[side], k)
        push(b, side, k)
    B.log(g, "battle_units_added", player=b[side], n=k, marker=b["marker"])


def battle_op_casualties(g: Table, f, op):
    """BATTLE-16..21, §14.21: the opponent loses x (max 2) random unprotected face-up
    tactics; a starting tactic drawn cancels that casualty. Saracen ones go to the box;
    a player takes back as many starting tactics from the personal discard."""
    b, side = _battle(g, f)
    if not b:
        return
    opp = other(side)
    x = min(CASUALTY_CAP, amount(g, f, op.get("amount")))
    cands = [s["card"] for s in b["slots"] if s["side"] == opp and s.get("face_up", True)
             and not s["lost"] and s["card"] not in b["protected"]]
    if x <= 0 or not cands:
        B.log(g, "casualties", player=b[opp], cards=[])
        return
    if len(cands) > x:
        rng.shuffle(g.s, cands)
    picked = cands[:x]
    o = b[opp]
    lost = []
    for card in picked:
        t = g.c.tactics.get(card)
        if t is not None and t.starting:
            B.log(g, "casualty_cancelled", player=o, card=card)
            continue
        for s in b["slots"]:
            if s["card"] == card and s["side"] == opp:
                s["lost"] = True
        b["lost"].append(card)
        lost.append(card)
    B.log(g, "casualties", player=o, cards=lost)


def battle_op_destroy_city(g: Table, f, op):
    """SYM-13 in battle: the battle city loses a level now; the defender's wall bonus
    drops at once (BATTLE-25); never below 1 (§14.10)."""
    b, _side = _battle(g, f)
    if not b:
        return
    old = B.city_level(g, b["city"])
    new = C.set_level(g, b["city"], old - 1)
    b["marker"] += old - new


@op("raid_defence")
def op_raid_defence(g: Table, f, o):
    """RAID-08 (raid rescripts): +x to the raided city's strength in the raid in progress.
    The bonus is kept on the ``raids`` frame (``defence``), which raids.py adds to the city
    strength when it takes the difference, then drops."""
    n = effect_amount(g, f, o.get("amount"))
    if not n:
        return
    frame = innermost(g.s["stack"], "raids")
    if frame is not None:
        frame["defence"] = frame.get("defence", 0) + n
        B.log(g, "raid_defence", player=f["player"], city=frame.get("target"), n=n)


OPS.update({
    "strength": battle_op_strength,
    "smash": battle_op_smash,
    "rout": battle_op_rout,
    "reinforce": battle_op_reinforce,
    "add_units": battle_op_add_units,
    "casualties": battle_op_casualties,
})
BATTLE_OPS = {"destroy_city": battle_op_destroy_city}
"""In-battle variants of ops that also exist outside battles."""
