"""Words right in both languages (issue 9 §4, issue 7 §7).

* every kind of decision and every answer the engine declares (engine/decisions.py) has
  its words in Russian and English;
* every log key, prompt and table tooltip, rendered in Russian with sample parameters,
  has no untranslated English word and the right plural form after each number, and a
  plural subject (the Saracens) takes a plural verb in both languages.
"""
from __future__ import annotations

import ast
import pathlib
import random
import re
import string

import pytest

from krestonostsy import i18n

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "krestonostsy" / "engine"


# --- the prompts and answers the engine declares ------------------------------------------

def test_every_decision_kind_and_answer_has_its_words_in_russian_and_english():
    """The words of every kind of decision and every answer label (engine/decisions.py,
    where tests/engine/test_decisions.py holds every prompt the engine makes declared) are
    the prompt bar's and the menus' words; English is the msgid itself, Russian must be in
    the catalog."""
    from krestonostsy.engine.decisions import ANSWERS, DECISIONS
    i18n.reload_catalogs()
    tr = i18n.translator("ru")
    untranslated = sorted(p for p, kind in DECISIONS.items() if not tr.has(kind.text))
    assert not untranslated, f"ru: prompt words not in the catalog: {untranslated}"
    untranslated = sorted(k for k, label in ANSWERS.items() if not tr.has(label))
    assert not untranslated, f"ru: answer labels not in the catalog: {untranslated}"


# --- checking a rendered text ----------------------------------------------------------------

ROMAN = re.compile(r"^[IVX]+$")
# Russian nouns counted in the game's texts: (1, 2–4, 5+) forms
RU_NOUNS = [("монета", "монеты", "монет"), ("монету", "монеты", "монет"),
            ("отряд", "отряда", "отрядов"), ("ход", "хода", "ходов"),
            ("товар", "товара", "товаров"), ("карта", "карты", "карт"),
            ("карту", "карты", "карт"), ("сарацин", "сарацина", "сарацин"),
            ("очко", "очка", "очков"), ("влияние", "влияния", "влияния"),
            ("единица", "единицы", "единиц"), ("единицу", "единицы", "единиц"),
            ("город", "города", "городов"), ("тактика", "тактики", "тактик"),
            ("тактику", "тактики", "тактик")]
GOVERNING = {"до", "из", "от", "с", "со", "без", "для", "около", "более", "менее", "больше",
             "меньше", "свыше", "по"}
EN_COUNTED = ("unit", "coin", "move", "good", "card", "point", "city", "tactic",
              "rescript", "spy", "bishop", "cell", "order", "influence")


def _ru_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ")


def _latin_names() -> set[str]:
    """Words of card names kept in Latin on purpose (the papal bulls' incipits)."""
    from krestonostsy.content.loader import shipped_content
    return {w for b in shipped_content().bulls.values() for w in b.name.split()}


def russian_problems(text: str) -> list[str]:
    """English words left in a Russian text, and a wrong form of a noun after a number."""
    plain = _plain(text)
    out = [f"English word {w!r}" for w in re.findall(r"[A-Za-z]{2,}", plain)
           if not ROMAN.match(w) and w not in _latin_names()]
    for before, number, word in re.findall(r"(\w*)\s*(?<![\d.,])(\d+)\s+([а-яё]+)",
                                           plain, re.I):
        if before.lower() in GOVERNING:
            continue  # «до 2 отрядов», «с 5 отрядами»: the preposition sets the case
        n, low = int(number), word.lower()
        for forms in RU_NOUNS:
            if low in forms and low != forms[_ru_form(n)] and forms.count(low) == 1:
                out.append(f"{number} {word} (should be {number} {forms[_ru_form(n)]})")
    if re.search(r"Сарацины\s+[а-яё]+(ет|ит|ёт)\b", plain):
        out.append("the Saracens with a singular verb")
    return out


def english_problems(text: str) -> list[str]:
    plain = _plain(text)
    out = []
    for before, number, word in re.findall(r"(\w*)\s*(?<![\d.,])(\d+)\s+([A-Za-z]+)",
                                           plain):
        n = int(number)
        if before == "level":
            continue  # "a level 2 rescript"
        stem = word[:-1] if word.endswith("s") else word
        if word.endswith("ies"):
            stem = word[:-3] + "y"
        if stem in EN_COUNTED and word != stem and n == 1:
            out.append(f"1 {word}")
        if word in EN_COUNTED and n != 1 and word not in ("influence",):
            out.append(f"{number} {word}")
    m = re.search(r"\bSaracens\s+([a-z]+)\b", plain)
    if m and m.group(1).endswith("s") and not m.group(1).endswith("ss") \
            and m.group(1) not in ("is",):
        out.append(f"Saracens {m.group(1)}")
    return out


