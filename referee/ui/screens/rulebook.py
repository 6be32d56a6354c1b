"""The rules in force at a game's table (`/game/{id}/rules`): the game in the project's own
words, each ruling the referee applies, and the rulings switched off at setup; first, the
way to a sample round stepped through (`/game/{id}/walk`)."""

import flet as ft

from referee.ui import routes
from referee.ui.screen import Screen
from referee.ui.widgets import big_button, rules_lines, tagged


class RulesScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"{self.game.rules.title}: rules in force"

    def body(self) -> ft.Control:
        s = self.game.session
        walk = big_button(
            "Walk through a round",
            lambda _e: self.shell.go(routes.game(self.game.game_id, "walk")),
            icon=ft.Icons.SCHOOL,
        )
        rules = tagged("rules", ft.Column(rules_lines(s.rules, s.options), spacing=6))
        return ft.Column([walk, rules], spacing=12)
