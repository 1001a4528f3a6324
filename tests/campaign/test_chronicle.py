"""The chronicle (CAMP-11) and whole campaigns played by bots (CAMP-01, CAMP-05..08):
atomic writes, the derived state replayed, refusal of a corrupt, newer or altered
chronicle with its backup kept, and the carry-overs between scenarios."""
from __future__ import annotations

import json
import os

import pytest
from engine.test_conformance import check_invariants

from krestonostsy.campaign import Chronicle, ChronicleError, list_campaigns
from krestonostsy.campaign.chronicle import FORMAT, VERSION, sealed
from krestonostsy.campaign.play import play_campaign, play_next
from krestonostsy.cli import main as cli
from krestonostsy.engine import Game
from krestonostsy.engine.options import GameOptions
from krestonostsy.engine.setup import new_state

LINEUPS = {2: ["antioch", "edessa"], 3: ["jerusalem", "tripoli", "antioch"],
           4: ["jerusalem", "tripoli", "edessa", "antioch"]}


def seats(players: int, level: str = "novice") -> dict:
    return {x: level for x in LINEUPS[players]}


@pytest.fixture(scope="module")
def campaigns(all_chapter_data, tmp_path_factory) -> dict:
    """A whole four-scenario campaign of 2, 3 and 4 players, played by bots to its end."""
    folder = tmp_path_factory.mktemp("userdata")
    out = {}
    for n in (2, 3, 4):
        c = Chronicle.new(seats(n), seed=n, folder=folder, campaign_id=f"c{n}",
                          data=all_chapter_data)
        play_campaign(c)
        out[n] = c
    return out


@pytest.mark.rule("SETUP-44", "CAMP-01", "CAMP-02", "CAMP-05", "CAMP-06", "CAMP-07", "CAMP-08")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_campaign_played_by_bots_carries_each_scenario_into_the_next(campaigns, players):
    c = campaigns[players]
    assert [ch.scenario for ch in c.chapters] == ["chronicle_beginning", "levantine_merchants",
                                                  "vassal_of_my_vassal", "rise_of_the_crescent"]
    assert c.chapters[-1].starting is None  # nothing after the last scenario
    for before, after in zip(c.chapters, c.chapters[1:], strict=False):
        game = after.game
        assert (game.setup.get("starting") or None) == (before.starting or None)
        # the set-up itself, before the first round's event can change anything
        start = new_state(game.rules, c.states, game.setup["seed"],
                          GameOptions.from_json(game.setup["options"]))
        board = game.c.board
        for x in c.states:
            carried = before.starting.get(x, {})
            p = start["players"][x]
            assert p["coins"] == carried.get("coins", board.states[x].coins)
            assert p["influence"] == carried.get("influence", 0)
            assert start["sanctity"][x] == carried.get("sanctity", board.sanctity_start[x])
            for city, units in carried.get("cities", {}).items():
                assert city in p["cities"] and start["cities"][city]["units"] == {x: units}
            assert before.reasons[x][0] == ["CAMP-05", before.nicknames[x]]
        check_invariants(Game.new(c.states, seed=game.setup["seed"], scenario=game.rules))
    assert len({ch.nickname_ids[x] for ch in c.chapters for x in c.states}) == \
        len(c.chapters) * len(c.states)  # every nickname card given once
    pts = c.standings()
    assert pts == {x: sum(ch.points[x] for ch in c.chapters) for x in c.states}
    winner = c.winner()
    assert winner is not None and pts[winner] == max(pts.values())


@pytest.mark.rule("CAMP-11")
def test_the_chronicle_replays_to_the_same_campaign(campaigns, all_chapter_data):
    for c in campaigns.values():
        back = Chronicle.load(c.path, all_chapter_data)
        assert back.seats == c.seats and back.seed == c.seed
        assert [ch.record() for ch in back.chapters] == [ch.record() for ch in c.chapters]
        assert back.standings() == c.standings()


