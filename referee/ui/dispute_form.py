"""What a game's dispute entry builds on: the game's form (`referee/ui/games/<game>/
disputes.py`, FORM) enters one dispute of its kinds on the shared dispute screen
(`ui/screens/settle/dispute.py`), which keeps the choice of game and kind, the players,
the verdict and saving. The form holds what is entered and turns it into the dispute's JSON data.
"""

import functools
from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol

import flet as ft


class FormScreen(Protocol):
    """What a form asks of the dispute screen it is on
    (`ui/screens/settle/dispute.DisputeScreen`)."""

    kind: str | None
    names: list[str]
    active: int  # whose cards the grid enters (-1: the board / the top card)
    saved: bool

    refresh: Callable[..., None]  # draws the screen again


def choice(
    text: str | ft.Control,
    name: str,
    chosen: bool,
    on_tap: Callable[[], None],
    width: int | None = None,
    height: int = 48,
    disabled: bool = False,
    repeats: bool = False,
    key: str | None = None,
) -> ft.Control:
    """One of a row of choices: filled when chosen; `name` is what a screen reader says.

    A choice sets what it names (or, chosen, takes it back), so it is kept from redraw to
    redraw while it stays chosen or not (its key): a tap on the next choice sent before
    the last one's redraw came counts, and the second tap of a double tap, made on the
    button the first one changed, is dropped. `repeats`: a tap adds or steps again at
    every tap (an item won, a value up); such a button comes anew at every redraw, so a
    double tap acts once. `key`: what the choice sets, when its name says it by a player's
    name (a seat's number stays while the names are edited, so the tap that ends an edit
    still counts; the form keeps what was entered by seat too, so with a player taken out
    the tap goes to whoever now holds that seat, as the entries do)."""
    cls = ft.FilledButton if chosen else ft.OutlinedButton
    return ft.Semantics(
        label=name,
        button=True,
        selected=chosen,
        content=cls(
            content=text,
            height=height,
            width=width,
            disabled=disabled,
            on_click=lambda _e: on_tap(),
            key=None if repeats else f"choice {key or name}: {chosen}",
        ),
    )


class DisputeForm:
    """The entry of one dispute of a game, on the dispute screen `screen`.

    `pre` is what the game in progress prefilled (empty from the home screen). `seats`
    names the lists with one entry per player and what a new player starts with, so that
    adding, removing and renaming players is done here once for every form.
    """

    seats: ClassVar[dict[str, Callable[[], object]]] = {}

    def __init__(self, screen: FormScreen, pre: dict) -> None:
        self.screen = screen
        self.kind: str = screen.kind or ""
        self.pre = pre

    # -- what the screen asks ------------------------------------------------------------

    def entry(self) -> list[ft.Control]:
        """The controls that enter this kind, below the players row."""
        raise NotImplementedError

    def dispute(self) -> dict | None:
        """The dispute entered so far as JSON data, or None while it is incomplete."""
        raise NotImplementedError

    def players_row(self) -> bool:
        """Whether the players are named here (not when the kind names its two roles)."""
        return True

    def min_players(self) -> int:
        return 2

    def resize(self, n: int) -> None:
        """One entry per player in each of `seats`: new players start empty."""
        for attr, empty in self.seats.items():
            seq = getattr(self, attr)
            del seq[n:]
            while len(seq) < n:
                seq.append(empty())

    def renamed(self, names: list[str]) -> None:
        """The players now have these names: keep each role on a player still named."""

    # -- shared by the forms -------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.screen.names

    @property
    def active(self) -> int:
        """Whose cards the grid enters (-1: the board, the top card)."""
        return self.screen.active

    @active.setter
    def active(self, seat: int) -> None:
        self.screen.active = seat

    def _set(self, **changes) -> None:
        for key, value in changes.items():
            setattr(self, key, value)
        self.screen.saved = False
        self.screen.refresh()

    def _tabs(self, labels: Sequence[tuple[int, str, str]]) -> ft.Control:
        """Whose cards the grid enters: (index, visible text, accessible name); the text is
        the player's name, a new line, and what is entered for them."""
        # Two tabs a line on a phone, three on a wider screen, each as wide as the next,
        # and each two lines high: the name, then in words what is entered ("Ana", "3 of 5
        # cards"), so a tab whose text grows as entries are made never changes height,
        # which would move everything below under the next quick tap.
        buttons: list[ft.Control] = [
            ft.Container(
                choice(
                    ft.Text(text, size=13, text_align=ft.TextAlign.CENTER),
                    name,
                    index == self.active,
                    functools.partial(self._set, active=index),
                    height=56,
                    key=f"tab {index}",
                ),
                col={"xs": 6, "md": 4},
            )
            for index, text, name in labels
        ]
        return ft.ResponsiveRow(buttons, spacing=6, run_spacing=6)
