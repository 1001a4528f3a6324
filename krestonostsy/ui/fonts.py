"""The interface's font: the bundled OFL fonts of ``data/fonts`` and the words' size.

Apart from ``app.py`` (which sets the application up and opens the main window) so that
the main window, which sizes its words for the screen, needs no import of ``app.py``.
"""
from __future__ import annotations

import logging

from PySide6.QtGui import QFont, QFontDatabase

log = logging.getLogger(__name__)

UI_FONT_FAMILY = "EB Garamond"
UI_FONT_POINTS = 12.0

_fonts_loaded: list[str] | None = None


def load_fonts() -> list[str]:
    """Register the bundled OFL fonts (Cyrillic included); returns the families found."""
    global _fonts_loaded
    if _fonts_loaded is not None:
        return _fonts_loaded
    families: list[str] = []
    try:
        from ..resources import data_dir
        folder = data_dir() / "fonts"
        files = sorted(list(folder.glob("*.otf")) + list(folder.glob("*.ttf")))
    except FileNotFoundError:
        files = []
    for path in files:
        fid = QFontDatabase.addApplicationFont(str(path))
        if fid < 0:
            log.warning("cannot load font %s", path)
            continue
        for fam in QFontDatabase.applicationFontFamilies(fid):
            if fam not in families:
                families.append(fam)
    _fonts_loaded = families
    return families


def ui_font() -> QFont:
    families = load_fonts()
    font = QFont(UI_FONT_FAMILY if UI_FONT_FAMILY in families else QFont().family())
    font.setPointSizeF(UI_FONT_POINTS)
    # hinted, EB Garamond's "u" grows tall at text sizes ("Jerusalem", "units")
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    try:  # lining figures: EB Garamond's old-style 0 looks like the letter o
        font.setFeature(QFont.Tag("lnum"), 1)
    except (AttributeError, TypeError):  # Qt < 6.7
        pass
    return font
