"""Safe turns: a human's action that ends their turn, or that cannot be taken back, waits
for their confirmation (:class:`PendingTurnEnd`, as on Rally the Troops); what each choice
costs or draws is the engine's answer (``engine.preview``), asked on clones. The
controller holds the pending action; these are the pieces it decides with, none a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import DECISIONS, Action

if TYPE_CHECKING:
    from ..engine import Game, Outcome

# Plays the held action (PendingTurnEnd); its button reads "Go on" when the turn goes on.
END_TURN = Action("end_turn")
# The first decision of an order: "Done" there gives the whole order up (the registry's
# ``opens_order``).
ORDER_PROMPTS = frozenset(k.prompt for k in DECISIONS.values() if k.opens_order)
TAKE_BACK = Action("take_back")


@dataclass(frozen=True)
class PendingTurnEnd:
    """A human's action held until they confirm it or take it back (as on Rally the
    Troops): an action that would end their turn (in hot-seat: the hand-off follows), or
    one that cannot be taken back once played, because it draws from a face-down deck or
    reveals something hidden (the spy of an outer cell). Nothing of that kind is final at
    once.

    ``outcome`` is the engine's answer to "what would it do" (``engine.preview``): the
    cards it draws and what it costs, which the prompt says. ``preview`` is the game with
    the action applied, shown to the player before it counts; None when the action draws
    or reveals something hidden: then nothing of it is shown until it is final, and the
    player only confirms the choice."""

    action: Action
    player: str
    preview: Game | None
    outcome: Outcome | None = None
    # what the player's view said of the decision the action answers (an event's options
    # are named by their effects there: the confirmation names the option chosen by them)
    asked: dict = field(default_factory=dict, compare=False)

    @property
    def ends_turn(self) -> bool:
        return self.outcome is None or self.outcome.ends_turn

    @property
    def prompt(self) -> dict:
        """The decision the table shows meanwhile (a UI prompt, not an engine one)."""
        if self.preview is not None:
            key = "confirm_end_turn"
        else:
            key = "confirm_end_turn_hidden" if self.ends_turn else "confirm_reveal"
        params = {"action": self.action.to_json(), "asked": dict(self.asked)}
        if self.outcome is not None:
            params["outcome"] = self.outcome.to_json()
        return {"player": self.player, "prompt": key, "params": params}


# Log entries that explain why the prompt changed, newest first wins (ui/table/labels.py
# LEADS renders them); an order only when it is the viewer's own.
LEAD_KEYS = ("order_started", "round_started", "battle_started", "event_revealed")


def lead_of(entries, viewer: str | None) -> dict | None:
    """The entry among ``entries`` (new since the viewer's previous decision) that says
    what comes next and why, e.g. ``order_started`` of the viewer's March order."""
    for key, params, visibility in reversed(list(entries)):
        if key not in LEAD_KEYS or not isinstance(params, dict):
            continue
        if visibility is not None and viewer not in visibility:
            continue
        if key == "order_started" and params.get("player") != viewer:
            continue
        return {"key": key, "params": dict(params)}
    return None


def turn_end_of(game: Game, action: Action, hold_turn_end: bool = True
                ) -> PendingTurnEnd | None:
    """Whether ``action`` of the deciding player must wait for a confirmation, decided by
    the engine on a clone (``engine.preview``): the rules stay the engine's.

    Held: an action that draws from a face-down deck or reveals something hidden (undo can
    never cross it), whoever decides next; and, with ``hold_turn_end``, an action that ends
    the turn — another player decides next, someone else acted inside it (the automa's
    placement), or the game ends. Not held: an action after which the player decides again
    and can take it back (the toolbar's undo covers it)."""
    player = game.decision.player
    from ..engine import preview_action
    outcome = preview_action(game, action)
    after = outcome.after
    asked = (game.view(player).get("decision") or {}).get("params") or {}
    if outcome.reveals:
        return PendingTurnEnd(action, player, None, outcome, asked)
    if not hold_turn_end or (not after.is_over and after.can_undo) or not outcome.ends_turn:
        return None
    return PendingTurnEnd(action, player, after, outcome, asked)


def outcomes_of(game: Game, actions) -> dict[Action, Outcome]:
    """The engine's outcome of each of ``actions`` that costs something or cannot be taken
    back (for the labels and the hover of the places that offer them)."""
    from ..engine import preview_action
    out = {}
    for action in actions:
        try:
            outcome = preview_action(game, action)
        except Exception:  # the real apply reports the engine's problem, if ever chosen
            continue
        if outcome.reveals or outcome.payments or outcome.due:
            out[action] = outcome
    return out
