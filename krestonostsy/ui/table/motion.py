"""What happened, shown: the engine's log read into moves on the table (DESIGN: items are
"updated (and animated) from what the engine logged happened").

Each log entry the table has not shown yet is read by the reader registered for its key
(:data:`READERS`) into a :class:`Happening`: who did it (``actor``), which pieces of the
table it concerns (``marks``) and how it moves on the table (``moves``): a unit marching
from one city to another, an order token flying from its owner's supply to the cross, a
marker moving on a track, a card going from the market to a board, a new card entering
the market. Nothing is guessed from two views: the log says what moved, from where to
where; the table says where those places are.

:class:`Director` keeps, per viewer, how much of the log that viewer has seen and what the
others did since the viewer last acted. What the others (other players, the automa, bots,
the Saracens, the round itself) did is played through the one animation helper
(``animation``), one happening after the other, and stays marked as the last move (a
static outline, see ``items.Halo``) until the viewer acts. The viewer's own moves are
neither animated nor marked: they saw them happen.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from . import animation, art

# --- what a log entry says happened ---------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A piece of the table to mark: the item with ``key`` (any key when None) that carries
    ``target`` (any when None)."""

    key: str | None = None
    target: str | None = None

    def matches(self, key: str | None, targets: tuple[str, ...]) -> bool:
        return ((self.key is None or self.key == key)
                and (self.target is None or self.target in targets))


@dataclass(frozen=True)
class Travel:
    """``n`` pieces of ``owner`` travel from the item ``frm`` to the item ``to`` (units:
    they are drawn inside the cities, so a piece made for the trip travels)."""

    owner: str
    n: int
    frm: str
    to: str


@dataclass(frozen=True)
class Slide:
    """The item ``key`` (carrying ``target`` when given) slides to its place from where the
    first of the items ``frm`` was before the change (a marker on a track, a bishop, an
    order token). A ``key`` ending in ":" names a stack (an order cell): the item is the one
    on top, its key ends with its stack position."""

    key: str
    frm: tuple[str, ...]
    target: str | None = None


@dataclass(frozen=True)
class CardTo:
    """The card ``card`` goes from where it lay (a market slot, a hand) to where it lies now;
    a card now hidden (a tactic into another player's hand) travels face down to ``owner``'s
    board. Unseen before, it comes from ``owner``'s board (or the deck ``deck``)."""

    card: str
    owner: str | None
    deck: str | None = None


@dataclass(frozen=True)
class Refill:
    """New cards enter the market slots whose card changed (those are marked too)."""


@dataclass(frozen=True)
class Enter:
    """The item ``key`` enters its place (a card turned over)."""

    key: str


@dataclass(frozen=True)
class Pulse:
    """A ring pulses once on the item ``key`` in ``owner``'s colour (units lost or added,
    a city changing hands or level)."""

    key: str
    owner: str | None = None


Move = Travel | Slide | CardTo | Refill | Enter | Pulse


@dataclass(frozen=True)
class Happening:
    """What one log entry says happened: who did it, what it concerns, how it moves."""

    actor: str | None
    marks: tuple[Mark, ...] = ()
    moves: tuple[Move, ...] = ()


Reader = Callable[[dict], Happening]
READERS: dict[str, Reader] = {}


def reads(*keys: str) -> Callable[[Reader], Reader]:
    """Register a reader for the log entries ``keys``."""
    def register(fn: Reader) -> Reader:
        for key in keys:
            READERS[key] = fn
        return fn
    return register


def read(entry) -> Happening | None:
    """The happening of one log entry ``(key, params, visibility)``, None when the table
    shows nothing of it (a payment, a card drawn face down)."""
    try:
        key, params, _visibility = entry
    except (TypeError, ValueError):
        return None
    reader = READERS.get(key)
    if reader is None or not isinstance(params, dict):
        return None
    return reader(params)


def _city(c) -> Mark:
    return Mark(f"city:{c}")


def _board(p) -> str:
    return f"player:{p}"


@reads("units_marched", "units_retreated")
def _units_marched(p: dict) -> Happening:
    frm, to, who = p.get("frm"), p.get("city"), p.get("player")
    return Happening(who, (_city(frm), _city(to)),
                     (Travel(who, int(p.get("n") or 1), f"city:{frm}", f"city:{to}"),))


