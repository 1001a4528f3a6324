"""Paying goods costs: the ``pay`` step and the affordability questions every action asks.

Rules: BUILD-05 (a coin instead of any required good), BUILD-06/GLOSS-05 (spending flips a
good to its grey side), HOMS-02/GLOSS-17 (spices pay as any colour), BUILD-12/MUSTER-07
(the enhanced discount: a discounted good needs neither a good nor a coin, §14.1),
RESCRIPT-01..03 (a rescript discarded in its owner's own turn pays one or all of the goods
printed on it; the rest are lost), PRAY-10 (no rescript may be used while its owner holds
more than 3).

A cost is a list of colours (``yellow white blue red green any``). Requirements are
resolved one at a time: for each the player picks a discount, a ready good, spices, a
rescript, a good left over from a rescript already discarded in this payment, or a coin.
Only choices after which the rest of the cost can still be paid are offered; a
requirement with a single possible way is paid automatically.
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .decks import discard
from .flow import Decision, Step, step
from .table import Table

GREEN = "green"
ANY = "any"


def sort_cost(cost) -> list:
    """Specific colours first, ``any`` last (the order the ``pay`` step asks in)."""
    return sorted(cost, key=lambda c: (c == ANY, c))


def rescript_goods(g: Table, card: str) -> tuple:
    try:
        return tuple(g.c.rescripts[card].goods)
    except KeyError:
        return ()


def rescripts_usable(g: Table, player: str, own_turn: bool) -> list:
    """Rescripts the player may spend as goods now (RESCRIPT-01, PRAY-10)."""
    if not own_turn:
        return []
    p = g.s["players"][player]
    if len(p["rescripts"]) > 3 or p["eliminated"]:
        return []
    return list(p["rescripts"])


def cover(cost, tokens: dict) -> int:
    """The most requirements of ``cost`` that the goods ``tokens`` ({colour: n}) can pay.

    Greedy and optimal: own colours first, then spices for the remaining specific
    colours, then ``any`` requirements with whatever is left.
    """
    left = dict(tokens)
    missing = 0
    anys = 0
    covered = 0
    for c in cost:
        if c == ANY:
            anys += 1
        elif left.get(c, 0) > 0:
            left[c] -= 1
            covered += 1
        else:
            missing += 1
    spice = min(missing, left.get(GREEN, 0))
    covered += spice
    if spice:
        left[GREEN] -= spice
    covered += min(anys, sum(v for v in left.values() if v > 0))
    return covered


def _tokens(g: Table, player: str, own_turn: bool, pool=()) -> dict:
    goods = g.s["players"][player]["goods"]
    tokens = {c: row[0] for c, row in goods.items() if row[0] > 0}
    for c in pool:
        tokens[c] = tokens.get(c, 0) + 1
    for r in rescripts_usable(g, player, own_turn):
        for c in rescript_goods(g, r):
            tokens[c] = tokens.get(c, 0) + 1
    return tokens


def can_pay(g: Table, player: str, cost, discount: int = 0, own_turn: bool = False,
            pool=(), coins: int | None = None) -> bool:
    """Can ``player`` pay ``cost`` now (goods, spices, rescripts, discount, coins)?"""
    if not cost:
        return True
    if coins is None:
        coins = g.s["players"][player]["coins"]
    short = len(cost) - discount - coins
    if short <= 0:
        return True
    return cover(cost, _tokens(g, player, own_turn, pool)) >= short


def max_extra_goods(g: Table, player: str, limit: int = 4, discount: int = 0,
                    own_turn: bool = True) -> int:
    """How many "up to 4 extra goods" the player can pay (PRAY-02, MUSTER-03, MARCH-01)."""
    p = g.s["players"][player]
    budget = p["coins"] + discount + sum(row[0] for row in p["goods"].values())
    if budget >= limit:
        return limit
    if own_turn:
        budget += sum(len(rescript_goods(g, r)) for r in rescripts_usable(g, player, own_turn))
    return min(limit, budget)


_RANK = {"pay_discount": 0, "pay_good": 1, "pay_rescript_good": 2, "pay_rescript": 3,
         "pay_coin": 4}


def method_key(a: Action) -> list:
    """The canonical order of ways to pay one requirement: the discount, goods (by
    colour), a rescript's printed goods in hand, a rescript, a coin."""
    kind = a.kind
    if kind == "pay_rescript":
        return [3, f"{a.get('card')}:{a.get('colour')}"]
    return [_RANK[kind], a.get("colour") or ""]


