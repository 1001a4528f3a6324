"""How good are the search levels' order placements? (A diagnosis, never asserted in a test.)

    python benchmarks/ai_search_quality.py [--samples 40] [--positions 9]

Positions: order placements (round 2 on, more than three actions) of seeded 2-player games
of normal bots. An **oracle** values every action of a position by paired flat Monte Carlo:
the same ``--samples`` determinizations and playout seeds for every action (so the actions
are compared on the same worlds), each played to the end of the round by the cheap policy
and scored by the expert's evaluation (the seat's win chance). Each configuration searches
the position with three seeds; its **loss** is the oracle's value of the best action minus
that of the action it chose. Also printed per position: the oracle's spread (best − worst)
and the share of the root visits the chosen action got (a share near 1/actions: the search
hardly told the actions apart).

The oracle shares the expert's evaluation and playout policy, so it leans towards the
expert; it says how consistently a search finds what more sampling would find, not who
wins games — that is the tournament's job (docs/ai.md).
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krestonostsy.ai import make_bot, mix  # noqa: E402
from krestonostsy.ai.evaluation import HAND_WEIGHTS, expert_weights, win_chances  # noqa: E402
from krestonostsy.ai.ismcts import best_of, search_visits  # noqa: E402
from krestonostsy.ai.levels import EXPERT_BUDGET, HARD_BUDGET  # noqa: E402
from krestonostsy.ai.policy import playout_choice  # noqa: E402
from krestonostsy.ai.seat import decide, knowledge_of  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402


def placements(count: int) -> list:
    """Order placements from seeded normal-vs-normal games (three games, a third each)."""
    normal = make_bot("normal")
    out: list = []
    per_game = -(-count // 3)
    for gs in range(3):
        g = Game.new(["jerusalem", "tripoli"], seed=100 + gs)
        k = 0
        while not g.is_over and len(out) < min(count, per_game * (gs + 1)):
            d = g.decision
            if d.prompt == "place_order" and len(d.actions) > 3 and g.s["round"] >= 2 \
                    and k % 3 == 0:
                out.append(g.clone())
            if d.prompt == "place_order":
                k += 1
            g.apply(decide(normal, g, mix(gs, k, len(g.actions))))
    return out


def oracle(g, weights, samples: int) -> dict:
    seat = g.decision.player
    values = {a: 0.0 for a in g.decision.actions}
    round_now = g.s["round"]
    for k in range(samples):
        world = g.determinize(seat, mix(9, k))
        for a in values:
            w = world.clone()
            w.apply(a)
            rnd = random.Random(mix(k, 5))
            n = 0
            while not w.is_over and w.s["round"] == round_now and n < 1000:
                w.apply(playout_choice(w, rnd))
                n += 1
            values[a] += win_chances(w, seat, weights)[seat]
    return {a: v / samples for a, v in values.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=40, help="oracle worlds per action")
    ap.add_argument("--positions", type=int, default=9)
    a = ap.parse_args(argv)
    ew = expert_weights()
    configs = {
        "hard": (replace(HARD_BUDGET, seconds=None), HAND_WEIGHTS),
        "expert": (replace(EXPERT_BUDGET, processes=1, seconds=None), ew),
    }
    loss: dict = {n: [] for n in configs}
    share: dict = {n: [] for n in configs}
    for i, g in enumerate(placements(a.positions)):
        o = oracle(g, ew, a.samples)
        best = max(o.values())
        parts = []
        for name, (budget, weights) in configs.items():
            for s in (1, 2, 3):
                visits = search_visits(knowledge_of(g, mix(77, i, s)), budget, weights)
                chosen = best_of(g.decision.actions, visits)
                loss[name].append(best - o[chosen])
                share[name].append(visits[chosen] / sum(visits.values()))
            parts.append(f"{name} loss {sum(loss[name][-3:]) / 3:.3f} "
                         f"share {sum(share[name][-3:]) / 3:.2f}")
        print(f"position {i}: {len(o)} actions, oracle spread {best - min(o.values()):.3f}; "
              + "; ".join(parts), flush=True)
    for name in configs:
        print(f"{name}: mean loss {sum(loss[name]) / len(loss[name]):.4f} (win chance), "
              f"mean visit share of the chosen action {sum(share[name]) / len(share[name]):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
