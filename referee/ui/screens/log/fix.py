"""Fixing one action of the log (`/game/{id}/log/{n}/{edit|delete|insert}`): the table as
it stood then, the action entered, the change before and after, then Confirm. Back (or
Cancel) returns to the log; nothing is saved until Confirm."""

import flet as ft

from referee.ui.screen import Screen
from referee.ui.screens.log.editor import LogEditor

KINDS = {"edit": "replace", "delete": "delete", "insert": "insert"}  # route -> editor kind


class FixScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game
        self.game.log_open = set()  # the numbers move with the fix: afterwards, all closed
        steps = len(self.game.session.steps)
        self.editor = (
            LogEditor(self.game, route.step, KINDS[route.fix]) if route.step <= steps else None
        )

    def heading(self) -> str:
        return "Fix the log"

    def body(self) -> ft.Control:
        if self.editor is None:
            return ft.Text(
                f"The log has no action {self.route.step} now: it has "
                f"{len(self.game.session.steps)}. Go back to the log to choose another.",
                size=15,
            )
        return self.editor.screen()
