"""Sharing a table: the code, and a link and QR code that open the screen on show (a game,
its log) on another phone, carrying the code so it joins at once."""

import contextlib
import hashlib
import os
import weakref
from collections.abc import Callable

import flet as ft

from referee.live.code_watch import SAME_MOMENT
from referee.live.server import (
    LINKS_ENV,
    admitted,
    on_new_code,
    qr_png,
    renew_code,
    sharing_notes,
    table_code,
)
from referee.storage.sharing import TableBusy
from referee.ui.widgets import TAP, tagged


def links_to(path: str) -> list[str]:
    """This server's network links (printed at start) to `path`, with the table code."""
    code = table_code()
    path = path.partition("?")[0]
    base = [link.partition("/?")[0] for link in os.environ.get(LINKS_ENV, "").split() if link]
    return [f"{link}{path}?code={code}" for link in base]


def share_dialog(path: str, on_close, on_new_code=None, notes=()) -> ft.AlertDialog:
    """`notes`: sentences the host should read (a damaged file moved aside, a new code
    made elsewhere), shown under the code."""
    links = links_to(path)
    rows: list[ft.Control] = [
        ft.Text("Table code", size=13),
        # Offered only while the table is shared (Shell.common_actions): it has a code.
        tagged("share-code", ft.Text(table_code() or "", size=36, weight=ft.FontWeight.BOLD)),
    ]
    rows += [tagged("share-note", ft.Text(note, size=14)) for note in (*sharing_notes(), *notes)]
    if links:
        rows.append(ft.Image(src=qr_png(links[0]), width=220, height=220))
        rows.append(  # selectable to copy; named so a screen reader reads it out
            ft.Semantics(
                identifier="share-link",
                label=links[0],
                content=ft.Text(links[0], selectable=True, size=14),
            )
        )
        rows += [ft.Text(link, selectable=True, size=14) for link in links[1:]]
    rows.append(
        ft.Text(
            "Anyone with the code can view and change the games on this referee. The "
            "code stays the same when the referee restarts; New code locks out every "
            "phone until it is given the new one.",
            size=12,
            italic=True,
        )
    )
    return ft.AlertDialog(
        title=ft.Text("Join this table"),
        content=ft.Column(rows, tight=True, spacing=8),
        actions=[
            *(
                [ft.TextButton(content="New code", on_click=on_new_code, height=TAP)]
                if on_new_code is not None
                else []
            ),
            ft.TextButton(content="Close", on_click=on_close, height=TAP),
        ],
    )


def owner_of(token: str | None) -> str | None:
    """The name a browser's picks and "This is me" are kept under (never its token)."""
    if not token:
        return None
    return "browser-" + hashlib.sha256(f"owner:{token}".encode()).hexdigest()[:24]


_SHARINGS: "weakref.WeakSet[TableSharing]" = weakref.WeakSet()  # every page's, for a new code


class TableSharing:
    """One page's part in a shared table: the browser holding it, the share screen, and
    a new code, which asks every other browser for it."""

    def __init__(self, shell, token: str | None, ask_code: Callable[[], None] | None) -> None:
        self.shell = shell
        self.token = token
        self.owner = owner_of(token) or shell.device
        self._ask_code = ask_code
        self._shown: str | None = None  # the code the share screen showed
        _SHARINGS.add(self)
        on_new_code(ask_the_others)  # another referee on the folder made a new code

    def closed(self) -> None:
        _SHARINGS.discard(self)

    def open(self, notes=()) -> None:
        shell = self.shell
        self._shown = table_code()
        # The screen's own view: a link shared with What now? open opens the game.
        dialog = share_dialog(shell.top.view_key, shell.close_dialog, self.confirm_new, notes)
        shell.dialog(dialog)

    def confirm_new(self, _e=None) -> None:
        self.shell.close_dialog()
        self.shell.confirm(
            "Make a new table code?",
            "Every other phone at this table is asked for the new code before it sees the "
            "games again. The old code and links stop working.",
            self.new_code,
            yes="New code",
        )

    def new_code(self) -> None:
        """A new table code: this browser keeps the table, every other that gave the old
        code is asked for the new one. The code replaced is the one the screen showed: when
        another referee on the folder made one meanwhile, that one stands."""
        try:
            _code, made = renew_code(keep=self.token, replacing=self._shown)
        except TableBusy as exc:  # nothing changed
            self.open([exc.reason])
            return
        ask_the_others(but=self.shell.page)
        if made or admitted(self.token):
            self.open([] if made else [SAME_MOMENT])
        else:  # the other referee's code: this page was not the one that made it
            self.ask_code()

    def ask_code(self) -> None:
        """This page must give the (new) table code before it shows the table again."""
        if self._ask_code is None:
            return
        self.shell.closed()
        with contextlib.suppress(Exception):  # a page whose connection is gone
            self.shell.page.pop_dialog()
        self._ask_code()


def ask_the_others(but=None) -> None:
    """Every page of this server admitted under an earlier code (but the page `but`) is
    asked for the table's code now: the device that made it is kept, the others are not."""
    for other in list(_SHARINGS):
        if other.shell.page is not but and not admitted(other.token):
            with contextlib.suppress(Exception):  # a page gone must not stop the others
                other.ask_code()
