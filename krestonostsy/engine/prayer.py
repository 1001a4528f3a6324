"""Prayer, the sanctity track, rescript draws and bishops (PRAY-*, BISHOP-05/06).

* ``order_prayer`` (PRAY-02, PRAY-09): 2 sanctity + 1 per extra good (0..4, each payable
  by a coin); enhanced: +1 bishop action and the top level-II rescript.
* ``gain_sanctity`` (PRAY-03..08): all of it is spent at once moving right; occupied cells
  (players' and automa pieces) are jumped for free; every cell entered, jumped or stopped
  on gives its bonus, taken after the whole move; past the last cell the piece continues
  from the first (§14.7: position only, no laps).
* ``bishop_actions`` (BISHOP-05/06): all trains first, then the moves; a bishop moves at
  most once per activation.
* ``rescript_limit`` (PRAY-10): registered here unless triggers.py provides it.
"""
from __future__ import annotations

from . import board as B
from .actions import Action, bare
from .activation import new_facts
from .decks import draw
from .flow import Decision, Step, innermost, step
from .payment import max_extra_goods
from .table import Table

RESCRIPT_LIMIT = 3


# --- rescripts ------------------------------------------------------------------------------

def draw_rescript(g: Table, player: str, level: int) -> str | None:
    """The top rescript of ``level`` into the player's hand (PRAY-07/09, RESCRIPT-04).

    Returns the card, or None if the deck and its discards are empty. The caller must
    then run ``rescript_limit`` when the player holds more than 3 (see need_limit)."""
    card = draw(g, f"rescripts_{level}")
    if card is None:
        return None
    B.player_w(g, player)["rescripts"].append(card)
    B.log(g, "rescript_drawn", player=player, level=level)
    B.log(g, "rescript_drawn_card", visibility=(player,), player=player, card=card)
    return card


def over_limit(g: Table, player: str) -> bool:
    return len(g.s["players"][player]["rescripts"]) > RESCRIPT_LIMIT


def call_rescript_limit(g: Table, player: str) -> None:
    """Push ``rescript_limit`` (PRAY-10, triggers.py)."""
    g.call("rescript_limit", player=player)


# --- the sanctity track ------------------------------------------------------------------------

def move_piece(g: Table, piece: str, amount: int) -> tuple[int, list]:
    """Move a sanctity piece ``amount`` points right (PRAY-03/04/08); see
    :func:`sanctity_move`. Returns (new cell, cells entered in order)."""
    cell, passed = sanctity_move(g.s["sanctity"], piece, amount, g.c.board.sanctity_length)
    B.part_w(g, "sanctity")[piece] = cell
    return cell, passed


def sanctity_move(cells: dict, piece: str, amount: int, length: int) -> tuple[int, list]:
    """Where ``amount`` points take the sanctity piece ``piece`` on a track of ``length``
    cells where the pieces stand on ``cells`` (piece -> cell): (new cell, cells entered
    in order). Occupied cells cost nothing (PRAY-04), so the piece never ends on one; past
    the last cell it continues from cell 0. Moves nothing itself: the game's moves and the
    campaign's set-up advantage (CAMP-05) share it."""
    occupied = {c for p, c in cells.items() if p != piece}
    cell = cells[piece]
    passed: list = []
    left = amount
    if len(occupied) >= length:  # pragma: no cover - cannot happen with 20 cells
        return cell, passed
    while left > 0:
        cell = (cell + 1) % length
        passed.append(cell)
        if cell not in occupied:
            left -= 1
    return cell, passed


def bonuses(g: Table, cells) -> tuple[int, int]:
    """(rescripts, bishop actions) earned by entering ``cells`` (PRAY-05/07)."""
    table = g.c.board.sanctity_bonuses
    r = b = 0
    for c in cells:
        kind = table.get(c)
        if kind == "rescript":
            r += 1
        elif kind == "bishop":
            b += 1
    return r, b