@pytest.mark.rule("CAMP-11")
def test_several_campaigns_live_side_by_side(campaigns):
    folder = campaigns[2].path.parent
    assert {p.name for p in list_campaigns(folder.parent)} >= {"c2.json", "c3.json", "c4.json"}


@pytest.mark.rule("CAMP-11")
def test_the_chronicle_is_written_atomically(all_chapter_data, tmp_path, monkeypatch):
    c = Chronicle.new(seats(2, "random"), seed=9, folder=tmp_path, campaign_id="atomic",
                      data=all_chapter_data)
    before = c.path.read_bytes()
    game = c.new_game()

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    from krestonostsy.ai.levels import make_bot
    from krestonostsy.ai.play import play
    play(game, {x: make_bot("random") for x in c.states}, seed=1)
    with pytest.raises(OSError):
        c.finish(game)
    assert c.path.read_bytes() == before  # the old chronicle, whole
    assert [p.name for p in c.path.parent.iterdir()] == ["atomic.json"]  # no temp left
    monkeypatch.undo()
    c.chapters.clear()
    c.finish(game)
    assert len(json.loads(c.path.read_text(encoding="utf-8"))["chapters"]) == 1


def refused(path, data, message: str) -> str:
    with pytest.raises(ChronicleError) as info:
        Chronicle.load(path, data)
    text = str(info.value)
    assert message in text, text
    backups = sorted(path.parent.glob(path.name + ".bad-*"))
    assert backups and "the file was kept as " + backups[-1].name in text
    return text


