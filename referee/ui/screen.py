"""What the shell asks of every screen: its body, its app bar, and where it stands.

A screen renders its state and turns taps into commands on the shell (go, back, dialogs)
or on the game it shows (referee.ui.game_device). It builds its whole body anew at every
redraw; the shell merges that into what the phone already shows (ui/reconcile.py).
"""

import flet as ft

from referee.ui import routes
from referee.ui.host import Host
from referee.ui.routes import Route
from referee.ui.widgets import icon_button


class Screen:
    title = "referee"
    scrolls = True  # the shell scrolls the body; a screen that scrolls a part of it says no
    follows_lists = False  # drawn again when any game is made, changed or deleted

    def __init__(self, shell: Host, route: Route) -> None:
        self.shell = shell
        self.route = route

    @property
    def page(self) -> ft.Page:
        return self.shell.page

    def body(self) -> ft.Control:
        raise NotImplementedError

    def heading(self) -> str:
        return self.title

    def leading(self) -> ft.Control | None:
        """The app bar's way back: one screen up (the shell knows where)."""
        return icon_button(ft.Icons.ARROW_BACK, "Back", lambda _e: self.shell.back(), key="back")

    def actions(self) -> list[ft.Control]:
        return self.shell.common_actions()

    def bar_shows(self) -> tuple:
        """What the app bar shows: between two equal values it is not built again."""
        return (self.route.path, self.heading())

    def appbar(self) -> ft.AppBar:
        return ft.AppBar(
            title=ft.Text(self.heading(), size=16, max_lines=2),
            leading=self.leading(),
            actions=self.actions(),
            key=self.view_key,
        )

    @property
    def view_key(self) -> str:
        """What the phone knows this screen's bar and body by: a new key is drawn anew.
        A route another screen draws (routes.DRAWN_BY) goes by that screen's."""
        return routes.drawn_by(self.route).path

    def shows(self, route: Route) -> bool:
        """Whether this screen draws `route` in its own view, the same screen with a part
        opened or closed (the game and its What now?): the shell then merges the change
        instead of drawing a new screen."""
        return route.path != self.route.path and routes.drawn_by(route).path == self.view_key

    def place(self) -> tuple | None:
        """Where the screen stands: a new place shows its body from the top."""
        return None

    def width(self, available: int) -> int:
        # A fixed width would overflow a phone; the full width of a desktop is too wide to read.
        return max(280, min(760, available))

    def to_top(self, shown: ft.BaseControl) -> None:
        """Scroll the screen on the phone (`shown`) back to its top, if it scrolled."""

    def closed(self) -> None:
        """The screen left the view stack."""

    def settings_changed(self) -> None:
        """This device's settings came from its storage, or changed (ui/phone.py); the
        screen is drawn again after this."""
