"""Load and validate every card deck in ``data/cards/*.yaml``.

One YAML file per deck (the scenario, ``data/scenarios/<id>.yaml``, names which file
holds each deck and how many cards it must hold); each file is a mapping with a single key (the deck name) that
holds the list of cards (``homs.yaml``: one mapping). Every card effect is checked
against :data:`.vocabulary.OPS` — op names, parameter names and types, nested effects in
``choose`` / ``if`` / ``may`` / ``pay_for``, metrics, colours, orders, triggers — and any
problem raises :class:`ContentError` as ``file.yaml:LINE: what is wrong``.

:func:`load_cards` returns the dict :func:`.loader.load_content` expects: ``events``,
``buildings``, ``tactics``, ``saracens``, ``governors``, ``bulls``, ``spies``,
``rescripts`` (each ``{id: card}`` in file order) and ``homs`` (a :class:`HomsCard`);
:func:`content_version` is the short sha256 of the YAML bytes the content is made of.

Effects are stored as tuples of plain dicts (``{"op": ..., <param>: ...}``); lists in
them become tuples, an ``amount`` is an int or ``{"base", "per", "each"}``.
"""
from __future__ import annotations

import builtins
import hashlib
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from .errors import ContentError
from .models import (
    Ability,
    Building,
    Bull,
    BullGoal,
    Event,
    Governor,
    HomsCard,
    Oath,
    RaidResult,
    Rescript,
    SaracenTactic,
    Spy,
    Tactic,
    WarlordCard,
)
from .vocabulary import (
    COLOURS,
    COST_COLOURS,
    METRICS,
    OPS,
    ORDER_FACTS,
    ORDERS,
    REPUBLICS,
    ROUND_MODIFIERS,
    TRIGGERS,
)
from .yamlfile import Reader, _kind, read_yaml

CARDS_DIR = "cards"
STATE_IDS = ("jerusalem", "tripoli", "edessa", "antioch")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
WHO = ("you", "opponent")
EVENT_TIMINGS = ("immediate", "each_player", "round")
RESCRIPT_TIMINGS = ("battle", "turn", "raid", "income")
BOOL_MODIFIERS = ("free_stacking", "no_outer_cells", "warlord_rests")
STR_CHOICES = {("bishop_actions", "only"): ("train", "move"),
               ("trade", "republic"): (*REPUBLICS, "any"),
               ("lose_trade", "republic"): REPUBLICS}

# Where each kind of effect may be used: a card's op must list one of these contexts.
CONTEXTS = {
    "tactic": ("battle", "any"),
    "building": ("turn", "any"),
    "spy": ("turn", "any"),
    "event": ("event", "any"),
    "battle": ("battle", "any"),
    "turn": ("turn", "any"),
    "raid": ("raid", "any"),
    "income": ("any",),
    "oath": ("event", "any"),  # an oath's terms: applied to a state outside its turn
    "betrayal": ("turn", "any"),  # an oath's betrayal: in the breaker's own turn
    "warlord": ("warlord", "any"),
}
MAX_TRIBUTE = 5


def _line(node: Any, fallback: int | None = None) -> int | None:
    return getattr(node, "line", None) or fallback


def _key_line(node: Any, key: str, fallback: int | None = None) -> int | None:
    lines = getattr(node, "key_lines", None) or {}
    return lines.get(key) or _line(node, fallback)


def _item_line(seq: Any, i: int, fallback: int | None) -> int | None:
    """The line of item ``i`` of a YAML list (plain values carry no line themselves)."""
    lines = getattr(seq, "item_lines", None) or []
    return lines[i] if i < len(lines) else fallback


def _colour_metric(name: str) -> bool:
    return "':colour'" in METRICS.get(name, "")


def check_metric(value: Any, file: str, line: int | None, what: str = "metric") -> str:
    """A metric name from :data:`METRICS`, optionally ``:colour`` where it allows one."""
    if not isinstance(value, str) or not value:
        raise ContentError(file, line, f"{what} must be a metric name, got {value!r}")
    name, _, colour = value.partition(":")
    if name not in METRICS:
        raise ContentError(file, line, f"unknown metric '{name}' (known: {', '.join(METRICS)})")
    if colour:
        if not _colour_metric(name):
            raise ContentError(file, line, f"metric '{name}' takes no colour")
        if colour not in COLOURS:
            raise ContentError(file, line, f"unknown colour '{colour}' in metric '{value}' "
                                           f"(known: {', '.join(COLOURS)})")
    return value


