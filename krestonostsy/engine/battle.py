"""Battles (BATTLE-01..25, TACTIC-02/03, §14.10, §14.13, §14.21, §14.22).

Step ``battle`` (frame: attacker, city, enhanced, defender?) returns
``{"winner": state id or "saracen", "attacker_won": bool}``.

The battle in progress is ``g.s["battle"]`` (plain data, owned by this module)::

    city, attacker, defender     the battle city; the attacking state; a state or "saracen"
    saracen_player               the player playing the Saracens (BATTLE-02) or None
    marker                       signed strength difference, + = attacker (BATTLE-04)
    enhanced                     the attacker's enhanced-march +2 (MARCH-04)
    saracen_hand                 HIDDEN (seen by the Saracen player): the Saracen cards
                                 drawn and not yet on the board. A player's hand in battle
                                 is their ``players[p]["tactics"]`` (BATTLE-01): a card
                                 played or taken as a cover leaves it until stage 4B.
    slots                        the battle board, in play order: {"no", "card", "side",
                                 "owner", "cancelled" ("top"/"bottom"/None), "cover"
                                 (HIDDEN card id, face down over the cancelled half: known
                                 only to ``cover_owner``), "cover_owner", "cover_side",
                                 "face_up": True, "resolved", "lost"}
    returned                     the slots after the cards went back (4B), for the log/UI
    maneuvers                    {"attacker": n, "defender": n} made so far (max 2 each)
    active                       the side making the current maneuver (or None)
    protected                    card ids that gained protection (BATTLE-21)
    lost                         card ids lost to casualties (Saracen ones go to the box)
    no_destruction               True once destruction is prevented (EX-RESCRIPT-1)
    stage                        setup | maneuvers | end_effects | retreat | destruction |
                                 trophies | done
    winner                       "attacker" | "defender" (once decided)

Card abilities run through the ``effect`` step (effects.py) with
``player`` = the side's owner (a state or "saracen") and
``ctx = {"battle": True, "side": "attacker"|"defender", "city", "card", "opponent",
"chooser" (who decides for the side: the owner, or the Saracen player), "end_of_battle"}``.
The battle ops (strength, smash, rout, reinforce, add_units, casualties,
prevent_destruction, destroy_city in battle) live in ``ops/battle.py``.
"""
from __future__ import annotations

from . import board as B
from . import cities as C
from . import rng
from .actions import Action, bare
from .decks import discard, draw
from .effects import OneOf, effect_data
from .effects import amount as effects_amount
from .flow import Decision, Step, step
from .state import SARACEN
from .table import Table

SIDES = ("attacker", "defender")
MANEUVERS = 2
ORDER = ("defender", "attacker", "defender", "attacker")  # BATTLE-05
CASUALTY_CAP = 2


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def owner(b: dict, side: str) -> str:
    return b[side]


def chooser(b: dict, side: str) -> str | None:
    """Who decides for ``side``: its owner, or the Saracen player (None: random)."""
    o = b[side]
    return b.get("saracen_player") if o == SARACEN else o


def hand(g: Table, b: dict, side: str, write: bool = False) -> list:
    """The live hand of ``side`` (BATTLE-01): a player's tactics, or the Saracen hand;
    ``write``: the game's own list, to change (copy-on-write, ``board.player_w``)."""
    o = b[side]
    if o == SARACEN:
        return b["saracen_hand"]
    return B.player_w(g, o)["tactics"] if write else g.s["players"][o]["tactics"]


def units_in(g: Table, side: str) -> int:
    b = g.s["battle"]
    return B.units(g, b["city"], b[side])


def push(b: dict, side: str, n: int) -> None:
    """Move the marker ``n`` steps towards ``side`` (BATTLE-10)."""
    b["marker"] += n if side == "attacker" else -n


def _card(g: Table, card: str):
    if card in g.c.tactics:
        return g.c.tactics[card]
    return g.c.saracens[card]


def card_colours(g: Table, card: str) -> tuple:
    """TACTIC-03: starting and Saracen tactics are colourless; level IV has two colours."""
    t = g.c.tactics.get(card)
    if t is None or t.starting:
        return ()
    return t.colours


def tactics_played(g: Table, colour: str | None = None) -> int:
    """TACTIC-02, §14.22: face-up tactics played in this battle so far, both sides."""
    b = g.s.get("battle")
    if not b:
        return 0
    n = 0
    for slot in b["slots"]:
        if not slot.get("face_up", True):
            continue
        if colour is None or colour in card_colours(g, slot["card"]):
            n += 1
    return n


