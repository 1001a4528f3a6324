"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012), and OpenSpiel's ``ismcts.py``. The tree is the deciding seat's: its root is
the seat's information set, its edges are actions. Each **iteration** takes one fresh
determinization (a world the seat cannot tell from the true one), walks down the tree
choosing among the actions legal *in that world* (a child counts how often it was
available, and UCB uses that count: the "subset-armed bandit" of SO-ISMCTS), adds one
node, plays the rest of the round with the cheap heuristic policy (``policy.py``), cuts
the playout at the end of the round and scores it with the evaluation
(``evaluation.win_chances``). Every node stores the reward of the player who moved into
it, so each player picks in their own interest (the Saracen side too: its decider plays
it for itself). The heuristic prior adds a **progressive bias** ``b·prior/(n+1)`` that
guides early visits and fades as visits accumulate.

Root parallelisation: ``trees`` independent searches (each with its own root world and
its own determinizations) sum their root visits. With ``processes > 1`` the trees run in
worker processes; the answer is the same either way, because a tree depends only on its
root world and its seed. Budgets are iterations per tree; ``seconds`` caps the processor
time a tree's thread spends (``time.thread_time``) on a slow machine — the only thing that
can make a search depend on the machine. Processor time, not the clock: on a machine busy
with other work the search keeps its strength (and takes longer), instead of being cut
short by whatever else runs.
"""
from __future__ import annotations

import itertools
import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .evaluation import Weights, hidden_totals, win_chances
from .policy import PLAYOUT_RANDOMNESS, Tilts, playout_choice, prior
from .seat import Knowledge, mix

if TYPE_CHECKING:
    pass

MAX_PLAYOUT_ACTIONS = 1000


@dataclass(frozen=True)
class SearchBudget:
    """How much a search may do: ``iterations`` per tree, ``trees`` searched (root
    parallelisation), in ``processes`` worker processes, each tree stopped after
    ``seconds`` of its thread's processor time (None: no cap). ``exploration`` is UCB's
    constant and ``bias`` the weight of the heuristic prior. ``paired``: instead of a tree,
    every root action is played out on the same determinizations with the same playout
    seeds (:func:`paired_tree`); ``iterations × trees`` playouts are shared among the
    actions. ``halving`` (with ``paired``): shared by sequential halving
    (:func:`halving_search`) instead of evenly. ``playout_randomness``: the share of
    the playouts' choices made at random (``policy.playout_choice``'s ε)."""

    iterations: int
    seconds: float | None = None
    trees: int = 1
    processes: int = 1
    exploration: float = 0.7
    bias: float = 1.0
    paired: bool = False
    halving: bool = False
    playout_randomness: float = PLAYOUT_RANDOMNESS

    def __post_init__(self):
        if self.iterations < 1 or self.trees < 1 or self.processes < 1:
            raise ValueError(f"search budget: iterations, trees and processes must be "
                             f"at least 1 (got {self})")


class Node:
    __slots__ = ("children", "visits", "avail", "reward", "prior", "player")

    def __init__(self, player: str | None = None, prior_score: float = 0.5):
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.prior = prior_score
        self.player = player


def _select(node: Node, world, acts, rnd, budget: SearchBudget, tilts: Tilts | None = None):
    """The action to follow from ``node`` (expanding one untried action if any)."""
    player = world.decision.player
    tilt = tilts.get(player) if tilts else None
    untried = []
    for a in acts:
        child = node.children.get(a)
        if child is None:
            untried.append(a)
        else:
            child.avail += 1
    if untried:
        scores = [prior(world, player, a, tilt) for a in untried]
        best = max(scores)
        top = [a for a, s in zip(untried, scores, strict=True) if s >= best - 1e-9]
        a = top[rnd.randrange(len(top))]
        child = node.children[a] = Node(player, best)
        child.avail = 1
        return a, child, True
    best_a, best_child, best_u = None, None, -1e300
    c, b = budget.exploration, budget.bias
    for a in acts:
        ch = node.children[a]
        u = (ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
             + b * ch.prior / (ch.visits + 1))
        if u > best_u:
            best_a, best_child, best_u = a, ch, u
    return best_a, best_child, False


def _never() -> None:
    return None


def search_tree(root_world, seat: str, seed: int, budget: SearchBudget,
                weights: Weights, check=_never, tilts: Tilts | None = None) -> dict:
    """One tree from ``root_world`` (a determinization): ``{action: visits}`` at the root.
    ``check()`` is called at every iteration and every playout move; it raises to stop the
    search (:meth:`Knowledge.check <krestonostsy.ai.seat.Knowledge.check>`). ``tilts``:
    the play style of the seat, leaning its prior and its playout choices
    (``policy.Tilt``)."""
    rnd = random.Random(mix(seed, 0x7EE))
    root = Node()
    root_round = root_world.round
    deadline = None if budget.seconds is None else time.thread_time() + budget.seconds
    for it in range(budget.iterations):
        check()
        if deadline is not None and it and time.thread_time() > deadline:
            break
        world = root_world.determinize(seat, mix(seed, it))
        since = hidden_totals(world) if weights.hidden_gains else None
        node, path = root, []
        while not world.is_over and world.round == root_round:
            acts = world.decision.actions
            if len(acts) == 1:
                world.apply(acts[0])
                continue
            a, node, new = _select(node, world, acts, rnd, budget, tilts)
            path.append(node)
            world.apply(a)
            if new:
                break
        n = 0
        while not world.is_over and world.round == root_round and n < MAX_PLAYOUT_ACTIONS:
            check()
            world.apply(playout_choice(world, rnd, tilts, budget.playout_randomness))
            n += 1
        rewards = win_chances(world, seat, weights, since)
        for nd in path:
            nd.visits += 1
            nd.reward += rewards.get(nd.player, 0.0)
    return {a: ch.visits for a, ch in root.children.items()}


MIN_PAIRED_SAMPLES = 8  # paired search: worlds per action however many actions there are


def paired_samples(budget: SearchBudget, actions: int) -> int:
    """Worlds per tree of a paired search over ``actions`` root actions."""
    return max(MIN_PAIRED_SAMPLES // budget.trees or 1,
               budget.iterations // max(actions, 1))


def paired_tree(root_world, seat: str, seed: int, budget: SearchBudget, weights: Weights,
                actions: list, check=_never, tilts: Tilts | None = None) -> list:
    """Paired flat Monte Carlo from ``root_world``: for each of a number of determinizations
    (:func:`paired_samples`), every action of ``actions`` is applied to a copy of the same
    world and played to the end of the round by the cheap policy with the same playout
    seed, and scored by the seat's win chance. Comparing the actions on the same worlds
    removes most of the noise of what the seat cannot see, which in a tree search makes the
    visit counts of the root actions nearly even (docs/ai.md). Returns one row per world:
    the seat's reward for each action (None where the action is not legal in that world)."""
    deadline = None if budget.seconds is None else time.thread_time() + budget.seconds
    return paired_rows(root_world, seat, seed, weights, actions,
                       range(paired_samples(budget, len(actions))), deadline, check, tilts,
                       budget.playout_randomness)


