"""Effect ops of the vocabulary section *structure*: choose, if, may, pay_for (SYM-80/84/85)."""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..effects import (
    metric,
)
from ..flow import Decision, Step, step
from ..registry import registrar
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def nested(g: Table, f, ops) -> None:
    if ops:
        if isinstance(ops, dict):
            ops = [ops]
        g.call("effect", player=f["player"], ops=ops, ctx=f["ctx"])


# --- structure ----------------------------------------------------------------------------

@op("choose")
def op_choose(g: Table, f, o):
    """SYM-85: choose one of the options (each an effect)."""
    options = o.get("options") or []
    if len(options) == 1:
        nested(g, f, options[0])
    elif options:
        g.call("op_choose", player=f["player"], options=options, ctx=f["ctx"])


@step
class Choose(Step):
    """SYM-85. Frame: player, options, ctx."""

    name = "op_choose"

    def run(self, g: Table, f):
        if f.get("chosen"):
            g.ret()
            return None
        # the options themselves travel with the decision, so a player (or the UI) can
        # read what each one does; they are card data, public like the card itself
        return Decision(f["player"], "choose_effect",
                        {"options": len(f["options"]), "effects": f["options"],
                         "card": f["ctx"].get("card") or f["ctx"].get("source")},
                        tuple(Action("choose", option=i) for i in range(len(f["options"]))))

    def on_choose(self, g: Table, f, a):
        f["chosen"] = True
        # the option itself, not its index: the log names what was chosen
        B.log(g, "effect_chosen", player=f["player"], option=a.option,
              effect=f["options"][a.option])
        ops = f["options"][a.option]
        if ops:
            g.call("effect", player=f["player"], ops=[ops] if isinstance(ops, dict) else ops,
                   ctx=f["ctx"])


@op("if")
def op_if(g: Table, f, o):
    """SYM-84: if you have at least ``at_least`` of ``metric`` do ``then``, otherwise
    (the condition cannot be met in full) ``else``."""
    have = metric(g, f["player"], o["metric"])
    nested(g, f, o.get("then") if have >= int(o.get("at_least", 1)) else o.get("else"))


@op("may")
def op_may(g: Table, f, o):
    """SYM-80: an optional effect: the owner decides yes or no."""
    if o.get("then"):
        g.call("op_may", player=f["player"], then=o["then"], ctx=f["ctx"])


@step
class May(Step):
    """SYM-80. Frame: player, then, ctx."""

    name = "op_may"

    def run(self, g: Table, f):
        if f.get("answered"):
            g.ret()
            return None
        return Decision(f["player"], "may", {}, (Action("accept"), Action("decline")))

    def on_accept(self, g: Table, f, a):
        f["answered"] = True
        then = f["then"]
        g.call("effect", player=f["player"], ops=[then] if isinstance(then, dict) else then,
               ctx=f["ctx"])

    def on_decline(self, g: Table, f, a):
        f["answered"] = True


@op("pay_for")
def op_pay_for(g: Table, f, o):
    """You may pay ``cost`` (goods, coins instead, BUILD-05) to do ``then``. When it is
    the first op of a card the player has just chosen to activate (``ctx["activated"]``,
    e.g. the Bazaar, BLDG-04), activating it *is* paying: no second yes/no."""
    committed = bool(f["ctx"].get("activated")) and f["i"] == 1
    g.call("op_pay_for", player=f["player"], cost=list(o.get("cost") or []),
           then=o.get("then") or [], ctx=f["ctx"], optional=not committed)


@step
class PayFor(Step):
    """Frame: player, cost, then, ctx. Calls ``pay`` (optional), then the effect if paid."""

    name = "op_pay_for"

    def run(self, g: Table, f):
        if "paid" not in f:
            f["paid"] = None
            g.call("pay", player=f["player"], cost=f["cost"], discount=0,
                   optional=f.get("optional", True),
                   reason="effect", own_turn=bool(f["ctx"].get("own_turn", True)))
            return None
        if f["paid"] is None:
            ret = f.get("ret") or {}
            # a local, not f["paid"] again: after `f["paid"] is None` mypy (and so mypyc)
            # would take f["paid"] for None still, and the effect for unreachable
            paid = f["paid"] = bool(ret.get("paid")) if isinstance(ret, dict) else bool(ret)
            if paid and f["then"]:
                then = f["then"]
                g.call("effect", player=f["player"],
                       ops=[then] if isinstance(then, dict) else then, ctx=f["ctx"])
                return None
        g.ret(f["paid"])
        return None