def amount(g: Table, f, value) -> int:
    """An op amount: an int or ``{base, per: metric, each}``; battle metrics here."""
    if isinstance(value, int):
        return value
    if value is None:
        return 1
    base = int(value.get("base", 0))
    each = int(value.get("each", 1))
    per = value.get("per") or ""
    name, _, colour = per.partition(":")
    if not per:
        count = 0
    elif name == "tactics_played":
        count = tactics_played(g, colour or None)
    elif name == "units_in_battle":
        count = units_in(g, (f.get("ctx") or {}).get("side", "attacker")) \
            if g.s.get("battle") else 0
    else:
        return int(effects_amount(g, f, value))
    n = base + each * count
    if value.get("max") is not None:
        n = min(n, int(value["max"]))
    return max(0, n)


def saracen_candidates(g: Table, attacker: str | None, city: str) -> list[str]:
    """BATTLE-02, §14.13: the opponents whose cities are closest to the battle city."""
    best, out = None, []
    for p in B.active_players(g):
        if p == attacker or not g.s["players"][p]["cities"]:
            continue
        d = min(B.distance(g, city, c) for c in g.s["players"][p]["cities"])
        if best is None or d < best:
            best, out = d, [p]
        elif d == best:
            out.append(p)
    return out


def start_strength(g: Table, b: dict) -> int:
    """BATTLE-04 stage 1: the signed difference, + for the attacker."""
    s = g.s
    mods = s.get("modifiers") or {}
    city = b["city"]
    att = B.units(g, city, b["attacker"]) + (2 if b["enhanced"] else 0)
    att += int(mods.get("attacker_strength", 0))
    if b["attacker"] == SARACEN:  # the warlord's Saracens attack (CAMP-S4-03, EVENT-09)
        att += s["saracen_track"]["strength"]
    dfn = B.units(g, city, b["defender"]) + B.city_level(g, city)
    if b["defender"] == SARACEN:
        dfn += s["saracen_track"]["strength"]
    else:
        dfn += int(mods.get("defence", 0))
    return att - dfn


def run_ops(g: Table, side: str, ops, card: str | None, end: bool = False) -> None:
    """Push the effect step for one ability of ``side``'s card."""
    b = g.s["battle"]
    ctx = {"battle": True, "side": side, "city": b["city"], "card": card,
           "opponent": b[other(side)], "chooser": chooser(b, side), "end_of_battle": end}
    g.call("effect", player=b[side],
           ops=effect_data(ops), ctx=ctx)


def _random_or(g: Table, who, prompt, params, actions):
    """A decision for ``who``; with nobody playing the Saracens (§14.13) pick at random."""
    if who is None:
        return rng.pick(g.s, list(actions))
    return Decision(who, prompt, params, tuple(actions))