def paired_rows(root_world, seat: str, seed: int, weights: Weights, actions: list,
                worlds: range, deadline: float | None = None, check=_never,
                tilts: Tilts | None = None,
                randomness: float = PLAYOUT_RANDOMNESS) -> list:
    """The rows of :func:`paired_tree` for the determinizations numbered ``worlds`` (world
    ``j`` and its playouts are seeded from ``seed`` and ``j`` alone, so a world evaluated
    in two calls is the same world); stopped, after at least one row, once the thread's
    processor time passes ``deadline``. An action given as None is skipped (its cell is
    None): the halving search no longer plays the actions it has dropped. ``randomness``:
    the playouts' ε (:class:`SearchBudget`)."""
    rows: list[list[float | None]] = []
    round_now = root_world.round
    for j in worlds:
        check()
        if deadline is not None and rows and time.thread_time() > deadline:
            break
        world = root_world.determinize(seat, mix(seed, j))
        legal = set(world.decision.actions) if not world.is_over else set()
        since = hidden_totals(world) if weights.hidden_gains else None
        row: list[float | None] = []
        for a in actions:
            if a is None or a not in legal:
                row.append(None)
                continue
            w = world.clone()
            w.apply(a)
            rnd = random.Random(mix(seed, j, 5))
            n = 0
            while not w.is_over and w.round == round_now and n < MAX_PLAYOUT_ACTIONS:
                check()
                w.apply(playout_choice(w, rnd, tilts, randomness))
                n += 1
            row.append(win_chances(w, seat, weights, since).get(seat, 0.0))
        rows.append(row)
    return rows


