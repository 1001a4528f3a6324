"""The load screen: every save in the save folder, newest first, with a picture of its table.

Each row shows the save's name (a manual save's file name, or "Autosave"), its states in
their colours with who sits in each seat (a person or a bot and its level), the round, the
date, and a thumbnail (cached by :class:`~krestonostsy.ui.saves.SaveStore` when the save is
written; when it is missing a placeholder is drawn in the states' colours). A file that
cannot be opened (damaged, from a newer version, not a save) is listed too, with the reason.
Saves are opened (double-click or "Open"), renamed and deleted here (deleting asks once);
"Open file…" picks a save from elsewhere with the file dialog.

The list is read from each file's summary line (:func:`~krestonostsy.ui.saves.read_summary`),
never by replaying the games, so it stays quick with many saves.
"""
from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontInfo, QImage, QLinearGradient, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import _
from .controller import SEAT_LABELS
from .names import state_name
from .saves import SaveInfo, SaveStore
from .table.art import STATE_COLOURS, STATE_INK

#: The size of a cached thumbnail, in pixels (the table's proportions, about 16:10).
THUMB_SIZE = QSize(320, 200)
THUMB_BACKGROUND = QColor("#2b2118")
UNKNOWN_STATE = QColor("#a08f70")


# --- pictures ------------------------------------------------------------------------------

def table_thumbnail(table: QWidget, size: QSize = THUMB_SIZE) -> QImage:
    """A small picture of the whole table as it is shown now. A table that is a
    ``QGraphicsView`` is rendered from its scene (all of it, whatever the zoom, without
    waiting for running animations); any other widget is grabbed."""
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(THUMB_BACKGROUND)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    target = QRectF(0, 0, size.width(), size.height())
    scene = table.scene() if isinstance(table, QGraphicsView) else None
    if scene is not None:
        scene.render(p, target, scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    else:
        grabbed = table.grab().toImage().scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                                Qt.TransformationMode.SmoothTransformation)
        p.drawImage(int((size.width() - grabbed.width()) / 2),
                    int((size.height() - grabbed.height()) / 2), grabbed)
    p.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("the picture could not be encoded as PNG")
    buffer.close()
    return bytes(data.data())