@step
class Battle(Step):
    """A battle (BATTLE-01..25). Frame: attacker, city, enhanced, defender (optional)."""

    name = "battle"

    start = "start"  # stages: the methods at_<stage> below

    # --- set-up -------------------------------------------------------------------------
    def at_start(self, g: Table, f):
        city, att = f["city"], f["attacker"]
        c = g.s["cities"][city]
        dfn = f.get("defender")
        if not dfn:
            dfn = next((o for o, n in c["units"].items() if o != att and n > 0), SARACEN)
        B.city_w(g, city)["defender"] = dfn
        f["defender"] = dfn
        b = {"city": city, "attacker": att, "defender": dfn, "saracen_player": None,
             "marker": 0, "enhanced": bool(f.get("enhanced")),
             "saracen_hand": [], "slots": [], "returned": [],
             "maneuvers": {"attacker": 0, "defender": 0}, "active": None,
             "protected": [], "lost": [], "no_destruction": False, "stage": "setup",
             "winner": None}
        g.s["battle"] = b
        B.log(g, "battle_started", player=att, city=city, defender=dfn)
        if dfn == SARACEN:
            cands = saracen_candidates(g, att, city)
            if len(cands) > 1:
                f["cands"] = cands
                f["at"] = "pick_saracen"
                return None
            b["saracen_player"] = cands[0] if cands else None
        f["at"] = "deal"
        return None

    def at_pick_saracen(self, g: Table, f):
        return Decision(f["attacker"], "saracen_player", {"city": f["city"]}, tuple(
            Action("saracen_player", player=p) for p in f["cands"]))

    def at_deal(self, g: Table, f):
        """BATTLE-01/02: hands; BATTLE-04: stage 1. The Saracens' hand is the top 5 of
        their deck whenever they fight, defending (BATTLE-03) or, in «Восход полумесяца»,
        attacking with the warlord (CAMP-S4-03, face up: SYM-92)."""
        b = g.s["battle"]
        if SARACEN in (b["attacker"], b["defender"]):
            for _ in range(5):
                card = draw(g, "saracens")  # BATTLE-03, DISCARD-04
                if card is None:
                    break
                b["saracen_hand"].append(card)
        if b["saracen_player"]:
            B.log(g, "saracens_played_by", player=b["saracen_player"], city=b["city"])
        b["marker"] = start_strength(g, b)
        b["stage"] = "maneuvers"
        B.log(g, "battle_strength", city=b["city"], marker=b["marker"])
        f["m"] = 0
        f["at"] = "maneuver"
        return None

    # --- stage 2: maneuvers ---------------------------------------------------------------
    def at_maneuver(self, g: Table, f):
        b = g.s["battle"]
        for side in SIDES:
            if units_in(g, side) <= 0:  # BATTLE-11: a side without units loses at once
                b["winner"] = other(side)
                B.log(g, "battle_no_units", city=b["city"], side=side)
                f["at"] = "winner"
                return None
        if f["m"] >= len(ORDER):
            f["at"] = "winner"
            return None
        side = ORDER[f["m"]]
        b["active"] = side
        if not hand(g, b, side):
            f["m"] += 1
            return None
        f["at"] = "play"
        if b[side] != SARACEN:
            g.call("battle_rescripts", player=b[side], moment="before")
        return None

    def at_play(self, g: Table, f):
        b = g.s["battle"]
        side = b["active"]
        acts = [Action("play_tactic", card=c) for c in sorted(set(hand(g, b, side)))]
        d = _random_or(g, chooser(b, side), "battle_play", {"city": b["city"]}, acts)
        if isinstance(d, Action):
            self._do_play(g, f, d.card)
            return None
        return d

    def _do_play(self, g: Table, f, card):
        """BATTLE-06: the card goes face up into the lowest open cell."""
        b = g.s["battle"]
        side = b["active"]
        hand(g, b, side, write=True).remove(card)
        b["slots"].append({"no": len(b["slots"]) + 1, "card": card, "side": side,
                           "owner": b[side], "cancelled": None, "cover": None,
                           "cover_side": None, "cover_owner": None, "face_up": True,
                           "resolved": False,
                           "lost": False})
        B.log(g, "tactic_played", player=b[side], card=card, side=side)
        f["at"] = "cancel"

    def at_cancel(self, g: Table, f):
        """BATTLE-07: the opponent cancels the top or the bottom."""
        b = g.s["battle"]
        opp = other(b["active"])
        slot = b["slots"][-1]
        acts = [Action("cancel_half", card=slot["card"], half=h) for h in ("top", "bottom")]
        d = _random_or(g, chooser(b, opp), "battle_cancel", {"card": slot["card"]}, acts)
        if isinstance(d, Action):
            self._do_cancel(g, f, d.half)
            return None
        return d

    def _do_cancel(self, g: Table, f, half):
        """BATTLE-07/08: the half is cancelled; a blind card from the opponent covers it."""
        b = g.s["battle"]
        side = b["active"]
        opp = other(side)
        slot = b["slots"][-1]
        slot["cancelled"] = half
        cards = hand(g, b, opp)
        if cards:
            cards = hand(g, b, opp, write=True)
            i = rng.below(g.s, len(cards))  # a blind draw: bumps the barrier
            slot["cover"] = cards.pop(i)
            slot["cover_side"] = opp
            slot["cover_owner"] = b[opp]
        B.log(g, "tactic_cancelled", card=slot["card"], half=half)
        f["at"] = "resolve"

    def at_resolve(self, g: Table, f):
        """BATTLE-09: the uncovered half now, unless it is an end-of-battle ability."""
        b = g.s["battle"]
        slot = b["slots"][-1]
        half = "bottom" if slot["cancelled"] == "top" else "top"
        ability = getattr(_card(g, slot["card"]), half)
        f["at"] = "post"
        if ability.end_of_battle:
            return None
        slot["resolved"] = True
        if ability.protection and slot["card"] not in b["protected"]:
            b["protected"].append(slot["card"])
        if ability.effect:
            run_ops(g, slot["side"], ability.effect, slot["card"])
        return None

    def at_post(self, g: Table, f):
        b = g.s["battle"]
        side = b["active"]
        b["maneuvers"][side] += 1
        f["m"] += 1
        f["at"] = "maneuver"
        if b[side] != SARACEN:
            g.call("battle_rescripts", player=b[side], moment="after")
        return None

    # --- stage 3: winner; stage 4A: end-of-battle effects -------------------------------------
    def at_winner(self, g: Table, f):
        b = g.s["battle"]
        b["active"] = None
        if b["winner"] is None:
            b["winner"] = "attacker" if b["marker"] >= 0 else "defender"  # BATTLE-14
        B.log(g, "battle_won", city=b["city"], player=b[b["winner"]], marker=b["marker"])
        b["stage"] = "end_effects"
        f["e"] = 0
        f["at"] = "end_effects"
        return None

    def at_end_effects(self, g: Table, f):
        """BATTLE-15/19: uncovered end-of-battle abilities in play order."""
        b = g.s["battle"]
        while f["e"] < len(b["slots"]):
            slot = b["slots"][f["e"]]
            half = "bottom" if slot["cancelled"] == "top" else "top"
            ability = getattr(_card(g, slot["card"]), half)
            if not ability.end_of_battle or slot["resolved"]:
                f["e"] += 1
                continue
            if slot["owner"] == SARACEN:  # Saracen effects cannot be declined
                self._use_end(g, f, slot, ability)
                return None
            return Decision(slot["owner"], "battle_end_effect", {"card": slot["card"]}, (
                Action("use_effect", card=slot["card"]),
                Action("decline_effect", card=slot["card"])))
        f["at"] = "retreat"
        return None

    def _use_end(self, g: Table, f, slot, ability):
        b = g.s["battle"]
        slot["resolved"] = True
        f["e"] += 1
        if ability.protection and slot["card"] not in b["protected"]:
            b["protected"].append(slot["card"])
        B.log(g, "end_effect", player=slot["owner"], card=slot["card"])
        if ability.effect:
            run_ops(g, slot["side"], ability.effect, slot["card"], end=True)

    # --- stage 4B-D ------------------------------------------------------------------------------
    def at_retreat(self, g: Table, f):
        """BATTLE-22: the loser discards 1 unit and retreats the rest."""
        b = g.s["battle"]
        b["stage"] = "retreat"
        loser = other(b["winner"])
        o = b[loser]
        n = B.units(g, b["city"], o)
        f["at"] = "cards"
        if n > 0:
            B.add_units(g, b["city"], o, -1)
            B.to_supply(g, o, 1)
            B.log(g, "battle_retreat", player=o, city=b["city"], n=n - 1)
            if n > 1:
                g.call("retreat_units", owner=o, frm=b["city"], n=n - 1,
                       chooser=chooser(b, loser), reason="retreat")
        return None

    def at_cards(self, g: Table, f):
        """BATTLE-22: everyone takes back their cards, covers included; Saracen cards go
        face up under the Saracen deck, except those lost (to the box, BATTLE-17). Tactics
        lost by a player are discarded (DISCARD-01) and as many starting tactics come back
        from the personal discard (BATTLE-16)."""
        b = g.s["battle"]
        back: dict[str, list[str]] = {b["attacker"]: [], b["defender"]: []}
        for slot in b["slots"]:
            if not slot["lost"]:
                back[slot["owner"]].append(slot["card"])
            if slot["cover"]:
                back[slot["cover_owner"]].append(slot["cover"])
        for o, cards in back.items():
            if o == SARACEN:
                B.part_w(g, "discards")["saracens"].extend(cards + b["saracen_hand"])
                b["saracen_hand"] = []
            else:
                B.player_w(g, o)["tactics"].extend(cards)
        # a player's lost tactics stay on the board until the starting tactics that
        # replace them are back in hand (so the hand + board is always 5)
        keep = [sl for sl in b["slots"] if sl["lost"] and sl["owner"] != SARACEN]
        for sl in keep:
            sl["cover"] = None  # the cover went back to its owner above
        b["returned"] = [sl for sl in b["slots"] if sl not in keep]
        b["slots"] = keep
        f["at"] = "destroy"
        for o in (b["defender"], b["attacker"]):
            if o == SARACEN:
                continue
            lost = [sl["card"] for sl in keep if sl["owner"] == o]
            for c in lost:
                discard(g, c)
            if lost:
                g.call("recover_starting", player=o, n=len(lost), battle=True)
        return None

    def at_destroy(self, g: Table, f):
        """BATTLE-23: the city loses a level even if the defender won (§14.10: never < 1)."""
        b = g.s["battle"]
        b["stage"] = "destruction"
        city = b["city"]
        B.city_w(g, city).pop("defender", None)
        if b["no_destruction"]:
            B.log(g, "destruction_prevented", city=city)
        else:
            C.set_level(g, city, B.city_level(g, city) - 1)
        f["at"] = "trophies"
        return None

    def at_trophies(self, g: Table, f):
        """BATTLE-24: the attacking player takes the city token, goods and governor."""
        b = g.s["battle"]
        b["stage"] = "trophies"
        f["at"] = "after"
        if b["winner"] == "attacker":
            self.take_trophies(g, b)
        return None

    def take_trophies(self, g: Table, b: dict) -> None:
        """The attacker won: the city changes hands (a scenario's battle may differ)."""
        dfn = b["defender"]
        C.gain_city(g, b["attacker"], b["city"], None if dfn == SARACEN else dfn)

    def at_after(self, g: Table, f):
        b = g.s["battle"]
        b["stage"] = "done"
        won = b["winner"] == "attacker"
        f["result"] = self.result(b, won)
        g.s["battle"] = None
        f["at"] = "done"
        # after-battle triggers (triggers.py) of each state that fought and is still in the
        # game; pushed defender first, so the attacker's run first
        for side, side_won in (("defender", not won), ("attacker", won)):
            p = b[side]
            if p != SARACEN and not g.s["players"][p]["eliminated"]:
                g.call("after_battle", player=p, won=side_won)
        return None

    def result(self, b: dict, won: bool) -> dict:
        """What the battle returns to the step that started it."""
        return {"winner": b[b["winner"]], "attacker_won": won}

    def at_done(self, g: Table, f):
        g.ret(f["result"])
        return None

    # --- actions -------------------------------------------------------------------------------
    def on_saracen_player(self, g: Table, f, a):
        g.s["battle"]["saracen_player"] = a.player
        f["at"] = "deal"

    def on_play_tactic(self, g: Table, f, a):
        self._do_play(g, f, a.card)

    def on_cancel_half(self, g: Table, f, a):
        self._do_cancel(g, f, a.half)

    def on_use_effect(self, g: Table, f, a):
        slot = g.s["battle"]["slots"][f["e"]]
        half = "bottom" if slot["cancelled"] == "top" else "top"
        self._use_end(g, f, slot, getattr(_card(g, slot["card"]), half))

    def on_decline_effect(self, g: Table, f, a):
        slot = g.s["battle"]["slots"][f["e"]]
        slot["resolved"] = True
        B.log(g, "end_effect_declined", player=slot["owner"], card=slot["card"])
        f["e"] += 1


