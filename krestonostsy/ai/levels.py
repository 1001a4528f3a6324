"""The levels, each a named seat type (:data:`LEVELS`), weakest first.

=========  ===================================================================================
random     a uniformly random legal action (the baseline of the ladder)
novice     the cheap heuristic (``policy.py``) with plenty of noise, but never an order
           wasted (no "done"/"pass" while something useful is offered) and never a
           hopeless attack: it makes clear mistakes, and a newcomer should beat it
easy       one step of look-ahead: each action is played in one determinization and the
           position scored by the evaluation, plus noise
normal     the full heuristic policy: one step of look-ahead through the seat's own
           follow-up choices (the rest of a payment, of a march…), scored by the
           hand-written evaluation, plus the heuristic prior
hard       SO-ISMCTS (``ismcts.py``) with the hand-written evaluation
expert     a paired search (every action played out on the same worlds, the playouts spent
           by sequential halving) at every decision with a real choice but the own-turn
           window, root parallelisation over processes, and evaluation weights fitted from
           self-play (``data/ai/expert_weights.json``) that see what each player wins in a
           look-ahead and what its governors give it
=========  ===================================================================================

``expert-2026-11`` (:data:`REFERENCE_EXPERT`) is not a level to play against: it is the
expert as it was on 28 November 2026, kept so that every later expert is measured against
the same opponent; it is not offered in the window.

Every level is deterministic for a given seed, and reads only its seat's
:class:`~krestonostsy.ai.seat.Knowledge`. Normal, hard and expert play in a **style**
(``styles.py``): a seat kind ``"hard:merchant"`` is the hard level leaned the merchant's
way (:func:`parse_seat_kind`).
"""
from __future__ import annotations

from dataclasses import replace

from ..engine import searched_by
from .evaluation import (
    HAND_WEIGHTS,
    REFERENCE_WEIGHTS_FILE,
    Weights,
    expert_weights,
    hidden_totals,
    values,
)
from .ismcts import SearchBudget, best_of, halving_search, paired_search, search_visits
from .policy import STOP_KINDS, WINDOW_KINDS, Tilt, Tilts, hopeless, playout_choice, priors
from .reasons import Reason, attack, in_style, searched_order
from .seat import Bot, Knowledge
from .styles import BALANCED, STYLED_LEVELS, Style
from .styles import style as _style

FOLLOW_UP_ACTIONS = 8  # normal: own follow-up choices played before scoring an action
WINDOW_MARGIN = 0.5   # influence points an own-turn window must promise to be opened


def _lead(vals: dict, seat: str) -> float:
    best_other = max((v for p, v in vals.items() if p != seat), default=0.0)
    return vals[seat] - best_other


class RandomBot(Bot):
    level = "random"

    def choose(self, k: Knowledge):
        return k.actions[k.rng().randrange(len(k.actions))]


class NoviceBot(Bot):
    """Sensible but careless: half of the time the best cheap score, otherwise any
    sensible action."""

    level = "novice"
    care = 0.4

    def choose(self, k: Knowledge):
        rnd = k.rng()
        world = k.world(0)
        acts = list(k.actions)
        sensible = [a for a in acts if a.kind not in STOP_KINDS and a.kind not in WINDOW_KINDS
                    and not hopeless(world, k.seat, a)]
        if not sensible:
            sensible = [a for a in acts if not hopeless(world, k.seat, a)] or acts
        if rnd.random() < self.care:
            scores = priors(world, k.seat, sensible)
            best = max(scores)
            return sensible[scores.index(best)]
        return sensible[rnd.randrange(len(sensible))]


