"""The campaign's pages for ``krestonostsy --screenshot --screen …`` (reviewing the UI):
``campaign`` (the list with sample campaigns, one damaged), ``newcampaign`` (the dialog),
``briefing`` (scenario 2's, after a first chapter), ``debrief`` (the first chapter's) and
``chronicle`` (the reader). The sample chapters are played with seeded random legal
moves, headless, then recorded by the chronicle as any
finished game is."""
from __future__ import annotations

import random

from ...campaign.chronicle import Chronicle, campaigns_dir
from ...i18n import _

SAMPLES = (  # (name by language, seats, chapters played, seed)
    ({"ru": "Летопись Балдуина", "en": "Baldwin's chronicle"},
     {"jerusalem": "human", "tripoli": "normal"}, 1, 7),
    ({"ru": "Четыре государства", "en": "Four states"},
     {"jerusalem": "human", "tripoli": "easy", "edessa": "hard:conqueror",
      "antioch": "normal"}, 2, 3),
)


def play_chapter(chronicle: Chronicle, seed: int) -> None:
    """Play the chronicle's next scenario with seeded random legal moves and record it."""
    rnd = random.Random(seed)
    game = chronicle.new_game()
    while not game.is_over:
        game.apply(rnd.choice(list(game.legal_actions())))
    chronicle.finish(game)


def fill_sample_campaigns(folder, lang: str) -> list[Chronicle]:
    """Sample campaigns in ``folder`` (the user data folder) and one damaged chronicle."""
    made = []
    for names, seats, chapters, seed in SAMPLES:
        c = Chronicle.new(seats, seed, folder=folder, campaign_id=f"sample-{seed}",
                          name=names[lang])
        for _i in range(chapters):
            play_chapter(c, seed)
        made.append(c)
    bad = campaigns_dir(folder) / "damaged.json"
    bad.write_text('{"format": "krestonostsy-chronicle", "version": 1, "seats": {"jer',
                   encoding="utf-8")
    return made


def show_campaign_screen(window, screen: str, lang: str):
    """Bring ``window`` to the campaign page ``screen``; the widget to grab."""
    flow = window.campaign
    made = fill_sample_campaigns(flow.folder, lang)
    first = made[0]
    if screen == "campaign":
        flow.show_list(select=first.path)
    elif screen == "newcampaign":
        flow.show_list()
        from PySide6.QtWidgets import QApplication
        dialog = flow.new_campaign_dialog()
        dialog.name_edit.setText(_("Campaign {n}").format(n=3))
        QApplication.processEvents()
        dialog.adjustSize()
        return dialog
    elif screen == "briefing":
        flow.show_briefing(first)
    elif screen == "debrief":
        flow.chronicle = first
        flow.show_debrief()
    elif screen == "chronicle":
        flow.show_chronicle(made[1])
    return window
