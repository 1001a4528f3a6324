"""What the repository cites, it holds (issue 29 §6).

* Every rule ID cited anywhere — a docstring, a comment, a ``@pytest.mark.rule`` marker, a
  data file's comment, the docs — is explained by the project's own rules text:
  ``data/rules/reference.yaml`` (the rules, paragraph by paragraph) or
  ``data/rules/glossary.yaml`` (the symbols, SYM-*). How IDs are formed: docs/rules.md.
* No tracked file points at a file the repository does not hold (the rules digest and the
  design notes the project was started from live outside it).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from krestonostsy.content.rules import shipped_rules

ROOT = Path(__file__).resolve().parents[1]
THIS = Path(__file__).resolve()

# A rule ID: BATTLE-02, CAMP-S4-03 (two digits), a worked example EX-BUILD-1, a letter
# suffix (EVENT-09a) caught so that it is refused. A range cites every ID in it
# (BATTLE-01..25), a slash each one (GOV-08/09), a star a whole scenario (CAMP-S4-*).
RULE = re.compile(r"\b(EX-[A-Z]+-|[A-Z]{2,}(?:-S[0-9])?-)([0-9]+)([a-z]?)\b"
                  r"((?:(?:\.\.|/)[0-9]+)*)")
SCENARIO_RULES = re.compile(r"\b(CAMP-S[0-9])-\*")
TWO_DIGITS = re.compile(r"[0-9]{2}")

# Cited on purpose without existing: the test that a link to a missing rule is refused.
NOT_RULES = {"CAPITAL-99"}

# Names of files outside the repository, and why none may be pointed at.
OUTSIDE = {
    "RULES.md": "the rules digest the project was started from; explain the rule in "
                "data/rules/reference.yaml and point there (docs/rules.md)",
    "DESIGN.md": "the first design notes; say it in docs/ (engine.md, ai.md…)",
    "ui/words.py": "never written: the table's words are ui/table/labels.py",
    "rulebook-ru.txt": "the printed rulebook's text; name the rulebook, not a file",
    "../shared": "a folder beside the checkout",
}


def _tracked() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                         check=True).stdout.decode("utf-8")
    return [ROOT / name for name in out.split("\0") if name and (ROOT / name).is_file()]


def _citations(text: str):
    """(line, ID) for every rule ID ``text`` cites, ranges and slashes spelled out."""
    for m in RULE.finditer(text):
        prefix, number, letter, tail = m.groups()
        if not prefix.startswith("EX-") and not TWO_DIGITS.fullmatch(number):
            continue  # SHA-256, UTF-8, LGPL-3: names, not rules
        line = text.count("\n", 0, m.start()) + 1
        yield line, f"{prefix}{number}{letter}"
        last = int(number)
        for step in re.findall(r"(\.\.|/)([0-9]+)", tail):
            upto = int(step[1])
            numbers = range(last + 1, upto + 1) if step[0] == ".." else (upto,)
            for n in numbers:
                yield line, f"{prefix}{n:0{len(number)}d}"
            last = upto


def _sources() -> list[Path]:
    folders = ("krestonostsy", "tests", "data", "docs", "benchmarks", "packaging")
    files = [p for folder in folders for p in (ROOT / folder).rglob("*")
             if p.suffix in (".py", ".yaml", ".md") and p.is_file() and p != THIS
             and not {"build", "dist", "__pycache__"} & set(p.relative_to(ROOT).parts)]
    return files + [ROOT / "README.md"]


def test_every_rule_id_the_repository_cites_is_explained_in_data_rules():
    book = shipped_rules()
    explained = book.rule_ids() | {r for e in book.glossary for r in e.rules}
    scenarios = {rid.rsplit("-", 1)[0] for rid in explained if rid.startswith("CAMP-S")}
    missing, cited = [], set()
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        for line, rid in _citations(text):
            cited.add(rid)
            if rid not in explained and rid not in NOT_RULES:
                missing.append(f"{where}:{line}: {rid}")
        for m in SCENARIO_RULES.finditer(text):
            if m.group(1) not in scenarios:
                missing.append(f"{where}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}")
    assert len(cited) > 300, len(cited)  # the scan reads what it should
    assert not missing, ("rule IDs cited but explained nowhere in data/rules/ "
                         "(reference.yaml, glossary.yaml):\n" + "\n".join(missing))


def test_the_scan_spells_out_ranges_and_refuses_a_lettered_id():
    found = [rid for _line, rid in _citations("BATTLE-01..03, GOV-08/09, EX-BUILD-1/2, "
                                              "EVENT-09a, SHA-256, UTF-8")]
    assert found == ["BATTLE-01", "BATTLE-02", "BATTLE-03", "GOV-08", "GOV-09",
                     "EX-BUILD-1", "EX-BUILD-2", "EVENT-09a"]


def test_no_tracked_file_points_at_a_file_outside_the_repository():
    found = []
    for path in _tracked():
        if path == THIS:
            continue
        data = path.read_bytes()
        for name, why in OUTSIDE.items():
            for m in re.finditer(re.escape(name.encode()), data):
                line = data.count(b"\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {name} — {why}")
    assert not found, "\n".join(found)