class _Checker:
    """Validates effects against the vocabulary for one file."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, line: int | None, message: str) -> NoReturn:
        raise ContentError(self.file, line, message)

    # --- values ----------------------------------------------------------------------
    def amount(self, value: Any, line: int | None, where: str):
        if isinstance(value, bool):
            self.fail(line, f"{where} must be a whole number or {{base, per, each}}, got {value!r}")
        if isinstance(value, int):
            if value < 0:
                self.fail(line, f"{where} must not be negative, got {value}")
            return value
        if isinstance(value, dict):
            line = _line(value, line)
            extra = set(value) - {"base", "per", "each"}
            if extra:
                self.fail(line, f"unknown key '{sorted(extra)[0]}' in {where} "
                                "(expected base, per, each)")
            for key in ("base", "per", "each"):
                if key not in value:
                    self.fail(line, f"{where} needs '{key}'")
            for key in ("base", "each"):
                self.int(value[key], _key_line(value, key, line), f"{where} '{key}'")
            check_metric(value["per"], self.file, _key_line(value, "per", line), f"{where} 'per'")
            return {"base": value["base"], "per": value["per"], "each": value["each"]}
        self.fail(line, f"{where} must be a whole number or {{base, per, each}}, got {value!r}")

    def int(self, value: Any, line: builtins.int | None, where: str, lo: builtins.int = 0) -> builtins.int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(line, f"{where} must be a whole number, got {value!r}")
        if value < lo:
            self.fail(line, f"{where} must be at least {lo}, got {value}")
        return value

    def choice(self, value: Any, line: builtins.int | None, where: str, choices, kind: str) -> str:
        if type(value) is not str or value not in choices:
            self.fail(line, f"unknown {kind} {value!r:.40} in {where} (known: {', '.join(choices)})")
        return value

    def colours(self, value: Any, line: builtins.int | None, where: str, allow_empty=False) -> tuple:
        if not isinstance(value, list):
            self.fail(line, f"{where} must be a list of goods, got {value!r}")
        if not value and not allow_empty:
            self.fail(line, f"{where} must name at least one good")
        for item in value:
            self.choice(item, _line(value, line), where, COST_COLOURS, "colour")
        return tuple(value)

    # --- effects ---------------------------------------------------------------------
    def effect(self, value: Any, line: builtins.int | None, contexts: tuple, where: str,
               allow_empty: bool = True) -> tuple:
        if value is None and allow_empty:
            return ()
        if not isinstance(value, list):
            self.fail(line, f"{where} must be a list of ops, got {type(value).__name__}")
        if not value and not allow_empty:
            self.fail(_line(value, line), f"{where} must not be empty")
        return tuple(self.op(item, _line(value, line), contexts, where) for item in value)

    def op(self, item: Any, line: builtins.int | None, contexts: tuple, where: str) -> dict:
        line = _line(item, line)
        if not isinstance(item, dict):
            self.fail(line, f"every op in {where} must be a mapping {{op: ...}}, got {item!r}")
        if "op" not in item:
            self.fail(line, f"an op in {where} has no 'op' key")
        name = item["op"]
        spec = OPS.get(name) if isinstance(name, str) else None
        if spec is None:
            self.fail(_key_line(item, "op", line),
                      f"unknown op {name!r} in {where} (see vocabulary.OPS)")
        if "any" not in spec.contexts and not set(spec.contexts) & set(contexts):
            self.fail(line, f"op '{name}' cannot be used in {where} "
                            f"(it works in: {', '.join(spec.contexts)})")
        params = {p: (t.rstrip("?"), t.endswith("?")) for p, t in spec.params.items()}
        out: dict = {"op": name}
        for key in item:
            if key == "op":
                continue
            if key not in params:
                expected = ", ".join(params) or "no parameters"
                self.fail(_key_line(item, key, line),
                          f"unknown parameter '{key}' for op '{name}' (expected: {expected})")
        for key, (kind, optional) in params.items():
            if key not in item:
                if not optional:
                    self.fail(line, f"op '{name}' needs parameter '{key}'")
                continue
            out[key] = self.param(name, key, kind, item[key], _key_line(item, key, line),
                                  contexts)
        return out

    def param(self, op: str, key: str, kind: str, value: Any, line, contexts) -> Any:
        where = f"'{key}' of op '{op}'"
        if kind == "amount":
            return self.amount(value, line, where)
        if kind == "int":
            return self.int(value, line, where)
        if kind == "colour":
            return self.choice(value, line, where, COST_COLOURS, "colour")
        if kind == "colours":
            return self.colours(value, line, where)
        if kind == "order":
            return self.choice(value, line, where, ORDERS, "order")
        if kind == "who":
            return self.choice(value, line, where, WHO, "target")
        if kind == "metric":
            return check_metric(value, self.file, line, where)
        if kind == "bool":
            if not isinstance(value, bool):
                self.fail(line, f"{where} must be true or false, got {value!r}")
            return value
        if kind == "level":
            if value not in (1, 2) or isinstance(value, bool):
                self.fail(line, f"{where} must be 1 or 2, got {value!r}")
            return value
        if kind == "str":
            choices = STR_CHOICES.get((op, key))
            if not isinstance(value, str) or not value:
                self.fail(line, f"{where} must be a word, got {value!r}")
            if choices:
                self.choice(value, line, where, choices, "value")
            return value
        if kind == "ops":
            return self.effect(value, line, contexts, where, allow_empty=False)
        if kind == "opslist":
            if not isinstance(value, list) or len(value) < 2:
                self.fail(line, f"{where} must be a list of at least 2 options (each a list of ops)")
            return tuple(self.effect(opt, _line(value, line), contexts, f"an option of op '{op}'",
                                     allow_empty=False) for opt in value)
        self.fail(line, f"internal: unknown parameter type {kind!r} for {where}")


_Card = TypeVar("_Card")


class _Deck:
    """Shared reading of one deck file: ids, names, flavour, unknown keys."""

    def __init__(self, path: Path, deck: str, ids: dict, spec=None, board=None,
                 added: bool = False):
        self.file = path.name
        self.board = board  # the map, for cards that name a city (warlord targets)
        self.deck = deck
        self.spec = spec  # the scenario's DeckSpec: the counts this file must match
        self.added = added  # a scenario's ``add:`` file, joining the deck of ``spec.file``
        self.ids = ids
        self.check = _Checker(self.file)
        root = read_yaml(path)
        if not isinstance(root, dict):
            raise ContentError(self.file, _line(root, 1),
                               f"the file must be a mapping with the key '{deck}'")
        extra = [k for k in root if k != deck]
        if extra:
            raise ContentError(self.file, _key_line(root, extra[0]),
                               f"unknown key '{extra[0]}' (this file holds only '{deck}')")
        if deck not in root:
            raise ContentError(self.file, _line(root, 1), f"missing required key '{deck}'")
        self.root = root
        self.body = root[deck]
        self.line = _key_line(root, deck)

    def entries(self) -> list:
        """The card entries; one that is a plain value is refused at its own line."""
        if not isinstance(self.body, list):
            raise ContentError(self.file, self.line, f"'{self.deck}' must be a list of cards")
        lines = getattr(self.body, "item_lines", None) or []
        for i, node in enumerate(self.body):
            if not isinstance(node, dict):
                raise ContentError(self.file, lines[i] if i < len(lines) else self.line,
                                   f"a card must be a mapping of its fields (id, name…), "
                                   f"got {_kind(node)}")
        return self.body

    def card(self, node: Any, kind: str) -> tuple[Reader, str, str, str]:
        r = Reader(node, self.file, kind)
        card_id = r.str("id")
        if not ID_RE.match(card_id):
            r.fail(f"id '{card_id}' must be lowercase_with_underscores", "id")
        if card_id in self.ids:
            r.fail(f"duplicate id '{card_id}' (already used at {self.ids[card_id]})", "id")
        self.ids[card_id] = f"{self.file}:{r.line_of('id')}"
        r.where = f"{kind} '{card_id}'"
        name = r.str("name")
        flavour = r.str("flavour")
        return r, card_id, name.strip(), flavour.strip()

    def read(self, kind: str, plural: str,
             card: Callable[[Reader, str, str, str], _Card]) -> dict[str, _Card]:
        """Every card of the deck, each made by ``card(reader, id, name, flavour)`` from
        its entry (the reader then refuses the keys nobody read), and the deck's size
        checked against the scenario's: ``kind`` and ``plural`` name the cards in the
        errors."""
        out: dict[str, _Card] = {}
        for node in self.entries():
            r, card_id, name, flavour = self.card(node, kind)
            out[card_id] = card(r, card_id, name, flavour)
            r.done()
        self.count(len(out), self.spec.count, plural)
        return out

    def count(self, found: int, expected: int | None, what: str):
        """Refuse a deck whose size is not the scenario's (``expected``, a DeckSpec count)."""
        if found != expected:
            raise ContentError(self.file, self.line, f"expected {expected} {what}, found {found}")

    def effect(self, r: Reader, key: str, contexts: tuple, allow_empty=True, default=...):
        value = r.raw(key, default)
        if value is default and default is not ...:
            return ()
        return self.check.effect(value, r.line_of(key), contexts, f"{r.where} '{key}'",
                                 allow_empty=allow_empty)

    def cost(self, r: Reader, key: str = "cost") -> tuple:
        return self.check.colours(r.list(key), r.line_of(key), f"'{key}'", allow_empty=True)

    def trigger(self, r: Reader, allowed: tuple) -> dict:
        t = r.sub("trigger", f"{r.where} trigger")
        if True in t.node and "on" not in t.node:
            # YAML 1.1 reads a bare `on:` key as true; accept it as the word it is.
            t.node["on"] = t.node.pop(True)
            lines = getattr(t.node, "key_lines", None)
            if lines is not None and True in lines:
                lines["on"] = lines.pop(True)
        on = t.str("on", choices=allowed)
        out: dict = {"on": on}
        if on == "after_order":
            out["order"] = t.str("order", choices=ORDERS)
            if t.has("enhanced"):
                out["enhanced"] = t.bool("enhanced")
            if t.has("min"):
                facts = t.mapping("min")
                if not facts:
                    t.fail("'min' must name at least one fact", "min")
                mins = {}
                for fact, n in facts.items():
                    line = _key_line(facts, fact, t.line_of("min"))
                    self.check.choice(fact, line, "trigger 'min'", ORDER_FACTS, "order fact")
                    mins[fact] = self.check.int(n, line, f"'min' {fact}", lo=1)
                out["min"] = mins
        elif on == "after_battle":
            if t.has("won"):
                out["won"] = t.bool("won")
        t.done()
        return out


