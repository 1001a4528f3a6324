"""Our fuzzers and the soak run (issue 6 §5): saves, actions, content, long random games.

Each fuzzer returns a :class:`collections.Counter` of outcomes and prints it. Outcomes named
``crash`` (an exception other than the documented one, a dead child process) or
``corrupt`` (the game changed although the call was refused, or a save loaded into a
position other than its own) are faults; the tests require 0 of them.

Run long from the command line (one at a time, in the background, ``nice -n 19``)::

    python tests/fuzz/fuzzlib.py saves --seconds 600
    python tests/fuzz/fuzzlib.py actions --seconds 600
    python tests/fuzz/fuzzlib.py content --seconds 600
    python tests/fuzz/fuzzlib.py chronicles --seconds 600
    python tests/fuzz/fuzzlib.py soak --games 1000 --players 2
    python tests/fuzz/fuzzlib.py soak --minutes 60 --scenario base levantine_merchants --terrain

``pytest --fuzz-long`` (or ``KRESTONOSTSY_FUZZ_LONG=1``) runs the fuzz tests for minutes
instead of seconds.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from krestonostsy.engine import Action, Game, IllegalAction, SaveError, load_ruleset
from krestonostsy.resources import data_dir
from krestonostsy.tools.simulate import lineup

PLAYERS = (2, 3, 4)


# --- positions ---------------------------------------------------------------------------------

def positions(rnd: random.Random, games: int, per_game: int = 4):
    """Real games of 2–4 players stopped at several random points: yields games."""
    for i in range(games):
        players = PLAYERS[i % 3]
        g = Game.new(lineup(players, rnd), seed=rnd.randrange(1 << 30))
        stops = sorted(rnd.sample(range(1, 400), per_game))
        n = 0
        for stop in stops:
            while n < stop and not g.is_over:
                acts = g.legal_actions()
                g.apply(acts[rnd.randrange(len(acts))])
                n += 1
            yield g
            if g.is_over:
                break


def fingerprint(g: Game) -> tuple:
    """Everything apply may touch, byte for byte."""
    d = g.decision
    return (g.state_json(), json.dumps(g.log, sort_keys=True, default=repr),
            [a.to_json() for a in g.actions], list(g._undo_marks),
            None if d is None else (d.player, d.prompt, repr(d.params),
                                    [a.to_json() for a in d.actions]))


# --- saves ---------------------------------------------------------------------------------------

def _deep(n: int) -> str:
    return "[" * n + "]" * n


def _set(path):
    def mutate(data: dict, rnd: random.Random, value):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return data
    return mutate


def _action_edit(edit):
    def mutate(data: dict, rnd: random.Random):
        acts = data["actions"]
        if acts:
            edit(acts, rnd.randrange(len(acts)), rnd)
        return data
    return mutate


def _retype_param(acts, i, rnd):
    a = acts[i]
    keys = [k for k in a if k != "kind"]
    if keys:
        k = rnd.choice(keys)
        v = a[k]
        a[k] = {int: float(v) if type(v) is int else v, bool: int(v) if type(v) is bool else v,
                str: [v]}.get(type(v), True)
        if a[k] == v and type(a[k]) is type(v):
            a[k] = True if type(v) is int else 1


def _swap(acts, i, rnd):
    j = rnd.randrange(len(acts))
    acts[i], acts[j] = acts[j], acts[i]


def _text_mutations():
    """Mutations of the file's bytes: (name, function(bytes, rnd) -> bytes)."""
    return [
        ("truncate", lambda b, r: b[:r.randrange(len(b))]),
        ("flip byte", lambda b, r: (lambda i: b[:i] + bytes([b[i] ^ (1 << r.randrange(8))])
                                    + b[i + 1:])(r.randrange(len(b)))),
        ("invalid utf-8", lambda b, r: b[:10] + b"\xff\xfe" + b[10:]),
        ("not json", lambda b, r: b"hello, world"),
        ("empty", lambda b, r: b""),
        ("deep nesting", lambda b, r: _deep(r.choice([1000, 50_000])).encode()),
        ("deep nesting inside", lambda b, r: b.replace(b'"actions": [', b'"actions": ['
                                                       + _deep(5000).encode() + b",", 1)),
        ("5000-digit int", lambda b, r: b.replace(b'"seed": ', b'"seed": ' + b"9" * 5000, 1)),
        ("NaN", lambda b, r: b.replace(b'"seed": ', b'"seed": NaN, "x": ', 1)),
        ("Infinity", lambda b, r: b.replace(b'"seed": ', b'"seed": Infinity, "x": ', 1)),
    ]


