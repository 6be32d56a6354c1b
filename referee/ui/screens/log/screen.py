"""A game's log (`/game/{id}/log`): every action, newest first; opening one shows its
verdict and Edit / Delete / Insert before (each a screen of its own, Back returns here)."""

import flet as ft

from referee.ui import routes
from referee.ui.screen import Screen
from referee.ui.screens.log.editor import editable_log
from referee.ui.widgets import tagged

FIXES = {"replace": "edit", "delete": "delete", "insert": "insert"}  # editor kind -> route


class LogScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"Log · {self.game.rules.title}"

    def bar_shows(self) -> tuple:
        return (self.route.path, self.game.live.version)

    def body(self) -> ft.Control:
        game = self.game
        hidden = game.new_view().log_hidden(game.session.state)
        if hidden is not None:  # a game whose players may not look back (Fairy)
            return tagged("log-hidden", ft.Text(hidden, size=14, italic=True))
        return ft.Column(
            [
                ft.Text(
                    "Newest first. Open an action for its verdict, or to edit it, delete it "
                    "or insert one before it.",
                    size=13,
                    italic=True,
                ),
                editable_log(game.rules, game.session.verdicts, self.fix, game.log_open),
            ],
            spacing=8,
        )

    def fix(self, number: int, kind: str) -> None:
        self.shell.go(routes.fix(self.game.game_id, number, FIXES[kind]))
