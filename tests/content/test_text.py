"""Card text is generated from the effect data, in English and Russian, with nothing left
untranslated; the content catalogs and the YAML extractor are complete."""
from __future__ import annotations

import io
import re

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from krestonostsy.content import text
from krestonostsy.content.extract import extract_yaml
from krestonostsy.content.loader import load_content
from krestonostsy.content.vocabulary import OPS, ROUND_MODIFIERS
from krestonostsy.resources import data_dir, translations_dir

DECKS = ("events", "buildings", "tactics", "saracens", "governors", "bulls", "spies", "rescripts")
RU_PLURALS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
              "(n%100<10 || n%100>=20) ? 1 : 2);")


@pytest.fixture(scope="module")
def content():
    return load_content()


def all_cards(content):
    for deck in DECKS:
        yield from getattr(content, deck).values()
    yield content.homs


def catalog(lang):
    path = translations_dir() / lang / "LC_MESSAGES" / "content.po"
    with path.open("rb") as fp:
        return read_po(fp, locale=lang, domain="content")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_has_text_with_no_missing_translation(content, lang):
    tr = text.translator(lang)
    for card in all_cards(content):
        body = text.card_text(card, tr)
        assert body.strip(), card.id
        assert "%(" not in body and ")s" not in body, (card.id, body)
        assert text.card_name(card, tr) and text.card_flavour(card, tr)
    assert tr.missing == set(), f"untranslated in {lang}: {sorted(tr.missing)[:5]}"


def test_russian_text_is_russian(content):
    tr = text.translator("ru")
    for card in all_cards(content):
        body = text.card_text(card, tr)
        assert re.search("[а-яё]", body, re.I), (card.id, body)
        assert re.search("[а-яё]", text.card_name(card, tr) + text.card_flavour(card, tr), re.I) \
            or card.id in ("pie_postulatio_voluntatis", "omne_datum_optimum")


def test_russian_plural_forms():
    tr = text.translator("ru")
    coins = [text.op_text({"op": "gain_coins", "amount": n}, tr) for n in (1, 2, 5, 11, 21, 22)]
    assert coins == ["Получите 1 монету", "Получите 2 монеты", "Получите 5 монет",
                     "Получите 11 монет", "Получите 21 монету", "Получите 22 монеты"]
    en = text.translator("en")
    assert text.op_text({"op": "gain_coins", "amount": 1}, en) == "Gain 1 coin"
    assert text.op_text({"op": "gain_coins", "amount": 3}, en) == "Gain 3 coins"


@pytest.mark.rule("EX-TACTIC-1")
def test_text_follows_the_data(content):
    en = text.translator("en")
    card = content.tactics["baldwins_defence"]
    assert text.card_text(card, en).splitlines() == [
        "Cost: candles + candles + steel + steel",
        "Top: +3 strength (+2 × white tactics played in this battle)",
        "Bottom: Smash 1 (+2 × blue tactics played in this battle)",
    ]
    ru = text.card_text(content.buildings["training_ground"], "ru")
    assert "«Сбор войск» (нанято отрядов ≥ 4)" in ru and "«Поход»" in ru


def test_every_op_and_modifier_has_a_template():
    ops = set(OPS) - {"upgrade_city"} | {"upgrade_city", "upgrade_capital"}
    assert ops <= set(text.OP_TEMPLATES)
    assert set(ROUND_MODIFIERS) == set(text.ROUND_MODIFIER_TEMPLATES)
    ru = text.translator("ru")
    for name, spec in OPS.items():
        op = {"op": name}
        for param, kind in spec.params.items():
            if kind.endswith("?"):
                continue
            op[param] = {"amount": 2, "int": 1, "colours": ["any"], "order": "march",
                         "metric": "coins", "ops": [{"op": "draw_spy"}], "level": 1,
                         "str": "edessa",
                         "opslist": [[{"op": "draw_spy"}], [{"op": "holy_land_check"}]]}[kind]
        assert text.op_text(op, ru)
    assert ru.missing == set()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_catalog_holds_every_name_and_flavour(content, lang):
    cat = catalog(lang)
    for card in all_cards(content):
        for msgid in (card.name, card.flavour):
            message = cat.get(msgid)
            assert message is not None and message.string, (lang, msgid)


