"""Play styles (issue 30): data validated like all content, seat kinds, the balanced style
is today's bot, and a style's bot says its signature decisions in its words."""
from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from krestonostsy.ai import (
    BALANCED,
    STYLES,
    decide_explained,
    make_bot,
    parse_seat_kind,
    seat_kind,
    style,
    style_ids,
)
from krestonostsy.ai.evaluation import FEATURES, HAND_WEIGHTS
from krestonostsy.ai.styles import STYLES_FILE, load_styles
from krestonostsy.content.errors import ContentError
from krestonostsy.engine import Game
from krestonostsy.i18n import LANGUAGES
from krestonostsy.resources import data_dir


def test_the_shipped_styles_balanced_first_each_named_in_every_language():
    assert style_ids()[0] == BALANCED
    assert set(style_ids()) >= {"pious", "merchant", "conqueror"}
    for sid in style_ids():
        s = STYLES[sid]
        for lang in LANGUAGES:
            assert s.name(lang) and s.description(lang)
        assert s.name("ru") != s.name("en")
    assert style("merchant").name("ru") == "Купец"
    assert STYLES[BALANCED].balanced and STYLES[BALANCED].tilt is None
    assert all(not STYLES[s].balanced for s in style_ids()[1:])


def test_a_style_multiplies_the_levels_weights():
    merchant = style("merchant")
    leaned = merchant.weigh(HAND_WEIGHTS)
    for f, w, x in zip(FEATURES, HAND_WEIGHTS.values, leaned.values, strict=True):
        assert x == pytest.approx(w * merchant.weights.get(f, 1.0))
    assert leaned.scale == HAND_WEIGHTS.scale
    assert style(BALANCED).weigh(HAND_WEIGHTS) is HAND_WEIGHTS


@pytest.mark.parametrize(("kind", "parsed"), [
    ("hard", ("hard", BALANCED)), ("hard:merchant", ("hard", "merchant")),
    ("normal:pious", ("normal", "pious")), ("expert:conqueror", ("expert", "conqueror")),
    ("novice", ("novice", BALANCED)), ("easy:balanced", ("easy", BALANCED)),
])
def test_seat_kinds(kind, parsed):
    assert parse_seat_kind(kind) == parsed
    assert parse_seat_kind(seat_kind(*parsed)) == parsed


@pytest.mark.parametrize(("kind", "message"), [
    ("godlike", "unknown bot level 'godlike'"),
    ("hard:greedy", "unknown play style 'greedy': choose one of balanced, pious"),
    ("easy:pious", "the easy level plays balanced only"),
    ("random:conqueror", "the random level plays balanced only"),
])
def test_bad_seat_kinds_say_what_is_wrong(kind, message):
    with pytest.raises(ValueError, match=message):
        parse_seat_kind(kind)
    with pytest.raises(ValueError, match=message):
        make_bot(kind)


def test_make_bot_takes_the_style_in_the_kind_or_as_an_argument():
    a = make_bot("hard:merchant", iterations=3)
    b = make_bot("hard", style="merchant", iterations=3)
    assert a.kind == b.kind == "hard:merchant" and a.style == "merchant"
    assert a.weights == b.weights == style("merchant").weigh(HAND_WEIGHTS)
    assert a.judge.weights == a.weights and a.tilt == a.judge.tilt == style("merchant").tilt
    assert make_bot("hard:balanced", iterations=3).kind == "hard"
    assert make_bot("normal", style=BALANCED).weights is HAND_WEIGHTS
    with pytest.raises(ValueError, match="the style is given twice"):
        make_bot("hard:pious", style="merchant")
    with pytest.raises(ValueError, match="plays balanced only"):
        make_bot("novice", style="pious")


def test_the_expert_leans_its_fitted_search_weights_and_its_hand_judgement():
    """Both keep the expert's ``hidden_gains`` and ``open_governors`` when leaned."""
    from krestonostsy.ai.evaluation import expert_weights
    bot = make_bot("expert:pious", iterations=3, processes=1)
    flags = {"hidden_gains": True, "open_governors": True}
    assert bot.weights == style("pious").weigh(replace(expert_weights(), **flags))
    assert bot.judge.weights == style("pious").weigh(replace(HAND_WEIGHTS, **flags))


# --- styles.yaml is content: a broken file says file:line --------------------------------

