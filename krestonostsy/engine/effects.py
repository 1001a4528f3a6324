"""Card effects: the ``effect`` step and one handler per op of the vocabulary.

Every op of :data:`krestonostsy.content.vocabulary.OPS` is implemented here exactly once,
except the battle ops (``strength``, ``smash``, ``rout``, ``reinforce``, ``add_units``,
``casualties``, ``prevent_destruction`` and ``destroy_city`` inside a battle), which
``battle.py`` registers: through :func:`op` (``@op("destroy_city", context="battle")`` for
the in-battle variant of an op that also exists outside battles), or by writing into
:data:`OP_HANDLERS` (battle.py currently wraps ``destroy_city`` that way). The registry
imports nothing at load time; games look handlers up through their ruleset
(:func:`handler_for`, ``engine/ruleset.py``), which imports every rules module first.
``raid_defence`` keeps its bonus on the ``raids`` frame (see the handler).

The ``effect`` step (frame: ``player``, ``ops``, ``ctx``) runs the ops in order for
``player`` (the card's owner, "you"). A handler ``handler(g, f, op)`` either changes the
state at once or pushes a child step (a choice, a payment, a nested effect); the effect
step continues with the next op when the child returns.

``ctx`` keys (all optional):

``opponent``  the target of ``who: opponent`` (the other side of a battle, the player a
              spy was aimed at, ...); ``"saracen"`` or None means no player
``city``      the city the effect is about (the raided city, the battle city)
``raid``      True while a raid table is applied (RAID-09)
``battle``    True for effects inside a battle (tactics, battle rescripts)
``chooser``   who makes the target's choices (BATTLE-15: the Saracen player for Saracen
              cards); by default the target chooses
``own_turn``  True when the effect runs in its owner's own turn (TURN-10)
``source``, ``card``  where the effect comes from (for the log)

Rule IDs: SYM-12/13/20/30..40/50/55/62..68/80/84/85, GLOSS-03/04/08/09/12, BATTLE-20,
BISHOP-03/05, BLDG-06, PRAY-03/10.
"""
from __future__ import annotations

import json
import marshal

from . import board as B
from . import rng
from .actions import Action
from .flow import Decision, EngineError, Step, step
from .state import SARACEN

OP_HANDLERS: dict = {}
"""op name -> handler(g, f, op) (outside battles, or for every context)."""
BATTLE_OP_HANDLERS: dict = {}
"""op name -> handler for ops whose meaning differs inside a battle (``ctx["battle"]``)."""

COLOURS = B.GOOD_COLOURS


def op(name: str, context: str | None = None):
    """Decorator: register ``handler(g, f, op)`` for the op ``name``.

    ``context="battle"`` registers the in-battle variant of an op (used when the effect's
    ``ctx["battle"]`` is true and a battle is in progress). Registering a name twice is a
    bug, except that re-importing the same function (module reload) is tolerated.
    """
    table = BATTLE_OP_HANDLERS if context == "battle" else OP_HANDLERS

    def deco(fn):
        old = table.get(name)
        if old is not None and (old.__module__, old.__qualname__) != (fn.__module__,
                                                                      fn.__qualname__):
            raise EngineError(f"op {name!r} registered twice")
        table[name] = fn
        return fn
    return deco


def handler_for(g, name: str, ctx: dict):
    """The handler of op ``name`` in this context, from the game's ruleset (``g.rules``:
    these registries with its scenario's hooks on top, see ``Ruleset.op_handler``)."""
    return g.rules.op_handler(name, bool(ctx.get("battle")))


# --- small helpers -----------------------------------------------------------------------

_LEAVES = frozenset((str, int, bool, float, type(None)))


def plain(value):
    """Content effect data (tuples, frozen mappings) as plain JSON-able lists and dicts."""
    t = type(value)
    if t in _LEAVES:  # the common cases first, by exact type (same result as below)
        return value
    if t is dict:
        return {k if type(k) is str else str(k): v if type(v) in _LEAVES else plain(v)
                for k, v in value.items()}
    if t is tuple or t is list:
        return [v if type(v) in _LEAVES else plain(v) for v in value]
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def metric(g, player: str, name: str) -> int:
    """A vocabulary metric of ``player`` (``scoring.metric``); 0 for the Saracens."""
    if not is_player(g, player):
        return 0
    from .scoring import metric as scoring_metric  # lazy: scoring imports many modules
    return int(scoring_metric(g, player, name))