def test_the_checkers_catch_what_the_issue_reported():
    assert russian_problems("Иерусалим: 4 units")
    assert russian_problems("Сарацины разыгрывает тактику")
    assert russian_problems("5 монеты")
    assert not russian_problems("Здания III–IV: 2 монеты, 5 отрядов, 21 ход")
    assert english_problems("1 units per city") and english_problems("Saracens wins")
    assert english_problems("2 coin") and not english_problems("1 unit, 2 units; Saracens win")


# --- sample parameters ------------------------------------------------------------------------

def _sample_card() -> str:
    from krestonostsy.content.loader import shipped_content
    return next(iter(shipped_content().buildings))


SAMPLES = {"player": "edessa", "city": "aleppo", "frm": "homs", "to": "damascus",
           "source": "homs", "target": "tripoli", "winner": "antioch", "defender": "jerusalem",
           "holder": "tripoli", "victim": "antioch", "payer": "edessa", "owner": "tripoli",
           "order": "march", "colour": "yellow", "cell": "outer", "deck": "tactics_12",
           "market": "buildings_12", "side": "attacker", "half": "top", "level": 2,
           "old": 1, "round": 3, "marker": 2, "difference": 1, "raid": 4, "defence": 3,
           "strength": 2, "units": 1, "cities": ["aleppo", "homs"], "spent": ["yellow", "red"],
           "cards": [], "enhanced": True, "option": 0, "max": 4, "left": 2, "moves": 3,
           "limit": 3, "placement": 1, "hand": 5, "discount": 1, "need": "white",
           "reason": "build", "markets": ["buildings_12"], "won": True, "phase": "train",
           "effect": [{"op": "gain_coins", "amount": 2}], "homs": False, "republic": "venice",
           "terrain": "rivers", "bot": "hard:merchant", "goal": 4}
COUNTS = ("n", "coins", "amount", "total", "governors", "holy_lands")


def samples(fields, subject: str = "edessa"):
    """Parameter sets for a template's fields: each count as 1, 2, 5 and 21."""
    card = _sample_card()
    for n in (1, 2, 5, 21):
        p = {}
        for f in fields:
            if f in COUNTS:
                p[f] = n
            elif f in ("card", "other", "event"):
                p[f] = card
            else:
                p[f] = SAMPLES.get(f, "edessa")
        if "player" in p:
            p["player"] = subject
        yield p


def _fields(template: str) -> list[str]:
    return [f for _t, f, _s, _c in string.Formatter().parse(template) if f]


def _english_fields(key: str, template_of) -> list[str]:
    fields: list[str] = []
    for probe in ({}, {"n": 2}, {"cell": "outer"}, {"enhanced": True}, {"total": 2},
                  {"holder": "x"}, {"spent": ["yellow"]}, {"cards": ["x"]},
                  {"effect": [{"op": "gain_coins", "amount": 1}]}):
        fields += [f for f in _fields(template_of(probe)) if f not in fields]
    return fields


def test_the_saracens_have_their_own_sentences_wherever_they_act():
    """Every log key that names the Saracens as its subject (or defender) in real games
    has a sentence written for a plural subject."""
    from krestonostsy.engine import Game
    from krestonostsy.ui.log_panel import SARACEN_TEMPLATES
    seen = set()
    for seed in range(9):
        states = [["jerusalem", "tripoli"], ["edessa", "antioch", "tripoli"],
                  ["edessa", "antioch", "tripoli", "jerusalem"]][seed % 3]
        game, rng = Game.new(states, seed=seed), random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        seen |= {k for k, p, _v in game.log if "saracen" in (p.get("player"),
                                                              p.get("defender"))}
    assert seen and not seen - set(SARACEN_TEMPLATES), sorted(seen - set(SARACEN_TEMPLATES))


