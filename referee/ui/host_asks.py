"""The asks to join on the host's own pages: every page open on the host machine shows,
over whatever screen it is on, the oldest open ask's number with Let in and Refuse
(referee/live/asks.py holds the asks; the guest's side is ui/screens/ask_host.py).

Guests' pages never show asks: only the host machine lets a device in this way."""

import contextlib

import flet as ft

from referee.live.asks import ASKS, Ask, Asks, on_host_machine
from referee.live.server import table_code
from referee.ui.widgets import TAP, tagged

GONE = "That device is no longer asking."


def ask_dialog(ask: Ask, others: int, on_let_in, on_refuse, on_dismiss) -> ft.AlertDialog:
    lines: list[ft.Control] = [
        ft.Text(
            "Let it in only if its screen shows this number and you know whose it is.",
            size=15,
        )
    ]
    if others:
        more = "1 more device asks too." if others == 1 else f"{others} more devices ask too."
        lines.append(tagged("ask-others", ft.Text(more, size=13, italic=True)))
    return ft.AlertDialog(
        modal=True,
        title=tagged("ask-title", ft.Text(f"A device asks to join: {ask.number}")),
        content=ft.Column(lines, tight=True, spacing=8),
        actions=[
            ft.TextButton(content="Refuse", on_click=on_refuse, height=TAP),
            ft.FilledButton(content="Let in", on_click=on_let_in, height=TAP),
        ],
        on_dismiss=on_dismiss,
    )


class HostAsks:
    """One host page's part: the dialog of the oldest open ask, kept as the asks change.

    Back closes the dialog like any other; the ask stays open (on the other pages too) and
    shows here again with the next change to the asks."""

    def __init__(self, shell, asks: Asks = ASKS) -> None:
        self.shell = shell
        self.asks = asks
        self._dialog: ft.AlertDialog | None = None
        self._shown: tuple[str, ...] = ()  # the numbers open when the dialog was drawn
        self._put_by: tuple[str, ...] = ()  # the numbers open when Back closed it
        asks.watch(shell.device, self.refresh)
        self.refresh()

    def closed(self) -> None:
        self.asks.unwatch(self.shell.device)

    def refresh(self) -> None:
        asks = self.asks.open()
        numbers = tuple(a.number for a in asks)
        if not asks or numbers == self._put_by:
            self._close()
            return
        self._put_by = ()
        if self._dialog is not None and self._shown == numbers:
            return
        self._close()
        first = asks[0]
        dialog: ft.AlertDialog = ask_dialog(
            first,
            len(asks) - 1,
            lambda _e: self._answer(first.number, True),
            lambda _e: self._answer(first.number, False),
            lambda _e: self._dismissed(dialog, numbers),
        )
        self._dialog, self._shown = dialog, numbers
        self.shell.dialog(dialog)

    def _answer(self, number: str, let_in: bool) -> None:
        if not self.asks.answer(number, let_in):
            self.shell.toast(GONE)
        self.refresh()

    def _dismissed(self, dialog: ft.AlertDialog, numbers: tuple[str, ...]) -> None:
        if dialog is not self._dialog:
            return  # closed here, for an answer or a change
        # Closed by Back: the asks stay open, and show here again when they change.
        self._dialog, self._shown, self._put_by = None, (), numbers

    def _close(self) -> None:
        dialog, self._dialog, self._shown = self._dialog, None, ()
        if dialog is not None and dialog.open:
            dialog.open = False
            with contextlib.suppress(Exception):  # a page whose connection is gone
                dialog.update()


def host_asks(shell) -> HostAsks | None:
    """The asks shown on `shell`'s page: only on the host machine, and only while sharing."""
    if table_code() is None or not on_host_machine(getattr(shell.page, "client_ip", None)):
        return None
    return HostAsks(shell)