def amount(g, f: dict, value) -> int:
    """Evaluate an ``amount``: an int, or ``{base, per: metric[:colour], each}``
    (SYM-83: base + each × metric of the effect's owner)."""
    if value is None:
        return 1
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    base = int(value.get("base", 0))
    per = value.get("per")
    each = int(value.get("each", 1))
    n = base + (each * metric(g, f["player"], per) if per else 0)
    if value.get("max") is not None:
        n = min(n, int(value["max"]))
    return max(0, n)


def is_player(g, who) -> bool:
    return isinstance(who, str) and who in g.s["players"]


def target_of(g, f: dict, o: dict):
    """The player an op is aimed at: ``who: opponent`` = ``ctx["opponent"]``, else you."""
    if o.get("who", "you") == "opponent":
        t = f.get("ctx", {}).get("opponent")
    else:
        t = f["player"]
    return t if is_player(g, t) else None


def chooser_of(f: dict, target: str) -> str:
    """Who makes the target's choices (BATTLE-15: the Saracen player for Saracen cards)."""
    return f.get("ctx", {}).get("chooser") or target


def draw_card(g, deck: str):
    """The top card of ``deck`` (top = last); an empty deck is first rebuilt from its
    face-up discards (DISCARD-04). None when both are empty. Drawing is a barrier."""
    s = g.s
    cards = s["decks"].setdefault(deck, [])
    if not cards:
        pile = s["discards"].setdefault(deck, [])
        if not pile:
            return None
        cards.extend(pile)
        pile.clear()
        rng.shuffle(s, cards)
        B.log(g, "deck_reshuffled", deck=deck)
    s["barrier"] += 1
    return cards.pop()


def discard_card(g, card_id: str) -> None:
    """A discarded card goes face up under the deck of its type and level (DISCARD-01)."""
    c = g.c
    if card_id in c.buildings:
        pile = c.buildings[card_id].deck
    elif card_id in c.rescripts:
        pile = "rescripts_1" if c.rescripts[card_id].level == 1 else "rescripts_2"
    elif card_id in c.spies:
        pile = "spies"
    elif card_id in c.governors:
        pile = "governors"
    elif card_id in c.tactics:
        pile = c.tactics[card_id].deck
    elif card_id in c.saracens:
        pile = "saracens"
    else:
        raise EngineError(f"cannot discard unknown card {card_id!r}")
    g.s["discards"].setdefault(pile, []).append(card_id)


def set_city_level(g, city: str, level: int) -> None:
    """``cities.set_level``: clamped 1..3, goods follow the sector (BUILD-09, BATTLE-23)."""
    from .cities import set_level
    set_level(g, city, level)


def bishop_totals(g, city: str) -> dict:
    """{owner: total bishop level} in a city."""
    totals: dict = {}
    for owner, level, _no in g.s["cities"][city]["bishops"]:
        totals[owner] = totals.get(owner, 0) + level
    return totals


def _saracen_cities_adjacent(g, player: str) -> list[str]:
    mine = set(B.cities_of(g, player))
    out = []
    for cid in B.existing_cities(g):
        if cid in mine or B.controller(g, cid) != SARACEN:
            continue
        if any(n in mine for n in B.adjacent(g, cid)):
            out.append(cid)
    return out


_EFFECT_DATA: dict = {}
"""id(content effect tuple) -> (the tuple, its plain form marshalled); content is frozen."""


def effect_data(ops) -> list:
    """A content effect (tuples of op mappings) as fresh plain lists/dicts for a frame.

    Frames must hold JSON data; converting a card's effect once and copying the cached
    result is what keeps effect-heavy steps (battles, events) cheap."""
    if type(ops) is tuple:
        hit = _EFFECT_DATA.get(id(ops))
        if hit is None or hit[0] is not ops:
            data = json.loads(json.dumps(list(ops)))
            hit = _EFFECT_DATA[id(ops)] = (ops, marshal.dumps(data))
        return marshal.loads(hit[1])
    return json.loads(json.dumps(list(ops)))


# --- the effect step ----------------------------------------------------------------------

@step
class EffectStep(Step):
    """Run a list of effect ops in order. Frame: player, ops, ctx. Returns None."""

    name = "effect"

    def run(self, g, f):
        if "i" not in f:
            f["i"] = 0
            f["ops"] = plain(f.get("ops") or [])
            f["ctx"] = plain(f.get("ctx") or {})
        f.pop("ret", None)
        ops = f["ops"]
        if f["i"] >= len(ops):
            g.ret()
            return None
        o = ops[f["i"]]
        f["i"] += 1
        handler_for(g, o["op"], f["ctx"])(g, f, o)
        return None