@reads("units_moved")
def _units_moved(p: dict) -> Happening:
    frm, to, who = p.get("frm"), p.get("to"), p.get("player")
    return Happening(who, (_city(frm), _city(to)),
                     (Travel(who, int(p.get("n") or 1), f"city:{frm}", f"city:{to}"),))


@reads("battle_reinforced")
def _reinforced(p: dict) -> Happening:
    frm, to, who = p.get("frm"), p.get("city"), p.get("player")
    return Happening(who, (_city(frm), _city(to)), (Travel(who, 1, f"city:{frm}", f"city:{to}"),))


@reads("unit_placed", "units_placed")
def _units_placed(p: dict) -> Happening:
    who, city = p.get("player"), p.get("city")
    return Happening(who, (_city(city),),
                     (Travel(who, int(p.get("n") or 1), _board(who), f"city:{city}"),))


@reads("raid")
def _raid(p: dict) -> Happening:
    city = p.get("city")
    sources = p.get("sources") or {}
    return Happening("saracen", (_city(city), *(_city(s) for s in sources)),
                     tuple(Travel("saracen", int(n or 1), f"city:{s}", f"city:{city}")
                           for s, n in sources.items()))


@reads("saracens_reinforced")
def _saracens_reinforced(p: dict) -> Happening:
    cities = list(p.get("cities") or ())
    return Happening("saracen", tuple(_city(c) for c in cities),
                     tuple(Pulse(f"city:{c}", "saracen") for c in cities))


@reads("raiders_returned")
def _raiders_returned(p: dict) -> Happening:
    return Happening("saracen", (_city(p.get("city")),), (Pulse(f"city:{p.get('city')}", "saracen"),))


@reads("units_destroyed", "units_discarded")
def _units_lost(p: dict) -> Happening:
    who, city = p.get("player"), p.get("city")
    return Happening(who, (_city(city),), (Pulse(f"city:{city}", who),))


@reads("city_gained", "city_lost", "capital_moved", "city_upgraded", "city_destroyed")
def _city_changed(p: dict) -> Happening:
    city = p.get("city")
    actor = p.get("by") if "by" in p else p.get("player")
    return Happening(actor, (_city(city), Mark(f"token:{city}")), (Pulse(f"city:{city}", actor),))


@reads("city_level")
def _city_level(p: dict) -> Happening:
    city = p.get("city")
    return Happening(None, (_city(city), Mark(f"token:{city}")))


@reads("raid_captured")
def _raid_captured(p: dict) -> Happening:
    city = p.get("city")
    return Happening("saracen", (_city(city), Mark(f"token:{city}")),
                     (Pulse(f"city:{city}", "saracen"),))


@reads("bishop_moved")
def _bishop_moved(p: dict) -> Happening:
    b = p.get("bishop")
    return Happening(p.get("player"), (Mark(f"bishop:{b}"),),
                     (Slide(f"bishop:{b}", (f"bishop:{b}", f"city:{p.get('frm')}")),))


@reads("bishop_trained")
def _bishop_trained(p: dict) -> Happening:
    b, who = p.get("bishop"), p.get("player")
    return Happening(who, (Mark(f"bishop:{b}"),), (Slide(f"bishop:{b}", (_board(who),)),))


@reads("sanctity_moved", "sanctity_lost")
def _sanctity(p: dict) -> Happening:
    key = f"piece:sanctity:{p.get('player')}"
    return Happening(p.get("player"), (Mark(key),), (Slide(key, (key,)),))


@reads("order_placed")
def _order_placed(p: dict) -> Happening:
    who, order, cell = p.get("player"), p.get("order"), p.get("cell")
    target = f"cross:{order}:{cell}"
    prefix = f"piece:order:{who}:{order}:{cell}:"
    # from its owner's supply (or board, when the supply was already drawn without it)
    frm = (("automa:tokens",) if who == "automa"
           else (f"piece:order:{who}:{order}:supply", _board(who)))
    # the token lies on top of its cell: the director finds its stack position
    return Happening(who, (Mark(prefix, target),), (Slide(prefix, frm, target),))


@reads("card_taken", "building_built", "governor_appointed", "spy_played", "tactic_learned",
       "blind_draw")
