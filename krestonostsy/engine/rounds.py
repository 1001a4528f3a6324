"""The game and its rounds (TURN-03): Event → Planning → Activation → Income, then the
end check (END-01/02) and scoring. Also the setup choices (SETUP-38/40, BULL-02, GOV-02).
"""
from __future__ import annotations

from . import board as B
from .actions import Action
from .decks import discard
from .flow import Decision, Step, step
from .scoring import end_conditions
from .table import Table


@step
class GameStep(Step):
    """Root of the stack. Frame: ``at`` = setup | round | over."""

    name = "game"

    start = "setup"

    def at_setup(self, g: Table, f):
        f["at"] = "setup_choices"
        g.call("setup_choices")

    def at_setup_choices(self, g: Table, f):
        f["at"] = "round"

    def at_round(self, g: Table, f):
        s = g.s
        s["round"] += 1
        for x, p in list(s["players"].items()):
            if p["outer_used"] or p["homs_used"]:  # (a shared player is copied to write)
                p = B.player_w(g, x)
                p["outer_used"] = False
                p["homs_used"] = False
        f["at"] = "planning"
        s["phase"] = "event"
        B.log(g, "round_started", round=s["round"])
        g.call("event_phase")

    def at_planning(self, g: Table, f):
        f["at"] = "activation"
        g.s["phase"] = "planning"
        g.call("planning_phase")

    def at_activation(self, g: Table, f):
        f["at"] = "income"
        g.s["phase"] = "activation"
        g.call("activation_phase")

    def at_income(self, g: Table, f):
        f["at"] = "end_check"
        g.s["phase"] = "income"
        g.call("income_phase")

    def at_end_check(self, g: Table, f):
        s = g.s
        s["modifiers"] = {}
        s["event"] = None
        met = end_conditions(g)
        if met:
            s["phase"] = "over"
            s["end_conditions"] = met
            f["at"] = "over"
            g.call("scoring")
            return
        f["at"] = "round"

    def at_over(self, g: Table, f):
        g.s["stack"].clear()


@step
class SetupChoices(Step):
    """Experienced setup: keep 1 of 2 bulls, put 1 of 2 governors in the capital
    (BULL-02, SETUP-38/40, GOV-02). Players choose in turn order."""

    name = "setup_choices"

    def _next(self, g: Table):
        for p in B.turn_order(g):
            pl = g.s["players"][p]
            if pl["bull_choices"] or pl["governor_choices"]:
                return p
        return None

    def run(self, g: Table, f):
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

    def on_keep_bull(self, g: Table, f, a):
        p = g.decider
        pl = B.player_w(g, p)
        pl["bull"] = a.card
        for other in pl["bull_choices"]:
            if other != a.card:
                B.log(g, "bull_returned", visibility=(p,), player=p, card=other)
        pl["bull_choices"] = []
        B.log(g, "bull_kept", player=p)

    def on_choose_governor(self, g: Table, f, a):
        p = g.decider
        pl = B.player_w(g, p)
        capital = B.capital(g, p)
        assert capital is not None  # governors are chosen at set-up: every state holds its capital
        B.city_w(g, capital)["governor"] = a.card
        for other in pl["governor_choices"]:
            if other != a.card:
                discard(g, other, "governors")  # face up under the deck
        pl["governor_choices"] = []
        B.log(g, "governor_appointed", player=p, card=a.card, city=B.capital(g, p))


@step
class Halt(Step):
    """A sentinel for tests and tools: run one step in isolation, then stop here.

    ``tests/helpers.py:run_step`` puts it under the step being tested; when that step
    returns, the game waits at a single ``halt`` action and ``f["ret"]`` holds the result.
    """

    name = "halt"

    def run(self, g: Table, f):
        return Decision("-", "halt", {}, (Action("halt"),))

    def on_halt(self, g: Table, f, a):
        g.s["stack"].clear()
