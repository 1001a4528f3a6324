"""Play styles in the window (issue 30 §1): the new-game dialog and the campaign's seats
offer a style beside each bot's level at normal, hard and expert; the seat kind
("hard:merchant") makes the styled bot, is saved and resumed, and an older save's plain
level plays balanced; the style is named on the seat's board, in the log, on the scoring
screen. A whole styled game is played to the scoring screen here at the Normal level; the
Hard games of every style are ``tests/ui/play_styles.py`` (minutes each)."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QTableWidget  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.ai.styles import style, style_ids  # noqa: E402
from krestonostsy.ui import controller  # noqa: E402
from krestonostsy.ui.controller import END_TURN, BotSeat, GameController  # noqa: E402
from krestonostsy.ui.log_panel import render_entry  # noqa: E402
from krestonostsy.ui.new_game_dialog import NewGameDialog  # noqa: E402
from krestonostsy.ui.saves import SaveError, read_save  # noqa: E402
from krestonostsy.ui.seat_kinds import bot_name, seat_label  # noqa: E402
from krestonostsy.ui.table.items import TableItem  # noqa: E402

TWO = ["jerusalem", "tripoli"]


def test_playing_against_the_computer_offers_every_style_at_normal_and_above(qtbot,
                                                                           lang_ru):
    dialog = NewGameDialog(None, {})
    qtbot.addWidget(dialog)
    combo = dialog.solo_style
    assert [combo.itemData(i) for i in range(combo.count())] == list(style_ids())
    assert combo.currentData() == "balanced"  # the default: today's bots
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Уравновешенный", "Благочестивый", "Купец", "Завоеватель"]
    dialog.set_solo(state="edessa", players=2, level="hard", style="merchant")
    assert dialog.seats() == {"antioch": "hard:merchant", "edessa": "human"}
    # the style's line under it, and the combo's tooltip, say what it plays for
    merchant = style("merchant").description("ru")
    assert dialog.solo_style_note.text() == merchant == combo.toolTip()
    # novice and easy have no style: greyed, showing the balanced one, the choice kept
    dialog.set_solo(level="easy")
    assert not combo.isEnabled() and combo.currentData() == "balanced"
    assert "без своего стиля" in dialog.solo_style_note.text()
    assert dialog.seats()["antioch"] == "easy"
    dialog.set_solo(level="expert")
    assert combo.isEnabled() and dialog.seats()["antioch"] == "expert:merchant"
    assert dialog.remembered()["solo"]["style"] == "merchant"


def test_hot_seat_gives_each_bot_a_style_beside_its_level(qtbot, lang_ru):
    dialog = NewGameDialog(None, {"mode": "hotseat", "states": TWO,
                                  "seats": {"tripoli": "hard:conqueror"}})
    qtbot.addWidget(dialog)
    dialog.show()
    styles = dialog.style_combos
    assert dialog.seat_combos["tripoli"].currentData() == "hard"
    assert styles["tripoli"].currentData() == "conqueror" and styles["tripoli"].isEnabled()
    assert styles["tripoli"].toolTip() == style("conqueror").description("ru")
    assert not styles["jerusalem"].isVisible()  # a human has no style
    assert dialog.seats() == {"jerusalem": "human", "tripoli": "hard:conqueror"}
    dialog.seat_combos["jerusalem"].setCurrentIndex(
        dialog.seat_combos["jerusalem"].findData("normal"))
    styles["jerusalem"].set_style("pious")
    assert dialog.seats() == {"jerusalem": "normal:pious", "tripoli": "hard:conqueror"}
    # a state not taking part keeps its seat's choice, greyed
    assert not styles["edessa"].isEnabled()


def test_a_new_campaign_takes_styled_seats(qtbot, tmp_path, lang_ru):
    from krestonostsy.campaign.chronicle import Chronicle
    from krestonostsy.ui.campaign.campaign_screen import NewCampaignDialog
    dialog = NewCampaignDialog(tmp_path)
    qtbot.addWidget(dialog)
    seats = {"jerusalem": "human", "tripoli": "hard:merchant", "edessa": "normal:pious"}
    dialog.set_seats(seats)
    assert dialog.seats() == seats
    assert dialog.style_boxes["tripoli"].toolTip() == style("merchant").description("ru")
    chronicle = dialog.create()
    assert chronicle is not None, dialog.problem.text()
    assert Chronicle.load(chronicle.path).seats == seats


def test_saves_keep_the_style_and_an_older_plain_level_plays_balanced(qtbot, tmp_path,
                                                                      store, lang_ru):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7, seats={"jerusalem": "human", "tripoli": "hard:merchant"})
    c.stop_bot()
    assert c.seats["tripoli"].bot.style == "merchant"
    path = c.save(tmp_path / "styled.json")
    assert read_save(path)[1]["seats"]["tripoli"] == "hard:merchant"
    c.close_game()
    c.load(path)
    assert c.seat_kinds()["tripoli"] == "hard:merchant"
    assert c.seats["tripoli"].bot.style == "merchant"
    c.close_game()
    assert c.wait_for_bots(20_000)

    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["ui"]["seats"]["tripoli"] = "hard"  # a save written before styles
    path.write_text(json.dumps(doc), encoding="utf-8")
    c.load(path)
    seat = c.seats["tripoli"]
    assert isinstance(seat, BotSeat) and seat.kind == "hard" and seat.bot.style == "balanced"
    c.close_game()
    assert c.wait_for_bots(20_000)


@pytest.mark.parametrize("kind, said", [("hard:gambler", "gambler"),
                                        ("easy:merchant", "balanced only"),
                                        ("grandmaster", "unknown bot level")])
def test_a_save_with_a_seat_this_version_does_not_know_is_refused_by_name(tmp_path, store,
                                                                          lang_ru, kind,
                                                                          said):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7)
    path = c.save(tmp_path / "s.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["ui"]["seats"]["tripoli"] = kind
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        c.load(path)
    message = str(refused.value)
    assert "Триполи" in message and f"«{kind}»" in message and said in message
    assert c.seat_kinds() == {"jerusalem": "human", "tripoli": "human"}  # kept as it was


@pytest.mark.parametrize("lang, label, name", [
    ("ru", "Сильный (бот) · Купец", "Сильный · Купец"),
    ("en", "Hard (bot) · Merchant", "Hard · Merchant"),
])
def test_a_styled_seat_is_named_with_its_level_and_style(lang, label, name):
    try:
        i18n.set_language(lang)
        assert seat_label("hard:merchant") == label and bot_name("hard:merchant") == name
        assert seat_label("hard") == ("Сильный (бот)" if lang == "ru" else "Hard (bot)")
        assert bot_name("hard") == name.split(" · ")[0]  # the balanced bot: its level
    finally:
        i18n.set_language("ru")


def _board_texts(w, state: str) -> list[str]:
    return [t for it in w.table.scene().items() if isinstance(it, TableItem)
            and it.key == f"player:{state}" for t in it.texts]


def test_a_styled_game_in_the_window_names_the_style_to_the_scoring_screen(
        qtbot, window, settings, instant_animations, monkeypatch):
    """A human (random legal clicks) against a Normal merchant of a fixed seat seed, to the
    scoring screen."""
    monkeypatch.setattr(controller, "new_seat_seed", lambda: 12)
    settings.animation_speed = "instant"
    w = window
    assert w.start_new_game(TWO, 12, None, {"jerusalem": "human",
                                            "tripoli": "normal:merchant"})
    c = w.controller
    c.bot_pause_ms = 0
    rng = random.Random(12)
    board_seen = False
    for _ in range(5000):
        if c.game.is_over:
            break
        qtbot.waitUntil(lambda: c.game.is_over or c.legal_for_viewer() is not None,
                        timeout=60_000)
        legal = c.legal_for_viewer()
        if not legal:
            continue
        if not board_seen:  # the bot's board says its level and style under its name
            assert "Обычный (бот) · Купец" in _board_texts(w, "tripoli")
            assert not any("бот" in t for t in _board_texts(w, "jerusalem"))
            board_seen = True
        c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    assert c.game.is_over and w.current_page() == "scoring"
    # the bot's reasons in the log name its style ("Tripoli (Normal · Merchant) attacks…"
    # or, in the style's own words, "The Merchant (Tripoli) builds…")
    reasons = [render_entry(key, params)[0] for key, params, _v in c.visible_log()
               if key.startswith("bot_")]
    assert reasons and all("Купец" in line for line in reasons), reasons
    sheet = w.scoring.findChild(QTableWidget)
    cells = [sheet.item(r, col).text() for r in range(sheet.rowCount())
             for col in range(sheet.columnCount()) if sheet.item(r, col)]
    assert any("Триполи\nОбычный (бот) · Купец" == text for text in cells), cells
    assert c.wait_for_bots()