def run_effect(g, player: str, ops, ctx: dict | None = None) -> None:
    """Push an ``effect`` step (a convenience for other modules)."""
    g.call("effect", player=player, ops=plain(ops), ctx=plain(ctx or {}))


def _nested(g, f, ops) -> None:
    if ops:
        if isinstance(ops, dict):
            ops = [ops]
        g.call("effect", player=f["player"], ops=ops, ctx=f["ctx"])


# --- resources ----------------------------------------------------------------------------

@op("gain_coins")
def op_gain_coins(g, f, o):
    """SYM-31: take coins from the supply (by value)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.s["players"][t]["coins"] += n
        B.log(g, "coins_gained", player=t, n=n)


@op("pay_coins")
def op_pay_coins(g, f, o):
    """SYM-32: pay coins to the supply, as many as the target has."""
    t = target_of(g, f, o)
    if t:
        p = g.s["players"][t]
        n = min(p["coins"], amount(g, f, o.get("amount")))
        if n:
            p["coins"] -= n
            B.log(g, "coins_paid", player=t, n=n)


@op("steal_coins")
def op_steal_coins(g, f, o):
    """The opponent pays you coins, as many as they have."""
    t = f["ctx"].get("opponent")
    if not is_player(g, t) or t == f["player"]:
        return
    n = min(g.s["players"][t]["coins"], amount(g, f, o.get("amount")))
    if n:
        g.s["players"][t]["coins"] -= n
        g.s["players"][f["player"]]["coins"] += n
        B.log(g, "coins_stolen", player=f["player"], victim=t, n=n)


@op("gain_influence")
def op_gain_influence(g, f, o):
    """SYM-30: influence, kept secret (TURN-09): only the gainer reads the amount."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.s["players"][t]["influence"] += n
        B.log(g, "influence_gained", visibility=(t,), player=t, n=n)


@op("gain_sanctity")
def op_gain_sanctity(g, f, o):
    """PRAY-03: gained sanctity moves the piece at once (the ``gain_sanctity`` step)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("gain_sanctity", player=t, amount=n)


@op("lose_sanctity")
def op_lose_sanctity(g, f, o):
    """Move the piece left, occupied cells costing nothing (mirror of PRAY-04), never
    below cell 0; no bonuses are gained or lost."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if not t or not n:
        return
    pos = g.s["sanctity"]
    occupied = {c for piece, c in pos.items() if piece != t}
    cur = pos[t]
    for _ in range(n):
        nxt = cur - 1
        while nxt >= 0 and nxt in occupied:
            nxt -= 1
        if nxt < 0:
            break
        cur = nxt
    if cur != pos[t]:
        B.log(g, "sanctity_lost", player=t, frm=pos[t], to=cur)
        pos[t] = cur


@op("restore_goods")
def op_restore_goods(g, f, o):
    """GLOSS-03: flip up to x spent (unblocked) goods back to their coloured side."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="restore", target=t, chooser=t, n=n)


@op("spend_goods")
def op_spend_goods(g, f, o):
    """SYM-39: the target flips x ready goods of its choice to spent."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="spend", target=t, chooser=chooser_of(f, t), n=n)


