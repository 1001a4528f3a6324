"""Triggered and optional card play: buildings, spies and rescripts.

Steps:

``own_turn``        (player) the own-turn window (TURN-10, ACT-04): play spies from hand
                    (SPY-02..05), use an ``anytime`` building (Bazaar, BLDG-04), play a
                    rescript whose timing is ``turn`` (RESCRIPT-01); then ``done``.
``after_order``     (player, order, enhanced, facts) the player's matching buildings
                    (BLDG-02/03/05/06), then the other players' spies aimed at the player
                    (SPY-06/07), in turn order.
``after_battle``    (player, won) the same for ``after_battle`` triggers.
``rescript_limit``  (player) discard down to 3 rescripts (PRAY-10).
``play_rescript``   (player, card, ctx) discard a rescript and run its effect.
``offer_spy``       (player, card) a spy just drawn may be played at once (SPY-02).

Functions: :func:`battle_rescripts`, :func:`raid_rescripts`, :func:`income_rescripts`
(the rescripts a player may play now at that moment), :func:`spy_placements` (legal spy
plays, SPY-03/04/05), :func:`trigger_matches`.

A used building or spy is marked ``used`` (its ban token, BLDG-03 / SPY-07); the Income
phase clears the marks (INCOME-02). Eliminated players use no spies, buildings or
rescripts (CAPITAL-05).
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .decks import discard
from .effects import activation_cost, plain
from .flow import Decision, Step, interpreted, step
from .payment import can_pay
from .table import Table

RESCRIPT_LIMIT = 3
SPIES_PER_BOARD = 3  # SPY-03
SPIES_PER_TARGET = {4: 1, 3: 2, 2: 3}  # SPY-04 (= the crest tokens of SETUP-42)


# --- helpers -------------------------------------------------------------------------------

def trigger_matches(trigger: dict, on: str, order: str | None = None,
                    enhanced: bool | None = None, facts: dict | None = None,
                    won: bool | None = None) -> bool:
    """Does a building's or spy's trigger fire for this event?

    ``{"on": "after_order", "order": build | [..] (optional), "enhanced": bool
    (optional), "min": {fact: n}}``; ``{"on": "after_battle", "won": bool (optional)}``.
    """
    if not trigger or trigger.get("on") != on:
        return False
    want = trigger.get("order")
    if want is not None:
        wanted = (want,) if isinstance(want, str) else tuple(want)
        if order not in wanted:
            return False
    if trigger.get("enhanced") is not None and bool(trigger["enhanced"]) != bool(enhanced):
        return False
    if trigger.get("won") is not None and bool(trigger["won"]) != bool(won):
        return False
    facts = facts or {}
    for fact, n in (trigger.get("min") or {}).items():
        if int(facts.get(fact) or 0) < int(n):
            return False
    return True


def in_own_turn(g: Table, player: str) -> bool:
    """True while one of ``player``'s orders is being activated (TURN-10, ACT-04)."""
    for fr in g.s["stack"]:
        if fr.get("s") == "order" and fr.get("player") == player:
            return True
    return False


def can_act(g: Table, player: str) -> bool:
    p = g.s["players"].get(player)
    return p is not None and not p["eliminated"]


def spy_placements(g: Table, player: str, card: str) -> list[Action]:
    """Legal ways to play spy ``card`` from ``player``'s hand (SPY-02..05).

    ``Action("play_spy", card, player=target)``; when the board or the cells for that
    target are full, ``discard=<active spy>`` names the spy discarded first (SPY-05).
    """
    s = g.s
    me = s["players"][player]
    cap = SPIES_PER_TARGET.get(len(s["states"]), 1)
    acts = []
    for target in s["states"]:
        if target == player:
            continue
        active = me["spies"]
        aimed = [sp for sp in active if sp["target"] == target]
        if len(active) < SPIES_PER_BOARD and len(aimed) < cap:
            acts.append(Action("play_spy", card=card, player=target))
            continue
        seen = set()
        for sp in active:
            if sp["card"] in seen:
                continue
            seen.add(sp["card"])
            left = len(active) - 1
            left_aimed = len(aimed) - (sp["target"] == target)
            if left < SPIES_PER_BOARD and left_aimed < cap:
                acts.append(Action("play_spy", card=card, player=target, discard=sp["card"]))
    return acts


