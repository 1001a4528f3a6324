"""Fixtures of the campaign tests: a content folder with a second scenario (the shipped
campaign has only its first one implemented, and carry-overs need a next scenario)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from krestonostsy.campaign.data import load_campaign
from krestonostsy.resources import data_dir


def copy_data(root: Path) -> Path:
    """A copy of the shipped content: board, cards, scenarios and campaign (no art)."""
    shipped = data_dir()
    root.mkdir(parents=True)
    for name in ("map.yaml", "tracks.yaml"):
        shutil.copy(shipped / name, root / name)
    for folder in ("cards", "scenarios", "campaign"):
        shutil.copytree(shipped / folder, root / folder)
    return root


@pytest.fixture(scope="session")
def two_chapters(tmp_path_factory) -> Path:
    """The shipped data where the second scenario exists: the first one's file under the
    second one's id, without its hook (a stand-in for the test of the carry-overs)."""
    root = copy_data(tmp_path_factory.mktemp("campaign") / "data")
    first = (root / "scenarios" / "chronicle_beginning.yaml").read_text(encoding="utf-8")
    (root / "scenarios" / "levantine_merchants.yaml").write_text(
        first.replace("id: chronicle_beginning", "id: levantine_merchants")
        .replace("hooks:\n  - settlers", "hooks: []"), encoding="utf-8")
    campaign = root / "campaign" / "campaign.yaml"
    campaign.write_text(campaign.read_text(encoding="utf-8").replace(
        "    years: 1110–1124\n", "    years: 1110–1124\n    briefing: The test's second chapter.\n"),
        encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def two_chapter_data(two_chapters):
    return load_campaign(two_chapters)