@op("block_goods")
def op_block_goods(g, f, o):
    """GLOSS-04, SYM-40: the target blocks x goods of its choice (unspent ones are
    flipped to spent); they are not restored in the next Income phase."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_goods", mode="block", target=t, chooser=chooser_of(f, t), n=n)


@step
class GoodsChoice(Step):
    """Restore / spend / block n goods, one at a time; a decision only when the choice
    matters. Frame: mode, target, chooser, n."""

    name = "op_goods"

    @staticmethod
    def options(g, f):
        goods = g.s["players"][f["target"]]["goods"]
        mode = f["mode"]
        out = []
        for colour in COLOURS:
            row = goods.get(colour)
            if not row:
                continue
            if mode == "restore" and row[1]:
                out.append((colour, None, row[1]))
            elif mode == "spend" and row[0]:
                out.append((colour, None, row[0]))
            elif mode == "block":
                if row[0]:
                    out.append((colour, False, row[0]))
                if row[1]:
                    out.append((colour, True, row[1]))
        return out

    def run(self, g, f):
        opts = self.options(g, f)
        if f["n"] <= 0 or not opts:
            g.ret()
            return None
        if len(opts) == 1 or sum(k for _c, _s, k in opts) <= f["n"]:
            colour, spent, _k = opts[0]
            self.apply(g, f, colour, spent)
            return None
        kind = f["mode"] + "_good"
        acts = tuple(Action(kind, colour=c) if s is None else Action(kind, colour=c, spent=s)
                     for c, s, _k in opts)
        return Decision(f["chooser"], "choose_" + kind, {"player": f["target"], "n": f["n"]},
                        acts)

    def act(self, g, f, a):
        self.apply(g, f, a.colour, a.get("spent"))

    @staticmethod
    def apply(g, f, colour, spent):
        row = g.s["players"][f["target"]]["goods"][colour]
        t = f["target"]
        if f["mode"] == "restore":
            row[1] -= 1
            row[0] += 1
            B.log(g, "good_restored", player=t, colour=colour)
        elif f["mode"] == "spend":
            row[0] -= 1
            row[1] += 1
            B.log(g, "good_spent", player=t, colour=colour)
        else:
            row[1 if spent else 0] -= 1
            row[2] += 1
            B.log(g, "good_blocked", player=t, colour=colour)
        f["n"] -= 1


# --- cards --------------------------------------------------------------------------------

@op("draw_rescript")
def op_draw_rescript(g, f, o):
    """SYM-64/68: the top rescript of the level's deck, then the limit of 3 (PRAY-10)."""
    t = target_of(g, f, o)
    if not t:
        return
    level = int(o.get("level", 1))
    card = draw_card(g, "rescripts_1" if level == 1 else "rescripts_2")
    if card is None:
        return
    g.s["players"][t]["rescripts"].append(card)
    B.log(g, "rescript_drawn", player=t, level=level)
    B.log(g, "rescript_drawn_card", visibility=(t,), player=t, card=card)
    g.call("rescript_limit", player=t)


@op("draw_spy")
def op_draw_spy(g, f, o):
    """SYM-67: the top spy; it may be played at once (SPY-02, step ``offer_spy``)."""
    t = target_of(g, f, o)
    if not t:
        return
    card = draw_card(g, "spies")
    if card is None:
        return
    g.s["players"][t]["spies_hand"].append(card)
    B.log(g, "spy_drawn", player=t)
    B.log(g, "spy_drawn_card", visibility=(t,), player=t, card=card)
    g.call("offer_spy", player=t, card=card)


@op("discard_rescript")
def op_discard_rescript(g, f, o):
    """The target discards a rescript of its choice, if it has one (DISCARD-01)."""
    t = target_of(g, f, o)
    if t and g.s["players"][t]["rescripts"]:
        g.call("op_discard", kind="rescript", target=t, chooser=chooser_of(f, t), n=1)


