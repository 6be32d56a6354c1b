"""New game (`/new`): the game, the players in seat order, the first dealer, the options."""

import flet as ft

from referee.ui.new_game import NewGameForm
from referee.ui.screen import Screen


class NewGameScreen(Screen):
    title = "New game"

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.form = NewGameForm(
            shell.store.known_players(), shell.start_game, shell.back, shell.render
        )

    def body(self) -> ft.Control:
        return self.form.view()
