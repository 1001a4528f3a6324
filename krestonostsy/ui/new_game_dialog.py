"""The new-game dialog: who plays (first of all: alone against the computer, or with friends
at this computer), the game options, and under "Advanced" a seed.

"Play against the computer" asks your state, how many players, the bots' level and (at
normal and above) their play style, and makes the line-up (:func:`solo_lineup`).
"Hot-seat with friends" shows every state with its seat (a bot's with its style beside
it), so any mix of people and bots (all bots: watch mode) stays possible.
The last choice is remembered (``ui/settings.py``: ``new_game_mode``)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..engine import GameOptions
from ..i18n import N_, _
from .controller import SEAT_TYPES
from .names import readable, state_name
from .seat_kinds import (
    BOT_LEVELS,
    SEAT_LABELS,
    SEAT_NOTES,
    seat_kind,
    split_kind,
    style_choices,
    styled_levels,
)

STATES = ("jerusalem", "tripoli", "edessa", "antioch")
TWO_PLAYER_PAIRS = ({"jerusalem", "tripoli"}, {"tripoli", "antioch"},
                    {"antioch", "edessa"}, {"jerusalem", "edessa"})

# The set-up is one choice of three (the options first_game and bull_choice together):
# id → (first_game, bull_choice, label). bull_choice only matters when first_game is off.
SETUPS = {
    "first": (True, True, N_("First game (starting governors, one bull each)")),
    "experienced": (False, True, N_("Experienced game: draw 2 bulls, keep 1")),
    "experienced_one_bull": (False, False, N_("Experienced game, one bull each")),
}
SETUP_OPTIONS = ("first_game", "bull_choice")

# The two ways to play, offered first: id → (label, what it means)
MODES = {
    "solo": (N_("Play against the computer"),
             N_("You and computer players: choose your state, the number of players and "
                "the bots' level")),
    "hotseat": (N_("Hot-seat with friends"),
                N_("Several people at this computer, taking turns; any seat may also be "
                   "a bot")),
}
SOLO_DEFAULTS = {"state": "jerusalem", "players": 2, "level": "normal", "style": None}
# The options a player rarely changes: under "Advanced", with the seed
ADVANCED_OPTIONS = ("raid_without_movers",)

OPTION_LABELS = {
    "raid_without_movers": N_("A raid in which no Saracen moves:"),
    "computer_saracens": N_("The computer plays the Saracens' battle cards (no hand-off "
                            "at every manoeuvre)"),
}
OPTION_VALUE_LABELS = {
    ("raid_without_movers", "resolve"): N_("still resolves (strength 0 + bonuses)"),
    ("raid_without_movers", "skip"): N_("does not happen"),
}


def allowed_pairs(scenario: str = "base") -> list[set]:
    """The 2-player line-ups the chosen scenario's board allows (SETUP-30)."""
    try:
        from ..engine import load_ruleset
        board = load_ruleset(scenario).content.board
        return [set(pair) for pair, _covered in board.two_player_pairs]
    except Exception:
        return [set(p) for p in TWO_PLAYER_PAIRS]


def lineup_problem(states: list[str], pairs: list[set] | None = None) -> str | None:
    """Why this line-up cannot play, in the current language, or None."""
    if len(states) < 2:
        return _("Choose at least two states.")
    if len(states) == 2 and set(states) not in (pairs or allowed_pairs()):
        return _("In a two-player game the states must be neighbours: "
                 "Jerusalem–Tripoli, Tripoli–Antioch, Antioch–Edessa or Jerusalem–Edessa.")
    return None


def solo_lineup(me: str, players: int, pairs: list[set] | None = None) -> list[str]:
    """The states of a game of ``players`` in which the player holds ``me``, in the
    table's order. The first opponent is a neighbour the board allows in a two-player
    game (SETUP-30), the next ones follow the table's order; the automa takes the places
    left."""
    pairs = pairs if pairs is not None else allowed_pairs()
    partner = next((s for pair in pairs if me in pair for s in sorted(pair) if s != me), None)
    others = [s for s in STATES if s != me]
    if partner is not None:
        others.remove(partner)
        others.insert(0, partner)
    chosen = {me, *others[:max(1, min(players, len(STATES)) - 1)]}
    return [s for s in STATES if s in chosen]


