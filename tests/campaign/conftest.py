"""Fixtures of the campaign tests: a content folder with a second scenario (the shipped
campaign has only its first one implemented, and carry-overs need a next scenario)."""
from __future__ import annotations

from pathlib import Path

import pytest
from campaign_fixtures import copy_data

from krestonostsy.campaign.data import load_campaign

STAND_INS = ("vassal_of_my_vassal", "rise_of_the_crescent")


@pytest.fixture(scope="session")
def all_chapters(tmp_path_factory) -> Path:
    """The shipped data where all four scenarios exist: the two not implemented yet are
    stand-ins (the first scenario's file under their ids), so a whole campaign, its
    carry-overs between every pair of scenarios and its winner can be tested."""
    root = copy_data(tmp_path_factory.mktemp("campaign") / "data")
    first = (root / "scenarios" / "chronicle_beginning.yaml").read_text(encoding="utf-8")
    campaign = root / "campaign" / "campaign.yaml"
    text = campaign.read_text(encoding="utf-8")
    for sid in STAND_INS:
        (root / "scenarios" / f"{sid}.yaml").write_text(
            first.replace("id: chronicle_beginning", f"id: {sid}"), encoding="utf-8")
        marker = f"  - id: {sid}\n"
        head, tail = text.split(marker)
        years_end = tail.index("\n", tail.index("years:")) + 1
        text = (head + marker + tail[:years_end] + "    briefing: A stand-in of the tests.\n"
                + tail[years_end:])
    campaign.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def all_chapter_data(all_chapters):
    return load_campaign(all_chapters)
