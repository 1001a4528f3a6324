"""``engine.preview``: what an action would do — its draws, its payments, whether it ends
the turn — asked on a clone, changing nothing of the game asked (issue 28 §1–2)."""
import json
import random

import pytest
from cardkit import game, spy

from krestonostsy.engine import Action, Game
from krestonostsy.engine.preview import Payment, preview


def _place(g, order, cell="inner"):
    g.apply(Action("place_order", order=order, cell=cell))
    if g.decision.prompt == "play_drawn_spy":
        g.apply(next(a for a in g.legal_actions() if a.kind == "keep"))


@pytest.mark.rule("PLAN-06", "AUTOMA-06")
def test_stacking_reports_a_coin_to_each_covered_owner_and_the_automa():
    g = Game.new(["jerusalem", "tripoli"], seed=3)  # the automa places 1st and 2nd
    while g.decision.player != "tripoli":
        _place(g, next(a for a in g.legal_actions() if a.cell == "inner").order)
    covered = {order: [o for o, _e in g.s["cross"][order]["inner"]] for order in g.s["cross"]}
    order = next(o for o, owners in covered.items() if "automa" in owners
                 and Action("place_order", order=o, cell="inner") in g.legal_actions())
    out = preview(g, Action("place_order", order=order, cell="inner"))
    expected = {}
    for owner in covered[order]:
        if owner != "tripoli":
            expected[owner] = expected.get(owner, 0) + 1
    assert {p.to: p.coins for p in out.payments} == expected
    assert out.coins == sum(expected.values()) and not out.draws
    assert out.reveals and out.ends_turn  # the automa's token is drawn next (AUTOMA-03)
    assert g.s["players"]["tripoli"]["coins"] - out.after.s["players"]["tripoli"]["coins"] \
        == out.coins  # exactly what the rules took


@pytest.mark.rule("PLAN-08")
def test_an_outer_cell_reports_the_spy_it_draws():
    g = game(cards=[spy(f"spy{i}") for i in range(4)])
    out = preview(g, Action("place_order", order="prayer", cell="outer"))
    assert out.reveals and out.draws == ("spies",) and not out.payments
    assert not out.ends_turn  # the drawn spy is offered to its drawer at once (SPY-02)
    assert g.s["players"]["jerusalem"]["spies_hand"] == []  # nothing drawn in the game


def test_the_payments_of_one_owner_add_up():
    from krestonostsy.engine.preview import _by_recipient
    assert _by_recipient([Payment("automa", 1), Payment("tripoli", 1), Payment("automa", 1),
                          Payment(None, 1, ("red",))]) == (
        Payment("automa", 2), Payment("tripoli", 1), Payment(None, 1, ("red",)))


def test_asking_changes_nothing_of_the_game():
    """Every legal action previewed at every decision of seeded random games: the game's
    state, log, history, decision and views stay as they were, and it plays on as if
    nothing had been asked."""
    for seed, states in ((1, ["jerusalem", "tripoli"]), (2, ["jerusalem", "tripoli",
                                                              "edessa", "antioch"])):
        g = Game.new(states, seed=seed)
        twin = Game.new(states, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if g.is_over:
                break
            before = (g.state_json(), json.dumps(g.log), list(g.actions), g.decision,
                      json.dumps(g.view(g.decision.player), sort_keys=True), g.can_undo)
            for action in g.legal_actions():
                preview(g, action)
            assert before == (g.state_json(), json.dumps(g.log), list(g.actions), g.decision,
                              json.dumps(g.view(g.decision.player), sort_keys=True),
                              g.can_undo)
            action = rng.choice(g.legal_actions())
            g.apply(action)
            twin.apply(action)
            assert g.state_json() == twin.state_json()
