"""«Восход полумесяца» (1128–1146), the campaign's fourth scenario (docs/campaign.md §9):
Zengi, atabeg of Mosul, the warlord (SYM-91).

* CAMP-S4-02 **The warlord's turn**: in every Event phase, after the raids (EVENT-06) and
  before the new target (EVENT-08), the face-up warlord card acts — its effect
  ``warlord_move`` towards its target, then ``warlord_attack`` with its value
  (``engine/ops/warlord.py``) — and goes to the warlord's discard; then the next card is
  turned face up: the target of the next round. In round 1 (no Saracen actions,
  EVENT-02) the deck's first card is only turned.
* CAMP-S4-04 **Driven out**: after every battle, a warlord whose city crusaders took
  leaves the map (he re-enters at his next move, ``warlord_move``).
* CAMP-S4-05 **Edessa 1144**: when the warlord takes the scenario's ``fall`` city, the
  remaining events go to the box, so the era ends after this round (END-01: no event
  left), and every state except the one that defended it loses the ``fall`` influence
  (never below 0).
"""
from __future__ import annotations

from .. import board as B
from ..effects import effect_data
from ..events import EventPhase
from ..hook import Hook, hook_step, register_hook
from ..ops.warlord import drive_out, played_target, warlord
from ..state import SARACEN
from ..table import Table
from ..triggers import AfterBattle


def turn_card(g: Table) -> None:
    """The next warlord card is turned face up (None when the deck is empty)."""
    part, _data = warlord(g)
    part["card"] = part["deck"].pop() if part["deck"] else None
    card = part["card"]
    part["target"] = played_target(g, g.c.warlord[card].target) if card else None
    if card:
        B.log(g, "warlord_card", card=card, city=part["target"])


@hook_step
class WarlordEventPhase(EventPhase):
    """The Event phase with the warlord's turn after the raids (stages ``warlord``,
    ``warlord_done``, then the base ``new_target``)."""

    def at_saracens(self, g: Table, f):
        super().at_saracens(g, f)
        if g.s["round"] <= 1:  # EVENT-02: no Saracen action; the first card is turned
            turn_card(g)
        else:
            f["at"] = "warlord"  # after the raids the base step pushed

    def at_warlord(self, g: Table, f):
        part, data = warlord(g)
        f["at"] = "warlord_done"
        f["held_by"] = B.controller(g, data.fall_city)  # who defends it (CAMP-S4-05)
        drive_out(g)
        card = part["card"]
        if card and g.s["modifiers"].get("warlord_rests"):
            B.log(g, "warlord_rests", card=card)
        elif card:
            B.log(g, "warlord_turn", card=card, city=part["target"])
            g.call("effect", player=SARACEN, ops=effect_data(g.c.warlord[card].effect),
                   ctx={"warlord": True, "card": card})

    def at_warlord_done(self, g: Table, f):
        part, _data = warlord(g)
        if part["card"]:
            part["discard"].append(part["card"])
        fall(g, f.pop("held_by", None))
        turn_card(g)
        f["at"] = "new_target"


def fall(g: Table, defender: str | None) -> None:
    """CAMP-S4-05: if the warlord took the fall city in this turn (``defender`` held it
    before his turn; now he stands in it), the era ends after this round and every
    other state loses the fall's influence."""
    part, data = warlord(g)
    if defender not in g.s["players"] or part["city"] != data.fall_city \
            or B.controller(g, data.fall_city) != SARACEN:
        return
    B.part_w(g, "decks")["events"].clear()  # the remaining events go to the box: END-01's era
    B.log(g, "city_fell", city=data.fall_city, player=defender)  # ends after this round
    for x in g.s["states"]:
        p = g.s["players"][x]
        n = min(data.fall_influence, p["influence"])
        if x != defender and n:
            B.player_w(g, x)["influence"] -= n
            B.log(g, "fall_influence_lost", visibility=(x,), player=x, n=n)


@hook_step
class WarlordAfterBattle(AfterBattle):
    """CAMP-S4-04: after a battle, first see whether the warlord's city fell."""

    def run(self, g: Table, f):
        if "warlord" not in f:
            f["warlord"] = drive_out(g)
        return super().run(g, f)


ZENGI = register_hook(Hook(
    "zengi", "CAMP-S4-02/04/05: the warlord's turn in every Event phase, driven out of a "
    "taken city, Edessa 1144 ends the era",
    steps={"event_phase": WarlordEventPhase(), "after_battle": WarlordAfterBattle()}))
