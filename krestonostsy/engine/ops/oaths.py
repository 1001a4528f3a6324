"""Effect ops of the vocabulary section *campaign components*: the oaths of «Вассал моего
вассала» (docs/campaign.md §8, CAMP-S3-*), and the steps they push.

The component is ``g.s["components"]["oaths"]`` (set up, dealt, shown and sampled by
``engine/components/oaths.py``)::

    {"deck": [oath ids, face down], "hands": {state: [oath ids]} (hidden from others),
     "sworn": [{"card", "lord", "vassal"}],
     "broken": [{"card", "lord", "vassal", "round", "by" (the breaker), "cost"}],
     "regents": {ward: regent}, "discard": [oath ids refused, face up]}

its numbers are the scenario's ``rules.scenario.components["oaths"]``
(``content/components/oaths.py`` ``Oaths``); the cards are ``g.c.oaths``. In a game without oaths every op does nothing.

* ``swear`` (CAMP-S3-02): the state may offer one oath card of its hand to another state
  not yet bound to it; the other accepts (the oath is sworn: each side's terms run, the
  offering state is the lord) or refuses (the card is torn up, face up).
* ``break_oath`` (CAMP-S3-04): the state breaks one of its oaths, paying ``cost``
  influence (the scenario's price when absent), and gains the card's betrayal.
* ``draw_oath`` (CAMP-S3-02): the state takes oath cards from the deck into its hand
  (an empty deck is rebuilt from the refused cards).

Who is bound to whom (CAMP-S3-03, CAMP-S3-05) is :func:`bound`; the hook
``oaths_and_regency`` (``engine/hooks/vassal_of_my_vassal.py``) plays the rest.
"""
from __future__ import annotations

from .. import board as B
from .. import rng
from ..actions import Action
from ..effects import amount, effect_data, target_of
from ..flow import Decision, Step, step
from ..registry import registrar
from ..table import Table

OPS: dict = {}
"""op name -> handler(g, f, op) of this section (installed by engine/modules.py)."""
op = registrar(OPS)


def oaths_of(g: Table):
    """``(state part, data)`` of the game's oaths, or ``(None, None)``."""
    part = (g.s.get("components") or {}).get("oaths")
    if part is None:
        return None, None
    return part, g.rules.scenario.components["oaths"]


def active(g: Table, x: str) -> bool:
    p = g.s["players"].get(x)
    return p is not None and not p["eliminated"]


def oaths_with(part: dict, x: str) -> list[dict]:
    """The sworn oaths ``x`` is party to (as lord or vassal), in the order sworn."""
    return [o for o in part["sworn"] if x in (o["lord"], o["vassal"])]


def bound(g: Table, a: str, b: str) -> bool:
    """CAMP-S3-03/05: are ``a`` and ``b`` bound to peace — an oath between them (either
    way) or a regency (either is the other's regent)? False without oaths."""
    part, _data = oaths_of(g)
    if part is None or a == b:
        return False
    if any({o["lord"], o["vassal"]} == {a, b} for o in part["sworn"]):
        return True
    regents = part["regents"]
    return regents.get(a) == b or regents.get(b) == a


def protectors(g: Table, x: str) -> list[str]:
    """CAMP-S3-03/05: the active states that protect ``x``'s cities — its lords and its
    regent — each once, in turn order."""
    part, _data = oaths_of(g)
    if part is None:
        return []
    mine = {o["lord"] for o in part["sworn"] if o["vassal"] == x}
    if part["regents"].get(x):
        mine.add(part["regents"][x])
    return [q for q in B.turn_order(g) if q in mine and active(g, q)]


def partners(g: Table, x: str) -> list[str]:
    """The states ``x`` may offer an oath to: active, not ``x``, not yet bound to it."""
    part, _data = oaths_of(g)
    return [q for q in B.turn_order(g) if q != x and active(g, q)
            and not any({o["lord"], o["vassal"]} == {x, q} for o in part["sworn"])]


def offers(g: Table, x: str) -> list[Action]:
    """Every oath ``x`` may offer now: a card of its hand to a partner (CAMP-S3-02)."""
    part, _data = oaths_of(g)
    if part is None or not active(g, x):
        return []
    hand = sorted(set(part["hands"].get(x, ())))
    return [Action("offer_oath", card=c, player=q) for c in hand for q in partners(g, x)]


def breakable(g: Table, x: str, cost: int) -> list[Action]:
    """The oaths ``x`` may break now at ``cost`` influence (CAMP-S3-04): none if ``x``
    cannot pay it."""
    part, _data = oaths_of(g)
    if part is None or not active(g, x) or g.s["players"][x]["influence"] < cost:
        return []
    return [Action("break_oath", card=o["card"]) for o in oaths_with(part, x)]


def draw_oaths(g: Table, x: str, n: int) -> int:
    """Move up to ``n`` oath cards from the deck into ``x``'s hand; the number taken. An
    empty deck is first rebuilt from the refused cards, shuffled (DISCARD-04); broken
    oaths stay out of play."""
    part, _data = oaths_of(g)
    if part is None or n <= 0:
        return 0
    taken = 0
    while taken < n:
        if not part["deck"]:
            if not part["discard"]:
                break
            part["deck"], part["discard"] = sorted(part["discard"]), []
            rng.shuffle(g.s, part["deck"])
            B.log(g, "oaths_reshuffled", n=len(part["deck"]))
        card = part["deck"].pop()
        part["hands"].setdefault(x, []).append(card)
        B.log(g, "oath_taken", visibility=(x,), player=x, card=card)
        taken += 1
    if taken:
        B.log(g, "oath_drawn", player=x, n=taken)
    return taken


