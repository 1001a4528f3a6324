"""The game controller: holds the :class:`Game`, the seats, autosaves and undo.

It never decides rules: it asks the engine for the decision and the legal actions, tells
the table what the deciding human may do, applies the action the human (or a bot) chose,
autosaves, and emits signals on every change. Bots choose in a worker thread
(``QThreadPool``) on a clone of the game, so the window never freezes.

Seats: every state has a seat type: ``"human"`` or a bot level of ``krestonostsy.ai``
(novice … expert, ``seat_kinds.BOT_LEVELS``), at normal and above optionally with a play
style (``"hard:merchant"``, ``seat_kinds``). A bot seat's ``choose(game, cancel)`` runs off
the GUI thread on the game's clone and sees only its seat's knowledge (``ai.seat.decide``);
``cancel`` (a ``threading.Event``) is set when its answer can no longer be used (undo, load,
closing the game, quit). Every answer carries the position's sequence number and is
dropped when the game has moved on meanwhile.
"""
from __future__ import annotations

import logging
import secrets
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from ..engine import SARACEN, Action, GameOptions, IllegalAction
from ..i18n import _
from .names import show_content, state_name
from .os_errors import os_error_text
from .safe_turns import (
    END_TURN,
    ORDER_PROMPTS,
    TAKE_BACK,
    PendingTurnEnd,
    lead_of,
    outcomes_of,
    turn_end_of,
)
from .saves import SaveStore, new_game_id, read_save, setup_game_id, write_save
from .seat_kinds import BOT_LEVELS, HUMAN, SEAT_LABELS, is_seat_kind, seat_problem

# The bots (``krestonostsy.ai``) are imported when the first bot seat is made, not with the
# window: the start screen needs none of them (README, "Performance": start-up).
# Nor the engine's Game (with the content's modules): imported when a game begins.
if TYPE_CHECKING:
    from ..ai import Reason
    from ..engine import Game, Outcome

log = logging.getLogger(__name__)


# --- seats -------------------------------------------------------------------------------

class Seat:
    """Who plays a state. Subclasses: humans at this computer, bots."""

    kind = "seat"
    is_human = False

    def choose(self, game: Game, cancel: threading.Event) -> Action:  # pragma: no cover
        raise NotImplementedError

    def choose_explained(self, game: Game, cancel: threading.Event
                         ) -> tuple[Action, Reason | None]:
        """The action and, where the seat has one, a reason for the log."""
        return self.choose(game, cancel), None


class HumanSeat(Seat):
    kind = "human"
    is_human = True


class _SeatGame:
    """What the harness reads of the game (the decision, the seat's view, its
    determinizations), with a cancel check before every determinization a bot asks for
    (the bots also check the flag at every step of their look-ahead: ``decide``'s
    ``cancelled``)."""

    def __init__(self, game: Game, cancel: threading.Event):
        self._game, self._cancel = game, cancel

    @property
    def decision(self):
        return self._game.decision

    def view(self, seat):
        return self._game.view(seat)

    def determinize(self, seat, seed):
        if self._cancel.is_set():
            from ..ai import Cancelled as BotCancelled
            raise BotCancelled
        return self._game.determinize(seat, seed)


def new_seat_seed() -> int:
    """A bot seat's own seed: 63 bits of the operating system's entropy, unrelated to any
    game seed."""
    return secrets.randbits(63)


class BotSeat(Seat):
    """A computer opponent of one level, perhaps with a play style (``kind``: ``"hard"``,
    ``"hard:merchant"``; ``krestonostsy.ai``). The seat has a seed of its
    own (``seed``: drawn by :func:`new_seat_seed` when the seat is made, or the one saved
    with it) and decides a position with ``mix(seat seed, number of actions played)``: a
    resumed game gets the same answers. Never the game's seed, which makes every hidden
    card: a bot must not receive a number from which they can be computed."""

    is_human = False

    def __init__(self, kind: str, seed: int | None = None):
        from ..ai import make_bot
        self.kind = kind
        self.bot = make_bot(kind)
        self.seed = new_seat_seed() if seed is None else seed

    def choose(self, game: Game, cancel: threading.Event) -> Action:
        return self.choose_explained(game, cancel)[0]

    def choose_explained(self, game: Game, cancel: threading.Event
                         ) -> tuple[Action, Reason | None]:
        from ..ai import decide_explained, mix
        seed = mix(self.seed, len(game.actions))
        return decide_explained(self.bot, _SeatGame(game, cancel), seed,
                                cancelled=cancel.is_set)


