"""Fit the expert's evaluation weights to self-play outcomes.

    python -m krestonostsy.tools.fit_weights --games 30 --seed 1 --out data/ai/expert_weights.json

Plays seeded games of normal bots (2, 3 and 4 players in turn). At every order placement
it records, for each player, the evaluation's features of that player as the player sees
the position (``evaluation.features(game, player)``), minus the mean of the other
players' own features; at the end, that player's final score minus the others' mean, and
whether the player won.

* The weights: a ridge regression of the final score margin on the feature differences,
  shrunk towards the hand-written weights (``HAND_WEIGHTS``): where self-play says little
  (a feature that barely varies), the hand weight stays; where it speaks, it wins. The
  weights stay in influence points, like the hand-written ones.
* The ``scale``: the logistic that turns a predicted lead into the win chance, fitted by
  maximum likelihood on the outcomes (a one-parameter search).

The file records the command that made it.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from ..ai import make_bot, mix
from ..ai.evaluation import FEATURES, HAND_WEIGHTS, Weights, features
from ..ai.seat import decide
from ..engine import Game
from . import run_alone
from .simulate import lineup


def samples(games: int, seed: int, level: str = "normal") -> list:
    """``[(x, margin, won)]`` from ``games`` self-play games (see the module docstring)."""
    import random
    rnd = random.Random(seed)
    bot = make_bot(level)
    out = []
    for i in range(games):
        players = (2, 3, 4)[i % 3]
        g = Game.new(lineup(players, rnd), seed=mix(seed, i) % 2_000_000_000)
        rows = []
        n = 0
        while (d := g.decision) is not None:
            if d.prompt == "place_order":
                own = {p: features(g, p)[p] for p in g.states}
                for p in own:
                    others = [own[q] for q in own if q != p]
                    rows.append((p, [a - sum(col) / len(others) for a, col in
                                     zip(own[p], zip(*others, strict=True), strict=True)]))
            g.apply(decide(bot, g, mix(seed, i, n)))
            n += 1
        r = g.result()
        total = {p: sc["total"] for p, sc in r["scores"].items()}
        for p, x in rows:
            margin = total[p] - sum(v for q, v in total.items() if q != p) / (len(total) - 1)
            out.append((x, margin, 1.0 if p == r["winner"] else 0.0))
        print(f"game {i + 1}/{games}: {len(rows)} samples", file=sys.stderr)
    return out


def ridge(data: list, prior: tuple, alpha: float = 0.05) -> list:
    """Least squares of the margin on the features with the penalty
    ``alpha·n·Σ (w_j − prior_j)²·var_j`` (scaled per feature, so the pull towards the
    prior does not depend on a feature's units)."""
    k = len(FEATURES)
    n = len(data)
    var = []
    for j in range(k):
        col = [x[j] for x, _m, _w in data]
        m = sum(col) / n
        var.append(sum((c - m) ** 2 for c in col) / n or 1.0)
    a = [[alpha * n * var[i] if i == j else 0.0 for j in range(k)] for i in range(k)]
    b = [alpha * n * var[i] * prior[i] for i in range(k)]
    for x, margin, _won in data:
        for i in range(k):
            b[i] += x[i] * margin
            row = a[i]
            xi = x[i]
            for j in range(k):
                row[j] += xi * x[j]
    return _solve(a, b)


def fit_scale(data: list, weights: list) -> float:
    """The logistic scale (points of lead per unit of log-odds) that best predicts wins."""
    leads = [sum(w * v for w, v in zip(weights, x, strict=True)) for x, _m, _w in data]

    def loglik(scale):
        ll = 0.0
        for lead, (_x, _m, won) in zip(leads, data, strict=True):
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / scale))))
            ll += math.log(max(1e-12, p if won else 1 - p))
        return ll
    return max((0.5 * 1.25 ** i for i in range(20)), key=loglik)


def _solve(a: list, b: list) -> list:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, k):
            f = m[r][c] / m[c][c]
            for j in range(c, k + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][j] * x[j] for j in range(r + 1, k))) / m[r][r]
    return x


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``python -m krestonostsy.tools.fit_weights``."""
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)


def command(a: argparse.Namespace) -> int:
    data = samples(a.games, a.seed)
    w = ridge(data, HAND_WEIGHTS.values)
    weights = Weights(tuple(round(x, 4) for x in w), scale=round(fit_scale(data, w), 3))
    doc = weights.to_json()
    doc["made_by"] = {"command": f"python -m krestonostsy.tools.fit_weights --games {a.games} "
                                 f"--seed {a.seed} --out {a.out}",
                      "games": a.games, "samples": len(data), "self_play_level": "normal"}
    a.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(doc["weights"], indent=2))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))