def _ability(deck: _Deck, r: Reader, key: str) -> Ability:
    value = r.raw(key)
    line = r.line_of(key)
    where = f"{r.where} '{key}'"
    if isinstance(value, list):
        effect = deck.check.effect(value, line, CONTEXTS["tactic"], where, allow_empty=False)
        end, protection = False, False
    else:
        a = Reader(value, deck.file, where, line)
        effect = deck.check.effect(a.raw("effect"), a.line_of("effect"), CONTEXTS["tactic"],
                                   f"{where} effect", allow_empty=False)
        end = a.bool("end_of_battle", False)
        protection = a.bool("protection", False)
        a.done()
    if any(op["op"] == "casualties" for op in effect) and not end:
        raise ContentError(deck.file, line, f"{where}: casualties happen at the end of the "
                                            "battle: add 'end_of_battle: true'")
    return Ability(effect=effect, end_of_battle=end, protection=protection)


# --------------------------------------------------------------------------- decks
def _tactics(deck: _Deck) -> dict:
    per_state = {s: 0 for s in STATE_IDS}

    def card(r: Reader, cid: str, name: str, flavour: str) -> Tactic:
        cost = deck.cost(r)
        starting = r.str("starting", None, choices=STATE_IDS)
        if starting and cost:
            r.fail("a starting tactic is level 0: its cost must be []", "cost")
        if not starting and not 1 <= len(cost) <= 4:
            r.fail(f"a tactic that is not a starting one costs 1 to 4 goods, found {len(cost)}",
                   "cost")
        top, bottom = _ability(deck, r, "top"), _ability(deck, r, "bottom")
        if starting:
            per_state[starting] += 1
        return Tactic(id=cid, name=name, cost=cost, top=top, bottom=bottom,
                      starting=starting, flavour=flavour)

    out = deck.read("tactic", "tactics", card)
    for state, n in per_state.items():
        deck.count(n, deck.spec.extra["starting_per_state"], f"starting tactics for {state}")
    return out


