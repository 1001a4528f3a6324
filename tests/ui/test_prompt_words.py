"""Issue 28 §7: the prompt says the right thing.

- While a bot thinks, the bar said «Триполи (бот) думает… — Вы взяли шпиона…»: the bot's
  question, which speaks to the one who decides, read as the viewer's. Now another
  player's decision shows who decides (and why now), never their question.
- An event's option was confirmed as «Вариант 1»: the confirmation now names the option
  by what it does, as its button did.
- The Venetian crusade's round rule ended «…скидку в 1»: measured upright but drawn in
  italics, its last line («товар») fell outside its box. It is drawn whole.
"""
from __future__ import annotations

import random

import pytest
from test_legibility import cut_texts

from krestonostsy import i18n
from krestonostsy.engine import Game
from krestonostsy.ui.table import labels as L


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("ru")


def _until(game: Game, rnd: random.Random, done) -> Game:
    for _ in range(3000):
        if done(game):
            return game
        game.apply(rnd.choice(list(game.legal_actions())))
    raise AssertionError("the game never reached the decision wanted")


def _shown(table) -> str:
    from PySide6.QtGui import QTextDocument
    doc = QTextDocument()
    doc.setHtml(table.prompt.label.text())
    return doc.toPlainText()


@pytest.mark.parametrize("language,thinks,you", [
    ("ru", "Триполи (бот) думает", ("Вы ", "вы ", "Ваш", "ваш")),
    ("en", "Tripoli (bot) is thinking", ("You", "you", "Your", "your"))])
def test_a_thinking_bot_is_named_and_its_question_is_not_put_to_the_player(
        table, lang, language, thinks, you):
    lang(language)
    game = _until(Game.new(["jerusalem", "tripoli"], seed=2), random.Random(2),
                  lambda g: g.decision.player == "tripoli" and g.s.get("round", 0) >= 1)
    view = game.view("jerusalem")
    question = L.prompt_text(view["decision"])
    assert question  # «Выложите жетон…»: said to the one who decides
    table.show_view(view, [], "jerusalem")
    table.set_thinking("tripoli")
    shown = _shown(table)
    assert shown.startswith(thinks), shown
    assert question not in shown and not any(w in shown for w in you), shown


@pytest.mark.parametrize("language,option", [("ru", "Вариант"), ("en", "Option")])
def test_an_events_option_is_confirmed_by_what_it_does(table, store, lang, language, option):
    from krestonostsy.content.text import effect_text
    from krestonostsy.ui.controller import GameController
    lang(language)
    game = _until(Game.new(["jerusalem", "tripoli"], seed=1), random.Random(1),
                  lambda g: g.decision.prompt == "choose_effect")
    player = game.decision.player
    effects = game.view(player)["decision"]["params"]["effects"]
    c = GameController(store, autosave=False)
    c.start(game, {"jerusalem": "human", "tripoli": "human"})
    c.pending_handoff, c.viewer = None, player
    chosen = next(a for a in c.legal_for_viewer() if a.kind == "choose")
    assert c.choose(chosen) and c.pending_end is not None, "choosing ends the turn: confirm"
    view = c.current_view()
    table.show_view(view, c.legal_for_viewer(), player)
    shown = _shown(table)
    what = effect_text(effects[chosen.get("option")], language)
    assert what in shown, shown
    assert option not in shown, shown


@pytest.mark.parametrize("language,whole", [
    ("ru", "Каждый приказ строительства получает дополнительную скидку в 1 товар"),
    ("en", "Every build order gets a discount of 1 more good")])
def test_a_round_rule_is_drawn_whole_beside_the_raid_table(table, lang, language, whole):
    lang(language)
    view = Game.new(["jerusalem", "tripoli"], seed=1).view("jerusalem")
    view["event"], view["modifiers"] = "venetian_crusade", {"build_discount": 1}
    table.show_view(view, [], "jerusalem")
    (raids,) = [it for it in table.scene().items()
                if (getattr(it, "key", "") or "").startswith("raid_table")]
    assert whole in raids.texts and raids.key == "raid_table", "shown, not left to the tooltip"
    assert not cut_texts(table, ("raid_table",))
