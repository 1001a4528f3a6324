"""Load every card deck from ``data/cards/*.yaml`` (to be completed: see docs/content.md)."""
from __future__ import annotations

from pathlib import Path


def load_cards(data_dir: Path, board) -> dict:
    return {}
