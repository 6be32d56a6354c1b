"""A game's standings (`/game/{id}/standings`): at the end, who won and why, the places and
the scores round by round; while it goes on, the scores so far."""

import flet as ft

from referee.ui.result.share_dialog import share_button
from referee.ui.screen import Screen
from referee.ui.screens.standings.panels import progress_panel, standings_panel


class StandingsScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"Standings · {self.game.rules.title}"

    def bar_shows(self) -> tuple:
        return (self.route.path, self.game.live.version)

    def body(self) -> ft.Control:
        session = self.game.session
        share = share_button(self.game.share_result, "Share the result")
        return standings_panel(session, share) or progress_panel(session)