@op("discard_tactic")
def op_discard_tactic(g, f, o):
    """BATTLE-20: discard x non-starting tactics of the target's choice from hand and take
    as many starting tactics back from the personal discard (hand stays 5, MUSTER-05)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_discard", kind="tactic", target=t, chooser=chooser_of(f, t), n=n, back=0)


@op("discard_building")
def op_discard_building(g, f, o):
    """The target discards one of its buildings (BATTLE-15: the Saracen player chooses
    for Saracen cards)."""
    t = target_of(g, f, o)
    if t and g.s["players"][t]["buildings"]:
        g.call("op_discard", kind="building", target=t, chooser=chooser_of(f, t), n=1)


@step
class DiscardChoice(Step):
    """Discard n cards of a kind (rescript / tactic / building) chosen by ``chooser``; for
    tactics, then take ``back`` starting tactics from the personal discard (BATTLE-20).
    Frame: kind, target, chooser, n (, back)."""

    name = "op_discard"

    @staticmethod
    def options(g, f):
        p = g.s["players"][f["target"]]
        kind = f["kind"]
        if kind == "rescript":
            return list(dict.fromkeys(p["rescripts"]))
        if kind == "building":
            return list(dict.fromkeys(b["card"] for b in p["buildings"]))
        if kind == "tactic":
            return list(dict.fromkeys(t for t in p["tactics"] if not g.c.tactics[t].starting))
        if kind == "take_back":
            return list(dict.fromkeys(p["personal_discard"]))
        raise EngineError(kind)

    def run(self, g, f):
        if f["kind"] == "tactic" and f["chooser"] == f["target"]:
            return self.run_tactic(g, f)
        if f["n"] > 0:
            opts = self.options(g, f)
            if opts:
                if len(opts) <= f["n"]:  # no real choice: every option goes
                    self.apply(g, f, opts[0])
                    return None
                return Decision(f["chooser"], "discard_" + f["kind"],
                                {"player": f["target"], "n": f["n"]},
                                tuple(Action("discard", card=c) for c in opts))
            f["n"] = 0
        if f["kind"] == "tactic" and f.get("back"):
            # the target itself picks the starting tactics it takes back (BATTLE-16/20)
            f["kind"] = "take_back"
            f["chooser"] = f["target"]
            f["n"] = f.pop("back")
            return None  # run() is called again for the take-back part
        g.ret()
        return None

    def run_tactic(self, g, f):
        """The target's own choice: each step discards one non-starting tactic and takes
        one starting tactic back, in one action, so the hand never leaves 5 (MUSTER-05)."""
        opts = self.options(g, f) if f["n"] > 0 else []
        if not opts:
            g.ret()
            return None
        backs = list(dict.fromkeys(g.s["players"][f["target"]]["personal_discard"]))
        k = min(f["n"], len(opts))
        cards = opts[:1] if len(opts) <= f["n"] else opts
        take = backs[:1] if len(backs) <= k else backs
        if len(cards) == 1 and len(take) <= 1:
            self.apply_pair(g, f, cards[0], take[0] if take else None)
            return None
        acts = tuple(Action("discard", card=c, back=b) for c in cards for b in (take or [None]))
        return Decision(f["chooser"], "discard_tactic", {"player": f["target"], "n": f["n"]},
                        acts)

    def act(self, g, f, a):
        if f["kind"] == "tactic" and f["chooser"] == f["target"]:
            self.apply_pair(g, f, a.card, a.get("back"))
        else:
            self.apply(g, f, a.card)

    def apply_pair(self, g, f, card, back):
        self.apply(g, f, card)
        f.pop("back", None)
        if back:
            t = f["target"]
            p = g.s["players"][t]
            p["personal_discard"].remove(back)
            p["tactics"].append(back)
            B.log(g, "starting_tactic_taken_back", visibility=(t,), player=t, card=back)

    @staticmethod
    def apply(g, f, card):
        t = f["target"]
        p = g.s["players"][t]
        kind = f["kind"]
        if kind == "rescript":
            p["rescripts"].remove(card)
            discard_card(g, card)
            B.log(g, "rescript_discarded", player=t, card=card)
        elif kind == "building":
            for i, b in enumerate(p["buildings"]):
                if b["card"] == card:
                    del p["buildings"][i]
                    break
            discard_card(g, card)
            B.log(g, "building_discarded", player=t, card=card)
        elif kind == "tactic":
            p["tactics"].remove(card)
            discard_card(g, card)
            f["back"] = f.get("back", 0) + 1
            B.log(g, "tactic_discarded", player=t, card=card)
        else:  # take_back
            p["personal_discard"].remove(card)
            p["tactics"].append(card)
            B.log(g, "starting_tactic_taken_back", visibility=(t,), player=t, card=card)
        f["n"] -= 1


@op("replace_governor")
def op_replace_governor(g, f, o):
    """SYM-66: discard the governor of one of your cities and take one from the market."""
    p = f["player"]
    if any(g.s["cities"][c]["governor"] for c in B.cities_of(g, p)):
        g.call("op_governor", player=p)


@step
class GovernorChoice(Step):
    """SYM-66. Frame: player; ``city`` once chosen."""

    name = "op_governor"

    def run(self, g, f):
        p = f["player"]
        if "city" in f:  # take_card has returned
            card = f.get("ret")
            if card:
                g.s["cities"][f["city"]]["governor"] = card
                B.log(g, "governor_appointed", player=p, card=card, city=f["city"])
            g.ret()
            return None
        opts = [c for c in B.cities_of(g, p) if g.s["cities"][c]["governor"]]
        if not opts:
            g.ret()
            return None
        if len(opts) == 1:
            self.replace(g, f, opts[0])
            return None
        return Decision(p, "replace_governor", {},
                        tuple(Action("replace_governor", city=c) for c in opts))

    def act(self, g, f, a):
        self.replace(g, f, a.city)

    @staticmethod
    def replace(g, f, city):
        c = g.s["cities"][city]
        old = c["governor"]
        c["governor"] = None
        discard_card(g, old)
        B.log(g, "governor_discarded", player=f["player"], card=old, city=city)
        f["city"] = city
        f.pop("ret", None)
        g.call("take_card", player=f["player"], markets=["governors"], optional=False,
               discount=0, free=True)


# --- cities, units, bishops ---------------------------------------------------------------

@op("upgrade_city")
def op_upgrade_city(g, f, o):
    """SYM-12: raise one of your cities by 1 level for free (``capital: true``: the
    capital)."""
    p = f["player"]
    cs = B.cities_of(g, p)
    if not cs:
        return
    if o.get("capital"):
        if B.city_level(g, cs[0]) < 3:
            _level_change(g, p, cs[0], +1)
        return
    g.call("op_city", mode="upgrade", target=p, chooser=p, n=1)


@op("destroy_city")
def op_destroy_city(g, f, o):
    """SYM-13 outside a battle: the raided city in a raid table, else one of the target's
    cities of its choice (one that can still be lowered), never below 1 (§14.10)."""
    ctx = f["ctx"]
    if ctx.get("raid") and ctx.get("city"):
        city = ctx["city"]
        if B.city_level(g, city) > 1:
            _level_change(g, B.controller(g, city), city, -1)
        return
    t = target_of(g, f, o)
    if t:
        g.call("op_city", mode="destroy", target=t, chooser=chooser_of(f, t), n=1)


@op("place_units")
def op_place_units(g, f, o):
    """SYM-20: place x units from your supply into your cities, split as you like."""
    p = f["player"]
    n = min(amount(g, f, o.get("amount")), g.s["players"][p]["units"])
    if n > 0 and B.cities_of(g, p):
        g.call("op_city", mode="place", target=p, chooser=p, n=n)


@op("discard_units")
def op_discard_units(g, f, o):
    """The target removes x non-last units (GLOSS-08, EX-GLOSS-1) from one city to its
    supply: the raided city in a raid table, else a city of its choice."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if not t or not n:
        return
    ctx = f["ctx"]
    if ctx.get("raid") and ctx.get("city"):
        _discard_units(g, t, ctx["city"], n)
        return
    g.call("op_city", mode="discard", target=t, chooser=chooser_of(f, t), n=n)


