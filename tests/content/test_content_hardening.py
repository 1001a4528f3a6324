"""Content loading owns its errors (issue 6 §2): deep nesting, bad tags, huge numbers, wrong
container types and plain-value cards are ``file:line: what is wrong``; values that would
break a game later are refused at load."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from krestonostsy.content.errors import ContentError
from krestonostsy.content.loader import load_content
from krestonostsy.resources import data_dir


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    return copy


def _replace(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _error(data) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(data)
    return info.value


def test_nesting_deep_enough_to_crash_libyaml_is_refused_before_parsing(data):
    # 60,000 levels segfault libyaml's parser: run it in a child so a crash would show
    path = data / "tracks.yaml"
    path.write_text(path.read_text() + "\nx: " + "[" * 60_000 + "]" * 60_000 + "\n")
    code = "import sys; from krestonostsy.cli import main; sys.exit(main(sys.argv[1:]))"
    out = subprocess.run([sys.executable, "-c", code, "validate-data", str(data)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1, out.stderr
    assert "tracks.yaml:" in out.stderr and "nested too deeply" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("tail", ["x: " + "[" * 1500 + "]" * 1500,
                                  "x:\n  " + "- " * 3000 + "1",
                                  "x:\n" + "".join(" " * i + "- \n" for i in range(0, 2400, 2))])
def test_nesting_that_would_hit_the_recursion_limit_is_file_and_line(data, tail):
    path = data / "tracks.yaml"
    path.write_text(path.read_text() + "\n" + tail + "\n")
    err = _error(data)
    assert err.file == "tracks.yaml" and err.line and "nested too deeply" in str(err)


@pytest.mark.parametrize("value, words", [("!!int x", "cannot read the value"),
                                          ("9" * 5000, "cannot read the value"),
                                          ("9" * 4000, "out of range"),
                                          ("[1, 2]", "must be a whole number")])
def test_bad_numbers_are_file_and_line(data, value, words):
    _replace(data / "tracks.yaml", "length: ", f"length: {value}\n  x_old: ")
    err = _error(data)
    assert err.file == "tracks.yaml" and err.line and words in str(err)


def test_a_card_entry_that_is_a_plain_value_names_its_line(data):
    path = data / "cards" / "spies.yaml"
    text = path.read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index("  - id:")) + 1
    path.write_text(text.replace("  - id:", "  - just a word\n  - id:", 1), encoding="utf-8")
    err = _error(data)
    assert (err.file, err.line) == ("spies.yaml", line)
    assert "a card must be a mapping" in str(err)


def test_a_list_where_a_word_is_expected_is_file_and_line(data):
    _replace(data / "map.yaml", "kind: capital", "kind: [capital]")
    err = _error(data)
    assert err.file == "map.yaml" and err.line


def test_a_saracen_track_cell_must_hold_a_number(data):
    _replace(data / "tracks.yaml", "- {strength: 1}", "- {strength: white}")
    err = _error(data)
    assert err.file == "tracks.yaml" and err.line == 37 and "whole number" in str(err)


def test_a_two_player_pair_must_name_two_states(data):
    _replace(data / "map.yaml", "{states: [jerusalem, tripoli],", "{states: [jerusalem],")
    err = _error(data)
    assert (err.file, err.line) == ("map.yaml", 37) and "2 different states" in str(err)


def test_a_city_entry_that_is_a_plain_value_names_its_line(data):
    _replace(data / "map.yaml", "  jerusalem:\n    kind: capital", "  jerusalem: 5\n  x_old:\n"
             "    kind: capital")
    err = _error(data)
    assert err.file == "map.yaml" and err.line == 43 and "must be a mapping" in str(err)
