"""Renaming a player, or merging two names, in every saved game at once.

A dialog asks who and what name, offering the known names as one types; a second dialog
says what will happen ("Rename Anna to Ana in 12 games?", or a merge when the name is
already someone's) before anything changes. A refusal is one sentence and changes nothing.
"""

import sqlite3
from collections.abc import Callable

import flet as ft

from referee.core.errors import RefereeError
from referee.core.names import clean_name
from referee.storage.players import matching_names
from referee.storage.store import StoreUnavailable
from referee.ui.host import Host
from referee.ui.widgets import TAP, name_chip, tagged

OFFERED = 6


def _games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def question(old: str, new: str, games: int, merge: bool) -> tuple[str, str, str]:
    """(title, what will happen, the yes button) of the confirmation."""
    if merge:
        return (
            f"Merge {old} into {new} in {_games(games)}?",
            f"{new} is already a player here: {old}'s games become {new}'s, in the games "
            "list, the logs and the statistics. Two merged names cannot be told apart again.",
            "Merge",
        )
    return (
        f"Rename {old} to {new} in {_games(games)}?",
        f"Every saved game with {old} names {new} instead: the players, the log and the "
        "statistics. Scores and places stay as they are.",
        "Rename",
    )


class RenameDialog:
    def __init__(
        self, shell: Host, player: str | None, on_done: Callable[[str, str], None]
    ) -> None:
        self.shell = shell
        self.on_done = on_done
        self.known = shell.store.players.known()
        self.old: ft.TextField = ft.TextField(
            label="Player",
            value=player or "",
            on_change=lambda _e: self._draw(),
            on_focus=lambda _e: self._focus(self.old),
            capitalization=ft.TextCapitalization.WORDS,
        )
        self.new: ft.TextField = ft.TextField(
            label="New name",
            autofocus=player is not None,
            on_change=lambda _e: self._draw(),
            on_focus=lambda _e: self._focus(self.new),
            on_submit=lambda _e: self.ask(),
            capitalization=ft.TextCapitalization.WORDS,
            error_max_lines=4,
        )
        self.typing = self.new if player else self.old
        # The names offered sit right under the field they would fill.
        self._rows = {
            field: ft.Row([], wrap=True, spacing=6, run_spacing=2) for field in (self.old, self.new)
        }
        self.offered = {
            field: tagged(ident, self._rows[field])
            for field, ident in ((self.old, "offered-player"), (self.new, "offered-name"))
        }
        self.dialog = ft.AlertDialog(
            title=ft.Text("Rename or merge a player"),
            content=ft.Container(
                ft.Column(
                    [
                        ft.Text(
                            "The name changes in every saved game at once. Give a name "
                            "someone already has to merge the two (Anna into Ana).",
                            size=14,
                        ),
                        self.old,
                        self.offered[self.old],
                        self.new,
                        self.offered[self.new],
                    ],
                    tight=True,
                    spacing=12,
                    scroll=ft.ScrollMode.AUTO,
                ),
                width=420,
            ),
            actions=[
                ft.TextButton(content="Cancel", on_click=shell.close_dialog, height=TAP),
                ft.FilledButton(content="Rename…", on_click=lambda _e: self.ask(), height=TAP),
            ],
            scrollable=True,
        )
        self._offer()

    def open(self) -> None:
        self.shell.dialog(self.dialog)

    # -- the names offered -----------------------------------------------------------------

    def _focus(self, field: ft.TextField) -> None:
        if self.typing is not field:
            self.typing = field
            self._draw()

    def _offer(self) -> None:
        field = self.typing
        typed = " ".join((field.value or "").split())
        if field is self.old:  # an empty field: the latest players
            found = matching_names(self.known, typed, len(self.known)) if typed else self.known
        else:  # a new name offers only the names it could merge into, once typed
            old = (self.old.value or "").strip()
            found = [n for n in matching_names(self.known, typed, len(self.known)) if n != old]
        names = [n for n in found if n != typed][:OFFERED]
        for each, row in self._rows.items():
            row.controls = [
                name_chip(n, lambda _e, n=n, f=field: self._fill(f, n))
                for n in (names if each is field else [])
            ]

    def _fill(self, field: ft.TextField, name: str) -> None:
        field.value = name
        field.error = None
        if field is self.old and not self.new.value:
            self.typing = self.new
        self._draw()

    def _draw(self) -> None:
        self.old.error = self.new.error = None
        self._offer()
        self.dialog.update()

    # -- asking, then doing ----------------------------------------------------------------

    def ask(self) -> None:
        """Check the two names, then ask to confirm; nothing changes before the yes."""
        old = (self.old.value or "").strip()
        games = self._games_with(old)
        if games is None:
            return
        if not (self.new.value or "").strip():
            return self._refuse(self.new, "Type the new name.")
        try:
            new = clean_name(self.new.value)
        except RefereeError as exc:
            return self._refuse(self.new, exc.reason)
        if new == old:
            return self._refuse(self.new, f"The player is called {old} already.")
        # Whatever the store would refuse (both names at one table, a game that would no
        # longer replay, a read-only folder) is said now, not after the player said yes.
        try:
            games = len(self.shell.store.renaming.verify(old, new)) or games
        except RefereeError as exc:
            return self._refuse(self.new, exc.reason)
        except sqlite3.Error as exc:
            return self._refuse(self.new, f"The games cannot be read now ({exc}).")
        title, message, yes = question(old, new, games, new in self.known)
        self.shell.close_dialog()
        self.shell.confirm(title, message, lambda: self.rename(old, new, games), yes=yes)

    def _games_with(self, old: str) -> int | None:
        if not old:
            self._refuse(self.old, "Choose the player to rename.")
            return None
        try:
            games = sum(old in g.players for g in self.shell.store.list_games())
        except StoreUnavailable as exc:
            self._refuse(self.old, exc.reason)
            return None
        if not games:
            self._refuse(self.old, f"No saved game has a player called {old}.")
            return None
        return games

    def _refuse(self, field: ft.TextField, reason: str) -> None:
        field.error = reason
        self.dialog.update()

    def rename(self, old: str, new: str, games: int) -> None:
        try:
            changed = self.shell.lives.rename_player(old, new)
        except RefereeError as exc:
            self.shell.alert("Nothing was renamed", exc.reason)
            return
        except sqlite3.Error as exc:
            self.shell.alert("Nothing was renamed", f"The games could not be saved ({exc}).")
            return
        self.shell.toast(f"{old} is now {new} in {_games(len(changed) or games)}.")
        self.on_done(old, new)
