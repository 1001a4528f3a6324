"""Issue 28 §9: the file dialog of "Open file…" and "Save as…" speaks the game's language
throughout. The platform's dialog, and Qt's own list of files too, wrote the dates and
sizes in the system's language (English dates in the Russian interface) and cut the date
column short."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QFileDialog, QTreeView

from krestonostsy import i18n


@pytest.fixture
def in_language():
    def switch(lang: str) -> QLocale:
        i18n.set_language(lang)
        locale = QLocale(QLocale.Language.Russian if lang == "ru" else QLocale.Language.English)
        QLocale.setDefault(locale)  # as ui/app.py: apply_language does
        return locale
    before = QLocale()
    yield switch
    i18n.set_language("ru")
    QLocale.setDefault(before)


@pytest.mark.parametrize("lang,name,english", [("ru", "Имя", ("AM", "PM", "bytes")),
                                               ("en", "Name", ())])
def test_the_file_dialog_writes_dates_and_sizes_in_the_games_language_in_whole_columns(
        qtbot, tmp_path, in_language, lang, name, english):
    from krestonostsy.ui.file_dialog import file_dialog
    locale = in_language(lang)
    save = tmp_path / "game.json"
    save.write_text("{" + " " * 3000 + "}", encoding="utf-8")
    dialog = file_dialog(None, "Load", tmp_path, "*.json")
    qtbot.addWidget(dialog)
    assert dialog.testOption(QFileDialog.Option.DontUseNativeDialog)
    dialog.show()
    tree = dialog.findChild(QTreeView, "treeView")
    model = tree.model()
    qtbot.waitUntil(lambda: model.rowCount(tree.rootIndex()) == 1, timeout=5000)
    qtbot.wait(50)
    row = [model.index(0, c, tree.rootIndex()) for c in range(model.columnCount(tree.rootIndex()))]
    cells = [model.data(i) for i in row]
    assert model.headerData(0, Qt.Orientation.Horizontal) == name
    date = cells[3]
    from PySide6.QtCore import QFileInfo
    assert date == locale.toString(QFileInfo(str(save)).lastModified(),
                                   QLocale.FormatType.ShortFormat)
    assert cells[1] == locale.formattedDataSize(save.stat().st_size)
    assert not any(word in cell for cell in cells for word in english), cells
    fm = tree.fontMetrics()
    for column, text in enumerate(cells):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        need = max(fm.horizontalAdvance(text), tree.header().fontMetrics().horizontalAdvance(header))
        assert tree.columnWidth(column) >= need, f"column «{header}» cuts «{text}»"


def test_saving_names_a_json_file_in_the_save_folder(qtbot, tmp_path, in_language):
    from krestonostsy.ui.file_dialog import file_dialog
    in_language("ru")
    dialog = file_dialog(None, "Save", tmp_path / "Иерусалим.json", "*.json", save=True)
    qtbot.addWidget(dialog)
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    assert dialog.defaultSuffix() == "json"
    assert dialog.directory().absolutePath() == str(tmp_path)