def _data_mutations():
    """Mutations of the parsed save: (name, function(dict, rnd) -> dict)."""
    m = [
        ("format_version true", lambda d, r: _set(["format_version"])(d, r, True)),
        ("format_version text", lambda d, r: _set(["format_version"])(d, r, "1")),
        ("format_version newer", lambda d, r: _set(["format_version"])(d, r, 99)),
        ("format_version float", lambda d, r: _set(["format_version"])(d, r, 1.0)),
        ("game foreign", lambda d, r: _set(["game"])(d, r, "chess")),
        ("content_version number", lambda d, r: _set(["content_version"])(d, r, 7)),
        ("setup not a mapping", lambda d, r: _set(["setup"])(d, r, ["jerusalem"])),
        ("states text", lambda d, r: _set(["setup", "states"])(d, r, "jerusalem")),
        ("states numbers", lambda d, r: _set(["setup", "states"])(d, r, [1, 2])),
        ("states unknown", lambda d, r: _set(["setup", "states"])(d, r, ["rome", "paris"])),
        ("states illegal pair", lambda d, r: _set(["setup", "states"])(d, r,
                                                                      ["jerusalem", "antioch"])),
        ("seed text", lambda d, r: _set(["setup", "seed"])(d, r, "7")),
        ("seed bool", lambda d, r: _set(["setup", "seed"])(d, r, True)),
        ("seed float", lambda d, r: _set(["setup", "seed"])(d, r, 7.5)),
        ("seed negative", lambda d, r: _set(["setup", "seed"])(d, r, -1)),
        ("options text", lambda d, r: _set(["setup", "options"])(d, r, "x")),
        ("option 'false' text", lambda d, r: _set(["setup", "options"])(
            d, r, {"first_game": False, "bull_choice": "false"})),
        ("option unknown", lambda d, r: _set(["setup", "options"])(d, r, {"cheat": True})),
        ("setup extra field", lambda d, r: _set(["setup", "cheat"])(d, r, 1)),
        ("top extra field", lambda d, r: _set(["cheat"])(d, r, 1)),
        ("actions not a list", lambda d, r: _set(["actions"])(d, r, {"kind": "pass"})),
        ("action None", _action_edit(lambda a, i, r: a.__setitem__(i, None))),
        ("action text", _action_edit(lambda a, i, r: a.__setitem__(i, "pass"))),
        ("action kind number", _action_edit(lambda a, i, r: a[i].__setitem__("kind", 1))),
        ("action kind unknown", _action_edit(lambda a, i, r: a[i].__setitem__("kind", "win"))),
        ("action param retyped", _action_edit(_retype_param)),
        ("action param deep", _action_edit(lambda a, i, r: a[i].__setitem__("x", json.loads(
            _deep(30))))),
        ("action huge", _action_edit(lambda a, i, r: a[i].update(
            {f"p{k}": k for k in range(5000)}))),
        ("action dropped", _action_edit(lambda a, i, r: a.pop(i))),
        ("actions swapped", _action_edit(_swap)),
        ("action duplicated", _action_edit(lambda a, i, r: a.insert(i, dict(a[i])))),
        ("action list cut", _action_edit(lambda a, i, r: a.__delitem__(slice(i, None)))),
        ("digest altered", lambda d, r: _set(["state_digest"])(d, r, "0" * 32)),
        ("digest number", lambda d, r: _set(["state_digest"])(d, r, 5)),
        ("ui not a mapping", lambda d, r: _set(["ui"])(d, r, [1])),
        ("ui.seats list", lambda d, r: _set(["ui", "seats"])(d, r, ["human"])),
        ("ui.seats numbers", lambda d, r: _set(["ui", "seats"])(d, r, {"jerusalem": 1})),
        ("ui.saved_at text", lambda d, r: _set(["ui", "saved_at"])(d, r, "yesterday")),
        ("ui.over text", lambda d, r: _set(["ui", "over"])(d, r, "no")),
        ("delete a field", lambda d, r: (d.pop(r.choice(sorted(d))), d)[1]),
    ]
    return m


def _load_everywhere(raw: bytes, tmp: Path) -> tuple[str, Game | None]:
    """Load ``raw`` through Game.from_json and the UI's read_save; 'refused', 'loaded' or
    'crash:<what>'. Both must agree. The load screen's ``read_summary`` must never raise,
    and must give a reason whenever it lists the file as unreadable."""
    from krestonostsy.ui.saves import read_save, read_summary
    try:
        game = Game.from_json(raw)
        engine = "loaded"
    except SaveError:
        game, engine = None, "refused"
    except BaseException as err:  # noqa: BLE001 - counted, never hidden
        return f"crash: Game.from_json {type(err).__name__}: {str(err)[:120]}", None
    path = tmp / "fuzz.json"
    path.write_bytes(raw)
    try:
        read_save(path)
        ui = "loaded"
    except SaveError as err:
        if not str(err).strip():
            return "crash: read_save empty message", None
        ui = "refused"
    except BaseException as err:  # noqa: BLE001
        return f"crash: read_save {type(err).__name__}: {str(err)[:120]}", None
    if ui != engine and not (engine == "loaded" and ui == "refused"):
        return f"crash: loaders disagree (engine {engine}, ui {ui})", None
    try:
        info = read_summary(path)
    except BaseException as err:  # noqa: BLE001
        return f"crash: read_summary {type(err).__name__}: {str(err)[:120]}", None
    if info.error is not None and not info.error.strip():
        return "crash: read_summary empty reason", None
    return engine, game