def paired_choice(actions: list, rows: list) -> tuple:
    """The action with the best mean reward over the worlds where it was legal (ties: the
    earlier action), and ``{action: worlds in which it was the best}`` (for the reason)."""
    means = _means(rows, len(actions))
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    return actions[best], _best_in(actions, rows)


def _means(rows: list, n: int) -> list:
    """Each action's mean reward over the rows where it was played (−1 where none)."""
    sums = [0.0] * n
    counts = [0] * n
    for row in rows:
        for i, v in enumerate(row):
            if v is not None:
                sums[i] += v
                counts[i] += 1
    return [sums[i] / counts[i] if counts[i] else -1.0 for i in range(n)]


def _best_in(actions: list, rows: list) -> dict:
    """``{action: rows in which it was the best of the actions played there}``."""
    best_in = {a: 0 for a in actions}
    for row in rows:
        top, top_v = None, -1.0
        for i, v in enumerate(row):
            if v is not None and v > top_v + 1e-12:
                top, top_v = i, v
        if top is not None:
            best_in[actions[top]] += 1
    return best_in


def _tree_job(position, seat, seed, budget, weights, actions=None, tilts=None):
    """One root's search in a worker process, on the determinization whose
    ``Game.position()`` (its state, set-up and the seat's log) it is given."""
    from ..engine import Game
    world = Game.at_position(position)
    if budget.paired:
        from ..engine import Action
        return paired_tree(world, seat, seed, budget, weights,
                           [Action.from_json(a) for a in actions], tilts=tilts)
    return [(a.to_json(), v)
            for a, v in search_tree(world, seat, seed, budget, weights, tilts=tilts).items()]


_ROOTS: dict = {}  # a worker's root worlds of the halving search, by the search's root key
_SEARCHES = itertools.count()  # numbers the halving searches of this process


def _rows_job(root, position, seat, seed, weights, actions, worlds, seconds, tilts,
              randomness):
    """One round of the halving search for one root world, in a worker process: the rows
    of ``worlds`` (:func:`paired_rows`) and the processor time they took. The root world is
    rebuilt from ``position`` once per search and kept under ``root``, a key the search
    makes for each of its root worlds (not the seed: a seed may come again at another
    position)."""
    from ..engine import Action, Game
    world = _ROOTS.get(root)
    if world is None:
        if len(_ROOTS) >= 4:  # the pool may hand one worker both root worlds of a decision
            _ROOTS.clear()
        world = _ROOTS[root] = Game.at_position(position)
    acts = [None if a is None else Action.from_json(a) for a in actions]
    start = time.thread_time()
    deadline = None if seconds is None else start + seconds
    rows = paired_rows(world, seat, seed, weights, acts, range(*worlds), deadline,
                       tilts=tilts, randomness=randomness)
    return rows, time.thread_time() - start


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(processes: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_SIZE
    if _POOL is None or _POOL_SIZE != processes:
        import multiprocessing
        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        _POOL = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))
        _POOL_SIZE = processes
    return _POOL


POLL_SECONDS = 0.02  # how often a root-parallel search looks at its cancel flag


def _await(jobs: list, check) -> None:
    """Wait for the worker processes' trees, calling ``check()`` every
    :data:`POLL_SECONDS`; if it raises (a cancel), the workers are stopped at once (their
    processes terminated, the pool dropped) before the exception goes on."""
    from concurrent.futures import ALL_COMPLETED, wait
    while True:
        try:
            check()
        except BaseException:
            stop_workers()
            raise
        done, pending = wait(jobs, timeout=POLL_SECONDS, return_when=ALL_COMPLETED)
        if not pending:
            return


