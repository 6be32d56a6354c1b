"""What now? (`/game/{id}/whatnow`): for the game as it is now, what may be done, each with
the rule it rests on, what may not and why, and what comes next. A screen of its own above
the game, so the phone's Back closes it; drawn again at every change, on every device."""

import flet as ft

from referee.core.whatnow import what_now
from referee.ui.screen import Screen
from referee.ui.whatnow import panel


class WhatNowScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"What now? · {self.game.rules.title}"

    def bar_shows(self) -> tuple:
        return (self.route.path, self.game.live.log_version)

    def place(self) -> tuple:
        # Every move shows it from its top: the headline says what changed.
        return (self.game.game_id, self.game.live.log_version)

    def body(self) -> ft.Control:
        s = self.game.session
        back = ft.FilledButton(
            content="Back to the table",
            icon=ft.Icons.ARROW_BACK,
            on_click=lambda _e: self.shell.back(),
            height=52,
        )
        # The picks locked so far (the live table knows them, the state does not) name who
        # is still to choose.
        return ft.Column(
            [panel(what_now(s.rules, s.state, self.game.live.picks.keys())), back],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
