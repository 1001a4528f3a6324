"""«Вассал моего вассала» (1108–1131), the campaign's third scenario (docs/campaign.md §8):
lords bound and betrayed by oaths, and the regencies of Antioch. The hook
``oaths_and_regency``:

* CAMP-S3-02 **The oath council**: at the start of every Planning phase, in turn order,
  each state first names a regent if it must (CAMP-S3-05), then may offer one oath card
  of its hand to a state not yet bound to it (the op ``swear``, engine/ops/oaths.py).
* CAMP-S3-03 **Tribute, protection and peace**: at every Income, after the taxes, each
  vassal pays its lord the oath's tribute (as many coins as it has); a raid on a city of a
  vassal (or of a ward) meets the city's strength + ``protection`` per protector (its
  lords and its regent); and while two states are bound (an oath either way, or a
  regency) neither may choose the other's city as the target of a march.
* CAMP-S3-04 **Betrayal**: in its own turn (the own-turn window, which opens for any
  state bound by an oath), a state may break one of its oaths: it pays ``break_cost``
  influence and gains the card's betrayal (its partner as ``opponent``).
* CAMP-S3-05 **Regency**: a state whose capital (the one printed on its board) is held by
  another state or by the Saracens names a regent at the oath council: another active
  state that does not hold that capital (``choose_regent``). The regent protects the
  ward and is at peace with it (CAMP-S3-03) and gains ``regency_influence`` influence at
  every Income; the regency ends when the ward holds its capital again or either side
  is eliminated (Tancred for Bohemond 1104, Roger of Salerno 1112, Baldwin II 1119–1126).
"""
from __future__ import annotations

from .. import board as B
from ..actions import Action
from ..flow import Decision
from ..hook import Hook, hook_step, register_hook
from ..income import IncomePhase
from ..march import MarchOrder
from ..ops.oaths import (
    active,
    betrayal_effect,
    bound,
    break_oath,
    breakable,
    oaths_of,
    oaths_with,
    offers,
    protectors,
)
from ..planning import PlanningPhase
from ..raids import Raids
from ..table import Table
from ..triggers import OwnTurn, window_open


def capital_holder(g: Table, x: str) -> str | None:
    """Who holds ``x``'s printed capital (a state, ``"saracen"``, or None if empty)."""
    return B.controller(g, g.c.board.states[x].capital)


def regent_candidates(g: Table, ward: str) -> list[str]:
    """CAMP-S3-05: the states ``ward`` may name its regent, in turn order."""
    holder = capital_holder(g, ward)
    return [q for q in B.turn_order(g) if q not in (ward, holder) and active(g, q)]


def needs_regent(g: Table, x: str) -> bool:
    part, _data = oaths_of(g)
    return (active(g, x) and x not in part["regents"] and capital_holder(g, x) != x
            and bool(regent_candidates(g, x)))


def end_regencies(g: Table) -> None:
    """CAMP-S3-05: a regency ends when the ward holds its capital again or either side is
    eliminated."""
    part, _data = oaths_of(g)
    for ward, regent in list(part["regents"].items()):
        if capital_holder(g, ward) == ward or not active(g, ward) or not active(g, regent):
            del part["regents"][ward]
            B.log(g, "regency_ended", player=ward, regent=regent)


@hook_step
class OathPlanning(PlanningPhase):
    """The Planning phase with the oath council first (stage ``council``: regents, then
    one offer per state, in turn order), then the base placement from ``begin``. Frame:
    ``council`` (states still to sit), ``offered`` (whether the first has made its offer
    yet)."""

    start = "council_start"

    def at_council_start(self, g: Table, f):
        end_regencies(g)
        f["council"] = B.active_players(g)
        f["at"] = "council"

    def at_council(self, g: Table, f):
        f.pop("ret", None)
        part, _data = oaths_of(g)
        while f["council"]:
            x = f["council"][0]
            if needs_regent(g, x):
                return Decision(x, "choose_regent", {"player": x}, tuple(
                    Action("name_regent", player=q) for q in regent_candidates(g, x)))
            f["council"].pop(0)
            if offers(g, x):
                g.call("swear", player=x)
                return None
        f["at"] = PlanningPhase.start
        return None

    def on_name_regent(self, g: Table, f, a):
        part, _data = oaths_of(g)
        ward = f["council"][0]
        part["regents"][ward] = a.player
        B.log(g, "regent_named", player=ward, regent=a.player)


