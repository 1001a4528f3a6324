"""Effect ops of the vocabulary section *cards*: draw or discard rescripts, spies, tactics,
buildings, governors (SYM-64..68, BATTLE-20, PRAY-10)."""
from __future__ import annotations

from .. import board as B
from .. import rng
from ..actions import Action
from ..decks import discard, draw
from ..effects import (
    OneOf,
    amount,
    chooser_of,
    target_of,
)
from ..flow import Decision, EngineError, step
from ..registry import registrar
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)

# --- cards --------------------------------------------------------------------------------

@op("draw_rescript")
def op_draw_rescript(g: Table, f, o):
    """SYM-64/68: the top rescript of the level's deck, then the limit of 3 (PRAY-10)."""
    t = target_of(g, f, o)
    if not t:
        return
    level = int(o.get("level", 1))
    card = draw(g, "rescripts_1" if level == 1 else "rescripts_2")
    if card is None:
        return
    B.player_w(g, t)["rescripts"].append(card)
    B.log(g, "rescript_drawn", player=t, level=level)
    B.log(g, "rescript_drawn_card", visibility=(t,), player=t, card=card)
    g.call("rescript_limit", player=t)


@op("draw_spy")
def op_draw_spy(g: Table, f, o):
    """SYM-67: the top spy; it may be played at once (SPY-02, step ``offer_spy``)."""
    t = target_of(g, f, o)
    if not t:
        return
    card = draw(g, "spies")
    if card is None:
        return
    B.player_w(g, t)["spies_hand"].append(card)
    B.log(g, "spy_drawn", player=t)
    B.log(g, "spy_drawn_card", visibility=(t,), player=t, card=card)
    g.call("offer_spy", player=t, card=card)


@op("discard_rescript")
def op_discard_rescript(g: Table, f, o):
    """The target discards a rescript of its choice, if it has one (DISCARD-01)."""
    t = target_of(g, f, o)
    if t and g.s["players"][t]["rescripts"]:
        g.call("op_discard", kind="rescript", target=t, chooser=chooser_of(f, t), n=1)


@op("discard_tactic")
def op_discard_tactic(g: Table, f, o):
    """BATTLE-20: discard x non-starting tactics of the target's choice from hand and take
    as many starting tactics back from the personal discard (hand stays 5, MUSTER-05)."""
    t = target_of(g, f, o)
    n = amount(g, f, o.get("amount"))
    if t and n:
        g.call("op_discard", kind="tactic", target=t, chooser=chooser_of(f, t), n=n, back=0)


@op("discard_building")
def op_discard_building(g: Table, f, o):
    """The target discards one of its buildings (BATTLE-15: the Saracen player chooses
    for Saracen cards)."""
    t = target_of(g, f, o)
    if t and g.s["players"][t]["buildings"]:
        g.call("op_discard", kind="building", target=t, chooser=chooser_of(f, t), n=1)


