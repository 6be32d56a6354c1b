"""Statistics (`/stats`): the screen (screen.py), its tables and charts (view.py) and the
dialog that renames a player from it (rename.py)."""

from referee.ui.screens.stats.screen import StatsScreen

__all__ = ["StatsScreen"]