@pytest.mark.rule("CAMP-11")
def test_a_corrupt_chronicle_is_refused_and_its_backup_kept(campaigns, all_chapter_data,
                                                            tmp_path):
    good = campaigns[2].path.read_text(encoding="utf-8")
    path = tmp_path / "broken.json"
    path.write_text(good[: len(good) // 2], encoding="utf-8")
    refused(path, all_chapter_data, "broken.json: the chronicle is damaged: it is not a JSON text")
    assert path.read_text(encoding="utf-8") == good[: len(good) // 2]  # left as it was
    path.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    refused(path, all_chapter_data, "is not a Krestonostsy campaign chronicle")


@pytest.mark.rule("CAMP-11")
def test_a_newer_chronicle_is_refused_with_a_clear_message(campaigns, all_chapter_data,
                                                           tmp_path):
    doc = json.loads(campaigns[3].path.read_text(encoding="utf-8"))
    doc["version"] = VERSION + 1
    path = tmp_path / "newer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    refused(path, all_chapter_data, f"was written by a newer version of the game (chronicle "
                                    f"format {VERSION + 1}; this version reads up to {VERSION})")
    assert doc["format"] == FORMAT


@pytest.mark.rule("CAMP-11")
def test_an_altered_chapter_is_refused(campaigns, all_chapter_data, tmp_path):
    """Changed outside the game, a chronicle no longer matches its digest; changed and
    sealed again (the digest is no secret), its chapters still do not match their games."""
    doc = json.loads(campaigns[4].path.read_text(encoding="utf-8"))
    doc["chapters"][0]["points"]["jerusalem"] += 5
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    refused(path, all_chapter_data, "its contents do not match their check sum")
    path.write_text(json.dumps(sealed(doc)), encoding="utf-8")
    refused(path, all_chapter_data, "chapter 1 (chronicle_beginning) does not match its game "
                                    "(recorded points differ)")
    doc = json.loads(campaigns[4].path.read_text(encoding="utf-8"))
    doc["chapters"][1]["save"]["setup"].pop("starting", None)
    doc["chapters"][1]["save"]["setup"]["starting"] = {"edessa": {"influence": 40}}
    path.write_text(json.dumps(sealed(doc)), encoding="utf-8")
    refused(path, all_chapter_data, "chapter 2")


@pytest.mark.rule("CAMP-01")
def test_a_human_seat_is_not_played_headless(all_chapter_data, tmp_path):
    c = Chronicle.new({"jerusalem": "human", "tripoli": "easy"}, seed=1, folder=tmp_path,
                      data=all_chapter_data)
    with pytest.raises(ValueError, match="jerusalem is played by a human"):
        play_next(c)
    with pytest.raises(ValueError, match="must be 'human' or a bot level"):
        Chronicle.new({"jerusalem": "god", "tripoli": "easy"}, seed=1, folder=tmp_path)
    with pytest.raises(ValueError, match="cannot play a 2-player game"):
        Chronicle.new({"jerusalem": "easy", "antioch": "easy"}, seed=1, folder=tmp_path)


@pytest.mark.rule("CAMP-01")
def test_the_campaign_command_plays_what_exists_and_names_the_rest(tmp_path, capsys):
    assert cli(["campaign", "--players", "2", "--bots", "random", "--seed", "4",
                "--dir", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [s["scenario"] for s in out["scenarios"]] == ["chronicle_beginning",
                                                         "levantine_merchants",
                                                         "vassal_of_my_vassal",
                                                         "rise_of_the_crescent"]
    assert out["not_implemented"] == []
    assert [s["carry"] is not None for s in out["scenarios"]] == [True, True, True, False]
    assert out["winner"] in ("jerusalem", "tripoli")
    assert set(out["standings"]) == {"jerusalem", "tripoli"}
    assert cli(["campaign", "--open", out["chronicle"]]) == 0
    text = capsys.readouterr().out
    assert "Scenario 1: The Beginning of the Chronicle" in text
    assert "Scenario 2: Levantine Merchants" in text and "carries over for" in text
    assert "Scenario 3: The Vassal of My Vassal" in text
    assert "Scenario 4: Rise of the Crescent" in text


@pytest.mark.rule("CAMP-11")
def test_a_campaign_continues_after_a_restart_exactly_as_without_one(all_chapter_data,
                                                                     tmp_path):
    straight = Chronicle.new(seats(2), seed=21, folder=tmp_path / "a", campaign_id="x",
                             data=all_chapter_data)
    play_next(straight)
    play_next(straight)
    interrupted = Chronicle.new(seats(2), seed=21, folder=tmp_path / "b", campaign_id="x",
                                data=all_chapter_data)
    play_next(interrupted)
    interrupted.link_autosave(str(tmp_path / "autosave-000000000001.json"))
    reopened = Chronicle.load(interrupted.path, all_chapter_data)  # the program restarted
    assert reopened.in_progress == {"autosave": str(tmp_path / "autosave-000000000001.json")}
    play_next(reopened)
    assert reopened.in_progress is None
    assert [c.record() for c in reopened.chapters] == [c.record() for c in straight.chapters]
    assert json.loads(reopened.path.read_text(encoding="utf-8"))["in_progress"] is None


@pytest.mark.rule("CAMP-11")
def test_a_scenario_saved_in_its_middle_loads_and_plays_on_identically(all_chapter_data,
                                                                       tmp_path):
    c = Chronicle.new(seats(2), seed=5, folder=tmp_path, campaign_id="mid",
                      data=all_chapter_data)
    play_next(c)
    game = c.new_game()  # the second scenario, with the first one's carry-over
    import random
    rnd = random.Random(3)
    for _ in range(120):
        acts = game.legal_actions()
        game.apply(acts[rnd.randrange(len(acts))])
    saved = json.loads(json.dumps(game.to_json()))
    back = Game.from_json(saved, rules=c.next_rules())
    assert back.setup == game.setup and back.state_json() == game.state_json()
    for g in (game, back):
        r = random.Random(4)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[r.randrange(len(acts))])
    assert back.state_json() == game.state_json()
    c.finish(back)
    assert Chronicle.load(c.path, all_chapter_data).chapters[1].record() == \
        c.chapters[1].record()
