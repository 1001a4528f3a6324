"""Markets: taking cards (MARKET-01..03) and filling (INCOME-02, GLOSS-06). Drawing,
discarding and reshuffling are decks.py's (DISCARD-01..04).

Markets: ``buildings_12`` (5 slots), ``buildings_34`` (3), ``tactics_12`` (5),
``tactics_34`` (3), ``governors`` (5); slots beyond ``market_open`` are closed
(SETUP-10/14/17) and never filled. The level-0 buildings are a face-up deck
(``buildings_0``, SETUP-06): only its top card can be taken, as if it were a market slot.
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .decks import FACE_UP_DECKS, draw, put_back
from .flow import Decision, Step, step
from .payment import can_pay
from .table import Table
from .triggers import window_during_order


def card_cost(g: Table, card: str) -> list:
    for table in (g.c.buildings, g.c.tactics):
        if card in table:
            return list(table[card].cost)
    return []


def card_level(g: Table, card: str) -> int:
    return len(card_cost(g, card))


def fill_markets(g: Table) -> None:
    """INCOME-02 step 2 / GLOSS-06: deal into every empty open slot (players + 1 for the
    I–II and governor markets, 3 for the III–IV markets; closed slots stay empty)."""
    s = g.s
    dealt = 0
    for name, slots in B.part_w(g, "markets").items():
        open_n = s["market_open"].get(name, len(slots))
        for i in range(min(open_n, len(slots))):
            if slots[i] is None:
                slots[i] = draw(g, name)
                dealt += slots[i] is not None
    if dealt:
        B.log(g, "markets_refilled", n=dealt)  # public: market cards lie face up


def market_cards(g: Table, market: str) -> list:
    """(slot, card) pairs that may be taken from ``market`` now."""
    s = g.s
    if market in FACE_UP_DECKS:
        deck = s["decks"][market]
        if not deck and s["discards"].get(market):
            return [(0, s["discards"][market][-1])]
        return [(0, deck[-1])] if deck else []
    return [(i, c) for i, c in enumerate(s["markets"][market]) if c is not None]


def can_take_any(g: Table, player, markets, discount=0, free=False, own_turn=True) -> bool:
    """Is there a card the player could take (a paid market card or a blind draw)?"""
    for m in markets:
        for _slot, card in market_cards(g, m):
            if free or can_pay(g, player, card_cost(g, card), discount, own_turn):
                return True
        if m not in FACE_UP_DECKS and (g.s["decks"].get(m) or g.s["discards"].get(m)):
            return True
    return False


@step
class TakeCard(Step):
    """Take one card from a market or, blindly, from the top of its deck (MARKET-01..03).

    Frame: player, markets [names], optional (bool: may take nothing), discount (int),
    free (bool: no cost), own_turn (bool, default True), reason. Returns the card id or
    None. The discount used is also written into the caller's frame as
    ``discount_used``. The market is not refilled (MARKET-03).
    """

    name = "take_card"
    start = "choose"

    def at_drawn(self, g: Table, f):
        """TURN-10: a blind draw not affordable yet, the own-turn window open."""
        card = f["card"]
        if self._affordable(g, f, card):
            return self._pay(g, f, f["market"], card)
        return Decision(f["player"], "blind_draw_unaffordable", {"card": card},
                        (Action("return_card", card=card),))

    def at_paid(self, g: Table, f):
        res = f.pop("ret")
        if res["paid"]:
            return self._done(g, f, f["card"], res["discount_used"])
        # only a blind draw can end here unpaid (MARKET-02): back on top, action used up
        put_back(g, f["market"], f["card"])
        B.log(g, "blind_draw_returned", player=f["player"], card=f["card"])
        return self._done(g, f, None, 0)

    def at_choose(self, g: Table, f):
        player = f["player"]
        discount = f.get("discount", 0)
        free = f.get("free", False)
        own_turn = f.get("own_turn", True)
        acts = []
        for m in f["markets"]:
            for slot, card in market_cards(g, m):
                if free or can_pay(g, player, card_cost(g, card), discount, own_turn):
                    acts.append(Action("take_card", market=m, slot=slot, card=card))
            if m not in FACE_UP_DECKS and (g.s["decks"].get(m) or g.s["discards"].get(m)):
                acts.append(Action("draw_blind", market=m))
        if f.get("optional", False) or not acts:
            acts.append(bare("skip"))
        if len(acts) == 1 and acts[0].kind == "skip":
            return self._done(g, f, None, 0)
        return Decision(player, "take_card", {"markets": list(f["markets"]),
                                              "reason": f.get("reason", ""),
                                              "discount": discount}, tuple(acts))

    def on_skip(self, g: Table, f, a):
        self._done(g, f, None, 0)

    def on_take_card(self, g: Table, f, a):
        m = a.market
        if m in FACE_UP_DECKS:
            draw(g, m)  # its top card, in view of everyone
        else:
            B.part_w(g, "markets")[m][a.slot] = None
        B.log(g, "card_taken", player=f["player"], market=m, card=a.card)
        self._pay(g, f, m, a.card)

    def on_draw_blind(self, g: Table, f, a):
        """MARKET-02: the top card, revealed to everyone; back on top if unaffordable."""
        player, m = f["player"], a.market
        card = draw(g, m)
        B.log(g, "blind_draw", player=player, market=m, card=card)
        if not self._affordable(g, f, card):
            if window_during_order(g, player):
                # TURN-10: own-turn effects may still make it affordable (triggers.py
                # adds the "own_turn" action to the decision of the stage "drawn")
                f["card"] = card
                f["market"] = m
                f["at"] = "drawn"
                return
            self.on_return_card(g, f, Action("return_card", card=card), m)
            return
        self._pay(g, f, m, card)

    def on_return_card(self, g: Table, f, a, market=None):
        """MARKET-02: an unaffordable blind draw goes back on top; the action is used."""
        m = market or f["market"]
        put_back(g, m, a.card)
        B.log(g, "blind_draw_returned", player=f["player"], card=a.card)
        self._done(g, f, None, 0)

    @staticmethod
    def _affordable(g: Table, f, card) -> bool:
        return f.get("free", False) or can_pay(g, f["player"], card_cost(g, card),
                                               f.get("discount", 0), f.get("own_turn", True))

    def _pay(self, g: Table, f, market, card):
        cost = [] if f.get("free", False) else card_cost(g, card)
        if not cost:
            return self._done(g, f, card, 0)
        f["card"] = card
        f["market"] = market
        f["at"] = "paid"
        g.call("pay", player=f["player"], cost=cost, discount=f.get("discount", 0),
               optional=False, reason="card", own_turn=f.get("own_turn", True))

    def _done(self, g: Table, f, card, used):
        stack = g.s["stack"]
        if len(stack) >= 2:
            stack[-2]["discount_used"] = used
        g.ret(card)
        return None
