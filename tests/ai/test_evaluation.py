"""The evaluation's guess of another player's hidden influence and bull score
(``Weights.hidden_gains``), and of what its governors give it (``Weights.open_governors``)."""
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


def test_open_governors_count_what_the_other_players_governors_give(monkeypatch):
    """Governors are open cards: with ``open_governors`` another player's income to come
    is what its governors give it (``governors_income``), as the viewer's own is; without,
    one influence a governor."""
    from krestonostsy.ai import evaluation
    world, _ = _worlds()
    world.s["cities"] = dict(world.s["cities"])
    capital = world.s["players"][OTHER]["cities"][0]
    world.s["cities"][capital] = {**world.s["cities"][capital], "governor": "any"}
    monkeypatch.setattr(evaluation, "governors_income",
                        lambda w, p: (6, {}) if p == OTHER else (2, {}))
    at = evaluation.FEATURES.index("income_to_come")
    shut = evaluation.features(world, ME)
    open_ = evaluation.features(world, ME, open_governors=True)
    rounds_left = world.rules.last_round + 1 - max(world.round, 1)
    assert rounds_left > 0
    assert shut[ME][at] == open_[ME][at]
    assert open_[OTHER][at] - shut[OTHER][at] == pytest.approx((6 - 1) * rounds_left)
    weights = replace(HAND_WEIGHTS, open_governors=True)
    assert _lead(world, HAND_WEIGHTS) - _lead(world, weights) == pytest.approx(
        5 * rounds_left * HAND_WEIGHTS.values[at])


def test_open_governors_are_kept_by_a_play_style():
    from krestonostsy.ai.styles import style
    assert style("pious").weigh(replace(HAND_WEIGHTS, open_governors=True)).open_governors