def stop_workers() -> None:
    """Terminate the search's worker processes (a cancelled search must not keep two cores
    busy); the next root-parallel search starts a fresh pool.

    Returns only when every worker has ended and been reaped: the pool's own manager thread
    also waits for its workers, and whichever thread reaps a worker first records its exit
    code, so the pool is shut down with ``wait=True`` — until then another thread may see a
    reaped worker as alive for a moment."""
    global _POOL, _POOL_SIZE
    pool, _POOL, _POOL_SIZE = _POOL, None, 0
    if pool is None:
        return
    processes = list(getattr(pool, "_processes", {}).values())
    for proc in processes:
        proc.terminate()
    for proc in processes:
        proc.join(5)
        if proc.exitcode is None:  # not seen ending yet (or reaped by the manager): make sure
            proc.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def release_workers() -> None:
    """End the root-parallel search's processes for good: its workers
    (:func:`stop_workers`) and the resource tracker that ``multiprocessing`` started for
    the pool's queues, which would otherwise live until the program exits. For the owner
    of the games the Expert plays (the window closing a game or closing itself); the next
    root-parallel search starts both again.

    The pool's queues are collected first, so that none of their semaphores, unregistered
    later, would start a new tracker. The tracker is stopped only when this process
    started it and the interpreter has the means (CPython's ``ResourceTracker._stop``);
    without it the tracker ends with the program, as before."""
    import gc
    from multiprocessing import resource_tracker

    tracker = resource_tracker._resource_tracker
    if _POOL is None and getattr(tracker, "_pid", None) is None:
        return  # nothing was started (no Expert played), or all is ended already
    stop_workers()
    gc.collect()
    stop = getattr(tracker, "_stop", None)
    if stop is not None and getattr(tracker, "_pid", None) is not None:
        stop()


def worker_processes() -> list:
    """The live worker processes of the root-parallel pool (for tests and diagnostics)."""
    return [p for p in getattr(_POOL, "_processes", {}).values() if p.is_alive()] \
        if _POOL is not None else []


def search(knowledge: Knowledge, budget: SearchBudget, weights: Weights):
    """The action with the most root visits over all trees (ties: the earlier action)."""
    return best_of(knowledge.actions, search_visits(knowledge, budget, weights))


def best_of(actions, visits: dict):
    """The action of ``actions`` with the most visits (ties: the earlier action)."""
    best = max(visits.values())
    return next(a for a in actions if visits[a] == best)


def search_visits(knowledge: Knowledge, budget: SearchBudget, weights: Weights,
                  tilts: Tilts | None = None) -> dict:
    """``{action: root visits summed over all trees}`` for every action of the decision."""
    seat = knowledge.seat
    visits: dict = {a: 0 for a in knowledge.actions}
    roots = [knowledge.world(t) for t in range(budget.trees)]
    seeds = [mix(knowledge.seed, 0x5EA, t) for t in range(budget.trees)]
    if budget.processes > 1 and budget.trees > 1:
        from ..engine import Action
        pool = _pool(min(budget.processes, budget.trees))
        jobs = [pool.submit(_tree_job, w.position(), seat, s, budget, weights,
                            None, tilts)
                for w, s in zip(roots, seeds, strict=True)]
        _await(jobs, knowledge.check)
        for job in jobs:
            for a_json, v in job.result():
                a = Action.from_json(a_json)
                if a in visits:
                    visits[a] += v
    else:
        for w, s in zip(roots, seeds, strict=True):
            for a, v in search_tree(w, seat, s, budget, weights, knowledge.check,
                                    tilts).items():
                if a in visits:
                    visits[a] += v
    return visits


def paired_search(knowledge: Knowledge, budget: SearchBudget, weights: Weights,
                  tilts: Tilts | None = None) -> tuple:
    """A paired search (:func:`paired_tree`) in ``budget.trees`` root worlds, each with its
    own determinizations and seeds (in worker processes when ``processes > 1``: the same
    answer either way): ``(action, {action: worlds in which it was the best})``."""
    seat = knowledge.seat
    actions = list(knowledge.actions)
    roots = [knowledge.world(t) for t in range(budget.trees)]
    seeds = [mix(knowledge.seed, 0x5EA, t) for t in range(budget.trees)]
    rows: list = []
    if budget.processes > 1 and budget.trees > 1:
        pool = _pool(min(budget.processes, budget.trees))
        acts_json = [a.to_json() for a in actions]
        jobs = [pool.submit(_tree_job, w.position(), seat, s, budget, weights,
                            acts_json, tilts)
                for w, s in zip(roots, seeds, strict=True)]
        _await(jobs, knowledge.check)
        for job in jobs:
            rows.extend(job.result())
    else:
        for w, s in zip(roots, seeds, strict=True):
            rows.extend(paired_tree(w, seat, s, budget, weights, actions, knowledge.check,
                                    tilts))
    return paired_choice(actions, rows)


