"""The fuzzers of issue 6 §5, a short seeded run each (``--fuzz-long`` for minutes)."""
from __future__ import annotations

import pytest
from fuzzlib import fuzz_actions, fuzz_chronicles, fuzz_content, fuzz_saves, soak

from krestonostsy.resources import data_dir


def _faults(counts) -> dict:
    return {k: v for k, v in counts.items()
            if k.startswith(("crash", "corrupt", "fault", "silent"))}


def test_mutated_saves_are_refused_with_save_error_or_load_exactly(fuzz_seconds):
    counts = fuzz_saves(seed=6, seconds=fuzz_seconds, at_least=21)
    assert counts["mutations"] > 20
    assert counts["refused"] > 0
    assert not _faults(counts)


def test_every_kind_of_save_mutation_is_reachable():
    from fuzzlib import _data_mutations, _text_mutations
    assert len(_data_mutations()) + len(_text_mutations()) >= 25


def test_mutated_chronicles_are_refused_with_chronicle_error_or_load_exactly(fuzz_seconds):
    """Issue 31 §3: no mutated chronicle crashes (at opening or in use afterwards) and
    none is accepted silently (loads but is not exactly its own document, or breaks an
    invariant: fuzzlib._chronicle_outcome); the window's check of which game a chronicle
    links never raises."""
    counts = fuzz_chronicles(seed=31, seconds=fuzz_seconds, at_least=60)
    assert counts["mutations"] >= 60
    assert counts["refused"] > 0 and counts["loaded"] > 0
    assert counts["kinds of mutation"] >= 25
    assert not _faults(counts)


def test_every_kind_of_chronicle_mutation_is_reachable():
    from fuzzlib import _chronicle_data_mutations, _chronicle_text_mutations
    names = [n for n, _m in _chronicle_data_mutations() + _chronicle_text_mutations()]
    assert len(set(names)) == len(names) >= 25


def test_malformed_actions_are_refused_and_leave_the_game_byte_identical(fuzz_seconds):
    counts = fuzz_actions(seed=6, seconds=fuzz_seconds, at_least=51)
    assert counts["actions"] > 50
    assert counts["refused"] == counts["actions"]
    assert not _faults(counts)


def test_mutated_content_is_refused_with_file_and_line_or_plays(fuzz_seconds):
    counts = fuzz_content(seed=6, seconds=fuzz_seconds, min_files=2)
    assert counts["files"] >= 2
    assert not _faults(counts)


def test_soak_games_keep_undo_cancel_clone_saves_and_determinize_exact(request):
    games = 60 if request.config.getoption("--fuzz-long") else 1
    for players in (2, 3, 4):
        counts = soak(players, games, seed=6)
        assert counts["games"] == games
        assert counts["faults"] == 0


# every scenario the game ships but the base game (soaked above)
CAMPAIGN_SCENARIOS = sorted(f.stem for f in (data_dir() / "scenarios").glob("*.yaml")
                            if f.stem != "base")
assert CAMPAIGN_SCENARIOS, "no scenario besides the base game in data/scenarios"


@pytest.mark.parametrize("scenario", CAMPAIGN_SCENARIOS)
def test_soak_games_of_every_scenario_keep_undo_cancel_clone_saves_and_determinize_exact(
        request, scenario):
    """The campaign's rule changes (their own components, draws and decisions) under the
    same checks as the base game, with and without the advanced terrain rules."""
    games = 20 if request.config.getoption("--fuzz-long") else 1
    for players in (2, 3, 4):
        for terrain in (False, True):
            counts = soak(players, games, seed=7, scenario=scenario, terrain=terrain)
            assert counts["games"] == games
            assert counts["actions"] > 50
            assert counts["faults"] == 0
