"""The reference expert ``expert-2026-11`` (issue 30) stays the expert of 28 November 2026.

Every later expert is measured against it (docs/ai.md, "The reference expert"), so it must
not move when the expert does. ``reference_expert_2026_11.json`` holds the decisions the
expert of commit 562b418 made at the first position of each searched decision of
``positions.py`` (40 playouts per root world, no time cap, one process, bot seed 3); the
reference level must make the same ones, with the same reasons. Should a change of what
it shares with the other levels (the engine, the cheap policy, the evaluation's features)
move one, this test says so: the reference has then moved, and the change must say why
and record the new decisions.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from krestonostsy.ai import decide_explained, make_bot
from krestonostsy.ai.levels import (
    REFERENCE_EXPERT,
    REFERENCE_EXPERT_BUDGET,
    REFERENCE_EXPERT_SEARCHED,
    parse_seat_kind,
)
from krestonostsy.engine import Action

from .positions import at, positions

RECORDED = json.loads((Path(__file__).with_name("reference_expert_2026_11.json"))
                      .read_text(encoding="utf-8"))["decisions"]


def _positions():
    out = []
    for players in (2, 3, 4):
        for pos in positions(players):
            if pos[0] in REFERENCE_EXPERT_SEARCHED:
                out.append((players, pos))
    return out


def test_the_reference_makes_the_recorded_decisions():
    bot = make_bot(REFERENCE_EXPERT, iterations=40, seconds=None, processes=1)
    made = []
    for players, pos in _positions():
        game = at(players, pos)
        if game.decision.player not in game.s["states"]:
            continue  # the Saracen side's decisions: saracens.py
        action, reason = decide_explained(bot, game, 3)
        made.append({"players": players, "prompt": pos[0], "action": action.to_json(),
                     "reason": None if reason is None else [reason.key, reason.params]})
    assert len(made) == len(RECORDED)
    for got, want in zip(made, RECORDED, strict=True):
        assert Action.from_json(got["action"]) == Action.from_json(want["action"]), want
        assert json.loads(json.dumps(got["reason"])) == want["reason"], want


def test_the_reference_keeps_its_budget_and_plays_balanced_only():
    assert (REFERENCE_EXPERT_BUDGET.iterations, REFERENCE_EXPERT_BUDGET.trees,
            REFERENCE_EXPERT_BUDGET.seconds, REFERENCE_EXPERT_BUDGET.paired,
            REFERENCE_EXPERT_BUDGET.halving) == (200, 2, 2.6, True, False)
    assert parse_seat_kind(REFERENCE_EXPERT) == (REFERENCE_EXPERT, "balanced")
    with pytest.raises(ValueError, match="balanced only"):
        parse_seat_kind(f"{REFERENCE_EXPERT}:merchant")
