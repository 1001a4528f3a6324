"""The widget style at the interface's scale.

The application's words grow with the screen (``MainWindow.set_ui_scale``: 2.4 times on a
4K screen at 100 %), but the style draws check boxes, radio buttons, scroll bars, the
buttons' icons and the air around a dialog's widgets at its own fixed sizes: beside large
words they became specks. :class:`ScaledStyle` is the platform's style with those few
measures multiplied by the same factor; the style still draws them (a style sheet would do
it too, but an application style sheet stops the application's font from reaching the
widgets).
"""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QWidget

PM = QStyle.PixelMetric
SCALED_METRICS = frozenset({
    PM.PM_IndicatorWidth, PM.PM_IndicatorHeight,                    # check box
    PM.PM_ExclusiveIndicatorWidth, PM.PM_ExclusiveIndicatorHeight,  # radio button
    PM.PM_CheckBoxLabelSpacing, PM.PM_RadioButtonLabelSpacing,
    PM.PM_ScrollBarExtent, PM.PM_ScrollBarSliderMin,
    PM.PM_ButtonIconSize, PM.PM_SmallIconSize,                      # "Start", "Cancel"
    PM.PM_LayoutLeftMargin, PM.PM_LayoutTopMargin,                  # a dialog's air
    PM.PM_LayoutRightMargin, PM.PM_LayoutBottomMargin,
    PM.PM_LayoutHorizontalSpacing, PM.PM_LayoutVerticalSpacing,
})


class ScaledStyle(QProxyStyle):
    """The default style, with :data:`SCALED_METRICS` at ``scale`` times their size."""

    def __init__(self, scale: float = 1.0):
        super().__init__()  # wraps the platform's default style
        self.scale = scale

    def pixelMetric(self, metric, option=None, widget=None) -> int:  # noqa: N802 - Qt's name
        value = super().pixelMetric(metric, option, widget)
        if metric in SCALED_METRICS and self.scale != 1.0:
            return round(value * self.scale)
        return value


def set_style_scale(scale: float) -> None:
    """Install :class:`ScaledStyle` on the application (once) and set its scale; widgets
    measure themselves again when their font changes, which a new scale always brings."""
    app = QApplication.instance()
    if app is None:
        return
    style = app.style()
    if not isinstance(style, ScaledStyle):
        style = ScaledStyle()
        app.setStyle(style)
    style.scale = scale


# --- the interface's scale (``MainWindow.set_ui_scale``) ---------------------------------------

# The window's words follow the screen: the interface is laid out for a screen of about
# 1440×900 logical pixels and grows with a larger one (a 4K screen at 100 % scaling)
UI_REFERENCE = (1440, 900)


def scaled_style_sheet(sheet: str, k: float) -> str:
    """``sheet`` with every size in pt or px multiplied by ``k``."""
    return re.sub(r"(\d+(?:\.\d+)?)(pt|px)\b",
                  lambda m: f"{float(m[1]) * k:.3g}{m[2]}", sheet)


SIZES_OWN_WORDS = "sizesOwnWords"
"""A widget property: the widget fits its words to its own size, so the interface scale
must not grow them again (scaling its style sheet twice made the 4K load screen 4,371 px
wide)."""


def ui_scale_for(width: int, height: int) -> float:
    """How much larger than the reference the interface's words are on a screen of
    ``width``×``height`` logical pixels (1 on a laptop, 2.4 on a 4K screen at 100 %)."""
    return max(1.0, min(3.0, width / UI_REFERENCE[0], height / UI_REFERENCE[1]))


def set_app_font(k: float) -> None:
    """The application's font, and the style's measures, at ``k`` times their size."""
    from .fonts import UI_FONT_POINTS, ui_font
    font = ui_font()
    font.setPointSizeF(UI_FONT_POINTS * k)
    app = QApplication.instance()
    if app is not None:
        set_style_scale(k)  # check boxes and scroll bars grow with the words
        app.setFont(font)


def scale_widgets(window: QWidget, widgets: list[QWidget], old: float, k: float,
                  table: QWidget | None) -> None:
    """Grow the style sheets and own fonts of ``widgets`` (children of ``window``) from
    scale ``old`` to ``k``; the ``table`` and a page that fits its words to its own size
    (:data:`SIZES_OWN_WORDS`) are left to size themselves."""
    own = [w for w in window.findChildren(QWidget) if w.property(SIZES_OWN_WORDS)]
    for w in widgets:
        if table is not None and (w is table or table.isAncestorOf(w)):
            continue  # the table sizes its words to the window itself
        if any(o is w or o.isAncestorOf(w) for o in own):
            continue  # so does a page that fits its words to its size (the load screen)
        sheet = w.property("baseStyleSheet")
        if sheet is None and w.styleSheet():
            sheet = w.styleSheet()
            w.setProperty("baseStyleSheet", sheet)
        if sheet:
            w.setStyleSheet(scaled_style_sheet(sheet, k))
        if w.testAttribute(Qt.WidgetAttribute.WA_SetFont) and w.font().pointSizeF() > 0:
            base = w.property("basePointSize")
            if base is None:
                base = w.font().pointSizeF() / old
                w.setProperty("basePointSize", base)
            f = w.font()
            f.setPointSizeF(base * k)
            w.setFont(f)
