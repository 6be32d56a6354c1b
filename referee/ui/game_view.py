"""What the shared game screen asks of each game's view."""

from collections.abc import Callable

import flet as ft


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
