"""What the shell does with this device's phone (referee.ui.phone): its theme, its screen
kept on while a game, a dispute or a walk through a round is on screen, and its settings
(`/settings`) applied the moment they change or come from the device's storage.

DeviceAids is a part the shell holds (`shell.aids`): it reaches the shell only through
Holder, so what it may touch of the shell is written in one place."""

from typing import Any, Protocol

import flet as ft


class Holder(Protocol):
    """What the device's aids use of the shell that holds them, and nothing else."""

    page: ft.Page
    phone: Any  # this device's `ui/phone.Phone`
    game: Any  # the `ui/game_device.GameDevice` in the view stack, if any

    @property
    def top(self) -> Any: ...  # the `ui/screen.Screen` on top of the view stack

    def render(self, to_top: bool = False, moved: bool = True) -> None: ...


class DeviceAids:
    """The shell's phone: its theme, its settings, its screen kept on."""

    def __init__(self, shell: Holder) -> None:
        self.shell = shell

    def toggle_theme(self, _e=None) -> None:
        page = self.shell.page
        dark = page.theme_mode == ft.ThemeMode.DARK or (
            page.theme_mode == ft.ThemeMode.SYSTEM
            and page.platform_brightness == ft.Brightness.DARK
        )
        self.set_setting("theme", "light" if dark else "dark")

    def set_setting(self, name: str, value) -> None:
        """Change one of this device's settings (`/settings`) and show it at once."""
        self.shell.phone.set(name, value)
        self.settings_loaded()

    def settings_loaded(self) -> None:
        """This device's settings came (or changed): its theme and its screen kept on
        follow them, and the screen shown says them."""
        shell = self.shell
        shell.page.theme_mode = shell.phone.theme_mode
        shell.top.settings_changed()
        self.stay_awake()
        shell.render()
        shell.page.update()

    def stay_awake(self) -> None:
        """Keep the screen on, or let it go, for the screen now on top."""
        # On while a game (any of its screens), a dispute or a walk through a round is on
        # screen; let go at home, New game and the statistics.
        shell = self.shell
        route = shell.top.route
        game = shell.game
        shell.phone.stay_awake(
            route.game_id is not None or route.screen == "settle",
            ended=game is not None and route.game_id == game.game_id and game.session.is_over,
        )

    def lifecycle(self, e: ft.AppLifecycleStateChangeEvent) -> None:
        """The app hidden or shown again (a phone's app switcher, a locked screen)."""
        if e.state == ft.AppLifecycleState.SHOW:
            self.shell.phone.shown_again()
