"""The window names cards from the shown game's own content (its scenario's cards), not
from a process-wide copy of the shipped ones (issue 7 §3)."""
from __future__ import annotations

import dataclasses

from krestonostsy.engine import Game, load_ruleset
from krestonostsy.i18n import _
from krestonostsy.ui import names
from krestonostsy.ui.saves import SaveStore
from krestonostsy.ui.table import labels


def test_cards_are_named_from_the_shown_games_content(tmp_path, qapp, monkeypatch):
    from krestonostsy.ui.controller import GameController

    monkeypatch.setattr(names, "_content", None)  # whatever an earlier test showed
    content = load_ruleset("base").content
    card_id = next(iter(content.buildings))
    renamed = dataclasses.replace(content.buildings[card_id], name="A renamed building")
    own = dataclasses.replace(content, buildings={**content.buildings, card_id: renamed})
    game = Game.new(["jerusalem", "tripoli"], seed=3, content=own)
    assert names.card_name(card_id) == _(content.buildings[card_id].name)  # no game: base
    c = GameController(SaveStore(tmp_path / "saves"))
    c.start(game)
    assert names.shown_content() is game.c
    assert names.card_name(card_id) == "A renamed building"
    assert labels.card_name(card_id) == "A renamed building"
    c.new_game(["jerusalem", "tripoli"], 3)
    assert names.card_name(card_id) == _(content.buildings[card_id].name)