def fuzz_saves(seed: int, seconds: float, verbose: bool = True, at_least: int = 0) -> Counter:
    """Real saves mutated in ≥ 25 ways, loaded by the engine and the UI loader; runs for
    ``seconds`` and at least ``at_least`` mutations (so a loaded machine cannot starve a test)."""
    from krestonostsy.ui.saves import save_dict, save_text
    rnd = random.Random(seed)
    counts: Counter = Counter()
    text_muts, data_muts = _text_mutations(), _data_mutations()
    deadline = time.monotonic() + seconds
    tmp = Path(tempfile.mkdtemp(prefix="krestonostsy-fuzz-"))
    kinds = set()
    try:
        while time.monotonic() < deadline or counts["mutations"] < at_least:
            for g in positions(rnd, 1, per_game=3):
                original = save_dict(g, {s: "human" for s in g.setup["states"]})
                for _ in range(6):
                    if rnd.random() < 0.3:
                        name, mut = rnd.choice(text_muts)
                        raw = mut(save_text(original).encode(), rnd)  # as written
                    else:
                        name, mut = rnd.choice(data_muts)
                        raw = json.dumps(mut(json.loads(json.dumps(original)), rnd)).encode()
                    kinds.add(name)
                    outcome, game = _load_everywhere(raw, tmp)
                    if outcome == "loaded" and game is not None:
                        # a loaded save must be its own position: it round-trips exactly
                        again = Game.from_json(game.to_json())
                        if again.state_json() != game.state_json():
                            outcome = "corrupt: round trip differs"
                    counts["mutations"] += 1
                    counts[outcome if outcome.startswith(("crash", "corrupt")) else outcome] += 1
                    if outcome.startswith(("crash", "corrupt")) and verbose:
                        print(f"  FAULT after '{name}': {outcome}", file=sys.stderr)
                if time.monotonic() > deadline and counts["mutations"] >= at_least:
                    break
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    counts["kinds of mutation"] = len(kinds)
    if verbose:
        print("save fuzzer:", dict(counts))
    return counts


# --- actions -------------------------------------------------------------------------------------

class _Weird:
    """An object whose attributes and comparisons fail: must still be refused cleanly."""

    def __getattr__(self, name):
        raise RuntimeError("boom")


def _malformed(rnd: random.Random, legal: tuple) -> list:
    a = rnd.choice(legal)
    j = a.to_json()
    out = [None, "pass", 1, 1.0, True, (a.kind,), [j], b"x", _Weird(), {"kind": None},
           {}, {"kind": ""}, {"kind": a.kind * 1000}, {"kind": 5},
           {"kind": "no_such_action"}, dict(j, extra=1), dict(j, kind=a.kind + "_"),
           {"kind": a.kind, "x": json.loads(_deep(50))},
           dict({f"k{i}": i for i in range(10_000)}, kind=a.kind)]
    for key, value in a.params:
        swaps = [None, [value], {"v": value}, str(value), 2**200, 10**5000]
        if type(value) is int and type(value) is not bool:
            swaps += [float(value), value == 1, value + 0.0, str(value)]
        if type(value) is bool:
            swaps += [int(value), float(value), "true" if value else "false"]
        for v in swaps:
            out.append(dict(j, **{key: v}))
            try:
                out.append(Action(a.kind, **dict(a.params, **{key: v})))
            except TypeError:
                pass
        rest = {k: v for k, v in j.items() if k != key}
        out.append(rest)
    deep = []
    for _ in range(100_000):
        deep = [deep]
    out.append(Action(a.kind, x=deep))
    out.append(dict(j, x=deep))
    return out


def _is_legal(candidate, legal: tuple) -> bool:
    """Independent of Action.__eq__: same kind, same names, same values of the same types."""
    if isinstance(candidate, dict):
        try:
            candidate = Action.from_json(candidate)
        except IllegalAction:
            return False
    if type(candidate) is not Action:
        return False
    mine = [(k, type(v), v) for k, v in candidate.params]
    return any(candidate.kind == a.kind and mine == [(k, type(v), v) for k, v in a.params]
               for a in legal)


def fuzz_actions(seed: int, seconds: float, verbose: bool = True, at_least: int = 0) -> Counter:
    """Malformed and illegal actions at positions of many games: each must be refused with
    IllegalAction, and the game must be byte-identical afterwards. Runs for ``seconds`` and
    at least ``at_least`` actions."""
    rnd = random.Random(seed)
    counts: Counter = Counter()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline or counts["actions"] < at_least:
        for g in positions(rnd, 1, per_game=4):
            if g.is_over:
                continue
            before = fingerprint(g)
            legal = g.legal_actions()
            for bad in _malformed(rnd, legal):
                if _is_legal(bad, legal):  # a mutation that happens to be a legal action
                    continue
                counts["actions"] += 1
                try:
                    g.apply(bad)
                    outcome = "crash: accepted"
                except IllegalAction as err:
                    outcome = "refused" if str(err) else "crash: empty message"
                except BaseException as err:  # noqa: BLE001
                    outcome = f"crash: {type(err).__name__}: {str(err)[:100]}"
                if outcome == "refused" and fingerprint(g) != before:
                    outcome = "corrupt: the game changed"
                counts[outcome] += 1
                if outcome != "refused":
                    if verbose:
                        print(f"  FAULT {outcome} for {bad!r:.120}", file=sys.stderr)
                    g = Game.from_json(g.to_json()) if outcome.startswith("crash") else g
                    before = fingerprint(g)
            if time.monotonic() > deadline and counts["actions"] >= at_least:
                break
    if verbose:
        print("action fuzzer:", dict(counts))
    return counts


# --- content -------------------------------------------------------------------------------------

_CHILD = r"""
import random, sys
from krestonostsy.content import ContentError, load_content
from krestonostsy.engine import Game
from krestonostsy.tools.simulate import lineup
try:
    content = load_content(sys.argv[1])
except ContentError as err:
    print("REFUSED", err)
    sys.exit(3)
# content that passes validation must never break a game
rnd = random.Random(1)
for players in (2, 3, 4):
    for k in range(2):
        g = Game.new(lineup(players, rnd), seed=k, content=content)
        n = 0
        while not g.is_over and n < 400:
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
            n += 1
print("PLAYED")
"""


