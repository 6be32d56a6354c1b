"""What a screen, the game on screen and a dialog ask of the page's shell (`ui/shell.Shell`):
they are given the shell and know it by this face, so none of them imports the shell that
builds them."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

if TYPE_CHECKING:  # for the types alone: a screen's module need not load them
    from referee.live.tables import LiveTables
    from referee.storage.store import Store


class Games(Protocol):
    """The shell's stored games (`ui/stored_games.StoredGames`)."""

    def start_game(self, kind: str, players: list[str], options: dict) -> None: ...

    def open_game(self, game_id: int) -> None: ...

    def confirm_delete(self, game_id: int) -> None: ...

    def show_raw(self, game_id: int) -> None: ...


class Aids(Protocol):
    """The shell's aids of this device (`ui/device_aids.DeviceAids`)."""

    def toggle_theme(self, _e=None) -> None: ...

    def set_setting(self, name: str, value) -> None: ...


class Host(Protocol):
    page: ft.Page
    lives: "LiveTables"
    store: "Store"
    device: str  # this page's name for its pending picks
    owner: str  # whose device this is (a browser's token, else the page)
    notes: dict[int, str]  # game id -> what its screen says first (Play again)
    # The game in the view stack, if any: a `ui/game_device.GameDevice` (Any: it knows the
    # shell by this face in turn).
    game: Any
    # This device's phone: its settings, its screen kept on, its felt taps (`ui/phone.Phone`).
    phone: Any

    @property
    def games(self) -> Games: ...  # games made, opened, deleted

    @property
    def aids(self) -> Aids: ...  # the theme, the settings, the screen kept on

    @property
    def top(self) -> Any: ...  # the `ui/screen.Screen` on top of the view stack

    @property
    def editing(self) -> bool: ...

    def go(self, path: str) -> None: ...

    def back(self) -> None: ...

    def closed(self) -> None: ...

    def game_gone(self, message: str) -> None: ...

    def render(self, to_top: bool = False, moved: bool = True) -> None: ...

    def dialog(self, dialog: ft.DialogControl) -> None: ...

    def close_dialog(self, _e=None) -> None: ...

    def toast(self, message: str) -> None: ...

    def alert(self, title: str, message: str) -> None: ...

    def confirm(
        self,
        title: str,
        message: str,
        on_yes: Callable[[], None],
        yes: str = "Yes, go ahead",
        no: str = "Not yet",
    ) -> None: ...

    def common_actions(self) -> list[ft.Control]: ...

    def share(self, _e=None) -> None: ...
