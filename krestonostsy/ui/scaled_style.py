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

from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

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
