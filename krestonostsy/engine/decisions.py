"""The kinds of decision, each declared once: what a step may ask a player.

A step asks with a :class:`~krestonostsy.engine.flow.Decision` whose ``prompt`` names the
kind of question (``place_order``, ``battle_play``…). Everything the game knows about a
kind lives in its one :class:`DecisionKind` entry of :data:`DECISIONS`:

* ``text`` — the prompt bar's English words, the gettext msgid (``{name}`` fields are the
  decision's params); the UI translates and fills it (``ui/table/labels.py``);
* ``rules`` — the rule IDs behind the question, the paragraph a player should read first
  ("why can't I…?"); :func:`~krestonostsy.engine.view.decision_view` puts them into every
  view as ``decision["rules"]`` and the prompt bar's "?" opens them (``data/rules/``);
* ``public`` — the decision params everyone may read (a whitelist: any other param is shown
  to the deciding player only, TURN-09);
* ``answers`` and ``params`` — the action kinds its legal actions may have and the action
  parameters they carry (each declared in :data:`~krestonostsy.engine.actions.PARAMS`);
  :data:`ANSWERS` gives each action kind's English label;
* ``searched_by`` — the bot levels that search this decision instead of judging it one
  step ahead (``ai/levels.py`` reads :func:`searched_by`).

Tests hold the registry complete: games of every scenario played by seeded random actions
offer only kinds declared here, with the answers, params and public params declared; every
entry is met in those games or named with the reason it is not.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_


@dataclass(frozen=True)
class DecisionKind:
    """One kind of decision: its key, words, rules, visibility, answers and searchers."""

    prompt: str
    """The key a step asks with (``Decision.prompt``)."""
    text: str
    """The prompt bar's English words (a gettext msgid; ``{param}`` fields)."""
    rules: tuple[str, ...]
    """The rule IDs behind it, the one to read first first."""
    public: tuple[str, ...] = ()
    """The decision params every viewer may read; the others only the deciding player."""
    answers: tuple[str, ...] = ()
    """The action kinds its legal actions may have."""
    params: tuple[str, ...] = ()
    """The action parameters those actions may carry (declared in ``actions.PARAMS``)."""
    searched_by: tuple[str, ...] = ()
    """The bot levels that search this decision (the others judge it one step ahead)."""
    opens_order: bool = False
    """The first decision of an order: "Done" here gives the whole order up (the window
    asks before it happens)."""


# Where an order is placed on the cross and which city a march attacks: their consequences
# come later in the round (an order is carried out in the activation phase, a march ends in
# a battle), past the horizon of the normal level's one step, so both search levels search
# them. The expert searches the decisions of a battle and of an army's moves as well: a
# tactic card, a cancel, a reinforcement or a retreat is decided by what the other side
# answers, and a muster or a march step by the battle it leads to (docs/ai.md, "The expert
# searches more decisions"), and every other decision with a real choice: one step ahead
# a card from a market, a payment, a building, a bishop's step, a spy or a rescript look
# alike, and what they set up shows later in the round (docs/ai.md, "The stronger
# expert"). The own-turn window alone stays with the normal level's judgement, whose
# margin keeps a bot from opening and closing it for ever; hard's other decisions too.
SEARCH_LEVELS = ("hard", "expert")
EXPERT_ONLY = ("expert",)