# The level that suggests a move to a human who asks: the strongest that answers within
# a second (Hard: p95 under 0.5 s, README "Performance"; the Expert runs worker processes).
HINT_LEVEL = "hard"
SEAT_TYPES: dict[str, Callable[[], Seat]] = {"human": HumanSeat}
for _level in BOT_LEVELS:
    SEAT_TYPES[_level] = lambda level=_level: BotSeat(level)


def register_seat_type(kind: str, factory: Callable[[], Seat], label: str | None = None) -> None:
    """Make a new seat type (a bot) available to the new-game dialog and saves."""
    SEAT_TYPES[kind] = factory
    SEAT_LABELS[kind] = label or kind


def make_seat(kind: str) -> Seat:
    """The seat of ``kind``: a seat type of :data:`SEAT_TYPES`, or a bot level with a play
    style (``"hard:merchant"``, ``seat_kinds``). ValueError says what is wrong."""
    factory = SEAT_TYPES.get(kind)
    if factory is not None:
        return factory()
    problem = seat_problem(kind)
    if problem is not None:
        raise ValueError(f"unknown seat type {kind!r}: {problem}")
    return BotSeat(kind)


# --- bot reasons -----------------------------------------------------------------------------

@dataclass(frozen=True)
class BotReason:
    """A bot's reason for its ``action_no``-th action of the game, shown in the log just
    before the entries that action wrote (at ``log_at``); public (``entry``'s visibility is
    None), its parameters with the seat kind of the bot (``"bot"``: "hard:merchant"), which
    the log names after the state. Kept by the controller, never in the engine's log: the
    rules did not write it. It is dropped from view once an undo takes its action back."""

    action_no: int
    action: Action
    log_at: int
    entry: tuple


# --- bots off the GUI thread ---------------------------------------------------------------

# A thinking bot and the GUI thread share the interpreter lock, handed over every "switch
# interval" (5 ms by default): at 1 ms a 10 ms timer in the window keeps its pace while a
# bot thinks (benchmarks/bot_window_bench.py: p95 gap 20 ms at 5 ms, 11.5 ms at 1 ms).
GIL_SWITCH_SECONDS = 0.001

class _BotSignals(QObject):
    chosen = Signal(int, object)
    failed = Signal(int, str)


class _BotTask:
    """One bot decision in the pool's thread: only the game's clone, the seat, a cancel
    flag and a signal object (emitted across threads, queued to the GUI thread).

    A plain callable handed to ``QThreadPool.start``, not a ``QRunnable`` subclass: the
    pool kept the Python side of about one subclassed runnable in fifteen alive after Qt
    had deleted it (PySide 6.10), and with it the game clone it thought on — a few MB per
    game, for as long as the window stayed open."""

    def __init__(self, seat: Seat, game: Game, generation: int, signals: _BotSignals,
                 cancel: threading.Event):
        self.seat, self.game, self.generation, self.signals = seat, game, generation, signals
        self.cancel = cancel

    def run(self) -> None:
        from ..ai import Cancelled as BotCancelled
        try:
            choice = self.seat.choose_explained(self.game, self.cancel)
        except BotCancelled:
            return
        except Exception:  # report, never crash the worker
            self.signals.failed.emit(self.generation, traceback.format_exc())
            return
        self.signals.chosen.emit(self.generation, choice)


# --- the controller ------------------------------------------------------------------------

