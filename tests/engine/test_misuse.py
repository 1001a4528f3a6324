"""The public API refuses misuse explicitly, and the same way on the Python source and the
compiled engine (issue 31 §5): the same exception type and the same message.

Bots, tools and tests are Python code calling the engine; the frozen game runs it
compiled by mypyc, which checks declared argument types itself with a bare ``TypeError``
("str object expected; got int") where the source would accept the value or fail
elsewhere. Every public entry point therefore checks its arguments before use (their
types end in ``| Any``, see ``Game.new``). ``.ci/run`` runs this module against the source
and again against the compiled engine (``PYTHONPATH=build/compiled``): one table, both
engines.
"""
from __future__ import annotations

import json

import pytest

from krestonostsy.content import ContentError
from krestonostsy.engine import COMPILED, Action, Game, GameOptions, IllegalAction, SaveError
from krestonostsy.engine.flow import EngineError

PAIR = ["jerusalem", "edessa"]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.new(PAIR, seed=3)


def _save(game: Game) -> str:
    return json.dumps(game.to_json())


SCENARIOS = "base, chronicle_beginning, levantine_merchants, rise_of_the_crescent, " \
    "vassal_of_my_vassal"

#: (what, the call on a fresh 2-player game, the exception, its message)
MISUSE = [
    ("an action's kind is a number", lambda g: Action(5), IllegalAction,
     "not an action: 'kind' must be a word, got 5"),
    ("an action without a kind", lambda g: Action(None), IllegalAction,
     "not an action: 'kind' must be a word, got None"),
    ("an action's kind is empty", lambda g: Action(""), IllegalAction,
     "not an action: 'kind' must be a word, got ''"),
    ("an action's kind is bytes", lambda g: Action(b"done"), IllegalAction,
     "not an action: 'kind' must be a word, got <bytes>"),
    ("an action made by __new__ without a kind", lambda g: Action.__new__(Action),
     IllegalAction, "not an action: 'kind' must be a word, got None"),
    ("a parameter name that is not a text", lambda g: Action("done", **{1: 2}), TypeError,
     "keywords must be strings"),
    ("a JSON form that is not an object", lambda g: Action.from_json(5), IllegalAction,
     "not an action: expected an object with a 'kind', got 5"),
    ("applying a number", lambda g: g.apply(5), IllegalAction,
     "not an action: expected an Action or its JSON object, got int"),
    ("applying a text", lambda g: g.apply("done"), IllegalAction,
     "not an action: expected an Action or its JSON object, got str"),
    ("applying None", lambda g: g.apply(None), IllegalAction,
     "not an action: expected an Action or its JSON object, got NoneType"),
    ("a view for a number", lambda g: g.view(5), ValueError,
     "view: the player must be a state's id or None, got 5"),
    ("a view for a list", lambda g: g.view(["edessa"]), ValueError,
     "view: the player must be a state's id or None, got <list of 1>"),
    ("a log for a list", lambda g: g.log_for(["edessa"]), ValueError,
     "log_for: the player must be a state's id or None, got <list of 1>"),
    ("a log for a number", lambda g: g.log_for(5), ValueError,
     "log_for: the player must be a state's id or None, got 5"),
    ("determinizing for None", lambda g: g.determinize(None, 1), ValueError,
     "determinize: the player must be a state's id, got None"),
    ("determinizing for a number", lambda g: g.determinize(5, 1), ValueError,
     "determinize: the player must be a state's id, got 5"),
    ("determinizing for a state not playing", lambda g: g.determinize("antioch", 1),
     ValueError, "determinize: 'antioch' is not a player of this game "
                 "(players: jerusalem, edessa)"),
    ("a determinization seed with a fraction", lambda g: g.determinize("edessa", 1.5),
     ValueError, "determinize: the seed must be a whole number, got float"),
    ("a determinization seed True", lambda g: g.determinize("edessa", True), ValueError,
     "determinize: the seed must be a whole number, got bool"),
    ("a determinization seed as text", lambda g: g.determinize("edessa", "1"), ValueError,
     "determinize: the seed must be a whole number, got str"),
    ("a determinization seed None", lambda g: g.determinize("edessa", None), ValueError,
     "determinize: the seed must be a whole number, got NoneType"),
    ("a scenario that is a number", lambda g: Game.new(PAIR, scenario=5), ValueError,
     "the scenario must be a scenario id or a Ruleset, got int"),
    ("a scenario None", lambda g: Game.new(PAIR, scenario=None), ValueError,
     "the scenario must be a scenario id or a Ruleset, got NoneType"),
    ("a scenario that does not exist", lambda g: Game.new(PAIR, scenario="nope"),
     ContentError, f"scenarios/nope.yaml: no scenario 'nope' (known scenarios: {SCENARIOS})"),
    ("states that are a number", lambda g: Game.new(5), ValueError,
     "the states must be a list of names, got 5"),
    ("a seed with a fraction", lambda g: Game.new(PAIR, seed=1.5), ValueError,
     "the seed must be a whole number, got float"),
    ("a seed True", lambda g: Game.new(PAIR, seed=True), ValueError,
     "the seed must be a whole number, got bool"),
    ("options that are a number", lambda g: Game.new(PAIR, options=5), ValueError,
     "game options must be a mapping of names to values, got int"),
    ("options that are a number, read alone", lambda g: GameOptions.from_json(5), ValueError,
     "game options must be a mapping of names to values, got int"),
    ("content that is a number", lambda g: Game.new(PAIR, content=5), ValueError,
     "the content must be a Content, got int"),
    ("a save that is a number", lambda g: Game.from_json(5), SaveError,
     "the save is damaged: expected a JSON object"),
    ("loading with content that is a number", lambda g: Game.from_json(_save(g), content=5),
     ValueError, "the content must be a Content, got int"),
    ("loading with rules that are a number", lambda g: Game.from_json(_save(g), rules=5),
     ValueError, "the rules must be a Ruleset, got int"),
    ("cloning with share=5", lambda g: g.clone(5), ValueError,
     "clone: share must be True or False, got 5"),
    ("the result before the end", lambda g: g.result(), EngineError, "the game is not over"),
    ("undo with nothing to undo", lambda g: g.undo(), IllegalAction, "nothing to undo here"),
]


