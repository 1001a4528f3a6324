"""User settings remembered between runs (QSettings) and the settings dialog.

Settings: language (ru/en, switched at run time), animation speed
(instant/fast/normal/slow), colour-blind mode, confirm before passing, the rulebook's
rule IDs shown or not.
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import N_, _

log = logging.getLogger(__name__)

ORGANIZATION = "Krestonostsy"
APPLICATION = "krestonostsy"

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
ANIMATION_LABELS = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
}
# Duration multiplier for the table's animation helper (0 = no animation).
ANIMATION_FACTORS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
# A new game is played alone against the computer (the first choice) or with friends
NEW_GAME_MODES = ("solo", "hotseat")
LANGUAGE_NAMES = {"ru": "Русский", "en": "English"}  # each in its own language


def _to_bool(value, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "true", "yes", "on")


class Settings(QObject):
    """Typed access to QSettings; emits ``changed(key)`` after every change."""

    changed = Signal(str)

    DEFAULTS = {"language": None, "animation_speed": "normal", "colour_blind": False,
                "confirm_pass": True, "results_close": False, "show_rule_ids": False}

    def __init__(self, qsettings: QSettings | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._q = qsettings if qsettings is not None else QSettings(ORGANIZATION, APPLICATION)

    @property
    def qsettings(self) -> QSettings:
        return self._q

    # language --------------------------------------------------------------------------
    @property
    def language(self) -> str:
        value = self.value("ui/language")
        return i18n.normalise(value) if value else i18n.system_language()

    @language.setter
    def language(self, lang: str) -> None:
        self._set("ui/language", i18n.normalise(lang), "language")

    # animation speed -------------------------------------------------------------------
    @property
    def animation_speed(self) -> str:
        value = str(self.value("ui/animation_speed", "normal"))
        return value if value in ANIMATION_SPEEDS else "normal"

    @animation_speed.setter
    def animation_speed(self, speed: str) -> None:
        if speed not in ANIMATION_SPEEDS:
            raise ValueError(f"unknown animation speed {speed!r}")
        self._set("ui/animation_speed", speed, "animation_speed")

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self.animation_speed]

    # colour-blind mode -------------------------------------------------------------------
    @property
    def colour_blind(self) -> bool:
        return _to_bool(self.value("ui/colour_blind"), False)

    @colour_blind.setter
    def colour_blind(self, on: bool) -> None:
        self._set("ui/colour_blind", bool(on), "colour_blind")

    # confirm before passing --------------------------------------------------------------
    @property
    def confirm_pass(self) -> bool:
        return _to_bool(self.value("ui/confirm_pass"), True)

    @confirm_pass.setter
    def confirm_pass(self, on: bool) -> None:
        self._set("ui/confirm_pass", bool(on), "confirm_pass")

    # results close by themselves -----------------------------------------------------------
    @property
    def results_close(self) -> bool:
        """A battle's result or a round's summary goes after a few seconds even when the
        player took part (off by default: it stays until they click)."""
        return _to_bool(self.value("ui/results_close"), False)

    @results_close.setter
    def results_close(self, on: bool) -> None:
        self._set("ui/results_close", bool(on), "results_close")
    # the rulebook's IDs (BISHOP-05) in the rules reference and the campaign briefing ------
    @property
    def show_rule_ids(self) -> bool:
        return _to_bool(self.value("ui/show_rule_ids"), False)

    @show_rule_ids.setter
    def show_rule_ids(self, on: bool) -> None:
        self._set("ui/show_rule_ids", bool(on), "show_rule_ids")

    # the way the last new game was played: "solo" (against the computer) or "hotseat" ------
    # (written with the dialog's other choices: ``NewGameDialog.remembered``)
    @property
    def new_game_mode(self) -> str:
        value = str(self.value("newgame/mode", "solo"))
        return value if value in NEW_GAME_MODES else "solo"

    # anything else (window geometry, last options) ---------------------------------------
    def value(self, key: str, default=None):
        """The value under ``key``, or ``default`` when there is none or it cannot be read.

        A settings file cut short or edited by hand must not stop the game. PySide unpickles
        a stored Python object, and a damaged one does not raise where it is read: it
        leaves its error pending, raised by whichever call into Qt comes next (often the
        read of another setting). So a read is checked by one more call into Qt, and a
        read that met an error is tried once more: the second read tells whether this
        setting was the damaged one."""
        for _attempt in range(2):
            try:
                value = self._q.value(key, default)
                self._q.contains(key)  # raises an error the read left pending
                return value
            except Exception as err:
                log.warning("a setting in %s cannot be read (%s: %s, met reading %s); "
                            "its default is used", self._q.fileName(),
                            type(err).__name__, err, key)
        return default

    def set_value(self, key: str, value) -> None:
        self._q.setValue(key, value)

    def _set(self, qkey: str, value, name: str) -> None:
        old = self.value(qkey)
        self._q.setValue(qkey, value)
        self._q.sync()
        if old != value:
            self.changed.emit(name)


class SettingsDialog(QDialog):
    """Language, animation speed, colour-blind mode, confirm before passing, results that
    close by themselves, rule IDs.

    Changes apply when the dialog is accepted; the language switches at once."""

    def __init__(self, settings: Settings, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("settingsDialog")
        self.setModal(True)

        self.language = QComboBox(objectName="language")
        for code in i18n.LANGUAGES:
            self.language.addItem(LANGUAGE_NAMES[code], code)
        self.speed = QComboBox(objectName="animationSpeed")
        for speed in ANIMATION_SPEEDS:
            self.speed.addItem("", speed)
        self.colour_blind = QCheckBox(objectName="colourBlind")
        self.confirm_pass = QCheckBox(objectName="confirmPass")
        self.results_close = QCheckBox(objectName="resultsClose")
        self.show_rule_ids = QCheckBox(objectName="showRuleIds")
        self.hint = QLabel(wordWrap=True)
        self.hint.setObjectName("hint")

        self.form = QFormLayout()
        self.language_label = QLabel()
        self.speed_label = QLabel()
        self.form.addRow(self.language_label, self.language)
        self.form.addRow(self.speed_label, self.speed)
        self.form.addRow("", self.colour_blind)
        self.form.addRow("", self.confirm_pass)
        self.form.addRow("", self.results_close)
        self.form.addRow("", self.show_rule_ids)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        layout.addWidget(self.buttons)

        self.load()
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(_("Settings"))
        self.language_label.setText(_("Language:"))
        self.speed_label.setText(_("Animation speed:"))
        for i in range(self.speed.count()):
            self.speed.setItemText(i, _(ANIMATION_LABELS[self.speed.itemData(i)]))
        self.colour_blind.setText(_("Colour-blind mode (patterns and shapes)"))
        self.confirm_pass.setText(_("Ask for confirmation before passing"))
        self.results_close.setText(_("Close battle results and round summaries by themselves"))
        self.show_rule_ids.setText(_("Show rule IDs (for checking the rules)"))
        self.show_rule_ids.setToolTip(_("The rulebook's IDs, such as BISHOP-05, in the rules "
                                        "reference and the campaign briefing"))
        self.hint.setText(_("Changes take effect at once and are kept for the next time."))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("OK"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Cancel"))

    def load(self) -> None:
        s = self.settings
        self.language.setCurrentIndex(max(0, self.language.findData(s.language)))
        self.speed.setCurrentIndex(max(0, self.speed.findData(s.animation_speed)))
        self.colour_blind.setChecked(s.colour_blind)
        self.confirm_pass.setChecked(s.confirm_pass)
        self.results_close.setChecked(s.results_close)
        self.show_rule_ids.setChecked(s.show_rule_ids)

    def apply(self) -> None:
        s = self.settings
        s.animation_speed = self.speed.currentData()
        s.colour_blind = self.colour_blind.isChecked()
        s.confirm_pass = self.confirm_pass.isChecked()
        s.results_close = self.results_close.isChecked()
        s.show_rule_ids = self.show_rule_ids.isChecked()
        lang = self.language.currentData()
        if lang != s.language or lang != i18n.current_language():
            s.language = lang
            i18n.set_language(lang)

    def accept(self) -> None:
        self.apply()
        super().accept()
