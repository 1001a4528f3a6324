"""Effect ops of the vocabulary section *campaign components*: the trade board of
«Левантийские торговцы» (docs/campaign.md §7, CAMP-S2-*).

The board is ``g.s["components"]["trade_board"] = {"tracks": {republic: {state: cell}}}``
(set up by ``engine/setup.py``); its numbers are the scenario's
``rules.scenario.components["trade_board"]`` (content/scenario.py ``TradeBoard``). In a
game without the trade board the op does nothing.
"""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..effects import OneOf, amount, chooser_of, target_of
from ..flow import Decision, step
from ..registry import registrar

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def trade_board(g):
    """``(state part, data)`` of the game's trade board, or ``(None, None)``."""
    part = (g.s.get("components") or {}).get("trade_board")
    if part is None:
        return None, None
    return part, g.rules.scenario.components["trade_board"]


def advance_trade(g, player: str, republic: str, n: int) -> int:
    """Move ``player``'s marker ``n`` cells up ``republic``'s track (never past its last
    cell); the cells moved."""
    part, data = trade_board(g)
    track = part["tracks"][republic]
    moved = min(n, data.cells - track[player])
    if moved > 0:
        track[player] += moved
        B.log(g, "trade_advanced", player=player, republic=republic, n=moved,
              cell=track[player])
    return max(moved, 0)


def open_tracks(g, player: str) -> list[str]:
    """The republics whose track ``player`` can still climb, in the board's order."""
    part, data = trade_board(g)
    return [r for r in data.republics if part["tracks"][r][player] < data.cells]


@op("trade")
def op_trade(g, f, o):
    """CAMP-S2-02: advance ``amount`` cells on ``republic``'s trade track (``any`` or
    absent: the target chooses, one cell at a time)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    part, data = trade_board(g)
    if not t or n <= 0 or part is None:
        return
    republic = o.get("republic", "any")
    if republic != "any":
        if republic in data.republics:
            advance_trade(g, t, republic, n)
        return
    g.call("op_trade", target=t, chooser=chooser_of(f, t), n=n)


@step
class TradeChoice(OneOf):
    """Choose the trade track to climb, one cell at a time. Frame: target, chooser, n."""

    name = "op_trade"

    @staticmethod
    def options(g, f):
        return open_tracks(g, f["target"]) if f["n"] > 0 else []

    def ask(self, g, f, opts):
        _part, data = trade_board(g)
        republics = list(data.republics)
        return Decision(f["chooser"], "choose_trade_track", {"player": f["target"], "n": f["n"]},
                        tuple(Action("trade_track", option=republics.index(r)) for r in opts))

    def chosen(self, a):
        return a.option

    @staticmethod
    def apply(g, f, option):
        _part, data = trade_board(g)
        republic = option if isinstance(option, str) else list(data.republics)[option]
        advance_trade(g, f["target"], republic, 1)
        f["n"] -= 1