def _card_taken(p: dict) -> Happening:
    who, card = p.get("player"), p.get("card")
    marks = [Mark(None, f"card:{card}")]
    if p.get("city"):
        marks.append(Mark(f"gov:{p['city']}"))
    return Happening(who, tuple(marks), (CardTo(card, who),))


@reads("tactic_played")
def _tactic_played(p: dict) -> Happening:
    who, card = p.get("player"), p.get("card")
    deck = "deck:saracens" if who == "saracen" else None
    return Happening(who, (Mark(None, f"card:{card}"),), (CardTo(card, who, deck),))


@reads("markets_refilled")
def _refilled(p: dict) -> Happening:
    return Happening(None, (), (Refill(),))


@reads("event_revealed")
def _event(p: dict) -> Happening:
    return Happening(None, (Mark("event"),), (Enter("event"),))


@reads("battle_strength", "battle_strength_gain", "battle_rout", "battle_smash",
       "battle_units_added", "battle_won")
def _battle_marker(p: dict) -> Happening:
    key = "piece:battle:marker"
    return Happening(p.get("player"), (Mark(key),), (Slide(key, (key,)),))


@reads("good_spent", "good_blocked", "good_restored")
def _goods(p: dict) -> Happening:
    return Happening(p.get("player"), (Mark(f"warehouse:{p.get('player')}"),))


@reads("raid_token_revealed", "saracen_bonus")
def _saracen_track(p: dict) -> Happening:
    cell = p.get("cell")
    return Happening("saracen", (Mark(f"saracen_cell:{cell}"),) if cell is not None else ())


# --- playing it on the table ------------------------------------------------------------------

STAGGER_MS = 160  # between two happenings shown one after the other (at "normal" speed)
MAX_DELAY_MS = 1100  # a long turn of the others is shown within about a second and a half
MAX_MOVES = 16  # a mass change (a new round) moves a few things, marks the rest


@dataclass(frozen=True)
class Snapshot:
    """Where things were on the table before a redraw: the centre of each keyed item, of
    each face-up card, and which card lay in which market slot."""

    places: dict
    cards: dict
    slots: dict


def centre(item) -> QPointF:
    return item.mapToScene(item.rect().center())


def take_snapshot(items) -> Snapshot:
    places, cards, slots = {}, {}, {}
    for it in items:
        if it.key:
            places.setdefault(it.key, centre(it))
            if it.key.startswith("market:"):
                slots[it.key] = it.card_id
        if it.card_id:
            cards.setdefault(it.card_id, centre(it))
    return Snapshot(places, cards, slots)


@dataclass
class _Seen:
    """How far a viewer has seen the log: its length, its last entry, whether the viewer
    was deciding then (a longer log afterwards means they acted)."""

    length: int
    last: object
    deciding: bool


