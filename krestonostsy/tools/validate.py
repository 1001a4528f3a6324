"""``krestonostsy validate-data [DIR]``: check YAML content; ``file:line`` errors.

Checks the board, every scenario in ``scenarios/`` and the card files each one names,
then builds each scenario's ruleset (its hooks and market slots are checked there), and
the rules reference and glossary in ``rules/`` (krestonostsy.content.rules) when the
folder has them (the shipped data does; a folder of scenarios alone need not), and
every lesson of the tutorial in ``tutorial/`` (its hints in the catalogs, its script
replayed against the rules: ``content/tutorial.py``), and the campaign's data in
``campaign/`` (krestonostsy/campaign/data.py).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..content import ContentError
from ..content.scenario import scenario_ids
from ..resources import data_dir
from . import run_alone


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy validate-data``."""
    ap.add_argument("dir", nargs="?", default=None, help="content folder (default: shipped data)")


def command(a: argparse.Namespace) -> int:
    from ..engine.ruleset import load_ruleset

    folder = a.dir if a.dir is not None else data_dir()
    ids = scenario_ids(folder)
    if not ids:
        print(f"error: {folder}: no scenario in scenarios/ (the base game is scenarios/base.yaml)",
              file=sys.stderr)
        return 1
    for sid in ids:
        try:
            rules = load_ruleset(sid, a.dir)  # the content, and the scenario checked against it
        except ContentError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        content = rules.content
        counts = {"events": len(content.events), "buildings": len(content.buildings),
                  "tactics": len(content.tactics), "saracen cards": len(content.saracens),
                  "governors": len(content.governors), "bulls": len(content.bulls),
                  "spies": len(content.spies), "rescripts": len(content.rescripts)}
        if content.oaths:  # a scenario's own deck (the Vassal's oath cards)
            counts["oath cards"] = len(content.oaths)
        if content.warlord:  # a scenario's own deck (CAMP-S4-01)
            counts["warlord cards"] = len(content.warlord)
        print(f"content OK: scenario {sid} ({rules.scenario.name}): "
              f"{len(content.board.cities)} cities; "
              + ", ".join(f"{v} {k}" for k, v in counts.items()))
    code = _check_rules(Path(folder)) or _campaign(folder, a.dir)
    return code or _check_lessons(Path(folder) / "tutorial")


def _check_rules(folder: Path) -> int:
    """The rules reference and glossary of ``folder`` (skipped when it has no rules/)."""
    from ..content.rules import RULES_DIR, load_rules
    if not (folder / RULES_DIR).is_dir():  # a content folder of scenarios only
        print(f"rules: no {RULES_DIR}/ folder in {folder} (the reference is not checked)")
        return 0
    try:
        book = load_rules(folder)
    except ContentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"rules OK: {len(book.sections)} sections, "
          f"{sum(1 for _ in book.paragraphs())} paragraphs, {len(book.rule_ids())} rule IDs, "
          f"{len(book.glossary)} glossary entries (ru, en)")
    return 0


def _check_lessons(folder: Path) -> int:
    from ..content.tutorial import load_lesson, translated

    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        try:
            lesson = load_lesson(path, has_text=translated).check()
        except ContentError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        print(f"content OK: tutorial {path.stem}: {len(lesson.steps)} steps, "
              f"{lesson.at[-1]} actions replayed")
    return 0


def _campaign(folder, directory) -> int:
    """The campaign's data (``campaign/``), when the folder has one (the shipped data
    always does)."""
    from ..campaign.data import CAMPAIGN_DIR, load_campaign

    if not (Path(folder) / CAMPAIGN_DIR).is_dir():
        return 0
    try:
        data = load_campaign(directory)
    except ContentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    ready = [e.id for e in data.scenarios if e.implemented]
    print(f"content OK: campaign ({data.name}): {len(data.scenarios)} scenarios "
          f"({len(ready)} implemented: {', '.join(ready)}), {len(data.nicknames)} nicknames, "
          f"{len(data.bull_symbols)} bull symbols")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone("krestonostsy.tools.validate", __doc__, add_arguments, command,
                       sys.argv[1:]))