@step
class GainSanctity(Step):
    """PRAY-03..08. Frame: player, amount, defer (bool: return the bishop actions instead
    of resolving them, so the prayer order can pool them, §14.24).

    Stages: ``move`` (the piece moves; bonuses counted) → ``rescripts`` (one draw at a
    time, the limit checked after each) → ``end`` (after the bishop actions, if resolved
    here). Returns ``{"bishop_actions": n}`` (n already used unless ``defer``)."""

    name = "gain_sanctity"
    start = "move"

    def at_move(self, g: Table, f):
        player = f["player"]
        amount = int(f.get("amount", 0))
        if amount <= 0 or g.s["players"][player]["eliminated"]:
            g.ret({"bishop_actions": 0})
            return
        old = g.s["sanctity"][player]
        cell, passed = move_piece(g, player, amount)
        B.log(g, "sanctity_moved", player=player, amount=amount, frm=old, to=cell)
        f["rescripts"], f["bishops"] = bonuses(g, passed)  # PRAY-06: after the whole move
        f["at"] = "rescripts"

    def at_rescripts(self, g: Table, f):
        player = f["player"]
        while f["rescripts"] > 0:
            f["rescripts"] -= 1
            draw_rescript(g, player, 1)
            if over_limit(g, player):
                call_rescript_limit(g, player)
                return
        f["at"] = "end"
        if f["bishops"] and not f.get("defer"):
            g.call("bishop_actions", player=player, n=f["bishops"], only=None)

    def at_end(self, g: Table, f):
        f.pop("ret", None)
        g.ret({"bishop_actions": f["bishops"]})


# --- bishops --------------------------------------------------------------------------------------

def player_bishops(g: Table, player: str) -> list:
    """(city, bishop number) of the player's bishops on the map."""
    out = []
    for cid, c in g.s["cities"].items():
        for owner, _lvl, no in c["bishops"]:
            if owner == player:
                out.append((cid, no))
    return out


def train_cities(g: Table, player: str) -> list:
    """BISHOP-05: cities with one of your bishops, or your cities if none on the map."""
    with_bishop = sorted({cid for cid, _no in player_bishops(g, player)})
    if with_bishop:
        return with_bishop
    return [c for c in B.cities_of(g, player) if not g.s["cities"][c].get("removed")]


def train_options(g: Table, player: str) -> list:
    supply = g.s["players"][player]["bishops"]
    levels = [lvl for lvl in ("1", "2") if supply.get(lvl, 0) > 0]
    if not levels:
        return []
    return [Action("train_bishop", city=c, level=int(lvl))
            for c in train_cities(g, player) for lvl in levels]


def move_options(g: Table, player: str, moved) -> list:
    acts = []
    for cid, no in player_bishops(g, player):
        if no in moved:
            continue
        for n in B.adjacent(g, cid):
            acts.append(Action("move_bishop", bishop=no, city=n))
    return acts


def train_bishop(g: Table, player: str, city: str, level: int) -> int:
    p = B.player_w(g, player)
    p["bishops"][str(level)] -= 1
    g.s["next_bishop"] += 1
    no = g.s["next_bishop"]
    B.city_w(g, city)["bishops"].append([player, level, no])
    B.log(g, "bishop_trained", player=player, city=city, bishop=no)
    B.log(g, "bishop_trained_level", visibility=(player,), player=player, bishop=no,
          level=level)
    return no


def move_bishop(g: Table, player: str, bishop: int, city: str) -> None:
    for cid, c in g.s["cities"].items():
        for i, b in enumerate(c["bishops"]):
            if b[2] == bishop:
                b = B.city_w(g, cid)["bishops"].pop(i)
                B.city_w(g, city)["bishops"].append(b)
                B.log(g, "bishop_moved", player=player, bishop=bishop, frm=cid, to=city)
                return
    raise ValueError(f"no bishop {bishop}")


def moved_this_activation(g: Table) -> list:
    """Bishop numbers already moved in the order being resolved (BISHOP-06)."""
    frame = innermost(g.s["stack"], "order")
    return [] if frame is None else frame.setdefault("moved_bishops", [])


