"""Errors of the engine's boundary that several modules raise (imports nothing)."""
from __future__ import annotations


class SaveError(ValueError):
    """A save file cannot be loaded: corrupt, foreign, newer, or its replay fails."""