class GameController(QObject):
    """Signals: ``changed`` after every change; ``handoffRequested(player)`` when the screen
    must be passed to another human; ``gameOver(result)``; ``errorOccurred(message)``;
    ``busyChanged(bool)`` while a bot thinks; ``gameClosed`` when no game is loaded;
    ``hintReady(action, reason)`` with the move a bot suggests to the viewer and the bot's
    reason, if it has one (:meth:`hint`; the action None when it found none)."""

    changed = Signal()
    handoffRequested = Signal(str)
    gameOver = Signal(object)
    errorOccurred = Signal(str)
    busyChanged = Signal(bool)
    gameClosed = Signal()
    hintReady = Signal(object, object)

    def __init__(self, store: SaveStore | None = None, parent: QObject | None = None,
                 autosave: bool = True):
        super().__init__(parent)
        self.store = store
        self.autosave_enabled = autosave
        self.game: Game | None = None
        self.seats: dict[str, Seat] = {}
        self.viewer: str | None = None
        self.pending_handoff: str | None = None
        self.pending_end: PendingTurnEnd | None = None
        self.lead: dict | None = None  # why the prompt changed (see lead_of)
        # each player's last decision: (the number of actions before it, the barrier then);
        # what tells whether undo may go back over the bots' moves (_last_own_move)
        self._own_moves: dict[str, tuple[int, object]] = {}
        self._unmoved: dict[str, int] = {}  # player → actions played when none was theirs
        self._outcomes: tuple[tuple, dict[Action, Outcome]] = ((), {})  # (position, …)
        self._lead_mark: dict[str, int] = {}  # log length at each human's last decision
        # Safe turns: a step that draws or reveals, and in hot-seat one that ends the turn,
        # waits for "End turn" / "Go on" (see turn_end_of).
        self.safe_turns = True
        self.last_autosave: Path | None = None
        self.bot_reasons: list[BotReason] = []  # the bots' reasons shown in the log
        self._failures_told: set[tuple] = set()  # (state, bot level) whose failure was told
        self._autosave_failing = False  # the last autosave failed (and that was told)
        # made with each game (start), so that the window opens without the bots
        self._saracen_seat: BotSeat | None = None  # plays the Saracens (computer_saracens)
        self.hint_seat: BotSeat | None = None  # suggests a move to a human who asks
        self.game_id = ""  # the game's id: its autosaves are kept together (ui/saves.py)
        self._generation = 0
        self._busy = False
        self._cancel = threading.Event()  # the running bot's: set when its answer is stale
        # Pace of bot moves: a bot's move is applied at least this long after the table
        # finished showing the position before it, so a person can follow (the window sets
        # it from the animation speed).
        self.bot_pause_ms = 0
        self._changed_at = time.monotonic()
        sys.setswitchinterval(min(sys.getswitchinterval(), GIL_SWITCH_SECONDS))
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._bot_signals = _BotSignals(self)
        self._bot_signals.chosen.connect(self._on_bot_chosen)
        self._bot_signals.failed.connect(self._on_bot_failed)
        self._hint_signals = _BotSignals(self)
        self._hint_signals.chosen.connect(self._on_hint)
        self._hint_signals.failed.connect(self._on_hint_failed)
        self.hinting = False  # a hint is being looked for

    # --- setting up ----------------------------------------------------------------------

    def new_game(self, states, seed: int | None = None, options=None,
                 seats: dict[str, str] | None = None, scenario: str = "base",
                 advanced: bool = False, seat_seeds: dict[str, int] | None = None) -> Game:
        """Start a game of ``scenario`` (``advanced``: with terrain, CAMP-10). ``seats``
        maps state → seat type (default: all human); ``seat_seeds`` the bot seats' own
        seeds (default: new ones, see :class:`BotSeat`). Raises ``ValueError`` (illegal
        line-up, bad option) with the engine's message."""
        import random

        from ..campaign.chronicle import ADVANCED_HOOKS
        from ..engine import Game, load_ruleset
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        if isinstance(options, GameOptions):
            options = options.to_json()
        rules = load_ruleset(scenario)
        rules = rules.with_hooks(tuple(h for h in ADVANCED_HOOKS if h not in rules.scenario.hooks)
                                 if advanced else ())
        game = Game.new(list(states), seed=int(seed), options=options, scenario=rules)
        self.start(game, seats, game_id=new_game_id(), seat_seeds=seat_seeds)
        return game

    def start(self, game: Game, seats: dict[str, str] | None = None,
              game_id: str | None = None, seat_seeds: dict[str, int] | None = None) -> None:
        """Take over ``game`` (new or loaded); ``game_id`` names the game its autosaves
        belong to (default: the id of its setup, as for a save of an older version);
        ``seat_seeds`` are the bot seats' own seeds saved with them (a seat without one —
        a new game, a save of an older version — draws a new one)."""
        self._end_workers()  # a game given up takes its bot and workers with it
        self.game_id = game_id or setup_game_id(game.setup)
        states = list(game.setup.get("states", []))
        states = states or list(game.view(None).get("states", []))
        kinds = dict(seats or {})
        self.seats = {s: make_seat(kinds.get(s, HUMAN) if is_seat_kind(kinds.get(s, HUMAN))
                                   else HUMAN) for s in states}
        saved = seat_seeds or {}
        for s, seat in self.seats.items():
            if isinstance(seat, BotSeat) and s in saved:
                seat.seed = saved[s]
        from ..ai.saracens import SARACEN_LEVEL
        self._saracen_seat = BotSeat(SARACEN_LEVEL, saved.get(SARACEN))
        self.hint_seat = BotSeat(HINT_LEVEL)
        self.game = game
        show_content(game.c)  # cards are named from the game's own content
        self.viewer = None
        self.bot_reasons = []
        self._failures_told = set()
        self._autosave_failing = False
        self.pending_handoff = None
        self.pending_end = None
        self._lead_mark = {}
        self._own_moves, self._unmoved = {}, {}
        self._after_change(autosave=True)

    def load(self, path: Path) -> Game:
        """Load a save file; raises ``SaveError`` (message for the player), keeps the
        current game untouched when it fails."""
        game, ui = read_save(Path(path))
        ui = ui or {}
        self.start(game, ui.get("seats"), game_id=ui.get("game_id"),
                   seat_seeds=ui.get("seat_seeds"))
        return game

    def save(self, path: Path) -> Path:
        if self.game is None:
            raise RuntimeError("no game to save")
        return write_save(Path(path), self.game, self.seat_kinds(), game_id=self.game_id,
                          seat_seeds=self.seat_seeds())

    def close_game(self) -> None:
        self._end_workers()
        self.game = None
        self.seats = {}
        self.viewer = None
        self.pending_handoff = None
        self.pending_end = None
        self.gameClosed.emit()

    # --- queries ---------------------------------------------------------------------------

    def seat_kinds(self) -> dict[str, str]:
        return {s: seat.kind for s, seat in self.seats.items()}

    def seat_seeds(self) -> dict[str, int]:
        """The bot seats' own seeds (and the Saracens' bot's, ``"saracen"``), saved with
        the seats so that a resumed game's bots answer as they would have."""
        out = {s: seat.seed for s, seat in self.seats.items() if isinstance(seat, BotSeat)}
        if self._saracen_seat is not None:
            out[SARACEN] = self._saracen_seat.seed
        return out

    def humans(self) -> list[str]:
        return [s for s, seat in self.seats.items() if seat.is_human]

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def deciding(self) -> str | None:
        d = self.game.decision if self.game is not None else None
        return d.player if d is not None else None

    def current_view(self) -> dict | None:
        """The view the table shows now (None while a hand-off hides the table)."""
        if self.game is None:
            return None
        if self.pending_handoff is not None:
            return None
        pending = self.pending_end
        seats = {s: seat.kind for s, seat in self.seats.items() if not seat.is_human}
        if pending is None:
            view = self.game.view(self.viewer)
            view["seats"] = seats  # who plays each state as a bot (its board, the prompt)
            if self.lead is not None and view.get("decision"):
                view["decision"]["lead"] = self.lead
            if self._busy and view.get("decision"):
                view["decision"]["thinking"] = True  # the table marks the bot's board
            outcomes = self.outcomes()
            if outcomes and view.get("decision"):  # what a choice costs, what it draws
                view["decision"]["outcomes"] = [[a.to_json(), o.to_json()]
                                                for a, o in outcomes.items()]
            return view
        view = (pending.preview or self.game).view(self.viewer)
        view["decision"] = pending.prompt
        view["seats"] = seats
        return view

    def seat_deciding(self) -> Seat | None:
        """The seat that answers the current decision: the deciding state's, or — with the
        game option ``computer_saracens`` — a bot for a decision made for the Saracen side
        of a battle (``Game.deciding_for_saracens``), so hot-seat players need no hand-off for it."""
        d = self.game.decision if self.game is not None else None
        if d is None:
            return None
        if self.game.options.computer_saracens and self.game.deciding_for_saracens:
            return self._saracen_seat
        return self.seats.get(d.player)

    def outcomes(self) -> dict[Action, Outcome]:
        """What each of the viewer's choices now costs or draws, as the engine says
        (:func:`outcomes_of`; once per position)."""
        legal = self.legal_for_viewer() if self.pending_end is None else None
        if not legal:
            # nothing to label: let go of the last position's outcomes (each holds a clone
            # of the game with its action played)
            self._outcomes = ((), {})
            return {}
        game = self.game
        at = (id(game), len(game.actions), len(game.log), game.actions[-1:])
        if self._outcomes[0] != at:
            self._outcomes = (at, outcomes_of(game, legal))
        return self._outcomes[1]

    @property
    def confirms_turn_end(self) -> bool:
        """Hot-seat: an action that ends the turn waits for "End turn" (the hand-off to the
        next player follows it). Alone against bots the turn ends at once and "Take back"
        stays offered while the bots move (the Board Game Arena way): one click less per
        turn. A step that cannot be taken back is confirmed in both."""
        return len(self.humans()) > 1

    def table_choices(self) -> list[Action] | None:
        """What the table offers the human in front of the screen: :meth:`legal_for_viewer`,
        or — while the bots move after their move — "Take back", as long as undo can
        still take it back (the turn ended at once: :attr:`confirms_turn_end`)."""
        if self._busy and self.pending_handoff is None and self._take_back_offered():
            return [TAKE_BACK]
        return self.legal_for_viewer()

    def _take_back_offered(self) -> bool:
        seat = self.seats.get(self.viewer)
        return self._busy and seat is not None and seat.is_human and self.can_undo

    def legal_for_viewer(self) -> list[Action] | None:
        """The actions the human in front of the screen may choose now, else None."""
        if self.game is None or self.pending_handoff is not None or self._busy:
            return None
        if self.pending_end is not None:
            return [END_TURN, TAKE_BACK]
        d = self.game.decision
        if d is None or d.player != self.viewer:
            return None
        seat = self.seat_deciding()
        if seat is None or not seat.is_human:
            return None
        return list(self.game.legal_actions())

    def visible_log(self) -> list:
        """Log entries the current viewer may read (public ones during a hand-off)."""
        if self.game is None:
            return []
        viewer = None if self.pending_handoff is not None else self.viewer
        shown = self.pending_end.preview if self.pending_end is not None else None
        game = shown or self.game
        reasons: dict[int, list] = {}
        for r in self.bot_reasons:  # only those whose action is still in the game (undo)
            if r.action_no < len(game.actions) and game.actions[r.action_no] == r.action:
                reasons.setdefault(r.log_at, []).append(r.entry)
        out = []
        for at, entry in enumerate(game.log):
            out.extend(reasons.get(at, ()))
            try:
                _key, _params, visibility = entry
            except (TypeError, ValueError):
                continue
            if visibility is None or (viewer is not None and viewer in visibility):
                out.append(entry)
        out.extend(reasons.get(len(game.log), ()))
        return out

    @property
    def can_undo(self) -> bool:
        """The toolbar's undo is offered: the human at the screen decides and either the
        engine can take back their last action, or bots moved since their previous
        decision (whether the engine's limits allow going back over those is found out,
        and said, when they ask: :meth:`undo`)."""
        if self.pending_end is not None:
            return True  # "Take back" the action that would end the turn
        try:
            if self.game is None or self.pending_handoff is not None:
                return False
            if self._busy:  # a bot thinks after the human's move: undo stops it
                seat = self.seats.get(self.viewer)
                return (seat is not None and seat.is_human and self._bots_moved_last()
                        and self._undo_over_bots_allowed())
            if not self._undo_is_mine():
                return False
            return bool(self.game.can_undo) or (self._bots_moved_last()
                                                and self._undo_over_bots_allowed())
        except Exception:
            return False

    def _last_own_move(self, player: str | None) -> tuple[int, object] | None:
        """``player``'s last decision in the game: (the number of actions played before it,
        the engine's barrier then), or None before their first. Kept up to date by every
        action played here; after a load or an undo found once by replaying the game."""
        game = self.game
        mark = self._own_moves.get(player or "")
        if mark is not None and mark[0] < len(game.actions):
            return mark
        if mark is None and self._unmoved.get(player or "") == len(game.actions):
            return None  # replayed at this position already: not theirs yet
        from ..engine import Game
        again = Game.new(game.setup["states"], game.setup["seed"], game.setup["options"],
                         scenario=game.rules, content=game.c)
        mark = None
        for i, action in enumerate(game.actions):
            if again.decision is not None and again.decision.player == player:
                mark = (i, again.barrier)
            again.apply(action)
        if mark is not None:
            self._own_moves[player] = mark
        else:
            self._unmoved[player or ""] = len(game.actions)
        return mark

    def _undo_over_bots_allowed(self) -> bool:
        """Whether :meth:`_undo_over_bots` would go back (no draw or reveal since the
        viewer's last decision): the toolbar's Undo is enabled exactly then."""
        mine = self._last_own_move(self.viewer)
        return mine is not None and mine[1] == self.game.barrier

    def _bots_moved_last(self) -> bool:
        return (bool(self.game.actions) and any(not s.is_human for s in self.seats.values())
                and self.viewer in self.seats)

    @property
    def can_cancel_order(self) -> bool:
        """The human at the screen is part-way through an order and may cancel it whole."""
        try:
            return (self.game is not None and not self._busy and self.pending_handoff is None
                    and bool(self.game.can_cancel_order) and self._undo_is_mine())
        except Exception:
            return False

    def _undo_is_mine(self) -> bool:
        seat = self.seats.get(self.deciding)
        return seat is not None and seat.is_human and self.deciding == self.viewer

    # --- playing ---------------------------------------------------------------------------

    @Slot(object)
    def choose(self, action) -> bool:
        """Apply an action chosen by the human in front of the screen — or, when it draws
        or reveals something (or, in hot-seat, ends their turn), hold it until they press
        "End turn" / "Go on" (``END_TURN``) or "Take back" (``TAKE_BACK``). "Take back"
        while the bots move after the human's move is an undo."""
        if isinstance(action, dict):
            action = Action.from_json(action)
        if action == TAKE_BACK and self.game is not None and self._take_back_offered():
            return self.undo()  # offered while the bots move after the viewer's move
        legal = self.legal_for_viewer()
        if legal is None:
            self.errorOccurred.emit(_("It is not your turn to choose."))
            return False
        if action not in legal:
            self.errorOccurred.emit(_("This action is not possible now."))
            return False
        pending = self.pending_end
        if pending is not None:
            self.pending_end = None
            if action == TAKE_BACK:
                self.changed.emit()
                return True
            return self._apply(pending.action)
        if self.safe_turns:
            try:
                # the only choice ("Done" with nothing else to do) is no misclick: no
                # "End turn" after it (the own-turn window aside)
                only = [a for a in legal if a.kind != "own_turn"] == [action]
                pending = turn_end_of(self.game, action, self.confirms_turn_end and not only)
            except Exception:  # the real apply below reports the engine's problem
                pending = None
            if pending is not None:
                self.pending_end = pending
                self.changed.emit()
                return True
        return self._apply(action)

    def wastes_order(self, action) -> bool:
        """The action gives up the order being carried out before any choice in it (a
        "Done" on the first decision of a build or a muster, ending a march before
        it starts): the one case worth a question before it happens."""
        if self.game is None or self.pending_end is not None or self.game.decision is None:
            return False
        kind = action.get("kind") if isinstance(action, dict) else getattr(action, "kind", "")
        return (kind in ("done", "end_march")
                and self.game.decision.prompt in ORDER_PROMPTS
                and not self.game.can_cancel_order)

    def _apply(self, action: Action) -> bool:
        d = self.game.decision
        mark = (len(self.game.actions), self.game.barrier)
        try:
            self.game.apply(action)
        except IllegalAction as err:
            self.errorOccurred.emit(_("This action is not possible now.") + f"\n{err}")
            return False
        except Exception as err:  # an engine bug: report it, keep the window alive
            log.exception("engine failed on %r", action)
            self.errorOccurred.emit(_("The rules engine failed on this action. "
                                      "The game was saved before it.") + f"\n{err}")
            return False
        if d is not None:
            self._own_moves[d.player] = mark
        self._after_change(autosave=True)
        return True

    @Slot()
    def undo(self) -> bool:
        """Take back the human's last move (the engine's undo limits apply), or the action
        that waits for "End turn"."""
        if self.pending_end is not None:
            return self.choose(TAKE_BACK)
        if not self.can_undo:
            return False
        if not self._busy and self.game.can_undo:
            return self._take_back(self.game.undo)
        # over the bots' moves; a thinking bot is stopped when the undo is allowed, and
        # thinks on when it is refused
        return self._undo_over_bots()

    def _undo_over_bots(self) -> bool:
        """Back to the human's previous decision over the bots' moves since then — only
        when no random draw or reveal happened on the way (the engine's undo limit: its
        ``barrier`` count must be the same then and now: :meth:`_last_own_move`). Replays
        the game from its set-up to that decision (the engine's own undo replays too)."""
        game = self.game
        mine = self._last_own_move(self.viewer)  # (its index, the barrier before it)
        if mine is None:
            self.errorOccurred.emit(_("Cannot undo: you have not moved yet."))
            return False
        if mine[1] != game.barrier:
            self.errorOccurred.emit(_("Cannot undo: a card was drawn or revealed since your "
                                      "last move."))
            return False
        from ..engine import Game
        back = Game.new(game.setup["states"], game.setup["seed"], game.setup["options"],
                        scenario=game.rules, content=game.c)
        for action in game.actions[:mine[0]]:
            back.apply(action)
        self.stop_bot()
        self.game = back
        self._own_moves, self._unmoved = {}, {}
        self._after_change(autosave=True)
        return True

    @Slot()
    def cancel_order(self) -> bool:
        """Take back every choice of the order in progress (a march, a payment…)."""
        if self.pending_end is not None:
            return self.choose(TAKE_BACK)
        return self.can_cancel_order and self._take_back(self.game.cancel_order)

    def _take_back(self, engine_call) -> bool:
        try:
            engine_call()
        except Exception as err:
            self.errorOccurred.emit(_("Cannot undo: {error}").format(error=err))
            return False
        self._own_moves, self._unmoved = {}, {}
        self._after_change(autosave=True)
        return True

    def after_handoff(self) -> tuple | None:
        """What the table will show once the hand-off is acknowledged — ``(view, legal,
        viewer, log)`` as :meth:`current_view`, :meth:`legal_for_viewer`, ``viewer`` and
        :meth:`visible_log` will give then — or None when no hand-off is pending. The
        window lays that table out behind the hand-off screen; nothing of it is shown
        before the acknowledgement."""
        if self.game is None or self.pending_handoff is None:
            return None
        viewer, pending = self.viewer, self.pending_handoff
        try:
            self.viewer, self.pending_handoff = pending, None
            return self.current_view(), self.legal_for_viewer(), pending, self.visible_log()
        finally:
            self.viewer, self.pending_handoff = viewer, pending

    @Slot()
    def acknowledge_handoff(self) -> None:
        """The human named in the hand-off screen is now at the screen."""
        if self.pending_handoff is None:
            return
        self.viewer = self.pending_handoff
        self.pending_handoff = None
        self.changed.emit()

    # --- after every change ------------------------------------------------------------------

    def _after_change(self, autosave: bool) -> None:
        self.stop_bot()
        self.pending_end = None  # a held action belongs to the position it was chosen in
        game = self.game
        if autosave and self.autosave_enabled and self.store is not None:
            try:
                self.last_autosave = self.store.autosave(game, self.seat_kinds(),
                                                         game_id=self.game_id,
                                                         seat_seeds=self.seat_seeds())
                self._autosave_failing = False
            except Exception as err:  # a full disk must not stop the game
                log.warning("autosave failed: %s", err)
                if not self._autosave_failing:  # told once, not at every move while it lasts
                    self._autosave_failing = True
                    self.errorOccurred.emit(_("The game could not be autosaved: {error}")
                                            .format(error=os_error_text(err)))
        if game.is_over:
            self.pending_handoff = None
            self.changed.emit()
            try:
                result = game.result()
            except Exception:
                result = game.view(self.viewer).get("result")
            self.gameOver.emit(result or {})
            return
        player = game.decision.player
        seat = self.seat_deciding()
        if seat is None:
            # Nobody at this seat (an engine sentinel): show the table, offer nothing.
            self.changed.emit()
            return
        if seat.is_human:
            mark = self._lead_mark.get(player)
            self.lead = lead_of(game.log[mark:], player) if mark is not None else None
            self._lead_mark[player] = len(game.log)
            if player != self.viewer and len(self.humans()) > 1:
                self.pending_handoff = player
                self.changed.emit()
                self.handoffRequested.emit(player)
                return
            self.viewer = player
            self.pending_handoff = None
            self.changed.emit()
            return
        # a bot decides: keep showing the last human's view while it thinks
        if self.viewer is None and self.humans():
            self.viewer = self.humans()[0]
        self._set_busy(True)
        self.changed.emit()
        # the table shows the position now (``changed`` redrew it): the pace of the bot's
        # move counts from here, so a slow redraw does not eat the time the previous move
        # stays on screen
        self._changed_at = time.monotonic()
        self._pool.start(_BotTask(seat, game.clone(), self._generation, self._bot_signals,
                                  self._cancel).run)

    # --- hints ---------------------------------------------------------------------------

    def can_hint(self) -> bool:
        """The viewer decides now, with a choice to make (not an "End turn" waiting)."""
        legal = self.legal_for_viewer()
        return bool(legal) and self.pending_end is None and self.pending_handoff is None \
            and not self._busy and not self.hinting

    def hint(self) -> bool:
        """Ask a bot of :data:`HINT_LEVEL` what it would play in the viewer's place, in the
        bots' thread; ``hintReady(action)`` when it knows. It plays on a copy of the game
        and knows only what the viewer's seat may see (the bots' harness determinizes for
        the deciding seat), as an opponent does; its answer is dropped if the position
        changes first. False when there is nothing to hint at now."""
        if self.game is None or not self.can_hint():
            return False
        self.hinting = True
        self._pool.start(_BotTask(self.hint_seat, self.game.clone(), self._generation,
                                  self._hint_signals, self._cancel).run)
        return True

    @Slot(int, object)
    def _on_hint(self, generation: int, choice) -> None:
        if generation != self._generation or self.game is None:
            return  # the position changed meanwhile (stop_bot ended that hint)
        self.hinting = False
        action, reason = choice
        if action not in self.game.legal_actions():
            action = reason = None
        self.hintReady.emit(action, reason)

    @Slot(int, str)
    def _on_hint_failed(self, generation: int, message: str) -> None:
        log.error("the hint bot failed:\n%s", message)
        if generation == self._generation:
            self.hinting = False
            self.hintReady.emit(None, None)

    def stop_bot(self) -> None:
        """Drop the thinking bot's answer (new position, undo, load, close, quit): its cancel
        flag stops it at its next look-ahead step (a search: its next iteration or playout move;
        an expert's worker processes are terminated), and the sequence number moves on so an
        answer already on its way is discarded."""
        self._generation += 1
        self._cancel.set()
        self._cancel = threading.Event()
        self._set_busy(False)
        self.hinting = False  # a hint looked for is dropped with its position

    @property
    def thinking(self) -> str | None:
        """The state whose bot is thinking now, else None."""
        return self.deciding if self._busy else None

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)

    @Slot(int, object)
    def _on_bot_chosen(self, generation: int, choice) -> None:
        if generation != self._generation or self.game is None:
            return  # the game changed meanwhile (undo, load, new game)
        wait = self.bot_pause_ms - int((time.monotonic() - self._changed_at) * 1000)
        if wait > 0:  # a pace a person can follow: the previous move stays on screen
            QTimer.singleShot(wait, self, lambda: self._on_bot_chosen(generation, choice))
            return
        self._set_busy(False)
        action, reason = choice
        if action not in self.game.legal_actions():
            self._play_for_failed_bot(f"IllegalAction: the bot chose {action!r}, which is "
                                      f"not legal here")
            return
        if reason is not None:  # said with the bot's level and style: "Edessa (Hard · …)"
            key, params, visibility = reason.entry()
            seat = self.seat_deciding()
            entry = (key, {**params, "bot": seat.kind if seat else ""}, visibility)
            self.bot_reasons.append(BotReason(len(self.game.actions), action,
                                              len(self.game.log), entry))
        self._apply(action)

    @Slot(int, str)
    def _on_bot_failed(self, generation: int, message: str) -> None:
        if generation != self._generation or self.game is None:
            return
        self._set_busy(False)
        self._play_for_failed_bot(message)

    def _play_for_failed_bot(self, details: str) -> None:
        """A bot failed on this decision (a bug: it raised, or chose an illegal action).
        The game must not stop there: the Novice level plays the decision instead (the
        first legal action, should that fail too). The details (a traceback) go to the
        log; the window is told in words, once per seat and game."""
        game, seat, state = self.game, self.seat_deciding(), self.deciding
        kind = getattr(seat, "kind", "?")
        log.error("the %s bot of %s failed; a fallback plays this decision:\n%s",
                  kind, state, details)
        try:
            action = BotSeat("novice").choose(game.clone(), threading.Event())
            if action not in game.legal_actions():
                raise ValueError(f"the fallback chose {action!r}, which is not legal")
            instead = _("A Novice bot played it instead; the game goes on.")
        except Exception:
            log.exception("the fallback bot failed too: the first legal action is played")
            action = game.legal_actions()[0]
            instead = _("The first of its legal choices was played instead; the game goes "
                        "on.")
        if (state, kind) not in self._failures_told:
            self._failures_told.add((state, kind))
            lines = details.strip().splitlines()
            self.errorOccurred.emit(
                _("The computer player of {state} failed on this decision ({error}).")
                .format(state=state_name(state), error=lines[-1] if lines else "?")
                + " " + instead)
        self._apply(action)

    def wait_for_bots(self, msecs: int = 30000) -> bool:
        return self._pool.waitForDone(msecs)

    def shut_down(self, msecs: int = 3000) -> bool:
        """Quitting: stop the bot, wait for its thread to end and end the Expert's worker
        processes."""
        return self._end_workers(msecs)

    def _end_workers(self, msecs: int = 3000) -> bool:
        """The game ends here (closed, replaced, the window quitting): stop its bot, wait for
        the bots' thread (so no search can start a pool behind our back) and end the
        Expert's worker processes and their resource tracker (``ai.release_workers``),
        which would otherwise live until the program exits. False if the thread did not
        end within ``msecs``."""
        self.stop_bot()
        done = self._pool.waitForDone(msecs)
        if "krestonostsy.ai" in sys.modules:  # no bot was ever made: no worker either
            from ..ai import release_workers
            release_workers()
        return done
