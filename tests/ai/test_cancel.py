"""A cancel stops a thinking bot at once: the search looks at its flag at every iteration
and playout move, and a root-parallel search terminates its worker processes.

Counted in steps of the search, never in seconds (speed is measured in benchmarks)."""
from __future__ import annotations

import pytest

from krestonostsy.ai import Cancelled, decide, ismcts, make_bot
from krestonostsy.engine import Game


class Flag:
    """A cancel flag that turns true at its ``after + 1``-th look, and counts the looks;
    ``on_look`` runs at every look (to see the search's state while it runs)."""

    def __init__(self, after: int, on_look=None):
        self.after, self.looks, self.on_look = after, 0, on_look

    def __call__(self) -> bool:
        self.looks += 1
        if self.on_look:
            self.on_look(self.looks)
        return self.looks > self.after


def _at_order_placement(players=("jerusalem", "tripoli"), seed=4) -> Game:
    """A game at a searched decision (an order placement) of the second round."""
    g = Game.new(list(players), seed=seed)
    bot = make_bot("novice")
    k = 0
    while not (g.decision.prompt == "place_order" and g.s["round"] == 2):
        g.apply(decide(bot, g, k))
        k += 1
    return g


def test_a_cancel_stops_the_hard_search_at_the_next_iteration(monkeypatch):
    game = _at_order_placement()
    iterations = []
    real = Game.determinize

    def counting(self, seat, seed):
        iterations.append(seed)
        return real(self, seat, seed)
    monkeypatch.setattr(Game, "determinize", counting)
    flag = Flag(after=30)
    with pytest.raises(Cancelled):
        decide(make_bot("hard", iterations=400, seconds=None), game, 7, cancelled=flag)
    assert flag.looks == flag.after + 1, "the search stopped at the very look that saw the cancel"
    # 30 looks: the root world plus a few iterations (one look per iteration and per
    # playout move), far from the 400 of the budget
    assert 1 < len(iterations) <= 30


def test_without_a_cancel_the_same_search_runs_its_budget(monkeypatch):
    game = _at_order_placement()
    flag = Flag(after=10**9)
    a = decide(make_bot("hard", iterations=12, seconds=None), game, 7, cancelled=flag)
    assert a in game.legal_actions()
    assert flag.looks > 12, "looked at the flag at least once per iteration"


def test_a_cancel_stops_the_normal_level_too():
    game = _at_order_placement()
    flag = Flag(after=0)
    with pytest.raises(Cancelled):
        decide(make_bot("normal"), game, 7, cancelled=flag)
    assert flag.looks == 1


def test_a_cancel_terminates_the_experts_worker_processes():
    ismcts.stop_workers()  # a pool left by an earlier test would mix its workers in
    game = _at_order_placement()
    seen: list = []

    def watch(looks):
        seen.extend(p for p in ismcts.worker_processes() if p not in seen)
    # looks 1–2: the root worlds; then the parent polls the workers until the 6th look
    flag = Flag(after=5, on_look=watch)
    bot = make_bot("expert", iterations=1_000_000, seconds=None, trees=2, processes=2)
    with pytest.raises(Cancelled):
        decide(bot, game, 7, cancelled=flag)
    assert seen, "the search was running in worker processes when it was cancelled"
    assert not any(p.is_alive() for p in seen), "every worker process was stopped"
    assert all(p.exitcode is not None and p.exitcode < 0 for p in seen), \
        "ended by the terminate signal, not by finishing their million iterations"
    assert ismcts.worker_processes() == []
