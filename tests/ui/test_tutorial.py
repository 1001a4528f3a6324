"""The guided first game (data/tutorial/first_game.yaml, ui/tutorial.py).

* the script stays valid against the engine: every scripted action is legal when its step
  comes (a change of the rules or the content that breaks the lesson fails here — re-run
  ``python -m krestonostsy.tools.tutorial_script`` and rewrite the steps it changed);
* a malformed lesson is refused with ``file:line``;
* the whole lesson is played by clicks through the real window, in Russian and English:
  the hinted place is shown, a wrong click is refused with a nudge, and it ends by offering
  a real game;
* left part-way, it resumes at the step reached.
"""
from __future__ import annotations

import os

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QRect, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from test_mouse_play import MouseHand  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.content.errors import ContentError  # noqa: E402
from krestonostsy.engine import Action  # noqa: E402
from krestonostsy.lesson import PROMPT, load_lesson, translated  # noqa: E402
from krestonostsy.tools.tutorial_script import teaches_everything  # noqa: E402
from krestonostsy.ui import tutorial as T  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NOMOD = Qt.KeyboardModifier.NoModifier
# Where to put pictures of the steps (PNG files), e.g. KRESTONOSTSY_SHOTS=/tmp/shots.
SHOTS = os.environ.get("KRESTONOSTSY_SHOTS")

pytestmark = pytest.mark.usefixtures("instant_animations")


# --- the script ---------------------------------------------------------------------------------

def test_the_script_is_legal_step_by_step_and_every_hint_is_translated():
    lesson = load_lesson(has_text=translated).check()
    assert len(lesson.at) == len(lesson.steps)
    kinds = {s.advance.kind for s in lesson.steps if s.advance is not None}
    # every kind of step the lesson promises is clicked by the newcomer
    assert {"place_order", "play_spy", "train_bishop", "upgrade", "pay_coin", "hire",
            "march_target", "march_move", "cancel_half", "play_tactic", "take_card"} <= kinds
    placed = [(s.advance.get("order"), s.advance.get("cell")) for s in lesson.steps
              if s.advance is not None and s.advance.kind == "place_order"]
    assert {o for o, _c in placed} == {"build", "prayer", "muster", "march"}
    assert ("march", "outer") in placed
    end = lesson.game_at(len(lesson.steps) - 1)
    keys = [k for k, _p, _v in end.log]
    for key in ("event_revealed", "raid", "stack_payment", "spy_drawn", "battle_started",
                "tactic_cancelled", "battle_won", "taxes", "influence_gained"):
        assert key in keys, key
    assert end.s["round"] == 3  # two whole rounds, income and the end-of-round check included
    # the same game every time
    assert lesson.game_at(len(lesson.steps) - 1).state_json() == end.state_json()
    # and still the game the seed was chosen for (tools/tutorial_script.py's criteria)
    assert teaches_everything(end, [s.advance for s in lesson.steps if s.advance is not None])


def write(tmp_path, text: str):
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD_HEAD = "seed: 9\nstates: [jerusalem, tripoli]\nhuman: jerusalem\nopponent: novice\n"


@pytest.mark.parametrize("body, line, words", [
    ("steps:\n  - {id: a, text: tutorial.welcome, advance: next}\n  - {id: a, text: "
     "tutorial.event, advance: next}\n", 7, "used twice"),
    ("steps:\n  - {id: a, text: tutorial.welcome, advance: next, colour: red}\n", 6,
     "unknown key 'colour'"),
    ("steps:\n  - {id: a, text: tutorial.welcome, target: city:acre,\n     advance: {kind: "
     "place_order, order: march, cell: outer}}\n  - {id: b, text: tutorial.event, "
     "advance: next}\n", 6, "not one of the action's targets"),
    ("steps:\n  - {id: a, text: tutorial.no_such_hint, advance: next}\n", 6, "missing"),
    ("steps:\n  - {id: a, text: tutorial.welcome, target: prompt,\n     advance: {kind: "
     "hire}}\n  - {id: b, text: tutorial.event, advance: next}\n", 6, "not legal"),
])
def test_a_bad_lesson_is_refused_with_file_and_line(tmp_path, body, line, words):
    with pytest.raises(ContentError) as err:
        load_lesson(write(tmp_path, GOOD_HEAD + body), has_text=translated).check()
    assert f"lesson.yaml:{line}:" in str(err.value) and words in str(err.value), str(err.value)


# --- in the window ------------------------------------------------------------------------------

@pytest.fixture
def tutorial_window(window):
    window.resize(1280, 800)
    window.controller.bot_pause_ms = 0
    return window


def wait_ready(qtbot, window) -> T.Tutorial:
    qtbot.waitUntil(lambda: window.tutorial is not None and window.tutorial.ready(),
                    timeout=30000)
    qtbot.wait(1)  # the hint places itself once the table is laid out
    return window.tutorial


