"""The rules in force at a game's table (`/game/{id}/rules`): the game in the project's own
words, each ruling the referee applies, and the rulings switched off at setup."""

import flet as ft

from referee.ui.screen import Screen
from referee.ui.widgets import rules_lines, tagged


class RulesScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"{self.game.rules.title}: rules in force"

    def body(self) -> ft.Control:
        s = self.game.session
        return tagged("rules", ft.Column(rules_lines(s.rules, s.options), spacing=6))