class StyleCombo(QComboBox):
    """A bot's play style beside its level: the shipped styles, the balanced one (the
    default) first, each entry's tooltip what it plays for, and the combo's the chosen
    one's. :meth:`follow` the level chosen beside it: a style applies at normal and
    above; at novice and easy the combo stays, greyed, showing the balanced style (the
    choice is kept for a stronger level), and at a human seat it gives its place up
    (keeping its room, so the rows do not jump)."""

    def __init__(self, style: str | None = None, object_name: str = ""):
        super().__init__(objectName=object_name)
        self._styled = styled_levels()
        self._level: str | None = None
        for choice in style_choices():
            self.addItem("", choice.id)
        self.setCurrentIndex(max(0, self.findData(style)))
        self._chosen = self.currentData()  # the style chosen (kept while greyed)
        self.currentIndexChanged.connect(lambda _i: self._remember())
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.currentIndexChanged.connect(lambda _i: self._note())
        self.retranslate()

    def style(self) -> str:
        """The style chosen (also while a level without styles greys it)."""
        return self._chosen

    def set_style(self, style: str | None) -> None:
        """Choose ``style`` (None or unknown: the balanced one)."""
        self._chosen = self.itemData(max(0, self.findData(style)))
        self._show()

    def _remember(self) -> None:
        if self._level in self._styled:
            self._chosen = self.currentData()

    def _show(self) -> None:
        """The chosen style, or the balanced one at a level without styles."""
        self.setCurrentIndex(max(0, self.findData(self._chosen))
                             if self._level in self._styled else 0)

    def kind(self, level: str) -> str:
        """The seat kind of ``level`` played in the chosen style (``"hard:merchant"``)."""
        return seat_kind(level, self.style())

    def follow(self, level: str | None, playing: bool = True) -> None:
        """Show whether a bot of ``level`` can have the chosen style (``playing``: the
        state takes part in the game)."""
        self._level = level
        self.setVisible(level in BOT_LEVELS)
        self.setEnabled(playing and level in self._styled)
        self._show()
        self._note()

    def note(self) -> str:
        """What the chosen style plays for, or why this level has none."""
        if self._level not in self._styled:
            return _("Novice and Easy bots play without a style of their own.")
        return self.itemData(self.currentIndex(), Qt.ItemDataRole.ToolTipRole) or ""

    def _note(self) -> None:
        self.setToolTip(self.note())

    def retranslate(self) -> None:
        for i, choice in enumerate(style_choices()):
            self.setItemText(i, choice.name)
            self.setItemData(i, choice.description, Qt.ItemDataRole.ToolTipRole)
        self._note()


def _flag(value) -> bool:
    """A yes/no remembered in the settings (an ini file gives back "true"/"false")."""
    return value is True or str(value).lower() in ("true", "1")