class GreedyBot(Bot):
    """One step of look-ahead in one determinization, scored by the evaluation."""

    level = "easy"
    noise = 0.6          # standard deviation of the noise, in influence points
    follow_up = 0        # own follow-up choices played (by the cheap policy) before scoring
    prior_weight = 2.0   # influence points per unit of the cheap prior
    weights: Weights = HAND_WEIGHTS
    tilt: Tilt | None = None  # the play style's leaning of the priors (styles.py)
    explains = False     # says why it attacks (reasons.attack)

    def _tilts(self, seat: str) -> Tilts | None:
        return {seat: self.tilt} if self.tilt is not None else None

    def choose_explained(self, k: Knowledge) -> tuple:
        action = self.choose(k)
        if not self.explains:
            return action, None
        return action, (in_style(self.style, k.seat, action, k.world)
                        or attack(k.world(0), k.seat, action))

    def choose(self, k: Knowledge):
        rnd = k.rng()
        world = k.world(0)
        seat = k.seat
        pri = priors(world, seat, k.actions, self.tilt)
        legal_here = set(world.legal_actions())
        since = hidden_totals(world) if self.weights.hidden_gains else None
        best, best_score = None, -1e300
        for a, p in zip(k.actions, pri, strict=True):
            k.check()
            if a not in legal_here:
                # the engine offered the seat a choice among another player's hidden
                # cards, which differ in this world: judge it by the prior alone
                score = self.prior_weight * p - 1000.0
            elif a.kind in WINDOW_KINDS:
                window = self._window_score(world, seat, a, rnd, since)
                if window is None:
                    continue
                score = window
            else:
                score = self._score(world, seat, a, p, rnd, since)
            if self.noise:
                score += rnd.gauss(0.0, self.noise)
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(self, world, seat: str, a, p: float, rnd, since: dict | None = None) -> float:
        """The seat's lead after ``a`` and its own follow-up choices, plus the prior
        (``since``: the hidden numbers of ``world``, ``evaluation.hidden_totals``)."""
        round_now = world.round
        w = world.clone()
        w.apply(a)
        for _ in range(self.follow_up):
            if w.is_over or w.decision.player != seat or w.round != round_now:
                break
            w.apply(playout_choice(w, rnd, self._tilts(seat)))
        return _lead(values(w, seat, self.weights, since=since), seat) + self.prior_weight * p

    def _window_score(self, world, seat: str, a, rnd,
                      since: dict | None = None) -> float | None:
        """Opening the own-turn window is worth the best useful thing done in it, less
        :data:`WINDOW_MARGIN`; None when nothing useful is offered there. (The window asks
        the same decision again when it closes: without the margin a bot that judged the
        window slightly differently from inside would open and close it for ever.)"""
        w = world.clone()
        w.apply(a)
        if w.is_over or w.decision.player != seat:
            return None
        useful = [b for b in w.decision.actions
                  if b.kind not in STOP_KINDS and b.kind not in WINDOW_KINDS]
        if not useful:
            return None
        return max(self._score(w, seat, b, q, rnd, since)
                   for b, q in zip(useful, priors(w, seat, useful, self.tilt),
                                   strict=True)) - WINDOW_MARGIN


class NormalBot(GreedyBot):
    level = "normal"
    explains = True
    noise = 0.0
    follow_up = FOLLOW_UP_ACTIONS
    prior_weight = 2.0

    def styled(self, style: Style) -> NormalBot:
        """Leaned by ``style``: its weights times the style's, its priors tilted."""
        self.style = style.id
        self.weights = style.weigh(self.weights)
        self.tilt = style.tilt
        return self


# The decisions a search level searches (each decision kind names the levels that search
# it, and why, in engine/decisions.py): hard's two, where an order is placed and which city
# a march attacks; the expert's, those and a battle's and an army's moves.
SEARCHED_PROMPTS = searched_by("hard")
EXPERT_SEARCHED = searched_by("expert")


