"""The one place where the table animates (DESIGN: animations through one helper).

``set_speed("instant" | "fast" | "normal" | "slow")`` scales every duration; "instant"
makes every change immediate (tests, fast replays). Items are moved with
``move(item, to)`` / ``fade_in(item)`` / ``slide_in(item, frm)``; short-lived decoration
items (a unit piece travelling between cities, a ripple on a changed count) are animated
by ``travel`` / ``ripple`` and removed from their scene when done. Each takes a
``delay_ms`` (scaled like the durations): what the others did is shown one move after the
other (``motion.py``). Running animations are children of one owner object and delete
themselves when they stop (``DeleteWhenStopped``):
nothing of a finished animation (its closures, its decoration item) stays alive. They can
be finished at once with ``finish_all()`` (before the scene changes); ``active()`` lists
the running ones and ``live()`` counts the animation objects that exist. Highlights are
static: nothing animates while the table waits for a click (idle CPU ≈ 0).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QEasingCurve, QObject, QPointF, QVariantAnimation
from shiboken6 import isValid

SPEEDS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
BASE_MS = 420

_speed = "normal"
_running: set = set()
_owner: QObject | None = None


def _parent() -> QObject:
    """The owner of every animation (made on first use, after the application exists)."""
    global _owner
    if _owner is None:
        _owner = QObject()
        _owner.setObjectName("tableAnimations")
    return _owner


def _new() -> QVariantAnimation:
    return QVariantAnimation(_parent())


def set_speed(name: str) -> None:
    global _speed
    if name not in SPEEDS:
        raise ValueError(f"unknown animation speed {name!r}; one of {', '.join(SPEEDS)}")
    _speed = name
    if SPEEDS[name] == 0:
        finish_all()


def speed() -> str:
    return _speed


def duration(base_ms: int = BASE_MS) -> int:
    return int(base_ms * SPEEDS[_speed])


def _start(anim: QVariantAnimation) -> QVariantAnimation:
    _running.add(anim)
    anim.finished.connect(lambda: _running.discard(anim))
    anim.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
    return anim


def _progress(ms: int, delay_ms: int, curve: QEasingCurve.Type, step, done):
    """An animation of ``ms`` after a wait of ``delay_ms``: ``step(p)`` with the eased
    progress ``p`` (0 while it waits, 1 at the end), then ``done()``. ``step`` and ``done``
    are guarded: an item deleted with its scene stops the animation."""
    delay = max(0, delay_ms)
    total = ms + delay
    easing = QEasingCurve(curve)
    anim = _new()
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(total)

    def on_value(t) -> None:
        p = min(1.0, max(0.0, (float(t) * total - delay) / ms))
        try:
            step(easing.valueForProgress(p))
        except RuntimeError:  # the item was deleted with its scene
            stop(anim)

    def on_done() -> None:
        try:
            done()
        except RuntimeError:
            pass
    anim.valueChanged.connect(on_value)
    anim.finished.connect(on_done)
    on_value(0.0)
    return _start(anim)


def move(item, to: QPointF, frm: QPointF | None = None, base_ms: int = BASE_MS,
         delay_ms: int = 0):
    """Slide ``item`` (its ``pos``) from ``frm`` (default: where it is) to ``to``, after
    waiting ``delay_ms`` (scaled by the speed like every duration) where it starts."""
    ms = duration(base_ms)
    start = QPointF(frm) if frm is not None else QPointF(item.pos())
    end = QPointF(to)
    if ms <= 0 or start == end:
        item.setPos(end)
        return None
    return _progress(ms, duration(delay_ms), QEasingCurve.Type.InOutCubic,
                     lambda t: item.setPos(start + (end - start) * t),
                     lambda: item.setPos(end))


def fade_in(item, base_ms: int = BASE_MS, delay_ms: int = 0):
    ms = duration(base_ms)
    if ms <= 0:
        item.setOpacity(1.0)
        return None
    return _progress(ms, duration(delay_ms), QEasingCurve.Type.Linear, item.setOpacity,
                     lambda: item.setOpacity(1.0))


def slide_in(item, frm: QPointF | None = None, base_ms: int = 300, delay_ms: int = 0):
    """A card entering its slot: it fades in while sliding from ``frm`` (the position it
    came from, e.g. a market slot) or from a little above its place."""
    ms = duration(base_ms)
    to = QPointF(item.pos())
    if ms <= 0:
        item.setOpacity(1.0)
        return None
    start = QPointF(frm) if frm is not None else to + QPointF(0, -28)

    def step(t: float) -> None:
        item.setPos(start + (to - start) * t)
        item.setOpacity(0.25 + 0.75 * t)  # never fully transparent: still hit-testable

    def done() -> None:
        item.setPos(to)
        item.setOpacity(1.0)
    return _progress(ms, duration(delay_ms), QEasingCurve.Type.OutCubic, step, done)


def _discard_item(item) -> None:
    try:
        sc = item.scene()
        if sc is not None:
            sc.removeItem(item)
    except RuntimeError:
        pass


def travel(item, frm: QPointF, to: QPointF, base_ms: int = BASE_MS, delay_ms: int = 0):
    """Move a throw-away decoration ``item`` (already in a scene) from ``frm`` to ``to`` and
    remove it at the end. At "instant" the item is removed at once."""
    if duration(base_ms) <= 0:
        _discard_item(item)
        return None
    anim = move(item, to, frm=frm, base_ms=base_ms, delay_ms=delay_ms)
    if anim is None:
        _discard_item(item)
        return None
    anim.finished.connect(lambda: _discard_item(item))
    return anim


def ripple(item, base_ms: int = 520, delay_ms: int = 0):
    """A brief pulse of a throw-away decoration ``item``: it grows and fades, then is removed
    (unseen while it waits for its turn)."""
    ms = duration(base_ms)
    if ms <= 0:
        _discard_item(item)
        return None
    delay = duration(delay_ms)

    def step(t: float) -> None:
        item.setScale(0.7 + 0.6 * t)
        item.setOpacity(1.0 - t if t > 0 or delay == 0 else 0.0)
    return _progress(ms, delay, QEasingCurve.Type.OutQuad, step, lambda: _discard_item(item))


def active() -> list:
    """The running animations (moves, fades, ripples)."""
    return [a for a in _running if isValid(a) and a.state() == QVariantAnimation.State.Running]


def live() -> int:
    """How many animation objects exist (running or waiting for their deferred deletion)."""
    return len(_parent().findChildren(QVariantAnimation))


def stop(anim) -> None:
    """Stop ``anim`` where it is. A stopped animation deletes itself (later, from the event
    loop) without saying ``finished``: it leaves the running set here."""
    if anim is not None:
        _running.discard(anim)
        if isValid(anim):
            anim.stop()


def finish_all() -> None:
    """Every running animation to its end at once. One already deleted (it was stopped
    and its deletion has run) is only forgotten."""
    for anim in list(_running):
        _running.discard(anim)
        if isValid(anim):
            anim.setCurrentTime(anim.duration())
        if isValid(anim):
            anim.stop()
