"""A game's standings (`/game/{id}/standings`): the screen (screen.py) and its panels
(panels.py; the game screen shows the standings panel too)."""

from referee.ui.screens.standings.screen import StandingsScreen

__all__ = ["StandingsScreen"]
