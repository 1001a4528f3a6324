"""Playing with the keyboard only (ui/table/keyboard.py): Tab and Shift+Tab move the choice
over the highlighted places and the prompt bar's buttons, Enter or Space takes it; a place
with several actions opens the click's menu, walked with the arrow keys. The hand-off
screen takes Space, a question Enter.

:class:`KeyHand` is the helper, like test_mouse_play's MouseHand: given a legal action it
presses Tab until the choice offers it, then Enter (and the arrows in a menu), and checks
that the table emitted exactly that action."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("pytestqt")

from answers import answer_questions  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QContextMenuEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMenu, QPushButton  # noqa: E402

from krestonostsy.engine import Action  # noqa: E402
from krestonostsy.ui.controller import END_TURN, TAKE_BACK  # noqa: E402
from krestonostsy.ui.message_box import MessageBox  # noqa: E402
from krestonostsy.ui.table import TableView  # noqa: E402
from krestonostsy.ui.table.items import TableItem  # noqa: E402
from krestonostsy.ui.table.keyboard import ROW  # noqa: E402

TWO = ["jerusalem", "tripoli"]
SHIFT = Qt.KeyboardModifier.ShiftModifier

pytestmark = pytest.mark.usefixtures("instant_animations")


def offers(choice, action: Action, legal: list) -> bool:
    """Taking ``choice`` can lead to ``action`` (directly or through its menu)."""
    if isinstance(choice, QPushButton):
        return choice.property("action") == action
    want = {t for t in action.targets if not t.startswith("choice:")}
    return bool(want & set(choice.targets))


class KeyHand:
    """Performs engine Actions on a :class:`TableView` with keys only."""

    def __init__(self, view: TableView):
        self.view = view
        self.emitted: list = []
        self.menus = 0
        view.actionChosen.connect(self.emitted.append)

    def take(self, action: Action) -> None:
        v = self.view
        legal = v.legal_actions()
        assert action in legal
        self.emitted.clear()
        buttons_first = any(b.property("action") == action for b in v.prompt_buttons())
        for _ in range(len(v.keys.choices()) + 1):
            QTest.keyClick(v, Qt.Key.Key_Tab)
            current = v.keys.current
            if offers(current, action, legal) and (buttons_first
                                                   or not isinstance(current, QPushButton)):
                break
        else:
            raise AssertionError(f"Tab never reaches {action}")
        QTest.keyClick(v, Qt.Key.Key_Return)
        if not self.emitted:  # several actions share the place: its menu is open
            menu = self._menu()
            entries = [a for a in menu.actions() if not a.isSeparator()]
            acts = [a for a in legal if set(current.targets) & set(a.targets)]
            want = entries[acts.index(action)]
            for _ in range(len(entries) + 1):
                if menu.activeAction() is want:
                    break
                QTest.keyClick(menu, Qt.Key.Key_Down)
            assert menu.activeAction() is want, "the arrows never reach the entry"
            QTest.keyClick(menu, Qt.Key.Key_Return)
            self.menus += 1
        assert self.emitted == [action], f"keyed {action}, the table chose {self.emitted}"

    def _menu(self) -> QMenu:
        menus = [m for m in self.view.findChildren(QMenu) if m.isVisible()]
        assert len(menus) == 1, f"expected one popup menu, found {len(menus)}"
        return menus[0]


def test_tab_goes_round_every_choice_in_reading_order(window):
    window.start_new_game(TWO, seed=3)
    window.controller.acknowledge_handoff()
    view = window.table
    assert isinstance(view, TableView)
    choices = view.keys.choices()
    places = [c for c in choices if isinstance(c, TableItem)]
    assert places and set(places) == set(view.scene().legal_items())
    rows = [(round(p.sceneBoundingRect().center().y() / ROW), p.sceneBoundingRect().center().x())
            for p in places]
    assert rows == sorted(rows)
    seen = []
    for _ in range(len(choices)):
        QTest.keyClick(view, Qt.Key.Key_Tab)
        seen.append(view.keys.current)
        assert [c for c in places if c.focused] == ([seen[-1]] if seen[-1] in places else [])
    assert seen == choices  # each once, in order
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert view.keys.current is choices[0]  # round the end
    QTest.keyClick(view, Qt.Key.Key_Tab, SHIFT)
    assert view.keys.current is choices[-1]  # and back
    # a button chosen is framed by the prompt bar's style; the place before it is not ringed
    if isinstance(choices[-1], QPushButton):
        assert choices[-1].property("keyed") is True


def test_a_new_question_starts_with_nothing_chosen(window):
    window.start_new_game(TWO, seed=3)
    c = window.controller
    c.acknowledge_handoff()
    view = window.table
    QTest.keyClick(view, Qt.Key.Key_Tab)
    first = view.keys.current
    assert first is not None
    QTest.keyClick(view, Qt.Key.Key_Return)  # take it: the table moves on
    assert view.keys.current is None
    assert not [it for it in view.scene().legal_items() if it.focused]
    QTest.keyClick(view, Qt.Key.Key_Return)  # Enter with nothing chosen does nothing
    assert view.keys.current is None


def test_a_two_player_game_by_keys_only(window, qtbot):
    """A whole game (Russian) with the keyboard: every move by Tab and Enter (menus by the
    arrows), the hand-off by Space, the "skip the order?" question by Enter."""
    answer_questions(window, yes=False)
    window.settings.confirm_pass = True
    window.activateWindow()
    assert window.start_new_game(TWO, seed=5)
    view = window.table
    hand = KeyHand(view)
    rng = random.Random(5)
    handoffs = questions = ends = 0
    for _step in range(4000):
        page = window.current_page()
        if page == "scoring":
            break
        boxes = [b for b in window.findChildren(MessageBox) if b.isVisible()]
        if boxes:
            (box,) = boxes
            QTest.keyClick(box.buttons[0], Qt.Key.Key_Return)  # "Yes" has the focus
            questions += 1
            continue
        if page == "handoff":
            QTest.keyClick(window.handoff, Qt.Key.Key_Space)
            handoffs += 1
            # the keys go to the table at once, without a click on it first
            assert window.current_page() != "table" or view.hasFocus()
            continue
        assert page == "table", page
        legal = view.legal_actions()
        if window.controller.pending_end is not None:
            ends += 1
            hand.take(TAKE_BACK if rng.random() < .1 else END_TURN)
            continue
        wasting = [a for a in legal if window.controller.wastes_order(a)]
        hand.take(wasting[0] if wasting and not questions else rng.choice(legal))
    else:
        raise AssertionError("the game did not end")
    assert window.controller.game.is_over
    assert window.last_message is None, window.last_message
    assert handoffs and questions and ends and hand.menus


def test_a_card_chosen_by_the_keyboard_shows_its_preview(window):
    """What the mouse over a card shows (its large picture, all its words), Tab shows."""
    window.start_new_game(TWO, seed=4)
    c = window.controller
    view = window.table
    rng = random.Random(4)
    for _ in range(600):
        if c.pending_handoff:
            c.acknowledge_handoff()
            continue
        cards = [it for it in view.scene().legal_items() if it.card_id and it.isVisible()]
        if cards:
            break
        legal = c.legal_for_viewer()
        c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    else:
        raise AssertionError("no card was ever a choice")
    for _ in range(len(view.keys.choices())):
        QTest.keyClick(view, Qt.Key.Key_Tab)
        current = view.keys.current
        if isinstance(current, TableItem) and current.card_id:
            break
    assert view.preview.isVisible() and view.preview.card_id == current.card_id
    # the menu key opens its keywords (a right click's menu) wherever the mouse is
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(
        QContextMenuEvent.Reason.Keyboard, QPoint(3, 3), view.viewport().mapToGlobal(QPoint(3, 3))))
    menus = [m for m in view.findChildren(QMenu) if m.isVisible()]
    assert [m.objectName() for m in menus] == ["keywordMenu"], current.card_id
    assert len(menus[0].actions()) == 1 + len(view.card_keywords(current.card_id))
    menus[0].close()
    others = [x for x in view.keys.choices()
              if not (isinstance(x, TableItem) and x.card_id)]
    assert others  # on to what is not a card: the preview goes
    while view.keys.current not in others:
        QTest.keyClick(view, Qt.Key.Key_Tab)
    assert not view.preview.isVisible()
