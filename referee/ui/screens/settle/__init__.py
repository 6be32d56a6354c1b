"""Settle a dispute (`/settle`): the screen (screen.py) and the dispute being entered on it
(dispute.py; each game's part of the form is in referee.ui.games.<game>.disputes)."""

from referee.ui.screens.settle.screen import SettleScreen

__all__ = ["SettleScreen"]
