"""A kind of decision is declared once (issue 29 §1): ``engine/decisions.py`` holds each
kind's words, rules, public params, answers and searching bot levels, and every other
place reads it.

* every prompt the engine's source can make is declared (the keys are collected from the
  source: every ``Decision(...)``, with the prompt expressions built from a step's name or
  frame resolved from the code);
* games of every scenario, played by seeded random actions, ask only declared kinds, offer
  only the declared answers and action params, show others only the declared public params
  and carry the declared rules in every view;
* every declared kind is met in those games or in a position built for it here (with the
  reason it needs one), so the registry holds nothing dead;
* each entry is well formed: its rule IDs are explained in the rules reference in both
  languages, its action params are declared in ``actions.PARAMS``, its searching levels are
  bot levels that search, and every answer label belongs to a kind some decision offers.
"""
from __future__ import annotations

import ast
import pathlib
import random
import string

import pytest
from helpers import ALL4, new_game, run_step

from krestonostsy.content.rules import shipped_rules
from krestonostsy.content.scenario import scenario_ids
from krestonostsy.engine import Game
from krestonostsy.engine.actions import PARAMS
from krestonostsy.engine.decisions import ANSWERS, DECISIONS, searched_by
from krestonostsy.resources import data_dir

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "krestonostsy" / "engine"


# --- the prompt keys the engine's source can make -------------------------------------------

class _PromptCollector:
    """Reads the engine's source: each ``Decision(player, prompt, ...)`` (and each call of a
    function that passes its ``prompt`` argument on to one) gives the prompt keys its
    second argument can take. String literals, ``+`` of those, a local name assigned from
    them or from a dict literal indexed, ``self.name``/``self.prompt`` of the step class
    and its subclasses, and ``f["kind"]``/``f["mode"]`` (the frame values its callers pass
    with ``g.call("<step>", kind=…)`` or the step sets itself) are resolved. Anything else
    fails the test with its file and line: a new way of building a prompt must be taught
    here, never silently skipped."""

    def __init__(self):
        self.trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in
                      sorted(ENGINE.rglob("*.py"))}
        self.parents: dict = {}
        for tree in self.trees.values():
            for node in ast.walk(tree):
                for child in ast.iter_child_nodes(node):
                    self.parents[child] = node
        self.classes = {n.name: n for t in self.trees.values() for n in ast.walk(t)
                        if isinstance(n, ast.ClassDef)}

    def _enclosing(self, node, kind):
        while node is not None and not isinstance(node, kind):
            node = self.parents.get(node)
        return node

    def _class_attr(self, cls: ast.ClassDef, attr: str) -> set[str]:
        out = set()
        for stmt in cls.body:
            if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == attr for t in stmt.targets) \
                    and isinstance(stmt.value, ast.Constant) and stmt.value.value:
                out.add(stmt.value.value)
        return out

    def _family(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """The class and every class below it."""
        out, todo = [], [cls.name]
        while todo:
            name = todo.pop()
            out.append(self.classes[name])
            todo += [c.name for c in self.classes.values()
                     if any(isinstance(b, ast.Name) and b.id == name for b in c.bases)]
        return out

    def _frame_values(self, cls: ast.ClassDef, field: str) -> set[str]:
        steps = set().union(*(self._class_attr(c, "name") for c in self._family(cls)))
        out = set()
        for tree in self.trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "call" \
                        and node.args and isinstance(node.args[0], ast.Constant) \
                        and node.args[0].value in steps:
                    for kw in node.keywords:
                        if kw.arg == field and isinstance(kw.value, ast.Constant):
                            out.add(kw.value.value)
        for node in ast.walk(cls):  # f["kind"] = "take_back" inside the step itself
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for t in node.targets:
                    if isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant) \
                            and t.slice.value == field:
                        out.add(node.value.value)
        return out

    def values(self, expr, where: str) -> set[str]:
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            return {a + b for a in self.values(expr.left, where)
                    for b in self.values(expr.right, where)}
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) \
                and expr.value.id == "self":
            cls = self._enclosing(expr, ast.ClassDef)
            return set().union(*(self._class_attr(c, expr.attr) for c in self._family(cls)))
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            return set()  # ``d.prompt`` of a decision made elsewhere: nothing new here
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Dict):
            return set().union(*(self.values(v, where) for v in expr.value.values))
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
                and expr.slice.value in ("kind", "mode"):
            return self._frame_values(self._enclosing(expr, ast.ClassDef), expr.slice.value)
        if isinstance(expr, ast.Name):
            fn = self._enclosing(expr, (ast.FunctionDef, ast.AsyncFunctionDef))
            found = [n.value for n in ast.walk(fn) if isinstance(n, ast.Assign)
                     and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)]
            if found:
                return set().union(*(self.values(v, where) for v in found))
        raise AssertionError(f"{where}: cannot tell which prompt keys "
                             f"{ast.unparse(expr)!r} can be; teach tests/engine/test_decisions.py")

    def keys(self) -> set[str]:
        forwarders = {"Decision": 1}  # function name → index of its prompt argument
        for tree in self.trees.values():  # helpers that pass their `prompt` on to Decision
            for fn in ast.walk(tree):
                if isinstance(fn, ast.FunctionDef):
                    names = [a.arg for a in fn.args.args]
                    if "prompt" in names and any(
                            isinstance(n, ast.Call) and getattr(n.func, "id", "") == "Decision"
                            for n in ast.walk(fn)):
                        forwarders[fn.name] = names.index("prompt")
        keys: set[str] = set()
        for path, tree in self.trees.items():
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name not in forwarders or len(node.args) <= forwarders[name]:
                    continue
                arg = node.args[forwarders[name]]
                fn = self._enclosing(node, ast.FunctionDef)
                if isinstance(arg, ast.Name) and arg.id == "prompt" and fn is not None \
                        and fn.name in forwarders and fn.name != name:
                    continue  # inside a forwarder: its callers are read instead
                keys |= self.values(arg, f"{path.name}:{node.lineno}")
        return {k for k in keys if k}


