"""The bots' reasons in the log panel: translated, placed before the entries of the action
they explain, and gone once an undo takes that action back."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from krestonostsy import i18n  # noqa: E402
from krestonostsy.ai import Reason  # noqa: E402
from krestonostsy.ui.controller import BotReason, GameController  # noqa: E402
from krestonostsy.ui.log_panel import render_entry  # noqa: E402


@pytest.mark.parametrize(("lang", "attack", "order"), [
    ("ru", "Эдесса (Сильный · Купец) атакует город Дамаск: сила 6 против 3",
     "Эдесса (Сильный) выбирает приказ «Поход»: лучший в 61 из 102 разыгранных раундов"),
    ("en", "Edessa (Hard · Merchant) attacks Damascus: strength 6 against 3",
     "Edessa (Hard) chooses the order “March”: best in 61 of 102 simulated rounds"),
])
def test_reasons_read_in_both_languages_with_the_bots_level_and_style(lang, attack, order):
    try:
        i18n.set_language(lang)
        assert render_entry("bot_attacks", {"player": "edessa", "city": "damascus",
                                            "strength": 6, "defence": 3,
                                            "bot": "hard:merchant"})[0] == attack
        assert render_entry("bot_order_searched", {"player": "edessa", "order": "march",
                                                   "n": 61, "total": 102,
                                                   "bot": "hard"})[0] == order
    finally:
        i18n.set_language("ru")


def test_a_reason_stands_before_its_actions_entries_until_undone(qtbot, store):
    c = GameController(store, autosave=False)
    c.new_game(["jerusalem", "tripoli"], 3)
    game = c.game
    while game.decision.prompt != "place_order":
        game.apply(game.legal_actions()[0])
    action = game.legal_actions()[0]
    entry = Reason("bot_order_searched", {"player": game.decision.player,
                                          "order": action.order, "n": 5, "total": 9}).entry()
    at = len(game.log)
    c.bot_reasons.append(BotReason(len(game.actions), action, at, entry))
    before = game.clone()
    game.apply(action)
    shown = c.visible_log()
    i = shown.index(entry)
    assert shown[i + 1] is game.log[at], "just before the entries its action wrote"
    c.game = before  # what an undo of the action leaves
    assert entry not in c.visible_log(), "an undone action's reason is gone"
    before.apply(before.legal_actions()[-1])  # another action in its place
    assert entry not in c.visible_log()


STYLE_REASONS = [  # (key, params, ru, en)
    ("bot_pious_prays", {"player": "edessa", "n": 3},
     "Благочестивый (Эдесса) выбирает приказ «Молитва»: святых земель у него: 3",
     "The Pious (Edessa) chooses the order “Prayer”: holy lands held: 3"),
    ("bot_pious_bishop", {"player": "edessa", "city": "damascus"},
     "Благочестивый (Эдесса) ставит епископа в город Дамаск",
     "The Pious (Edessa) places a bishop in the city Damascus"),
    ("bot_merchant_order", {"player": "edessa", "n": 7},
     "Купец (Эдесса) выбирает приказ «Строительство»: монет в казне: 7",
     "The Merchant (Edessa) chooses the order “Build”: coins in the treasury: 7"),
    ("bot_merchant_builds", {"player": "edessa", "card": "cistern", "n": 2, "gives": "cistern"},
     "Купец (Эдесса) строит «Цистерна» — своё здание № 2 (на карте: после вашего приказа "
     "«Строительство» → получите 1 монету)",
     "The Merchant (Edessa) builds “Cistern”, its building no. 2 (the card: after your «Build» "
     "order → gain 1 coin)"),
    ("bot_merchant_governor", {"player": "edessa", "card": "hugues_de_payens"},
     "Купец (Эдесса) берёт наместника «Гуго де Пейн» для своих городов",
     "The Merchant (Edessa) takes the governor “Hugues de Payens” for its cities"),
    ("bot_conqueror_order", {"player": "edessa", "order": "march", "n": 2, "goal": 4},
     "Завоеватель (Эдесса) выбирает приказ «Поход»: городов у него 2 из 4 для гегемонии",
     "The Conqueror (Edessa) chooses the order “March”: cities held: 2 of 4 for hegemony"),
    ("bot_conqueror_attacks", {"player": "edessa", "city": "damascus", "strength": 6,
                               "defence": 3},
     "Завоеватель (Эдесса) атакует город Дамаск: сила 6 против 3",
     "The Conqueror (Edessa) attacks Damascus: strength 6 against 3"),
]


@pytest.mark.parametrize(("key", "params", "ru", "en"), STYLE_REASONS)
def test_a_styles_reasons_read_in_both_languages_with_its_name(key, params, ru, en):
    from krestonostsy.ai import style
    from krestonostsy.ai.reasons import STYLE_REASONS as MADE
    sid = key.split("_")[1]
    assert sid in MADE, "a reason of a style that makes it"
    try:
        for lang, text in (("ru", ru), ("en", en)):
            i18n.set_language(lang)
            shown = render_entry(key, params)[0]
            assert shown == text
            assert style(sid).name(lang) in shown, "the style's own name, as styles.yaml says"
    finally:
        i18n.set_language("ru")
