"""Fixing one action of the log (`/game/{id}/log/{n}/{edit|delete|insert}`): the table as
it stood then, the action entered, the change before and after, then Confirm. Back (or
Cancel) returns to the log; nothing is saved until Confirm."""

import flet as ft

from referee.ui.screen import Screen
from referee.ui.screens.log.editor import LogEditor
from referee.ui.verdicts import took_away
from referee.ui.widgets import big_button, tagged

KINDS = {"edit": "replace", "delete": "delete", "insert": "insert"}  # route -> editor kind


class FixScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game
        self.game.log_open = set()  # the numbers move with the fix: afterwards, all closed
        steps = len(self.game.session.steps)
        self.editor = (
            LogEditor(self.game, route.action, KINDS[route.fix]) if route.action <= steps else None
        )

    def heading(self) -> str:
        return "Fix the log"

    def body(self) -> ft.Control:
        taken = self._taken_away()
        if taken is not None:
            return taken
        if self.editor is None:
            return ft.Text(
                f"The log has no action {self.route.action} now: it has "
                f"{len(self.game.session.steps)}. Go back to the log to choose another.",
                size=15,
            )
        return self.editor.screen()

    def _taken_away(self) -> ft.Control | None:
        """The log changed on another device while this fix was being made: the action
        and the table shown are no longer the log's, and Confirm would be refused. Said
        in a sentence, in place of the fix."""
        editor, live = self.editor, self.game.live
        if editor is None:
            return None  # no fix being made: nothing was taken from it
        changes = live.log_changes(editor.seen, live.version)
        if not changes:
            return None
        sentence, detail = took_away(changes)
        return ft.Column(
            [
                tagged(
                    "fix-gone",
                    ft.Text(
                        f"{sentence} while you were fixing action {editor.number}.",
                        size=18,
                        weight=ft.FontWeight.W_600,
                    ),
                ),
                *([ft.Text(detail, size=15)] if detail else []),
                ft.Text("Nothing was changed here. Go back to the log to fix it again.", size=15),
                big_button("Back to the log", lambda _e: self.shell.back(), icon=ft.Icons.HISTORY),
            ],
            spacing=12,
        )