# --- moving units out (rout, retreat, raid capture) --------------------------------------

def retreat_options(g: Table, owner: str, frm: str) -> list[str]:
    """GLOSS-10: adjacent cities controlled by ``owner`` (Saracen cities for Saracens)."""
    return [c for c in B.adjacent(g, frm)
            if c != frm and B.controller(g, c) == owner
            and not g.s["cities"][c].get("defender")]


@step
class RetreatUnits(OneOf):
    """Move ``n`` units of ``owner`` out of ``frm`` into ONE adjacent city that
    ``owner`` controls, chosen by ``chooser`` (GLOSS-10, BATTLE-10/22, RAID-11, §14.15);
    with none, they are destroyed (back to the supply). Frame: owner, frm, n, chooser,
    reason."""

    name = "retreat_units"

    def options(self, g: Table, f):
        return retreat_options(g, f["owner"], f["frm"])

    def nothing(self, g: Table, f):
        B.add_units(g, f["frm"], f["owner"], -f["n"])
        B.to_supply(g, f["owner"], f["n"])
        B.log(g, "units_destroyed", player=f["owner"], city=f["frm"], n=f["n"],
              reason=f.get("reason"))
        g.ret()
        return None

    def ask(self, g: Table, f, opts):
        acts = [Action("retreat_to", city=c) for c in opts]
        d = _random_or(g, f.get("chooser"), "retreat_to",
                       {"frm": f["frm"], "n": f["n"], "reason": f.get("reason")}, acts)
        if isinstance(d, Action):
            self.apply(g, f, d.city)
            return None
        return d

    def apply(self, g: Table, f, city):
        B.add_units(g, f["frm"], f["owner"], -f["n"])
        B.add_units(g, city, f["owner"], f["n"])
        B.log(g, "units_retreated", player=f["owner"], frm=f["frm"], city=city, n=f["n"],
              reason=f.get("reason"))
        g.ret(city)


