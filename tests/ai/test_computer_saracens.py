"""The game option "the computer plays the Saracens' battle cards" (issue 9 §2): an
option of the table, not of the rules — validated, saved, off by default, and the games
without it keep their state."""
from __future__ import annotations

import json
import random

import pytest

from krestonostsy.ai import make_bot
from krestonostsy.engine import Game, GameOptions
from krestonostsy.engine.state import SARACEN

THREE = ["jerusalem", "tripoli", "edessa"]


def test_off_by_default_and_absent_from_the_state_when_off():
    assert GameOptions().computer_saracens is False
    assert "computer_saracens" not in GameOptions().to_json()
    assert "computer_saracens" not in Game.new(THREE, seed=1).s["options"]
    on = GameOptions(computer_saracens=True)
    assert on.to_json()["computer_saracens"] is True
    assert GameOptions.from_json(on.to_json()) == on
    assert GameOptions.from_json({}) == GameOptions()


@pytest.mark.parametrize("bad", ["yes", 1, None, "normal"])
def test_a_wrong_value_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="computer_saracens"):
        GameOptions.from_json({"computer_saracens": bad})


def test_saved_with_the_game_and_the_rules_do_not_change():
    on = Game.new(THREE, seed=5, options={"computer_saracens": True})
    off = Game.new(THREE, seed=5)
    assert json.loads(on.state_json())["options"]["computer_saracens"] is True
    rng = random.Random(5)
    for _ in range(300):
        if on.is_over:
            break
        a = rng.choice(on.legal_actions())
        on.apply(a)
        off.apply(a)
    assert on.log == off.log and on.decision == off.decision


def _saracen_decisions(seeds=range(6)):
    """(game clone, decision) at every decision made for the Saracen side, random play."""
    out = []
    for seed in seeds:
        g, rng = Game.new(THREE, seed=seed), random.Random(seed)
        while not g.is_over:
            if g.deciding_for_saracens:
                out.append((g.clone(), g.decision))
            g.apply(rng.choice(g.legal_actions()))
    return out


def test_the_saracen_side_is_told_from_the_players_own_decisions():
    found = _saracen_decisions()
    assert found
    for g, d in found:
        b = g.s["battle"]
        assert b["defender"] == SARACEN and d.player == b["saracen_player"]
        assert d.player != b["attacker"]
        assert d.prompt in ("battle_play", "battle_cancel", "battle_reinforce", "retreat_to",
                            "choose", "choose_effect", "discard_units")
    # and the attacker's own decisions in the same battles are never the Saracens'
    g, rng = Game.new(THREE, seed=0), random.Random(0)
    while not g.is_over:
        b = g.s.get("battle")
        if b and g.decision.player == b.get("attacker"):
            assert not g.deciding_for_saracens
        g.apply(rng.choice(g.legal_actions()))


def test_a_bot_answers_for_the_saracens_as_the_saracen_player():
    g, d = _saracen_decisions(range(2))[0]
    from krestonostsy.ai import decide
    assert decide(make_bot("normal"), g, 3) in d.actions
