"""Windows sized by their words: a dialog measured in lines of the interface's font (which
grows with the interface scale on a 4K screen), never past the screen it opens on."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

SCREEN_SHARE = (.9, .85)  # at most this share of the screen's free width and height


def size_in_lines(widget: QWidget, wide: int, high: int) -> QSize:
    """``wide`` × ``high`` lines of ``widget``'s font."""
    em = widget.fontMetrics().height()
    return QSize(wide * em, high * em)


def resize_within_screen(widget: QWidget, size: QSize) -> None:
    """Resize ``widget`` to ``size``, bounded by :data:`SCREEN_SHARE` of its screen."""
    screen = widget.screen()
    if screen is not None:
        free = screen.availableGeometry()
        size = size.boundedTo(QSize(int(free.width() * SCREEN_SHARE[0]),
                                    int(free.height() * SCREEN_SHARE[1])))
    widget.resize(size)
