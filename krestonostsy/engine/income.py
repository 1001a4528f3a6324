"""The Income phase (INCOME-01..06), governors (GOV-01..09) and holy lands (BISHOP-02..04).

1. Taxes (INCOME-01): the coins on every open city sector + 1 for the capital.
2. Goods and markets (INCOME-02): restore spent goods except blocked ones; fill the
   markets (GLOSS-06); remove the ban tokens from buildings, spies (SPY-07) and goods —
   unblocked goods stay spent (GLOSS-04).
3. Governors and holy lands (INCOME-03/04/06, BISHOP-03/04): each governor whose condition
   holds gives its influence; each holy land 1 influence. Contested cities are revealed
   (an undo barrier). Eliminated players still score their holy lands (CAPITAL-05).
Income rescripts (timing ``income``) may be played, in turn order, before step 3.
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .flow import Decision, Step, step
from .markets import fill_markets
from .scoring import bishop_totals, goods_with_spices, holy_land_counts, metric, spices_held
from .table import Table
from .triggers import income_rescripts

# --- taxes and goods ------------------------------------------------------------------------------

def taxes(g: Table, player: str) -> int:
    """INCOME-01: sector coins of every city + 1 for the capital (CAPITAL-02)."""
    cities = g.s["players"][player]["cities"]
    if not cities:
        return 0
    board = g.c.board.cities
    total = sum(board[c].sector(g.s["cities"][c]["level"]).coins for c in cities)
    return total + 1


def restore_and_unblock(g: Table, player: str) -> None:
    """INCOME-02.1/.3, GLOSS-04: spent → ready; blocked → spent (not restored this time)."""
    for row in B.player_w(g, player)["goods"].values():
        row[0] += row[1]
        row[1] = row[2]
        row[2] = 0


def clear_bans(g: Table, player: str) -> None:
    """INCOME-02.3, BLDG-03, SPY-07."""
    p = B.player_w(g, player)
    for b in p["buildings"]:
        b["used"] = False
    for sp in p["spies"]:
        sp["used"] = False


# --- governors ------------------------------------------------------------------------------------

def _leader(g: Table, player: str, name: str, value: int) -> bool:
    """GLOSS-07: first or tied for first among the players, with at least 1."""
    if value < 1:
        return False
    return all(value >= metric(g, other, name) for other in g.s["states"] if other != player)


def governor_influence(g: Table, player: str, gov_id: str, spices: int = 0) -> int:
    """A governor's influence for ``player`` now (GOV-04/05, GLOSS-07); ``spices`` counts
    as that many goods of the governor's colour (GOV-09)."""
    gov = g.c.governors.get(gov_id)
    if gov is None:
        return 0
    sc = gov.scoring
    name = sc["metric"]
    value = goods_with_spices(g, player, name, spices)
    if sc.get("leader"):
        return int(sc.get("influence", 1)) if _leader(g, player, name, value) else 0
    if sc.get("tiers"):
        best = 0
        for at_least, influence in sc["tiers"]:
            if value >= at_least:
                best = max(best, int(influence))
        return best
    per = int(sc.get("per", 1)) or 1
    n = int(sc.get("influence", 1)) * (value // per)
    if sc.get("max") is not None:
        n = min(n, int(sc["max"]))
    return n


def governors_income(g: Table, player: str) -> tuple[int, dict]:
    """(total influence, {city: influence}) of the player's governors; each spices good
    is counted for the one colour-specific governor where it gains the most (GOV-09)."""
    cities = g.s["cities"]
    govs: list[tuple[str, str]] = []
    for c in g.s["players"][player]["cities"]:
        gid = cities[c].get("governor")
        if gid:
            govs.append((c, gid))
    per_city = {c: governor_influence(g, player, gid) for c, gid in govs}
    spices = spices_held(g, player)
    if not spices or not govs:
        return sum(per_city.values()), per_city
    # values[c][n]: the governor's influence with n spices counted, each worked out once
    values = {c: [per_city[c]] for c, _ in govs}
    bonus = {c: 0 for c, _ in govs}
    for _ in range(spices):
        best_gain, best_city = 0, None
        for c, gid in govs:
            known, n = values[c], bonus[c]
            if len(known) == n + 1:
                known.append(governor_influence(g, player, gid, n + 1))
            gain = known[n + 1] - known[n]
            if gain > best_gain:
                best_gain, best_city = gain, c
        if best_city is None:
            break
        bonus[best_city] += 1
    for c, _ in govs:
        per_city[c] = values[c][bonus[c]]
    return sum(per_city.values()), per_city


def reveal_contested(g: Table) -> None:
    """BISHOP-03, INCOME-04: reveal the bishops of cities shared by several players."""
    for cid, c in g.s["cities"].items():
        if c.get("removed"):
            continue
        owners = {b[0] for b in c["bishops"]}
        if len(owners) > 1:
            g.s["barrier"] += 1
            B.log(g, "bishops_revealed", city=cid, totals=bishop_totals(g, cid),
                  bishops=[[o, lvl] for o, lvl, _no in c["bishops"]])


@step
class IncomePhase(Step):
    """INCOME-01..06, EX-INCOME-1. Frame: queue (players still to be asked about their
    income rescripts, in turn order).

    Stages: ``taxes`` → ``rescripts`` (EX-INCOME-1, one player after another) →
    ``influence``."""

    name = "income_phase"
    start = "taxes"

    def at_taxes(self, g: Table, f):
        """Taxes, goods restored and unblocked, bans cleared, markets filled."""
        s = g.s
        for x in B.turn_order(g):
            coins = taxes(g, x)
            if coins:
                B.player_w(g, x)["coins"] += coins
                B.log(g, "taxes", player=x, coins=coins)
        for x in s["states"]:
            restore_and_unblock(g, x)
            clear_bans(g, x)
        fill_markets(g)
        f["at"] = "rescripts"
        f["queue"] = [x for x in B.active_players(g)]

    def at_rescripts(self, g: Table, f):
        f.pop("ret", None)
        while f["queue"]:
            x = f["queue"][0]
            cards = income_rescripts(g, x)
            if not cards:
                f["queue"].pop(0)
                continue
            return Decision(x, "income_rescript", {}, tuple(
                [Action("play_rescript", card=r) for r in cards] + [bare("done")]))
        f["at"] = "influence"
        return None

    def at_influence(self, g: Table, f):
        """Contested bishops revealed, then influence from governors and holy lands."""
        s = g.s
        reveal_contested(g)
        holy = holy_land_counts(g)  # (influence moves no bishop)
        for x in B.turn_order(g):
            p = s["players"][x]
            gov, per_city = governors_income(g, x)
            lands = holy.get(x, 0)
            if p["eliminated"] or not p["cities"]:
                gov = 0  # INCOME-06: only holy lands
            total = gov + lands
            if total:
                B.player_w(g, x)["influence"] += total
            B.log(g, "influence_gained", visibility=(x,), player=x, governors=gov,
                  holy_lands=lands, total=total)
        g.ret()

    def on_done(self, g: Table, f, a):
        f["queue"].pop(0)

    def on_play_rescript(self, g: Table, f, a):
        g.call("play_rescript", player=f["queue"][0], card=a.card,
               ctx={"own_turn": False, "timing": "income"})
