"""Settings (`/settings`, from home's menu): this device's own, kept on it (ui/phone.py),
never in the games: the screen kept on, verdicts felt, the theme, Teach by default, whether
a spoken move is asked about. Each
applies the moment it is changed, and says what it now does."""

import flet as ft

from referee.ui.phone import AWAKE_AFTER_END_S
from referee.ui.screen import Screen
from referee.ui.widgets import sent, tagged


def _lasting(seconds: float) -> str:
    minutes = round(seconds / 60)
    if minutes >= 1:
        return f"{minutes} minute{'s' * (minutes != 1)}"
    return f"{round(seconds)} seconds"


_AFTER_END = _lasting(AWAKE_AFTER_END_S)
SAYS = {
    "keep_awake": (
        "The screen stays on while a game, a dispute or a walk through a round is open, "
        f"and for {_AFTER_END} after a game ends.",
        "The screen sleeps as this phone's own setting says.",
    ),
    "haptics": (
        "A verdict is felt as a short tap, a refused move as a firmer one (on a phone "
        "that can vibrate).",
        "Nothing is felt.",
    ),
    "teach": (
        "New game starts with Teach this game on.",
        "New game starts with Teach this game off.",
    ),
    "ask_spoken": (
        "Every move said to the microphone is asked about before it is played.",
        "A move heard for sure is played at once (with Undo); one heard with doubt is asked "
        "about first.",
    ),
}
THEME_SAYS = {
    "light": "Light, whatever this phone's own setting.",
    "dark": "Dark, whatever this phone's own setting.",
    "system": "As this phone's own setting: light or dark.",
}


class SettingsScreen(Screen):
    title = "Settings"

    def body(self) -> ft.Control:
        settings = self.shell.phone.settings
        theme = ft.RadioGroup(
            value=settings.theme,
            on_change=lambda e: self.shell.aids.set_setting("theme", sent(e)),
            content=ft.Column(
                [
                    ft.Radio(value=value, label=label, height=48)
                    for value, label in (("light", "Light"), ("dark", "Dark"), ("system", "System"))
                ],
                spacing=0,
            ),
        )
        return ft.Column(
            [
                ft.Text(
                    "These belong to this device: another phone at the table keeps its own.",
                    size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                self._switch("keep_awake", "Keep the screen on"),
                ft.Divider(height=1),
                self._switch("haptics", "Feel verdicts"),
                ft.Divider(height=1),
                ft.Column(
                    [
                        ft.Text("Theme", size=16),
                        tagged("setting-theme", theme),
                        self._said("theme", THEME_SAYS[settings.theme]),
                    ],
                    spacing=0,
                ),
                ft.Divider(height=1),
                self._switch("teach", "Teach by default"),
                ft.Divider(height=1),
                self._switch("ask_spoken", "Ask before playing a spoken move"),
            ],
            spacing=12,
        )

    def _switch(self, name: str, label: str) -> ft.Control:
        on = getattr(self.shell.phone.settings, name)
        switch = ft.Switch(
            value=on,
            label=label,
            height=48,
            on_change=lambda e: self.shell.aids.set_setting(name, bool(sent(e))),
        )
        return ft.Column([switch, self._said(name, SAYS[name][0 if on else 1])], spacing=0)

    def _said(self, name: str, text: str) -> ft.Control:
        return tagged(f"said-{name}", ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