def test_every_log_entry_reads_right_in_russian_and_english():
    from krestonostsy.ui.log_panel import SARACEN_TEMPLATES, TEMPLATES, render_entry
    problems = []
    cases = []
    for key, template_of in TEMPLATES.items():
        fields = _english_fields(key, template_of) or ["player"]
        for subject in ("edessa", "saracen") if key in SARACEN_TEMPLATES else ("edessa",):
            for params in samples(fields, subject):
                if key == "battle_started" and subject == "saracen":
                    params.update(player="edessa", defender="saracen")
                cases.append((key, params))
    try:
        for lang, check in (("ru", russian_problems), ("en", english_problems)):
            i18n.set_language(lang)  # once per language: listeners re-render windows
            for key, params in cases:
                text = render_entry(key, params)[0]
                problems += [f"{key} [{lang}] {text!r}: {p}" for p in check(text)]
    finally:
        i18n.set_language("ru")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_every_prompt_and_action_reads_right_in_russian():
    from krestonostsy.engine import Action
    from krestonostsy.ui.table import labels as L
    problems = []
    cases = []
    for key, template in L.PROMPTS.items():
        fields = _fields(template)
        if key.startswith("confirm_end_turn"):
            fields = [f for f in fields if f != "action"]
        for params in samples(fields):
            if key.startswith("confirm_end_turn"):
                params["action"] = {"kind": "place_order", "order": "build", "cell": "inner"}
            cases.append((key, params))
    try:
        for lang, check in (("en", english_problems), ("ru", russian_problems)):
            i18n.set_language(lang)  # once per language: listeners re-render windows
            for key, params in cases:
                text = L.prompt_text({"prompt": key, "params": params})
                problems += [f"prompt {key} [{lang}] {text!r}: {p}" for p in check(text)]
        for kind, template in L.ACTIONS.items():  # Russian, set last above
            for params in samples(_fields(template)):
                text = L.action_label(Action(kind, **params))
                problems += [f"action {kind} {text!r}: {p}" for p in russian_problems(text)]
    finally:
        i18n.set_language("ru")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_a_lead_is_said_once_before_a_prompt_that_does_not_already_say_it():
    """The prompt bar leads with what began since the player's last decision; a battle's
    prompt already names the battle, so the lead is not said twice ("Battle for Acre.
    Battle for Acre: play a tactic…" was shown)."""
    from krestonostsy.ui.table import labels as L
    battle = {"key": "battle_started", "params": {"city": "acre"}}
    order = {"key": "order_started", "params": {"order": "build"}}
    try:
        for lang in ("ru", "en"):
            i18n.set_language(lang)
            title = L.lead_text(battle)
            play = L.prompt_text({"prompt": "battle_play", "params": {"city": "acre"},
                                  "lead": battle})
            assert play.count(title) == 1 and play.startswith(title + ":"), (lang, play)
            alone = L.prompt_text({"prompt": "battle_play", "params": {"city": "acre"}})
            assert play == alone
            led = L.prompt_text({"prompt": "battle_play", "params": {"city": "acre"},
                                 "lead": order})
            assert led == f"{L.lead_text(order)}. {alone}", (lang, led)
    finally:
        i18n.set_language("ru")


@pytest.mark.rule("BATTLE-02")
def test_the_player_asked_for_the_saracens_is_told_whose_cards_they_play():
    """When the closest opponent plays the Saracen side, "play a tactic from your hand"
    would point at their own hand: the prompt says they play the Saracens' cards."""
    import random as _random

    from krestonostsy.engine import Game
    from krestonostsy.ui.table import labels as L
    found: dict = {}
    for seed in range(40):
        g = Game.new(["jerusalem", "tripoli", "edessa"], seed=seed)
        rng = _random.Random(seed)
        while not g.is_over and len(found) < 2:
            d = g.decision
            if d.prompt == "battle_play":
                b = g.s["battle"]
                found.setdefault(b[b["active"]] == "saracen", g.view(d.player))
            g.apply(rng.choice(d.actions))
        if len(found) == 2:
            break
    assert set(found) == {True, False}
    try:
        for lang in ("ru", "en"):
            i18n.set_language(lang)
            texts = {}
            for saracen, view in found.items():
                L.set_view(view)
                texts[saracen] = L.prompt_text(view["decision"])
            assert texts[False] == L._("Battle for {city}: play a tactic from your hand") \
                .format(city=L.city_name(found[False]["decision"]["params"]["city"]))
            assert texts[True] == L._("Battle for {city}: as the Saracens, play one of "
                                      "their cards").format(
                city=L.city_name(found[True]["decision"]["params"]["city"]))
    finally:
        L.set_view(None)
        i18n.set_language("ru")


def _tooltips(table) -> list[str]:
    return [it.toolTip() for it in table.scene().items() if it.toolTip()]


