"""``krestonostsy validate-data [DIR]``: check YAML content; ``file:line`` errors.

Checks the board, every scenario in ``scenarios/`` and the card files each one names,
then builds each scenario's ruleset (its hooks and market slots are checked there), and
the rules reference and glossary in ``rules/`` (krestonostsy.content.rules) when the
folder has them (the shipped data does; a folder of scenarios alone need not), and
every lesson of the tutorial in ``tutorial/`` (its hints in the catalogs, its script
replayed against the rules: ``lesson.py``), and the campaign's data in
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
    """Every check in turn: the first broken file ends them (exit status 1)."""
    folder = a.dir if a.dir is not None else data_dir()
    try:
        if not _check_scenarios(folder, a.dir):
            return 1
        _check_rules(Path(folder))
        _campaign(folder, a.dir)
        _check_lessons(Path(folder) / "tutorial")
    except ContentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


def _check_scenarios(folder, directory) -> bool:
    """Every scenario's content and ruleset; False when the folder has none."""
    from ..engine import load_ruleset

    ids = scenario_ids(folder)
    if not ids:
        print(f"error: {folder}: no scenario in scenarios/ (the base game is scenarios/base.yaml)",
              file=sys.stderr)
        return False
    for sid in ids:
        rules = load_ruleset(sid, directory)  # the content, and the scenario checked against it
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
    return True


def _check_rules(folder: Path) -> None:
    """The rules reference and glossary of ``folder`` (skipped when it has no rules/)."""
    from ..content.rules import RULES_DIR, load_rules
    if not (folder / RULES_DIR).is_dir():  # a content folder of scenarios only
        print(f"rules: no {RULES_DIR}/ folder in {folder} (the reference is not checked)")
        return
    book = load_rules(folder)
    print(f"rules OK: {len(book.sections)} sections, "
          f"{sum(1 for _ in book.paragraphs())} paragraphs, {len(book.rule_ids())} rule IDs, "
          f"{len(book.glossary)} glossary entries (ru, en)")


def _check_lessons(folder: Path) -> None:
    from ..lesson import load_lesson, translated

    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        lesson = load_lesson(path, has_text=translated).check()
        print(f"content OK: tutorial {path.stem}: {len(lesson.steps)} steps, "
              f"{lesson.at[-1]} actions replayed")


def _campaign(folder, directory) -> None:
    """The campaign's data (``campaign/``), when the folder has one (the shipped data
    always does)."""
    from ..campaign.data import CAMPAIGN_DIR, load_campaign

    if not (Path(folder) / CAMPAIGN_DIR).is_dir():
        return
    data = load_campaign(directory)
    ready = [e.id for e in data.scenarios if e.implemented]
    print(f"content OK: campaign ({data.name}): {len(data.scenarios)} scenarios "
          f"({len(ready)} implemented: {', '.join(ready)}), {len(data.nicknames)} nicknames, "
          f"{len(data.bull_symbols)} bull symbols")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))