def test_russian_catalog_header_and_rulebook_names(content):
    cat = catalog("ru")
    assert cat.plural_forms == RU_PLURALS
    po = (translations_dir() / "ru" / "LC_MESSAGES" / "content.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 :" in po
    expected = {
        "Castle chapels": "Замковые капеллы", "Tiltyards": "Ристалища", "Warehouses": "Склады",
        "Training ground": "Тренировочный плац", "Bazaar": "Базар",
        "Baldwin's defence": "Оборона Балдуина", "Fiery volley": "Огненный залп",
        "Apamean archers": "Апамейские стрелки", "Baldwin of Jerusalem": "Балдуин Иерусалимский",
        "Flame of faith": "Пламя веры", "Flower of chivalry": "Цвет рыцарства",
        "Treacherous bribe": "Коварный подкуп", "Scorched earth": "Выжженная земля",
        "Battle baptism": "Боевое крещение", "Reinforcement": "Подкрепление",
        "Galeran": "Галеран", "Fulk of Anjou": "Фульк Анжуйский",
        "Arnulf de Rohes": "Арнульф де Роол", "Melisende of Jerusalem": "Мелисенда Иерусалимская",
        "Pons de Saint-Gilles": "Понс де Сен-Жиль", "Romain de Puy": "Ромен де Пюи",
        "Joscelin de Courtenay": "Жослен де Куртене", "Roger de Principato": "Рожер де Принчипато",
        "Baudouin de Bourcq": "Бодуэн де Бур", "Bertrand of Toulouse": "Бертран Тулузский",
        "Bohemond of Taranto": "Боэмунд Тарентский", "Raynald": "Райнальд",
        "Richard of Salerno": "Ричард Салернский",
    }
    for en, ru in expected.items():
        assert cat[en].string == ru


def test_catalogs_have_the_same_msgids_and_no_empty_russian():
    ru, en = catalog("ru"), catalog("en")
    ids_ru = {m.id if isinstance(m.id, str) else m.id[0] for m in ru if m.id}
    ids_en = {m.id if isinstance(m.id, str) else m.id[0] for m in en if m.id}
    assert ids_ru == ids_en
    for m in ru:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strings), m.id
        if isinstance(m.id, tuple):
            assert len(strings) == 3, m.id


def test_extractor_finds_names_and_flavours_with_lines():
    source = io.BytesIO(
        b"tactics:\n"
        b"  - id: sample\n"
        b"    name: Sample card\n"
        b"    flavour: Sample flavour.\n"
        b"    top: []\n"
    )
    found = list(extract_yaml(source, [], [], {}))
    assert found == [(3, None, "Sample card", ["tactics sample name"]),
                     (4, None, "Sample flavour.", ["tactics sample flavour"])]


def test_extractor_covers_every_card_and_the_catalog_is_current(content):
    cat = catalog("ru")
    extracted = set()
    for name in {spec.file for spec in content.scenario.decks.values()}:
        for _lineno, message, _comments, _ctx in extract_from_file(
                "krestonostsy.content.extract:extract_yaml", data_dir() / "cards" / name):
            extracted.add(message)
    names = {c.name for c in all_cards(content)} | {c.flavour for c in all_cards(content)}
    assert extracted == names
    py = extract_from_file("python", text.__file__, keywords={"N_": None, "NP_": (1, 2)})
    for _lineno, message, _comments, _ctx in py:
        msgid = message if isinstance(message, str) else message[0]
        assert cat.get(msgid) is not None, f"template not in the catalog: {msgid!r}"
    for msgid in extracted:
        assert cat.get(msgid) is not None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_card_text_by_language_code_uses_the_project_translator(content, lang):
    for card in all_cards(content):
        body = text.card_text(card, lang)
        assert body.strip() and "%(" not in body, card.id
    sample = text.card_text(content.tactics["baldwins_defence"], lang)
    assert ("Оборона" in text.card_name(content.tactics["baldwins_defence"], lang)) == (lang == "ru")
    assert ("к силе" in sample) == (lang == "ru")