class SearchBot(Bot):
    """SO-ISMCTS with a budget and evaluation weights at the decisions of
    :data:`SEARCHED_PROMPTS`; the normal level's judgement (with the same weights) at the
    others."""

    level = "hard"

    def __init__(self, budget: SearchBudget, weights: Weights,
                 searched: frozenset = SEARCHED_PROMPTS, judge_weights: Weights | None = None):
        self.budget = budget
        self.weights = weights
        self.searched = searched
        self.judge = NormalBot()
        self.judge.weights = weights if judge_weights is None else judge_weights

    tilt: Tilt | None = None  # the play style's leaning of the priors (styles.py)

    def styled(self, style: Style) -> SearchBot:
        """Leaned by ``style``: the search's and the judgement's weights times the
        style's, the priors of the seat's own choices (in the tree and its playouts)
        tilted."""
        self.style = style.id
        self.weights = style.weigh(self.weights)
        self.judge.styled(style)
        self.tilt = style.tilt
        return self

    def choose(self, k: Knowledge):
        return self.choose_explained(k)[0]

    def choose_explained(self, k: Knowledge) -> tuple:
        if k.prompt not in self.searched:
            return self.judge.choose_explained(k)
        tilts = {k.seat: self.tilt} if self.tilt is not None else None
        if self.budget.paired and self.budget.halving:
            action, visits = halving_search(k, self.budget, self.weights, tilts)
        elif self.budget.paired:
            action, visits = paired_search(k, self.budget, self.weights, tilts)
        else:
            visits = search_visits(k, self.budget, self.weights, tilts)
            action = best_of(k.actions, visits)
        reason: Reason | None = (in_style(self.style, k.seat, action, k.world)
                                 or searched_order(k.seat, action, visits)
                                 or attack(k.world(0), k.seat, action))
        return action, reason


HARD_BUDGET = SearchBudget(iterations=100, seconds=1.0)
# The expert's playouts are spent by sequential halving (2 × 600 in two processes); the cap
# is 2.2 s of processor time, so that the halving's last round still ends under 3 s on the
# clock (docs/ai.md, "The stronger expert").
EXPERT_BUDGET = SearchBudget(iterations=600, seconds=2.2, trees=2, processes=2, paired=True,
                             halving=True)


def _expert_weights() -> Weights:
    """The weights fitted from self-play, with ``hidden_gains`` and ``open_governors``: a
    look-ahead credits every player with the influence and bull goals it wins in it, and
    another player's governors count what they give it (``evaluation.Weights``)."""
    return replace(expert_weights(), hidden_gains=True, open_governors=True)


EXPERT_JUDGE_WEIGHTS = replace(HAND_WEIGHTS, hidden_gains=True, open_governors=True)
"""The expert's judgement of the decisions it does not search (the own-turn window)."""


class ExpertBot(SearchBot):
    """The paired search (every root action played out on the same determinizations,
    ``SearchBudget.paired``) at the decisions of :data:`EXPERT_SEARCHED`, scored with the
    weights fitted from self-play; the others (the own-turn window) by the normal level's
    judgement with the hand-written weights (the fitted weights predict who is ahead at the
    end of a round well, but judge a single step — a march, a retreat — worse: docs/ai.md).
    Both read ``hidden_gains`` and ``open_governors``."""

    level = "expert"

    def __init__(self, budget: SearchBudget, weights: Weights,
                 searched: frozenset = EXPERT_SEARCHED,
                 judge_weights: Weights = EXPERT_JUDGE_WEIGHTS):
        super().__init__(budget, weights, searched, judge_weights=judge_weights)


# The reference expert, frozen as the expert was on 28 November 2026 (issue 30): every
# later expert is measured against it (docs/ai.md, "The reference expert"). Its budget, its
# searched decisions and its weights are written out here and in their own file, so that
# a change of the expert's cannot move it; it shares the cheap policy, the evaluation's
# features and the normal judgement with the other levels.
REFERENCE_EXPERT = "expert-2026-11"
REFERENCE_EXPERT_BUDGET = SearchBudget(iterations=200, seconds=2.6, trees=2, processes=2,
                                       paired=True, playout_randomness=0.15)
REFERENCE_EXPERT_SEARCHED = frozenset({
    "place_order", "march_target", "battle_play", "battle_cancel", "battle_reinforce",
    "retreat_to", "muster", "march_move"})