_KINDS = (
    # setup and planning
    DecisionKind(
        "keep_bull", N_("Keep one of your two bulls"),
        rules=("SETUP-38", "BULL-02", "BULL-04"),
        answers=("keep_bull",), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "choose_start_governor", N_("Choose the governor of {city}"),
        rules=("SETUP-40", "GOV-02"),
        public=("city",),
        answers=("choose_governor",), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "place_order", N_("Place an order token on the cross"),
        rules=("PLAN-01", "PLAN-04", "PLAN-06", "PLAN-08", "PLAN-09", "HOMS-01"),
        public=("placement",),
        answers=("place_order",), params=("cell", "homs", "order"),
        searched_by=SEARCH_LEVELS),
    # event phase
    DecisionKind(
        "raid_order", N_("Choose the order of your raids"),
        rules=("RAID-07", "RAID-06"),
        answers=("raid_city",), params=("city",)),
    DecisionKind(
        "raid_rescripts", N_("Saracen raid on {city}: play a rescript?"),
        rules=("RESCRIPT-01", "RAID-08"),
        public=("city", "moment"),
        answers=("pass", "play_rescript"), params=("card",), searched_by=EXPERT_ONLY),
    # activation: own turn, buildings, spies, rescripts
    DecisionKind(
        "own_turn", N_("You may play a spy, a rescript or a building, or click Done"),
        rules=("TURN-10", "ACT-04", "BLDG-04", "SPY-02"),
        answers=("break_oath", "done", "play_rescript", "play_spy", "use_building"),
        params=("card", "discard", "player")),
    DecisionKind(
        "after_order_buildings", N_("After the {order} order: use a building?"),
        rules=("BLDG-02", "BLDG-03", "BLDG-05", "BLDG-06"),
        public=("order",),
        answers=("done", "use_building"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "after_battle_buildings", N_("After the battle: use a building?"),
        rules=("BLDG-02", "BLDG-03"),
        public=("won",),
        answers=("done", "use_building"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "after_order_spies", N_("{player} carried out {order}: use a spy against them?"),
        rules=("SPY-06", "SPY-07"),
        public=("order", "player"),
        answers=("pass", "use_spy"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "after_battle_spies", N_("After the battle of {player}: use a spy?"),
        rules=("SPY-06", "SPY-07"),
        public=("player", "won"),
        answers=("pass", "use_spy"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "play_drawn_spy", N_("You drew the spy {card}: play it now or keep it"),
        rules=("SPY-02", "SPY-04", "SPY-05"),
        # no ``card`` in public: the spy was drawn face down (SPY-09)
        answers=("keep", "play_spy"), params=("card", "discard", "player"), searched_by=EXPERT_ONLY),
    DecisionKind(
        "rescript_limit", N_("More than 3 rescripts: discard {n}"),
        rules=("PRAY-10",),
        public=("limit", "n"),
        answers=("discard_rescript",), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "income_rescript", N_("Income: play a rescript?"),
        rules=("RESCRIPT-01", "INCOME-03"),
        answers=("done", "play_rescript"), params=("card",), searched_by=EXPERT_ONLY),
    # paying and taking cards
    DecisionKind(
        "pay", N_("Pay for {reason}: still to pay {left}"),
        rules=("BUILD-05", "BUILD-06", "BUILD-12", "RESCRIPT-01"),
        public=("discount", "left", "need", "reason"),
        answers=("decline", "pay_coin", "pay_discount", "pay_good", "pay_rescript",
                 "pay_rescript_good"),
        params=("card", "colour"), searched_by=EXPERT_ONLY),
    DecisionKind(
        "take_card", N_("Take a card from the market or draw blind ({reason})"),
        rules=("MARKET-01", "MARKET-02", "BUILD-10", "MUSTER-04"),
        public=("discount", "markets", "reason"),
        answers=("draw_blind", "own_turn", "skip", "take_card"),
        params=("card", "market", "slot"), searched_by=EXPERT_ONLY),
    DecisionKind(
        "blind_draw_unaffordable",
        N_("You cannot pay for {card} yet: use an own-turn effect or put it back"),
        rules=("MARKET-02",),
        answers=("own_turn", "return_card"), params=("card",)),
    # build
    DecisionKind(
        "build", N_("Build: upgrade a city and/or build a building"),
        rules=("BUILD-03", "BUILD-12"),
        public=("discount",),
        answers=("build_building", "build_extra", "done", "own_turn", "upgrade"),
        params=("city",), opens_order=True, searched_by=EXPERT_ONLY),
    DecisionKind(
        "upgrade_city", N_("Choose a city to upgrade"),
        rules=("BUILD-04", "SYM-12"),
        public=("n", "player"),
        answers=("upgrade_city",), params=("city",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "replace_building", N_("No free building cell for {card}: discard a building"),
        rules=("BUILD-11", "BLDG-01"),
        public=("card",),
        answers=("discard_building", "own_turn"), params=("card",), searched_by=EXPERT_ONLY),
    # prayer and bishops
    DecisionKind(
        "prayer_goods", N_("Prayer: spend extra goods for more sanctity (up to {max})"),
        rules=("PRAY-02", "PRAY-03"),
        public=("max",),
        answers=("extra_goods", "own_turn"), params=("n",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "bishop_action", N_("Bishop action: train or move a bishop"),
        rules=("BISHOP-05", "BISHOP-06"),
        public=("left", "phase"),
        answers=("done", "move_bishop", "train_bishop"), params=("bishop", "city", "level"),
        searched_by=EXPERT_ONLY),
    # muster
    DecisionKind(
        "muster", N_("Muster: hire units and/or learn tactics"),
        rules=("MUSTER-02", "MUSTER-07"),
        public=("discount",),
        answers=("done", "hire", "learn", "learn_extra", "own_turn"),
        searched_by=EXPERT_ONLY, opens_order=True),
    DecisionKind(
        "hire_goods", N_("Hire: spend extra goods for more units (up to {max})"),
        rules=("MUSTER-03",),
        public=("max",),
        answers=("extra_goods", "own_turn"), params=("n",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "place_unit", N_("Place the hired units in your cities ({left} left)"),
        rules=("MUSTER-03",),
        public=("left", "n", "player"),
        answers=("own_turn", "place_unit"), params=("city",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "discard_tactic", N_("Discard a tactic"),
        rules=("MUSTER-05", "MUSTER-06"),
        public=("hand", "n", "player"),
        # MUSTER-05's own choice over the hand limit; a card effect's discard (BATTLE-20)
        # takes a starting tactic ``back`` in the same action
        answers=("discard", "discard_tactic"), params=("back", "card"), searched_by=EXPERT_ONLY),
    # march
    DecisionKind(
        "march_target", N_("March: choose the target city ({moves} moves)"),
        rules=("MARCH-01", "MARCH-07", "MARCH-06"),
        public=("moves",),
        answers=("march_target", "own_turn", "replace_governor"), params=("card", "city"),
        searched_by=SEARCH_LEVELS, opens_order=True),
    DecisionKind(
        "march_buy_moves", N_("March on {city}: buy extra moves?"),
        rules=("MARCH-01", "MARCH-04"),
        public=("city", "moves"),
        answers=("buy_moves", "own_turn"), params=("n",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "march_move", N_("March on {target}: choose where units come from ({left} moves left)"),
        rules=("MARCH-01", "MARCH-03"),
        public=("left", "target"),
        answers=("end_moves", "march_move", "own_turn"), params=("city", "n"),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "march_governor", N_("After the march: replace a governor?"),
        rules=("MARCH-05",),
        answers=("end_march", "own_turn", "replace_governor"), params=("card", "city"),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "replace_governor", N_("Choose the city whose governor you replace"),
        rules=("MARCH-05", "SYM-66"),
        answers=("replace_governor",), params=("city",)),
    # battle
    DecisionKind(
        "saracen_player", N_("Battle for {city}: choose who plays the Saracens"),
        rules=("BATTLE-02",),
        public=("city",),
        answers=("saracen_player",), params=("player",)),
    DecisionKind(
        "battle_play", N_("Battle for {city}: play a tactic from your hand"),
        rules=("BATTLE-06", "BATTLE-05", "BATTLE-10"),
        public=("city",),
        answers=("play_tactic",), params=("card",),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "battle_cancel", N_("Cover {card}: cancel its top or bottom half"),
        rules=("BATTLE-07", "BATTLE-08"),
        public=("card",),
        answers=("cancel_half",), params=("card", "half"),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "battle_reinforce", N_("Battle for {city}: bring reinforcements ({left} left)"),
        rules=("BATTLE-10",),
        public=("city", "left"),
        answers=("reinforce_from", "stop_reinforce"), params=("city",),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "battle_rescripts", N_("Battle: play a rescript now?"),
        rules=("BATTLE-12", "RESCRIPT-05"),
        public=("city", "moment"),
        answers=("pass", "play_rescript"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "battle_end_effect", N_("End of the battle: use the ability of {card}?"),
        rules=("BATTLE-15",),
        public=("card",),
        answers=("decline_effect", "use_effect"), params=("card",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "recover_starting", N_("Take back a starting tactic"),
        rules=("BATTLE-16", "MUSTER-06"),
        public=("n",),
        answers=("recover_tactic",), params=("card",)),
    DecisionKind(
        "retreat_to", N_("Choose where the retreating units go"),
        rules=("BATTLE-22", "GLOSS-10", "RAID-11"),
        public=("frm", "n", "reason"),
        answers=("retreat_to",), params=("city",),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "keep_governor", N_("{city}: keep the governor or replace it"),
        rules=("BATTLE-24", "GOV-03"),
        public=("city",),
        answers=("keep_governor", "replace_governor"), params=("card", "city"),
        searched_by=EXPERT_ONLY),
    DecisionKind(
        "choose_capital", N_("Your capital is lost: choose your new capital"),
        rules=("CAPITAL-04",),
        answers=("choose_capital",), params=("city",)),
    # card effects
    DecisionKind(
        "choose_effect", N_("Choose one of the card's effects"),
        rules=("SYM-85",),
        public=("card", "effects", "options"),
        answers=("choose",), params=("option",), searched_by=EXPERT_ONLY),
    DecisionKind(
        "may", N_("The card offers an optional effect: use it?"),
        rules=("SYM-80",),
        answers=("accept", "decline")),
    DecisionKind(
        "bombard", N_("Bombard: choose a city"),
        rules=("GLOSS-09",),
        public=("n",),
        answers=("bombard",), params=("city",)),
    DecisionKind(
        "move_units", N_("Move units ({n})"),
        rules=("SYM-50", "GLOSS-08"),
        public=("n",),
        answers=("move_units", "skip"), params=("n", "source", "to")),
    DecisionKind(
        "discard_units", N_("Choose the city of {player} that loses units ({n})"),
        rules=("GLOSS-08", "RAID-09"),
        public=("n", "player"),
        answers=("discard_units",), params=("city",)),
    DecisionKind(
        "destroy_city", N_("Choose a city of {player} to destroy"),
        rules=("SYM-13", "GLOSS-08"),
        public=("n", "player"),
        answers=("destroy_city",), params=("city",)),
    DecisionKind(
        "choose_spend_good", N_("Choose a good of {player} to spend"),
        rules=("GLOSS-05",),
        public=("n", "player"),
        answers=("spend_good",), params=("colour",)),
    DecisionKind(
        "choose_restore_good", N_("Choose a good to restore"),
        rules=("GLOSS-03",),
        public=("n", "player"),
        answers=("restore_good",), params=("colour",)),
    DecisionKind(
        "choose_block_good", N_("Choose a good of {player} to block"),
        rules=("GLOSS-04",),
        public=("n", "player"),
        answers=("block_good",), params=("colour", "spent")),
    DecisionKind(
        "discard_building", N_("Choose a building of {player} to discard"),
        rules=("DISCARD-01", "BATTLE-15"),
        public=("n", "player"),
        answers=("discard",), params=("card",)),
    DecisionKind(
        "discard_rescript", N_("Discard a rescript"),
        rules=("DISCARD-01", "BATTLE-15"),
        public=("n", "player"),
        answers=("discard",), params=("card",)),
    DecisionKind(
        "discard_take_back", N_("Choose the starting tactic you take back"),
        rules=("BATTLE-20", "MUSTER-06"),
        answers=("discard",), params=("card",)),
    # «Levantine Merchants» (docs/campaign.md §7)
    DecisionKind(
        "trade_goods", N_("Trade with the Italian fleets: sell a good ({n} left)"),
        rules=("CAMP-S2-01", "CAMP-S2-03"),
        public=("n", "player"),
        answers=("trade_done", "trade_goods"), params=("colour", "option")),
    DecisionKind(
        "choose_trade_track", N_("Choose the trade track to climb ({n} left)"),
        rules=("CAMP-S2-02",),
        public=("n", "player"),
        answers=("trade_track",), params=("option",)),
    # «The Vassal of My Vassal» (docs/campaign.md §8)
    DecisionKind(
        "offer_oath", N_("Oath council: offer one of your oath cards to another state?"),
        rules=("CAMP-S3-02",),
        public=("player",),
        answers=("decline", "offer_oath"), params=("card", "player")),
    DecisionKind(
        "answer_oath", N_("{lord} offers you the oath {card}: become their vassal?"),
        rules=("CAMP-S3-02", "CAMP-S3-03"),
        public=("card", "lord"),
        answers=("accept_oath", "refuse_oath")),
    DecisionKind(
        "choose_oath_to_break", N_("Choose the oath you break"),
        rules=("CAMP-S3-04",),
        public=("player",),
        answers=("break_oath",), params=("card",)),
    DecisionKind(
        "choose_regent", N_("Your capital is lost: name a regent for your state"),
        rules=("CAMP-S3-05", "CAMP-S3-03"),
        public=("player",),
        answers=("name_regent",), params=("player",)),
    # the end
    DecisionKind(
        # the sentinel under a step run alone (tests and tools: ``rounds.Halt``)
        "halt", N_("Halted"),
        rules=("END-01",),
        answers=("halt",)),
)

DECISIONS: dict[str, DecisionKind] = {k.prompt: k for k in _KINDS}
"""Every kind of decision a step may ask, by its prompt key."""

ANSWERS: dict[str, str] = {
    "trade_goods": N_("Sell a good ({colour}) on trade track {option}"),
    "trade_track": N_("Climb trade track {option}"),
    "trade_done": N_("Stop trading"),
    "offer_oath": N_("Offer {card} to {player}"),
    "accept_oath": N_("Swear the oath"),
    "refuse_oath": N_("Refuse the oath"),
    "break_oath": N_("Break the oath {card}"),
    "name_regent": N_("Name {player} regent"),
    "keep_bull": N_("Keep this bull"),
    "choose_governor": N_("Choose this governor"),
    "place_order": N_("Place {order} ({cell})"),
    "pass": N_("Pass"),
    "done": N_("Done"),
    "skip": N_("Skip"),
    "decline": N_("Do not pay"),
    "upgrade": N_("Upgrade {city}"),
    "upgrade_city": N_("Upgrade {city}"),
    "build_building": N_("Build a building"),
    "build_extra": N_("Build one more building"),
    "discard_building": N_("Discard {card}"),
    "hire": N_("Hire units"),
    "learn": N_("Learn a tactic"),
    "learn_extra": N_("Learn one more tactic"),
    "take_card": N_("Take {card}"),
    "draw_blind": N_("Draw blind: {market}"),
    "place_unit": N_("Place a unit in {city}"),
    "pay_coin": N_("Pay a coin"),
    "pay_good": N_("Pay: {colour}"),
    "pay_discount": N_("Use the discount"),
    "pay_rescript": N_("Pay with {card} ({colour})"),
    "pay_rescript_good": N_("Pay with the rescript's good: {colour}"),
    "march_target": N_("March on {city}"),
    "end_march": N_("End the march"),
    "end_moves": N_("Stop moving units"),
    "move_units": N_("Move units from {source} to {to}"),
    "keep_governor": N_("Keep the governor {card}"),
    "replace_governor": N_("Replace the governor of {city}"),
    "saracen_player": N_("{player} plays the Saracens"),
    "play_tactic": N_("Play {card}"),
    "cancel_half": N_("Cancel the {half} half of {card}"),
    "reinforce_from": N_("Reinforce from {city}"),
    "stop_reinforce": N_("No more reinforcements"),
    "retreat_to": N_("Retreat to {city}"),
    "recover_tactic": N_("Take back {card}"),
    "use_building": N_("Use {card}"),
    "own_turn": N_("Use an own-turn effect (spy, rescript, building)"),
    "return_card": N_("Put {card} back on its deck"),
    "use_spy": N_("Use {card}"),
    "play_spy": N_("Play {card} against {player}"),
    "keep": N_("Keep {card} in hand"),
    "play_rescript": N_("Play {card}"),
    "discard_tactic": N_("Discard {card}"),
    "discard_rescript": N_("Discard {card}"),
    "train_bishop": N_("Train a bishop in {city}"),
    "move_bishop": N_("Move a bishop to {city}"),
    "block_good": N_("Block: {colour}"),
    "restore_good": N_("Restore: {colour}"),
    "bombard": N_("Bombard {city}"),
    "choose": N_("Option {option}"),
    "halt": N_("Halt"),
    "accept": N_("Yes, use it"),
    "use_effect": N_("Use the ability"),
    "decline_effect": N_("Do not use it"),
    "choose_capital": N_("Make {city} the capital"),
    "discard": N_("Discard {card}"),
    "raid_city": N_("Raid on {city} next"),
    "destroy_city": N_("Destroy {city}"),
    "discard_units": N_("Lose units in {city}"),
    "spend_good": N_("Spend: {colour}"),
}
"""Each action kind's English label (a gettext msgid; ``{param}`` fields), for buttons and
menus; a kind without one is humanised or counted by the UI."""


def rules_of(prompt: str) -> tuple[str, ...]:
    """The rule IDs behind ``prompt`` (empty for a prompt no kind declares)."""
    kind = DECISIONS.get(prompt)
    return kind.rules if kind is not None else ()


def public_params(prompt: str) -> tuple[str, ...]:
    """The params of a ``prompt`` decision everyone may read (none for an undeclared one)."""
    kind = DECISIONS.get(prompt)
    return kind.public if kind is not None else ()


def searched_by(level: str) -> frozenset[str]:
    """The prompts the bots of ``level`` search."""
    return frozenset(k.prompt for k in _KINDS if level in k.searched_by)