def engine_prompt_keys() -> set[str]:
    return _PromptCollector().keys()


def test_the_collector_finds_literal_and_built_prompt_keys():
    keys = engine_prompt_keys()
    # literal, from a dict, from the frame, from a class name + suffix, through _random_or
    for key in ("place_order", "destroy_city", "choose_spend_good", "discard_take_back",
                "after_order_buildings", "battle_rescripts", "battle_play"):
        assert key in keys, key


def test_every_prompt_the_source_can_make_is_declared():
    missing = sorted(engine_prompt_keys() - set(DECISIONS))
    assert not missing, f"prompts no kind declares (engine/decisions.py): {missing}"


# --- the kinds games ask ----------------------------------------------------------------------

def _check(g: Game, seen: dict, problems: list) -> None:
    """Record the decision ``g`` asks now in ``seen`` (prompt → the params it carried) and
    every way it departs from its declared kind in ``problems``."""
    d = g.decision
    kind = DECISIONS.get(d.prompt)
    if kind is None:
        problems.append(f"{d.prompt}: asked but not declared")
        return
    seen.setdefault(d.prompt, set()).update(d.params)
    for a in d.actions:
        if a.kind not in kind.answers:
            problems.append(f"{d.prompt}: answer {a.kind} not declared")
        extra = {k for k, _v in a.params} - set(kind.params)
        if extra:
            problems.append(f"{d.prompt}: action params {sorted(extra)} not declared")
    # everyone else sees what an onlooker (None) sees; the deciding player sees it all
    for viewer in (None, d.player) if d.player in g.s["states"] else (None,):
        view = g.view(viewer)["decision"]
        if view["rules"] != list(kind.rules):
            problems.append(f"{d.prompt}: the view's rules differ from the declared")
        if viewer != d.player:
            assert set(view) == {"player", "prompt", "params", "rules"}
            shown = set(view["params"]) - set(kind.public)
            if shown:
                problems.append(f"{d.prompt}: {sorted(shown)} shown to {viewer}")
        else:
            assert view["params"] == d.params


SCENARIOS = scenario_ids(data_dir())
OPTIONS = ({}, {"first_game": False})  # the experienced setup asks for bulls and governors


@pytest.fixture(scope="module")
def played() -> tuple[dict, list]:
    """Every scenario with 2–4 states, both setups, three seeds, played to the end by
    seeded random actions: (prompt → params seen, problems)."""
    seen: dict = {}
    problems: list = []
    for scenario in SCENARIOS:
        for players in (2, 3, 4):
            for seed in range(3):
                for options in OPTIONS:
                    rnd = random.Random(seed * 10 + players)
                    g = Game.new(list(ALL4[:players]), seed=seed, options=options,
                                 scenario=scenario)
                    while not g.is_over:
                        _check(g, seen, problems)
                        acts = g.legal_actions()
                        g.apply(acts[rnd.randrange(len(acts))])
    return seen, sorted(set(problems))