def placeholder_thumbnail(states: list, size: QSize, unreadable: bool = False) -> QPixmap:
    """The picture drawn when a save has no cached thumbnail: the states' colours as bands
    on parchment with the game's cross; a grey sheet with a cross-out for an unreadable
    file."""
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    w, h = size.width(), size.height()
    if unreadable:
        p.fillRect(0, 0, w, h, QColor("#8d826d"))
        p.setPen(QPen(QColor("#5a3a2a"), max(2, h // 20)))
        p.drawLine(int(w * 0.3), int(h * 0.25), int(w * 0.7), int(h * 0.75))
        p.drawLine(int(w * 0.7), int(h * 0.25), int(w * 0.3), int(h * 0.75))
    else:
        g = QLinearGradient(0, 0, 0, h)
        g.setColorAt(0, QColor("#efe3c2"))
        g.setColorAt(1, QColor("#d8c79c"))
        p.fillRect(0, 0, w, h, g)
        band = h * 0.22
        colours = [QColor(STATE_COLOURS.get(s, UNKNOWN_STATE)) for s in states] \
            or [UNKNOWN_STATE]
        step = w / len(colours)
        for i, colour in enumerate(colours):
            p.fillRect(QRectF(i * step, h - band, step + 1, band), colour)
        p.setPen(QPen(QColor("#8c6d3f"), max(1, h // 60)))
        p.drawLine(0, int(h - band), w, int(h - band))
        # the game's cross, as on the start screen
        arm, size_c = h * 0.14, h * 0.56
        cx, cy = w / 2, (h - band) / 2
        p.setBrush(QColor(140, 109, 63, 120))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawRect(QRectF(cx - arm / 2, cy - size_c / 2, arm, size_c))
        p.drawRect(QRectF(cx - size_c / 2, cy - size_c * 0.22, size_c, arm))
    p.setPen(QPen(QColor("#5a4526"), 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(0, 0, w - 1, h - 1)
    p.end()
    return pixmap


def thumbnail_pixmap(info: SaveInfo, size: QSize) -> QPixmap:
    """The save's cached thumbnail scaled to ``size``, else the placeholder."""
    if info.readable and info.thumbnail.is_file():
        image = QImage(str(info.thumbnail))
        if not image.isNull():
            return QPixmap.fromImage(image.scaled(
                size, Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation))
    return placeholder_thumbnail(info.states, size, unreadable=not info.readable)


# --- the rows --------------------------------------------------------------------------------

def seat_label(kind: str) -> str:
    label = SEAT_LABELS.get(kind)
    return _(label) if label else kind


def states_html(info: SaveInfo) -> str:
    """The states as coloured labels, each with its seat (person or bot level)."""
    parts = []
    for state in info.states:
        bg = QColor(STATE_COLOURS.get(state, UNKNOWN_STATE)).name()
        ink = QColor(STATE_INK.get(state, QColor("#2b2118"))).name()
        seat = seat_label(info.seats.get(state, "human"))
        parts.append(f'<span style="background-color:{bg}; color:{ink};">'
                     f'&nbsp;{html.escape(state_name(state))}&nbsp;</span>'
                     f'&nbsp;<span style="color:#5a4526;">{html.escape(seat)}</span>')
    return "&nbsp;&nbsp;&nbsp;".join(parts)


def details_text(info: SaveInfo) -> str:
    """Round, state of the game and date, as one line."""
    parts = []
    if info.round is not None:
        parts.append(_("Round {round}").format(round=info.round))
    if info.over:
        parts.append(_("finished"))
    parts.append(info.when())
    return " · ".join(parts)


class SaveRow(QFrame):
    """One save in the list: thumbnail, name, states and seats, round and date (or, for a
    file that cannot be opened, the reason)."""

    def __init__(self, info: SaveInfo, font: QFont, parent: QWidget | None = None):
        super().__init__(parent)
        self.info = info
        self.setObjectName("saveRow")
        self.setFont(font)  # before it is put in the list: the sizes follow from it
        line = self.fontMetrics().height()
        thumb = QSize(int(line * 8.8), int(line * 5.5))
        self.picture = QLabel(objectName="thumbnail")
        self.picture.setFixedSize(thumb)
        self.picture.setPixmap(thumbnail_pixmap(info, thumb))
        self.title = QLabel(objectName="saveName")
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPixelSize(round(QFontInfo(font).pixelSize() * 1.15))
        self.title.setFont(bold)
        self.title.setText(info.name)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.states = QLabel(objectName="saveStates", textFormat=Qt.TextFormat.RichText)
        self.details = QLabel(objectName="saveDetails", wordWrap=True)
        if info.readable:
            self.states.setText(states_html(info))
            self.details.setText(details_text(info))
        else:
            self.states.setText('<span style="color:#8b1e1e;"><b>'
                                + html.escape(_("Cannot be opened")) + "</b></span>")
            reason = " — ".join(" ".join(part.split()) for part in info.error.split("\n\n"))
            self.details.setText(reason + " · " + info.when())
            self.details.setObjectName("saveError")
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        text = QVBoxLayout()
        text.setSpacing(max(2, line // 5))
        text.addWidget(self.title)
        text.addWidget(self.states)
        text.addWidget(self.details)
        text.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(line // 2, line // 3, line // 2, line // 3)
        layout.setSpacing(line)
        layout.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(text, 1)


# --- the screen ----------------------------------------------------------------------------

class LoadScreen(QWidget):
    """The page of the main window that lists the saves. Signals: ``openRequested(path)``,
    ``openFileRequested`` ("Open file…"), ``backRequested``."""

    openRequested = Signal(object)
    openFileRequested = Signal()
    backRequested = Signal()

    def __init__(self, store: SaveStore, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("loadScreen")
        self.store = store
        self.infos: list[SaveInfo] = []
        self.last_message: tuple[str, str] | None = None
        self._dialog: QWidget | None = None
        self._text_px = 0  # the font's pixel size the screen is laid out for (_fit_to_size)

        self.title = QLabel(objectName="title", alignment=Qt.AlignmentFlag.AlignCenter)
        self.list = QListWidget(objectName="saveList")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setSpacing(3)
        self.list.itemDoubleClicked.connect(lambda _item: self.open_selected())
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.empty = QLabel(objectName="empty", alignment=Qt.AlignmentFlag.AlignCenter,
                            wordWrap=True)

        self.open_button = self._button("open", self.open_selected)
        self.rename_button = self._button("rename", self.rename_selected)
        self.delete_button = self._button("delete", self.delete_selected)
        self.file_button = self._button("openFile", self.openFileRequested.emit)
        self.back_button = self._button("back", self.backRequested.emit)
        self.open_button.setDefault(True)
        buttons = QHBoxLayout()
        for b in (self.open_button, self.rename_button, self.delete_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.file_button)
        buttons.addWidget(self.back_button)

        column = QVBoxLayout()
        column.addWidget(self.title)
        column.addSpacing(8)
        column.addWidget(self.list, 1)
        column.addWidget(self.empty, 1)
        column.addLayout(buttons)
        # the list keeps a readable width on a wide screen
        layout = QHBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(column, 8)
        layout.addStretch(1)

        self._fit_to_size()
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _fit_to_size(self) -> bool:
        """Size the text to the window: at least the application's font, and about a 52nd
        of the height (a 4K window without system scaling stays readable). Returns True
        when the size changed."""
        base = QFont(self.parentWidget().font() if self.parentWidget() else QFont())
        px = max(QFontInfo(base).pixelSize(), round(max(self.height(), 1) / 52))
        if px == self._text_px:
            return False
        self._text_px = px
        font = QFont(base)
        font.setPixelSize(px)
        self.setFont(font)
        title = QFont(font)
        title.setPixelSize(round(px * 2.2))
        self.title.setFont(title)
        pad, big = max(6, px // 2), round(px * 1.15)
        self.setStyleSheet(f"""
            #loadScreen QLabel#title {{ color: #f3e6c4; }}
            #loadScreen QLabel#empty {{ color: #d8c79c; font-size: {big}px; }}
            #loadScreen QListWidget {{ background: transparent; border: none; }}
            #loadScreen QListWidget::item {{ background: #e9dcb8; border: 2px solid #8c6d3f;
                border-radius: 6px; color: #2b2118; }}
            #loadScreen QListWidget::item:selected {{ background: #f6ecd0;
                border: 3px solid #d99a00; }}
            #loadScreen QFrame#saveRow {{ background: transparent; }}
            #loadScreen QFrame#saveRow QLabel {{ color: #2b2118; background: transparent; }}
            #loadScreen QFrame#saveRow QLabel#saveError {{ color: #8b1e1e; }}
            #loadScreen QPushButton {{ padding: {pad // 2 + 2}px {pad + 8}px;
                font-size: {big}px; color: #2b2118; background: #e9dcb8;
                border: 2px solid #8c6d3f; border-radius: 6px; }}
            #loadScreen QPushButton:hover {{ background: #f6ecd0; border-color: #b4873a; }}
            #loadScreen QPushButton:disabled {{ color: #8d826d; background: #b9ae93; }}
        """)
        return True

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._fit_to_size() and self.infos:
            current = self.current()
            self.refresh(select=current.path if current else None)

    def _button(self, name: str, slot) -> QPushButton:
        b = QPushButton(objectName=name)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    # --- the list ------------------------------------------------------------------------

    def refresh(self, select: Path | None = None) -> None:
        """Read the save folder again; select ``select`` (else the newest save that can be
        opened)."""
        self.infos = self.store.saves()
        self.list.clear()
        for info in self.infos:
            row = SaveRow(info, self.font())
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, str(info.path))
            item.setSizeHint(row.sizeHint())
            self.list.addItem(item)
            self.list.setItemWidget(item, row)
        paths = [i.path for i in self.infos]
        if paths:
            readable = [row for row, info in enumerate(self.infos) if info.readable]
            self.list.setCurrentRow(paths.index(select) if select in paths
                                    else (readable or [0])[0])
        self.list.setVisible(bool(paths))
        self.empty.setVisible(not paths)
        self._update_buttons()

    def current(self) -> SaveInfo | None:
        row = self.list.currentRow()
        return self.infos[row] if 0 <= row < len(self.infos) else None

    def select(self, path: Path) -> None:
        for row, info in enumerate(self.infos):
            if info.path == Path(path):
                self.list.setCurrentRow(row)

    def row_widget(self, row: int) -> SaveRow:
        return self.list.itemWidget(self.list.item(row))

    def _update_buttons(self) -> None:
        info = self.current()
        self.open_button.setEnabled(info is not None and info.readable)
        self.rename_button.setEnabled(info is not None)
        self.delete_button.setEnabled(info is not None)

    # --- open, rename, delete ------------------------------------------------------------

    def open_selected(self) -> None:
        info = self.current()
        if info is not None and info.readable:
            self.openRequested.emit(info.path)

    def rename_selected(self) -> QInputDialog | None:
        """Ask for the selected save's new name (a non-blocking dialog)."""
        info = self.current()
        if info is None:
            return None
        dialog = QInputDialog(self, objectName="renameDialog")
        dialog.setWindowTitle(_("Rename the save"))
        dialog.setLabelText(_("New name:"))
        dialog.setTextValue("" if info.autosave else info.name)
        dialog.setOkButtonText(_("Rename"))
        dialog.setCancelButtonText(_("Cancel"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.textValueSelected.connect(lambda text: self.rename(info.path, text))
        dialog.open()
        self._dialog = dialog
        return dialog

    def rename(self, path: Path, name: str) -> Path | None:
        """Rename the save at ``path``; a name that is not allowed is refused with a
        message and nothing changes."""
        try:
            target = self.store.rename(Path(path), name)
        except ValueError as err:
            self._message(_("The save cannot be renamed"), str(err))
            return None
        except OSError as err:
            self._message(_("The save cannot be renamed"), str(err.strerror or err))
            return None
        self.refresh(select=target)
        return target

    def delete_selected(self) -> QMessageBox | None:
        """Ask once, then delete the selected save (a non-blocking question)."""
        info = self.current()
        if info is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, _("Delete the save?"),
                          _("Delete “{name}” ({when})? This cannot be undone.").format(
                              name=info.name, when=info.when()),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setObjectName("deleteQuestion")
        box.button(QMessageBox.StandardButton.Yes).setText(_("Delete"))
        box.button(QMessageBox.StandardButton.No).setText(_("Cancel"))
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.accepted.connect(lambda: self.delete(info.path))
        box.open()
        self._dialog = box
        return box

    def delete(self, path: Path) -> None:
        row = self.list.currentRow()
        try:
            self.store.delete(Path(path))
        except OSError as err:
            self._message(_("The save cannot be deleted"), str(err.strerror or err))
            return
        self.refresh()
        if self.infos:
            self.list.setCurrentRow(min(max(row, 0), len(self.infos) - 1))

    def _message(self, title: str, text: str) -> None:
        self.last_message = (title, text)
        box = QMessageBox(QMessageBox.Icon.Warning, title, text,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.open()
        self._dialog = box

    # --- drawing and language ------------------------------------------------------------

    def _on_language(self, _lang: str) -> None:
        self.retranslate()
        if self.isVisible():
            self.refresh(select=self.current().path if self.current() else None)

    def retranslate(self) -> None:
        self.title.setText(_("Saved games"))
        self.empty.setText(_("No saved games yet. Games are saved automatically as you "
                             "play."))
        self.open_button.setText(_("Open"))
        self.rename_button.setText(_("Rename…"))
        self.delete_button.setText(_("Delete…"))
        self.file_button.setText(_("Open file…"))
        self.file_button.setToolTip(_("Open a save from another folder"))
        self.back_button.setText(_("Back"))

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        g = QLinearGradient(0, 0, 0, self.height())
        g.setColorAt(0, QColor("#3b2a1a"))
        g.setColorAt(1, QColor("#1d140c"))
        p.fillRect(self.rect(), g)
        p.end()
