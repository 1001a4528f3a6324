"""The window's questions answered by the test, through the real message box.

The window asks before it does some things ("Skip the order?", "Resume the tutorial?",
"Delete the campaign?"): ``ui/message_box.ask`` opens a box whose buttons call back. A
test that only wants the thing done calls :func:`answer_questions` on its window: every
question the window asks from then on is answered at once by clicking its first button
("Yes", "Resume", "Delete") — the same click a player makes, on the same box. A test (or
a helper) that answers with the mouse or the keys itself passes ``yes=False``.
"""
from __future__ import annotations

import weakref

from krestonostsy.ui import message_box

_answered: weakref.WeakSet = weakref.WeakSet()  # the windows whose questions get "yes"
_real_ask = message_box.ask


def _ask(parent, *args, **kwargs) -> message_box.MessageBox:
    box = _real_ask(parent, *args, **kwargs)
    if parent is not None and parent in _answered:
        box.buttons[0].click()
    return box


def answer_questions(window, yes: bool = True) -> None:
    """From now on, answer ``window``'s questions with their first choice as they are asked
    (``yes``), or leave them open for the test to answer (``yes=False``)."""
    message_box.ask = _ask  # once and for all: a window not named is asked as usual
    if yes:
        _answered.add(window)
    else:
        _answered.discard(window)