def play_spy(g: Table, player: str, a: Action) -> None:
    """Put a spy from hand onto a spy cell with the target's crest (SPY-02, SPY-05)."""
    me = B.player_w(g, player)
    if a.get("discard"):
        for i, sp in enumerate(me["spies"]):
            if sp["card"] == a.discard:
                del me["spies"][i]
                break
        discard(g, a.discard)
        B.log(g, "spy_discarded", player=player, card=a.discard)
    me["spies_hand"].remove(a.card)
    me["spies"].append({"card": a.card, "target": a.player, "used": False})
    B.log(g, "spy_played", player=player, card=a.card, target=a.player)


def _rescripts_with_timing(g: Table, player: str, timing: str) -> list[str]:
    if not can_act(g, player):
        return []
    p = g.s["players"][player]
    if not p["rescripts"] or len(p["rescripts"]) > RESCRIPT_LIMIT:  # PRAY-10: unusable
        return []                                                    # until back to 3
    return [r for r in dict.fromkeys(p["rescripts"]) if g.c.rescripts[r].timing == timing]


def battle_rescripts(g: Table, player: str) -> list[str]:
    """Rescripts with timing ``battle`` that ``player`` may play now: only in their own
    battle (attacker or defender); battle.py offers them right before or after the
    player's maneuver (BATTLE-12, RESCRIPT-05)."""
    bt = g.s.get("battle")
    if not bt or player not in (bt.get("attacker"), bt.get("defender")):
        return []
    return _rescripts_with_timing(g, player, "battle")


def raid_rescripts(g: Table, player: str) -> list[str]:
    """Rescripts with timing ``raid`` that ``player`` may play now (raids.py decides when)."""
    return _rescripts_with_timing(g, player, "raid")


def income_rescripts(g: Table, player: str) -> list[str]:
    """Rescripts with timing ``income`` (income.py decides when)."""
    return _rescripts_with_timing(g, player, "income")


def _turn_rescripts(g: Table, player: str) -> list[str]:
    return _rescripts_with_timing(g, player, "turn")


def _ctx(source: str, card: str, own_turn: bool, **more) -> dict:
    ctx = {"source": source, "card": card, "own_turn": own_turn}
    ctx.update({k: v for k, v in more.items() if v is not None})
    return ctx


# --- own turn ---------------------------------------------------------------------------

@step
class OwnTurn(Step):
    """The own-turn window (TURN-10, ACT-04, GLOSS-13): optional actions of the active
    player, then ``done``.

    Whether the window opens must depend on public information only, or its mere
    appearance would tell the other players that a hidden card is playable: it opens
    when the player holds any rescript or spy in hand (their counts are public) or has
    an unused ``anytime`` building, even if none of them can be used right now.

    * play a spy from hand (SPY-02..05);
    * use an unused ``anytime`` building, e.g. the Bazaar (BLDG-03/04);
    * play a rescript whose timing is ``turn`` (RESCRIPT-01).

    Frame: player."""

    name = "own_turn"

    @staticmethod
    def options(g: Table, player):
        p = g.s["players"][player]
        acts = []
        for card in dict.fromkeys(p["spies_hand"]):
            acts.extend(spy_placements(g, player, card))
        for b in p["buildings"]:
            building = g.c.buildings[b["card"]]
            if not b["used"] and building.trigger.get("on") == "anytime" \
                    and affordable(g, player, building.effect, own_turn=True):
                acts.append(Action("use_building", card=b["card"]))
        acts.extend(Action("play_rescript", card=r) for r in _turn_rescripts(g, player))
        return acts

    def run(self, g: Table, f):
        p = f["player"]
        f.pop("ret", None)
        if f.get("done") or not can_act(g, p):
            g.ret()
            return None
        if not window_open(g, p):
            g.ret()
            return None
        acts = self.options(g, p)
        return Decision(p, "own_turn", {}, tuple(acts) + (bare("done"),))

    def on_done(self, g: Table, f, a):
        f["done"] = True

    def on_play_spy(self, g: Table, f, a):
        play_spy(g, f["player"], a)

    def on_use_building(self, g: Table, f, a):
        use_building(g, f["player"], a.card, own_turn=True)

    def on_play_rescript(self, g: Table, f, a):
        g.call("play_rescript", player=f["player"], card=a.card, ctx={"own_turn": True})