class ReferenceExpertBot(ExpertBot):
    """``expert-2026-11``: the paired search, 2 × 200 playouts spread evenly over the
    actions, capped at 2.6 s of processor time per process, with the weights of
    ``data/ai/expert-2026-11_weights.json`` (neither ``hidden_gains`` nor
    ``open_governors``). Plays balanced only."""

    level = REFERENCE_EXPERT

    def __init__(self, budget: SearchBudget, weights: Weights):
        super().__init__(budget, weights, REFERENCE_EXPERT_SEARCHED, judge_weights=HAND_WEIGHTS)


def _simple(cls):
    def make(**overrides):
        if overrides:
            raise ValueError(f"the {cls.level} level takes no settings "
                             f"(got {', '.join(overrides)})")
        return cls()
    return make


def _searcher(cls, budget: SearchBudget, weights):
    def make(**overrides):
        try:
            b = replace(budget, **overrides)
        except TypeError as err:
            raise ValueError(f"the {cls.level} level: {err}") from err
        return cls(b, weights())
    return make


SEARCH_LEVELS = {
    "hard": (SearchBot, HARD_BUDGET, lambda: HAND_WEIGHTS),
    "expert": (ExpertBot, EXPERT_BUDGET, _expert_weights),
    REFERENCE_EXPERT: (ReferenceExpertBot, REFERENCE_EXPERT_BUDGET,
                       lambda: expert_weights(REFERENCE_WEIGHTS_FILE)),
}
"""The search levels: ``name: (bot class, budget, weights)`` (a tool may remake them with
another budget, e.g. ``benchmarks/ai_tournament_one_core.py`` in one process)."""

LEVELS = {
    "random": _simple(RandomBot),
    "novice": _simple(NoviceBot),
    "easy": _simple(GreedyBot),
    "normal": _simple(NormalBot),
    **{name: _searcher(*made) for name, made in SEARCH_LEVELS.items()},
}


def parse_seat_kind(kind: str) -> tuple[str, str]:
    """``(level, style id)`` of a bot seat kind: ``"hard"`` is ``("hard", "balanced")``,
    ``"hard:merchant"`` is ``("hard", "merchant")``. ValueError names what is wrong: an
    unknown level or style, or a style at a level that plays balanced only (styles apply
    at :data:`~krestonostsy.ai.styles.STYLED_LEVELS`)."""
    level, sep, sid = kind.partition(":") if isinstance(kind, str) else (kind, "", "")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    if not sep:
        return level, BALANCED
    _style(sid)  # an unknown style names the choices
    if sid != BALANCED and level not in STYLED_LEVELS:
        raise ValueError(f"the {level} level plays balanced only: play styles apply at "
                         f"{', '.join(STYLED_LEVELS)} (got {kind!r})")
    return level, sid


def seat_kind(level: str, style_id: str = BALANCED) -> str:
    """The seat kind of ``level`` in ``style_id``, the inverse of :func:`parse_seat_kind`
    (a balanced seat is the bare level: ``"hard"``)."""
    return level if style_id == BALANCED else f"{level}:{style_id}"


def make_bot(kind: str, style: str | None = None, **overrides) -> Bot:
    """A bot of seat ``kind`` (a level of :data:`LEVELS`, optionally with a play style:
    ``"hard:merchant"``, or the same as ``make_bot("hard", style="merchant")``); search
    levels accept budget overrides (``iterations``, ``seconds``, ``trees``,
    ``processes``…), e.g. tiny budgets in tests."""
    level, sid = parse_seat_kind(kind)
    if style is not None:
        if sid != BALANCED and style != sid:
            raise ValueError(f"bot {kind!r}: the style is given twice ({sid!r} and {style!r})")
        level, sid = parse_seat_kind(f"{level}:{style}")
    bot = LEVELS[level](**overrides)
    chosen = _style(sid)
    return bot if chosen.balanced else bot.styled(chosen)