class Director:
    """Reads the new log entries at each redraw of ``scene`` (a ``TableScene``), marks what
    the others did and plays it. The scene asks :meth:`snapshot` before it lays the table
    out again and calls :meth:`show` after; :meth:`marked` says whether an item is part of
    the last move."""

    def __init__(self, scene):
        self.scene = scene
        self._seen: dict[str | None, _Seen] = {}
        # where this table began to show the game: its public entries then, the last one
        self._origin: tuple[int, object] | None = None
        self._marks: dict[str | None, set[Mark]] = {}
        self._by_key: dict[str | None, list[Mark]] = {}  # the viewer's marks by item key
        self._pending: tuple | None = None  # (happenings, snapshot) waiting for the screen

    # --- what is new -----------------------------------------------------------------------

    def _start(self, log: list, viewer: str | None) -> int | None:
        """Where the entries new to ``viewer`` begin in ``log`` (the entries they may read);
        None when ``log`` is not the history they saw (an undo, another game) or the table
        shows a game for the first time (what came before is history)."""
        seen = self._seen.get(viewer)
        if seen is not None:
            n = seen.length
            if n > len(log) or (n and log[n - 1] != seen.last):
                return None
            return n
        if self._origin is None:
            return None
        count, last = self._origin  # a viewer's first look: all since the table showed the game
        if count == 0:
            return 0
        k = 0
        for i, entry in enumerate(log):
            if entry[2] is None:
                k += 1
                if k == count:
                    return i + 1 if entry == last else None
        return None

    def snapshot(self, log: list | None, items) -> Snapshot | None:
        """Where things are before the coming redraw, when ``log`` has something new."""
        if log is None:
            return None
        start = self._start(log, self.scene._viewer)
        if start is None or start >= len(log):
            return None
        return take_snapshot(items)

    def show(self, log: list | None, before: Snapshot | None, play: bool = True) -> None:
        """After the table was laid out for the new view: mark and play what is new in
        ``log`` (None: nothing is known to have happened; the marks stay). ``play``
        False: the moves wait for :meth:`play_pending` (the table is laid out unseen,
        behind the hand-off screen)."""
        if play:
            self._pending = None  # the table is on screen: what waited is history now
        viewer = self.scene._viewer
        marks = self._marks.setdefault(viewer, set())
        if log is not None:
            start = self._start(log, viewer)
            seen = self._seen.get(viewer)
            if start is None:  # a new history: what came before it is not news
                marks.clear()
                start = len(log)
                public = [e for e in log if e[2] is None]
                self._origin = (len(public), public[-1] if public else None)
            elif start < len(log) and (viewer is None or (seen is not None and seen.deciding)):
                # the viewer acted (their last look was at their own decision) — or watches
                # a game of bots: a spectator never acts, so it sees the last move only
                marks.clear()
            happenings = [h for h in map(read, log[start:]) if h is not None and h.actor != viewer]
            happenings = self._resolve(happenings, before)
            for h in happenings:
                marks.update(h.marks)
            decision = (self.scene.view_data or {}).get("decision") or {}
            self._seen[viewer] = _Seen(len(log), log[-1] if log else None,
                                       decision.get("player") == viewer)
            if before is not None and happenings and animation.duration() > 0:
                if play:
                    self._play(happenings, before)
                else:
                    self._pending = (happenings, before)
        by_key: dict[str | None, list[Mark]] = {}
        for m in marks:
            by_key.setdefault(m.key, []).append(m)
        self._by_key = by_key

    @property
    def pending(self) -> bool:
        """Moves held back by ``show(..., play=False)``, not played yet."""
        return self._pending is not None

    def play_pending(self) -> None:
        """Play the moves held back by ``show(..., play=False)`` (the table is on screen
        now); the items are where that show left them."""
        pending, self._pending = self._pending, None
        if pending is not None and animation.duration() > 0:
            self._play(*pending)

    def marked(self, item) -> bool:
        """Whether ``item`` shows part of what the others did since the viewer acted."""
        for key in (item.key, None):
            for m in self._by_key.get(key, ()):
                if m.target is None or m.target in item.targets:
                    return True
        return False

    def _resolve(self, happenings: list[Happening], before: Snapshot | None) -> list[Happening]:
        """The happenings with their places found on the table as it is now: an order token
        is the one at its stack position (the last placed on a cell is on top), a refill
        brings the market slots whose card changed."""
        items = self.scene.table_items()
        stacks: dict[tuple, list[str]] = {}  # (prefix, target) -> keys, top first
        out: list[Happening] = []
        for h in reversed(happenings):
            marks, moves = list(h.marks), []
            for mv in h.moves:
                if isinstance(mv, Slide) and mv.key.endswith(":"):
                    where = (mv.key, mv.target)
                    if where not in stacks:
                        stacks[where] = _stack(items, mv.key, mv.target)
                    keys = stacks[where]
                    if not keys:
                        continue
                    key = keys.pop(0)
                    marks = [Mark(key, mv.target) if m.key == mv.key else m for m in marks]
                    moves.append(Slide(key, mv.frm, mv.target))
                elif isinstance(mv, Refill):
                    if before is None:
                        continue
                    for it in items:
                        if (it.key and it.key.startswith("market:") and it.card_id
                                and before.slots.get(it.key) != it.card_id):
                            marks.append(Mark(it.key))
                            moves.append(Enter(it.key))
                else:
                    moves.append(mv)
            marks = [m for m in marks if not (m.key or "").endswith(":")]
            out.append(Happening(h.actor, tuple(marks), tuple(moves)))
        out.reverse()
        return out

    # --- the moves -------------------------------------------------------------------------

    def _play(self, happenings: list[Happening], before: Snapshot) -> None:
        """One happening after the other (``STAGGER_MS`` apart), at most ``MAX_MOVES``."""
        now: dict[str, list] = {}
        for it in self.scene.table_items():
            if it.key:
                now.setdefault(it.key, []).append(it)
        budget, step, delay = MAX_MOVES, 0, 0
        for h in happenings:
            played = False
            for mv in h.moves:
                if budget <= 0:
                    return
                if MOVERS[type(mv)](self, mv, before, now, delay):
                    budget -= 1
                    played = True
            if played:
                step += 1
                delay = min(MAX_DELAY_MS, step * STAGGER_MS)

    def _place(self, key: str, before: Snapshot, now: dict) -> QPointF | None:
        """Where the item ``key`` was before the change, else where it is now."""
        if key in before.places:
            return before.places[key]
        items = now.get(key)
        return centre(items[0]) if items else None

    def _travel(self, m: Travel, before: Snapshot, now: dict, delay: int) -> bool:
        frm, to = self._place(m.frm, before, now), self._place(m.to, before, now)
        if frm is None or to is None or frm == to:
            return False
        owner, n = m.owner, m.n

        def draw(p, rc, owner=owner, n=n):
            art.piece(p, rc.center(), 18, owner)
            if n > 1:
                art.count_badge(p, rc.center() + QPointF(14, 12), n, 11)
        deco = self.scene.decoration(QRectF(-24, -24, 48, 48), draw, frm)
        animation.travel(deco, frm, to, delay_ms=delay)
        return True

    def _slide(self, m: Slide, before: Snapshot, now: dict, delay: int) -> bool:
        items = now.get(m.key) or []
        item = next((it for it in items if m.target is None or m.target in it.targets), None)
        frm = next((before.places[k] for k in m.frm if k in before.places), None)
        if item is None or frm is None:
            return False
        to = centre(item)
        if frm == to:
            return False
        animation.move(item, item.pos(), frm=item.pos() + (frm - to), delay_ms=delay)
        return True

    def _card_to(self, m: CardTo, before: Snapshot, now: dict, delay: int) -> bool:
        frm = before.cards.get(m.card)
        if frm is None and m.deck:
            frm = self._place(m.deck, before, now)
        if frm is None and m.owner:
            frm = before.places.get(_board(m.owner))
        dest = next((it for it in self.scene.table_items() if it.card_id == m.card
                     and not (it.key or "").startswith("market:")), None)
        if dest is not None:
            to = centre(dest)
            if frm == to:
                return False
            animation.slide_in(dest, None if frm is None else dest.pos() + (frm - to),
                               delay_ms=delay)
            return True
        to = self._place(_board(m.owner), before, now) if m.owner else None
        if frm is None or to is None:
            return False

        def draw(p, rc):
            art.card_frame(p, rc, face_down=True)
        deco = self.scene.decoration(QRectF(-30, -42, 60, 84), draw, frm)
        animation.travel(deco, frm, to, delay_ms=delay)
        return True

    def _enter(self, m: Enter, before: Snapshot, now: dict, delay: int) -> bool:
        items = now.get(m.key) or []
        if not items:
            return False
        animation.slide_in(items[0], None, delay_ms=delay)
        return True

    def _pulse(self, m: Pulse, before: Snapshot, now: dict, delay: int) -> bool:
        at = self._place(m.key, before, now)
        if at is None:
            return False
        owner = m.owner
        col = QColor(art.state_colour(owner) if owner in art.STATE_COLOURS else art.SARACEN)

        def draw(p, rc, col=col):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(col, 7))
            p.drawEllipse(rc.center(), 40, 40)
            p.setPen(QPen(art.GOLD_LIGHT, 2.5))
            p.drawEllipse(rc.center(), 46, 46)
        deco = self.scene.decoration(QRectF(-52, -52, 104, 104), draw, at)
        animation.ripple(deco, delay_ms=delay)
        return True


def _stack(items, prefix: str, target: str | None) -> list[str]:
    """The keys of a stack's items (``prefix`` + stack position), the top one first."""
    found = []
    for it in items:
        key = it.key or ""
        if key.startswith(prefix) and (target is None or target in it.targets):
            tail = key[len(prefix):]
            found.append((int(tail) if tail.isdigit() else 0, key))
    return [key for _pos, key in sorted(found, reverse=True)]


# How each kind of move is played (Refill is turned into Enter moves by ``_resolve``).
MOVERS: dict[type, Callable[..., bool]] = {
    Travel: Director._travel, Slide: Director._slide, CardTo: Director._card_to,
    Enter: Director._enter, Pulse: Director._pulse,
}