OWN_TURN_ACTION = Action("own_turn")
"""TURN-10: "use an own-turn effect" — one action offered at the decisions of one's own
order; it opens the ``own_turn`` window, and the decision is asked again afterwards."""

DURING_ORDER_STEPS = frozenset(("order_build", "order_prayer", "order_muster",
                                "order_march", "take_card"))
"""The steps of an order at whose decisions the own-turn window may open (TURN-10:
"immediately before, after or during the activation of one's own order token"). Not
inside a payment (a payment in progress is one act), a battle (battle rescripts have
their own moments), an effect, or a reaction to the order."""


def window_during_order(g: Table, player: str) -> bool:
    """May ``player`` open the own-turn window now, in the middle of their own order?
    Every frame from the ``order`` frame up is one of :data:`DURING_ORDER_STEPS`, no
    battle is in progress, and the window would open (:func:`window_open`: public
    information only)."""
    s = g.s
    if s.get("battle") or not window_open(g, player):
        return False
    stack = s["stack"]
    for i in range(len(stack) - 1, -1, -1):
        name = stack[i]["s"]
        if name == "order":
            return stack[i]["player"] == player and can_act(g, player)
        if name not in DURING_ORDER_STEPS:
            return False
    return False


def asked(g: Table, frame: dict, d: Decision) -> Decision:
    """The decision ``d`` of the step in ``frame`` as the player is asked it: with
    :data:`OWN_TURN_ACTION` added at the steps of one's own order
    (:data:`DURING_ORDER_STEPS`) when :func:`window_during_order` holds for the deciding
    player (TURN-10). The game asks every decision through this, and determinize rebuilds
    one the same way."""
    if frame["s"] in DURING_ORDER_STEPS and window_during_order(g, d.player):
        return Decision(d.player, d.prompt, d.params, d.actions + (OWN_TURN_ACTION,))
    return d


def window_open(g: Table, player: str) -> bool:
    """Does the own-turn window open? Public information only (see :class:`OwnTurn`)."""
    p = g.s["players"][player]
    if p["spies_hand"] or p["rescripts"]:
        return True
    for b in p["buildings"]:  # asked at every decision of an order: a plain loop
        if not b["used"] and g.c.buildings[b["card"]].trigger.get("on") == "anytime":
            return True
    return False


def affordable(g: Table, player: str, effect, own_turn: bool) -> bool:
    """A card whose effect starts with a payment may be activated only if it can be paid
    (BLDG-04: the Bazaar's effect is paid with 1 good)."""
    cost = activation_cost(effect)
    if not cost:
        return True
    return can_pay(g, player, cost, 0, own_turn)


def use_building(g: Table, player: str, card: str, own_turn: bool = True, **ctx) -> None:
    """Activate a building: ban token on it (BLDG-03), then its effect."""
    for b in B.player_w(g, player)["buildings"]:
        if b["card"] == card:
            b["used"] = True
            break
    B.log(g, "building_used", player=player, card=card)
    g.call("effect", player=player, ops=plain(g.c.buildings[card].effect),
           ctx=_ctx("building", card, own_turn, activated=True, **ctx))


def use_spy(g: Table, owner: str, card: str, target: str) -> None:
    """Activate a spy: flip its crest to the ban side (SPY-07), announce it (SPY-08), then
    its bonus for its owner; ``who: opponent`` is the spied-on player."""
    for sp in B.player_w(g, owner)["spies"]:
        if sp["card"] == card:
            sp["used"] = True
            break
    B.log(g, "spy_used", player=owner, card=card, target=target)
    g.call("effect", player=owner, ops=plain(g.c.spies[card].effect),
           ctx=_ctx("spy", card, False, opponent=target, activated=True))


# --- after an order / a battle ------------------------------------------------------------

def _spied_on(g: Table, player: str) -> bool:
    """Does another player have an unused spy aimed at ``player``? Every spy a reaction
    may offer is one (:meth:`_Reactions.spy_options`), and most reactions find none: this
    plain scan spares them the turn order and the per-owner checks."""
    for owner, p in g.s["players"].items():
        if owner != player:
            for sp in p["spies"]:
                if sp["target"] == player and not sp["used"]:
                    return True
    return False


