"""Messages and questions (ui/message_box.py): sized by the interface's words, titled inside
the box, never blocking, each choice doing what it says once."""
from __future__ import annotations

from answers import answer_questions
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest

from krestonostsy.ui.message_box import NARROWEST, WIDEST, MessageBox

LONG = ("Произошла непредвиденная ошибка. Игра продолжается: она сохраняется после каждого "
        "хода. Если ошибка повторится, приложите к отчёту файл журнала: "
        "/home/user/.local/share/krestonostsy/logs/krestonostsy.log")


def em_of(box: MessageBox) -> int:
    return box.fontMetrics().height()


def test_a_message_is_titled_inside_and_wraps_into_a_readable_column(window, qtbot):
    window.show_message("Что-то пошло не так", LONG)
    box = window._message_box
    assert isinstance(box, MessageBox) and box.isVisible()
    assert box.title_label.text() == "Что-то пошло не так"  # not only on the frame
    assert box.text() == LONG
    assert [b.text() for b in box.buttons] == ["ОК"]  # Cyrillic: the Russian catalogue
    em = em_of(box)
    screen_limit = int(box.screen().availableGeometry().width() * .9) - 5 * em
    assert box.text_label.width() == min(WIDEST * em, screen_limit)
    lines = box.text_label.height() / box.fontMetrics().lineSpacing()
    assert lines <= 6, f"{lines:.1f} lines: a narrow, tall column"
    box.buttons[0].click()
    assert not box.isVisible()


def test_the_box_grows_with_the_interface_scale(window, qtbot):
    """At 4K the words are 2.4 times larger: so are the column, the title and the icon (Qt's
    message box stopped at 1000 pixels and kept a desktop-sized icon)."""
    window.show_message("Проблема", "Коротко.")
    small = window._message_box
    small_width, small_icon = small.text_label.width(), small.icon.pixmap().width()
    assert small_width == NARROWEST * em_of(small)
    small.close()
    window.set_ui_scale(2.0)
    try:
        window.show_message("Проблема", "Коротко.")
        large = window._message_box
        assert large.text_label.width() >= 1.8 * small_width
        assert large.icon.pixmap().width() >= 1.8 * small_icon
        assert large.title_label.font().pointSizeF() > large.font().pointSizeF()
        large.close()
    finally:
        window.set_ui_scale(1.0)


def test_a_question_does_what_the_chosen_button_says_once(window, qtbot):
    answer_questions(window, yes=False)
    said = []
    window.confirm("Пропустить приказ?", "Вы ещё не использовали этот приказ.",
                   lambda: said.append("yes"))
    box = window._message_box
    assert [b.text() for b in box.buttons] == ["Да", "Нет"]
    assert box.objectName() == "question"
    box.buttons[1].click()  # No
    assert said == [] and not box.isVisible()

    window.confirm("Пропустить приказ?", "…", lambda: said.append("yes"))
    box = window._message_box
    QTest.keyClick(box, Qt.Key.Key_Escape)  # closing chooses nothing
    assert said == [] and not box.isVisible()

    window.confirm("Пропустить приказ?", "…", lambda: said.append("yes"))
    box = window._message_box
    QTest.keyClick(box.buttons[0], Qt.Key.Key_Return)  # Enter takes the default, "Yes"
    assert said == ["yes"] and not box.isVisible()


def test_deleting_asks_delete_or_cancel_and_enter_cancels(window, qtbot):
    answer_questions(window, yes=False)
    said = []
    window.confirm("Удалить кампанию?", "Это нельзя отменить.", lambda: said.append(1),
                   deleting=True)
    box = window._message_box
    assert [b.text() for b in box.buttons] == ["Удалить", "Отмена"]
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert said == [] and not box.isVisible()


def test_a_closed_box_is_deleted(window, qtbot):
    """Dozens of messages in a long sitting must not pile up in the window."""
    before = len(window.findChildren(MessageBox))
    for n in range(5):
        window.show_message("Проблема", f"Сообщение {n}")
        window._message_box.buttons[0].click()
    qtbot.wait(10)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(window.findChildren(MessageBox)) == before
