"""The About dialog (issue 12): version, licences and the credits of data/CREDITS.md."""
from __future__ import annotations

from krestonostsy import __version__, i18n


def test_about_shows_version_licences_and_credits(window):
    window.act_about.trigger()
    dialog = window.about_dlg
    assert dialog.isVisible()
    assert f"Версия {__version__}" in dialog.heading.text()
    text = dialog.text.toPlainText()
    assert "Georg Duffner" in text  # a font's author, from CREDITS.md
    assert "SIL Open Font License" in text and "LGPL" in text
    i18n.set_language("en")
    assert f"Version {__version__}" in dialog.heading.text()
    assert dialog.windowTitle() == "About Crusaders"
