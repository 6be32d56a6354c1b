"""A game's log: the list of actions (`/game/{id}/log`, screen.py), the screen that edits,
deletes or inserts one (`.../fix`, fix.py) and the editor both are built from (editor.py)."""

from referee.ui.screens.log.screen import LogScreen

__all__ = ["LogScreen"]
