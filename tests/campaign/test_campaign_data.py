"""``data/campaign/*.yaml`` (docs/campaign.md): the shipped data loads, a broken file gives
``file:line: what is wrong``, ``validate-data`` covers it, and every string of it is
translated in both languages."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from content_copy import copy_data

from krestonostsy.campaign.data import load_campaign, shipped_campaign
from krestonostsy.campaign.qualities import QUALITIES
from krestonostsy.cli import main as cli
from krestonostsy.content import ContentError, load_content
from krestonostsy.resources import translations_dir


@pytest.mark.rule("CAMP-01", "CAMP-04", "CAMP-09", "SYM-90", "SYM-94")
def test_the_shipped_campaign_names_four_scenarios_twenty_nicknames_and_every_bull():
    data = shipped_campaign()
    assert [e.id for e in data.scenarios] == ["chronicle_beginning", "levantine_merchants",
                                             "vassal_of_my_vassal", "rise_of_the_crescent"]
    assert [e.implemented for e in data.scenarios] == [True, True, True, True]
    assert len(data.nicknames) == 20
    assert {(n.scenario, n.quality) for n in data.nicknames} == {
        (e.id, q) for e in data.scenarios for q in QUALITIES}
    assert set(data.bull_symbols) == set(load_content().bulls)
    assert set(data.bull_symbols.values()) == set(QUALITIES)


CASES = [
    # (file, old, new, marker, message)
    ("campaign.yaml", "  - id: levantine_merchants", "  - id: Levantine", None,
     "'Levantine' is not a scenario id"),
    ("campaign.yaml", "    options: {first_game: true}", "    options: {first_gam: true}",
     None, "scenario 'chronicle_beginning': 'options': "),
    ("campaign.yaml", "  places: {2: [5, 2],", "  places: {2: [2, 5],", None,
     "'places' of 2 players must be 2 whole numbers, best first"),
    ("campaign.yaml", "  piety: {name: piety, measures: {sanctity_advanced: 1,",
     "  piety: {name: piety, measures: {prayers: 1,", None, "unknown measure 'prayers'"),
    ("campaign.yaml", "  moderation: {name: moderation, measures: {peaceful_rounds: 2}}\n", "",
     "qualities:", "'qualities' misses 'moderation'"),
    ("campaign.yaml", "    piety: {sanctity: 2}", "    piety: {sanctity: 2, bishops: 1}", None,
     "unknown advantage 'bishops'"),
    ("campaign.yaml", "bull_symbol_bonus: 3", "bull_symbol_bonus: 30", None,
     "'bull_symbol_bonus' is 30, expected 0..20"),
    ("nicknames.yaml", "scenario: chronicle_beginning, name: the Bold}",
     "scenario: chronicle_beginning, name: the Bold, power: 3}", "  - {id: the_bold",
     "nickname 'the_bold': unknown key 'power'"),
    ("nicknames.yaml", "{id: the_bold, quality: belligerence,", "{id: the_bold, quality: piety,",
     None, "a second nickname of 'piety' for 'chronicle_beginning'"),
    ("bull_symbols.yaml", "  truce_of_god: moderation", "  truce_of_god: patience", None,
     "bull 'truce_of_god': unknown quality 'patience'"),
    # the briefing's data (the shared contract: special_rules, highlight, components)
    ("campaign.yaml", "    highlight: [acre, tortosa]", "    highlight: [acre, tyre]", None,
     "scenario 'chronicle_beginning': 'highlight': unknown city 'tyre'"),
    ("campaign.yaml", "    components: [trade_board]", "    components: [trade_bord]", None,
     "scenario 'levantine_merchants': 'components': unknown component 'trade_bord'"),
    ("campaign.yaml", "        rules: [CAMP-S1-02]", "        rules: [S1-02]", None,
     "special rule: 'S1-02' is not a campaign rule ID"),
    ("campaign.yaml", "      - title: Settlers\n", "      - titel: Settlers\n", None,
     "special rule: missing required key 'title'"),
]


@pytest.mark.parametrize("file, old, new, marker, message", CASES,
                         ids=[f"{c[0]}: {c[4][:40]}" for c in CASES])
def test_a_broken_campaign_file_gives_file_and_line(tmp_path, file, old, new, marker, message):
    root = copy_data(tmp_path / "data")
    path = root / "campaign" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {file}"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_campaign(root)
    err = str(info.value)
    assert err.startswith(f"{file}:"), err
    assert message in err, err
    if file != "bull_symbols.yaml" and "misses" not in message:
        line = text[:text.index(marker or new.splitlines()[0])].count("\n") + 1
        assert err.startswith(f"{file}:{line}: "), err
    assert cli(["validate-data", str(root)]) == 1


def test_validate_data_checks_the_campaign(capsys):
    assert cli(["validate-data"]) == 0
    out = capsys.readouterr().out
    assert "campaign (The Chronicle of the Crusader States): 4 scenarios (4 implemented: " \
           "chronicle_beginning, levantine_merchants, vassal_of_my_vassal, " \
           "rise_of_the_crescent), 20 nicknames, 16 bull symbols" in out
    assert "scenario chronicle_beginning (The Beginning of the Chronicle)" in out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_campaign_string_is_translated(lang):
    with (translations_dir() / lang / "LC_MESSAGES" / "content.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain="content")
    data = shipped_campaign()
    strings = [data.name, *data.quality_names.values(), *(n.name for n in data.nicknames)]
    for e in data.scenarios:
        strings += [e.name] + ([e.briefing] if e.briefing else [])
        strings += [s for r in e.special_rules for s in (r.title, r.text)]
    for e in data.scenarios:
        if e.implemented:
            strings.append(load_content(None, e.id).scenario.name)
    missing = [s for s in strings if catalog.get(s) is None or not catalog.get(s).string]
    assert not missing, f"{lang}: no translation for {missing}"


def test_every_implemented_scenario_has_its_briefing_data():
    """The briefing shows the story, the special rules (with their rule IDs), the
    highlighted cities and the new components: scenario 2's trade board is one."""
    data = shipped_campaign()
    for e in data.scenarios:
        if e.implemented:
            assert e.briefing and e.special_rules, e.id
            assert all(r.rules for r in e.special_rules), e.id
    merchants = data.scenario("levantine_merchants")
    assert merchants.components == ("trade_board",)
    assert set(merchants.highlight) == {"tripoli", "antioch", "acre", "tortosa"}
    assert data.scenario("chronicle_beginning").highlight == ("acre", "tortosa")
