"""Compiled catalogs (issue 12): the installed and frozen game read .mo files with the standard
library; a .mo is used only when it was compiled from the .po beside it."""
from __future__ import annotations

import shutil

from krestonostsy import i18n
from krestonostsy.resources import translations_dir


def _copy_catalogs(tmp_path):
    target = tmp_path / "translations"
    shutil.copytree(translations_dir(), target, ignore=shutil.ignore_patterns("*.mo"))
    return target


def test_compiled_catalogs_read_the_same_as_the_po_files(tmp_path):
    folder = _copy_catalogs(tmp_path)
    from_po = i18n.Translator("ru", folder)
    for po in folder.rglob("*.po"):
        i18n.compile_catalog(po, po.with_suffix(".mo"))
    from_mo = i18n.Translator("ru", folder)
    assert from_mo.messages == from_po.messages
    assert from_mo.domains == ["messages", "content"] and from_mo.nplurals == 3
    assert from_mo.ngettext("{n} coin", "{n} coins", 22).format(n=22) == "22 монеты"


def test_without_po_files_the_mo_files_are_enough(tmp_path):
    # The frozen app ships only .mo files (Babel is not in it).
    folder = _copy_catalogs(tmp_path)
    for po in folder.rglob("*.po"):
        i18n.compile_catalog(po, po.with_suffix(".mo"))
        po.unlink()
    tr = i18n.Translator("ru", folder)
    assert tr.gettext("New game") == "Новая игра"
    assert tr.domains == ["messages", "content"]


def test_a_mo_compiled_from_another_po_is_not_used(tmp_path):
    folder = _copy_catalogs(tmp_path)
    po = folder / "ru" / "LC_MESSAGES" / "messages.po"
    i18n.compile_catalog(po, po.with_suffix(".mo"))
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Новая игра"' in text
    po.write_text(text.replace('msgstr "Новая игра"', 'msgstr "Начать игру"'), encoding="utf-8")
    assert i18n.Translator("ru", folder).gettext("New game") == "Начать игру"
