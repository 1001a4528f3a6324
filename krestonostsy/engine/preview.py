"""What an action would do, asked before it is played: :func:`preview`.

The window asks before a step that cannot be taken back, and says what a choice costs;
both answers are the engine's, never the window's. :func:`preview` plays the action on a
clone of the game and reads what happened there — the true game is not touched (its
state, decision, log and history stay as they were), so asking changes no game.

What it reports (:class:`Outcome`):

* ``reveals`` — the undo barrier moved: a card came from a face-down deck, something was
  drawn at random (the automa's token, a blind draw in battle) or hidden levels were
  shown. Undo never crosses it (docs/engine.md, "Writing a step"), so the window confirms
  such a step first.
* ``draws`` — the face-down decks cards were taken from (``"spies"`` for the spy of an
  outer cell, PLAN-08), in the order first drawn; empty when nothing was drawn.
* ``payments`` — what the deciding player paid on the way to the next decision: coins to
  the owners of covered tokens (PLAN-06, AUTOMA-06: to ``"automa"``), goods and coins to
  the supply (a ``pay`` step answered by itself, BUILD-05).
* ``due`` — when the next decision asks the same player to pay (the ``pay`` step), the
  goods still to pay, e.g. ``("any", "any")``.
* ``ends_turn`` — another player decides next, or someone else acted on the way (the
  automa's placement), or the game ends.

The payments are read from the entries the rules log (``stack_payment``, ``paid``), so
they are exactly what the rules charged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .decks import FACE_UP_DECKS

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


@dataclass(frozen=True)
class Payment:
    """One payment of the deciding player: ``coins`` and the ``goods`` spent (colours), to
    ``to`` — a state, ``"automa"``, or None for the supply."""

    to: str | None
    coins: int = 0
    goods: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What an action of the deciding player would do (see the module docstring)."""

    player: str
    reveals: bool
    draws: tuple[str, ...]
    payments: tuple[Payment, ...]
    due: tuple[str, ...]
    ends_turn: bool
    after: Game  # the clone with the action played: what would be (may know hidden cards)

    @property
    def coins(self) -> int:
        """Coins paid in all."""
        return sum(p.coins for p in self.payments)

    def to_json(self) -> dict:
        """The public part (no ``after``): plain JSON values for the window's view."""
        return {"reveals": self.reveals, "draws": list(self.draws),
                "payments": [{"to": p.to, "coins": p.coins, "goods": list(p.goods)}
                             for p in self.payments],
                "due": list(self.due), "ends_turn": self.ends_turn}


def _drawn(before: list, after: list) -> bool:
    """Cards were taken from the top (the end) of a deck: ``after`` does not keep all of
    ``before``'s cards in place."""
    return len(after) < len(before) or after[:len(before)] != before


def preview(game: Game, action: Action) -> Outcome:
    """Play ``action`` (legal now) on a clone of ``game`` and report what it did. Raises
    :class:`IllegalAction` like :meth:`Game.apply` for an action that is not legal."""
    d = game.decision
    if d is None:
        from .actions import IllegalAction
        raise IllegalAction("the game is over: no action is possible")
    player = d.player
    after = game.clone()
    after.apply(action)
    decks_before, decks_after = game.s["decks"], after.s["decks"]
    draws = tuple(name for name in decks_before if name not in FACE_UP_DECKS
                  and _drawn(decks_before[name], decks_after.get(name, [])))
    new = after.log[len(game.log):]
    reshuffled = tuple(p.get("deck") for key, p, _vis in new if key == "deck_reshuffled"
                       and p.get("deck") not in FACE_UP_DECKS and p.get("deck") not in draws)
    payments: list[Payment] = []
    others_acted = False
    for key, params, _vis in new:
        if not isinstance(params, dict):
            continue
        if params.get("player") not in (None, player):
            others_acted = True  # e.g. the automa's placement that follows
        if key == "stack_payment" and params.get("payer") == player:
            payments.append(Payment(params.get("owner"), int(params.get("coins", 0))))
        elif key == "paid" and params.get("player") == player:
            spent = list(params.get("spent") or ())
            payments.append(Payment(None, spent.count("coin"),
                                    tuple(c for c in spent if c not in ("coin", "discount"))))
    nxt = after.decision
    due: tuple[str, ...] = ()
    if nxt is not None and nxt.player == player and nxt.prompt == "pay":
        due = tuple(nxt.params.get("left") or ())
    ends = nxt is None or nxt.player != player or others_acted
    return Outcome(player, after.s["barrier"] != game.s["barrier"],
                   draws + tuple(x for x in reshuffled if isinstance(x, str)),
                   _by_recipient(payments), due, ends, after)


def _by_recipient(payments: list[Payment]) -> tuple[Payment, ...]:
    """One payment per recipient, in the order each was first paid (two covered tokens of
    one owner are 2 coins to that owner)."""
    out: dict[str | None, Payment] = {}
    for p in payments:
        had = out.get(p.to)
        out[p.to] = p if had is None else Payment(p.to, had.coins + p.coins, had.goods + p.goods)
    return tuple(out.values())
