"""The evaluation's guess of another player's hidden influence and bull score
(``Weights.hidden_gains``)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from krestonostsy.ai.evaluation import HAND_WEIGHTS, hidden_totals, values
from krestonostsy.engine import Game

ME, OTHER = "tripoli", "antioch"


def _after_gains(world, gains: dict):
    """``world`` with each player's influence raised by ``gains`` (a look-ahead's end)."""
    players = dict(world.s["players"])
    for p, n in gains.items():
        players[p] = {**players[p], "influence": players[p]["influence"] + n}
    world.s["players"] = players
    return world


def _lead(world, weights, since=None) -> float:
    vals = values(world, ME, weights, since=since)
    return vals[ME] - vals[OTHER]


def _worlds():
    game = Game.new([ME, OTHER], seed=4)
    return game.determinize(ME, 7), game.determinize(ME, 7)


def test_by_default_every_gain_cancels_out_of_the_lead():
    """The symmetric guess: another player's hidden total is the viewer's own, so neither
    the viewer's gain nor the other's moves the lead (what every level did before)."""
    start, end = _worlds()
    since = hidden_totals(start)
    _after_gains(end, {ME: 3, OTHER: 5})
    assert _lead(end, HAND_WEIGHTS, since) == pytest.approx(_lead(start, HAND_WEIGHTS, since))


def test_with_hidden_gains_each_player_is_credited_its_own_gain():
    """With ``hidden_gains`` the other player's total is the viewer's at the start plus
    its own gain since: the viewer's 3 against the other's 5 is a lead 2 points smaller
    (influence weighs 1 point a point)."""
    weights = replace(HAND_WEIGHTS, hidden_gains=True)
    start, end = _worlds()
    since = hidden_totals(start)
    before = _lead(start, weights, since)
    _after_gains(end, {ME: 3, OTHER: 5})
    assert _lead(end, weights, since) - before == pytest.approx(-2 * HAND_WEIGHTS.values[0])


def test_the_guess_does_not_read_the_other_players_true_total():
    """Only the gain counts: two worlds that differ in the other's (hidden) total alone,
    with the same gains, give the viewer the same lead."""
    weights = replace(HAND_WEIGHTS, hidden_gains=True)
    leads = []
    for hidden in (0, 30):
        start, end = _worlds()
        _after_gains(start, {OTHER: hidden})
        _after_gains(end, {OTHER: hidden})
        since = hidden_totals(start)
        _after_gains(end, {OTHER: 4})
        leads.append(_lead(end, weights, since))
    assert leads[0] == pytest.approx(leads[1])


def test_a_play_style_keeps_the_guess():
    from krestonostsy.ai.styles import style
    weights = replace(HAND_WEIGHTS, hidden_gains=True)
    assert style("merchant").weigh(weights).hidden_gains


def test_a_bull_goal_met_in_the_look_ahead_counts_only_with_hidden_gains(monkeypatch):
    """The bull is secret too: by default another player's bull is guessed to score what
    the viewer's does, so the viewer's own goal met in a look-ahead cancels out; with
    ``hidden_gains`` the viewer's 3 more against the other's 1 more is 2 points."""
    from krestonostsy.ai import evaluation
    start, end = _worlds()
    scores = {(id(start), ME): 1, (id(start), OTHER): 2, (id(end), ME): 4, (id(end), OTHER): 3}
    monkeypatch.setattr(evaluation, "bull_score", lambda world, p: scores[(id(world), p)])
    since = hidden_totals(start)
    bull = HAND_WEIGHTS.values[evaluation.FEATURES.index("bull")]
    for gains, change in ((False, 0.0), (True, 2 * bull)):
        weights = replace(HAND_WEIGHTS, hidden_gains=gains)
        assert _lead(end, weights, since) - _lead(start, weights, since) == \
            pytest.approx(change), gains
