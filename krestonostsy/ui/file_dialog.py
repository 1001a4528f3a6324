"""The file dialog of "Open file…" and "Save as…", in the game's language throughout.

The platform's dialog (GTK under X) and even Qt's own one write the files' dates and sizes
in the *system's* language — English dates and "bytes" beside Russian words — and cut
the date column short. This is Qt's own dialog (the same on every system, translated by
``qtbase_<lang>.qm``, see ``i18n``), with the size and date columns written in the game's
language (``QLocale()``, which ``ui/app.py: apply_language`` sets) and every column as
wide as its words.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QIdentityProxyModel, QLocale, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QSplitter, QTreeView, QWidget

# The columns of QFileSystemModel that it writes in the system's language
SIZE_COLUMN, DATE_COLUMN = 1, 3


class GameLocaleColumns(QIdentityProxyModel):
    """The file list with its sizes and dates written in the game's language."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        source = self.sourceModel()
        if role == Qt.ItemDataRole.DisplayRole and isinstance(source, QFileSystemModel) \
                and index.column() in (SIZE_COLUMN, DATE_COLUMN):
            info = source.fileInfo(self.mapToSource(index))
            locale = QLocale()
            if index.column() == DATE_COLUMN:
                return locale.toString(info.lastModified(), QLocale.FormatType.ShortFormat)
            if info.isFile():
                return locale.formattedDataSize(info.size())
        return super().data(index, role)


def file_dialog(parent: QWidget | None, title: str, path: Path | str, filters: str,
                save: bool = False) -> QFileDialog:
    """Qt's file dialog (never the platform's) at ``path``: to open an existing file, or
    with ``save`` to name one (``.json`` added when the name has no suffix)."""
    dialog = QFileDialog(parent, title, str(path), filters)
    dialog.setObjectName("fileDialog")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setLocale(QLocale())
    if save:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setDefaultSuffix("json")
        if not Path(path).is_dir():
            dialog.selectFile(Path(path).name)
    else:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setViewMode(QFileDialog.ViewMode.Detail)
    dialog.setProxyModel(GameLocaleColumns(dialog))
    tree = dialog.findChild(QTreeView, "treeView")
    source = dialog.proxyModel().sourceModel()
    if tree is not None and isinstance(source, QFileSystemModel):
        source.directoryLoaded.connect(lambda _folder: fit_columns(tree))
    fm = dialog.fontMetrics()
    dialog.resize(fm.averageCharWidth() * 110, fm.height() * 28)
    places = dialog.findChild(QSplitter, "splitter")  # the places beside the files, whole
    if places is not None:
        side = fm.averageCharWidth() * 24
        places.setSizes([side, dialog.width() - side])
    return dialog


def fit_columns(tree: QTreeView) -> None:
    """Every column as wide as its words (the header's and the cells')."""
    for column in range(tree.model().columnCount(tree.rootIndex()) if tree.model() else 0):
        tree.resizeColumnToContents(column)


def choose_file(parent: QWidget | None, title: str, path: Path | str, filters: str,
                save: bool = False) -> Path | None:
    """The file the player chose in :func:`file_dialog`, or None."""
    dialog = file_dialog(parent, title, path, filters, save)
    try:
        if dialog.exec() != QFileDialog.DialogCode.Accepted:
            return None
        files = dialog.selectedFiles()
        return Path(files[0]) if files else None
    finally:
        dialog.deleteLater()