@interpreted
class _Reactions(Step):
    """Shared machinery of ``after_order`` and ``after_battle``: first the player's own
    matching buildings (any order, each once per round), then every other player's
    unused spies aimed at the player whose trigger matches, owners in turn order."""

    on = ""

    def matches(self, f, trigger) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def buildings_allowed(self, g: Table, f) -> bool:
        return True

    def building_options(self, g: Table, f):
        p = f["player"]
        if f.get("bdone") or not can_act(g, p) or not g.s["players"][p]["buildings"] \
                or not self.buildings_allowed(g, f):  # (pure reads: any order is fine)
            return []
        own = in_own_turn(g, p) or self.on == "after_order"
        return [b["card"] for b in g.s["players"][p]["buildings"]
                if not b["used"] and self.matches(f, g.c.buildings[b["card"]].trigger)
                and affordable(g, p, g.c.buildings[b["card"]].effect, own)]

    def spy_options(self, g: Table, f, owner):
        if owner == f["player"] or owner in f.get("passed", ()) or not can_act(g, owner):
            return []
        if not g.s["players"][owner]["spies"]:
            return []
        return [sp["card"] for sp in g.s["players"][owner]["spies"]
                if not sp["used"] and sp["target"] == f["player"]
                and self.matches(f, g.c.spies[sp["card"]].trigger)
                and affordable(g, owner, g.c.spies[sp["card"]].effect, False)]

    def run(self, g: Table, f):
        f.pop("ret", None)
        p = f["player"]
        opts = self.building_options(g, f)
        if opts:
            return Decision(p, self.name + "_buildings", self.params(f),
                            tuple(Action("use_building", card=c) for c in opts)
                            + (bare("done"),))
        for owner in B.turn_order(g) if _spied_on(g, p) else ():
            spies = self.spy_options(g, f, owner)
            if spies:
                params = dict(self.params(f), player=p)
                return Decision(owner, self.name + "_spies", params,
                                tuple(Action("use_spy", card=c) for c in spies)
                                + (bare("pass"),))
        g.ret()
        return None

    def params(self, f):
        return {}

    def on_done(self, g: Table, f, a):
        f["bdone"] = True

    def on_use_building(self, g: Table, f, a):
        p = f["player"]
        use_building(g, p, a.card, own_turn=in_own_turn(g, p) or self.on == "after_order")

    def on_use_spy(self, g: Table, f, a):
        use_spy(g, g.decider, a.card, f["player"])

    def on_pass(self, g: Table, f, a):
        f.setdefault("passed", []).append(g.decider)


@step
class AfterOrder(_Reactions):
    """After an order is fully resolved (BLDG-02, BLDG-05, BLDG-06, SPY-06, SPY-07).

    Frame: player, order, enhanced, facts. The player may activate each unused building
    whose trigger ``{"on": "after_order", "order", "enhanced"?, "min"?}`` matches, once
    per round each, in any order (a building built by this very order counts, BLDG-05).
    Then each other player, in turn order, may activate their unused spies aimed at the
    player whose trigger matches (not eliminated players, CAPITAL-05)."""

    name = "after_order"
    on = "after_order"

    def matches(self, f, trigger):
        return trigger_matches(trigger, "after_order", order=f.get("order"),
                               enhanced=f.get("enhanced"), facts=f.get("facts"))

    def params(self, f):
        return {"order": f.get("order")}


@step
class AfterBattle(_Reactions):
    """After a battle the player fought (``{"on": "after_battle", "won"?}``). Buildings
    only in the player's own turn (BLDG-02); spies of others aimed at the player.
    Frame: player, won."""

    name = "after_battle"
    on = "after_battle"

    def matches(self, f, trigger):
        return trigger_matches(trigger, "after_battle", won=f.get("won"))

    def buildings_allowed(self, g: Table, f):
        return in_own_turn(g, f["player"])

    def params(self, f):
        return {"won": bool(f.get("won"))}


# --- spies drawn ---------------------------------------------------------------------------

