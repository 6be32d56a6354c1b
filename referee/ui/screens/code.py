"""The table code (shown instead of any screen to a device that has not given it yet).

A table shared on a network asks every device for its code; without it nothing else is
shown. The screen stands in for the address the device asked for, which opens once the
code is right (a link from the share screen carries the code and opens at once).
"""

from collections.abc import Callable

import flet as ft

from referee.live.server import check_code, client_key
from referee.ui.screens.ask_host import ask_host
from referee.ui.theme import setup_page
from referee.ui.widgets import big_button, tagged

ROUTE = "/code"
NEW_CODE = "The host made a new table code: ask them for it."


def code_screen(page: ft.Page, on_right: Callable[[str], None], told: str | None = None) -> None:
    """`told`: what the code in the device's link got (a wrong code, or a wait);
    `on_right` is given the code that was right, to keep the device under it.

    The screen's view replaces every other one; the shell that `on_right` starts builds
    its own stack over it (Flet's page needs a view at every moment). Until then the
    page's Back and addresses belong to no screen."""
    page.on_route_change = None
    page.on_view_pop = None
    page.on_resize = None
    page.on_connect = None
    page.on_disconnect = None
    page.on_close = None
    if page.views:
        setup_page(page, padding=24)
    field = ft.TextField(
        label="Table code",
        autofocus=True,
        capitalization=ft.TextCapitalization.CHARACTERS,
        width=240,
        text_size=24,
        error=told,
        error_max_lines=3,
    )

    def check(_e=None):
        # Every try counts against this device and the table (referee/live/guard.py): after a
        # few wrong codes each further try waits longer, and the sentence says how long.
        tried = check_code(client_key(page), field.value)
        if tried.ok:
            on_right(field.value)
            return
        field.error = tried.message
        field.update()

    field.on_submit = check

    def ask(_e=None):
        # No code is checked: other devices' wrong codes never hold this up.
        ask_host(page, on_right, lambda said: code_screen(page, on_right, said))

    page.views[:] = [
        ft.View(
            route=ROUTE,
            padding=24,
            appbar=ft.AppBar(title=ft.Text("referee")),
            controls=[
                ft.Column(
                    [
                        tagged(
                            "code-screen",
                            ft.Text("Enter the table code", size=24, weight=ft.FontWeight.BOLD),
                        ),
                        ft.Text(
                            "This referee is shared by a table on this network. The host's "
                            "screen and the link they shared show the code.",
                            size=15,
                        ),
                        field,
                        big_button("Join the table", check, icon=ft.Icons.LOGIN),
                        big_button(
                            "Ask the host to let me in",
                            ask,
                            filled=False,
                            icon=ft.Icons.FRONT_HAND_OUTLINED,
                        ),
                    ],
                    spacing=16,
                )
            ],
        )
    ]
    page.update()
