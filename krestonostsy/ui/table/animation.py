"""The one place where the table animates (DESIGN: animations through one helper).

``set_speed("instant" | "fast" | "normal" | "slow")`` scales every duration; "instant"
makes every change immediate (tests, fast replays). Items are moved with
``move(item, to)`` / ``fade_in(item)``; running animations are kept alive here and can be
finished at once with ``finish_all()`` (before a rebuild of the scene).
"""
from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QVariantAnimation

SPEEDS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
BASE_MS = 420

_speed = "normal"
_running: set = set()


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
    anim.start()
    return anim


def move(item, to: QPointF, frm: QPointF | None = None, base_ms: int = BASE_MS):
    """Slide ``item`` (its ``pos``) from ``frm`` (default: where it is) to ``to``."""
    ms = duration(base_ms)
    start = QPointF(frm) if frm is not None else QPointF(item.pos())
    if ms <= 0 or start == to:
        item.setPos(to)
        return None
    item.setPos(start)
    anim = QVariantAnimation()
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
    anim = QVariantAnimation()
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(ms)
    anim.valueChanged.connect(lambda v: _safe(item.setOpacity, v))
    return _start(anim)


def pulse(callback, base_ms: int = 1400):
    """A looping 0→1→0 value for highlights (kept even at 'instant': it is not a move)."""
    anim = QVariantAnimation()
    anim.setStartValue(0.0)
    anim.setKeyValueAt(0.5, 1.0)
    anim.setEndValue(0.0)
    anim.setDuration(base_ms)
    anim.setLoopCount(-1)
    anim.valueChanged.connect(callback)
    _running.add(anim)
    anim.start()
    return anim


def stop(anim) -> None:
    if anim is not None:
        anim.stop()
        _running.discard(anim)


def finish_all() -> None:
    for anim in list(_running):
        if anim.loopCount() == -1:
            continue
        anim.setCurrentTime(anim.duration())
        anim.stop()
        _running.discard(anim)


def _safe(fn, *args) -> None:
    try:
        fn(*args)
    except RuntimeError:
        pass
