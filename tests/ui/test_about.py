"""The About dialog (issue 12): version, licences and the credits of data/CREDITS.md, in the
interface's language (data/CREDITS.ru.md in Russian)."""
from __future__ import annotations

import re

from krestonostsy import __version__, i18n
from krestonostsy.resources import data_dir


def test_about_shows_version_licences_and_credits(window):
    window.act_about.trigger()
    dialog = window.about_dlg
    assert dialog.isVisible()
    assert f"Версия {__version__}" in dialog.heading.text()
    text = dialog.text.toPlainText()
    assert "Шрифты" in text and "Лицензии" in text  # the Russian credits
    assert "Georg Duffner" in text  # a font's author
    assert "SIL Open Font License" in text and "LGPL" in text
    i18n.set_language("en")
    try:
        assert f"Version {__version__}" in dialog.heading.text()
        assert dialog.windowTitle() == "About Crusaders"
        text = dialog.text.toPlainText()
        assert "Fonts" in text and "Licences" in text and "Georg Duffner" in text
    finally:
        i18n.set_language("ru")


def test_the_russian_credits_name_everything_the_english_ones_do():
    """A translation of the credits may not drop a file, a version, a licence or an
    address: every `code` span and <link> of CREDITS.md is in CREDITS.ru.md too."""
    en = (data_dir() / "CREDITS.md").read_text(encoding="utf-8")
    ru = (data_dir() / "CREDITS.ru.md").read_text(encoding="utf-8")
    for pattern in (r"`[^`]+`", r"<[^>]+>", r"OFL-1\.1|MIT|LGPL v3|GPL v2|SIL Open Font "
                    r"License 1\.1|Python Software Foundation License"):
        assert sorted(re.findall(pattern, en)) == sorted(re.findall(pattern, ru)), pattern
    assert en.count("\n|") == ru.count("\n|")  # the same table rows


def test_the_about_dialog_grows_with_the_interface(window, qtbot):
    """On a 4K screen the words are 2.4 times larger: so is the dialog, up to the screen (it
    was 720×600 whatever the scale, its credits a few lines in a narrow box)."""
    window.act_about.trigger()
    small = window.about_dlg.wanted_size()
    window.about_dlg.close()
    window.set_ui_scale(2.0)
    try:
        window.about_dlg = None
        window.act_about.trigger()
        dialog = window.about_dlg
        large = dialog.wanted_size()
        assert large.width() >= 1.8 * small.width() and large.height() >= 1.8 * small.height()
        free = dialog.screen().availableGeometry()
        assert dialog.width() == min(large.width(), int(free.width() * .9))
        assert dialog.height() == min(large.height(), int(free.height() * .85))
    finally:
        window.about_dlg.close()
        window.set_ui_scale(1.0)
