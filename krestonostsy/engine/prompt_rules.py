"""The rules behind every decision: prompt kind → the rule IDs (docs/rules.md) it applies.

A decision's prompt names what is asked (``place_order``, ``battle_cancel``…); this table
names, once per prompt kind, the rules that make it so, first the paragraph a player should
read ("why can't I…?"). :func:`~krestonostsy.engine.view.decision_view` puts them into the
view as ``decision["rules"]``: public, like the prompt itself, so everyone's view carries
them. The UI's "?" on the prompt bar opens the rules reference (``data/rules/``) there.

A test proves that every prompt the engine can produce is named here and that every rule
ID named is explained in the reference in both languages.
"""
from __future__ import annotations

PROMPT_RULES: dict[str, tuple[str, ...]] = {
    # setup and planning
    "keep_bull": ("SETUP-38", "BULL-02", "BULL-04"),
    "choose_start_governor": ("SETUP-40", "GOV-02"),
    "place_order": ("PLAN-01", "PLAN-04", "PLAN-06", "PLAN-08", "PLAN-09", "HOMS-01"),
    # event phase
    "raid_order": ("RAID-07", "RAID-06"),
    "raid_rescripts": ("RESCRIPT-01", "RAID-08"),
    # activation: own turn, buildings, spies, rescripts
    # «Levantine Merchants» (docs/campaign.md §7)
    "trade_goods": ("CAMP-S2-01", "CAMP-S2-03"),
    "choose_trade_track": ("CAMP-S2-02",),
    # «The Vassal of My Vassal» (docs/campaign.md §8)
    "offer_oath": ("CAMP-S3-02",),
    "answer_oath": ("CAMP-S3-02", "CAMP-S3-03"),
    "choose_oath_to_break": ("CAMP-S3-04",),
    "choose_regent": ("CAMP-S3-05", "CAMP-S3-03"),
    "own_turn": ("TURN-10", "ACT-04", "BLDG-04", "SPY-02"),
    "after_order_buildings": ("BLDG-02", "BLDG-03", "BLDG-05", "BLDG-06"),
    "after_battle_buildings": ("BLDG-02", "BLDG-03"),
    "after_order_spies": ("SPY-06", "SPY-07"),
    "after_battle_spies": ("SPY-06", "SPY-07"),
    "play_drawn_spy": ("SPY-02", "SPY-04", "SPY-05"),
    "rescript_limit": ("PRAY-10",),
    "income_rescript": ("RESCRIPT-01", "INCOME-03"),
    # paying and taking cards
    "pay": ("BUILD-05", "BUILD-06", "BUILD-12", "RESCRIPT-01"),
    "take_card": ("MARKET-01", "MARKET-02", "BUILD-10", "MUSTER-04"),
    "blind_draw_unaffordable": ("MARKET-02",),
    # build
    "build": ("BUILD-03", "BUILD-12"),
    "upgrade_city": ("BUILD-04", "SYM-12"),
    "replace_building": ("BUILD-11", "BLDG-01"),
    # prayer and bishops
    "prayer_goods": ("PRAY-02", "PRAY-03"),
    "bishop_action": ("BISHOP-05", "BISHOP-06"),
    # muster
    "muster": ("MUSTER-02", "MUSTER-07"),
    "hire_goods": ("MUSTER-03",),
    "place_unit": ("MUSTER-03",),
    "discard_tactic": ("MUSTER-05", "MUSTER-06"),
    # march
    "march_target": ("MARCH-01", "MARCH-07", "MARCH-06"),
    "march_buy_moves": ("MARCH-01", "MARCH-04"),
    "march_move": ("MARCH-01", "MARCH-03"),
    "march_governor": ("MARCH-05",),
    "replace_governor": ("MARCH-05", "SYM-66"),
    # battle
    "saracen_player": ("BATTLE-02",),
    "battle_play": ("BATTLE-06", "BATTLE-05", "BATTLE-10"),
    "battle_cancel": ("BATTLE-07", "BATTLE-08"),
    "battle_reinforce": ("BATTLE-10",),
    "battle_rescripts": ("BATTLE-12", "RESCRIPT-05"),
    "battle_end_effect": ("BATTLE-15",),
    "recover_starting": ("BATTLE-16", "MUSTER-06"),
    "retreat_to": ("BATTLE-22", "GLOSS-10", "RAID-11"),
    "keep_governor": ("BATTLE-24", "GOV-03"),
    "take_governor": ("BATTLE-24", "GOV-03"),
    "choose_capital": ("CAPITAL-04",),
    # card effects
    "choose_effect": ("SYM-85",),
    "may": ("SYM-80",),
    "bombard": ("GLOSS-09",),
    "move_units": ("SYM-50", "GLOSS-08"),
    "discard_units": ("GLOSS-08", "RAID-09"),
    "destroy_city": ("SYM-13", "GLOSS-08"),
    "choose_spend_good": ("GLOSS-05",),
    "choose_restore_good": ("GLOSS-03",),
    "choose_block_good": ("GLOSS-04",),
    "discard_building": ("DISCARD-01", "BATTLE-15"),
    "discard_rescript": ("DISCARD-01", "BATTLE-15"),
    "discard_take_back": ("BATTLE-20", "MUSTER-06"),
    # the end
    "halt": ("END-01",),
}


def rules_of(prompt: str) -> tuple[str, ...]:
    """The rule IDs behind ``prompt`` (empty for a prompt this table does not know)."""
    return PROMPT_RULES.get(prompt, ())
