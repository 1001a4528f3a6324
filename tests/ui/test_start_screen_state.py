"""Issue 28 §9: back on the start screen, the window no longer speaks of the game left
behind — the status bar said «Раунд 1 · Планирование · Ход: …» and Save and Undo stayed
enabled over the menu. Back at the table, both return."""
from __future__ import annotations

import random


def test_the_start_screen_shows_no_status_and_offers_no_save_or_undo(fake_window):
    w = fake_window
    assert w.start_new_game(["jerusalem", "tripoli", "edessa", "antioch"], 11)
    c = w.controller
    rnd = random.Random(4)
    for _ in range(400):  # a move that leaves the same player deciding: undo is offered
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if c.can_undo:
            break
        c.choose(rnd.choice(c.legal_for_viewer()))
    assert c.can_undo and w.current_page() == "table"
    assert w.act_save.isEnabled() and w.act_undo.isEnabled() and w.status_label.text()
    w.go_to_menu()
    assert w.current_page() == "start"
    assert w.status_label.text() == ""
    assert not w.act_save.isEnabled() and not w.act_undo.isEnabled()
    w.show_table_page()  # "Continue" the game still in play
    assert w.current_page() == "table"
    assert w.act_save.isEnabled() and w.act_undo.isEnabled() and w.status_label.text()