@step
class BattleReinforce(Step):
    """BATTLE-10 reinforcement: move up to ``left`` non-last units of ``side`` from
    adjacent cities into the battle, +1 strength each. Frame: side, left."""

    name = "battle_reinforce"

    def _sources(self, g: Table, f):
        b = g.s["battle"]
        o = b[f["side"]]
        return [c for c in B.adjacent(g, b["city"])
                if B.controller(g, c) == o and B.units(g, c, o) > 1]

    def run(self, g: Table, f):
        b = g.s.get("battle")
        if not b or f["left"] <= 0:
            g.ret()
            return None
        srcs = self._sources(g, f)
        if not srcs:
            g.ret()
            return None
        acts = [Action("reinforce_from", city=c) for c in srcs] + [bare("stop_reinforce")]
        d = _random_or(g, chooser(b, f["side"]), "battle_reinforce",
                       {"left": f["left"], "city": b["city"]}, acts)
        if isinstance(d, Action):
            self.act(g, f, d)
            return None
        return d

    def on_stop_reinforce(self, g: Table, f, a):
        g.ret()

    def on_reinforce_from(self, g: Table, f, a):
        b = g.s["battle"]
        o = b[f["side"]]
        B.add_units(g, a.city, o, -1)
        B.add_units(g, b["city"], o, 1)
        push(b, f["side"], 1)
        f["left"] -= 1
        B.log(g, "battle_reinforced", player=o, frm=a.city, city=b["city"])


