"""Fixtures of the UI tests (defined in app_fixtures.py): settings, store, window,
fake_window, lang_ru, table, instant_animations."""
from app_fixtures import fake_window, instant_animations, lang_ru, settings, store, table, window  # noqa: F401