def click_button(button) -> None:
    assert button.isVisible(), button.objectName()
    QTest.mouseClick(button, LEFT, NOMOD, button.rect().center())


def check_hint(tut: T.Tutorial) -> None:
    """The hint is shown, reads the step's text, and its outline is around the place the
    step names (on the table, inside the window)."""
    bubble = tut.bubble
    assert bubble is not None and bubble.isVisible()
    assert bubble.text.text() == i18n._(tut.step.text) != tut.step.text
    # the whole hint is shown, not cut off
    assert bubble.text.height() >= bubble.text.heightForWidth(bubble.text.width()), tut.step.id
    assert QRect(0, 0, tut.table.width(), tut.table.height()).contains(bubble.geometry())
    if tut.step.target is None:
        return
    rect = tut.target_rect()
    assert rect is not None, f"step {tut.step.id}: nothing on the table is {tut.step.target}"
    table = QRect(0, 0, tut.table.width(), tut.table.height())
    assert table.intersects(rect), (tut.step.id, rect)
    assert tut.highlight.isVisible() and tut.highlight.target is not None
    # the bubble does not hide what it points at
    assert not bubble.geometry().intersects(rect.adjusted(4, 4, -4, -4)), tut.step.id
    if tut.step.advance is not None:
        legal = tut.table.legal_actions()
        assert tut.step.advance in legal, (tut.step.id, tut.step.advance)
        if tut.step.target == PROMPT:
            buttons = [b for b in tut.table.prompt_buttons()
                       if b.property("action") == tut.step.advance]
            assert buttons and rect.contains(QRect(buttons[0].mapTo(tut.table,
                                                   buttons[0].rect().topLeft()),
                                             buttons[0].size()))
        else:
            items = [it for it in tut.table.scene().legal_items()
                     if tut.step.target in it.targets]
            assert items, f"step {tut.step.id}: {tut.step.target} is not clickable"


def play_through(qtbot, window, language: str) -> list[str]:
    hand = MouseHand(window.table)
    seen = []
    while True:
        tut = wait_ready(qtbot, window)
        step = tut.step
        seen.append(step.id)
        check_hint(tut)
        if SHOTS:
            from krestonostsy.ui import screenshot  # noqa: F401  (the folder exists)
            os.makedirs(SHOTS, exist_ok=True)
            window.grab().save(os.path.join(SHOTS, f"tutorial-{language}-{tut.index:02d}-"
                                                   f"{step.id}.png"))
        if tut.is_last:
            return seen
        if step.advance is None:
            click_button(tut.bubble.next_button)
        else:
            hand.click(step.advance)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_tutorial_is_played_to_its_end_by_clicks(qtbot, tutorial_window, language):
    window = tutorial_window
    window.settings.language = language
    i18n.set_language(language)
    click_button(window.start_screen.tutorial_button)
    tut = wait_ready(qtbot, window)
    assert tut.index == 0 and window.current_page() == "table"
    seen = play_through(qtbot, window, language)
    lesson = T.lesson()
    assert seen == [s.id for s in lesson.steps]
    # the game is the lesson's, move for move
    assert window.controller.game.state_json() == lesson.game_at(len(seen) - 1).state_json()
    # the end offers a real game: New game, or Play on (also by simply making a move)
    tut = window.tutorial
    assert tut.bubble.play_on_button.isVisible() and not tut.bubble.leave_button.isVisible()
    click_button(tut.bubble.new_game_button)
    assert window.tutorial is None
    assert window.new_dialog.isVisible()
    assert not window.settings.value(T.SETTING)
    assert window.controller.autosave_enabled and window.controller.safe_turns


def test_a_wrong_click_is_refused_with_a_nudge(qtbot, tutorial_window):
    window = tutorial_window
    window.open_tutorial()
    tut = wait_ready(qtbot, window)
    click_button(tut.bubble.next_button)  # welcome → the event
    tut = wait_ready(qtbot, window)
    while tut.step.advance is None:
        click_button(tut.bubble.next_button)
        tut = wait_ready(qtbot, window)
    assert tut.step.id == "place_outer"
    wrong = Action("place_order", order="build", cell="inner")
    assert wrong in window.table.legal_actions()
    MouseHand(window.table).click(wrong)
    assert len(window.controller.game.actions) == 0  # nothing happened in the game
    assert tut.bubble.nudge.isVisible() and tut.bubble.nudge.text()
    MouseHand(window.table).click(tut.step.advance)
    tut = wait_ready(qtbot, window)
    assert tut.step.id == "spy" and not tut.bubble.nudge.isVisible()


