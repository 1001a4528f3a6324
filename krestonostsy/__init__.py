"""Krestonostsy: the desktop edition of the board game «Крестоносцы» (Crusaders)."""

__version__ = "0.1.0"