@pytest.mark.rule("TURN-09")
def test_games_ask_only_declared_kinds_as_declared(played):
    _seen, problems = played
    assert not problems, "\n".join(problems[:40])


def _halt() -> Game:
    g = new_game()
    g.s["stack"] = [{"s": "halt"}]
    g._advance()
    return g


def _take_back() -> Game:
    g = new_game()
    p = g.s["players"]["jerusalem"]
    p["personal_discard"] = [p["tactics"].pop(), p["tactics"].pop()]
    return run_step(g, "op_discard", kind="take_back", target="jerusalem",
                    chooser="jerusalem", n=1)


def _destroy() -> Game:
    g = new_game(("jerusalem", "tripoli"))
    g.s["players"]["jerusalem"]["cities"].append("acre")
    g.s["cities"]["acre"]["units"] = {"jerusalem": 2}
    g.s["cities"]["jerusalem"]["level"] = 2
    return run_step(g, "op_city", mode="destroy", target="jerusalem", chooser="jerusalem",
                    n=1)


#: The kinds random play does not reach, each with a position built for it and the reason.
BUILT = {
    # the sentinel under a step run alone (tests/helpers.py run_step, tools): never in play
    "halt": _halt,
    # a card effect that makes its own player discard a tactic from a hand of starting
    # tactics only, with two starting tactics in the personal discard to take one back
    "discard_take_back": _take_back,
    # SYM-13 outside a battle or a raid lowers a city of its target's choice: only rare
    # cards ask it (a late round of the vassal scenario), past these few games
    "destroy_city": _destroy,
}


def test_every_declared_kind_is_met_in_play_or_in_a_built_position(played):
    seen, _problems = played
    for prompt, build in BUILT.items():
        g = build()
        assert g.decision.prompt == prompt
        problems: list = []
        _check(g, seen, problems)
        assert not problems, problems
    unmet = sorted(set(DECISIONS) - set(seen))
    assert not unmet, f"declared kinds no game asks (dead, or build a position): {unmet}"


def test_every_field_of_a_kinds_words_is_a_param_its_decisions_carry(played):
    seen, _problems = played
    for prompt, kind in DECISIONS.items():
        fields = {f for _t, f, _s, _c in string.Formatter().parse(kind.text) if f}
        assert fields <= seen[prompt], f"{prompt}: {sorted(fields - seen[prompt])}"


# --- each entry well formed -------------------------------------------------------------------

def test_every_kind_names_rules_explained_in_the_reference_in_both_languages():
    book = shipped_rules()
    for prompt, kind in DECISIONS.items():
        assert kind.prompt == prompt
        assert kind.rules and len(set(kind.rules)) == len(kind.rules), prompt
        for rid in kind.rules:
            paragraph = book.paragraph_for(rid)
            assert paragraph is not None, f"{prompt}: {rid} is in no paragraph"
            assert paragraph.text.ru.strip() and paragraph.text.en.strip()
            assert paragraph.text.ru != paragraph.text.en


def test_every_kinds_answers_and_params_are_declared_once():
    for prompt, kind in DECISIONS.items():
        for names in (kind.public, kind.answers, kind.params, kind.searched_by):
            assert len(set(names)) == len(names), prompt
        assert set(kind.params) <= set(PARAMS), f"{prompt}: {set(kind.params) - set(PARAMS)}"
    offered = set().union(*(kind.answers for kind in DECISIONS.values()))
    assert set(ANSWERS) <= offered, f"labels of answers no kind offers: {set(ANSWERS) - offered}"


def test_the_searching_levels_are_the_bots_search_levels():
    from krestonostsy.ai.levels import LEVELS, SearchBot, make_bot
    levels = set().union(*(kind.searched_by for kind in DECISIONS.values()))
    for level in levels:
        assert level in LEVELS, level
        bot = make_bot(level)
        assert isinstance(bot, SearchBot) and bot.searched == searched_by(level), level
    assert searched_by("hard") == {"place_order", "march_target"}
    assert searched_by("hard") < searched_by("expert")