@pytest.mark.parametrize("states", [["jerusalem", "tripoli"], ["edessa", "antioch",
                                                                "tripoli", "jerusalem"]])
def test_table_tooltips_read_right_in_russian(table, lang_ru, states):
    """Tooltips of the table at several moments of a game, Russian: no English left, the
    right plural forms."""
    from krestonostsy.engine import Game
    game = Game.new(states, seed=11)
    rng = random.Random(4)
    problems = set()
    for step in range(400):
        if game.is_over:
            break
        if step % 50 == 0:
            p = game.decision.player
            table.show_view(game.view(p), list(game.legal_actions()), p)
            for tip in _tooltips(table):
                problems |= {f"{_plain(tip)[:80]!r}: {x}" for x in russian_problems(tip)}
        game.apply(rng.choice(game.legal_actions()))
    assert not problems, "\n".join(sorted(problems)[:40])


# --- nothing clipped at 1280×800 ----------------------------------------------------------------

def _clipped_labels(root) -> list[str]:
    """Visible labels whose text does not fit their box (one line: its width; wrapped: the
    height its width needs)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextDocument
    from PySide6.QtWidgets import QLabel
    out = []
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text() or label.pixmap() is not None \
                and not label.pixmap().isNull():
            continue
        box = label.contentsRect()
        if label.textFormat() == Qt.TextFormat.RichText or "<" in label.text():
            doc = QTextDocument()
            doc.setDefaultFont(label.font())
            doc.setHtml(label.text())
            doc.setDocumentMargin(0)
            if label.wordWrap():
                doc.setTextWidth(box.width())
            need_w, need_h = doc.idealWidth(), doc.size().height()
        else:
            fm = label.fontMetrics()
            if label.wordWrap():
                need_w, need_h = 0, label.heightForWidth(label.width())
            else:
                need_w, need_h = fm.horizontalAdvance(label.text()), fm.height()
        if need_w > box.width() + 1 or need_h > box.height() + 1:
            out.append(f"{label.objectName() or type(label.parent()).__name__}: "
                       f"{_plain(label.text())[:60]!r} needs {need_w:.0f}×{need_h:.0f}, "
                       f"has {box.width()}×{box.height()}")
    return out


def test_no_window_label_is_clipped_at_1280x800(window, qtbot, lang_ru):
    """The start screen with an interrupted game, the table's prompt bar and the status bar
    in a 1280×800 window, Russian: every label's text fits its box."""
    w = window
    w.resize(1280, 800)
    assert w.start_new_game(["jerusalem", "tripoli", "edessa", "antioch"], seed=5)
    w.go_to_menu()
    qtbot.wait(20)
    assert w.start_screen.resume_label.isVisible()
    problems = _clipped_labels(w)
    c = w.controller
    rng = random.Random(1)
    w.continue_game()
    for step in range(120):
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if step % 15 == 0:
            qtbot.wait(5)
            problems += _clipped_labels(w)
        c.choose(rng.choice(c.legal_for_viewer()))
    assert not problems, "\n".join(sorted(set(problems)))


