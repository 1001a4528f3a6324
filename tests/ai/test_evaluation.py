"""The evaluation's guess of another player's hidden influence (``Weights.influence_gains``)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from krestonostsy.ai.evaluation import HAND_WEIGHTS, influence_totals, values
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
    since = influence_totals(start)
    _after_gains(end, {ME: 3, OTHER: 5})
    assert _lead(end, HAND_WEIGHTS, since) == pytest.approx(_lead(start, HAND_WEIGHTS, since))


def test_with_influence_gains_each_player_is_credited_its_own_gain():
    """With ``influence_gains`` the other player's total is the viewer's at the start plus
    its own gain since: the viewer's 3 against the other's 5 is a lead 2 points smaller
    (influence weighs 1 point a point)."""
    weights = replace(HAND_WEIGHTS, influence_gains=True)
    start, end = _worlds()
    since = influence_totals(start)
    before = _lead(start, weights, since)
    _after_gains(end, {ME: 3, OTHER: 5})
    assert _lead(end, weights, since) - before == pytest.approx(-2 * HAND_WEIGHTS.values[0])


def test_the_guess_does_not_read_the_other_players_true_total():
    """Only the gain counts: two worlds that differ in the other's (hidden) total alone,
    with the same gains, give the viewer the same lead."""
    weights = replace(HAND_WEIGHTS, influence_gains=True)
    leads = []
    for hidden in (0, 30):
        start, end = _worlds()
        _after_gains(start, {OTHER: hidden})
        _after_gains(end, {OTHER: hidden})
        since = influence_totals(start)
        _after_gains(end, {OTHER: 4})
        leads.append(_lead(end, weights, since))
    assert leads[0] == pytest.approx(leads[1])


def test_a_play_style_keeps_the_guess():
    from krestonostsy.ai.styles import style
    weights = replace(HAND_WEIGHTS, influence_gains=True)
    assert style("merchant").weigh(weights).influence_gains