def _saracens(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> SaracenTactic:
        top, bottom = _ability(deck, r, "top"), _ability(deck, r, "bottom")
        return SaracenTactic(id=cid, name=name, top=top, bottom=bottom, flavour=flavour)

    return deck.read("Saracen card", "Saracen cards", card)


def _buildings(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> Building:
        cost = deck.cost(r)
        if len(cost) > 4:
            r.fail(f"a building costs 0 to 4 goods, found {len(cost)}", "cost")
        trigger = deck.trigger(r, tuple(TRIGGERS))
        effect = deck.effect(r, "effect", CONTEXTS["building"], allow_empty=False)
        return Building(id=cid, name=name, cost=cost, trigger=trigger, effect=effect,
                        flavour=flavour)

    out = deck.read("building", "buildings", card)
    if deck.added:  # a scenario's added buildings: the Bazaar is in the deck they join
        return out
    if "bazaar" not in out or out["bazaar"].level != 0:
        raise ContentError(deck.file, deck.line,
                           "the level-0 deck must hold the Bazaar (id 'bazaar', cost [])")
    return out


def _tiers(deck: _Deck, value: Any, line: int | None, where: str) -> tuple:
    if not isinstance(value, list) or not value:
        deck.check.fail(line, f"{where} 'tiers' must be a list of [at_least, influence] pairs")
    tiers: list[tuple] = []
    for pair in value:
        pl = _line(pair, line)
        if not isinstance(pair, list) or len(pair) != 2:
            deck.check.fail(pl, f"{where}: every tier is [at_least, influence], got {pair!r}")
        at_least = deck.check.int(pair[0], pl, f"{where} tier 'at_least'", lo=1)
        influence = deck.check.int(pair[1], pl, f"{where} tier influence", lo=1)
        if tiers and (at_least <= tiers[-1][0] or influence <= tiers[-1][1]):
            deck.check.fail(pl, f"{where}: tiers must rise in both numbers, "
                                f"{[at_least, influence]} follows {list(tiers[-1])}")
        tiers.append((at_least, influence))
    return tuple(tiers)


def _governors(deck: _Deck) -> dict:
    starting_seen: dict = {}

    def card(r: Reader, cid: str, name: str, flavour: str) -> Governor:
        starting = r.str("starting", None, choices=STATE_IDS)
        if starting:
            if starting in starting_seen:
                r.fail(f"{starting} already has a starting governor ({starting_seen[starting]})",
                       "starting")
            starting_seen[starting] = cid
        s = r.sub("scoring", f"{r.where} scoring")
        metric = check_metric(s.raw("metric"), deck.file, s.line_of("metric"))
        scoring: dict = {"metric": metric}
        forms = [k for k in ("tiers", "per", "leader") if s.has(k)]
        if len(forms) != 1:
            s.fail("scoring needs exactly one of 'tiers', 'per' or 'leader'")
        if forms[0] == "tiers":
            scoring["tiers"] = _tiers(deck, s.raw("tiers"), s.line_of("tiers"), s.where)
        elif forms[0] == "per":
            scoring["per"] = s.int("per", lo=1)
            scoring["influence"] = s.int("influence", lo=1)
            if s.has("max"):
                scoring["max"] = s.int("max", lo=1)
        else:
            if s.bool("leader") is not True:
                s.fail("'leader' must be true", "leader")
            scoring["leader"] = True
            scoring["influence"] = s.int("influence", lo=1)
        s.done()
        return Governor(id=cid, name=name, scoring=scoring, starting=starting,
                        flavour=flavour)

    out = deck.read("governor", "governors", card)
    deck.count(len(starting_seen), deck.spec.extra["starting"], "starting governors")
    return out


def _bulls(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> Bull:
        goals_raw = r.list("goals")
        if len(goals_raw) != 2:
            r.fail(f"a bull has exactly 2 goals, found {len(goals_raw)}", "goals")
        goals = []
        for i, g in enumerate(goals_raw):
            gr = Reader(g, deck.file, f"{r.where} goal", _item_line(goals_raw, i, r.line_of("goals")))
            metric = check_metric(gr.raw("metric"), deck.file, gr.line_of("metric"))
            tiers = _tiers(deck, gr.raw("tiers"), gr.line_of("tiers"), gr.where)
            gr.done()
            goals.append(BullGoal(metric=metric, tiers=tiers))
        return Bull(id=cid, name=name, goals=tuple(goals), flavour=flavour)

    return deck.read("bull", "bulls", card)


def _spies(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> Spy:
        trigger = deck.trigger(r, ("after_order", "after_battle"))
        effect = deck.effect(r, "effect", CONTEXTS["spy"], allow_empty=False)
        return Spy(id=cid, name=name, trigger=trigger, effect=effect, flavour=flavour)

    return deck.read("spy", "spies", card)


def _rescripts(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> Rescript:
        level = r.int("level", lo=1, hi=2)
        goods = deck.cost(r, "goods")
        if len(goods) != level:
            r.fail(f"a level-{level} rescript prints {level} good{'s' if level > 1 else ''}, "
                   f"found {len(goods)}", "goods")
        if "any" in goods:
            r.fail("a rescript prints real goods, not 'any'", "goods")
        timing = r.str("timing", choices=RESCRIPT_TIMINGS)
        effect = deck.effect(r, "effect", CONTEXTS[timing], allow_empty=False)
        return Rescript(id=cid, name=name, level=level, goods=goods, timing=timing,
                        effect=effect, flavour=flavour)

    return deck.read("rescript", "rescripts", card)


def _raid_table(deck: _Deck, r: Reader) -> tuple:
    rows_raw = r.list("raids")
    if not rows_raw:
        r.fail("the raid table must have at least one row", "raids")
    rows = []
    expect = 1
    for i, node in enumerate(rows_raw):
        row = Reader(node, deck.file, f"{r.where} raid row", _item_line(rows_raw, i, r.line_of("raids")))
        low = row.int("from", lo=1)
        high = row.int("to", None, lo=1)
        effect = deck.check.effect(row.raw("effect"), row.line_of("effect"), CONTEXTS["event"],
                                   f"{row.where} effect")
        row.done()
        if low > expect:
            row.fail(f"the raid table has a gap: no row covers difference {expect}", "from")
        if low < expect:
            row.fail(f"raid rows overlap: difference {low} is already covered", "from")
        if high is not None and high < low:
            row.fail(f"'to' ({high}) is less than 'from' ({low})", "to")
        last = i == len(rows_raw) - 1
        if high is None and not last:
            row.fail("only the last raid row may leave out 'to'", "from")
        if high is not None and last:
            row.fail("the last raid row must leave out 'to' so that it covers every larger "
                     f"difference (the table stops at {high})", "to")
        rows.append(RaidResult(low=low, high=high, effect=effect))
        expect = (high or low) + 1
    return tuple(rows)


def _events(deck: _Deck) -> dict:
    def card(r: Reader, cid: str, name: str, flavour: str) -> Event:
        timing = r.str("timing", choices=EVENT_TIMINGS)
        effect = deck.effect(r, "effect", CONTEXTS["event"], default=None)
        modifiers: dict = {}
        if timing == "round":
            m = r.sub("modifiers", f"{r.where} modifiers")
            if not m.node:
                m.fail("a round event needs at least one modifier")
            for key in list(m.node):
                if key not in ROUND_MODIFIERS:
                    m.fail(f"unknown round modifier '{key}' (known: {', '.join(ROUND_MODIFIERS)})",
                           key)
                modifiers[key] = (m.bool(key) if key in BOOL_MODIFIERS
                                  else m.int(key, lo=1))
            m.done()
        else:
            if r.has("modifiers"):
                r.fail("only round events have 'modifiers'", "modifiers")
            if not effect:
                r.fail(f"an {timing} event needs an effect", "effect" if r.has("effect") else None)
            if timing == "each_player" and not any(op["op"] in ("choose", "may") for op in effect):
                r.fail("an each_player event must offer a choice ('choose' or 'may')", "effect")
        raids = _raid_table(deck, r)
        return Event(id=cid, name=name, timing=timing, effect=effect, modifiers=modifiers,
                     raid_table=raids, flavour=flavour)

    return deck.read("event", "events", card)


def _oaths(deck: _Deck) -> dict:
    """The oath cards of «Вассал моего вассала» (CAMP-S3-02..04): each a real bargain,
    so every term and the betrayal are effects; a card without any term is refused."""
    def card(r: Reader, cid: str, name: str, flavour: str) -> Oath:
        lord = deck.effect(r, "lord", CONTEXTS["oath"])
        vassal = deck.effect(r, "vassal", CONTEXTS["oath"])
        tribute = r.int("tribute", lo=0, hi=MAX_TRIBUTE)
        betrayal = deck.effect(r, "betrayal", CONTEXTS["betrayal"], allow_empty=False)
        if not (lord or vassal or tribute):
            r.fail("an oath binds someone: give it a 'lord' or 'vassal' term or a 'tribute'",
                   "tribute")
        return Oath(id=cid, name=name, lord=lord, vassal=vassal, tribute=tribute,
                    betrayal=betrayal, flavour=flavour)

    return deck.read("oath", "oath cards", card)


def _warlord(deck: _Deck) -> dict:
    """Warlord cards (CAMP-S4-02): a target city of the map and a value 1..4."""
    def card(r: Reader, cid: str, name: str, flavour: str) -> WarlordCard:
        target = r.str("target")
        if target not in deck.board.cities:
            r.fail(f"unknown city '{target}' in 'target' (the cities: "
                   f"{', '.join(deck.board.cities)})", "target")
        value = r.int("value", lo=1, hi=4)
        return WarlordCard(id=cid, name=name, target=target, value=value, flavour=flavour)

    return deck.read("warlord card", "warlord cards", card)


def _homs(deck: _Deck) -> HomsCard:
    r, cid, name, flavour = deck.card(deck.body, "Homs card")
    r.done()
    return HomsCard(id=cid, name=name, flavour=flavour)


_READERS = {
    "events": _events,
    "buildings": _buildings,
    "tactics": _tactics,
    "saracens": _saracens,
    "governors": _governors,
    "bulls": _bulls,
    "spies": _spies,
    "rescripts": _rescripts,
    "homs": _homs,
    "oaths": _oaths,
    "warlord": _warlord,
}


def content_version(data_dir: Path, files) -> str:
    """A short sha256 over the YAML files the content is made of (``files``: paths
    relative to ``data_dir``: the map, the tracks, the scenario and its card files)."""
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode())
        digest.update(b"\0")
        digest.update((data_dir / rel).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def load_cards(data_dir: Path, board, decks) -> dict:
    """Load and validate every deck the scenario names (``decks``: deck -> DeckSpec, its
    file under ``data_dir/cards`` and its counts); see the module docstring."""
    cards_dir = Path(data_dir) / CARDS_DIR
    if not cards_dir.is_dir():
        raise ContentError(str(cards_dir), None, "not a folder (the card decks live here)")
    ids: dict = {}
    out: dict = {}
    for deck_name, spec in decks.items():  # the scenario checked that each file exists
        out[deck_name] = _READERS[deck_name](_Deck(cards_dir / spec.file, deck_name, ids, spec,
                                                    board))
        for file, count in spec.add:  # a scenario's added cards: their own count, no starters
            added = replace(spec, file=file, count=count, add=(),
                            extra={k: 0 for k in spec.extra})
            out[deck_name].update(_READERS[deck_name](_Deck(cards_dir / file, deck_name, ids,
                                                            added, board, added=True)))
    return out
