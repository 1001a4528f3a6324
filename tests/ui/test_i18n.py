"""Translations: the catalogs, plural forms, run-time language switch, Qt's own strings."""
from __future__ import annotations

from pathlib import Path

import pytest

from krestonostsy import i18n

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("n, expected", [(1, "1 монета"), (2, "2 монеты"), (4, "4 монеты"),
                                         (5, "5 монет"), (11, "11 монет"), (12, "12 монет"),
                                         (21, "21 монета"), (22, "22 монеты"),
                                         (25, "25 монет"), (101, "101 монета")])
def test_russian_has_three_plural_forms(n, expected):
    tr = i18n.translator("ru")
    assert tr.nplurals == 3
    assert tr.ngettext("{n} coin", "{n} coins", n).format(n=n) == expected


def test_english_and_fallbacks():
    tr = i18n.translator("en")
    assert tr.ngettext("{n} coin", "{n} coins", 1).format(n=1) == "1 coin"
    assert tr.ngettext("{n} coin", "{n} coins", 3).format(n=3) == "3 coins"
    ru = i18n.translator("ru")
    assert ru.gettext("a string nobody translated") == "a string nobody translated"
    assert ru.pgettext("ctx", "New game") == "Новая игра"


def test_both_domains_are_loaded():
    tr = i18n.translator("ru")
    assert "messages" in tr.domains
    if (ROOT / "translations" / "ru" / "LC_MESSAGES" / "content.po").exists():
        assert "content" in tr.domains


def test_translator_object_for_other_modules():
    tr = i18n.translator("ru")
    assert callable(tr.gettext) and callable(tr.ngettext)
    assert tr.gettext("New game") == "Новая игра"
    assert i18n.translator("en").gettext("New game") == "New game"
    assert i18n.normalise("ru_RU.UTF-8") == "ru"
    assert i18n.normalise("de") == "en"


def test_set_language_notifies_listeners_and_drops_dead_ones():
    seen = []

    class Widget:
        def on_lang(self, lang):
            seen.append(lang)

    w = Widget()
    i18n.add_listener(w.on_lang)
    i18n.set_language("en")
    assert seen == ["en"] and i18n.current_language() == "en"
    assert i18n._("New game") == "New game"
    del w
    i18n.set_language("ru")
    assert seen == ["en"]
    assert i18n._("New game") == "Новая игра"


def test_language_switch_rerenders_the_window(qtbot, fake_window):
    w = fake_window
    assert w.start_screen.new_button.text() == "Новая игра"
    w.start_new_game(["jerusalem", "tripoli"], 5)
    w.handoff.acknowledged.emit()
    ru_log = w.log_panel.browser.toPlainText()
    assert w.act_undo.text() == "Отменить ход"
    dialog = w.settings_dialog()
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    dialog.accept()
    assert i18n.current_language() == "en"
    assert w.settings.language == "en"
    assert w.act_undo.text() == "Undo"
    assert w.start_screen.new_button.text() == "New game"
    assert w.handoff.title.text() == "Pass the computer to the next player"
    assert w.windowTitle() == "Crusaders"
    en_log = w.log_panel.browser.toPlainText()
    assert en_log != ru_log and "Round 1" in en_log
    assert w.table.language_calls >= 1
    qtbot.wait(10)
    assert w.table.shown, "the table was redrawn"


def test_qt_translator_is_installed(qapp):
    assert i18n.install_qt_translator("ru") in (True, False)  # installed if PySide6 ships it
    from PySide6.QtCore import QLibraryInfo
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if (folder / "qtbase_ru.qm").exists():
        assert i18n.install_qt_translator("ru") is True
        from PySide6.QtCore import QCoreApplication
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Отмена"
    assert i18n.install_qt_translator("en") is True


def _source_messages():
    """(file, line, message, context) of every string Babel extracts from krestonostsy/.

    Babel also picks up a literal used as a subscript inside a call, as in
    ``tr.gettext(T["free"])`` (the msgid is the value ``T["free"]``, not "free"): those
    are skipped."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    lines: dict = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(ROOT / "krestonostsy"), method_map=[("**.py", "python")],
            keywords=DEFAULT_KEYWORDS):
        if filename not in lines:
            lines[filename] = (ROOT / "krestonostsy" / filename).read_text(
                encoding="utf-8").splitlines()
        msgid = message[0] if isinstance(message, tuple) else message
        line = lines[filename][lineno - 1] if lineno <= len(lines[filename]) else ""
        if msgid and (f'["{msgid}"]' in line or f"['{msgid}']" in line):
            continue
        yield filename, lineno, message, context


def test_every_source_string_has_a_russian_translation():
    """Scan krestonostsy/ with Babel's extractor: every _()/ngettext()/N_() string must be
    translated in the Russian catalogs (messages.po or content.po)."""
    i18n.reload_catalogs()
    tr = i18n.translator("ru")
    missing = []
    for filename, lineno, message, context in _source_messages():
        msgid = message[0] if isinstance(message, tuple) else message
        if not msgid:
            continue
        if not (tr.has(msgid, context) or tr.has(msgid)):
            missing.append(f"krestonostsy/{filename}:{lineno}: {msgid!r}")
    assert not missing, (f"{len(missing)} strings have no Russian translation:\n"
                         + "\n".join(missing[:60]))


def test_plural_strings_have_three_russian_forms():
    from babel.messages.pofile import read_po
    with open(ROOT / "translations" / "ru" / "LC_MESSAGES" / "messages.po", "rb") as fh:
        catalog = read_po(fh, locale="ru")
    assert catalog.num_plurals == 3
    for message in catalog:
        if message.pluralizable and message.id:
            assert len(message.string) == 3 and all(message.string), message.id


def test_russian_catalog_keeps_the_placeholders():
    import re

    from babel.messages.pofile import read_po
    with open(ROOT / "translations" / "ru" / "LC_MESSAGES" / "messages.po", "rb") as fh:
        catalog = read_po(fh, locale="ru")
    field = re.compile(r"\{(\w*)\}")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        want = set(field.findall(ids[-1])) | set(field.findall(ids[0]))
        for s in strings:
            assert set(field.findall(s)) <= want, (message.id, s)