@step
class BishopActions(Step):
    """BISHOP-05/06. Frame: player, n, only (None | "train" | "move").

    Trains come first; once the player moves (or ends training), no more trains. Each
    bishop moves at most once during the activation. The player may stop at any time.
    Returns the number of trains done."""

    name = "bishop_actions"

    def run(self, g: Table, f):
        player = f["player"]
        f.setdefault("phase", "move" if f.get("only") == "move" else "train")
        f.setdefault("trained", 0)
        f.setdefault("moved", [])
        while f["n"] > 0:
            acts = []
            if f["phase"] == "train":
                acts = train_options(g, player)
            if f.get("only") != "train":
                moved = set(f["moved"]) | set(moved_this_activation(g))
                acts += move_options(g, player, moved)
            if not acts:
                break
            acts.append(bare("done"))
            return Decision(player, "bishop_action", {"left": f["n"], "phase": f["phase"]},
                            tuple(acts))
        g.ret(f["trained"])
        return None

    def on_done(self, g: Table, f, a):
        f["n"] = 0

    def on_train_bishop(self, g: Table, f, a):
        f["n"] -= 1
        train_bishop(g, f["player"], a.city, a.level)
        f["trained"] += 1

    def on_move_bishop(self, g: Table, f, a):
        f["n"] -= 1
        f["phase"] = "move"  # BISHOP-06: no train after a move
        move_bishop(g, f["player"], a.bishop, a.city)
        f["moved"].append(a.bishop)
        shared = moved_this_activation(g)
        if a.bishop not in shared:
            shared.append(a.bishop)


# --- the prayer order ---------------------------------------------------------------------------

@step
class PrayerOrder(Step):
    """PRAY-02, PRAY-09, BISHOP-06, EX-PRAY-1. Frame: player, enhanced. Returns facts.

    Stages: ``extra`` (how many extra goods) → ``paid`` (back from ``pay``) → ``move``
    (``gain_sanctity``, bishop actions deferred) → ``moved`` (the enhanced rescript) →
    ``bonus`` → ``bishops`` (the pooled bishop actions) → the facts."""

    name = "order_prayer"
    start = "extra"

    def at_extra(self, g: Table, f):
        k = max_extra_goods(g, f["player"], 4, 0, True)
        if k == 0:
            f["extra"] = 0
            f["at"] = "move"
            return None
        return Decision(f["player"], "prayer_goods", {"max": k},
                        tuple(Action("extra_goods", n=n) for n in range(k + 1)))

    def at_paid(self, g: Table, f):
        if not f.pop("ret")["paid"]:
            f["extra"] = 0
        f["at"] = "move"

    def at_move(self, g: Table, f):
        mods = g.s.get("modifiers") or {}
        amount = 2 + f["extra"] + int(mods.get("prayer_sanctity", 0))
        f["facts"] = new_facts()
        f["facts"]["sanctity"] = amount
        f["at"] = "moved"
        g.call("gain_sanctity", player=f["player"], amount=amount, defer=True)

    def at_moved(self, g: Table, f):
        """The sanctity gained (with its pooled bishop actions); PRAY-09: enhanced, one
        more bishop action and the top level-II rescript."""
        f["actions"] = f.pop("ret")["bishop_actions"]
        f["at"] = "bonus"
        if f["enhanced"]:
            f["actions"] += 1
            draw_rescript(g, f["player"], 2)
            if over_limit(g, f["player"]):
                call_rescript_limit(g, f["player"])

    def at_bonus(self, g: Table, f):
        f.pop("ret", None)
        f["at"] = "bishops"
        if f["actions"]:
            g.call("bishop_actions", player=f["player"], n=f["actions"], only=None)

    def at_bishops(self, g: Table, f):
        f["facts"]["trained"] = f.pop("ret", None) or 0
        g.ret(f["facts"])

    def on_extra_goods(self, g: Table, f, a):
        f["extra"] = a.n
        if a.n:
            f["at"] = "paid"
            g.call("pay", player=f["player"], cost=["any"] * a.n, discount=0,
                   optional=False, reason="prayer", own_turn=True)
        else:
            f["at"] = "move"