@step
class OfferSpy(Step):
    """SPY-02: a spy just drawn may be placed at once, or kept in hand (SPY-09) to be
    played in a later own turn. Frame: player, card."""

    name = "offer_spy"

    def run(self, g: Table, f):
        p = f["player"]
        if f.get("done") or not can_act(g, p) or f["card"] not in g.s["players"][p]["spies_hand"]:
            g.ret()
            return None
        acts = spy_placements(g, p, f["card"])
        if not acts:
            g.ret()
            return None
        return Decision(p, "play_drawn_spy", {"card": f["card"]},
                        tuple(acts) + (Action("keep", card=f["card"]),))

    def on_play_spy(self, g: Table, f, a):
        f["done"] = True
        play_spy(g, f["player"], a)

    def on_keep(self, g: Table, f, a):
        """SPY-09: the spy stays in hand for a later own turn."""
        f["done"] = True


# --- rescripts -----------------------------------------------------------------------------

@step
class RescriptLimit(Step):
    """PRAY-10, RESCRIPT-04: over 3 rescripts, discard at once until 3 remain.
    Frame: player."""

    name = "rescript_limit"

    def run(self, g: Table, f):
        p = f["player"]
        hand = g.s["players"][p]["rescripts"]
        if len(hand) <= RESCRIPT_LIMIT:
            g.ret()
            return None
        return Decision(p, "rescript_limit", {"n": len(hand) - RESCRIPT_LIMIT},
                        tuple(Action("discard_rescript", card=r) for r in dict.fromkeys(hand)))

    def on_discard_rescript(self, g: Table, f, a):
        p = f["player"]
        B.player_w(g, p)["rescripts"].remove(a.card)
        discard(g, a.card)
        B.log(g, "rescript_discarded", player=p, card=a.card)


@step
class PlayRescript(Step):
    """RESCRIPT-01/02: discard a rescript at its moment (free) and run its effect.
    Frame: player, card, ctx."""

    name = "play_rescript"

    def run(self, g: Table, f):
        if f.get("played"):
            g.ret()
            return None
        p = f["player"]
        card = f["card"]
        f["played"] = True
        B.player_w(g, p)["rescripts"].remove(card)
        discard(g, card)
        r = g.c.rescripts[card]
        B.log(g, "rescript_played", player=p, card=card)
        ctx = dict(f.get("ctx") or {})
        ctx.setdefault("source", "rescript")
        ctx.setdefault("card", card)
        bt = g.s.get("battle")
        if r.timing == "battle" and bt:
            side = "attacker" if p == bt.get("attacker") else "defender"
            other = "defender" if side == "attacker" else "attacker"
            ctx.setdefault("battle", True)
            ctx.setdefault("side", side)
            ctx.setdefault("city", bt.get("city"))
            ctx.setdefault("opponent", bt.get(other))
            ctx.setdefault("chooser", p)
        g.call("effect", player=p, ops=plain(r.effect), ctx=ctx)
        return None


@interpreted
class _RescriptWindow(Step):
    """Offer the rescripts of one timing: play one (then maybe another) or pass."""

    prompt = ""

    def playable(self, g: Table, f):  # pragma: no cover - interface
        raise NotImplementedError

    def ctx(self, g: Table, f):
        return {"own_turn": False}

    def run(self, g: Table, f):
        f.pop("ret", None)
        cards = [] if f.get("done") else self.playable(g, f)
        if not cards:
            g.ret()
            return None
        return Decision(f["player"], self.prompt, {k: v for k, v in f.items()
                                                   if k in ("moment", "city")},
                        tuple(Action("play_rescript", card=c) for c in cards)
                        + (bare("pass"),))

    def on_pass(self, g: Table, f, a):
        f["done"] = True

    def on_play_rescript(self, g: Table, f, a):
        g.call("play_rescript", player=f["player"], card=a.card, ctx=self.ctx(g, f))


@step
class BattleRescripts(_RescriptWindow):
    """RESCRIPT-05, BATTLE-12: right before or after their own maneuver a player may play
    battle rescripts (battle.py calls this). Frame: player, moment."""

    name = "battle_rescripts"
    prompt = "battle_rescripts"

    def playable(self, g: Table, f):
        return battle_rescripts(g, f["player"])


@step
class RaidRescripts(_RescriptWindow):
    """Rescripts with timing ``raid`` while the player's city is raided (raids.py calls
    this). Frame: player, city."""

    name = "raid_rescripts"
    prompt = "raid_rescripts"

    def playable(self, g: Table, f):
        return raid_rescripts(g, f["player"])

    def ctx(self, g: Table, f):
        return {"own_turn": False, "raid": True, "city": f.get("city")}
