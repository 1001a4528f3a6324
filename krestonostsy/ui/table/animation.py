"""The one place where the table animates (DESIGN: animations through one helper).

``set_speed("instant" | "fast" | "normal" | "slow")`` scales every duration; "instant"
makes every change immediate (tests, fast replays). Items are moved with
``move(item, to)`` / ``fade_in(item)`` / ``slide_in(item, frm)``; short-lived decoration
items (a unit piece travelling between cities, a ripple on a changed count) are animated
by ``travel`` / ``ripple`` and removed from their scene when done. Running animations are
children of one owner object and delete themselves when they stop (``DeleteWhenStopped``):
nothing of a finished animation (its closures, its decoration item) stays alive. They can
be finished at once with ``finish_all()`` (before the scene changes); ``active()`` lists
the running ones and ``live()`` counts the animation objects that exist. Highlights are
static: nothing animates while the table waits for a click (idle CPU ≈ 0).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QEasingCurve, QObject, QPointF, QVariantAnimation

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


def move(item, to: QPointF, frm: QPointF | None = None, base_ms: int = BASE_MS):
    """Slide ``item`` (its ``pos``) from ``frm`` (default: where it is) to ``to``."""
    ms = duration(base_ms)
    start = QPointF(frm) if frm is not None else QPointF(item.pos())
    if ms <= 0 or start == to:
        item.setPos(to)
        return None
    item.setPos(start)
    anim = _new()
    anim.setStartValue(start)
    anim.setEndValue(QPointF(to))
    anim.setDuration(ms)
    anim.setEasingCurve(QEasingCurve.Type.InOutCubic)

    def step(value, item=item):
        try:
            item.setPos(value)
        except RuntimeError:  # the item was deleted with its scene
            anim.stop()

    anim.valueChanged.connect(step)
    anim.finished.connect(lambda: _safe(item.setPos, to))
    return _start(anim)


def fade_in(item, base_ms: int = BASE_MS):
    ms = duration(base_ms)
    if ms <= 0:
        item.setOpacity(1.0)
        return None
    item.setOpacity(0.0)
    anim = _new()
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(ms)
    anim.valueChanged.connect(lambda v: _safe(item.setOpacity, v))
    return _start(anim)


def slide_in(item, frm: QPointF | None = None, base_ms: int = 300):
    """A card entering its slot: it fades in while sliding from ``frm`` (scene position
    it came from, e.g. the hand) or from a little above its place."""
    ms = duration(base_ms)
    to = QPointF(item.pos())
    if ms <= 0:
        item.setOpacity(1.0)
        return None
    start = QPointF(frm) if frm is not None else to + QPointF(0, -28)
    anim = _new()
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(ms)
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)

    def step(t, item=item):
        t = float(t)
        try:
            item.setPos(start + (to - start) * t)
            item.setOpacity(0.25 + 0.75 * t)  # never fully transparent: still hit-testable
        except RuntimeError:  # the item was deleted with its scene
            anim.stop()

    def done(item=item):
        _safe(item.setPos, to)
        _safe(item.setOpacity, 1.0)

    anim.valueChanged.connect(step)
    anim.finished.connect(done)
    step(0.0)
    return _start(anim)


def _discard_item(item) -> None:
    try:
        sc = item.scene()
        if sc is not None:
            sc.removeItem(item)
    except RuntimeError:
        pass


def travel(item, frm: QPointF, to: QPointF, base_ms: int = BASE_MS):
    """Move a throw-away decoration ``item`` (already in a scene) from ``frm`` to ``to`` and
    remove it at the end. At "instant" the item is removed at once."""
    if duration(base_ms) <= 0:
        _discard_item(item)
        return None
    anim = move(item, to, frm=frm, base_ms=base_ms)
    if anim is None:
        _discard_item(item)
        return None
    anim.finished.connect(lambda: _discard_item(item))
    return anim


def ripple(item, base_ms: int = 520):
    """A brief pulse of a throw-away decoration ``item``: it grows and fades, then is removed."""
    ms = duration(base_ms)
    if ms <= 0:
        _discard_item(item)
        return None
    anim = _new()
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(ms)
    anim.setEasingCurve(QEasingCurve.Type.OutQuad)

    def step(t, item=item):
        t = float(t)
        try:
            item.setScale(0.7 + 0.6 * t)
            item.setOpacity(1.0 - t)
        except RuntimeError:
            anim.stop()

    anim.valueChanged.connect(step)
    anim.finished.connect(lambda: _discard_item(item))
    step(0.0)
    return _start(anim)


def active() -> list:
    """The running animations (moves, fades, ripples)."""
    return [a for a in _running if a.state() == QVariantAnimation.State.Running]


def live() -> int:
    """How many animation objects exist (running or waiting for their deferred deletion)."""
    return len(_parent().findChildren(QVariantAnimation))


def stop(anim) -> None:
    if anim is not None:
        anim.stop()
        _running.discard(anim)


def finish_all() -> None:
    for anim in list(_running):
        anim.setCurrentTime(anim.duration())
        anim.stop()
        _running.discard(anim)


def _safe(fn, *args) -> None:
    try:
        fn(*args)
    except RuntimeError:
        pass
