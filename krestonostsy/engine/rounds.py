"""The game and its rounds (TURN-03): Event → Planning → Activation → Income, then the
end check (END-01/02) and scoring. Also the setup choices (SETUP-38/40, BULL-02, GOV-02).
"""
from __future__ import annotations

from . import board as B
from .actions import Action
from .flow import Decision, Step, step


@step
class GameStep(Step):
    """Root of the stack. Frame: ``at`` = setup | round | over."""

    name = "game"

    def run(self, g, f):
        s = g.s
        at = f.get("at", "setup")
        if at == "setup":
            f["at"] = "setup_choices"
            g.call("setup_choices")
            return None
        if at == "setup_choices":
            f["at"] = "round"
            return None
        if at == "round":
            s["round"] += 1
            for p in s["players"].values():
                p["outer_used"] = False
                p["homs_used"] = False
            f["at"] = "planning"
            s["phase"] = "event"
            B.log(g, "round_started", round=s["round"])
            g.call("event_phase")
            return None
        if at == "planning":
            f["at"] = "activation"
            s["phase"] = "planning"
            g.call("planning_phase")
            return None
        if at == "activation":
            f["at"] = "income"
            s["phase"] = "activation"
            g.call("activation_phase")
            return None
        if at == "income":
            f["at"] = "end_check"
            s["phase"] = "income"
            g.call("income_phase")
            return None
        if at == "end_check":
            s["modifiers"] = {}
            s["event"] = None
            from .scoring import end_conditions
            met = end_conditions(g)
            if met:
                s["phase"] = "over"
                s["end_conditions"] = met
                f["at"] = "over"
                g.call("scoring")
                return None
            f["at"] = "round"
            return None
        if at == "over":
            s["stack"].clear()
            return None
        raise AssertionError(at)


@step
class SetupChoices(Step):
    """Experienced setup: keep 1 of 2 bulls, put 1 of 2 governors in the capital
    (BULL-02, SETUP-38/40, GOV-02). Players choose in turn order."""

    name = "setup_choices"

    def _next(self, g):
        for p in B.turn_order(g):
            pl = g.s["players"][p]
            if pl["bull_choices"] or pl["governor_choices"]:
                return p
        return None

    def run(self, g, f):
        p = self._next(g)
        if p is None:
            g.ret()
            return None
        pl = g.s["players"][p]
        if pl["bull_choices"]:
            return Decision(p, "keep_bull", {}, tuple(
                Action("keep_bull", card=c) for c in pl["bull_choices"]))
        return Decision(p, "choose_start_governor", {"city": B.capital(g, p)}, tuple(
            Action("choose_governor", card=c) for c in pl["governor_choices"]))

    def act(self, g, f, a):
        p = g.decision.player
        pl = g.s["players"][p]
        if a.kind == "keep_bull":
            pl["bull"] = a.card
            for other in pl["bull_choices"]:
                if other != a.card:
                    B.log(g, "bull_returned", visibility=(p,), player=p, card=other)
            pl["bull_choices"] = []
            B.log(g, "bull_kept", player=p)
        else:
            g.s["cities"][B.capital(g, p)]["governor"] = a.card
            for other in pl["governor_choices"]:
                if other != a.card:
                    g.s["discards"]["governors"].append(other)  # face up under the deck
            pl["governor_choices"] = []
            B.log(g, "governor_appointed", player=p, card=a.card, city=B.capital(g, p))


@step
class Halt(Step):
    """A sentinel for tests and tools: run one step in isolation, then stop here.

    ``tests/helpers.py:run_step`` puts it under the step being tested; when that step
    returns, the game waits at a single ``halt`` action and ``f["ret"]`` holds the result.
    """

    name = "halt"

    def run(self, g, f):
        return Decision("-", "halt", {}, (Action("halt"),))

    def act(self, g, f, a):
        g.s["stack"].clear()
