"""New game (`/new`): the tables played before, the game, the players in seat order, the
first dealer, the options; Start game stays below the form, in reach of a thumb."""

import flet as ft

from referee.games import GAMES
from referee.ui.screen import Screen
from referee.ui.screens.new_game.form import NewGameForm

RECENT_TABLES = 5


class NewGameScreen(Screen):
    title = "New game"
    scrolls = False  # the form scrolls; its Start button does not

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        store = shell.store
        self.form = NewGameForm(
            store.players.known(),
            # Teach this game: asked on the form, kept beside the game (not in its record).
            lambda kind, players, options: shell.games.start_game(
                kind, players, options, teach=self.form.teach
            ),
            shell.back,
            shell.render,
            recent=store.players.recent_tables(RECENT_TABLES),
        )
        # "Teach this game" starts as this device's setting says (Settings, Teach by default).
        self.form.teach = self._teach_default = shell.phone.settings.teach
        kind = route.query.get("kind")  # "Start a real game" from a walk through a round
        if kind in GAMES and kind != self.form.kind:
            self.form._choose_game(kind, refresh=False)

    def settings_changed(self) -> None:
        # The device's settings came after the form was drawn: a switch not yet touched
        # follows them.
        teach = self.shell.phone.settings.teach
        if self.form.teach == self._teach_default:
            self.form.teach = teach
        self._teach_default = teach

    def body(self) -> ft.Control:
        return ft.Column(
            [
                ft.Column(
                    [ft.Container(self.form.view(), padding=ft.Padding.only(bottom=12))],
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                ),
                ft.Divider(height=1),
                self.form.buttons(),
            ],
            expand=True,
            spacing=8,
        )