class NewGameDialog(QDialog):
    """``defaults``: the last game's choices (states, seats, options, scenario, advanced)
    and ``reached``: the scenarios a campaign has reached (``campaign.reached``), which
    may be played on their own besides the base game."""

    def __init__(self, parent: QWidget | None = None, defaults: dict | None = None):
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setModal(True)
        defaults = defaults or {}
        # the scenario: the base game, or one a campaign has reached -------------------------
        self.scenario_label = QLabel(objectName="scenarioLabel")
        self.scenario_combo = QComboBox(objectName="scenario")
        self.scenario_combo.addItem("", "base")
        for sid in defaults.get("reached") or ():
            self.scenario_combo.addItem("", sid)
        self.scenario_combo.setCurrentIndex(max(0, self.scenario_combo.findData(
            defaults.get("scenario") or "base")))
        self.scenario_combo.currentIndexChanged.connect(self._on_scenario)
        self.scenario_note = QLabel(wordWrap=True, objectName="scenarioNote")
        self.scenario_note.setStyleSheet("color: #6b5334;")
        self._pairs = allowed_pairs(self.scenario())

        # the way to play: alone against the computer, or with friends ----------------------
        self.mode_group = QButtonGroup(self)
        self.mode_radios: dict[str, QRadioButton] = {}
        mode_row = QGridLayout()
        for column, mode in enumerate(MODES):
            radio = QRadioButton(objectName=f"mode_{mode}")
            radio.setStyleSheet("QRadioButton { font-weight: bold; padding: 4px; }")
            self.mode_group.addButton(radio)
            self.mode_radios[mode] = radio
            mode_row.addWidget(radio, 0, column)
        mode = defaults.get("mode")
        self.mode_radios[mode if mode in MODES else "solo"].setChecked(True)
        self.mode_group.buttonToggled.connect(lambda _b, on: on and self._on_mode())

        # against the computer: your state, the number of players, the bots' level --------
        solo = {**SOLO_DEFAULTS, **{k: v for k, v in dict(defaults.get("solo") or {}).items()
                                    if k in SOLO_DEFAULTS}}
        self.solo_box = QGroupBox(objectName="soloBox")
        solo_form = QFormLayout(self.solo_box)
        self.solo_state = QComboBox(objectName="solo_state")
        for sid in STATES:
            self.solo_state.addItem("", sid)
        self.solo_state.setCurrentIndex(max(0, self.solo_state.findData(solo["state"])))
        self.solo_players = QComboBox(objectName="solo_players")
        for n in (2, 3, 4):
            self.solo_players.addItem(str(n), n)
        try:
            players = int(solo["players"])
        except (TypeError, ValueError):  # a settings file edited by hand
            players = SOLO_DEFAULTS["players"]
        self.solo_players.setCurrentIndex(max(0, self.solo_players.findData(players)))
        self.solo_level = QComboBox(objectName="solo_level")
        for kind in BOT_LEVELS:
            self.solo_level.addItem("", kind)
        self.solo_level.setCurrentIndex(max(0, self.solo_level.findData(solo["level"])))
        self.solo_style = StyleCombo(solo["style"], "solo_style")
        # what the chosen style plays for, under it
        self.solo_style_note = QLabel(wordWrap=True, objectName="soloStyleNote")
        self.solo_style_note.setStyleSheet("color: #6b5334;")
        self.solo_style_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.solo_labels = [QLabel() for _i in range(4)]
        for label, combo in zip(self.solo_labels, (self.solo_state, self.solo_players,
                                                   self.solo_level, self.solo_style),
                                strict=True):
            label.setBuddy(combo)
            solo_form.addRow(label, combo)
            combo.currentIndexChanged.connect(self._validate)
        solo_form.addRow("", self.solo_style_note)
        self.solo_level.currentIndexChanged.connect(lambda _i: self._on_solo_level())
        self.solo_style.currentIndexChanged.connect(lambda _i: self._on_solo_level())
        self.solo_note = QLabel(wordWrap=True, objectName="soloNote")
        solo_form.addRow(self.solo_note)

        # with friends: every state and its seat -------------------------------------------
        self.states_box = QGroupBox()
        grid = QGridLayout(self.states_box)
        self.state_checks: dict[str, QCheckBox] = {}
        self.seat_combos: dict[str, QComboBox] = {}
        self.style_combos: dict[str, StyleCombo] = {}
        chosen = [sid for sid in STATES if sid in (defaults.get("states") or STATES)]
        if lineup_problem(chosen, self._pairs):  # remembered from a damaged settings file
            chosen = list(STATES)
        seat_defaults = dict(defaults.get("seats") or {})
        for row, sid in enumerate(STATES):
            check = QCheckBox(objectName=f"state_{sid}")
            check.setChecked(sid in chosen)
            check.toggled.connect(self._validate)
            combo = QComboBox(objectName=f"seat_{sid}")
            for kind in SEAT_TYPES:
                combo.addItem("", kind)
            level, style = split_kind(str(seat_defaults.get(sid, "human")))
            combo.setCurrentIndex(max(0, combo.findData(level)))
            styles = StyleCombo(style, f"style_{sid}")
            combo.currentIndexChanged.connect(lambda _i, c=combo: self._note_seat(c))
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, st=styles: st.follow(c.currentData()))
            styles.follow(combo.currentData())
            grid.addWidget(check, row, 0)
            grid.addWidget(combo, row, 1)
            grid.addWidget(styles, row, 2)
            self.state_checks[sid] = check
            self.seat_combos[sid] = combo
            self.style_combos[sid] = styles
        self.automa_note = QLabel(wordWrap=True, objectName="automaNote")
        self.problem = QLabel(wordWrap=True, objectName="problem")
        self.problem.setStyleSheet("color: #a3262a;")

        # options ---------------------------------------------------------------------------
        self.options_box = QGroupBox()
        self.options_form = QVBoxLayout(self.options_box)
        self.option_widgets: dict[str, QWidget] = {}
        self.option_labels: dict[str, QLabel] = {}
        saved = dict(defaults.get("options") or {})
        self.setup_label = QLabel(wordWrap=True)
        self.options_form.addWidget(self.setup_label)
        self.setup_group = QButtonGroup(self)
        self.setup_radios: dict[str, QRadioButton] = {}
        defaults_ = {n: d for n, d, _a in GameOptions.describe()}
        chosen = (bool(saved.get("first_game", defaults_.get("first_game", True))),
                  bool(saved.get("bull_choice", defaults_.get("bull_choice", True))))
        for sid, (first, bull, _label) in SETUPS.items():
            radio = QRadioButton(objectName=f"setup_{sid}")
            self.setup_group.addButton(radio)
            self.options_form.addWidget(radio)
            self.setup_radios[sid] = radio
            radio.setChecked(first == chosen[0] and (first or bull == chosen[1]))
        # "Advanced": the seed and the options a player rarely changes, folded away
        self.advanced_toggle = QToolButton(objectName="advancedToggle", checkable=True)
        self.advanced_toggle.setAutoRaise(True)
        self.advanced_box = QWidget(objectName="advancedBox")
        advanced_form = QVBoxLayout(self.advanced_box)
        advanced_form.setContentsMargins(0, 0, 0, 0)
        self.advanced_toggle.toggled.connect(self._on_advanced)
        for name, default, allowed in GameOptions.describe():
            if name in SETUP_OPTIONS:
                continue
            form = advanced_form if name in ADVANCED_OPTIONS else self.options_form
            value = saved.get(name, default)
            if isinstance(default, bool):
                w = QCheckBox(objectName=f"option_{name}")
                w.setChecked(bool(value))
                form.addWidget(w)
            else:
                w = QComboBox(objectName=f"option_{name}")
                for v in allowed:
                    w.addItem("", v)
                w.setCurrentIndex(max(0, w.findData(value)))
                label = QLabel(wordWrap=True)
                label.setBuddy(w)
                self.option_labels[name] = label
                form.addWidget(label)
                form.addWidget(w)
            self.option_widgets[name] = w

        # the advanced mode: terrain (CAMP-10) -----------------------------------------------
        self.advanced_check = QCheckBox(objectName="advanced")
        self.advanced_check.setChecked(_flag(defaults.get("advanced")))
        self.options_form.addWidget(self.advanced_check)

        # seed ------------------------------------------------------------------------------
        self.seed_label = QLabel()
        self.seed_edit = QLineEdit(objectName="seed")
        self.seed_edit.setValidator(QIntValidator(0, 2**31 - 1, self))
        self.seed_edit.setClearButtonEnabled(True)
        seed_row = QFormLayout()
        seed_row.addRow(self.seed_label, self.seed_edit)
        advanced_form.addLayout(seed_row)
        self.advanced_box.setVisible(False)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("start")

        layout = QVBoxLayout(self)
        scenario_row = QFormLayout()
        scenario_row.addRow(self.scenario_label, self.scenario_combo)
        layout.addLayout(scenario_row)
        layout.addWidget(self.scenario_note)
        layout.addLayout(mode_row)
        layout.addWidget(self.solo_box)
        layout.addWidget(self.states_box)
        layout.addWidget(self.automa_note)  # both ways of playing: under their choices
        layout.addWidget(self.problem)
        layout.addWidget(self.options_box)
        layout.addWidget(self.advanced_toggle)
        layout.addWidget(self.advanced_box)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(560)

        self.retranslate()
        self._on_mode()
        i18n.add_listener(self._on_language)

    # --- results -----------------------------------------------------------------------------

    def mode(self) -> str:
        """``"solo"`` (against the computer) or ``"hotseat"`` (with friends)."""
        return next((m for m, r in self.mode_radios.items() if r.isChecked()), "solo")

    def set_mode(self, mode: str) -> None:
        self.mode_radios[mode].setChecked(True)

    def states(self) -> list[str]:
        """The states taking part, in the table's order."""
        if self.mode() == "solo":
            return solo_lineup(self.solo_state.currentData(), self.solo_players.currentData(),
                               self._pairs)
        return [s for s in STATES if self.state_checks[s].isChecked()]

    def seats(self) -> dict[str, str]:
        """Who plays each state taking part: a seat type of ``controller.SEAT_TYPES``, a
        bot's with its play style (``"hard:merchant"``, ``seat_kinds``)."""
        if self.mode() == "solo":
            me = self.solo_state.currentData()
            bot = self.solo_style.kind(self.solo_level.currentData())
            return {s: "human" if s == me else bot for s in self.states()}
        seats = self.seat_choice()
        return {s: seats[s] for s in self.states()}

    def solo_choice(self) -> dict:
        """The choices of "Play against the computer" (remembered for the next game)."""
        return {"state": self.solo_state.currentData(),
                "players": self.solo_players.currentData(),
                "level": self.solo_level.currentData(),
                "style": self.solo_style.style()}

    def set_solo(self, state: str | None = None, players: int | None = None,
                 level: str | None = None, style: str | None = None) -> None:
        for combo, value in ((self.solo_state, state), (self.solo_players, players),
                             (self.solo_level, level)):
            if value is not None:
                combo.setCurrentIndex(combo.findData(value))
        if style is not None:
            self.solo_style.set_style(style)

    def hotseat_states(self) -> list[str]:
        """The states ticked for a hot-seat game (remembered for the next one)."""
        return [s for s in STATES if self.state_checks[s].isChecked()]

    def seat_choice(self) -> dict[str, str]:
        """Every state's seat kind for a hot-seat game, also of the states not taking part
        (remembered for the next game)."""
        return {s: self.style_combos[s].kind(combo.currentData())
                for s, combo in self.seat_combos.items()}

    def setup_choice(self) -> str:
        return next((sid for sid, r in self.setup_radios.items() if r.isChecked()), "first")

    def set_setup(self, sid: str) -> None:
        self.setup_radios[sid].setChecked(True)

    def options(self) -> dict:
        first, bull, _label = SETUPS[self.setup_choice()]
        out = {"first_game": first, "bull_choice": bull}
        for name, w in self.option_widgets.items():
            out[name] = w.isChecked() if isinstance(w, QCheckBox) else w.currentData()
        return out

    def scenario(self) -> str:
        """The scenario chosen: ``"base"`` or the id of one a campaign has reached."""
        return self.scenario_combo.currentData() or "base"

    def advanced(self) -> bool:
        """The advanced mode (terrain, CAMP-10)."""
        return self.advanced_check.isChecked()

    def seed(self) -> int | None:
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() else None

    def set_states(self, states) -> None:
        """Tick ``states`` for a hot-seat game (the mode is not changed)."""
        for sid, check in self.state_checks.items():
            check.setChecked(sid in states)

    def remembered(self) -> dict:
        """What the next dialog opens with (``newgame/<key>`` in the settings)."""
        return {"mode": self.mode(), "solo": self.solo_choice(),
                "states": self.hotseat_states(), "seats": self.seat_choice(),
                "options": self.options(), "scenario": self.scenario(),
                "advanced": self.advanced()}

    # --- behaviour ---------------------------------------------------------------------------

    def _validate(self) -> None:
        states = self.states()
        problem = lineup_problem(states, self._pairs)
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.ok_button.setEnabled(problem is None)
        for sid, combo in self.seat_combos.items():
            combo.setEnabled(sid in self.hotseat_states())
            self.style_combos[sid].follow(combo.currentData(), sid in self.hotseat_states())
        if self.mode() == "solo":
            seats = self.seats()
            rivals = [s for s in states if seats.get(s) != "human"]
            self.solo_note.setText(_("The computer plays: {states}.").format(
                states=", ".join(state_name(s) for s in rivals)))
        if problem is None and len(states) < 4:
            absent = [state_name(s) for s in STATES if s not in states]
            self.automa_note.setText(_("The automa takes the places of: {states}.")
                                     .format(states=", ".join(absent)))
            self.automa_note.setVisible(True)
        else:
            self.automa_note.setVisible(False)

    def _on_mode(self) -> None:
        solo = self.mode() == "solo"
        self.solo_box.setVisible(solo)
        self.states_box.setVisible(not solo)
        self._validate()
        self.adjustSize()

    def _on_advanced(self, shown: bool) -> None:
        self.advanced_box.setVisible(shown)
        # the triangle is a letter: it grows with the words on a large screen
        self.advanced_toggle.setText(("▾ " if shown else "▸ ") + _("Advanced"))
        self.adjustSize()

    def _on_scenario(self, _index: int) -> None:
        self._pairs = allowed_pairs(self.scenario())
        self.retranslate()

    def _scenario_name(self, sid: str) -> str:
        if sid == "base":
            return _("Base game")
        try:
            from ..campaign.data import shipped_campaign
            entry = shipped_campaign().scenario(sid)
        except Exception:  # a scenario the campaign does not list: its id, readable
            return readable(sid)
        return _("Campaign: {name} ({years})").format(name=_(entry.name), years=entry.years)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def _on_solo_level(self) -> None:
        """The level's tooltip and the style's line follow the choice."""
        self._note_seat(self.solo_level)
        self.solo_style.follow(self.solo_level.currentData())
        self.solo_style_note.setText(self.solo_style.note())

    @staticmethod
    def _note_seat(combo: QComboBox) -> None:
        """The combo's tooltip says what its chosen seat is like (each entry says its own)."""
        note = SEAT_NOTES.get(combo.currentData())
        combo.setToolTip(_(note) if note else "")

    def retranslate(self) -> None:
        self.setWindowTitle(_("New game"))
        for mode, radio in self.mode_radios.items():
            radio.setText(_(MODES[mode][0]))
            radio.setToolTip(_(MODES[mode][1]))
        self.solo_box.setTitle(_("Against the computer"))
        for label, text in zip(self.solo_labels, (_("Your state:"), _("Players:"),
                                                  _("Computer level:"), _("Play style:")),
                               strict=True):
            label.setText(text)
        for i, sid in enumerate(STATES):
            self.solo_state.setItemText(i, state_name(sid))
        for i in range(self.solo_level.count()):
            kind = self.solo_level.itemData(i)
            self.solo_level.setItemText(i, _(SEAT_LABELS[kind]))
            self.solo_level.setItemData(i, _(SEAT_NOTES[kind]), Qt.ItemDataRole.ToolTipRole)
        self.solo_style.retranslate()
        self._on_solo_level()
        self.solo_players.setToolTip(_("The automa takes the places of the states nobody "
                                       "plays"))
        self._on_advanced(self.advanced_toggle.isChecked())
        self.states_box.setTitle(_("States and players"))
        self.options_box.setTitle(_("Options"))
        for sid, check in self.state_checks.items():
            check.setText(state_name(sid))
        for combo in self.seat_combos.values():
            for i in range(combo.count()):
                kind = combo.itemData(i)
                combo.setItemText(i, _(SEAT_LABELS.get(kind, kind)))
                note = SEAT_NOTES.get(kind)
                combo.setItemData(i, _(note) if note else None, Qt.ItemDataRole.ToolTipRole)
            self._note_seat(combo)
        for styles in self.style_combos.values():
            styles.retranslate()
        self.setup_label.setText(_("Set-up:"))
        for sid, radio in self.setup_radios.items():
            radio.setText(_(SETUPS[sid][2]))
        for name, w in self.option_widgets.items():
            text = _(OPTION_LABELS[name]) if name in OPTION_LABELS else readable(name)
            if isinstance(w, QCheckBox):
                w.setText(text)
            else:
                self.option_labels[name].setText(text)
                for i in range(w.count()):
                    v = w.itemData(i)
                    label = OPTION_VALUE_LABELS.get((name, v))
                    w.setItemText(i, _(label) if label else readable(v))
        self.scenario_label.setText(_("Scenario:"))
        for i in range(self.scenario_combo.count()):
            self.scenario_combo.setItemText(i, self._scenario_name(
                self.scenario_combo.itemData(i)))
        if self.scenario_combo.count() > 1:
            self.scenario_combo.setToolTip(_("The scenarios your campaigns have reached may "
                                             "be played on their own."))
            self.scenario_note.setText(
                "" if self.scenario() == "base" else
                _("A single game of this scenario: its special rules and components, "
                  "without the campaign's nicknames and carry-overs."))
        else:
            self.scenario_combo.setToolTip(_("Play the campaign to unlock its scenarios "
                                             "for single games."))
            self.scenario_note.setText("")
        self.scenario_note.setVisible(bool(self.scenario_note.text()))
        self.advanced_check.setText(_("Terrain (advanced mode): a city's terrain changes "
                                      "the battle for it"))
        self.advanced_check.setToolTip(_(
            "Harbour: a state defending it +1. Rivers: an enhanced march gives the attacker "
            "+1 instead of +2. Forests: the attacker −1 unless it holds a neighbouring "
            "city. Mountains: the defender +1. Deserts: the attacker −1 against Saracens."))
        self.seed_label.setText(_("Seed:"))
        self.seed_edit.setPlaceholderText(_("random"))
        self.seed_edit.setToolTip(_("The same seed and the same moves give the same game."))
        self.ok_button.setText(_("Start"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Cancel"))
        self._validate()
        self.states_box.layout().setAlignment(Qt.AlignmentFlag.AlignTop)
