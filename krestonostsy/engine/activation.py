"""The Activation phase (ACT-*) and the ``order`` wrapper step (TURN-10, ACT-04).

ACT-01: the inner cells are resolved sector by sector (build → prayer → muster → march);
ACT-02: within a cell from the top of the stack down; ACT-03: the owner resolves the order
and gets the token back; ACT-05: outer tokens move to the (empty) inner cells afterwards
and are resolved next round, enhanced; ACT-06: eliminated players' orders are skipped;
AUTOMA-07: automa tokens just go back to the automa's supply.
"""
from __future__ import annotations

from ..content.vocabulary import ORDER_FACTS
from . import board as B
from .flow import Step, innermost, step
from .state import AUTOMA, CROSS_ORDERS
from .table import Table


def new_facts() -> dict:
    """The facts an order reports to triggers (vocabulary.ORDER_FACTS)."""
    return {k: (False if k in ("battle", "won") else 0) for k in ORDER_FACTS}


def current_turn(g: Table) -> str | None:
    """The player whose own turn it is (TURN-10): the owner of the innermost ``order``
    being resolved, or None outside any order."""
    frame = innermost(g.s["stack"], "order")
    return None if frame is None else frame["player"]


@step
class ActivationPhase(Step):
    """ACT-01..06, AUTOMA-07. Frame: o (index of the sector), token (being resolved).

    Stages: ``next`` (the top token of the current sector, sector after sector) →
    ``resolved`` (back from the ``order``: its token goes home) → ``next`` … → ``end``
    (ACT-05)."""

    name = "activation_phase"
    start = "next"

    def at_resolved(self, g: Table, f):
        """ACT-03: the order just resolved sends its token home."""
        token = f.pop("token")
        f.pop("ret", None)
        inner = B.part_w(g, "cross")[CROSS_ORDERS[f["o"]]]["inner"]
        for i in range(len(inner) - 1, -1, -1):
            if inner[i] == token:
                del inner[i]
                break
        self._home(g, token[0], CROSS_ORDERS[f["o"]])
        f["at"] = "next"

    def at_next(self, g: Table, f):
        s = g.s
        f.setdefault("o", 0)
        while f["o"] < len(CROSS_ORDERS):
            order = CROSS_ORDERS[f["o"]]
            inner = s["cross"][order]["inner"]
            while inner:
                owner, enhanced = inner[-1]
                if owner == AUTOMA or s["players"][owner]["eliminated"]:
                    inner = B.part_w(g, "cross")[order]["inner"]
                    inner.pop()
                    self._home(g, owner, order)
                    if owner != AUTOMA:
                        B.log(g, "order_skipped", player=owner, order=order)
                    continue
                f["token"] = [owner, enhanced]
                f["at"] = "resolved"
                g.call("order", player=owner, order=order, enhanced=bool(enhanced),
                       extra=False)
                return
            f["o"] += 1
        f["at"] = "end"

    def at_end(self, g: Table, f):
        """ACT-05: outer tokens move inward, to the bottom of next round's stacks."""
        for order in CROSS_ORDERS:
            cell = g.s["cross"][order]
            if cell["outer"] is not None:
                cell = B.part_w(g, "cross")[order]
                cell["inner"].insert(0, cell["outer"])
                cell["outer"] = None
        g.ret()

    @staticmethod
    def _home(g: Table, owner, order):
        if owner == AUTOMA:
            B.part_w(g, "automa")["supply"].append(order)
        else:
            B.player_w(g, owner)["orders"].append(order)


@step
class OrderStep(Step):
    """Resolve one order as the player's own turn (TURN-10, ACT-04).

    Frame: player, order, enhanced, extra (bool: an extra order without a token, BLDG-06).
    Runs ``own_turn`` before, ``order_<type>``, ``after_order``, ``own_turn`` after.
    Returns the facts dict (vocabulary.ORDER_FACTS).
    """

    name = "order"
    start = "begin"

    def run(self, g: Table, f):
        """ACT-06: an eliminated player's order ends at once, at whatever stage."""
        if g.s["players"][f["player"]]["eliminated"]:
            g.ret(f.get("facts") or new_facts())
            return None
        return super().run(g, f)

    def at_begin(self, g: Table, f):
        """The order is announced; the own-turn window before it."""
        f["at"] = "order"
        B.log(g, "order_started", player=f["player"], order=f["order"],
              enhanced=f["enhanced"], extra=f.get("extra", False))
        g.call("own_turn", player=f["player"])

    def at_order(self, g: Table, f):
        f["at"] = "after_order"
        f.pop("ret", None)
        g.call(f"order_{f['order']}", player=f["player"], enhanced=f["enhanced"])

    def at_after_order(self, g: Table, f):
        """The order's facts; the reactions to it (buildings, spies)."""
        f["at"] = "own_turn_after"
        facts = f.pop("ret", None) or new_facts()
        f["facts"] = facts
        g.call("after_order", player=f["player"], order=f["order"],
               enhanced=f["enhanced"], facts=facts)

    def at_own_turn_after(self, g: Table, f):
        f["at"] = "end"
        f.pop("ret", None)
        g.call("own_turn", player=f["player"])

    def at_end(self, g: Table, f):
        g.ret(f["facts"])
