"""Fixtures of the campaign tests: a copy of the shipped content with its four scenarios
(a test may read the copy's files, never the checkout's), and the campaign read from it."""
from __future__ import annotations

from pathlib import Path

import pytest
from content_copy import copy_data

from krestonostsy.campaign.data import load_campaign


@pytest.fixture(scope="session")
def all_chapters(tmp_path_factory) -> Path:
    """A copy of the shipped data: the four scenarios, so a whole campaign, its carry-overs
    between every pair of scenarios and its winner can be tested."""
    return copy_data(tmp_path_factory.mktemp("campaign") / "data")


@pytest.fixture(scope="session")
def all_chapter_data(all_chapters):
    return load_campaign(all_chapters)