@step
class Pay(Step):
    """Pay a goods cost (BUILD-05, HOMS-02, BUILD-12/MUSTER-07 discount, RESCRIPT-01..03,
    PRAY-10).

    Frame: player, cost [colours], discount (int, default 0), optional (bool: the player
    may decline before paying anything), reason (str, for the prompt), own_turn (bool:
    rescripts may be spent). Returns ``{"paid": bool, "discount_used": n}``.

    One payment is one set of tokens, not an order of them: requirements are asked in a
    fixed order (:func:`sort_cost`), and within a run of equal requirements (``any``,
    ``any``…) each is paid with a way no earlier in :func:`method_key`'s order than the
    one before (``f["floor"]``), as long as the rest can still be paid that way. So
    paying red then blue and blue then red is one path of decisions, not two, while the
    player still pays by clicking one good or coin at a time.
    """

    name = "pay"

    def _canonical(self, g: Table, f, opts: list) -> list:
        """``opts`` without the ways that would only reorder the same payment (see the
        class docstring); all of ``opts`` when that would leave none."""
        need = f["left"][0]
        floor = f.get("floor")
        if floor is not None and floor[0] != need:
            floor = None
        run_goes_on = len(f["left"]) > 1 and f["left"][1] == need
        if floor is None and not run_goes_on:
            return opts
        out = [a for a in opts if (floor is None or method_key(a) >= floor[1:])
               and (not run_goes_on or self._rest_payable(g, f, a))]
        return out or opts

    def _rest_payable(self, g: Table, f, a) -> bool:
        """After paying with ``a``, can the rest be paid with ways no earlier than
        ``a`` in :func:`method_key`'s order?"""
        rank, sub = method_key(a)
        player = f["player"]
        p = g.s["players"][player]
        own_turn = f.get("own_turn", False)
        tokens: dict = {}
        for c, row in p["goods"].items():
            n = row[0] - (a.kind == "pay_good" and a.get("colour") == c)
            if n > 0 and (rank < 1 or rank == 1 and c >= sub):
                tokens[c] = n
        pool = list(f["pool"])
        if a.kind == "pay_rescript_good":
            pool.remove(a.colour)
        elif a.kind == "pay_rescript":
            printed = list(rescript_goods(g, a.card))
            printed.remove(a.colour)
            pool.extend(printed)
        for c in pool:
            if rank < 2 or rank == 2 and c >= sub:
                tokens[c] = tokens.get(c, 0) + 1
        for r in rescripts_usable(g, player, own_turn):
            if a.kind == "pay_rescript" and r == a.card:
                continue
            if rank < 3 or rank == 3 and r >= sub.partition(":")[0]:
                for c in rescript_goods(g, r):
                    tokens[c] = tokens.get(c, 0) + 1
        coins = p["coins"] - (a.kind == "pay_coin")
        disc = f["discount"] - f["used"] - 1 if rank == 0 else 0
        rest = f["left"][1:]
        short = len(rest) - disc - coins
        return short <= 0 or cover(rest, tokens) >= short

    def _init(self, g: Table, f):
        f["left"] = sort_cost(f.get("cost") or [])
        f["used"] = 0
        f["pool"] = []
        f["spent"] = []
        f.setdefault("discount", 0)

    def _options(self, g: Table, f) -> list:
        player = f["player"]
        left = f["left"]
        need = left[0]
        rest = left[1:]
        # the game's own copy: the options below try each way to pay on the player's goods
        # and rescripts and put them back, which must never touch a shared entry
        p = B.player_w(g, player)
        own_turn = f.get("own_turn", False)
        disc = f["discount"] - f["used"]
        pool = f["pool"]
        coins = p["coins"]
        opts = []
        if disc > 0 and can_pay(g, player, rest, disc - 1, own_turn, pool, coins):
            opts.append(bare("pay_discount"))
        goods = p["goods"]
        for c in sorted(goods):
            if goods[c][0] <= 0 or not (need == ANY or c == need or c == GREEN):
                continue
            goods[c][0] -= 1
            ok = can_pay(g, player, rest, disc, own_turn, pool, coins)
            goods[c][0] += 1
            if ok:
                opts.append(Action("pay_good", colour=c))
        for c in sorted(set(pool)):
            if need == ANY or c == need or c == GREEN:
                rest_pool = list(pool)
                rest_pool.remove(c)
                if can_pay(g, player, rest, disc, own_turn, rest_pool, coins):
                    opts.append(Action("pay_rescript_good", colour=c))
        usable = rescripts_usable(g, player, own_turn)
        for r in usable:
            printed = list(rescript_goods(g, r))
            for c in sorted(set(printed)):
                if not (need == ANY or c == need or c == GREEN):
                    continue
                extra = list(pool) + printed
                extra.remove(c)
                at = p["rescripts"].index(r)
                del p["rescripts"][at]  # restored below: run() must not change the state
                ok = can_pay(g, player, rest, disc, own_turn, extra, coins)
                p["rescripts"].insert(at, r)
                if ok:
                    opts.append(Action("pay_rescript", card=r, colour=c))
        if coins > 0 and can_pay(g, player, rest, disc, own_turn, pool, coins - 1):
            opts.append(bare("pay_coin"))
        return opts

    def run(self, g: Table, f):
        if "left" not in f:
            self._init(g, f)
            if f["left"] and not can_pay(g, f["player"], f["left"], f["discount"],
                                         f.get("own_turn", False)):
                # Callers check first; a mandatory cost that cannot be paid is paid as far
                # as possible is not a rule — refuse it cleanly.
                g.ret({"paid": False, "discount_used": 0})
                return None
        while f["left"]:
            opts = self._canonical(g, f, self._options(g, f))
            if f.get("optional") and not f["spent"] and not f["used"]:
                opts.append(bare("decline"))
            if len(opts) == 1 and opts[0].kind != "decline":
                self.act(g, f, opts[0])
                continue
            return Decision(f["player"], "pay", {"need": f["left"][0],
                                                 "left": list(f["left"]),
                                                 "reason": f.get("reason", ""),
                                                 "discount": f["discount"] - f["used"]},
                            tuple(opts))
        if f["spent"]:
            B.log(g, "paid", player=f["player"], reason=f.get("reason", ""),
                  spent=list(f["spent"]))
        g.ret({"paid": True, "discount_used": f["used"]})
        return None

    def on_decline(self, g: Table, f, a):
        g.ret({"paid": False, "discount_used": 0})

    def _next(self, f, a) -> None:
        """One requirement paid by ``a``: the floor of its run moves up (see above)."""
        f["floor"] = [f["left"][0], *method_key(a)]
        f["left"].pop(0)

    def on_pay_discount(self, g: Table, f, a):
        self._next(f, a)
        f["used"] += 1
        f["spent"].append("discount")

    def on_pay_good(self, g: Table, f, a):
        self._next(f, a)
        B.spend_good(g, f["player"], a.colour)
        f["spent"].append(a.colour)

    def on_pay_coin(self, g: Table, f, a):
        self._next(f, a)
        B.player_w(g, f["player"])["coins"] -= 1
        f["spent"].append("coin")

    def on_pay_rescript_good(self, g: Table, f, a):
        self._next(f, a)
        f["pool"].remove(a.colour)
        f["spent"].append(a.colour)

    def on_pay_rescript(self, g: Table, f, a):
        self._next(f, a)
        B.player_w(g, f["player"])["rescripts"].remove(a.card)
        discard(g, a.card)
        printed = list(rescript_goods(g, a.card))
        printed.remove(a.colour)
        f["pool"].extend(printed)
        f["spent"].append(a.colour)
        B.log(g, "rescript_spent_as_goods", player=f["player"], card=a.card)

