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


# --- every refusal of a mutated scenario or lesson names its line (issue 31 §4) ----------------

WEIRD_VALUES = ["x", "-1", "99999999", "[]", "{}", "''", "null", "true", "1.5", "[a, b]",
                "{a: 1}", "godmode", "tripoli", "!!int x", "2", "0"]


def _line_mutations():
    """Mutations of a YAML text's lines: (name, function(lines, rnd) -> lines)."""
    def on_line(edit):
        def mutate(lines, rnd):
            content = [i for i, ln in enumerate(lines) if ln.strip() and
                       not ln.lstrip().startswith("#")]
            i = rnd.choice(content)
            return lines[:i] + edit(lines[i], rnd) + lines[i + 1:]
        return mutate

    def value(line, rnd):
        key, sep, _rest = line.partition(": ")
        return [key + ": " + rnd.choice(WEIRD_VALUES)] if sep else [line + " " +
                                                                    rnd.choice(WEIRD_VALUES)]

    def in_flow(line, rnd):  # a value inside {a: 1, b: 2}
        parts = line.split(": ")
        if len(parts) < 3:
            return value(line, rnd)
        k = rnd.randrange(1, len(parts))
        tail = parts[k].split(",", 1)
        parts[k] = rnd.choice(WEIRD_VALUES) + ("," + tail[1] if len(tail) > 1 else
                                               "}" * parts[k].count("}"))
        return [": ".join(parts)]

    return [
        ("line deleted", on_line(lambda ln, r: [])),
        ("line duplicated", on_line(lambda ln, r: [ln, ln])),
        ("value replaced", on_line(value)),
        ("value in a flow mapping replaced", on_line(in_flow)),
        ("key renamed", on_line(lambda ln, r: [ln.replace(":", "x:", 1)])),
        ("indented", on_line(lambda ln, r: ["  " + ln])),
        ("dedented", on_line(lambda ln, r: [ln[2:] if ln.startswith("  ") else ln])),
        ("tab inserted", on_line(lambda ln, r: ["\t" + ln])),
        ("truncated", lambda lines, r: lines[:r.randrange(1, len(lines))]),
        ("lines swapped", lambda lines, r: (lambda i, j: [
            lines[j] if k == i else lines[i] if k == j else x
            for k, x in enumerate(lines)])(r.randrange(len(lines)), r.randrange(len(lines)))),
        ("empty file", lambda lines, r: []),
        ("a list", lambda lines, r: ["- a", "- b"]),
        ("a plain text", lambda lines, r: ["just words"]),
        ("comment only", lambda lines, r: ["# nothing here"]),
    ]


def _load_mutated(data, kind: str, name: str):
    """Load the mutated file as validate-data does: a scenario through the content loader,
    the lesson through load_lesson and its replay."""
    if kind == "scenario":
        from krestonostsy.engine import Ruleset
        content = load_content(data, name)
        return Ruleset(content.scenario, content)
    from krestonostsy.lesson import load_lesson, translated
    return load_lesson(data / "tutorial" / f"{name}.yaml", has_text=translated).check()


def test_every_refusal_of_a_mutated_scenario_or_lesson_names_its_file_and_line(data):
    """Seeded mutations of every scenario file and the lesson (lines deleted, duplicated,
    re-indented, values replaced, whole-file damage): each is loaded or refused with
    ``file:LINE: what is wrong`` — never without a line, never another exception."""
    import random
    import re
    rnd = random.Random(31)
    files = [("scenario", p) for p in sorted((data / "scenarios").glob("*.yaml"))] + \
            [("lesson", p) for p in sorted((data / "tutorial").glob("*.yaml"))]
    assert len(files) >= 6
    muts = _line_mutations()
    counts = {"refused": 0, "loaded": 0}
    problems = []
    for kind, path in files:
        original = path.read_text(encoding="utf-8")
        for n in range(40):
            name, mut = muts[n % len(muts)] if n < len(muts) else rnd.choice(muts)
            path.write_text("\n".join(mut(original.splitlines(), rnd)) + "\n",
                            encoding="utf-8")
            try:
                _load_mutated(data, kind, path.stem)
                counts["loaded"] += 1
            except ContentError as err:
                counts["refused"] += 1
                if not re.match(r"^[\w/.-]+\.yaml:\d+: \S", str(err)):
                    problems.append(f"{path.name} '{name}': no line: {err}")
            except Exception as err:  # noqa: BLE001 - the faults this test counts
                problems.append(f"{path.name} '{name}': {type(err).__name__}: {err}")
        path.write_text(original, encoding="utf-8")
    assert counts["refused"] > 100
    assert not problems, "\n".join(problems)


LESSON_EDITS = [
    # (what, old, new, the line's marker, expected words)
    ("an opponent that is no bot level", "opponent: novice", "opponent: godmode",
     "opponent: godmode", "opponent must name the bot level"),
    ("a human seat of the state that does not decide first", "human: jerusalem",
     "human: tripoli", "human: tripoli", "at the start (jerusalem decides first"),
    ("a human seat of a state not in the lesson", "human: jerusalem", "human: edessa",
     "human: edessa", "human must be one of"),
    ("an opponent move removed", "  2: {kind: place_order, cell: outer, order: build}\n", "",
     "  - id: spy\n", "after step 'spy' the opponent decides at action 2"),
    ("an opponent move changed", "2: {kind: place_order, cell: outer, order: build}",
     "2: {kind: place_order, cell: outer, order: march}", "2: {kind: place_order, cell: "
     "outer, order: march}", "the opponent's move at action 2 is not legal"),
    ("an opponent move never reached", "opponent_moves:\n",
     "opponent_moves:\n  9999: {kind: pass}\n", "9999:", "never reached"),
    ("an opponent move that is no action", "2: {kind: place_order, cell: outer, order: build}",
     "2: [place_order]", "2: [place_order]", "must be an action"),
]


@pytest.mark.parametrize("what, old, new, marker, words", LESSON_EDITS,
                         ids=[c[0] for c in LESSON_EDITS])
def test_every_reference_of_a_lesson_is_checked_at_load_with_its_line(data, what, old, new,
                                                                      marker, words):
    """Issue 31 §4: ``opponent: godmode`` passed validate-data and crashed when play went on
    after the lesson; a wrong ``human`` or an edited ``opponent_moves`` gave no line."""
    from krestonostsy.cli import main as cli
    from krestonostsy.lesson import load_lesson, translated
    path = data / "tutorial" / "first_game.yaml"
    _replace(path, old, new)
    text = path.read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index(marker)) + 1
    with pytest.raises(ContentError) as info:
        load_lesson(path, has_text=translated).check()
    assert str(info.value).startswith(f"first_game.yaml:{line}: "), str(info.value)
    assert words in str(info.value)
    assert cli(["validate-data", str(data)]) != 0
