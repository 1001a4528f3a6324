"""The campaign «Сюжетная кампания» (issue 11, docs/campaign.md), headless: no Qt.

* :mod:`.data` — ``data/campaign/*.yaml`` validated (the scenarios in order, points,
  qualities, carry-overs, nicknames, the bulls' symbols);
* :mod:`.qualities` — places, qualities, nicknames and chronicle points of a finished game;
* :mod:`.carry` — the carry-overs applied to the next scenario's starting positions;
* :mod:`.chronicle` — the chronicle file (atomic, derived state, refusal with a backup);
* :mod:`.play` — a campaign played by bots (the ``krestonostsy campaign`` command).
"""
from .chronicle import Chapter, Chronicle, ChronicleError, list_campaigns
from .data import CampaignData, load_campaign, shipped_campaign

__all__ = ["CampaignData", "Chapter", "Chronicle", "ChronicleError", "list_campaigns",
           "load_campaign", "shipped_campaign"]
