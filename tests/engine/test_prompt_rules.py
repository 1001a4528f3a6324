"""Every decision names the rules behind it (issue 10 §2, the "?" on the prompt bar)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import krestonostsy.engine as engine_pkg
from krestonostsy.content.rules import shipped_rules
from krestonostsy.engine import Game
from krestonostsy.engine.prompt_rules import PROMPT_RULES, rules_of
from krestonostsy.engine.view import PUBLIC_DECISION_PARAMS
from krestonostsy.tools.simulate import lineup

ENGINE = Path(engine_pkg.__file__).parent


def _source(path: str) -> str:
    return (ENGINE / path).read_text(encoding="utf-8")


def engine_prompts() -> set[str]:
    """Every prompt the engine source can produce: literal prompts of ``Decision(...)``
    and ``prompt = "..."`` steps, and the composed ones (``"discard_" + kind``,
    ``"choose_" + mode + "_good"``, ``self.name + "_buildings" / "_spies"``)."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"Decision\([^,()]+(?:\([^()]*\))?[^,()]*,\s*\"([a-z_]+)\"",
                                text))
        found |= set(re.findall(r"^\s+prompt = \"([a-z_]+)\"", text, re.M))
        found |= set(re.findall(r"_random_or\(g, (?:[^,()]|\([^()]*\))+, \"([a-z_]+)\"", text))
    cards = _source("ops/cards.py")
    kinds = set(re.findall(r"kind=\"([a-z_]+)\"", cards)) | set(
        re.findall(r"f\[\"kind\"\] = \"([a-z_]+)\"", cards))
    found |= {"discard_" + k for k in kinds}
    modes = set(re.findall(r"mode=\"([a-z_]+)\"", _source("ops/resources.py")))
    found |= {f"choose_{m}_good" for m in modes}
    triggers = _source("triggers.py")
    for name in re.findall(r"name = \"(after_[a-z_]+)\"", triggers):
        found |= {name + "_buildings", name + "_spies"}
    return {p for p in found if not p.endswith("_")}  # "choose_" + …: composed above


def test_the_source_scan_finds_the_prompts_it_must():
    prompts = engine_prompts()
    # one of each way a prompt is made: literal, step attribute, composed, battle helper
    assert {"place_order", "battle_rescripts", "discard_take_back", "choose_block_good",
            "after_order_spies", "battle_cancel"} <= prompts


def test_every_prompt_kind_names_rules_and_they_are_in_the_reference_in_both_languages():
    book = shipped_rules()
    prompts = engine_prompts() | set(PUBLIC_DECISION_PARAMS)
    missing = sorted(p for p in prompts if not rules_of(p))
    assert not missing, f"prompts without rule IDs (engine/prompt_rules.py): {missing}"
    assert not set(PROMPT_RULES) - prompts, "rule IDs declared for a prompt nobody makes"
    for prompt, ids in PROMPT_RULES.items():
        assert ids and len(set(ids)) == len(ids), prompt
        for rid in ids:
            paragraph = book.paragraph_for(rid)
            assert paragraph is not None, f"{prompt}: {rid} is in no paragraph"
            assert paragraph.text.ru.strip() and paragraph.text.en.strip()
            assert paragraph.text.ru != paragraph.text.en


@pytest.mark.rule("TURN-09")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_of_played_games_carries_its_rules_in_every_view(players):
    rnd = random.Random(players)
    g = Game.new(lineup(players, rnd), seed=players * 7)
    seen = set()
    while not g.is_over:
        d = g.decision
        seen.add(d.prompt)
        assert rules_of(d.prompt), d.prompt
        for who in [None, *g.s["states"]]:
            view = g.view(who)["decision"]
            assert view["rules"] == list(rules_of(d.prompt))
            # the rules are the only public addition: params still follow the whitelist
            if who != d.player:
                assert set(view) == {"player", "prompt", "params", "rules"}
                assert set(view["params"]) <= PUBLIC_DECISION_PARAMS.get(d.prompt, set())
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    assert len(seen) > 15
