"""The command-line tools: simulate, replay, validate-data (issue 2 §5), behind one
``krestonostsy`` parser with a subparser each (issue 29 §6)."""
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import krestonostsy
from krestonostsy.cli import SUBCOMMANDS
from krestonostsy.cli import main as cli
from krestonostsy.engine import Game
from krestonostsy.resources import data_dir


def test_help_lists_every_subcommand_with_its_line(capsys):
    assert cli(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: krestonostsy ")
    for name, summary in SUBCOMMANDS.items():
        assert re.search(rf"^ +{name} +{re.escape(summary)}$", out, re.M), name
    assert "--version" in out and "--screenshot OUT.png" in out


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_each_subcommand_help_shows_its_own_options(capsys, name):
    assert cli([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: krestonostsy {name} ")
    options = {"simulate": "--scenario", "replay": "save", "validate-data": "dir",
               "balance": "--bot", "tournament": "--bot-seed", "campaign": "--open"}
    assert options[name] in out


def test_a_refused_combination_is_a_usage_error_of_its_subcommand(capsys):
    assert cli(["simulate", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: krestonostsy simulate ")
    assert "krestonostsy simulate: error: --games must be at least 1" in err
    assert cli(["--bogus"]) == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_a_tool_runs_alone_with_the_same_options():
    run = subprocess.run([sys.executable, "-m", "krestonostsy.tools.validate_data", "--help"],
                         cwd=Path(krestonostsy.__file__).resolve().parents[1], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: python -m krestonostsy.tools.validate_data [-h] [dir]")


def test_simulate_prints_a_json_summary_last(capsys):
    assert cli(["simulate", "--players", "3", "--games", "3", "--seed", "5", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    for key in ("games", "actions", "seconds", "actions_per_second", "end_conditions", "wins"):
        assert key in summary
    assert summary["games"] == 3 and summary["actions"] > 0
    assert sum(summary["wins"].values()) == 3
    assert "mean actions per game" in "\n".join(out)


def test_replay_verifies_a_save_and_refuses_a_corrupt_one(tmp_path, capsys):
    g = Game.new(["antioch", "edessa"], seed=2)
    rnd = random.Random(2)
    for _ in range(80):
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    save = tmp_path / "game.json"
    save.write_text(json.dumps(g.to_json()), encoding="utf-8")
    assert cli(["replay", str(save)]) == 0
    assert "80 actions replayed and verified" in capsys.readouterr().out
    data = g.to_json()
    data["actions"][10] = {"kind": "place_order", "order": "moon", "cell": "inner"}
    save.write_text(json.dumps(data), encoding="utf-8")
    assert cli(["replay", str(save)]) == 1
    err = capsys.readouterr().err
    assert "action 11 of 80 is not legal" in err
    save.write_text("{ broken", encoding="utf-8")
    assert cli(["replay", str(save)]) == 1
    assert "not valid JSON" in capsys.readouterr().err
    assert cli(["replay", str(tmp_path / "missing.json")]) == 2


def test_validate_data_passes_on_shipped_data(capsys):
    assert cli(["validate-data"]) == 0
    assert "content OK" in capsys.readouterr().out


@pytest.mark.parametrize("file,old,new,fragment", [
    ("map.yaml", "  - [tortosa, antioch]", "  - [tortosa, atlantis]", "unknown city 'atlantis'"),
    ("tracks.yaml", "  length: 20", "  length: many", "'length' must be a whole number"),
    ("cards/buildings.yaml", "op: restore_goods", "op: restore_godos", "restore_godos"),
])
def test_validate_data_fails_clearly_on_a_broken_copy(tmp_path, capsys, file, old, new, fragment):
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert cli(["validate-data", str(copy)]) == 1
    err = capsys.readouterr().err
    assert f"{path.name}:{line}:" in err and fragment in err


def test_balance_report_covers_every_lineup(capsys):
    assert cli(["balance", "--games", "1", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert len(report["lineups"]) == 9  # 4 pairs, 4 three-player sets, the 4-player game
    for lu in report["lineups"]:
        assert abs(sum(lu["win_rate"].values()) - 1) < 1e-9
    assert sum(report["end_conditions"].values()) >= 9


def test_balance_plays_a_scenario_for_one_player_count_with_intervals(capsys):
    assert cli(["balance", "--scenario", "levantine_merchants", "--players", "2",
                "--games", "2", "--seed", "2", "--progress", "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out.strip().splitlines()[-1])
    assert report["scenario"] == "levantine_merchants" and len(report["lineups"]) == 4
    for lu in report["lineups"]:
        assert len(lu["states"]) == 2
        for s in lu["states"]:
            lo, hi = lu["ci95"][s]
            assert 0 <= lo <= lu["win_rate"][s] <= hi <= 1
    assert err.count("levantine_merchants ") == 8  # one progress line per game
    assert cli(["balance", "--scenario", "no_such_scenario", "--games", "1"]) == 2
    assert "no_such_scenario" in capsys.readouterr().err


def test_missing_x11_libraries_are_named_not_a_qt_abort(monkeypatch, capsys):
    from krestonostsy.ui import preflight

    monkeypatch.setattr(preflight.sys, "platform", "linux")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(preflight.ctypes.util, "find_library",
                        lambda name: None if name == "xcb-cursor" else f"lib{name}.so")
    assert cli([]) == 1
    err = capsys.readouterr().err
    assert "libxcb-cursor0" in err and "apt install" in err
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert preflight.missing_linux_packages() == []


def _saved(tmp_path, steps=60):
    g = Game.new(["antioch", "edessa"], seed=4)
    rnd = random.Random(4)
    for _ in range(steps):
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    return g.to_json()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format_version=True),
    lambda d: d["setup"].update(seed="x"),
    lambda d: d.update(actions=[None]),
    lambda d: d["actions"].pop(),  # legal, but not the saved position: never "verified"
    lambda d: d.update(state_digest="f" * 32),
])
def test_replay_of_a_damaged_save_exits_non_zero_without_a_traceback(tmp_path, capsys, damage):
    data = _saved(tmp_path)
    damage(data)
    save = tmp_path / "game.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    assert cli(["replay", str(save)]) == 1
    out = capsys.readouterr()
    assert "verified" not in out.out and "Traceback" not in out.err
    assert out.err.startswith("replay: ")


def test_replay_refuses_a_file_over_the_shared_size_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("krestonostsy.tools.replay.MAX_SAVE_BYTES", 100)
    save = tmp_path / "big.json"
    save.write_text(json.dumps(_saved(tmp_path)), encoding="utf-8")
    assert cli(["replay", str(save)]) == 1
    assert "too large" in capsys.readouterr().err


def test_replay_of_an_old_save_without_digest_says_it_is_not_verified(tmp_path, capsys):
    data = _saved(tmp_path)
    del data["state_digest"]
    save = tmp_path / "old.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    assert cli(["replay", str(save)]) == 0
    assert "not verified" in capsys.readouterr().out


def test_simulate_plays_a_named_scenario_and_refuses_an_unknown_one(capsys):
    assert cli(["simulate", "--players", "2", "--games", "1", "--scenario", "base"]) == 0
    assert "scenario base" in capsys.readouterr().out
    assert cli(["simulate", "--games", "1", "--scenario", "crescent"]) == 1
    assert "no scenario 'crescent' (known scenarios: base, chronicle_beginning, " \
           "levantine_merchants" in capsys.readouterr().err
