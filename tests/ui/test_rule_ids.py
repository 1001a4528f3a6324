"""Issue 28 §9: what only developers need stays out of the players' sight. The rulebook's
IDs (BISHOP-05, CAMP-S1-01) under the rules reference's paragraphs and after the campaign
briefing's special rules show only with the setting "Show rule IDs" (off by default)."""
from __future__ import annotations

import re

RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)*-\d+\b")


def test_show_rule_ids_is_off_by_default_and_set_in_the_settings_dialog(window):
    assert window.settings.show_rule_ids is False
    dialog = window.settings_dialog()
    box = dialog.show_rule_ids
    assert not box.isChecked() and "номера правил" in box.text().lower()
    box.setChecked(True)
    dialog.accept()
    assert window.settings.show_rule_ids is True


def test_the_rules_reference_shows_rule_ids_only_when_asked(window):
    rules = window.show_rules(["BATTLE-10"])
    plain = rules.text.toPlainText()
    assert "обращение в бегство" in plain.lower()
    assert not RULE_ID.findall(plain), RULE_ID.findall(plain)[:5]
    # the glossary's links to rules name their sections instead
    assert "→ " in plain
    window.settings.show_rule_ids = True
    plain = rules.text.toPlainText()
    assert "BATTLE-10" in plain and len(RULE_ID.findall(plain)) > 50


def test_the_campaign_briefing_shows_rule_ids_only_when_asked(window, store):
    from krestonostsy.campaign.chronicle import Chronicle
    chronicle = Chronicle.new({"antioch": "human", "edessa": "novice"}, seed=1,
                              folder=store.directory.parent, campaign_id="mine")
    entry = chronicle.data.scenarios[0]
    assert any(r.rules for r in entry.special_rules)
    briefing = window.campaign.briefing
    briefing.show_briefing(chronicle, entry)
    text = briefing.text()
    assert entry.special_rules[0].rules[0] not in text and not RULE_ID.findall(text)
    window.settings.show_rule_ids = True
    assert entry.special_rules[0].rules[0] in briefing.text()
