"""Saves over time and the UI's loaders (issue 6 §2, §4): autosaves ordered by a counter,
never by the clock; temporary files of a killed write cleaned and never listed; read_save
and GameController.load refuse every damaged file with a message and keep the game."""
from __future__ import annotations

import json
import os
import random
import time

import pytest

from krestonostsy.engine import Game, SaveError
from krestonostsy.ui.saves import SaveStore, read_save, save_dict


def _played(seed=4, steps=20) -> Game:
    g = Game.new(["jerusalem", "tripoli"], seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        g.apply(rnd.choice(g.legal_actions()))
    return g


def test_autosaves_are_ordered_by_their_counter_even_when_the_clock_goes_back(
        tmp_path, monkeypatch):
    store = SaveStore(tmp_path, keep=3)
    g = _played()
    clock = [2_000_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    written = []
    for _ in range(5):
        written.append(store.autosave(g))
        g.apply(g.legal_actions()[0])
        clock[0] -= 3600  # the clock (or the time zone) goes back an hour each time
    kept = store.autosaves()
    assert kept == list(reversed(written))[:3]  # the newest is first, none lost to the clock
    assert store.latest_autosave() == written[-1]
    numbers = [json.loads(p.read_text())["ui"]["autosave_no"] for p in kept]
    assert numbers == [5, 4, 3]


def test_old_clock_stamped_autosaves_sort_after_numbered_ones(tmp_path):
    store = SaveStore(tmp_path)
    old = tmp_path / "autosave-20991231-235959-000000001.json"
    old.write_text(json.dumps(save_dict(_played())))
    new = store.autosave(_played(steps=21))
    assert store.autosaves() == [new, old]


def test_temporary_files_of_a_killed_write_are_removed_at_start_and_never_listed(tmp_path):
    leftover = tmp_path / ".tmp-abc123.part"
    leftover.write_text(json.dumps(save_dict(_played())))  # a complete but never renamed write
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    fresh = tmp_path / ".tmp-inprogress.part"  # another window writing right now
    fresh.write_text("{")
    store = SaveStore(tmp_path)
    assert not leftover.exists()
    assert fresh.exists()
    assert store.saves() == []
    assert store.autosaves() == []


@pytest.mark.parametrize("damage", [
    lambda d: d["ui"].update(seats=["human"]),
    lambda d: d["ui"].update(seats={"jerusalem": 1}),
    lambda d: d["ui"].update(over="no"),
    lambda d: d.update(format_version=True),
    lambda d: d["setup"].update(options={"bull_choice": "false"}),
    lambda d: d.update(actions=[{"kind": "place_order", "order": "build", "cell": 1.0}]),
])
def test_read_save_turns_every_damage_into_save_error_with_a_message(tmp_path, damage):
    data = save_dict(_played(), {"jerusalem": "human", "tripoli": "human"})
    damage(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert str(err.value).strip()


def test_controller_load_of_a_damaged_save_keeps_the_game_in_progress(tmp_path, qapp):
    from krestonostsy.ui.controller import GameController
    c = GameController(SaveStore(tmp_path / "saves"), autosave=False)
    c.new_game(["jerusalem", "tripoli"], 2)
    game, state = c.game, c.game.state_json()
    data = save_dict(_played())
    data["ui"]["seats"] = {"jerusalem": ["bot"]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        c.load(bad)
    assert c.game is game and game.state_json() == state


def test_the_prompt_bar_names_a_drawn_spy_for_its_owner_only(qapp):
    from krestonostsy.ui.table import labels as L
    for i in range(300):
        rnd = random.Random(i)
        g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=i)
        while not g.is_over and g.decision.prompt != "play_drawn_spy":
            g.apply(rnd.choice(g.legal_actions()))
        if not g.is_over:
            break
    owner, card = g.decision.player, g.decision.params["card"]
    name = L._fmt_value("card", card)
    assert name and name in L.prompt_text(g.view(owner)["decision"])
    for viewer in [None, *(p for p in g.s["states"] if p != owner)]:
        assert name not in L.prompt_text(g.view(viewer)["decision"])
