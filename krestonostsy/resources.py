"""Where the shipped content lives, in a source tree and in an installed wheel.

An installed package carries ``krestonostsy/data`` and ``krestonostsy/translations``
(copied there by ``setup.py``); a source checkout or editable install has them at the top
of the repository. Everything that reads content asks this module, never a hard-coded path.
"""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    beside = _PACKAGE.parent / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(
        f"cannot find the '{name}' folder: looked in {inside} and {beside}. "
        "Reinstall the game (pip install .)."
    )


def data_dir() -> Path:
    """The folder holding the YAML content, fonts and art."""
    return _find("data")


def translations_dir() -> Path:
    """The folder holding the gettext catalogs."""
    return _find("translations")
