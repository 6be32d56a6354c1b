"""What the shell does with this device's phone (referee.ui.phone): its theme, its screen
kept on while a game, a dispute or a walk through a round is on screen, and its settings
(`/settings`) applied the moment they change or come from the device's storage. A part of
the shell (a mixin of Shell), kept apart for the shell's length."""

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:  # checked as a part of the shell: what it uses of it is the shell's face
    from referee.ui.host import Host as _Shell
else:
    _Shell = object


class DeviceAids(_Shell):
    """Shell's phone: `self.phone`, with the shell's page, screen on top and game."""

    def toggle_theme(self, _e=None) -> None:
        dark = self.page.theme_mode == ft.ThemeMode.DARK or (
            self.page.theme_mode == ft.ThemeMode.SYSTEM
            and self.page.platform_brightness == ft.Brightness.DARK
        )
        self.set_setting("theme", "light" if dark else "dark")

    def set_setting(self, name: str, value) -> None:
        """Change one of this device's settings (`/settings`) and show it at once."""
        self.phone.set(name, value)
        self._settings_loaded()

    def _settings_loaded(self) -> None:
        """This device's settings came (or changed): its theme and its screen kept on
        follow them, and the screen shown says them."""
        self.page.theme_mode = self.phone.theme_mode
        self.top.settings_changed()
        self._stay_awake()
        self.render()
        self.page.update()

    def _stay_awake(self) -> None:
        # On while a game (any of its screens), a dispute or a walk through a round is on
        # screen; let go at home, New game and the statistics.
        route = self.top.route
        game = self.game
        self.phone.stay_awake(
            route.game_id is not None or route.screen == "settle",
            ended=game is not None and route.game_id == game.game_id and game.session.is_over,
        )

    def _lifecycle(self, e: ft.AppLifecycleStateChangeEvent) -> None:
        if e.state == ft.AppLifecycleState.SHOW:
            self.phone.shown_again()
