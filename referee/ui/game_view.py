"""What the shared game screen asks of each game's view."""

import copy
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from referee.core.outcome import Outcome
from referee.ui.widgets import strut, tagged


def final(outcome: Outcome | None) -> Outcome:
    """The outcome of a game that is over: a view asks the rules for it only then."""
    if outcome is None:
        raise ValueError("the game is not over: it has no outcome yet")
    return outcome


def acting(seat: int | None) -> int:
    """The seat to act: a view draws a turn's screen only while someone is to act."""
    if seat is None:
        raise ValueError("nobody is to act now")
    return seat


class Pad(Protocol):
    """The shared picks as a view sees them (referee.ui.game_device.PickPad on a live
    game, the log editor's own while a fix is made)."""

    @property
    def me(self) -> int | None: ...  # the seat of the player holding the device, if any

    @property
    def moment(self) -> int: ...  # the move shown: a control keyed with it stays till then

    def shown(self, seat: int) -> Any: ...

    def can_change(self, seat: int) -> bool: ...

    def choose(self, seat: int, value: Any) -> None: ...

    def clear(self, seat: int) -> None: ...


class GameView:
    """Renders one game's state; turns taps into actions through `play`.

    `refresh` re-renders after a local choice (a card picked, not yet played); `tell`
    shows the table a message without changing anything; `confirm(title, text, yes)`
    asks before a step that cannot be taken back at the table (the final scoring).
    """

    unit = "points"  # what the scoreboard's number counts, for verdict lines
    # The shared picks and entries of a live game (referee.ui.game_device.PickPad); the app
    # gives every view its own. A view without one (a fix to the log, a test) keeps its
    # entries to itself.
    pad: Pad | None = None

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

    @property
    def shared_pad(self) -> Pad:
        """The pad of a view that is always given one (a game whose players pick at once,
        or whose entries every device shows)."""
        if self.pad is None:
            raise RuntimeError(f"{type(self).__name__} needs the shared picks (`pad`)")
        return self.pad

    # -- entries being tapped in ----------------------------------------------------------

    def entry(self, name: str, default: Any = None) -> Any:
        """An entry being tapped in before it is confirmed (a hand, a lot's items): the
        table's, stored as it grows and shown on every device, when the view plays a live
        game; else this view's own. A copy: change it with `set_entry`."""
        draft = getattr(self.pad, "draft", None)  # a live game's pad keeps the table's
        if draft is not None:
            return draft(name, default)
        value = self._own_entries().get(name)
        return default if value is None else copy.deepcopy(value)

    def set_entry(self, name: str, value: Any, redraw: bool = True) -> None:
        """The entry as it now stands (None, or empty: cleared), then the screen redrawn
        (a live game's always is: every device shows it)."""
        value = value or None
        set_draft = getattr(self.pad, "set_draft", None)
        if set_draft is not None:
            set_draft(name, value)
            return
        if value is None:
            self._own_entries().pop(name, None)
        else:
            self._own_entries()[name] = copy.deepcopy(value)
        if redraw:
            self.refresh()

    def clear_own_entries(self) -> None:
        """A view's own entries end with the moment they were for (a live game's end with
        the change that follows them, on every device)."""
        self._own_entries().clear()

    def _own_entries(self) -> dict[str, Any]:
        return self.__dict__.setdefault("_entries", {})

    def shows_last_step(self, state) -> bool:
        """Whether the action area already shows the last step (the newest bid of a
        ladder): the screen then leaves out its line of the last verdict, which would
        only say it again, and the ladder's newest entry opens the verdict instead."""
        return False

    def last_step(self, control: ft.Control, padding: ft.Padding | None = None) -> ft.Control:
        """`control` (the newest entry of a ladder, or the line of the last verdict) as the
        way to the last verdict in full."""
        return ft.Container(
            # One short line of verdict is still a thumb's height to tap.
            ft.Row(
                [
                    strut(),
                    ft.Container(tagged("last-verdict", control), expand=True),
                ],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            key="last-verdict",  # opens whatever verdict is last: kept across moves
            on_click=lambda _e: self.explain_last(),
            # No tooltip: on a phone a long press (a thumb resting on the line) left it
            # standing over the table, even after a reconnect.
            padding=padding,
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

    def start_from(self, state, action) -> None:
        """A fix to the log starts from the action as logged: the entries it was tapped in
        with (a hand, a board, a lot's items, a guess's count) set to it, so confirming
        it is one tap and changing one card is two. A view whose every action is a single
        tap has nothing to set (a choice everyone makes at once is the editor's own)."""

    def keypad(self, state) -> ft.Control | None:
        """The taps of the move being entered, where a game has one pad for a whole move
        (a FAJ trick): shown first under the status line, above What now? and the last
        verdict, so nothing above it grows while a move is entered and it never needs a
        scroll; None: the game's actions hold its taps."""
        return None

    def log_hidden(self, state) -> str | None:
        """Why the log stays closed now (players may not look back at earlier cards in
        some games), or None: the log is open to all."""
        return None
