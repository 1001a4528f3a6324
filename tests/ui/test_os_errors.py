"""The disk's refusals in the player's language (ui/os_errors.py)."""
from __future__ import annotations

import errno
import re

import pytest

from krestonostsy import i18n
from krestonostsy.ui.os_errors import REASONS, os_error_text


@pytest.mark.parametrize("code", sorted(REASONS))
def test_each_common_cause_is_said_in_russian_with_its_file(code, lang_ru):
    err = OSError(code, "the system's English words", "/home/игрок/saves/autosave.json")
    text = os_error_text(err)
    reason, path = text.rsplit(" (", 1)
    assert path == "/home/игрок/saves/autosave.json)"
    assert not re.search(r"[A-Za-z]", reason), text  # no English left
    assert os_error_text(err, with_path=False) == reason


def test_english_and_other_causes_and_other_errors(lang_ru):
    i18n.set_language("en")
    try:
        assert os_error_text(OSError(errno.ENOSPC, "No space left on device")) \
            == "the disk is full"
    finally:
        i18n.set_language("ru")
    odd = OSError(errno.EXDEV, "Invalid cross-device link", "/a")
    assert os_error_text(odd) == "Invalid cross-device link (/a)"  # the system's words
    assert os_error_text(ValueError("a bad name")) == "a bad name"


def test_a_full_disk_while_saving_is_said_in_words(window, tmp_path, monkeypatch):
    window.start_new_game(["jerusalem", "tripoli"], seed=1)

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "x.json"))

    monkeypatch.setattr(window.controller, "save", full)
    assert not window.save_file(tmp_path / "x.json")
    title, text = window.last_message
    assert "диск заполнен" in text and "No space" not in text and "x.json" in text
