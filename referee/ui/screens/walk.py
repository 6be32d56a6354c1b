"""Walk through a round (`/game/{id}/walk`, from the rules screen): a sample round dealt
with the table's players and rulings, stepped through with Next and Step back, each
verdict as it comes and What now? open under it. Nothing is stored as a game. At the end,
the round's result, and Start a real game (New game, with this game chosen).

Each step is an address of its own (`/game/{id}/walk?step=n`, ui/routes.py): Next goes to
the next one, so the browser's Back, a phone's Back and Step back all step back, and Back
at the start returns to the rules. The walk is dealt again for each step (a few ms: the
same seed deals the same round)."""

import flet as ft

from referee.core.whatnow import what_now
from referee.ui import layout_values, routes
from referee.ui.reconcile import find
from referee.ui.routes import Route
from referee.ui.sample_round import Walk, unsaid
from referee.ui.screen import Screen
from referee.ui.suits import suited
from referee.ui.whatnow_panel import Why, panel
from referee.ui.widgets import big_button, ruling_lines, split_details, tagged, why_toggle


class WalkScreen(Screen):
    scrolls = False  # the steps scroll; Next and Step back stay in reach of a thumb

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game
        s = self.game.session
        self.walk = Walk(s.rules, s.players, s.options)
        self.walk.go_to(route.walk_step or 0)
        if self.walk.at != (route.walk_step or 0):  # past the round's end: its last step
            self.route = Route("walk", route.game_id, walk_step=self.walk.at or None)
        self._why_open = False  # the verdict's rulings
        self._moves_why = False  # What now?'s rulings
        from referee.ui.games import VIEWS  # the game views load after the first page

        # A view of its own, playing nothing and sharing no picks with the real table.
        self.view = VIEWS[s.rules.kind](lambda _a: None, shell.render, shell.toast)

    def heading(self) -> str:
        return f"Walk through a round · {self.game.rules.title}"

    def place(self) -> tuple:
        return ("walk", self.walk.at)  # each step shows from its top

    def to_top(self, shown: ft.BaseControl) -> None:
        steps = find(shown, "walk-steps")
        if isinstance(steps, ft.ScrollableControl):  # the Column that scrolls the steps
            self.page.run_task(steps.scroll_to, offset=0, duration=0)

    def step(self, forward: bool) -> None:
        """Next: the next step's address; Step back: Back, as the browser's."""
        if not forward:
            self.shell.back()
        elif not self.walk.done:
            if self.walk.steps[self.walk.at].verdict.decisive:  # the step Next shows
                self.shell.phone.felt("verdict")
            self.shell.go(routes.walk(self.game.game_id, self.walk.at + 1))

    def _toggle_why(self) -> None:
        self._why_open = not self._why_open
        self.shell.render()

    def _toggle_moves_why(self) -> None:
        self._moves_why = not self._moves_why
        self.shell.render(moved=False)

    def start_real(self, _e=None) -> None:
        self.shell.go(f"/new?kind={self.game.rules.kind}")

    def body(self) -> ft.Control:
        walk, view = self.walk, self.view
        state = walk.state
        wn = what_now(walk.rules, state)
        # What now?, open below, says these (its numbers once its Why? is open), and the
        # status line what is left of its own: neither is said again.
        said = [wn.headline, *(wn.facts if self._moves_why else ())]
        status = unsaid(view.status(state), said)
        items: list[ft.Control] = []
        if walk.done:
            items.append(self._result())
        verdict = walk.verdict
        if verdict is not None:
            items.append(self._verdict(verdict, [*said, status]))
        else:
            items.append(
                ft.Text(
                    "A sample round with this table's players and rulings, dealt by the "
                    "referee. Tap Next for each action; nothing is saved.",
                    size=14,
                    italic=True,
                )
            )
        items += [
            tagged("walk-round", ft.Text(view.round_line(state), size=13)),
            view.scoreboard(state),
        ]
        if status:
            items.append(
                tagged("walk-status", ft.Text(status, size=16, weight=ft.FontWeight.W_600))
            )
        items.append(panel(wn, why=Why(self._moves_why, self._toggle_moves_why)))
        steps = ft.Column(
            [
                ft.Container(
                    # The cards as wide as the screen, however short their lines.
                    ft.Column(
                        items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
                    ),
                    padding=layout_values.padding(bottom=16),
                )
            ],
            scroll=ft.ScrollMode.AUTO,
            expand=True,
            key="walk-steps",
        )
        return ft.Column(
            [
                tagged("walk-step", ft.Text(walk.progress(), size=13, italic=True)),
                steps,
                ft.Divider(height=1),
                self._buttons(),
            ],
            expand=True,
            spacing=8,
        )

    def _verdict(self, verdict, said: list[str]) -> ft.Control:
        # As the game's verdicts: what a player reads at once in the open, the arithmetic
        # and the rulings behind "Why?". A line What now? says below ("Cy to act.") goes.
        plain, sums = split_details(verdict.details)
        plain = [kept for line in plain if (kept := unsaid(line, said))]
        why = [
            *[tagged("why-sum", suited(line, size=13)) for line in sums],
            *ruling_lines(self.walk.rules, verdict),
        ]
        lines: list[ft.Control] = [
            tagged(
                "walk-verdict",
                ft.Text(verdict.headline, size=15, weight=ft.FontWeight.W_600),
            ),
            *[suited(line, size=13) for line in plain],
        ]
        if why:
            lines.append(why_toggle(why, self._why_open, self._toggle_why))
        return ft.Container(
            ft.Column(lines, spacing=4, tight=True),
            padding=layout_values.symmetric(horizontal=12, vertical=10),
            border_radius=10,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )

    def _result(self) -> ft.Control:
        return ft.Container(
            ft.Column(
                [
                    ft.Text("The round's result", size=13, weight=ft.FontWeight.BOLD),
                    tagged(
                        "walk-result",
                        ft.Text(self.walk.result(), size=17, weight=ft.FontWeight.W_600),
                    ),
                ],
                spacing=2,
                tight=True,
            ),
            padding=layout_values.symmetric(horizontal=12, vertical=10),
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )

    def _buttons(self) -> ft.Control:
        walk = self.walk
        back = big_button(
            "Step back",
            lambda _e: self.step(False),
            filled=False,
            disabled=walk.at == 0,
        )
        if walk.done:
            ahead = big_button("Start a real game", self.start_real, icon=ft.Icons.PLAY_ARROW)
        else:
            ahead = big_button("Next", lambda _e: self.step(True), icon=ft.Icons.ARROW_FORWARD)
        back.expand, ahead.expand = 1, 2
        return ft.Row([back, ahead], spacing=10)
