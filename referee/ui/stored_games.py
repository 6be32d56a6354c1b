"""What any screen may do with a stored game through the shell: start a new one, open one,
delete one (after asking), and show why one cannot be opened with its stored rows to copy.
A part of the shell (a mixin of Shell), kept apart for the shell's length."""

import sqlite3
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.ui import routes
from referee.ui.screens.home.view import cannot_open_dialog, delete_dialog, raw_dialog

if TYPE_CHECKING:  # checked as a part of the shell: what it uses of it is the shell's face
    from referee.ui.host import Host as _Shell
else:
    _Shell = object


class StoredGames(_Shell):
    """Shell's games: made, opened, deleted (its store, live tables, dialogs and routes)."""

    if TYPE_CHECKING:

        def _leave_game(self) -> None: ...  # the shell's

    def start_game(self, kind: str, players: list[str], options: dict, teach: bool = False) -> None:
        try:
            record = GameRecord(game=kind, players=players, options=options)
            live = self.lives.create(record, teach=teach)
        except RefereeError as exc:
            self.toast(exc.reason)
            return
        self.go(routes.game(live.game_id))

    def open_game(self, game_id: int) -> None:
        self.go(routes.game(game_id))

    def confirm_delete(self, game_id: int) -> None:
        def yes(_e):
            self.close_dialog()
            try:
                self.lives.delete(game_id)
            except RefereeError as exc:  # read-only, disk trouble: the game stays
                self.toast(exc.reason)
                return
            if self.game is not None and self.game.game_id == game_id:
                self._leave_game()
            self.go("/")
            self.render()

        self.dialog(delete_dialog(self.close_dialog, yes))

    def _cannot_open(self, game_id: int, exc: Exception) -> None:
        # A damaged row, a game or option this referee does not know, a log that does not
        # replay: say why, and offer what is stored; the game stays listed.
        reason = exc.reason if isinstance(exc, RefereeError) else "the database cannot be read"

        def export(_e: object) -> None:
            self.close_dialog()
            self.show_raw(game_id)

        self.dialog(cannot_open_dialog(reason, export, self.close_dialog))

    def show_raw(self, game_id: int) -> None:
        """A stored game's rows as they are, to copy (one this referee cannot open)."""
        try:
            text = self.store.raw_game(game_id)
        except (KeyError, sqlite3.Error) as exc:
            self.toast(f"The stored game cannot be read ({type(exc).__name__}).")
            return
        self.dialog(raw_dialog(text, self.close_dialog))
