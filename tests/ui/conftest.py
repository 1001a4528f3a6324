"""Fixtures of the UI tests (defined in app_fixtures.py): settings, store, window,
fake_window, lang_ru."""
from app_fixtures import fake_window, lang_ru, settings, store, window  # noqa: F401
