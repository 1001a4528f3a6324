"""The public API contract: determinism, illegal actions, undo, saves (DESIGN 'Engine')."""
import json
import random

import pytest

from krestonostsy.engine import Action, Game, IllegalAction, SaveError
from krestonostsy.engine.actions import bare

PAIR = ["jerusalem", "tripoli"]


def advance(g: Game, n: int, seed: int = 0) -> list:
    rnd = random.Random(seed)
    done = []
    for _ in range(n):
        if g.is_over:
            break
        acts = g.legal_actions()
        a = acts[rnd.randrange(len(acts))]
        g.apply(a)
        done.append(a)
    return done


def test_same_seed_same_actions_same_game():
    a = Game.new(PAIR, seed=11)
    b = Game.new(PAIR, seed=11)
    for act in advance(a, 300, seed=2):
        b.apply(act)
    assert a.state_json() == b.state_json()
    assert a.log == b.log


def test_illegal_action_names_what_is_wrong():
    g = Game.new(PAIR, seed=1)
    with pytest.raises(IllegalAction) as err:
        g.apply(Action("fly_to_the_moon"))
    assert "fly_to_the_moon" in str(err.value)
    assert g.decision.player in str(err.value)
    legal = g.legal_actions()[0]
    bogus = Action(legal.kind, **{**dict(legal.params), "zzz": 1})
    with pytest.raises(IllegalAction, match="not legal now"):
        g.apply(bogus)
    with pytest.raises(IllegalAction):
        g.apply({"no_kind": 1})


def test_actions_have_json_form_and_targets():
    g = Game.new(PAIR, seed=1)
    for a in g.legal_actions():
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        assert a.targets


def test_actions_built_once_are_plain_values():
    """Steps offer some actions built once for every game (``bare``, the placements):
    they equal fresh ones, and a game played with fresh copies is the very same game."""
    assert bare("done") is bare("done")
    assert bare("done") == Action("done") and hash(bare("done")) == hash(Action("done"))
    g, h = Game.new(PAIR, seed=4), Game.new(PAIR, seed=4)
    for a in advance(g, 150, seed=4):
        h.apply(Action.from_json(a.to_json()))
    assert h.state_json() == g.state_json() and h.log == g.log


def test_undo_restores_the_previous_decision_of_the_same_player():
    g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=4)
    rnd = random.Random(9)
    undone = 0
    for _ in range(400):
        if g.is_over:
            break
        before = g.state_json()
        player = g.decision.player
        barrier = g.s["barrier"]
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
        if g.can_undo:
            # allowed only for the same player and with no random draw in between
            assert g.decision.player == player and g.s["barrier"] == barrier
            g.undo()
            assert g.state_json() == before
            undone += 1
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
    assert undone > 0
    with pytest.raises(IllegalAction):
        while True:
            g.undo()


@pytest.mark.parametrize("payload,message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"format_version": 1, "game": "chess", "setup": {}}), "not a Krestonostsy save"),
    (json.dumps({"format_version": 99, "game": "krestonostsy", "setup": {"states": PAIR},
                 "actions": []}), "newer version"),
    (json.dumps({"format_version": 1, "game": "krestonostsy",
                 "setup": {"states": ["jerusalem", "antioch"]}, "actions": []}), "setup"),
    (json.dumps({"format_version": 1, "game": "krestonostsy", "setup": {"states": PAIR},
                 "actions": [{"kind": "nonsense"}]}), "action 1 of 1"),
    (b"\xff\xfe\x00garbage", "not a text file"),
])
def test_bad_saves_are_refused_clearly(payload, message):
    with pytest.raises(SaveError, match=message):
        Game.from_json(payload)


def test_save_round_trip_mid_game():
    g = Game.new(PAIR, seed=21)
    advance(g, 150, seed=3)
    h = Game.from_json(json.dumps(g.to_json()))
    assert h.state_json() == g.state_json()
    assert h.view("jerusalem") == g.view("jerusalem")


def test_cancel_order_takes_back_every_choice_of_the_current_order():
    """A multi-step order (here a march with several moves) can be cancelled as a whole,
    back to the order's first decision — never across another player or a random draw."""
    g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=7)
    rnd = random.Random(7)
    checked = 0
    for _ in range(3000):
        if g.is_over or checked >= 3:
            break
        d = g.decision
        if d.prompt == "march_move" and g.can_cancel_order:
            player = d.player
            n = g._cancellable()
            before = [a.to_json() for a in g.actions]
            g.cancel_order()
            assert [a.to_json() for a in g.actions] == before[:-n]
            assert g.decision.player == player
            assert not g.can_cancel_order  # back at the order's first decision
            checked += 1
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    assert checked >= 1
    with pytest.raises(IllegalAction):
        Game.new(PAIR, seed=1).cancel_order()


def test_every_action_parameter_is_declared_once_and_targets_read_the_declaration():
    """issue 7 §4: Action parameters are declared once (engine.actions.PARAMS)."""
    import random

    from krestonostsy.engine.actions import PARAMS, Action
    seen = set()
    for seed in range(4):
        rnd = random.Random(seed)
        g = Game.new(["jerusalem", "edessa", "tripoli"], seed=seed)
        while not g.is_over:
            acts = g.legal_actions()
            seen.update(k for a in acts for k, _v in a.params)
            g.apply(acts[rnd.randrange(len(acts))])
    assert seen <= set(PARAMS), seen - set(PARAMS)
    assert Action("place_order", order="build", cell="outer").targets == ("cross:build:outer",)
    assert Action("take_card", market="tactics_12", slot=2, card="t").targets == \
        ("card:t", "market:tactics_12:2")
    assert Action("move_units", source="homs", to="hama", n=2).targets == \
        ("city:homs", "city:hama")
    assert Action("play_spy", card="s", player="edessa", discard="old").targets == \
        ("card:s", "player:edessa")
    assert Action("done").targets == ("choice:done",)
