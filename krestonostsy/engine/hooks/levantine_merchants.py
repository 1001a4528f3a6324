"""«Левантийские торговцы» (1110–1124), the campaign's second scenario (docs/campaign.md
§7): the Italian fleets and the trade board.

* CAMP-S2-01 **Trade**: at the start of every Income phase, in turn order, each state
  may trade once for every harbour city it controls (the board's ``harbours``): it spends
  one ready good of a colour a republic buys and moves its marker one cell up that
  republic's track (Genoa at Caesarea 1101 and Acre 1104, Pisa in Tyre, Venice and the
  Pactum Warmundi 1123).
* CAMP-S2-03 **The fleets pay**: then the leader of each track (the highest cell, at
  least 1; tied leaders all) gains the board's ``income`` in coins.
* CAMP-S2-04 **Trade privileges**: at the end, before the final scoring, every marker
  is worth the influence its cell shows (``influence[cell]``).

The op ``trade`` (cards: events) is in ``engine/ops/campaign.py``.
"""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..flow import Decision
from ..hook import Hook, hook_step, register_hook
from ..income import IncomePhase
from ..ops.campaign import advance_trade, trade_board
from ..scoring import Scoring
from ..table import Table


def trades_allowed(g: Table, player: str) -> int:
    """CAMP-S2-01: one trade per harbour city ``player`` controls."""
    _part, data = trade_board(g)
    return sum(1 for c in data.harbours
               if not g.s["cities"][c].get("removed") and B.controller(g, c) == player)


def trade_actions(g: Table, player: str) -> list[Action]:
    """Every (republic, colour) ``player`` can trade now: a ready good the republic buys,
    on a track not yet at its last cell."""
    part, data = trade_board(g)
    goods = g.s["players"][player]["goods"]
    out = []
    for i, (republic, colours) in enumerate(data.republics.items()):
        if part["tracks"][republic][player] >= data.cells:
            continue
        for colour in colours:
            if goods.get(colour, [0])[0] > 0:
                out.append(Action("trade_goods", option=i, colour=colour))
    return out


@hook_step
class FleetIncome(IncomePhase):
    """The Income phase with trade and the fleets' pay first (stages ``trade``,
    ``fleets``), then the base stages from ``taxes``. Frame: ``traders`` (states still
    to trade, in turn order), ``left`` (trades left to the first of them)."""

    start = "trade_start"

    def at_trade_start(self, g: Table, f):
        f["traders"] = [x for x in B.active_players(g) if trades_allowed(g, x)]
        f["left"] = trades_allowed(g, f["traders"][0]) if f["traders"] else 0
        f["at"] = "trade"

    def at_trade(self, g: Table, f):
        while f["traders"]:
            x = f["traders"][0]
            acts = trade_actions(g, x) if f["left"] > 0 else []
            if acts:
                return Decision(x, "trade_goods", {"player": x, "n": f["left"]},
                                (*acts, Action("trade_done")))
            self._next_trader(g, f)
        f["at"] = "fleets"
        return None

    def on_trade_goods(self, g: Table, f, a):
        x = f["traders"][0]
        _part, data = trade_board(g)
        republic = list(data.republics)[a.option]
        row = B.player_w(g, x)["goods"][a.colour]
        row[0] -= 1
        row[1] += 1
        B.log(g, "good_spent", player=x, colour=a.colour)
        advance_trade(g, x, republic, 1)
        f["left"] -= 1

    def on_trade_done(self, g: Table, f, a):
        self._next_trader(g, f)

    @staticmethod
    def _next_trader(g: Table, f):
        f["traders"].pop(0)
        f["left"] = trades_allowed(g, f["traders"][0]) if f["traders"] else 0

    def at_fleets(self, g: Table, f):
        part, data = trade_board(g)
        for republic in data.republics:
            track = part["tracks"][republic]
            best = max(track.values())
            if best < 1 or not data.income:
                continue
            for x in B.turn_order(g):
                if track[x] == best and not g.s["players"][x]["eliminated"]:
                    B.player_w(g, x)["coins"] += data.income
                    B.log(g, "fleet_income", player=x, republic=republic, coins=data.income)
        f["at"] = IncomePhase.start


@hook_step
class TradeScoring(Scoring):
    """CAMP-S2-04: the trade privileges' influence, then the base final scoring."""

    def run(self, g: Table, f):
        if not f.get("privileges"):
            f["privileges"] = True
            part, data = trade_board(g)
            for x in g.s["states"]:
                n = sum(data.influence[part["tracks"][r][x]] for r in data.republics)
                if n:
                    B.player_w(g, x)["influence"] += n
                    B.log(g, "trade_privileges", player=x, n=n)
        return super().run(g, f)


ITALIAN_FLEETS = register_hook(Hook(
    "italian_fleets", "CAMP-S2-01/03/04: trade at each Income, the fleets pay the track "
    "leaders, the tracks' influence at the end",
    steps={"income_phase": FleetIncome(), "scoring": TradeScoring()}))
