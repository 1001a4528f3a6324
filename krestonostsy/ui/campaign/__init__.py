"""The campaign in the window (issue 11): the list of campaigns and the new-campaign
dialog (:mod:`.campaign_screen`), the briefing, debrief and chronicle reader
(:mod:`.pages`, words from :mod:`.story`, the map from :mod:`.levant_map`), and the flow
from scenario to scenario (:mod:`.flow`)."""
from .flow import CampaignFlow

__all__ = ["CampaignFlow"]