def _swap_words(text: str, rnd: random.Random) -> str:
    """Replace one ``key: word`` value by another word of the same file (a wrong but
    plausible cross-reference: a city, a colour, an op, a card id…)."""
    import re
    found = list(re.finditer(r"(?m)(:\s+)([a-z_]+)\s*$", text))
    if len(found) < 2:
        return text
    a, b = rnd.sample(found, 2)
    return text[:a.start(2)] + b.group(2) + text[a.end(2):]


def _content_mutations():
    def line_edit(fn):
        def mutate(text: str, rnd: random.Random) -> str:
            lines = text.split("\n")
            i = rnd.randrange(len(lines))
            lines[i] = fn(lines[i], rnd)
            return "\n".join(lines)
        return mutate

    def value_edit(new):
        return line_edit(lambda ln, r: ln.split(":", 1)[0] + ": " + new(r) if ":" in ln else ln)

    return [
        ("flow nesting 60000", lambda t, r: t + "\nx: " + "[" * 60_000 + "]" * 60_000 + "\n"),
        ("flow nesting 2000", lambda t, r: t + "\nx: " + "[" * 2000 + "]" * 2000 + "\n"),
        ("block nesting", lambda t, r: t + "\nx:\n" + "".join(" " * i + "- \n"
                                                               for i in range(0, 3000, 2))),
        ("compact nesting", lambda t, r: t + "\nx: " + "- " * 5000 + "1\n"),
        ("!!int x", value_edit(lambda r: "!!int x")),
        ("!!float x", value_edit(lambda r: "!!float nope")),
        ("5000-digit number", value_edit(lambda r: "9" * 5000)),
        ("4000-digit number", value_edit(lambda r: "9" * 4000)),
        ("negative number", value_edit(lambda r: "-3")),
        ("list for scalar", value_edit(lambda r: "[red, 1]")),
        ("mapping for scalar", value_edit(lambda r: "{a: 1}")),
        ("number for word", value_edit(lambda r: str(r.randrange(-2, 30)))),
        ("word for number", value_edit(lambda r: r.choice(["white", "red", "x", "true"]))),
        ("null value", value_edit(lambda r: "null")),
        ("bool value", value_edit(lambda r: "true")),
        ("empty list", value_edit(lambda r: "[]")),
        ("card entry plain", line_edit(lambda ln, r: ln.replace("- id:", "- plain #", 1))),
        ("delete line", lambda t, r: (lambda ls, i: "\n".join(ls[:i] + ls[i + 1:]))(
            t.split("\n"), r.randrange(t.count("\n") + 1))),
        ("duplicate line", lambda t, r: (lambda ls, i: "\n".join(ls[:i] + [ls[i]] + ls[i:]))(
            t.split("\n"), r.randrange(t.count("\n") + 1))),
        ("truncate", lambda t, r: t[:r.randrange(len(t))]),
        ("tab indent", line_edit(lambda ln, r: "\t" + ln)),
        ("flip char", lambda t, r: (lambda i: t[:i] + chr(ord(t[i]) ^ 1) + t[i + 1:])(
            r.randrange(len(t)))),
        ("saracen cell white", lambda t, r: t.replace("- {strength: 1}", "- {strength: white}",
                                                      1)),
        ("pair with one state", lambda t, r: t.replace("states: [jerusalem, tripoli]",
                                                       "states: [jerusalem]", 1)),
        ("alias bomb", lambda t, r: t + "\na: &a [x, x, x, x, x, x, x, x, x]\n"
                       "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b]\n"),
        ("swap words", lambda t, r: _swap_words(t, r)),
        ("swap numbers", lambda t, r: t.replace(": 1\n", ": 0\n", 1).replace(": 2\n", ": 7\n",
                                                                               1)),
    ]


def fuzz_content(seed: int, seconds: float, verbose: bool = True, workers: int = 1,
                 min_files: int = 0) -> Counter:
    """Mutated copies of the shipped YAML, each validated (and, if accepted, played) in a
    child process, so a crash or a segfault is counted, not suffered.

    Runs for ``seconds`` but always tries at least ``min_files`` mutations: on a loaded
    machine one child process can take the whole time budget, and a test must not then
    fail for having tried too few."""
    rnd = random.Random(seed)
    counts: Counter = Counter()
    src = data_dir()
    files = sorted(p.relative_to(src) for p in src.rglob("*.yaml"))
    mutations = _content_mutations()
    deadline = time.monotonic() + seconds
    root = Path(tempfile.mkdtemp(prefix="krestonostsy-fuzz-content-"))
    try:
        while time.monotonic() < deadline or counts["files"] < min_files:
            work = root / "data"
            if work.exists():
                shutil.rmtree(work)
            shutil.copytree(src, work)
            rel = rnd.choice(files)
            name, mut = rnd.choice(mutations)
            target = work / rel
            target.write_text(mut(target.read_text(encoding="utf-8"), rnd), encoding="utf-8")
            proc = subprocess.run([sys.executable, "-c", _CHILD, str(work)], capture_output=True,
                                  text=True, timeout=120)
            counts["files"] += 1
            out = proc.stdout.strip()
            if proc.returncode == 3 and out.startswith("REFUSED"):
                message = out[len("REFUSED "):]
                where = message.split(": ", 1)[0]
                outcome = "refused" if ":" in where and where.rsplit(":", 1)[1].isdigit() \
                    else "refused without a line"
            elif proc.returncode == 0 and out.endswith("PLAYED"):
                outcome = "accepted and played"
            elif proc.returncode < 0:
                outcome = f"crash: killed by signal {-proc.returncode}"
            else:
                last = (proc.stderr.strip().splitlines() or ["?"])[-1]
                outcome = f"crash: {last[:120]}"
            counts[outcome] += 1
            if outcome.startswith("crash") and verbose:
                print(f"  FAULT '{name}' in {rel}: {outcome}", file=sys.stderr)
            elif outcome == "refused without a line" and verbose:
                print(f"  note: '{name}' in {rel}: {out[:160]}", file=sys.stderr)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if verbose:
        print("content fuzzer:", dict(counts))
    return counts


