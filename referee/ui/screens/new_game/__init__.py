"""New game (`/new`): the screen (screen.py) and the form of players and options on it
(form.py)."""

from referee.ui.screens.new_game.screen import NewGameScreen

__all__ = ["NewGameScreen"]
