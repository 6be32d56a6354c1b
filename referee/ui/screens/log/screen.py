"""A game's log (`/game/{id}/log`): every action, newest first, each on a line of its own
in the words a player says ("Bo passes", "Ana shows 2, 3, 5"), with the verdict it caused
under it; opening one shows its verdict in full and Edit / Delete / Insert before (each a
screen of its own, Back returns here)."""

import flet as ft

from referee.core.said import restates
from referee.core.session import Session
from referee.ui import routes
from referee.ui.screen import Screen
from referee.ui.suits import suited
from referee.ui.widgets import tagged, verdict_body

FIXES = {"replace": "edit", "delete": "delete", "insert": "insert"}  # editor kind -> route
TITLES = {"replace": "Edit", "insert": "Insert before", "delete": "Delete"}


def logged_lines(session: Session) -> list[tuple[str, str | None]]:
    """Each logged action's line (the game's own words, for the table as it stood before
    it) and the headline of its verdict, or None where the verdict only says it again."""
    rules, steps = session.rules, session.steps
    befores = [session.initial, *(step.state for step in steps)][: len(steps)]
    lines = []
    for before, step in zip(befores, steps, strict=True):
        line = rules.said(before, step.action).line
        head = step.verdict.headline
        lines.append((line, None if restates(head, line) else head))
    return lines


def editable_log(session: Session, on_fix, opened: set[str]) -> ft.Control:
    """The log, newest first; opening an action shows its verdict and Edit / Delete /
    Insert before. `on_fix(number, kind)`, number counted from 1; `opened` holds the
    actions open now (number and line: after an undo, the next action of that number
    is another one), kept by the caller so that a redraw keeps them."""
    rules = session.rules
    tiles: list[ft.Control] = []
    lines = logged_lines(session)
    for step, (line, verdict_line) in reversed(list(enumerate(lines, start=1))):
        verdict = session.steps[step - 1].verdict
        entry = f"{step}. {line}"
        fixes = ft.Row(
            [
                ft.OutlinedButton(
                    content=TITLES[kind],
                    icon=icon,
                    height=48,
                    on_click=lambda _e, n=step, k=kind: on_fix(n, k),
                    key=f"fix-{kind}-{entry}",  # always this action: kept across moves
                )
                for kind, icon in (
                    ("replace", ft.Icons.EDIT),
                    ("delete", ft.Icons.DELETE_OUTLINE),
                    ("insert", ft.Icons.ADD),
                )
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
        subtitle = (
            None
            if verdict_line is None
            else tagged(
                f"log-verdict-{step}",
                suited(verdict_line, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
        tiles.append(
            tagged(
                f"log-{step}",
                ft.ExpansionTile(
                    expanded=entry in opened,
                    on_change=lambda e, n=entry: _opened(opened, n, e.control.expanded),
                    title=tagged(f"log-action-{step}", suited(entry, size=15)),
                    subtitle=subtitle,
                    controls=[
                        ft.Container(
                            ft.Column([verdict_body(rules, verdict, ""), fixes], spacing=8),
                            padding=8,
                        )
                    ],
                    dense=True,
                    # dense is 48 px, less the compact density a browser on a desktop
                    # gets (40 measured): a row is a tap target, so 48 at least.
                    min_tile_height=48,
                ),
            )
        )
        tiles[-1].key = f"log-{entry}"  # an action keeps its tile as newer ones come in
    if not tiles:
        tiles = [ft.Text("Nothing has happened yet.", italic=True)]
    return ft.Column(tiles, spacing=0)


def _opened(opened: set[str], entry: str, is_open: bool) -> None:
    if is_open:
        opened.add(entry)
    else:
        opened.discard(entry)


class LogScreen(Screen):
    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game

    def heading(self) -> str:
        return f"Log · {self.game.rules.title}"

    def bar_shows(self) -> tuple:
        return (self.route.path, self.game.live.version)

    def body(self) -> ft.Control:
        game = self.game
        hidden = game.new_view().log_hidden(game.session.state)
        if hidden is not None:  # a game whose players may not look back (Fairy)
            return tagged("log-hidden", ft.Text(hidden, size=14, italic=True))
        return ft.Column(
            [
                ft.Text(
                    "Newest first: every action, and under it the verdict it caused. Open "
                    "one for the verdict in full, or to edit it, delete it or insert one "
                    "before it.",
                    size=13,
                    italic=True,
                ),
                editable_log(game.session, self.fix, game.log_open),
            ],
            spacing=8,
        )

    def fix(self, number: int, kind: str) -> None:
        self.shell.go(routes.fix(self.game.game_id, number, FIXES[kind]))
