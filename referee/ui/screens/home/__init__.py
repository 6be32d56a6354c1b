"""Home (`/`): the screen (screen.py) and the lists, tiles and dialogs it shows (view.py)."""

from referee.ui.screens.home.screen import HomeScreen

__all__ = ["HomeScreen"]
