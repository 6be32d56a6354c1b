"""The Flet entry point: one store and one set of live tables for every device of this
process; each page (a tab, a phone) gets a shell (referee.ui.shell) that shows the screen
its address names.
"""

import atexit
import contextlib
import threading
from urllib.parse import parse_qs

import flet as ft

from referee import flet_patches
from referee.live.server import (
    admit,
    admitted,
    check_code,
    client_key,
    code_matches,
    device_token,
    retired_code,
    table_code,
)
from referee.live.tables import LiveTables
from referee.storage.sharing import TableBusy
from referee.storage.store import Store, StoreUnavailable
from referee.ui import screens
from referee.ui.screens.code import NEW_CODE, code_screen
from referee.ui.screens.home.view import home_view, unavailable_view
from referee.ui.shell import Shell
from referee.ui.theme import setup_page, theme
from referee.ui.widgets import icon_button

# Flet's private parts patched for speed with many devices, unless REFEREE_FLET_PATCHES
# says otherwise (flet_patches/README.md).
flet_patches.install()

_shared: LiveTables | None = None
_shared_lock = threading.Lock()


def shared_tables() -> LiveTables:
    """The one store and the live tables of this process, opened on first use: page loads
    share them, so they never add open files."""
    global _shared
    with _shared_lock:
        if _shared is None:
            store = Store()
            atexit.register(store.close)
            _shared = LiveTables(store)
        return _shared


def _code_in_link(page: ft.Page) -> str | None:
    """The table code carried in the link the device opened (`?code=...`)."""
    query = (page.route or "").partition("?")[2]
    return parse_qs(query).get("code", [None])[0]


def warm_up() -> None:
    """Build the first screen once, on no page, and open the store: Flet imports each
    control's module when it is first used, and the first device should not wait for
    that (referee.cli runs this while the web client loads)."""
    screens.screen_class("home")
    home_view([], [], on_new=None, on_import=None, on_open=None, on_delete=None)
    ft.AppBar(title=ft.Text("referee"), actions=[icon_button(ft.Icons.HOME, "Home", None)])
    ft.View(route="/")
    ft.SnackBar(ft.Text(""))
    theme()
    with contextlib.suppress(StoreUnavailable):  # the first page tells it, with a retry
        shared_tables()


def main(page: ft.Page) -> None:
    token = device_token()
    if table_code() and not admitted(token):
        # The code in a link is a try like a typed one (throttled: referee/live/guard.py).
        link = _code_in_link(page)
        if link and not code_matches(link) and retired_code(link):
            # An old link after a new code: said so, and no guess is counted.
            ask_code(page, token, NEW_CODE)
            return
        tried = check_code(client_key(page), link) if link is not None else None
        if tried is None or not tried.ok:
            ask_code(page, token, tried.message if tried else None)
            return
        if not _admitted_with(page, token, link):
            return
    main_after_code(page, token)


def ask_code(page: ft.Page, token: str | None, told: str | None = None) -> None:
    """The code screen, standing in for the address the device asked for: the right code
    opens that address."""

    def right(typed: str | None = None) -> None:
        if _admitted_with(page, token, typed):
            main_after_code(page, token)

    code_screen(page, right, told)


def _admitted_with(page: ft.Page, token: str | None, code: str | None) -> bool:
    """Keep this browser as one that gave `code` (it comes back without it after a reload
    or a restart), if `code` is still the stored one; else it is asked again: the code
    changed since it was checked, or another referee holds the folder too long."""
    try:
        if admit(token, code):
            return True
        told = NEW_CODE
    except TableBusy as exc:
        told = exc.reason
    ask_code(page, token, told)
    return False


def main_after_code(page: ft.Page, token: str | None = None) -> Shell | None:
    try:
        lives = shared_tables()
    except StoreUnavailable as exc:
        # Nothing was moved or changed: say why, on a screen of its own, and let them retry.
        unavailable_screen(page, exc, lambda: main_after_code(page, token))
        return None
    return Shell(page, lives, token=token, ask_code=lambda: ask_code(page, token, NEW_CODE))


def unavailable_screen(page: ft.Page, exc: StoreUnavailable, on_retry) -> None:
    """The data folder cannot be opened (permissions, read-only, a file in the way, a full
    disk): a clear screen with the reason and Try again, instead of a crashed session."""
    setup_page(page)
    folder = str(exc.path.parent) if exc.path else ""
    page.views[:] = [
        ft.View(
            route="/",
            padding=12,
            appbar=ft.AppBar(title=ft.Text("referee")),
            controls=[ft.Container(unavailable_view(exc.reason, folder, on_retry), padding=12)],
        )
    ]
    page.update()
