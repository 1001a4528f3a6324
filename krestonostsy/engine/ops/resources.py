"""Effect ops of the vocabulary section *resources*: coins, influence, sanctity, goods
(SYM-30..40, GLOSS-03/04, PRAY-03)."""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..effects import (
    COLOURS,
    OneOf,
    amount,
    chooser_of,
    is_player,
    target_of,
)
from ..flow import Decision, step
from ..registry import registrar
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)

# --- resources ----------------------------------------------------------------------------

@op("gain_coins")
def op_gain_coins(g: Table, f, o):
    """SYM-31: take coins from the supply (by value)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        B.player_w(g, t)["coins"] += n
        B.log(g, "coins_gained", player=t, n=n)


@op("pay_coins")
def op_pay_coins(g: Table, f, o):
    """SYM-32: pay coins to the supply, as many as the target has."""
    t = target_of(g, f, o)
    if t:
        p = g.s["players"][t]
        n = min(p["coins"], amount(g, f, o.get("amount")))
        if n:
            p = B.player_w(g, t)
            p["coins"] -= n
            B.log(g, "coins_paid", player=t, n=n)


@op("steal_coins")
def op_steal_coins(g: Table, f, o):
    """The opponent pays you coins, as many as they have."""
    t = f["ctx"].get("opponent")
    if not is_player(g, t) or t == f["player"]:
        return
    n = min(g.s["players"][t]["coins"], amount(g, f, o.get("amount")))
    if n:
        B.player_w(g, t)["coins"] -= n
        B.player_w(g, f["player"])["coins"] += n
        B.log(g, "coins_stolen", player=f["player"], victim=t, n=n)


@op("gain_influence")
def op_gain_influence(g: Table, f, o):
    """SYM-30: influence, kept secret (TURN-09): only the gainer reads the amount."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        B.player_w(g, t)["influence"] += n
        B.log(g, "influence_gained", visibility=(t,), player=t, n=n)


@op("gain_sanctity")
def op_gain_sanctity(g: Table, f, o):
    """PRAY-03: gained sanctity moves the piece at once (the ``gain_sanctity`` step)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("gain_sanctity", player=t, amount=n)


@op("lose_sanctity")
def op_lose_sanctity(g: Table, f, o):
    """Move the piece left, occupied cells costing nothing (mirror of PRAY-04), never
    below cell 0; no bonuses are gained or lost."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if not t or not n:
        return
    pos = g.s["sanctity"]
    occupied = {c for piece, c in pos.items() if piece != t}
    cur = pos[t]
    for _ in range(n):
        nxt = cur - 1
        while nxt >= 0 and nxt in occupied:
            nxt -= 1
        if nxt < 0:
            break
        cur = nxt
    if cur != pos[t]:
        B.log(g, "sanctity_lost", player=t, frm=pos[t], to=cur)
        B.part_w(g, "sanctity")[t] = cur


@op("restore_goods")
def op_restore_goods(g: Table, f, o):
    """GLOSS-03: flip up to x spent (unblocked) goods back to their coloured side."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="restore", target=t, chooser=t, n=n)


@op("spend_goods")
def op_spend_goods(g: Table, f, o):
    """SYM-39: the target flips x ready goods of its choice to spent."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="spend", target=t, chooser=chooser_of(f, t), n=n)


@op("block_goods")
def op_block_goods(g: Table, f, o):
    """GLOSS-04, SYM-40: the target blocks x goods of its choice (unspent ones are
    flipped to spent); they are not restored in the next Income phase."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="block", target=t, chooser=chooser_of(f, t), n=n)


@step
class GoodsChoice(OneOf):
    """Restore / spend / block n goods, one at a time; a decision only when the choice
    matters. Frame: mode, target, chooser, n."""

    name = "op_goods"

    @staticmethod
    def options(g: Table, f):
        if f["n"] <= 0:
            return []
        goods = g.s["players"][f["target"]]["goods"]
        mode = f["mode"]
        out: list[tuple[str, bool | None, int]] = []
        for colour in COLOURS:
            row = goods.get(colour)
            if not row:
                continue
            if mode == "restore" and row[1]:
                out.append((colour, None, row[1]))
            elif mode == "spend" and row[0]:
                out.append((colour, None, row[0]))
            elif mode == "block":
                if row[0]:
                    out.append((colour, False, row[0]))
                if row[1]:
                    out.append((colour, True, row[1]))
        return out

    def no_choice(self, f, options):
        return len(options) == 1 or sum(k for _c, _s, k in options) <= f["n"]

    def ask(self, g: Table, f, opts):
        kind = f["mode"] + "_good"
        acts = tuple(Action(kind, colour=c) if s is None else Action(kind, colour=c, spent=s)
                     for c, s, _k in opts)
        return Decision(f["chooser"], "choose_" + kind, {"player": f["target"], "n": f["n"]},
                        acts)

    def chosen(self, a):
        return a.colour, a.get("spent"), None

    @staticmethod
    def apply(g: Table, f, option):
        colour, spent, _k = option
        row = B.player_w(g, f["target"])["goods"][colour]
        t = f["target"]
        if f["mode"] == "restore":
            row[1] -= 1
            row[0] += 1
            B.log(g, "good_restored", player=t, colour=colour)
        elif f["mode"] == "spend":
            row[0] -= 1
            row[1] += 1
            B.log(g, "good_spent", player=t, colour=colour)
        else:
            row[1 if spent else 0] -= 1
            row[2] += 1
            B.log(g, "good_blocked", player=t, colour=colour)
        f["n"] -= 1
