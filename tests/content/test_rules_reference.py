"""The rules reference and the glossary (data/rules/): complete, in both languages, checked
at load with ``file:line`` errors; every card keyword has its glossary entry (issue 10 §2)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from krestonostsy.cli import main as cli
from krestonostsy.content.errors import ContentError
from krestonostsy.content.loader import shipped_content
from krestonostsy.content.rules import (
    LANGUAGES,
    all_card_keys,
    card_keys,
    load_rules,
    shipped_rules,
)
from krestonostsy.resources import data_dir

TESTS = Path(__file__).resolve().parents[1]


SCENARIOS = ("base", "chronicle_beginning", "levantine_merchants", "vassal_of_my_vassal",
             "rise_of_the_crescent")


def _all_cards():
    """Every card of every scenario's content: the campaign's oaths and warlord cards too
    (an oath card once made the card preview raise: card_keys did not know it)."""
    from krestonostsy.engine import load_ruleset
    seen = set()
    for scenario in SCENARIOS:
        c = load_ruleset(scenario).content if scenario != "base" else shipped_content()
        for table in (c.tactics, c.buildings, c.governors, c.rescripts, c.spies, c.saracens,
                      c.bulls, c.events, c.oaths, c.warlord):
            for card in table.values():
                if card.id not in seen:
                    seen.add(card.id)
                    yield card
        if c.homs is not None and c.homs.id not in seen:
            seen.add(c.homs.id)
            yield c.homs


def test_every_paragraph_title_and_entry_is_written_in_both_languages():
    book = shipped_rules()
    texts = [s.title for s in book.sections]
    texts += [p.text for _s, p in book.paragraphs()]
    texts += [e.term for e in book.glossary] + [e.text for e in book.glossary]
    for text in texts:
        for lang in LANGUAGES:
            assert text.get(lang).strip(), text
        assert text.ru != text.en
        assert re.search("[а-яё]", text.ru.lower()), text.ru  # the Russian is Russian
    assert len(book.sections) >= 20 and sum(1 for _ in book.paragraphs()) >= 100


def test_the_sections_follow_the_rulebook():
    ids = [s.id for s in shipped_rules().sections]
    wanted = ["components", "setup", "events", "raids", "planning", "automa", "activation",
              "build", "prayer", "muster", "march", "battle", "income", "end", "bulls",
              "rescripts", "spies"]
    assert [i for i in ids if i in wanted] == wanted


def test_every_rule_a_test_proves_is_explained_in_the_reference_or_glossary():
    named = set()
    for path in TESTS.rglob("test_*.py"):
        for args in re.findall(r"mark\.rule\(([^)]*)\)", path.read_text(encoding="utf-8")):
            named |= set(re.findall(r"\"([A-Z]+-[0-9]+)\"", args))
    book = shipped_rules()
    explained = book.rule_ids() | {r for e in book.glossary for r in e.rules}  # SYM-*: glossary
    missing = sorted(named - explained)
    assert len(named) > 150 and not missing, missing


def test_every_keyword_the_card_texts_can_produce_has_an_entry_in_both_languages():
    book = shipped_rules()
    for key in sorted(all_card_keys()):
        entry = book.entry_for_key(key)
        assert entry is not None, f"no glossary entry for {key}"
        assert entry.term.ru and entry.term.en and entry.text.ru and entry.text.en
    for card in _all_cards():
        keys = card_keys(card)
        assert keys and set(keys) <= all_card_keys(), (card.id, keys)
        assert book.keywords(card), card.id


def test_the_glossary_has_the_words_a_newcomer_asks_about():
    book = shipped_rules()
    for eid in ("smash", "rout", "reinforcement", "casualties", "protection", "holy_land",
                "hegemony", "righteousness", "own_turn", "blind_draw", "ban_token", "cover",
                "non_last", "leader", "bombard"):
        assert book.entry(eid) is not None, eid


def test_a_card_with_rout_lists_the_rout_entry():
    book = shipped_rules()
    routing = [c for c in _all_cards() if "op:rout" in card_keys(c)]
    assert routing
    for card in routing:
        assert book.entry("rout") in book.keywords(card)
    assert book.entry("rout").term.get("ru") == "Обращение в бегство"


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    return copy


def _edit(data: Path, file: str, old: str, new: str) -> int:
    path = data / "rules" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    pos = text.index(old)
    path.write_text(text[:pos] + new + text[pos + len(old):], encoding="utf-8")
    return text.count("\n", 0, pos) + 1


@pytest.mark.parametrize("file, old, new, fragment", [
    ("reference.yaml", "  - rules: [BATTLE-14]\n", "  - rules: []\n", "at least one rule"),
    ("reference.yaml", "  - rules: [BATTLE-14]\n", "  - rules: [battle]\n", "not a rule ID"),
    ("reference.yaml", "    pictures: [order_march]\n", "    pictures: [dragon]\n",
     "unknown picture 'dragon'"),
    ("reference.yaml", "    pictures: [cross]\n", "    pictures: [cross]\n    colour: red\n",
     "unknown key 'colour'"),
    ("glossary.yaml", "  keys: [op:rout]\n", "  keys: [op:flee]\n", "'flee' is not a known op"),
    ("glossary.yaml", "  keys: [op:rout]\n", "  keys: [op:smash]\n", "already belongs"),
])
def test_a_broken_rules_file_points_at_the_line(data, file, old, new, fragment):
    line = _edit(data, file, old, new)
    with pytest.raises(ContentError) as err:
        load_rules(data)
    assert fragment in str(err.value)
    assert f"{file}:" in str(err.value)
    assert abs((err.value.line or 0) - line) <= 1, (err.value.line, line)


def test_a_missing_language_and_a_broken_link_are_refused(data):
    _edit(data, "glossary.yaml", "  en: A city held by Saracen units.\n", "")
    with pytest.raises(ContentError, match="missing required key 'en'"):
        load_rules(data)
    shutil.copy(data_dir() / "rules" / "glossary.yaml", data / "rules" / "glossary.yaml")
    _edit(data, "reference.yaml", "([[CAPITAL-04]]); if it", "([[CAPITAL-99]]); if it")
    with pytest.raises(ContentError, match="link to rule CAPITAL-99"):
        load_rules(data)


def test_validate_data_checks_the_rules_files(data, capsys):
    assert cli(["validate-data", str(data)]) == 0
    assert "rules OK" in capsys.readouterr().out
    _edit(data, "glossary.yaml", "  keys: [op:rout]\n", "  keys: [op:flee]\n")
    assert cli(["validate-data", str(data)]) == 1
    assert "glossary.yaml" in capsys.readouterr().err