def _discard_units(g, player, city, n):
    k = min(n, B.units(g, city, player) - 1)
    if k > 0:
        B.add_units(g, city, player, -k)
        B.to_supply(g, player, k)
        B.log(g, "units_discarded", player=player, city=city, n=k)


def _level_change(g, player, city, delta):
    old = B.city_level(g, city)
    set_city_level(g, city, old + delta)
    new = B.city_level(g, city)
    if new != old:
        B.log(g, "city_upgraded" if delta > 0 else "city_destroyed", player=player,
              city=city, level=new)


@step
class CityChoice(Step):
    """Pick a city for upgrade / destroy / place (per unit) / discard units.
    Frame: mode, target, chooser, n. The city must be one where the effect does
    something, if there is one (GLOSS-08: applied as fully as possible)."""

    name = "op_city"

    @staticmethod
    def options(g, f):
        t = f["target"]
        cs = B.cities_of(g, t)
        mode = f["mode"]
        if mode == "upgrade":
            return [c for c in cs if B.city_level(g, c) < 3]
        if mode == "destroy":
            return [c for c in cs if B.city_level(g, c) > 1]
        if mode == "place":
            return list(cs) if g.s["players"][t]["units"] > 0 else []
        if mode == "discard":
            return [c for c in cs if B.units(g, c, t) > 1]
        raise EngineError(mode)

    def run(self, g, f):
        opts = self.options(g, f) if f["n"] > 0 else []
        if not opts:
            g.ret()
            return None
        if len(opts) == 1:
            self.apply(g, f, opts[0])
            return None
        kind = {"upgrade": "upgrade_city", "destroy": "destroy_city", "place": "place_unit",
                "discard": "discard_units"}[f["mode"]]
        return Decision(f["chooser"], kind, {"player": f["target"], "n": f["n"]},
                        tuple(Action(kind, city=c) for c in opts))

    def act(self, g, f, a):
        self.apply(g, f, a.city)

    @staticmethod
    def apply(g, f, city):
        t = f["target"]
        mode = f["mode"]
        if mode == "upgrade":
            _level_change(g, t, city, +1)
            f["n"] = 0
        elif mode == "destroy":
            _level_change(g, t, city, -1)
            f["n"] = 0
        elif mode == "place":
            if B.from_supply(g, t, 1):
                B.add_units(g, city, t, 1)
                B.log(g, "units_placed", player=t, city=city, n=1)
            f["n"] -= 1
        else:
            _discard_units(g, t, city, f["n"])
            f["n"] = 0


