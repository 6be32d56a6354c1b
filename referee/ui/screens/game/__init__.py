"""A game's table (`/game/{id}`): the screen (screen.py), and What now? in its own view
(whatnow.py: the ? that opens it, the panel open or kept shut)."""

from referee.ui.screens.game.screen import GameScreen

__all__ = ["GameScreen"]
