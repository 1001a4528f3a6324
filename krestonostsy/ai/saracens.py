"""The Saracen side of a battle, played by the computer (the game option
``computer_saracens``, issue 9 §2).

By the rulebook (BATTLE-02) the closest opponent plays the Saracens' battle cards, in
their own interest; the engine asks that player. With the option on, the window lets a
bot answer those decisions instead, so a hot-seat battle against the Saracens needs no
hand-off at every manoeuvre. The bot decides through the usual harness, as that seat
(it sees what the Saracen player sees, and plays the Saracens in that player's interest,
as the rulebook intends).
"""
from __future__ import annotations

from ..engine.state import SARACEN

#: The level that plays the Saracens' cards when the option is on.
SARACEN_LEVEL = "normal"


def deciding_for_saracens(game) -> bool:
    """Is ``game``'s decision one that its player makes for the Saracen side of a battle?

    True when a battle against the Saracens is under way (or their attack, the warlord's
    in «Rise of the Crescent»), the deciding player is its
    Saracen player, and no step above the battle was started by that player for
    themselves (their own spy, building or rescript): only public parts of the state
    (the battle and the flow) are read."""
    d = game.decision
    b = game.s.get("battle")
    if d is None or not b or SARACEN not in (b.get("defender"), b.get("attacker")) \
            or d.player != b.get("saracen_player") \
            or d.player in (b.get("attacker"), b.get("defender")):
        return False
    for frame in reversed(game.s["stack"]):
        if frame.get("s") in ("battle", "warlord_battle"):
            return True
        if d.player in (frame.get("player"), frame.get("owner")):
            return False
    return False