# --- soak ---------------------------------------------------------------------------------------

def soak(players: int, games: int, seed: int = 0, verbose: bool = True,
         scenario: str = "base", terrain: bool = False) -> Counter:
    """Random games with undo/re-apply, cancel, clone-forward, save round trips and
    determinize checks interleaved; every check that fails is a fault (printed always).
    ``scenario`` names a scenario of ``data/scenarios``; ``terrain`` adds the advanced
    mode's terrain rules (their own draws and decisions)."""
    rnd = random.Random(seed * 10 + players)
    counts: Counter = Counter()
    rules = load_ruleset(scenario).with_hooks(("terrain",) if terrain else ())
    where = f"{scenario}{' + terrain' if terrain else ''}"

    def fault(what: str) -> None:
        counts["faults"] += 1
        counts[f"fault: {what}"] += 1
        print(f"  FAULT {where} {players}p seed {seed} game {counts['games']}: {what}",
              file=sys.stderr)

    for _ in range(games):
        g = Game.new(lineup(players, rnd), seed=rnd.randrange(1 << 30), scenario=rules)
        n = 0
        while not g.is_over and n < 20_000:
            acts = g.legal_actions()
            a = acts[rnd.randrange(len(acts))]
            roll = rnd.random()
            try:
                if roll < 0.03:  # clone forward: the clone and the game stay in step
                    h = g.clone()
                    h.apply(a)
                    g.apply(a)
                    counts["clone-forward"] += 1
                    if h.state_json() != g.state_json() or h.log != g.log:
                        fault("clone-forward differs")
                    n += 1
                    continue
                g.apply(a)
                n += 1
                if roll < 0.06 and g.can_undo:  # undo then re-apply gives the same state
                    after = g.state_json()
                    g.undo()
                    counts["undo"] += 1
                    g.apply(a)
                    if g.state_json() != after:
                        fault("undo + re-apply differs")
                elif roll < 0.08 and g.can_cancel_order:
                    taken = g._cancellable()
                    replay = g.actions[-taken:]
                    after = g.state_json()
                    g.cancel_order()
                    counts["cancel"] += 1
                    for b in replay:
                        g.apply(b)
                    if g.state_json() != after:
                        fault("cancel + re-apply differs")
                elif roll < 0.09:
                    again = Game.from_json(json.dumps(g.to_json()))
                    counts["round trips"] += 1
                    if again.state_json() != g.state_json() or again.log != g.log:
                        fault("save round trip differs")
                elif roll < 0.11 and not g.is_over:
                    p = g.decision.player
                    view = g.view(p)
                    d = g.determinize(p, rnd.randrange(1 << 30))
                    counts["determinize"] += 1
                    if d.view(p) != view:
                        fault("determinize changes the decider's view")
            except Exception as err:  # noqa: BLE001 - counted as a fault
                fault(f"{type(err).__name__}: {str(err)[:100]}")
                break
        counts["games"] += 1
        counts["actions"] += n
        if not g.is_over:
            fault("game did not end")
    if verbose:
        print(f"soak {where} {players}p:", dict(counts))
    return counts


# --- chronicles ----------------------------------------------------------------------------------

def _base_chronicles(folder: Path) -> list:
    """Real chronicles to mutate: 2, 3 and 4 players, 0 to 2 chapters played by random bots,
    one with the advanced mode, one with a scenario in progress and a name of its own."""
    from krestonostsy.campaign.chronicle import Chronicle
    from krestonostsy.campaign.play import play_next
    made = []
    for i, (seats, chapters, advanced) in enumerate((
            ({"jerusalem": "random", "tripoli": "random"}, 2, False),
            ({"jerusalem": "human", "tripoli": "random", "antioch": "easy"}, 0, True),
            ({"jerusalem": "random", "tripoli": "random", "edessa": "random",
              "antioch": "random"}, 1, False))):
        c = Chronicle.new({x: "random" for x in seats}, seed=40 + i, folder=folder,
                          campaign_id=f"base{i}", advanced=advanced, name=f"Летопись {i}")
        for _ in range(chapters):
            play_next(c)
        c.seats = dict(seats)
        c.link_autosave(None if i == 0 else str(folder / f"autosave-00000000000{i}-g{i}.json"))
        made.append(json.loads(c.path.read_text(encoding="utf-8")))
    return made


