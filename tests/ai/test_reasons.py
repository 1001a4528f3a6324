"""Bots say why (issue 8 §4): a short reason for the log where the level has one, made by
the harness from what the seat may know, never by the engine."""
from __future__ import annotations

import pytest

from krestonostsy.ai import Reason, decide, decide_explained, make_bot
from krestonostsy.ai.policy import attack_strength
from krestonostsy.engine import Game


def _until(game, prompt, bot, k=0, limit=3000):
    """Play ``bot`` in every seat until a decision of ``prompt`` with a choice."""
    for _ in range(limit):
        d = game.decision
        if d.prompt == prompt and len(d.actions) > 1:
            return k
        game.apply(decide(bot, game, k))
        k += 1
    raise AssertionError(f"no {prompt} decision")


def test_normal_explains_an_attack_by_the_public_strengths():
    game = Game.new(["jerusalem", "tripoli"], seed=2)
    normal = make_bot("normal")
    seen = []
    for k in range(3000):
        if game.is_over or seen:
            break
        d = game.decision
        action, reason = decide_explained(normal, game, k)
        assert action == decide(normal, game, k), "the reason never changes the choice"
        if reason is not None:
            assert action.kind == "march_target"
            assert action.city not in game.s["players"][d.player]["cities"]
            mine, theirs = attack_strength(game, d.player, action.city)
            assert reason == Reason("bot_attacks", {"player": d.player, "city": action.city,
                                                    "strength": mine, "defence": theirs})
            seen.append(reason)
        elif action.kind == "march_target":
            assert action.city in game.s["players"][d.player]["cities"]
        game.apply(action)
    assert seen, "a normal bot attacked in this game and said why"


def test_hard_explains_an_order_placement_by_its_search():
    game = Game.new(["jerusalem", "tripoli"], seed=4)
    _until(game, "place_order", make_bot("novice"))
    action, reason = decide_explained(make_bot("hard", iterations=9, seconds=None), game, 3)
    assert action.kind == "place_order"
    assert reason.key == "bot_order_searched"
    p = reason.params
    assert p["player"] == game.decision.player and p["order"] == action.order
    assert p["total"] == 9 and 1 <= p["n"] <= 9
    assert reason.entry() == ("bot_order_searched", p, None), "a public log entry"


@pytest.mark.parametrize("level", ["random", "novice", "easy"])
def test_levels_without_reasons_say_nothing(level):
    game = Game.new(["jerusalem", "tripoli"], seed=4)
    bot = make_bot(level)
    for k in range(200):
        action, reason = decide_explained(bot, game, k)
        assert reason is None
        game.apply(action)
