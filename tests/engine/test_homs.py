import dataclasses

import pytest
from helpers import choose, halted, run_step

from krestonostsy.content.loader import shipped_content
from krestonostsy.engine import modules  # noqa: F401  (registers every step)
from krestonostsy.engine.flow import STEPS, Step
from krestonostsy.engine.game import Game
from krestonostsy.engine.options import GameOptions
from krestonostsy.engine.setup import new_state

ALL4 = ("jerusalem", "tripoli", "edessa", "antioch")


def make_game(states=ALL4, seed=1, **cards):
    """A game at setup with extra cards (``buildings=[Building...]`` etc.), not advanced."""
    content = shipped_content()
    extra = {k: {**getattr(content, k), **{c.id: c for c in v}} for k, v in cards.items()}
    content = dataclasses.replace(content, **extra)
    opts = GameOptions()
    setup = {"states": list(states), "seed": seed, "options": opts.to_json()}
    return Game(new_state(content, list(states), seed, opts), content, setup)


class Recorder(Step):
    """Stands in for another module's step: records its frame and returns ``value``."""

    def __init__(self, name, value=None):
        self.name, self.value = name, value

    def run(self, g, f):
        g.s.setdefault("calls", []).append(
            dict({k: v for k, v in f.items() if k != "s"}, step=self.name))
        g.ret(self.value)


@pytest.fixture
def record(monkeypatch):
    def _record(name, value=None):
        monkeypatch.setitem(STEPS, name, Recorder(name, value))
    return _record


def calls(g, name):
    return [c for c in g.s.get("calls", []) if c["step"] == name]


def kinds(g):
    return sorted({a.kind for a in g.legal_actions()})


@pytest.mark.rule("HOMS-02", "GLOSS-17")
def test_spices_pay_a_card_effect_of_any_colour():
    g = make_game()
    p = g.s["players"]["jerusalem"]
    p["coins"], p["goods"] = 0, {"green": [1, 0, 0]}
    ops = [{"op": "pay_for", "cost": ["red"], "then": [{"op": "gain_coins", "amount": 2}]}]
    run_step(g, "effect", player="jerusalem", ops=ops, ctx={"own_turn": True})
    choose(g, "pay_good", colour="green")
    assert halted(g)
    assert p["coins"] == 2 and p["goods"]["green"] == [0, 1, 0]


@pytest.mark.rule("HOMS-02")
def test_spices_are_goods_for_restore_spend_and_block():
    g = make_game()
    p = g.s["players"]["jerusalem"]
    p["goods"] = {"green": [0, 1, 0]}
    run_step(g, "effect", player="jerusalem", ops=[{"op": "restore_goods", "amount": 1},
                                                   {"op": "block_goods", "amount": 1}], ctx={})
    assert halted(g)
    assert p["goods"]["green"] == [0, 0, 1]
