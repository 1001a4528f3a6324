"""The nicknames a campaign's states carry go into the next scenario's game (CAMP-05): in
its setup (so saves replay them), in every player's view (the table shows them on the state
boards), and the chronicle refuses a chapter whose game carries other nicknames.
Also the scenarios a campaign has reached, offered for single games (campaign/reached.py)."""
from __future__ import annotations

import json

import pytest

from krestonostsy.campaign.chronicle import Chronicle, ChronicleError
from krestonostsy.campaign.play import play_next
from krestonostsy.campaign.reached import reached_scenarios
from krestonostsy.engine import Game, SaveError, load_ruleset

SEATS = {"antioch": "random", "edessa": "random"}


@pytest.fixture(scope="module")
def one_chapter(all_chapter_data, tmp_path_factory):
    """A campaign whose first scenario was played by bots."""
    folder = tmp_path_factory.mktemp("userdata")
    c = Chronicle.new(dict(SEATS), seed=7, folder=folder, campaign_id="nick",
                      data=all_chapter_data)
    play_next(c)
    return c


@pytest.mark.rule("CAMP-05")
def test_the_next_scenario_carries_the_nicknames_just_awarded(one_chapter):
    c = one_chapter
    awarded = c.chapters[0].nickname_ids
    assert set(awarded) == set(SEATS) and len(set(awarded.values())) == 2
    game = c.new_game()
    assert game.setup["nicknames"] == awarded
    for viewer in (*SEATS, None):
        assert game.view(viewer)["nicknames"] == awarded
    assert "nicknames" not in Game.new(list(SEATS), seed=1).setup  # none in a single game
    assert "nicknames" not in Game.new(list(SEATS), seed=1).view(None)


@pytest.mark.rule("CAMP-05", "CAMP-11")
def test_the_nicknames_survive_a_save_and_its_replay(one_chapter):
    game = one_chapter.new_game()
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    saved = json.loads(json.dumps(game.to_json()))
    assert saved["setup"]["nicknames"] == one_chapter.chapters[0].nickname_ids
    back = Game.from_json(saved, rules=one_chapter.data.rules(game.setup["scenario"]))
    assert back.setup == game.setup and back.state_json() == game.state_json()
    assert back.view("edessa")["nicknames"] == game.view("edessa")["nicknames"]
    assert back.clone().view(None)["nicknames"] == saved["setup"]["nicknames"]
    saved["setup"]["nicknames"] = {"edessa": 3}
    with pytest.raises(SaveError, match="nicknames"):
        Game.from_json(saved, rules=one_chapter.data.rules(game.setup["scenario"]))


@pytest.mark.rule("CAMP-05", "CAMP-11")
def test_a_chapter_without_its_nicknames_is_refused(one_chapter, all_chapter_data, tmp_path):
    c = Chronicle.new(dict(SEATS), seed=7, folder=tmp_path, campaign_id="n2",
                      data=all_chapter_data)
    c.chapters = list(one_chapter.chapters)
    game = Game.new(list(SEATS), seed=c.chapter_seed(1),
                    options=dict(c.next_scenario().options),
                    scenario=c.next_rules().with_nicknames(None))
    rnd = __import__("random").Random(1)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rnd.randrange(len(acts))])
    with pytest.raises(ChronicleError, match="nicknames"):
        c.finish(game)


def test_nicknames_must_name_players_of_the_game():
    with pytest.raises(ValueError, match="tripoli"):
        Game.new(["antioch", "edessa"], seed=1,
                 scenario=load_ruleset("base").with_nicknames({"tripoli": "the_bold"}))
    with pytest.raises(ValueError, match="nickname"):
        load_ruleset("base").with_nicknames({"tripoli": 5})


def test_the_scenarios_reached_by_the_campaigns_are_listed(one_chapter, all_chapter_data,
                                                           tmp_path):
    assert reached_scenarios(tmp_path, all_chapter_data) == []  # no campaign yet
    Chronicle.new(dict(SEATS), seed=1, folder=tmp_path, campaign_id="fresh",
                  data=all_chapter_data)
    assert reached_scenarios(tmp_path, all_chapter_data) == ["chronicle_beginning"]
    (tmp_path / "campaigns" / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "campaigns" / "other.json").write_text('{"format": "x"}', encoding="utf-8")
    assert reached_scenarios(tmp_path, all_chapter_data) == ["chronicle_beginning"]
    # the campaign that played its first scenario has reached the second one too
    assert reached_scenarios(one_chapter.path.parent.parent, all_chapter_data) == [
        "chronicle_beginning", "levantine_merchants"]