def halving_search(knowledge: Knowledge, budget: SearchBudget, weights: Weights,
                   tilts: Tilts | None = None) -> tuple:
    """A paired search whose playouts go by **sequential halving** (Karnin, Koren & Somekh,
    *Almost Optimal Exploration in Multi-Armed Bandits*, ICML 2013): the ``iterations ×
    trees`` playouts are split evenly among ``ceil(log2 n)`` rounds; in each round every
    action still in play is played out on the same new worlds of every root world
    (:func:`paired_rows`), then the better half by mean reward over all its worlds so far
    stays. An even spread gives a weak placement as many playouts as the two best; halving
    gives the last two most of the budget, where the choice is made.

    Each root world (``trees``) has its own determinizations and seeds and counts its own
    processor time against ``seconds``; when one runs out, the search answers with the
    best mean among the actions still in play. Worker processes (``processes > 1``) play
    a round's root worlds side by side, with the same answer as one process.
    ``(action, {action: worlds in which it was the best of the actions compared})``."""
    seat = knowledge.seat
    actions = list(knowledge.actions)
    n = len(actions)
    roots = [knowledge.world(t) for t in range(budget.trees)]
    seeds = [mix(knowledge.seed, 0x5EA, t) for t in range(budget.trees)]
    used = [0.0] * budget.trees
    next_world = [0] * budget.trees
    rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
    per_round = budget.iterations * budget.trees // rounds
    alive = list(range(n))
    rows: list = []
    parallel = budget.processes > 1 and budget.trees > 1
    pool = _pool(min(budget.processes, budget.trees)) if parallel else None
    positions = [w.position() for w in roots] if parallel else []
    search_no = next(_SEARCHES)
    for _round in range(rounds):
        worlds = max(MIN_PAIRED_SAMPLES // (budget.trees * rounds) or 1,
                     per_round // (len(alive) * budget.trees))
        played = [a if i in alive else None for i, a in enumerate(actions)]
        spans = [(next_world[t], next_world[t] + worlds) for t in range(budget.trees)]
        caps: list[float | None] = [None if budget.seconds is None
                                    else budget.seconds - used[t]
                                    for t in range(budget.trees)]
        if pool is not None:
            acts_json = [None if a is None else a.to_json() for a in played]
            jobs = [pool.submit(_rows_job, (os.getpid(), search_no, t), positions[t], seat,
                                seeds[t], weights, acts_json, spans[t], caps[t], tilts,
                                budget.playout_randomness)
                    for t in range(budget.trees)]
            _await(jobs, knowledge.check)
            results = [job.result() for job in jobs]
        else:
            results = []
            for t in range(budget.trees):
                start = time.thread_time()
                cap = caps[t]
                deadline = None if cap is None else start + cap
                got = paired_rows(roots[t], seat, seeds[t], weights, played, range(*spans[t]),
                                  deadline, knowledge.check, tilts, budget.playout_randomness)
                results.append((got, time.thread_time() - start))
        for t, (got, spent) in enumerate(results):
            rows.extend(got)
            used[t] += spent
            next_world[t] += len(got)
        if _round == rounds - 1 or (budget.seconds is not None
                                    and any(u >= budget.seconds for u in used)):
            break
        means = _means(rows, n)
        alive.sort(key=lambda i: (-means[i], i))
        alive = sorted(alive[:max(1, (len(alive) + 1) // 2)])
        if len(alive) == 1:
            break
    means = _means(rows, n)
    best = min(alive, key=lambda i: (-means[i], i))
    return actions[best], _best_in(actions, rows)