@op("move_units")
def op_move_units(g, f, o):
    """SYM-50: move up to x of your non-last units from one of your cities to an adjacent
    city you control."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("op_move_units", player=f["player"], n=n)


@step
class MoveUnits(Step):
    """SYM-50. Frame: player, n."""

    name = "op_move_units"

    def run(self, g, f):
        if f.get("done"):
            g.ret()
            return None
        p = f["player"]
        mine = B.cities_of(g, p)
        acts = []
        for a in mine:
            spare = min(f["n"], B.units(g, a, p) - 1)
            if spare <= 0:
                continue
            for b in B.adjacent(g, a):
                if b in mine:
                    acts.extend(Action("move_units", source=a, to=b, n=k)
                                for k in range(1, spare + 1))
        if not acts:
            g.ret()
            return None
        return Decision(p, "move_units", {"n": f["n"]}, tuple(acts) + (Action("skip"),))

    def act(self, g, f, a):
        f["done"] = True
        if a.kind == "move_units":
            B.add_units(g, a.source, f["player"], -a.n)
            B.add_units(g, a.to, f["player"], a.n)
            B.log(g, "units_moved", player=f["player"], frm=a.source, to=a.to, n=a.n)


@op("bombard")
def op_bombard(g, f, o):
    """GLOSS-09, SYM-55 (EX-GLOSS-2): destroy x non-last Saracen units, one at a time,
    from any Saracen cities adjacent to your cities (the battle city excepted)."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("op_bombard", player=f["player"], n=n)


@step
class Bombard(Step):
    """GLOSS-09. Frame: player, n."""

    name = "op_bombard"

    @staticmethod
    def options(g, f):
        battle = (g.s.get("battle") or {}).get("city")
        return [c for c in _saracen_cities_adjacent(g, f["player"])
                if c != battle and B.units(g, c, SARACEN) > 1]

    def run(self, g, f):
        opts = self.options(g, f) if f["n"] > 0 else []
        if not opts:
            g.ret()
            return None
        if len(opts) == 1:
            self.apply(g, f, opts[0])
            return None
        return Decision(f["player"], "bombard", {"n": f["n"]},
                        tuple(Action("bombard", city=c) for c in opts))

    def act(self, g, f, a):
        self.apply(g, f, a.city)

    @staticmethod
    def apply(g, f, city):
        B.add_units(g, city, SARACEN, -1)
        B.to_supply(g, SARACEN, 1)
        B.log(g, "bombarded", player=f["player"], city=city, n=1)
        f["n"] -= 1


@op("raid_defence")
def op_raid_defence(g, f, o):
    """RAID-08 (raid rescripts): +x to the raided city's strength in the raid in progress.
    The bonus is kept on the ``raids`` frame (``defence``), which raids.py adds to the city
    strength when it takes the difference, then drops."""
    n = amount(g, f, o.get("amount"))
    if not n:
        return
    for frame in reversed(g.s["stack"]):
        if frame.get("s") == "raids":
            frame["defence"] = frame.get("defence", 0) + n
            B.log(g, "raid_defence", player=f["player"], city=frame.get("target"), n=n)
            return


@op("bishop_actions")
def op_bishop_actions(g, f, o):
    """BISHOP-05: x bishop actions (the ``bishop_actions`` step of prayer.py)."""
    n = amount(g, f, o.get("amount"))
    if n > 0:
        g.call("bishop_actions", player=f["player"], n=n, only=o.get("only"))


@op("holy_land_check")
def op_holy_land_check(g, f, o):
    """BISHOP-03: reveal the bishops of every contested city, decide its holy land, and
    turn them face down again. Cities with one player's bishops stay hidden."""
    revealed = False
    for cid in B.existing_cities(g):
        totals = bishop_totals(g, cid)
        if len(totals) < 2:
            continue
        best = max(totals.values())
        leaders = [o for o, v in totals.items() if v == best]
        B.log(g, "holy_land_revealed", city=cid,
              bishops=[[o, lvl] for o, lvl, _ in g.s["cities"][cid]["bishops"]],
              holder=leaders[0] if len(leaders) == 1 else None)
        revealed = True
    if revealed:
        g.s["barrier"] += 1  # hidden levels were shown: no undo across this


