"""The PySide6 client: main window, screens, dialogs, controller; the table in ui/table/.

PySide6 is pinned below 6.11 on Python 3.11 (see pyproject.toml): newer builds drop
references to objects that are immortal only from Python 3.12 on, and crash 3.11.
"""
