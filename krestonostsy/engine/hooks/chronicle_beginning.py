"""«Начало хроники» (1100–1109), the campaign's first scenario (docs/campaign.md §6).

CAMP-S1-02 **Settlers**: at the start of every Income phase each state that controls its
capital moves one unit from its supply into its capital — the settlers who «устремились
в Левант» after Jerusalem fell (the rulebook's history). The rest of the Income phase is
the base one (INCOME-01..06).
"""
from __future__ import annotations

from .. import board as B
from ..hook import Hook, hook_step, register_hook
from ..income import IncomePhase
from ..table import Table

SETTLERS_PER_INCOME = 1


@hook_step
class SettlersIncome(IncomePhase):
    """The Income phase with the settlers first (stage ``settlers``, then the base
    stages from ``taxes`` on)."""

    start = "settlers"

    def at_settlers(self, g: Table, f):
        s = g.s
        for x in B.active_players(g):
            p = s["players"][x]
            cap = B.capital(g, x)
            if cap is None or B.controller(g, cap) != x:
                continue
            n = min(SETTLERS_PER_INCOME, p["units"])
            if n:
                B.player_w(g, x)["units"] -= n
                units = B.city_w(g, cap)["units"]
                units[x] = units.get(x, 0) + n
                B.log(g, "settlers_arrived", player=x, city=cap, n=n)
        f["at"] = IncomePhase.start


SETTLERS = register_hook(Hook(
    "settlers", "CAMP-S1-02: one unit from supply into the capital at each Income phase",
    steps={"income_phase": SettlersIncome()}))