def _in(path, edit):
    """A mutation that edits the node at ``path`` (keys; ``"?"`` picks a random key or
    index there) with ``edit(node, key, rnd)``; a document without that path is left as is."""
    def pick(node, step, r):
        """The key ``step`` names in ``node`` (None: there is none)."""
        if not isinstance(node, (dict, list)) or not node and step == "?":
            return None
        if step == "?":
            return r.randrange(len(node)) if isinstance(node, list) else r.choice(sorted(node))
        if isinstance(node, dict):
            return step if step in node or step == path[-1] else None
        return step if isinstance(step, int) and step < len(node) else None

    def mutate(d: dict, r: random.Random):
        node = d
        for step in path[:-1]:
            key = pick(node, step, r)
            if key is None:
                return d
            node = node[key]
        key = pick(node, path[-1], r)
        if key is not None:
            try:
                edit(node, key, r)
            except (KeyError, IndexError, TypeError):  # the value is not what the edit edits
                pass
        return d
    return mutate


def _put(path, value):
    return _in(path, lambda node, key, r: node.__setitem__(key, value))


def _chronicle_text_mutations():
    """Mutations of the chronicle file's bytes: (name, function(bytes, rnd) -> bytes)."""
    digits = b"9" * 4300
    return _text_mutations() + [
        ("4300-digit seed", lambda b, r: b.replace(b'"seed": ', b'"seed": ' + digits + b", "
                                                   b'"x": ', 1)),
        ("NUL in the autosave", lambda b, r: b.replace(b'"autosave": "', b'"autosave": "\\u0000',
                                                      1)),
        ("BOM", lambda b, r: b"\xef\xbb\xbf" + b),
        ("a key twice", lambda b, r: b.replace(b'"seed": ', b'"seed": 1, "seed": ', 1)),
        ("nested 2000 deep in the name", lambda b, r: b.replace(
            b'"name": ', b'"name": ' + _deep(2000).encode() + b', "y": ', 1)),
    ]


def _chronicle_data_mutations():
    """Mutations of the parsed chronicle: (name, function(dict, rnd) -> dict)."""
    from krestonostsy.ai.levels import LEVELS
    seat_values = [5, True, None, ["human"], {"level": "easy"}, "Hard", "HUMAN", "", "god",
                   " easy", 1.5]
    return [
        ("format other", _put(["format"], "krestonostsy-save")),
        ("version text", _put(["version"], "2")),
        ("version bool", _put(["version"], True)),
        ("version zero", _put(["version"], 0)),
        ("version newer", _put(["version"], 99)),
        ("version 1 without digest", lambda d, r: {**{k: v for k, v in d.items()
                                                       if k != "digest"}, "version": 1}),
        ("seat of another type or spelling",
         _in(["seats", "?"], lambda n, k, r: n.__setitem__(k, r.choice(seat_values)))),
        ("seat another level", _in(["seats", "?"], lambda n, k, r: n.__setitem__(
            k, r.choice(["human", *LEVELS])))),
        ("seats list", lambda d, r: {**d, "seats": list(d["seats"])}),
        ("seat unknown state", _in(["seats"], lambda n, k, r: n.__setitem__("rome", "easy"))),
        ("seat removed", _in(["seats", "?"], lambda n, k, r: n.pop(k))),
        ("seats reordered", lambda d, r: {**d, "seats": dict(reversed(d["seats"].items()))}),
        ("seed huge", _put(["seed"], 10**4299)),
        ("seed negative", _put(["seed"], -1)),
        ("seed float", _put(["seed"], 4.0)),
        ("seed text", _put(["seed"], "4")),
        ("seed other", lambda d, r: {**d, "seed": d["seed"] + r.randrange(1, 5)}),
        ("advanced text", _put(["advanced"], "false")),
        ("advanced flipped", lambda d, r: {**d, "advanced": not d["advanced"]}),
        ("name empty", _put(["name"], "  ")),
        ("name number", _put(["name"], 7)),
        ("name too long", _put(["name"], "x" * 81)),
        ("name other", _put(["name"], "Другая\tлетопись")),
        ("in_progress NUL", _put(["in_progress"], {"autosave": "auto\x00save.json"})),
        ("in_progress number", _put(["in_progress"], 5)),
        ("in_progress extra key", _put(["in_progress"], {"autosave": "a.json", "x": 1})),
        ("in_progress empty path", _put(["in_progress"], {"autosave": ""})),
        ("in_progress other", _put(["in_progress"], {"autosave": "/elsewhere/a.json"})),
        ("chapters not a list", _put(["chapters"], {"0": {}})),
        ("chapter None", _in(["chapters", "?"], lambda n, k, r: n.__setitem__(k, None))),
        ("chapter dropped", _in(["chapters", "?"], lambda n, k, r: n.pop(k))),
        ("chapters swapped", lambda d, r: {**d, "chapters": d["chapters"][::-1]}),
        ("chapter duplicated", _in(["chapters", "?"], lambda n, k, r: n.insert(
            k, json.loads(json.dumps(n[k]))))),
        ("chapter extra key", _in(["chapters", "?", "cheat"], lambda n, k, r: n.__setitem__(
            k, 1))),
        ("chapter key removed", _in(["chapters", "?", "?"], lambda n, k, r: n.pop(k))),
        ("chapter points altered", _in(["chapters", "?", "points", "?"],
                                       lambda n, k, r: n.__setitem__(k, n[k] + 1))),
        ("chapter places altered", _in(["chapters", "?", "result", "places", "?"],
                                       lambda n, k, r: n.__setitem__(k, 1))),
        ("chapter nickname altered", _in(["chapters", "?", "nicknames", "?"],
                                         lambda n, k, r: n.__setitem__(k, "pilgrim"))),
        ("chapter carry altered", _in(["chapters", "?", "carry"], lambda n, k, r: n.__setitem__(
            k, None if n[k] else {"starting": {}, "reasons": {}}))),
        ("chapter save actions cut", _in(["chapters", "?", "save", "actions"],
                                         lambda n, k, r: n.__setitem__(k, n[k][:-3]))),
        ("chapter save seed", _in(["chapters", "?", "save", "setup", "seed"],
                                  lambda n, k, r: n.__setitem__(k, n[k] + 10))),
        ("chapter save digest", _in(["chapters", "?", "save", "state_digest"],
                                    lambda n, k, r: n.__setitem__(k, "0" * 32))),
        ("chapter save states", _in(["chapters", "?", "save", "setup", "states"],
                                    lambda n, k, r: n.__setitem__(k, n[k][::-1]))),
        ("chapter save not a save", _in(["chapters", "?", "save"],
                                        lambda n, k, r: n.__setitem__(k, {"setup": 5}))),
        ("chapter value retyped", _in(["chapters", "?", "?"], lambda n, k, r: n.__setitem__(
            k, r.choice([None, "x", 3, [], {}])))),
        ("top extra field", _put(["cheat"], 1)),
        ("top field removed", lambda d, r: (d.pop(r.choice(sorted(d))), d)[1]),
        ("digest altered", _put(["digest"], "f" * 32)),
        ("digest number", _put(["digest"], 5)),
    ]