def test_no_table_text_is_cut_at_1280x800(table, lang_ru, monkeypatch):
    """Every one-line text the table draws fits the box it is drawn in (wrapped blocks are
    shrunk to fit by ``art.block``), at several moments of a 4-player game in Russian."""
    from PySide6.QtGui import QFontMetricsF

    from krestonostsy.engine import Game
    from krestonostsy.ui.table import art
    drawn = []
    original = art.text

    def record(p, rect, s, size, colour=art.INK, align=None, bold=False, italic=False,
               wrap=False, caps=False, halo=None, decorative=False):
        if not wrap and s:  # drawn no smaller than art.MIN_TEXT unless decorative
            shown = size if decorative else max(size, art.MIN_TEXT)
            drawn.append((rect.width(), s, art.font(shown, bold, italic, caps)))
        kwargs = {} if align is None else {"align": align}
        return original(p, rect, s, size, colour, bold=bold, italic=italic, wrap=wrap,
                        caps=caps, halo=halo, decorative=decorative, **kwargs)
    original_block = art.block

    def record_block(p, rect, s, size, colour=art.INK, bold=False, italic=False, lo=7,
                     align=None):
        from PySide6.QtCore import QRectF, Qt
        if s:
            fs = art._block_size(s, round(rect.width(), 1), round(rect.height(), 1), size,
                                 bold, lo, italic)
            flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
            fm = QFontMetricsF(art.font(fs, bold, italic))
            br = fm.boundingRect(QRectF(0, 0, rect.width(), 10000), flags, s)
            if br.height() > rect.height() + 1 or br.width() > rect.width() + 1:
                blocks.append(f"{s[:50]!r} at {fs}px needs {br.width():.0f}×{br.height():.0f}, "
                              f"box {rect.width():.0f}×{rect.height():.0f}")
        kwargs = {} if align is None else {"align": align}
        return original_block(p, rect, s, size, colour, bold=bold, italic=italic, lo=lo,
                              **kwargs)
    blocks: list[str] = []
    monkeypatch.setattr(art, "text", record)
    monkeypatch.setattr(art, "block", record_block)
    game = Game.new(["edessa", "antioch", "tripoli", "jerusalem"], seed=3)
    rng = random.Random(3)
    problems = set()
    for step in range(600):
        if game.is_over:
            break
        if step % 100 == 0:
            p = game.decision.player
            drawn.clear()
            table.show_view(game.view(p), list(game.legal_actions()), p)
            table.render_to_image((1280, 800))
            for width, s, font in drawn:
                need = QFontMetricsF(font).horizontalAdvance(s)
                if need > width + 1:
                    problems.add(f"{s!r}: needs {need:.0f}, box {width:.0f}")
            problems |= set(blocks)
            blocks.clear()
        game.apply(rng.choice(game.legal_actions()))
    assert not problems, "\n".join(sorted(problems)[:40])


# --- the reasons a save is refused ---------------------------------------------------------

SAVE_ERROR_SOURCES = [ENGINE / "saves.py", ENGINE.parent / "ui" / "saves.py"]


def _raised_save_error_keys() -> set[str]:
    """The keys the sources raise: the first argument of every ``_fail(...)`` and
    ``SaveError(...)`` call, and the keys a ``setup`` field check returns (read from the
    code; a key built any other way fails here with its line)."""
    keys, unknown = set(), []
    for path in SAVE_ERROR_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "_fail", "SaveError") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.BoolOp):  # check(None) or "setup_missing"
                    arg = arg.values[-1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    keys.add(arg.value)
                elif not isinstance(arg, ast.Name):  # a name: a check's result, below
                    unknown.append(f"{path.name}:{node.lineno}")
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("_check_") \
                    and path.name == "saves.py" and path.parent == ENGINE:
                keys |= {r.value.value for r in ast.walk(node) if isinstance(r, ast.Return)
                         and isinstance(r.value, ast.Constant) and r.value.value}
    assert not unknown, f"save error keys not read from the code at {unknown}"
    return keys


def test_every_save_error_key_raised_is_in_the_table_and_every_entry_is_raised():
    from krestonostsy.engine.errors import SAVE_ERRORS
    raised = _raised_save_error_keys()
    assert {"bad_json", "illegal_action", "digest_mismatch", "unknown_scenario",
            "setup_options", "summary_round"} <= raised  # the reader sees every kind
    assert raised == set(SAVE_ERRORS)


def test_every_save_error_reads_right_in_russian_and_english():
    """Each reason has both translations; the Russian one is a Russian sentence (it may
    leave out a parameter, e.g. the JSON parser's English detail, never add one)."""
    from krestonostsy.engine.errors import SAVE_ERRORS, SaveError
    from krestonostsy.ui.saves import save_error_text
    i18n.reload_catalogs()
    problems = []
    for lang in ("ru", "en"):
        tr = i18n.translator(lang)
        i18n.set_language(lang)
        try:
            for key, template in SAVE_ERRORS.items():
                fields = set(_fields(template))
                found = tr.messages.get((None, template))
                if not isinstance(found, str) or (lang == "ru" and found == template):
                    problems.append(f"{lang}: no translation of {key!r}")
                    continue
                if not set(_fields(found)) <= fields or lang == "en" and \
                        set(_fields(found)) != fields:
                    problems.append(f"{lang}: {key!r} has fields {_fields(found)}")
                    continue
                text = save_error_text(SaveError(key, **{f: 7 for f in fields}))
                check = russian_problems if lang == "ru" else english_problems
                problems += [f"{lang} {key}: {p} in {text!r}" for p in check(text)]
                if not text[0].isupper() or not text.endswith((".", "»")):
                    problems.append(f"{lang} {key}: not a sentence: {text!r}")
        finally:
            i18n.set_language("ru")
    assert not problems, "\n".join(problems)