@pytest.mark.parametrize(("call", "error", "message"),
                         [row[1:] for row in MISUSE], ids=[row[0] for row in MISUSE])
def test_misuse_is_refused_the_same_way_on_both_engines(game, call, error, message):
    with pytest.raises(Exception) as info:
        call(game)
    assert (type(info.value), str(info.value)) == (error, message), \
        f"{'compiled' if COMPILED else 'source'} engine"


def test_the_game_is_unchanged_by_the_misuse(game):
    before = game.state_json(), list(game.actions), game.decision
    for _what, call, error, _message in MISUSE:
        with pytest.raises(error):
            call(game)
    assert (game.state_json(), list(game.actions), game.decision) == before


def test_an_action_is_whole_however_it_is_made():
    """``Action.__new__`` builds the whole action (there is no ``__init__`` to skip), on
    both engines; it equals, hashes and plays like one made the usual way."""
    g = Game.new(PAIR, seed=3)
    offered = g.legal_actions()[0]
    made = Action.__new__(Action, offered.kind, **dict(offered.params))
    assert made == offered and hash(made) == hash(offered) and repr(made) == repr(offered)
    g.apply(made)
    assert g.actions == [offered]


def test_an_action_object_never_constructed_is_refused():
    """``object.__new__(Action)`` makes an object without kind or parameters. The compiled
    engine refuses to make it; the source makes it, and then :meth:`Game.apply` refuses it
    and every use fails with the compiled engine's AttributeError (never a recursion)."""
    g = Game.new(PAIR, seed=3)
    if COMPILED:
        with pytest.raises(TypeError, match=r"object.__new__\(Action\) is not safe"):
            object.__new__(Action)
        return
    ghost = object.__new__(Action)
    with pytest.raises(IllegalAction, match="an Action that was never constructed"):
        g.apply(ghost)
    for use in (repr, hash, lambda a: a == Action("done"), lambda a: a.to_json(),
                lambda a: a.targets, lambda a: a.city):
        with pytest.raises(AttributeError, match=r"attribute '(kind|params)' of 'Action' "
                                                 r"undefined"):
            use(ghost)
    assert g.actions == []