def _chronicle_expected(doc: dict, path: Path) -> dict:
    """What a chronicle loaded from ``doc`` must write back (but its version and digest):
    the document itself, a version-1 file's missing fields at their documented defaults."""
    full = {"name": path.stem, "advanced": False, "in_progress": None, **doc}
    if full["name"] is None:
        full["name"] = path.stem
    return {k: v for k, v in full.items() if k not in ("version", "digest")}


def _chronicle_outcome(raw: bytes, sealed_doc: dict | None, tmp: Path, store) -> str:
    """Open ``raw`` as the window does; 'refused', 'loaded', 'crash: …' or 'silent: …'.

    Opening must end in a :class:`ChronicleError` whose reason renders in Russian and
    English, or in a chronicle that (a) writes back exactly the document it was read from
    (nothing dropped, defaulted or normalised silently), (b) keeps the invariants (seats a
    line-up of humans and bot levels, every chapter a finished game of its scenario), and
    (c) can be used: the list, the reader, the briefing and the next scenario's game. The
    window's question which game a chronicle links (asked before every load of a save)
    must never raise."""
    from krestonostsy import i18n
    from krestonostsy.campaign.chronicle import Chronicle, ChronicleError, is_seat
    from krestonostsy.engine.setup import check_lineup
    from krestonostsy.ui.campaign import campaign_screen, story
    from krestonostsy.ui.campaign.flow import linked_game
    from krestonostsy.ui.seat_kinds import seat_label
    path = tmp / "fuzz.json"
    path.write_bytes(raw)
    for old in tmp.glob("fuzz.json.bad-*"):
        old.unlink()
    try:
        linked_game(path, store)
    except BaseException as err:  # noqa: BLE001 - counted, never hidden
        return f"crash: linked_game {type(err).__name__}: {str(err)[:100]}"
    try:
        c = Chronicle.load(path)
    except ChronicleError as err:
        was = i18n.current_language()
        try:
            for lang in ("en", "ru"):
                i18n.set_language(lang)
                if not story.chronicle_error_text(err).strip():
                    return f"crash: empty reason for {err.key}"
        except BaseException as e:  # noqa: BLE001
            return f"crash: chronicle_error_text {err.key} {type(e).__name__}: {e}"
        finally:
            i18n.set_language(was)
        return "refused"
    except BaseException as err:  # noqa: BLE001
        return f"crash: Chronicle.load {type(err).__name__}: {str(err)[:100]}"
    if sealed_doc is None:
        return "silent: a file changed outside the game loaded"
    back = {k: v for k, v in c.to_json().items() if k != "version"}
    if back != _chronicle_expected(sealed_doc, path):
        wrong = sorted(k for k in back if back[k] != _chronicle_expected(sealed_doc,
                                                                         path).get(k))
        return f"silent: loads as another chronicle ({', '.join(wrong)})"
    try:
        check_lineup(c.data.rules(c.data.scenarios[0].id).content, c.states)
    except ValueError:
        return "silent: seats are no line-up"
    if not all(is_seat(s) for s in c.seats.values()):
        return "silent: a seat is no seat"
    if any(not ch.game.is_over or ch.scenario != e.id
           for ch, e in zip(c.chapters, c.data.scenarios, strict=False)):
        return "silent: a chapter is no finished game of its scenario"
    try:
        campaign_screen.chapter_text(c)
        campaign_screen.standings_text(c)
        [seat_label(s) for s in c.seats.values()]
        story.chronicle_html(c)
        c.winner()
        entry = c.next_scenario()
        if entry is not None:
            story.briefing_html(c, entry)
            c.new_game()
        for i in range(len(c.chapters)):
            story.chapter_html(c, i)
    except BaseException as err:  # noqa: BLE001
        return f"crash: after loading {type(err).__name__}: {str(err)[:100]}"
    return "loaded"


