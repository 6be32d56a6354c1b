"""What the shared game screen asks of each game's view."""

from collections.abc import Callable

import flet as ft

from referee.ui.widgets import tagged


class GameView:
    """Renders one game's state; turns taps into actions through `play`.

    `refresh` re-renders after a local choice (a card picked, not yet played); `tell`
    shows the table a message without changing anything; `confirm(title, text, yes)`
    asks before a step that cannot be taken back at the table (the final scoring).
    """

    unit = "points"  # what the scoreboard's number counts, for verdict lines

    def __init__(
        self,
        play: Callable[[object], None],
        refresh: Callable[[], None],
        tell: Callable[[str], None],
        confirm: Callable[[str, str, Callable[[], None]], None] | None = None,
    ) -> None:
        self.play = play
        self.refresh = refresh
        self.tell = tell
        self.confirm = confirm or (lambda _title, _text, yes: yes())
        self.explain_last: Callable[[], None] = lambda: None  # the last verdict in full

    def shows_last_step(self, state) -> bool:
        """Whether the action area already shows the last step (the newest bid of a
        ladder): the screen then leaves out its line of the last verdict, which would
        only say it again, and the ladder's newest entry opens the verdict instead."""
        return False

    def last_step(self, control: ft.Control, padding: ft.Padding | None = None) -> ft.Control:
        """`control` (the newest entry of a ladder, or the line of the last verdict) as the
        way to the last verdict in full."""
        return ft.Container(
            tagged("last-verdict", control),
            key="last-verdict",  # opens whatever verdict is last: kept across moves
            on_click=lambda _e: self.explain_last(),
            padding=padding,
            tooltip="Show the last verdict in full",
        )

    def title(self, state) -> str:
        raise NotImplementedError

    def round_line(self, state) -> str:
        raise NotImplementedError

    def scoreboard(self, state) -> ft.Control:
        raise NotImplementedError

    def status(self, state) -> str:
        raise NotImplementedError

    def actions(self, state) -> ft.Control:
        raise NotImplementedError

    def log_hidden(self, state) -> str | None:
        """Why the log stays closed now (players may not look back at earlier cards in
        some games), or None: the log is open to all."""
        return None
