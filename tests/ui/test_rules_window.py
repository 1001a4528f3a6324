"""The rules reference window, the glossary, keywords from the card previews and the "?" of
the prompt bar (issue 10 §2)."""
from __future__ import annotations

import random
import sys

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QContextMenuEvent, QKeySequence

from krestonostsy import i18n
from krestonostsy.content.loader import shipped_content
from krestonostsy.content.rules import PICTURES, card_keys, shipped_rules
from krestonostsy.engine import Game
from krestonostsy.engine.decisions import rules_of
from krestonostsy.ui.rules_window import RulesWindow, picture, picture_names
from krestonostsy.ui.table.items import TableItem


@pytest.fixture
def rules(qtbot, lang_ru):
    w = RulesWindow()
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def test_every_picture_of_the_data_is_drawn_with_the_table_art(qapp):
    assert set(picture_names()) == set(PICTURES)
    for name in PICTURES:
        img = picture(name, 30)
        assert not img.isNull()
        inked = sum(1 for x in range(0, img.width(), 3) for y in range(0, img.height(), 3)
                    if img.pixelColor(x, y).alpha() > 0)
        assert inked > 10, name


def test_the_window_shows_every_section_and_the_glossary_with_pictures(rules):
    book = shipped_rules()
    toc = [rules.toc.topLevelItem(i).text(0) for i in range(rules.toc.topLevelItemCount())]
    assert toc == [s.title.ru for s in book.sections] + ["Глоссарий"]
    html = rules.text.toHtml()
    assert html.count("pic:") >= 40  # the pieces beside the paragraphs
    plain = rules.text.toPlainText()
    for _s, p in book.paragraphs():
        assert p.text.ru.split("[[")[0][:40] in plain


def test_the_search_keeps_matches_in_either_language_and_marks_them(rules):
    rules.search.setText("rout")  # English, while the window speaks Russian
    plain = rules.text.toPlainText()
    assert "обращение в бегство x отправляет" in plain  # BATTLE-10, shown in Russian
    assert "rout x sends" in plain  # with the English text that matched
    assert "Строительство" not in [rules.toc.topLevelItem(i).text(0)
                                    for i in range(rules.toc.topLevelItemCount())]
    assert "background:#ffd75e" in rules.text.toHtml().replace(" ", "").lower() or \
        "#ffd75e" in rules.text.toHtml().lower()
    assert rules.found.text()
    rules.search.setText("Обращение")
    assert "Обращение в бегство" in rules.text.toPlainText()
    rules.search.setText("нет такого слова")
    assert "Ничего не найдено" in rules.text.toPlainText()
    rules.search.clear()
    assert rules.toc.topLevelItemCount() == len(shipped_rules().sections) + 1


def test_links_lead_to_paragraphs_and_glossary_entries(rules, qtbot):
    rules.text.anchorClicked.emit(QUrl("rule:CAPITAL-04"))
    assert rules.focused == "CAPITAL-04" and rules.anchor_visible("CAPITAL-04")
    rules.text.anchorClicked.emit(QUrl("g:non_last"))
    assert rules.focused == "g:non_last" and rules.anchor_visible("g:non_last")
    assert "непоследние" in rules.focused_text()


def test_the_language_switch_rewrites_the_window(rules):
    i18n.set_language("en")
    try:
        assert rules.toc.topLevelItem(0).text(0) == shipped_rules().sections[0].title.en
        assert "Glossary" in rules.text.toPlainText()
    finally:
        i18n.set_language("ru")
    assert rules.toc.topLevelItem(0).text(0) == shipped_rules().sections[0].title.ru


@pytest.mark.rule("SETUP-41")
def test_the_start_screen_opens_the_rules_window(window, qtbot):
    """The player aid (памятка игрока, SETUP-41) of the app: «Памятка по правилам» on the
    start screen (and F1 and the prompt's "?" at the table, tested below) open the rules
    reference, which walks the round phase by phase as the printed aid does."""
    assert window.start_screen.rules_button.text() == "Памятка по правилам"
    qtbot.mouseClick(window.start_screen.rules_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.rules_dlg, RulesWindow) and window.rules_dlg.isVisible()
    assert window.rules_dlg.focused is None
    toc = [window.rules_dlg.toc.topLevelItem(i).text(0)
           for i in range(window.rules_dlg.toc.topLevelItemCount())]
    phases = ["Фаза событий", "Фаза планирования", "Фаза активации", "Фаза дохода",
              "Конец игры и подсчёт"]
    assert [t for t in toc if t in phases] == phases


# --- the "?" of the prompt bar ---------------------------------------------------------------

def _at_prompt(prompts: set[str], seed: int) -> Game:
    """A 3-player game played at random until its decision is one of ``prompts``."""
    rnd = random.Random(seed)
    for attempt in range(30):
        game = Game.new(["jerusalem", "tripoli", "antioch"], seed=seed + attempt)
        while not game.is_over:
            if game.decision.prompt in prompts:
                return game
            acts = game.legal_actions()
            game.apply(acts[rnd.randrange(len(acts))])
    raise AssertionError(f"no game reached {prompts}")


def _show(window, game: Game):
    window.ensure_table()
    window.controller.start(game)
    window.controller.pending_handoff = None
    window.controller.viewer = game.decision.player
    window.refresh()
    return window.table


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("prompts", [{"place_order"}, {"build", "muster", "march_target"},
                                     {"battle_play", "battle_cancel"}])