def fuzz_chronicles(seed: int, seconds: float, verbose: bool = True,
                    at_least: int = 0) -> Counter:
    """Real chronicles mutated in ≥ 25 ways and opened as the window opens them. Most
    mutated documents are sealed again (their digest recomputed, as someone who read the
    code could), so the checks under the digest are reached; the rest must be refused by
    the digest. Faults: ``crash`` (anything but a ChronicleError, at opening or in use
    afterwards) and ``silent`` (a chronicle that loads but is not exactly the document it
    was read from, or breaks an invariant — see :func:`_chronicle_outcome`)."""
    from krestonostsy.campaign.chronicle import sealed
    from krestonostsy.ui.saves import SaveStore
    rnd = random.Random(seed)
    counts: Counter = Counter()
    kinds: set = set()
    tmp = Path(tempfile.mkdtemp(prefix="krestonostsy-chronicle-fuzz-"))
    old_env = os.environ.get("KRESTONOSTSY_DATA_DIR")
    os.environ["KRESTONOSTSY_DATA_DIR"] = str(tmp / "data")
    try:
        bases = _base_chronicles(tmp / "data")
        store = SaveStore(tmp / "data" / "saves")
        text_muts, data_muts = _chronicle_text_mutations(), _chronicle_data_mutations()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline or counts["mutations"] < at_least:
            base = rnd.choice(bases)
            doc, resealed = None, False
            if rnd.random() < 0.25:
                name, mut = rnd.choice(text_muts)
                written = json.dumps(base, ensure_ascii=False).encode()
                raw = mut(written, rnd)
                doc = base if raw == written else None  # nothing to mutate in this file
            else:
                name, mut = rnd.choice(data_muts)
                doc = mut(json.loads(json.dumps(base)), rnd)
                for _ in range(rnd.choice((0, 0, 0, 1))):  # now and then two at once
                    extra, mut2 = rnd.choice(data_muts)
                    try:
                        doc = mut2(doc, rnd)
                    except (TypeError, KeyError, AttributeError):
                        continue  # the first mutation took away what this one edits
                    name += " + " + extra
                resealed = rnd.random() < 0.8 and "digest" in doc and doc.get("version") != 1
                if resealed:
                    doc = sealed({k: v for k, v in doc.items() if k != "digest"})
                try:
                    raw = json.dumps(doc, ensure_ascii=False).encode()
                except ValueError:  # a number too long to write: the text mutation's case
                    continue
            kinds.add(name.split(" + ")[0])
            unchanged = doc is not None and doc == base
            legacy = doc is not None and doc.get("version") == 1 and "digest" not in doc
            outcome = _chronicle_outcome(raw, doc if (resealed or unchanged or legacy)
                                         else None, tmp, store)
            counts["mutations"] += 1
            counts[outcome[:90]] += 1
            if outcome.startswith(("crash", "silent")):
                if verbose:
                    print(f"  FAULT after '{name}': {outcome}", file=sys.stderr)
    finally:
        if old_env is None:
            os.environ.pop("KRESTONOSTSY_DATA_DIR", None)
        else:
            os.environ["KRESTONOSTSY_DATA_DIR"] = old_env
        shutil.rmtree(tmp, ignore_errors=True)
    counts["kinds of mutation"] = len(kinds)
    if verbose:
        print("chronicle fuzzer:", dict(counts))
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("saves", "actions", "content", "chronicles", "soak"))
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, nargs="*", default=list(PLAYERS))
    ap.add_argument("--minutes", type=float, default=None,
                    help="soak: stop after this long (the report gives the games played)")
    ap.add_argument("--scenario", nargs="*", default=["base"],
                    help="soak: the scenarios to play, in turn (data/scenarios)")
    ap.add_argument("--terrain", action="store_true",
                    help="soak: also play each scenario with the advanced terrain rules")
    a = ap.parse_args(argv)
    start = time.monotonic()
    if a.what == "soak":
        # one game per scenario, mode and player count in turn, so a time limit leaves
        # balanced figures
        kinds = [(sc, t) for sc in a.scenario for t in ((False, True) if a.terrain else (False,))]
        per = {(sc, t, p): Counter() for sc, t in kinds for p in a.players}
        for i in range(a.games):
            if a.minutes is not None and time.monotonic() - start > a.minutes * 60:
                break
            for sc, t in kinds:
                for p in a.players:
                    per[sc, t, p].update(soak(p, 1, a.seed * 1_000_000 + i, verbose=False,
                                              scenario=sc, terrain=t))
        for (sc, t, p), c in per.items():
            print(f"soak {sc}{' + terrain' if t else ''} {p}p:", dict(c))
        total = sum(per.values(), Counter())
        faults = total["faults"]
    else:
        fn = {"saves": fuzz_saves, "actions": fuzz_actions, "content": fuzz_content,
              "chronicles": fuzz_chronicles}[a.what]
        total = fn(a.seed, a.seconds)
        faults = sum(v for k, v in total.items() if k.startswith(("crash", "corrupt", "silent")))
    print(f"{a.what}: {dict(total)}; faults {faults}; {time.monotonic() - start:.0f} s")
    return 1 if faults else 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
