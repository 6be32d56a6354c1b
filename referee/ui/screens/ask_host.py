"""Asking the host to let this device in, from the code screen: the device shows a short
number and waits; the host's screen shows the same number with Let in and Refuse
(referee/ui/host_asks.py). Let in opens the address the device asked for, as the right
code does; anything else goes back to the code screen with one sentence."""

from collections.abc import Callable

import flet as ft

from referee.live.asks import ASKS, EXPIRED, REFUSED, Answer, Asks
from referee.live.server import client_key
from referee.ui.widgets import big_button, tagged

ROUTE = "/code"  # the code screen's: the device still stands in for the address it asked
WAITING = "Waiting for the host…"


def ask_host(
    page: ft.Page,
    on_in: Callable[[], None],
    on_back: Callable[[str | None], None],
    asks: Asks = ASKS,
) -> None:
    """Ask the host for this page; `on_in()` once let in, `on_back(sentence)` to show the
    code screen again (None: the guest cancelled)."""
    state: dict = {"ask": None}

    def answered(answer: Answer) -> None:
        if state["ask"] is None:
            return  # cancelled meanwhile
        state["ask"] = None
        page.on_close = None
        if answer == "let in":
            on_in()
        else:
            on_back(REFUSED if answer == "refused" else EXPIRED)

    made = asks.ask(client_key(page), answered)
    if isinstance(made, str):
        on_back(made)
        return
    state["ask"] = made

    def stop() -> bool:
        ask, state["ask"] = state["ask"], None
        page.on_close = None
        if ask is not None:
            asks.cancel(ask)
        return ask is not None

    def cancel(_e=None) -> None:
        if stop():
            on_back(None)

    page.on_close = lambda _e: stop()  # a page gone while it waits (its tab closed) stops asking
    page.views[:] = [
        ft.View(
            route=ROUTE,
            padding=24,
            appbar=ft.AppBar(title=ft.Text("referee")),
            controls=[
                ft.Column(
                    [
                        tagged(
                            "ask-waiting",
                            ft.Text(WAITING, size=24, weight=ft.FontWeight.BOLD),
                        ),
                        ft.Text("Your number", size=15),
                        tagged(
                            "ask-number",
                            ft.Text(made.number, size=56, weight=ft.FontWeight.BOLD),
                        ),
                        ft.Text(
                            "The host's screen shows the same number with Let in and Refuse.",
                            size=15,
                        ),
                        big_button("Cancel", cancel, filled=False, icon=ft.Icons.CLOSE),
                    ],
                    spacing=16,
                )
            ],
        )
    ]
    page.update()