def test_left_part_way_it_resumes_at_the_step_reached(qtbot, tutorial_window):
    window = tutorial_window
    window.open_tutorial()
    hand = MouseHand(window.table)
    for _ in range(7):
        tut = wait_ready(qtbot, window)
        if tut.step.advance is None:
            click_button(tut.bubble.next_button)
        else:
            hand.click(tut.step.advance)
    tut = wait_ready(qtbot, window)
    reached, actions = tut.step.id, len(window.controller.game.actions)
    assert actions > 0
    click_button(tut.bubble.leave_button)
    assert window.tutorial is None and window.current_page() == "start"
    assert window.settings.value(T.SETTING) == reached
    window.open_tutorial()  # its question answered at once: resumed there
    tut = wait_ready(qtbot, window)
    assert tut.step.id == reached
    assert len(window.controller.game.actions) == actions


def test_a_lesson_left_leaves_nothing_behind(qtbot, tutorial_window):
    """Begun and left again and again, the lessons do not pile up as children of the
    window (each stayed, still called by the table's scroll bars)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    window = tutorial_window

    def begin_and_leave() -> int:
        window.open_tutorial()
        tut = wait_ready(qtbot, window)
        click_button(tut.bubble.leave_button)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return len(window.findChildren(T.Tutorial)) + len(window.findChildren(QObject))

    first = begin_and_leave()
    assert [begin_and_leave() for _ in range(3)] == [first] * 3
    assert window.findChildren(T.Tutorial) == []


def test_the_start_screen_offers_the_tutorial(qtbot, window):
    assert window.start_screen.tutorial_button.isVisible()
    assert window.start_screen.tutorial_button.text() == "Обучение"


def test_a_move_after_the_last_hint_plays_on(qtbot, tutorial_window):
    window = tutorial_window
    lesson = T.lesson()
    window.settings.set_value(T.SETTING, lesson.steps[-1].id)
    window.open_tutorial()
    tut = wait_ready(qtbot, window)
    assert tut.is_last
    move = window.table.legal_actions()[0]
    MouseHand(window.table).click(move)
    assert window.tutorial is None and not window.settings.value(T.SETTING)
    assert len(window.controller.game.actions) == lesson.at[-1] + 1  # the move was played
    # the opponent is an ordinary bot from now on
    seat = window.controller.seats[lesson.opponent_state]
    assert not isinstance(seat, T.ScriptedSeat) and seat.kind == lesson.opponent


def test_an_undo_takes_the_lesson_back_a_step(qtbot, tutorial_window):
    window = tutorial_window
    window.settings.set_value(T.SETTING, "build")
    window.open_tutorial()  # resumed there (the question answered at once)
    hand = MouseHand(window.table)
    tut = wait_ready(qtbot, window)
    assert tut.step.id == "build"
    hand.click(tut.step.advance)
    tut = wait_ready(qtbot, window)
    assert tut.step.id == "pay"
    window.act_undo.trigger()  # the upgrade is taken back: the hint of the upgrade again
    tut = wait_ready(qtbot, window)
    assert window.last_message is None
    assert window.tutorial is tut and tut.step.id == "build"
    hand.click(tut.step.advance)
    assert wait_ready(qtbot, window).step.id == "pay"
    # the same game rebuilt from its actions (as an undo over the bots' moves does) is
    # still the lesson's
    game = window.controller.game
    window.controller.start(T.lesson().game_at(tut.index), window.controller.seat_kinds())
    tut = wait_ready(qtbot, window)
    assert window.controller.game is not game and tut.step.id == "pay"
    assert isinstance(window.controller.seats["tripoli"], T.ScriptedSeat)


def test_no_hint_is_offered_from_the_lessons_first_step(qtbot, tutorial_window):
    """The lesson says what to click: the toolbar's Hint is off from its first step (the
    window used to enable it while the lesson's game started, before the lesson had
    registered itself, until the next move)."""
    w = tutorial_window
    w.open_tutorial()
    wait_ready(qtbot, w)
    assert w.current_page() == "table"
    assert not w.act_hint.isEnabled()


def test_a_game_loaded_over_the_lesson_ends_it_and_gives_the_hint_back(qtbot, tutorial_window,
                                                                        tmp_path):
    """Another game loaded during the lesson ends it. The lesson hears of the new game
    after the window has refreshed, so it must bring the toolbar up to date itself: the
    monkey found Hint left off for the loaded game."""
    from krestonostsy.engine import Game
    from krestonostsy.ui.saves import write_save

    w = tutorial_window
    g = Game.new(["jerusalem", "tripoli"], seed=4)
    path = write_save(tmp_path / "other.json", g, {"jerusalem": "human", "tripoli": "easy"})
    w.open_tutorial()
    wait_ready(qtbot, w)
    assert not w.act_hint.isEnabled()
    assert w.load_file(path)
    qtbot.waitUntil(lambda: bool(w.controller.legal_for_viewer()), timeout=10000)
    assert w.tutorial is None
    assert w.act_hint.isEnabled() == w.controller.can_hint() is True