@step
class DiscardChoice(OneOf):
    """Discard n cards of a kind (rescript / tactic / building) chosen by ``chooser``; for
    tactics, then take ``back`` starting tactics from the personal discard (BATTLE-20).
    Frame: kind, target, chooser, n (, back)."""

    name = "op_discard"

    @staticmethod
    def options(g: Table, f):
        if f["n"] <= 0:
            return []
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

    def run(self, g: Table, f):
        if f["kind"] == "tactic" and f["chooser"] == f["target"]:
            return self.run_tactic(g, f)
        return super().run(g, f)

    def no_choice(self, f, options):
        return len(options) <= f["n"]  # every option goes

    def ask(self, g: Table, f, opts):
        if f["kind"] == "rescript" and f["chooser"] != f["target"]:
            # another player (the Saracens', BATTLE-15) chooses among hidden cards: a blind
            # pick of one of the target's face-down rescripts (docs/rules-decisions.md,
            # TURN-09); no one is shown the hand
            self.apply(g, f, rng.pick(g.s, g.s["players"][f["target"]]["rescripts"]))
            return None
        return Decision(f["chooser"], "discard_" + f["kind"],
                        {"player": f["target"], "n": f["n"]},
                        tuple(Action("discard", card=c) for c in opts))

    def chosen(self, a):
        return a.card

    def nothing(self, g: Table, f):
        f["n"] = 0
        if f["kind"] == "tactic" and f.get("back"):
            # the target itself picks the starting tactics it takes back (BATTLE-16/20)
            f["kind"] = "take_back"
            f["chooser"] = f["target"]
            f["n"] = f.pop("back")
            return None  # run() is called again for the take-back part
        g.ret()
        return None

    def run_tactic(self, g: Table, f):
        """The target's own choice: each step discards one non-starting tactic and takes
        one starting tactic back, in one action, so the hand never leaves 5 (MUSTER-05)."""
        opts = self.options(g, f)
        if not opts:
            g.ret()
            return None
        backs: list[str | None] = list(dict.fromkeys(g.s["players"][f["target"]]["personal_discard"]))
        k = min(f["n"], len(opts))
        cards = opts[:1] if len(opts) <= f["n"] else opts
        take = backs[:1] if len(backs) <= k else backs
        if len(cards) == 1 and len(take) <= 1:
            self.apply_pair(g, f, cards[0], take[0] if take else None)
            return None
        acts = tuple(Action("discard", card=c, back=b) for c in cards for b in (take or [None]))
        return Decision(f["chooser"], "discard_tactic", {"player": f["target"], "n": f["n"]},
                        acts)

    def act(self, g: Table, f, a):
        if f["kind"] == "tactic" and f["chooser"] == f["target"]:
            self.apply_pair(g, f, a.card, a.get("back"))
        else:
            self.apply(g, f, a.card)

    def apply_pair(self, g: Table, f, card, back):
        self.apply(g, f, card)
        f.pop("back", None)
        if back:
            t = f["target"]
            p = B.player_w(g, t)
            p["personal_discard"].remove(back)
            p["tactics"].append(back)
            B.log(g, "starting_tactic_taken_back", visibility=(t,), player=t, card=back)

    @staticmethod
    def apply(g: Table, f, card):
        t = f["target"]
        p = B.player_w(g, t)
        kind = f["kind"]
        if kind == "rescript":
            p["rescripts"].remove(card)
            discard(g, card)
            B.log(g, "rescript_discarded", player=t, card=card)
        elif kind == "building":
            for i, b in enumerate(p["buildings"]):
                if b["card"] == card:
                    del p["buildings"][i]
                    break
            discard(g, card)
            B.log(g, "building_discarded", player=t, card=card)
        elif kind == "tactic":
            p["tactics"].remove(card)
            discard(g, card)
            f["back"] = f.get("back", 0) + 1
            B.log(g, "tactic_discarded", player=t, card=card)
        else:  # take_back
            p["personal_discard"].remove(card)
            p["tactics"].append(card)
            B.log(g, "starting_tactic_taken_back", visibility=(t,), player=t, card=card)
        f["n"] -= 1


@op("replace_governor")
def op_replace_governor(g: Table, f, o):
    """SYM-66: discard the governor of one of your cities and take one from the market."""
    p = f["player"]
    if any(g.s["cities"][c]["governor"] for c in B.cities_of(g, p)):
        g.call("op_governor", player=p)


@step
class GovernorChoice(OneOf):
    """SYM-66. Frame: player; ``city`` once chosen."""

    name = "op_governor"

    def run(self, g: Table, f):
        p = f["player"]
        if "city" in f:  # take_card has returned
            card = f.get("ret")
            if card:
                B.city_w(g, f["city"])["governor"] = card
                B.log(g, "governor_appointed", player=p, card=card, city=f["city"])
            g.ret()
            return None
        return super().run(g, f)

    def options(self, g: Table, f):
        return [c for c in B.cities_of(g, f["player"]) if g.s["cities"][c]["governor"]]

    def ask(self, g: Table, f, opts):
        return Decision(f["player"], "replace_governor", {},
                        tuple(Action("replace_governor", city=c) for c in opts))

    @staticmethod
    def apply(g: Table, f, city):
        c = B.city_w(g, city)
        old = c["governor"]
        c["governor"] = None
        discard(g, old)
        B.log(g, "governor_discarded", player=f["player"], card=old, city=city)
        f["city"] = city
        f.pop("ret", None)
        g.call("take_card", player=f["player"], markets=["governors"], optional=False,
               discount=0, free=True)
