"""Home (`/`): games in progress, series totals, recent disputes, finished games."""

import sqlite3

import flet as ft

from referee.core.errors import RefereeError
from referee.core.names import sentence
from referee.history.series_totals import stored_series
from referee.live.kept_session import StoredAlready
from referee.storage.store import StoreUnavailable
from referee.ui.bgstats_button import log_dialog
from referee.ui.file_import import FileImport
from referee.ui.screen import Screen
from referee.ui.screens.home.view import HOME_PAGE, home_view, import_record
from referee.ui.widgets import TAP, menu_button


class HomeScreen(Screen):
    title = "referee"
    follows_lists = True

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.limit = HOME_PAGE  # tiles per section, grown on demand

    def leading(self) -> ft.Control | None:
        return None

    def actions(self) -> list[ft.Control]:
        go = self.shell.go
        items = [
            ("Settings", "settings", lambda _e: go("/settings")),
            ("Statistics", "stats", lambda _e: go("/stats")),
            ("Settle a dispute", "dispute", lambda _e: go("/settle")),
            ("Import a record", "import", self.import_dialog),
        ]
        menu = menu_button("Menu", items)
        return [*self.shell.common_actions(), menu]

    def body(self) -> ft.Control:
        # One game this referee cannot read is listed with its reason; the store failing to
        # read at all is told in place of the list. Neither ever takes the screen down.
        store = self.shell.store
        trouble = None
        try:
            games = store.list_games()
        except StoreUnavailable as exc:
            games, trouble = [], exc.reason
        try:
            series = stored_series(store, [g for g in games if g.problem is None])
        except (RefereeError, sqlite3.Error):
            series = []
        return home_view(
            games,
            series,
            on_new=lambda: self.shell.go("/new"),
            on_import=self.import_dialog,
            on_open=self.shell.games.open_game,
            on_delete=self.shell.games.confirm_delete,
            on_export=self.export_raw,
            trouble=trouble,
            read_only=store.read_only_reason if store.read_only else None,
            on_dispute=lambda: self.shell.go("/settle"),
            disputes=store.disputes.recent(),
            limit=self.limit,
            on_more=self.more,
            on_stats=lambda: self.shell.go("/stats"),
            on_log=self.log_in_bgstats,
        )

    def log_in_bgstats(self, game_id: int) -> None:
        shell = self.shell
        shell.dialog(log_dialog(shell.page, shell.store, game_id, shell.close_dialog))

    def more(self) -> None:
        self.limit += HOME_PAGE
        self.shell.render()

    def export_raw(self, game_id: int) -> None:
        self.shell.games.show_raw(game_id)

    def import_dialog(self, _e=None) -> None:
        field = ft.TextField(
            label="Record JSON", multiline=True, min_lines=6, max_lines=12, error_max_lines=4
        )

        def do_import(_e):
            # The reason shows under the field: a snack bar would sit behind the dialog.
            # One bounded, strict reader: every refusal is one sentence, nothing is saved.
            try:
                live = self.shell.lives.register(import_record(self.shell.store, field.value or ""))
            except StoredAlready as exc:  # the game the table wanted is here already: open it
                self.shell.close_dialog()
                self.shell.games.open_game(exc.game_id)
                self.shell.toast(exc.reason)
                return
            except RefereeError as exc:
                field.error = sentence(exc.reason)
            else:
                self.shell.close_dialog()
                self.shell.games.open_game(live.game_id)
                return
            field.update()

        status = ft.Text("", size=13, selectable=True)
        importing = ft.FilledButton(content="Import", on_click=do_import, height=TAP)
        choose = ft.OutlinedButton(content="Choose a file", height=TAP)
        chooser = FileImport(self.shell, status, [importing, choose, field])
        choose.on_click = chooser.choose
        self.shell.dialog(
            ft.AlertDialog(
                title=ft.Text("Import a game record"),
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                "Paste a record exported from this app (Game menu, Export record), "
                                "or choose a file of records (Export record, or export --all). "
                                "Each is checked action by action before it is saved."
                            ),
                            field,
                            status,
                        ],
                        tight=True,
                    ),
                    width=520,
                ),
                actions=[
                    choose,
                    ft.TextButton(content="Cancel", on_click=self.shell.close_dialog, height=TAP),
                    importing,
                ],
            )
        )