def break_oath(g: Table, x: str, card: str, cost: int) -> dict:
    """CAMP-S3-04: ``x`` breaks the sworn oath ``card`` and pays ``cost`` influence; the
    broken oath (its record in ``broken``). The betrayal is the caller's to run."""
    part, _data = oaths_of(g)
    oath = next(o for o in part["sworn"] if o["card"] == card)
    part["sworn"].remove(oath)
    record = {**oath, "round": g.s["round"], "by": x, "cost": cost}
    part["broken"].append(record)
    B.player_w(g, x)["influence"] -= cost
    B.log(g, "oath_broken", player=x, card=card, lord=oath["lord"], vassal=oath["vassal"],
          cost=cost)
    return record


def betrayal_effect(g: Table, x: str, record: dict) -> dict:
    """The ``effect`` frame arguments of ``record``'s betrayal for its breaker ``x``."""
    other = record["vassal"] if x == record["lord"] else record["lord"]
    return {"player": x, "ops": effect_data(g.c.oaths[record["card"]].betrayal),
            "ctx": {"opponent": other, "own_turn": True, "source": "oath",
                    "card": record["card"]}}


@op("swear")
def op_swear(g: Table, f, o):
    """CAMP-S3-02: the target may offer an oath card of its hand to another state."""
    t = target_of(g, f, o)
    if t and offers(g, t):
        g.call("swear", player=t)


@op("break_oath")
def op_break_oath(g: Table, f, o):
    """CAMP-S3-04: the target breaks one of its oaths (its choice) for ``cost`` influence
    (the scenario's ``break_cost`` when absent) and gains its betrayal."""
    t = target_of(g, f, o)
    part, data = oaths_of(g)
    if not t or part is None:
        return
    cost = data.break_cost if o.get("cost") is None else int(o["cost"])
    if breakable(g, t, cost):
        g.call("break_oath", player=t, cost=cost)


@op("draw_oath")
def op_draw_oath(g: Table, f, o):
    """CAMP-S3-02: the target takes ``amount`` oath cards from the deck."""
    t = target_of(g, f, o)
    if t:
        draw_oaths(g, t, amount(g, f, o.get("amount")))


@step
class Swear(Step):
    """CAMP-S3-02: an offer and its answer. Frame: player (the would-be lord); then card,
    vassal (the offer made), stage ``answer`` → ``terms``.

    The offer (``offer_oath``, or ``decline``) is the lord's; the card is shown face up
    when offered, and the other state answers (``answer_oath``: ``accept_oath`` or
    ``refuse_oath``). Sworn: the vassal's terms run, then the lord's, each with the other
    as ``opponent``. Refused: the card goes face up to the oaths' discard."""

    name = "swear"
    start = "offer"

    def at_offer(self, g: Table, f):
        acts = offers(g, f["player"])
        if not acts:
            g.ret()
            return None
        return Decision(f["player"], "offer_oath", {"player": f["player"]},
                        (*acts, Action("decline")))

    def on_offer_oath(self, g: Table, f, a):
        part, _data = oaths_of(g)
        part["hands"][f["player"]].remove(a.card)
        f["card"], f["vassal"] = a.card, a.player
        B.log(g, "oath_offered", player=f["player"], card=a.card, vassal=a.player)
        f["at"] = "answer"

    def on_decline(self, g: Table, f, a):
        g.ret()

    def at_answer(self, g: Table, f):
        return Decision(f["vassal"], "answer_oath", {"card": f["card"], "lord": f["player"]},
                        (Action("accept_oath"), Action("refuse_oath")))

    def on_accept_oath(self, g: Table, f, a):
        part, _data = oaths_of(g)
        lord, vassal, card = f["player"], f["vassal"], f["card"]
        part["sworn"].append({"card": card, "lord": lord, "vassal": vassal})
        B.log(g, "oath_sworn", card=card, lord=lord, vassal=vassal)
        f["at"] = "lord_terms"
        oath = g.c.oaths[card]
        if oath.vassal:
            g.call("effect", player=vassal, ops=effect_data(oath.vassal),
                   ctx={"opponent": lord, "own_turn": False, "source": "oath", "card": card})

    def on_refuse_oath(self, g: Table, f, a):
        part, _data = oaths_of(g)
        part["discard"].append(f["card"])
        B.log(g, "oath_refused", card=f["card"], lord=f["player"], vassal=f["vassal"])
        g.ret()

    def at_lord_terms(self, g: Table, f):
        f.pop("ret", None)
        oath = g.c.oaths[f["card"]]
        if not oath.lord:
            g.ret()
            return None
        g.goto("effect", player=f["player"], ops=effect_data(oath.lord),
               ctx={"opponent": f["vassal"], "own_turn": False, "source": "oath",
                    "card": f["card"]})
        return None


@step
class BreakOath(Step):
    """CAMP-S3-04 (the op ``break_oath``): choose which of one's oaths to break, pay
    ``cost`` influence, then the betrayal runs. Frame: player, cost."""

    name = "break_oath"
    start = "choose"

    def at_choose(self, g: Table, f):
        acts = breakable(g, f["player"], f["cost"])
        if not acts:
            g.ret()
            return None
        return Decision(f["player"], "choose_oath_to_break", {"player": f["player"]}, tuple(acts))

    def on_break_oath(self, g: Table, f, a):
        record = break_oath(g, f["player"], a.card, f["cost"])
        g.goto("effect", **betrayal_effect(g, f["player"], record))
