"""The scenarios a player may play on their own: those a campaign has reached (issue 11:
"standalone play of any scenario the campaign has reached").

A campaign has reached every scenario it has finished and the one it plays next. The
chronicles are read lightly (their JSON and the scenario of each chapter, no replay):
the list only unlocks a choice in the new-game dialog, and a chronicle that cannot be
read unlocks nothing (the campaign screens say what is wrong with it when it is opened).
"""
from __future__ import annotations

import json
from pathlib import Path

from .chronicle import FORMAT, MAX_CHRONICLE_BYTES, list_campaigns
from .data import CampaignData, shipped_campaign


def chapters_played(path: Path) -> int | None:
    """How many scenarios the chronicle at ``path`` has finished, or None when it is not a
    readable chronicle."""
    try:
        if path.stat().st_size > MAX_CHRONICLE_BYTES:
            return None
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT \
            or not isinstance(doc.get("chapters"), list):
        return None
    return len(doc["chapters"])


def reached_scenarios(folder: Path | str | None = None,
                      data: CampaignData | None = None) -> list[str]:
    """The ids of the implemented scenarios that a campaign in the user data folder
    (``folder``: its root, default the user data folder) has reached, in campaign order;
    ``[]`` when there is no campaign."""
    data = data or shipped_campaign()
    reach = -1
    for path in list_campaigns(folder):
        n = chapters_played(path)
        if n is not None:
            reach = max(reach, n)
    return [e.id for i, e in enumerate(data.scenarios) if i <= reach and e.implemented]
