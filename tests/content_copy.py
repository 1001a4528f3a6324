"""A copy of the shipped content that a test may change (a scenario removed, a file
broken): the campaign tests and the campaign window's tests use it."""
from __future__ import annotations

import shutil
from pathlib import Path

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