@pytest.fixture
def styles_file(tmp_path):
    copy = tmp_path / "styles.yaml"
    shutil.copy(data_dir() / STYLES_FILE, copy)
    return copy


def _broken(path, old: str, new: str) -> tuple[ContentError, int]:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in styles.yaml"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    line = text[:text.index(new.strip().splitlines()[0])].count("\n") + 1
    with pytest.raises(ContentError) as err:
        load_styles(path)
    return err.value, line


def test_the_shipped_file_loads(styles_file):
    assert list(load_styles(styles_file)) == list(style_ids())


@pytest.mark.parametrize(("old", "new", "message"), [
    ("      righteousness: 1.8", "      bravery: 1.8", "unknown evaluation term 'bravery'"),
    ("      goods: 1.2", "      goods: lots", "'goods' must be a number (a multiplier), got str"),
    ("      sanctity: 2.0", "      sanctity: -1", "'sanctity' is -1, expected a multiplier"),
    ("      orders: {prayer: 1.35, march: 0.85}",
     "      orders: {prayer: 1.35, trade: 2}", "unknown order 'trade'"),
    ("      actions: {train_bishop: 1.25, move_bishop: 1.25}",
     "      actions: {train_bishop: 1.25, pray_harder: 2}", "unknown action kind 'pray_harder'"),
    ("    name: {ru: Купец, en: Merchant}", "    name: {ru: Купец}", "missing required key 'en'"),
    ("    name: {ru: Купец, en: Merchant}", "    name: {ru: Купец, en: Merchant, de: Händler}",
     "unknown key 'de'"),
    ("    name: {ru: Завоеватель, en: Conqueror}", "    name: Conqueror",
     "'name' must be a mapping, got str"),
    ("    weights:\n      cities:", "    weight:\n      cities:", "unknown key 'weight'"),
])
def test_a_broken_style_is_refused_at_its_line(styles_file, old, new, message):
    err, line = _broken(styles_file, old, new)
    assert err.file == "styles.yaml" and message in err.message
    assert err.line == line, str(err)


def test_the_balanced_style_must_exist_and_change_nothing(styles_file):
    err, _line = _broken(styles_file, "  balanced:", "  evenhanded:")
    assert "the default style 'balanced' is missing" in err.message
    shutil.copy(data_dir() / STYLES_FILE, styles_file)
    err, line = _broken(styles_file, "      en: Weighs everything evenly — influence, cities, "
                        "sanctity and gold.", "      en: Weighs everything evenly.\n"
                        "    weights: {coins: 2}")
    assert "names no weights and no priors" in err.message


# --- reasons in style ---------------------------------------------------------------------

def _reasons_of(kind: str, seed: int, limit: int = 4000) -> dict:
    """Every reason a bot of seat ``kind`` gives in a game against the balanced normal bot."""
    game = Game.new(["jerusalem", "tripoli"], seed=seed)
    bots = {"jerusalem": make_bot(kind), "tripoli": make_bot("normal")}
    found: dict = {}
    for k in range(limit):
        if game.is_over:
            break
        d = game.decision
        action, reason = decide_explained(bots[d.player], game, k)
        if reason is not None and d.player == "jerusalem":
            found.setdefault(reason.key, (action, reason))
        game.apply(action)
    return found


@pytest.mark.parametrize(("kind", "keys"), [
    ("normal:pious", {"bot_pious_prays", "bot_pious_bishop"}),
    ("normal:merchant", {"bot_merchant_order", "bot_merchant_builds"}),
    ("normal:conqueror", {"bot_conqueror_order", "bot_conqueror_attacks"}),
])
def test_a_style_says_its_signature_decisions_in_its_words(kind, keys):
    found = _reasons_of(kind, seed=3)
    assert keys <= set(found), f"{kind} said {sorted(found)}"
    for key, (action, reason) in found.items():
        assert reason.params["player"] == "jerusalem"
        if key == "bot_merchant_builds":
            assert action.kind == "take_card" and reason.params["card"] == action.card
            assert reason.params["gives"] == action.card  # the log shows what the card gives
        if key == "bot_pious_bishop":
            assert action.kind == "train_bishop" and reason.params["city"] == action.city
        if key.endswith("_order") or key == "bot_pious_prays":
            assert action.kind == "place_order"


def test_the_balanced_bot_keeps_its_reasons():
    assert not any(k.startswith(("bot_pious", "bot_merchant", "bot_conqueror"))
                   for k in _reasons_of("normal", seed=3))
