"""What any screen may do with a stored game through the shell: start a new one, open one,
delete one (after asking), and show why one cannot be opened with its stored rows to copy.

StoredGames is a part the shell holds (`shell.games`): it reaches the shell only through
Holder, so what it may touch of the shell is written in one place."""

import sqlite3
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.ui import routes
from referee.ui.screens.home.view import cannot_open_dialog, delete_dialog, raw_dialog

if TYPE_CHECKING:  # for the types alone
    from referee.live.tables import LiveTables
    from referee.storage.store import Store


class Holder(Protocol):
    """What the stored games use of the shell that holds them, and nothing else."""

    lives: "LiveTables"
    store: "Store"
    game: Any  # the `ui/game_device.GameDevice` in the view stack, if any

    def go(self, path: str) -> None: ...

    def render(self, to_top: bool = False, moved: bool = True) -> None: ...

    def leave_game(self) -> None: ...

    def dialog(self, dialog: ft.DialogControl) -> None: ...

    def close_dialog(self, _e=None) -> None: ...

    def toast(self, message: str) -> None: ...


class StoredGames:
    """The shell's games: made, opened, deleted."""

    def __init__(self, shell: Holder) -> None:
        self.shell = shell

    def start_game(self, kind: str, players: list[str], options: dict, teach: bool = False) -> None:
        shell = self.shell
        try:
            record = GameRecord(game=kind, players=players, options=options)
            live = shell.lives.create(record, teach=teach)
        except RefereeError as exc:
            shell.toast(exc.reason)
            return
        shell.go(routes.game(live.game_id))

    def open_game(self, game_id: int) -> None:
        self.shell.go(routes.game(game_id))

    def confirm_delete(self, game_id: int) -> None:
        shell = self.shell

        def yes(_e):
            shell.close_dialog()
            try:
                shell.lives.delete(game_id)
            except RefereeError as exc:  # read-only, disk trouble: the game stays
                shell.toast(exc.reason)
                return
            if shell.game is not None and shell.game.game_id == game_id:
                shell.leave_game()
            shell.go("/")
            shell.render()

        shell.dialog(delete_dialog(shell.close_dialog, yes))

    def cannot_open(self, game_id: int, exc: Exception) -> None:
        """Why the game cannot be opened, with its stored rows offered to copy."""
        # A damaged row, a game or option this referee does not know, a log that does not
        # replay: say why, and offer what is stored; the game stays listed.
        shell = self.shell
        reason = exc.reason if isinstance(exc, RefereeError) else "the database cannot be read"

        def export(_e: object) -> None:
            shell.close_dialog()
            self.show_raw(game_id)

        shell.dialog(cannot_open_dialog(reason, export, shell.close_dialog))

    def show_raw(self, game_id: int) -> None:
        """A stored game's rows as they are, to copy (one this referee cannot open)."""
        shell = self.shell
        try:
            text = shell.store.raw_game(game_id)
        except (KeyError, sqlite3.Error) as exc:
            shell.toast(f"The stored game cannot be read ({type(exc).__name__}).")
            return
        shell.dialog(raw_dialog(text, shell.close_dialog))