def test_the_question_mark_opens_the_rule_of_the_decision(window, qtbot, lang, prompts):
    i18n.set_language(lang)
    game = _at_prompt(prompts, seed=11)
    table = _show(window, game)
    prompt = game.decision.prompt
    assert table.decision_rules() == list(rules_of(prompt))
    qtbot.mouseClick(table.prompt.help_button, Qt.MouseButton.LeftButton)
    rules = window.rules_dlg
    assert rules is not None and rules.isVisible()
    home = shipped_rules().paragraph_for(rules_of(prompt)[0])
    assert rules.focused == home.anchor
    qtbot.waitUntil(lambda: rules.anchor_visible(home.anchor), timeout=2000)
    assert rules.focused_text() == home.text.get(lang)
    assert home.text.get(lang)[:30] in rules.text.toPlainText()


def test_f1_opens_the_rule_of_the_decision_at_the_table_and_the_contents_elsewhere(
        window, qtbot):
    assert window.act_rules.shortcut().matches(QKeySequence("F1")) \
        == QKeySequence.SequenceMatch.ExactMatch or sys.platform == "darwin"
    assert window.act_rules in window.toolbar.actions() and window.act_rules.text() == "Правила"
    window.act_rules.trigger()  # the start screen: the contents
    assert window.rules_dlg.isVisible() and window.rules_dlg.focused is None
    game = _at_prompt({"build", "muster", "march_target"}, seed=11)
    _show(window, game)
    window.act_rules.trigger()
    home = shipped_rules().paragraph_for(rules_of(game.decision.prompt)[0])
    assert window.rules_dlg.focused == home.anchor


# --- keywords from the card previews ---------------------------------------------------------

def _routing_card() -> str:
    c = shipped_content()
    return next(t.id for t in c.tactics.values() if "op:rout" in card_keys(t))


def test_a_card_preview_lists_its_keywords(table):
    card = _routing_card()
    assert table.preview.set_card(card)
    table.preview.show()
    text = table.preview.text()
    assert "Ключевые слова" in text and "Обращение в бегство" in text


def test_an_oath_card_previews_with_its_keywords(table):
    """An oath card of «Вассал моего вассала» previews like any card (hovering it, or a
    hint or Tab pointing at it, once raised: the keywords did not know oath cards)."""
    from krestonostsy.engine import load_ruleset
    from krestonostsy.ui import names
    content = load_ruleset("vassal_of_my_vassal").content
    names.show_content(content)
    try:
        oath = sorted(content.oaths)[0]
        assert table.preview.set_card(oath)
        table.preview.show()
        text = table.preview.text()
        assert "Ключевые слова" in text and "Присяга" in text
    finally:
        names.show_content(None)


def test_rout_from_a_card_opens_its_glossary_entry(window, qtbot):
    game = _at_prompt({"place_order"}, seed=3)
    table = _show(window, game)
    viewer = game.decision.player
    item = next(it for it in table.scene().items()
                if isinstance(it, TableItem) and it.card_id and it.key
                and it.key.startswith(f"hand:{viewer}:"))
    # the right-click menu of a card lists its keywords
    table.ensureVisible(item)
    pos = table.mapFromScene(item.mapToScene(item.shape().boundingRect().center()))
    table.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos,
                                             table.viewport().mapToGlobal(pos)))
    menu = table._menu
    assert menu is not None and menu.objectName() == "keywordMenu"
    entries = [a.data() for a in menu.actions() if a.data()]
    assert entries == [e.id for e in table.card_keywords(item.card_id)]
    # a card with rout: its "rout" entry opens the glossary there
    menu = table.keyword_menu(_routing_card())
    act = next(a for a in menu.actions() if a.data() == "rout")
    assert act.text() == "Обращение в бегство"
    act.trigger()
    rules = window.rules_dlg
    assert rules.isVisible() and rules.focused == "g:rout"
    qtbot.waitUntil(lambda: rules.anchor_visible("g:rout"), timeout=2000)
    assert "Обращение в бегство x" in rules.focused_text()


def test_the_context_menu_off_a_card_is_the_default(table):
    table.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(2, 2),
                                             QPoint(2, 2)))
    assert table._menu is None or table._menu.objectName() != "keywordMenu"


def test_every_word_of_the_window_grows_with_it_and_once(window, qtbot):
    """The window opens as large as the interface's words (on a 4K screen they are 2.4
    times larger; it opened 1000×720 whatever the scale), and every word in it — the
    contents, the search, the text — follows one scale, its height's: the interface scale
    does not grow the contents a second time (at 4K they were 2.4 times the text's size)."""
    window.rules_dialog()
    small = window.rules_dlg.wanted_size()
    window.rules_dlg.close()
    window.rules_dlg = None
    window.set_ui_scale(2.0)
    try:
        r = window.rules_dialog()
        large = r.wanted_size()
        assert large.width() >= 1.8 * small.width() and large.height() >= 1.8 * small.height()
        r.resize(2000, 1800)  # a 4K screen's size (this test screen is smaller)
        qtbot.wait(10)
        assert abs(r._k - 2.0) < 0.01
        assert r.toc.styleSheet() == "font-size: 30px;"
        assert "font-size:34px" in r.text.toHtml()  # the text: 17 px × 2
        window.set_ui_scale(2.4)  # the window keeps its own scale
        assert r.toc.styleSheet() == "font-size: 30px;"
    finally:
        window.set_ui_scale(1.0)