@op("extra_order")
def op_extra_order(g, f, o):
    """BLDG-06: a basic order of the given type now, without a token on the cross."""
    g.call("order", player=f["player"], order=o["order"], enhanced=False, extra=True)


# --- structure ----------------------------------------------------------------------------

@op("choose")
def op_choose(g, f, o):
    """SYM-85: choose one of the options (each an effect)."""
    options = o.get("options") or []
    if len(options) == 1:
        _nested(g, f, options[0])
    elif options:
        g.call("op_choose", player=f["player"], options=options, ctx=f["ctx"])


@step
class Choose(Step):
    """SYM-85. Frame: player, options, ctx."""

    name = "op_choose"

    def run(self, g, f):
        if f.get("chosen"):
            g.ret()
            return None
        # the options themselves travel with the decision, so a player (or the UI) can
        # read what each one does; they are card data, public like the card itself
        return Decision(f["player"], "choose_effect",
                        {"options": len(f["options"]), "effects": f["options"],
                         "card": f["ctx"].get("card") or f["ctx"].get("source")},
                        tuple(Action("choose", option=i) for i in range(len(f["options"]))))

    def act(self, g, f, a):
        f["chosen"] = True
        B.log(g, "effect_chosen", player=f["player"], option=a.option)
        ops = f["options"][a.option]
        if ops:
            g.call("effect", player=f["player"], ops=[ops] if isinstance(ops, dict) else ops,
                   ctx=f["ctx"])


@op("if")
def op_if(g, f, o):
    """SYM-84: if you have at least ``at_least`` of ``metric`` do ``then``, otherwise
    (the condition cannot be met in full) ``else``."""
    have = metric(g, f["player"], o["metric"])
    _nested(g, f, o.get("then") if have >= int(o.get("at_least", 1)) else o.get("else"))


@op("may")
def op_may(g, f, o):
    """SYM-80: an optional effect: the owner decides yes or no."""
    if o.get("then"):
        g.call("op_may", player=f["player"], then=o["then"], ctx=f["ctx"])


@step
class May(Step):
    """SYM-80. Frame: player, then, ctx."""

    name = "op_may"

    def run(self, g, f):
        if f.get("answered"):
            g.ret()
            return None
        return Decision(f["player"], "may", {}, (Action("accept"), Action("decline")))

    def act(self, g, f, a):
        f["answered"] = True
        if a.kind == "accept":
            then = f["then"]
            g.call("effect", player=f["player"], ops=[then] if isinstance(then, dict) else then,
                   ctx=f["ctx"])


@op("pay_for")
def op_pay_for(g, f, o):
    """You may pay ``cost`` (goods, coins instead, BUILD-05) to do ``then``. When it is
    the first op of a card the player has just chosen to activate (``ctx["activated"]``,
    e.g. the Bazaar, BLDG-04), activating it *is* paying: no second yes/no."""
    committed = bool(f["ctx"].get("activated")) and f["i"] == 1
    g.call("op_pay_for", player=f["player"], cost=list(o.get("cost") or []),
           then=o.get("then") or [], ctx=f["ctx"], optional=not committed)


def activation_cost(card_effect) -> list | None:
    """The cost of a card whose effect starts with ``pay_for`` (None otherwise)."""
    if card_effect and card_effect[0].get("op") == "pay_for":
        return list(card_effect[0].get("cost") or [])
    return None


@step
class PayFor(Step):
    """Frame: player, cost, then, ctx. Calls ``pay`` (optional), then the effect if paid."""

    name = "op_pay_for"

    def run(self, g, f):
        if "paid" not in f:
            f["paid"] = None
            g.call("pay", player=f["player"], cost=f["cost"], discount=0,
                   optional=f.get("optional", True),
                   reason="effect", own_turn=bool(f["ctx"].get("own_turn", True)))
            return None
        if f["paid"] is None:
            ret = f.get("ret") or {}
            f["paid"] = bool(ret.get("paid")) if isinstance(ret, dict) else bool(ret)
            if f["paid"] and f["then"]:
                then = f["then"]
                g.call("effect", player=f["player"],
                       ops=[then] if isinstance(then, dict) else then, ctx=f["ctx"])
                return None
        g.ret(f["paid"])
        return None
