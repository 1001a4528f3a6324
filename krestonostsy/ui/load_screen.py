"""The load screen: every save in the save folder, newest first, with a picture of its table.

Each row shows the save's name (a manual save's file name, or "Autosave"), its states in
their colours with who sits in each seat (a person or a bot and its level), the round, the
date, and a thumbnail (cached by :class:`~krestonostsy.ui.saves.SaveStore` when the save is
written; when it is missing a placeholder is drawn in the states' colours). A file that
cannot be opened (damaged, from a newer version, not a save) is listed too, with the reason.
Saves are opened (double-click, Enter or "Open"), renamed (F2) and deleted (Del) here
(deleting asks once);
"Open file…" picks a save from elsewhere with the file dialog. Of each game's autosaves only
the newest is listed unless "Earlier autosaves" is ticked.

The list is read from each file's summary line (:func:`~krestonostsy.ui.saves.read_summary`),
never by replaying the games, so it stays quick with many saves.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontInfo,
    QFontMetrics,
    QImage,
    QKeySequence,
    QLinearGradient,
    QPainter,
    QPen,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGraphicsView,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import _
from .backdrop import paint_backdrop
from .message_box import MessageBox, ask, tell
from .names import phase_name, state_name
from .os_errors import os_error_text
from .saves import SaveInfo, SaveStore
from .seat_kinds import seat_label
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


class Thumbnails:
    """The pictures of the rows, made once per save and size: the cached thumbnail scaled,
    else the placeholder (only rows that are painted ask, so a long list stays quick)."""

    def __init__(self):
        self._made: dict[tuple, QPixmap] = {}

    def clear(self) -> None:
        self._made.clear()

    def of(self, info: SaveInfo, size: QSize) -> QPixmap:
        key = (info.path, info.saved_at, info.error, size.width(), size.height())
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = self._make(info, size)
        return found

    @staticmethod
    def _make(info: SaveInfo, size: QSize) -> QPixmap:
        if info.readable and info.thumbnail.is_file():
            image = QImage(str(info.thumbnail))
            if not image.isNull():
                return QPixmap.fromImage(image.scaled(
                    size, Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation))
        return placeholder_thumbnail(info.states, size, unreadable=not info.readable)


# --- the rows --------------------------------------------------------------------------------

@dataclass(frozen=True)
class RowText:
    """What a row says: the name; the states with their seats (none for a file that cannot
    be opened); the details (round, finished, date; or why it cannot be opened)."""

    name: str
    states: tuple[tuple[str, str, str], ...]  # (state id, its name, its seat)
    details: str

    @property
    def states_text(self) -> str:
        return "   ".join(f"{name} {seat}" for _state, name, seat in self.states)


def row_text(info: SaveInfo) -> RowText:
    if not info.readable:
        reason = " — ".join(" ".join(part.split()) for part in (info.error or "").split("\n\n"))
        return RowText(info.name, (), reason + " · " + info.when())
    states = tuple((s, state_name(s), seat_label(info.seats.get(s, "human")))
                   for s in info.states)
    parts = []
    if info.round is not None:
        parts.append(_("Round {round}").format(round=info.round))
    if info.over:
        parts.append(_("finished"))
    elif info.phase:
        parts.append(phase_name(info.phase))
    parts.append(info.when())
    return RowText(info.name, states, " · ".join(parts))


INFO_ROLE = Qt.ItemDataRole.UserRole + 1


class SaveRowDelegate(QStyledItemDelegate):
    """Paints one save: the picture, the name, the states as pills in their colours with
    their seats, the details (or why the file cannot be opened) — painted, not widgets, so a
    list of hundreds of saves is made at once."""

    def __init__(self, thumbnails: Thumbnails, parent: QWidget | None = None):
        super().__init__(parent)
        self.thumbnails = thumbnails

    @staticmethod
    def metrics(font: QFont) -> tuple[int, QSize, int]:
        """(line height, picture size, margin) for ``font``."""
        line = QFontMetrics(font).height()
        return line, QSize(int(line * 8.8), int(line * 5.5)), max(4, line // 2)

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        _line, thumb, margin = self.metrics(option.font)
        return QSize(thumb.width() * 3, thumb.height() + 2 * margin)

    def paint(self, p: QPainter, option: QStyleOptionViewItem, index) -> None:
        info: SaveInfo = index.data(INFO_ROLE)
        if info is None:
            return
        text = row_text(info)
        line, thumb, margin = self.metrics(option.font)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        card = QRectF(option.rect).adjusted(1.5, 1.5, -1.5, -1.5)
        p.setPen(QPen(QColor("#d99a00" if selected else "#8c6d3f"), 3 if selected else 2))
        p.setBrush(QColor("#f6ecd0" if selected else "#e9dcb8"))
        p.drawRoundedRect(card, 6, 6)
        left, top = option.rect.left() + margin, option.rect.top() + margin
        p.drawPixmap(left, top, self.thumbnails.of(info, thumb))
        x = left + thumb.width() + line
        width = option.rect.right() - margin - x
        # the name
        bold = QFont(option.font)
        bold.setBold(True)
        bold.setPixelSize(round(QFontInfo(option.font).pixelSize() * 1.15))
        bold_metrics = QFontMetrics(bold)
        p.setFont(bold)
        p.setPen(QColor("#2b2118"))
        name_h = bold_metrics.height()
        p.drawText(QRectF(x, top, width, name_h), Qt.AlignmentFlag.AlignLeft,
                   bold_metrics.elidedText(text.name, Qt.TextElideMode.ElideRight, width))
        y = top + name_h + line // 6
        # the states with their seats, or the word that the file cannot be opened
        p.setFont(option.font)
        fm = QFontMetrics(option.font)
        if info.readable:
            cx = float(x)
            for state, name, seat in text.states:
                pill = QRectF(cx, y, fm.horizontalAdvance(name) + line * 0.6, line)
                p.setPen(QPen(QColor("#8c6d3f"), 1))
                p.setBrush(QColor(STATE_COLOURS.get(state, UNKNOWN_STATE)))
                p.drawRoundedRect(pill, 3, 3)
                p.setPen(QColor(STATE_INK.get(state, QColor("#2b2118"))))
                p.drawText(pill, Qt.AlignmentFlag.AlignCenter, name)
                cx = pill.right() + line * 0.35
                p.setPen(QColor("#5a4526"))
                p.drawText(QRectF(cx, y, fm.horizontalAdvance(seat) + 2, line),
                           Qt.AlignmentFlag.AlignVCenter, seat)
                cx += fm.horizontalAdvance(seat) + line
            details_colour = QColor("#2b2118")
        else:
            strong = QFont(option.font)
            strong.setBold(True)
            p.setFont(strong)
            p.setPen(QColor("#8b1e1e"))
            p.drawText(QRectF(x, y, width, line), Qt.AlignmentFlag.AlignVCenter,
                       _("Cannot be opened"))
            p.setFont(option.font)
            details_colour = QColor("#8b1e1e")
        y += line + line // 4
        p.setPen(details_colour)
        room = QRectF(x, y, width, option.rect.bottom() - margin - y)
        p.drawText(room, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                   | int(Qt.TextFlag.TextWordWrap), text.details)
        p.restore()


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
        self.setProperty("sizesOwnWords", True)  # scaled_style.SIZES_OWN_WORDS: _fit_to_size
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
        self.list.setUniformItemSizes(True)
        self.thumbnails = Thumbnails()
        self.list.setItemDelegate(SaveRowDelegate(self.thumbnails, self.list))
        self.list.itemActivated.connect(lambda _item: self.open_selected())  # Enter too
        for keys, slot in ((QKeySequence.StandardKey.Delete, self.delete_selected),
                           (QKeySequence("F2"), self.rename_selected)):
            shortcut = QShortcut(keys, self.list, context=Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(slot)
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.show_earlier = QCheckBox(objectName="showEarlier")
        self.show_earlier.toggled.connect(lambda _on: self.refresh())
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
        buttons.addWidget(self.show_earlier)
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
        self.list.setFont(font)  # a widget a style sheet rule names does not inherit it
        self.empty.setFont(font)
        title = QFont(font)
        title.setPixelSize(round(px * 2.2))
        self.title.setFont(title)
        pad, big = max(6, px // 2), round(px * 1.15)
        self.setStyleSheet(f"""
            #loadScreen QLabel#title {{ color: #f3e6c4; }}
            #loadScreen QLabel#empty {{ color: #d8c79c; font-size: {big}px; }}
            #loadScreen QListWidget {{ background: transparent; border: none; }}
            #loadScreen QPushButton {{ padding: {pad // 2 + 2}px {pad + 8}px;
                font-size: {big}px; color: #2b2118; background: #e9dcb8;
                border: 2px solid #8c6d3f; border-radius: 6px; }}
            #loadScreen QPushButton:hover {{ background: #f6ecd0; border-color: #b4873a; }}
            #loadScreen QPushButton:disabled {{ color: #8d826d; background: #b9ae93; }}
            #loadScreen QCheckBox {{ color: #f3e6c4; font-size: {big}px; spacing: {pad}px; }}
            #loadScreen QCheckBox::indicator {{ width: {px}px; height: {px}px;
                border: 2px solid #8c6d3f; border-radius: 3px; background: #e9dcb8; }}
            #loadScreen QCheckBox::indicator:checked {{ background: #d99a00;
                border-color: #f3e6c4; }}
        """)
        return True

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._fit_to_size():
            self.list.doItemsLayout()  # the rows' size follows the font

    def _button(self, name: str, slot) -> QPushButton:
        b = QPushButton(objectName=name)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    # --- the list ------------------------------------------------------------------------

    def refresh(self, select: Path | None = None) -> None:
        """Read the save folder again; select ``select`` (else the newest save that can be
        opened)."""
        self.infos = self.listed(self.store.saves())
        self.thumbnails.clear()
        self.list.clear()
        for info in self.infos:
            item = QListWidgetItem(row_text(info).name)
            item.setData(INFO_ROLE, info)
            self.list.addItem(item)
        paths = [i.path for i in self.infos]
        if paths:
            readable = [row for row, info in enumerate(self.infos) if info.readable]
            self.list.setCurrentRow(paths.index(select) if select in paths
                                    else (readable or [0])[0])
        self.list.setVisible(bool(paths))
        self.empty.setVisible(not paths)
        self._update_buttons()

    def listed(self, infos: list[SaveInfo]) -> list[SaveInfo]:
        """The saves to show: all, or without the older autosaves of each game (the
        newest of a game comes first in ``infos``)."""
        if self.show_earlier.isChecked():
            return infos
        seen: set[str] = set()
        shown = []
        for info in infos:
            if info.autosave and info.readable:
                if info.game_id in seen:
                    continue
                seen.add(info.game_id)
            shown.append(info)
        return shown

    def current(self) -> SaveInfo | None:
        row = self.list.currentRow()
        return self.infos[row] if 0 <= row < len(self.infos) else None

    def select(self, path: Path) -> None:
        for row, info in enumerate(self.infos):
            if info.path == Path(path):
                self.list.setCurrentRow(row)

    def row_text(self, row: int) -> RowText:
        """What row ``row`` says (as it is painted)."""
        return row_text(self.infos[row])

    def row_picture(self, row: int) -> QPixmap:
        """The picture row ``row`` shows."""
        font = self.list.font()
        return self.thumbnails.of(self.infos[row], SaveRowDelegate.metrics(font)[1])

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
            self._message(_("The save cannot be renamed"), os_error_text(err))
            return None
        self.refresh(select=target)
        return target

    def delete_selected(self) -> MessageBox | None:
        """Ask once, then delete the selected save (a non-blocking question; "Cancel" is
        what Enter picks)."""
        info = self.current()
        if info is None:
            return None
        box = ask(self, _("Delete the save?"),
                  _("Delete “{name}” ({when})? This cannot be undone.").format(
                      name=info.name, when=info.when()),
                  [(_("Delete"), lambda: self.delete(info.path)), (_("Cancel"), None)],
                  default=1, name="deleteQuestion")
        self._dialog = box
        return box

    def delete(self, path: Path) -> None:
        row = self.list.currentRow()
        try:
            self.store.delete(Path(path))
        except OSError as err:
            self._message(_("The save cannot be deleted"), os_error_text(err))
            return
        self.refresh()
        if self.infos:
            self.list.setCurrentRow(min(max(row, 0), len(self.infos) - 1))

    def _message(self, title: str, text: str) -> None:
        self.last_message = (title, text)
        self._dialog = tell(self, title, text)

    # --- drawing and language ------------------------------------------------------------

    def _on_language(self, _lang: str) -> None:
        self.retranslate()
        current = self.current()
        if self.isVisible():
            self.refresh(select=current.path if current else None)

    def retranslate(self) -> None:
        self.title.setText(_("Saved games"))
        self.empty.setText(_("No saved games yet. Games are saved automatically as you "
                             "play."))
        self.open_button.setText(_("Open"))
        self.rename_button.setText(_("Rename…"))
        self.delete_button.setText(_("Delete…"))
        self.file_button.setText(_("Open file…"))
        self.show_earlier.setText(_("Earlier autosaves"))
        self.show_earlier.setToolTip(_("List every autosave of each game, not only its "
                                       "newest"))
        self.file_button.setToolTip(_("Open a save from another folder"))
        self.back_button.setText(_("Back"))

    def paintEvent(self, event) -> None:
        paint_backdrop(self)
