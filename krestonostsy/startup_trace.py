"""Start-up trace: when the game prints how long each part of its start took.

Set ``KRESTONOSTSY_STARTUP_TRACE=1`` and the game writes one line per milestone of its start
to standard error::

    krestonostsy-startup main 81532.104387

the milestone's name and ``time.monotonic()`` when it was reached — a clock shared by every
process of the machine, so whoever launched the game (``benchmarks/startup_bench.py``)
subtracts its own ``time.monotonic()`` at launch and gets the time from launch. With
``KRESTONOSTSY_STARTUP_TRACE=exit`` the window also closes right after its first paint, so a
benchmark can start it again and again. Without the variable nothing is written and
nothing changes.

The milestones, in order (:data:`MILESTONES`): ``main`` (the interpreter is up and the
command's code is running), ``imports`` (Qt and the window's modules are imported),
``fonts`` (the application with its bundled fonts is ready), ``window`` (the main window is
made and shown), ``paint`` (the window's first paint is done). A part that is timed on its
own, such as loading the content (:func:`span`), is written as
``krestonostsy-startup span:content 0.183`` (its length in seconds) when it ends.

This module imports nothing beyond the standard library, so ``--version`` may use it.
"""
from __future__ import annotations

import os
import sys
import time

ENV = "KRESTONOSTSY_STARTUP_TRACE"
PREFIX = "krestonostsy-startup"
MILESTONES = ("main", "imports", "fonts", "window", "paint")


def enabled() -> bool:
    """Whether the trace is asked for (the variable set to anything but empty or ``0``)."""
    return os.environ.get(ENV, "") not in ("", "0")


def exit_after_paint() -> bool:
    """Whether the window should close once it has painted (``…_TRACE=exit``)."""
    return os.environ.get(ENV, "") == "exit"


def _write(line: str) -> None:
    try:
        print(f"{PREFIX} {line}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # no stderr (a window program): no trace
        pass


def mark(milestone: str) -> None:
    """Write ``milestone`` and the time now, when the trace is on."""
    if enabled():
        _write(f"{milestone} {time.monotonic():.6f}")


class span:  # noqa: N801 - used as a function: ``with span("content"):``
    """Time the ``with`` block and write its length as ``span:<name>``, when the trace is
    on. (A class, not ``contextlib.contextmanager``: ``--version`` imports this module and
    ``contextlib`` is a noticeable import there.)"""

    def __init__(self, name: str):
        self.name = name
        self.start = 0.0

    def __enter__(self) -> None:
        self.start = time.perf_counter()

    def __exit__(self, *_exc: object) -> None:
        if enabled():
            _write(f"span:{self.name} {time.perf_counter() - self.start:.6f}")


def parse(stderr: str) -> tuple[dict[str, float], dict[str, float]]:
    """The milestones (name → monotonic time) and spans (name → total seconds) that a
    traced run wrote to ``stderr``; other lines are ignored. A span seen twice is summed."""
    marks: dict[str, float] = {}
    spans: dict[str, float] = {}
    for line in stderr.splitlines():
        parts = line.split()
        if len(parts) != 3 or parts[0] != PREFIX:
            continue
        try:
            value = float(parts[2])
        except ValueError:
            continue
        if parts[1].startswith("span:"):
            name = parts[1][len("span:"):]
            spans[name] = spans.get(name, 0.0) + value
        else:
            marks.setdefault(parts[1], value)
    return marks, spans