@hook_step
class OathIncome(IncomePhase):
    """The Income phase with tribute and the regents' influence right after the taxes
    (CAMP-S3-03, CAMP-S3-05)."""

    def at_taxes(self, g: Table, f):
        super().at_taxes(g, f)
        part, data = oaths_of(g)
        players = g.s["players"]
        for o in part["sworn"]:
            lord, vassal = o["lord"], o["vassal"]
            n = min(g.c.oaths[o["card"]].tribute, players[vassal]["coins"])
            if n and active(g, lord) and active(g, vassal):
                B.player_w(g, vassal)["coins"] -= n
                B.player_w(g, lord)["coins"] += n
                B.log(g, "tribute_paid", player=vassal, lord=lord, coins=n, card=o["card"])
        for ward, regent in part["regents"].items():
            if data.regency_influence and active(g, regent):
                B.player_w(g, regent)["influence"] += data.regency_influence
                B.log(g, "regency_influence", visibility=(regent,), player=regent,
                      ward=ward, n=data.regency_influence)


@hook_step
class ProtectedRaids(Raids):
    """Raids where each protector of the raided city's owner adds ``protection`` to the
    city's strength (CAMP-S3-03)."""

    def at_resolve(self, g: Table, f):
        _part, data = oaths_of(g)
        lords = protectors(g, f["player"])
        if lords and data.protection:
            f["defence"] = int(f.get("defence", 0)) + data.protection * len(lords)
            B.log(g, "oath_protection", player=f["player"], city=f["target"],
                  protectors=lords, n=data.protection * len(lords))
        return super().at_resolve(g, f)


@hook_step
class PeacefulMarch(MarchOrder):
    """The march whose targets leave out every city held by a state bound to the
    marching one (CAMP-S3-03: no march on one's lord, vassal, regent or ward)."""

    def at_target(self, g: Table, f):
        d = super().at_target(g, f)
        if d is None or d.prompt != "march_target":
            return d
        p = f["player"]
        keep = tuple(a for a in d.actions if a.kind != "march_target"
                     or not bound(g, p, B.controller(g, a.city) or ""))
        if len(keep) == len(d.actions):
            return d
        if any(a.kind == "march_target" for a in keep):
            return Decision(d.player, d.prompt, d.params, keep)
        if keep:  # only the enhanced march's governor changes are left (MARCH-05)
            return Decision(p, "march_governor", {}, (*keep, Action("end_march")))
        return self._finish(g, f)


@hook_step
class OathOwnTurn(OwnTurn):
    """The own-turn window with "break an oath" (CAMP-S3-04). It also opens for a state
    bound by any oath (public), so its opening tells nothing hidden."""

    @staticmethod
    def options(g: Table, player):
        _part, data = oaths_of(g)
        return [*OwnTurn.options(g, player), *breakable(g, player, data.break_cost)]

    def run(self, g: Table, f):
        p = f["player"]
        part, _data = oaths_of(g)
        if not f.get("done") and not window_open(g, p) and oaths_with(part, p) and active(g, p):
            f.pop("ret", None)
            return Decision(p, "own_turn", {}, (*self.options(g, p), Action("done")))
        return super().run(g, f)

    def on_break_oath(self, g: Table, f, a):
        _part, data = oaths_of(g)
        record = break_oath(g, f["player"], a.card, data.break_cost)
        g.call("effect", **betrayal_effect(g, f["player"], record))


OATHS_AND_REGENCY = register_hook(Hook(
    "oaths_and_regency", "CAMP-S3-02..05: the oath council, tribute, protection and peace, "
    "betrayal in one's own turn, regency",
    steps={"planning_phase": OathPlanning(), "income_phase": OathIncome(),
           "raids": ProtectedRaids(), "order_march": PeacefulMarch(),
           "own_turn": OathOwnTurn()}))