@step
class RecoverStarting(Step):
    """BATTLE-16/20: after losing tactics, take the same number of starting tactics of
    your choice back from your personal discard. Frame: player, n, battle (the lost
    cards still lie on the battle board: one leaves it per card taken back)."""

    name = "recover_starting"

    def _done(self, g: Table, f):
        b = g.s.get("battle")
        if f.get("battle") and b:
            for sl in [sl for sl in b["slots"] if sl["lost"] and sl["owner"] == f["player"]]:
                b["slots"].remove(sl)
                b["returned"].append(sl)
        g.ret()

    def run(self, g: Table, f):
        p = g.s["players"][f["player"]]
        if f["n"] <= 0 or not p["personal_discard"]:
            self._done(g, f)
            return None
        if len(p["personal_discard"]) <= f["n"]:
            for c in list(p["personal_discard"]):
                self._take(g, f, c)
            self._done(g, f)
            return None
        return Decision(f["player"], "recover_starting", {"n": f["n"]}, tuple(
            Action("recover_tactic", card=c) for c in sorted(set(p["personal_discard"]))))

    def _take(self, g: Table, f, card):
        p = B.player_w(g, f["player"])
        p["personal_discard"].remove(card)
        p["tactics"].append(card)
        f["n"] -= 1
        b = g.s.get("battle")
        if f.get("battle") and b:
            for sl in b["slots"]:
                if sl["lost"] and sl["owner"] == f["player"]:
                    b["slots"].remove(sl)
                    b["returned"].append(sl)
                    break
        B.log(g, "tactic_recovered", visibility=(f["player"],), player=f["player"], card=card)

    def on_recover_tactic(self, g: Table, f, a):
        self._take(g, f, a.card)


def deciding_for_saracens(g: Table) -> bool:
    """Is the decision asked now one that its player makes for the Saracen side of a
    battle (BATTLE-02: the closest opponent plays the Saracens' cards)?

    True when a battle against the Saracens is under way (or their attack, the warlord's
    in «Rise of the Crescent»), the deciding player is its Saracen player, and no step
    above the battle was started by that player for themselves (their own spy, building or
    rescript): only public parts of the state (the battle and the flow) are read."""
    d = g.decision
    b = g.s.get("battle")
    if d is None or not b or SARACEN not in (b.get("defender"), b.get("attacker")) \
            or d.player != b.get("saracen_player") \
            or d.player in (b.get("attacker"), b.get("defender")):
        return False
    stack = g.s["stack"]
    i = len(stack)
    while i:  # from the top (mypyc cannot compile reversed() of this list)
        i -= 1
        frame = stack[i]
        if frame.get("s") in ("battle", "warlord_battle"):
            return True
        if d.player in (frame.get("player"), frame.get("owner")):
            return False
    return False
