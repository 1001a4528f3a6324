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

#: The level that plays the Saracens' cards when the option is on. Which decisions are the
#: Saracens' the engine tells: ``Game.deciding_for_saracens``.
SARACEN_LEVEL = "normal"
