"""The guided first game: a lesson read from ``data/tutorial/*.yaml`` and replayed against
the rules (shown by ``ui/tutorial.py``).

It stands above the engine and the bots, not in ``content/``: its steps are the engine's
:class:`Action` objects, its replay plays :class:`Game` and its opponent names a bot level,
and the content layer imports neither.

A :class:`Lesson` is a seed, two states, the newcomer's seat, and a list of :class:`Step`:
each step has a hint (a message key of the catalogs), the place on the table it points at
(a target id or item key, or ``prompt`` for the prompt bar's buttons) and what advances it:
``next`` (the hint's own button) or the one action the newcomer must click. The opponent's
moves are recorded with the number of actions played before each, so the seed, the steps
and those moves give the same game every time (:meth:`Lesson.game_at`).

:func:`load_lesson` refuses a malformed file with ``file:line: what is wrong``;
:meth:`Lesson.check` replays the whole script against the engine and names the step (by
its line) whose action is not legal when it comes — a change of the rules or the content
that breaks the lesson fails its test (tests/ui/test_tutorial.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .content import ContentError
from .content.yamlfile import read_yaml
from .engine import Action, Game, IllegalAction
from .resources import data_dir

NEXT = "next"
PROMPT = "prompt"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_TARGET = re.compile(r"^[a-z][a-z0-9_]*(:[a-z0-9_]+)*$")
_KEY = re.compile(r"^tutorial\.[a-z][a-z0-9_]*$")
LESSON_KEYS = {"seed", "states", "human", "opponent", "steps", "opponent_moves"}
STEP_KEYS = {"id", "text", "target", "advance"}


@dataclass(frozen=True)
class Step:
    """One hint of the lesson. ``advance`` is None for a hint read and closed with Next."""

    id: str
    text: str
    target: str | None
    advance: Action | None
    line: int

    @property
    def waits_for_click(self) -> bool:
        return self.advance is not None


@dataclass(frozen=True)
class Lesson:
    file: str
    seed: int
    states: tuple[str, ...]
    human: str
    opponent: str
    steps: tuple[Step, ...]
    opponent_moves: dict[int, tuple[Action, int | None]] = field(default_factory=dict)
    # the number of actions played before each step (filled by check())
    at: tuple[int, ...] = ()
    # the line of each top-level key of the file (its errors point there)
    key_lines: dict[str, int] = field(default_factory=dict)

    @property
    def opponent_state(self) -> str:
        return next(s for s in self.states if s != self.human)

    def index_of(self, step_id: str) -> int | None:
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), None)

    def new_game(self) -> Game:
        return Game.new(list(self.states), seed=self.seed)

    def opponent_move(self, game: Game, after: Step | None = None) -> Action:
        """The recorded move of the opponent at ``game``'s position; a ContentError if
        none, at the line of the step ``after`` which the opponent decides (at the start:
        the line of ``human``, whose seat decides who moves first)."""
        n = len(game.actions)
        found = self.opponent_moves.get(n)
        if found is None:
            prompt = game.decision.prompt if game.decision is not None else None
            when = f"after step '{after.id}'" if after is not None else \
                f"at the start ({self.opponent_state} decides first, not {self.human})"
            raise ContentError(self.file, after.line if after is not None
                               else self.key_lines.get("human", 1),
                               f"{when} the opponent decides at action {n} (prompt "
                               f"'{prompt}') and opponent_moves records no move there")
        return found[0]

    def play_opponent(self, game: Game, after: Step | None = None) -> None:
        """Apply the opponent's recorded moves until the newcomer decides (or the game
        ends); ``after``: the step just played (errors point at it)."""
        while game.decision is not None and game.decision.player != self.human:
            n = len(game.actions)
            action = self.opponent_move(game, after)
            try:
                game.apply(action)
            except IllegalAction as err:
                raise ContentError(self.file, self.opponent_moves[n][1],
                                   f"the opponent's move at action {n} is not legal: {err}") \
                    from err

    def game_at(self, index: int) -> Game:
        """The game as it stands when step ``index`` is shown (the newcomer decides)."""
        game = self.new_game()
        self.play_opponent(game)
        for step in self.steps[:index]:
            if step.advance is not None:
                game.apply(step.advance)
                self.play_opponent(game)
        return game

    def check(self) -> Lesson:
        """Replay the script: every step's action must be legal when its step comes, and
        every decision of the newcomer must have its step. Returns the lesson with ``at``
        (the number of actions before each step) filled in."""
        game = self.new_game()
        self.play_opponent(game)
        at = []
        for step in self.steps:
            at.append(len(game.actions))
            if step.advance is None:
                continue
            if game.decision is None:
                raise ContentError(self.file, step.line,
                                   f"step '{step.id}': the game is already over")
            if step.advance not in game.legal_actions():
                legal = ", ".join(str(a.to_json()) for a in game.legal_actions())
                raise ContentError(self.file, step.line,
                                   f"step '{step.id}': {step.advance.to_json()} is not legal "
                                   f"at '{game.decision.prompt}' (legal: {legal})")
            game.apply(step.advance)
            self.play_opponent(game, step)
        unused = sorted(n for n in self.opponent_moves if n >= len(game.actions))
        if unused:
            raise ContentError(self.file, self.opponent_moves[unused[0]][1],
                               f"the opponent's move at action {unused[0]} is never reached")
        return replace(self, at=tuple(at))


def translated(key: str) -> bool:
    """Every language of the game (Russian, English) has ``key`` in its catalogs."""
    from . import i18n
    return all(i18n.translator(lang).has(key) for lang in ("ru", "en"))


def _action(value, file: str, line: int | None, what: str) -> Action:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ContentError(file, line, f"{what} must be an action such as "
                                       "{kind: place_order, order: march, cell: outer}")
    try:
        return Action.from_json(dict(value))
    except (ValueError, TypeError, KeyError) as err:
        raise ContentError(file, line, f"{what}: not an action: {err}") from err


def _step(node, file: str, line: int | None, seen: set, has_text) -> Step:
    if not isinstance(node, dict):
        raise ContentError(file, line, "a step must be a mapping with id, text, advance")
    line = getattr(node, "line", line)
    unknown = sorted(str(k) for k in set(node) - STEP_KEYS)
    if unknown:
        raise ContentError(file, line, f"unknown key '{unknown[0]}' in a step "
                                       f"(known: {', '.join(sorted(STEP_KEYS))})")
    sid, text, target = node.get("id"), node.get("text"), node.get("target")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise ContentError(file, line, "a step needs an id: a lowercase word")
    if sid in seen:
        raise ContentError(file, line, f"step id '{sid}' is used twice")
    seen.add(sid)
    if not isinstance(text, str) or not _KEY.match(text):
        raise ContentError(file, line, f"step '{sid}': text must be a message key such as "
                                       "tutorial.welcome")
    if has_text is not None and not has_text(text):
        raise ContentError(file, line, f"step '{sid}': the text key '{text}' is missing from "
                                       "a catalog (translations/*/LC_MESSAGES/messages.po)")
    if target is not None and (not isinstance(target, str) or not _TARGET.match(target)):
        raise ContentError(file, line, f"step '{sid}': target must be a target id such as "
                                       "city:acre, an item key, or prompt")
    raw = node.get("advance")
    if raw == NEXT:
        advance = None
    elif raw is None:
        raise ContentError(file, line, f"step '{sid}': advance is missing (next, or an action)")
    else:
        advance = _action(raw, file, line, f"step '{sid}': advance")
        if target is None:
            raise ContentError(file, line, f"step '{sid}': a step that waits for a click "
                                           "needs a target")
        if target != PROMPT and target not in advance.targets:
            raise ContentError(file, line, f"step '{sid}': target '{target}' is not one of "
                                           f"the action's targets {list(advance.targets)} "
                                           f"(or prompt)")
    return Step(sid, text, target, advance, line or 0)


def load_lesson(path: Path | None = None, has_text=None) -> Lesson:
    """Read and validate a lesson (default: ``data/tutorial/first_game.yaml``).
    ``has_text(key)``, when given, says whether every catalog translates a text key."""
    path = Path(path) if path is not None else data_dir() / "tutorial" / "first_game.yaml"
    data = read_yaml(path)
    file = path.name
    if not isinstance(data, dict):
        raise ContentError(file, 1, "the lesson must be a mapping (seed, states, steps…)")
    unknown = sorted(str(k) for k in set(data) - LESSON_KEYS)
    if unknown:
        raise ContentError(file, getattr(data, "key_lines", {}).get(unknown[0]),
                           f"unknown key '{unknown[0]}' (known: {', '.join(sorted(LESSON_KEYS))})")
    key_lines = getattr(data, "key_lines", {})

    def line(key: str) -> int:
        """The line of ``key``; a key left out: the lesson's first line."""
        return int(key_lines.get(key) or getattr(data, "line", None) or 1)

    seed, states, human = data.get("seed"), data.get("states"), data.get("human")
    if type(seed) is not int or seed < 0:
        raise ContentError(file, line("seed"), "seed must be a whole number ≥ 0")
    if not isinstance(states, list) or len(states) != 2 or not all(
            isinstance(s, str) for s in states):
        raise ContentError(file, line("states"), "states must list the two states")
    try:
        Game.new(list(states), seed=seed)
    except ValueError as err:
        raise ContentError(file, line("states"), f"states: {err}") from err
    if human not in states:
        raise ContentError(file, line("human"), f"human must be one of {states}")
    opponent = data.get("opponent")
    from .ai.levels import LEVELS  # the levels a seat can be played by (no Qt, no engine state)
    if not isinstance(opponent, str) or opponent not in LEVELS:
        raise ContentError(file, line("opponent"), "opponent must name the bot level "
                           f"that played the recorded moves and plays on after the lesson "
                           f"({', '.join(LEVELS)}), not {opponent!r}")
    steps_node = data.get("steps")
    if not isinstance(steps_node, list) or not steps_node:
        raise ContentError(file, line("steps"), "steps must be a list of steps")
    seen: set = set()
    lines = getattr(steps_node, "item_lines", [None] * len(steps_node))
    steps = tuple(_step(node, file, ln or line("steps"), seen, has_text)
                  for node, ln in zip(steps_node, lines, strict=True))
    if steps[-1].advance is not None:
        raise ContentError(file, steps[-1].line, "the last step must be read and closed "
                                                 "(advance: next)")
    moves_node = data.get("opponent_moves") or {}
    if not isinstance(moves_node, dict):
        raise ContentError(file, line("opponent_moves"), "opponent_moves must map action "
                                                         "numbers to actions")
    moves: dict[int, tuple[Action, int | None]] = {}
    for n, raw in moves_node.items():
        ln = moves_node.key_lines.get(n) if hasattr(moves_node, "key_lines") else None
        if type(n) is not int or n < 0:
            raise ContentError(file, ln, f"opponent_moves: '{n}' is not an action number")
        moves[n] = (_action(raw, file, ln, f"opponent move {n}"), ln)
    return Lesson(file, seed, tuple(states), str(human), opponent, steps, moves,
                  key_lines={str(k): v for k, v in key_lines.items()})
