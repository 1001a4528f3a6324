"""Fit the expert's evaluation weights to self-play outcomes (logistic regression).

    python -m krestonostsy.tools.fit_weights --games 120 --seed 1 --out data/ai/expert_weights.json

Plays seeded games of normal bots (2, 3 and 4 players in turn). At every order placement
it records, for each player, the evaluation's features as that player sees the position
(``evaluation.features(game, player)``: the same numbers a bot computes, hidden parts of
others replaced by its own guesses) minus the mean of the other players' features, and
whether that player won in the end. A logistic regression of the outcome on those
differences (no intercept, L2 penalty, features standardised while fitting) gives weights
in log-odds per unit: the expert's ``values`` differences are then log-odds leads, so its
``scale`` is 1. The file records how it was made.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from ..ai import make_bot, mix
from ..ai.evaluation import FEATURES, Weights, features
from ..ai.seat import decide
from ..engine import Game
from .simulate import lineup


def samples(games: int, seed: int, level: str = "normal") -> list:
    """``[(x, won)]`` from ``games`` self-play games (see the module docstring)."""
    import random
    rnd = random.Random(seed)
    bot = make_bot(level)
    out = []
    for i in range(games):
        players = (2, 3, 4)[i % 3]
        g = Game.new(lineup(players, rnd), seed=mix(seed, i) % 2_000_000_000)
        rows = []
        n = 0
        while not g.is_over:
            d = g.decision
            if d.prompt == "place_order":
                for p in g.s["states"]:
                    f = features(g, p)
                    others = [f[q] for q in f if q != p]
                    rows.append((p, [a - sum(col) / len(others) for a, col in
                                     zip(f[p], zip(*others, strict=True), strict=True)]))
            g.apply(decide(bot, g, mix(seed, i, n)))
            n += 1
        winner = g.result()["winner"]
        out += [(x, 1.0 if p == winner else 0.0) for p, x in rows]
        print(f"game {i + 1}/{games}: {len(rows)} samples", file=sys.stderr)
    return out


def fit(data: list, l2: float = 1e-2, steps: int = 25) -> list:
    """Logistic regression without intercept by Newton's method (iteratively reweighted
    least squares) on standardised features, with an L2 penalty; returns the weights
    for the raw features."""
    k = len(FEATURES)
    n = len(data)
    sd = []
    for j in range(k):
        col = [x[j] for x, _ in data]
        m = sum(col) / n
        sd.append(math.sqrt(sum((c - m) ** 2 for c in col) / n) or 1.0)
    xs = [[x[j] / sd[j] for j in range(k)] for x, _ in data]
    ys = [y for _, y in data]
    w = [0.0] * k
    for _ in range(steps):
        grad = [l2 * n * wj for wj in w]
        hess = [[(l2 * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            e, q = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += e * x[i]
                qi = q * x[i]
                row = hess[i]
                for j in range(i, k):
                    row[j] += qi * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wj - sj for wj, sj in zip(w, step, strict=True)]
        if max(abs(sj) for sj in step) < 1e-6:
            break
    return [wj / sdj for wj, sdj in zip(w, sd, strict=True)]


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m krestonostsy.tools.fit_weights",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    data = samples(a.games, a.seed)
    w = fit(data)
    weights = Weights(tuple(round(x, 5) for x in w), scale=1.0)
    doc = weights.to_json()
    doc["made_by"] = {"command": f"python -m krestonostsy.tools.fit_weights --games {a.games} "
                                 f"--seed {a.seed} --out {a.out}",
                      "games": a.games, "samples": len(data), "self_play_level": "normal"}
    a.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(doc["weights"], indent=2))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
