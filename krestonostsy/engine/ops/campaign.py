"""Effect ops of the vocabulary section *campaign components*: the trade board of
«Левантийские торговцы» (docs/campaign.md §7, CAMP-S2-*).

The board is ``g.s["components"]["trade_board"] = {"tracks": {republic: {state: cell}}}``
(set up by ``engine/components/trade_board.py``); its numbers are the scenario's
``rules.scenario.components["trade_board"]`` (``content/components/trade_board.py``
``TradeBoard``). In a game without the trade board the ops do nothing and the metrics
are 0.

Ops: ``trade`` (CAMP-S2-02: climb), ``lose_trade`` (CAMP-S2-05: a rival's cargo seized,
its marker drops). Metrics (vocabulary.METRICS, registered in ``engine/scoring.py``'s
table from here): ``harbours`` (the board's harbour cities a player controls) and
``trade_cells`` (the sum of a player's cells on the tracks), CAMP-S2-06.
"""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..effects import OneOf, amount, chooser_of, target_of
from ..flow import Decision, step
from ..registry import registrar
from ..scoring import METRICS
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def trade_board(g: Table):
    """``(state part, data)`` of the game's trade board, or ``(None, None)``."""
    part = (g.s.get("components") or {}).get("trade_board")
    if part is None:
        return None, None
    return part, g.rules.scenario.components["trade_board"]


def advance_trade(g: Table, player: str, republic: str, n: int) -> int:
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


def harbours_held(g: Table, player: str) -> int:
    """CAMP-S2-06 ``harbours``: the board's harbour cities ``player`` controls (0 without
    the trade board)."""
    part, data = trade_board(g)
    if part is None:
        return 0
    return sum(1 for c in data.harbours
               if not g.s["cities"][c].get("removed") and B.controller(g, c) == player)


def trade_cells(g: Table, player: str) -> int:
    """CAMP-S2-06 ``trade_cells``: ``player``'s cells on all the tracks together."""
    part, _data = trade_board(g)
    if part is None:
        return 0
    return sum(track.get(player, 0) for track in part["tracks"].values())


METRICS["harbours"] = lambda g, player, p, colour: harbours_held(g, player)
METRICS["trade_cells"] = lambda g, player, p, colour: trade_cells(g, player)


def open_tracks(g: Table, player: str) -> list[str]:
    """The republics whose track ``player`` can still climb, in the board's order."""
    part, data = trade_board(g)
    return [r for r in data.republics if part["tracks"][r][player] < data.cells]


@op("trade")
def op_trade(g: Table, f, o):
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
    def options(g: Table, f):
        return open_tracks(g, f["target"]) if f["n"] > 0 else []

    def ask(self, g: Table, f, opts):
        _part, data = trade_board(g)
        republics = list(data.republics)
        return Decision(f["chooser"], "choose_trade_track", {"player": f["target"], "n": f["n"]},
                        tuple(Action("trade_track", option=republics.index(r)) for r in opts))

    def chosen(self, a):
        return a.option

    @staticmethod
    def apply(g: Table, f, option):
        _part, data = trade_board(g)
        republic = option if isinstance(option, str) else list(data.republics)[option]
        advance_trade(g, f["target"], republic, 1)
        f["n"] -= 1


def highest_track(g: Table, player: str) -> str | None:
    """The republic on whose track ``player`` stands highest (ties: the board's order);
    None when every marker of ``player`` is on cell 0."""
    part, data = trade_board(g)
    best = max(data.republics, key=lambda r: part["tracks"][r][player])
    return best if part["tracks"][best][player] > 0 else None


@op("lose_trade")
def op_lose_trade(g: Table, f, o):
    """CAMP-S2-05: the target's marker drops ``amount`` cells (never below 0) on
    ``republic``'s track, or, without one, on the track where it stands highest (ties:
    the board's order) — the cargo seized is the richest. No choice is asked, so a
    tactic's half resolves at once; nothing without the trade board or a player target
    (the Saracens trade on no track)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    part, data = trade_board(g)
    if not t or n <= 0 or part is None:
        return
    republic = o.get("republic") or highest_track(g, t)
    if republic is None or republic not in data.republics:
        return
    track = part["tracks"][republic]
    lost = min(n, track[t])
    if lost > 0:
        track[t] -= lost
        B.log(g, "trade_lost", player=t, republic=republic, n=lost, cell=track[t])
