"""New game form: game, players in seat order (names used before offered), dealer, options."""

import typing
from collections.abc import Callable

import flet as ft
from pydantic import BaseModel

from referee.games import GAMES
from referee.ui.widgets import big_button, icon_button, tagged


def _extra(field) -> dict:
    extra = field.json_schema_extra
    return extra if isinstance(extra, dict) else {}


def seat_fields(model: type[BaseModel]) -> list[str]:
    """Options that name a seat (the first dealer, the first Liar): chosen from the players."""
    return [name for name, field in model.model_fields.items() if _extra(field).get("seat")]


class NewGameForm:
    def __init__(
        self,
        known_names: list[str],
        on_start: Callable[[str, list[str], dict], None],
        on_cancel: Callable[[], None],
        refresh: Callable[[], None],
    ) -> None:
        self.known = known_names
        self.on_start = on_start
        self.on_cancel = on_cancel
        self.refresh = refresh
        self.kind = next(iter(GAMES))
        self.names: list[str] = [""] * max(3, GAMES[self.kind].min_players)
        self.options: dict = {}
        self.seats: dict[str, int] = {}  # seat option -> row index in the form

    @property
    def rules(self):
        return GAMES[self.kind]

    def _set_name(self, i: int, value: str) -> None:
        self.names[i] = value
        if seat_fields(self.rules.options_model):
            # The seat choices show the names. The field being typed in stays as it is
            # on screen (ui/reconcile.py), so it keeps the focus.
            self.refresh()

    def _add_player(self, name: str = "") -> None:
        empty = [i for i, n in enumerate(self.names) if not n.strip()]
        if name and empty:
            self.names[empty[0]] = name
        elif len(self.names) < self.rules.max_players:
            self.names.append(name)
        self.refresh()

    def _remove(self, i: int) -> None:
        if len(self.names) > self.rules.min_players:
            del self.names[i]
            self.seats = {k: min(v, len(self.names) - 1) for k, v in self.seats.items()}
            self.refresh()

    def _move(self, i: int, d: int) -> None:
        j = i + d
        if 0 <= j < len(self.names):
            self.names[i], self.names[j] = self.names[j], self.names[i]
            self.refresh()

    def _start(self, _e=None) -> None:
        # Blank rows are spare seats, not players: a table of two leaves the third empty.
        seated = [i for i, n in enumerate(self.names) if n.strip()]
        options = {k: v for k, v in self.options.items() if v != ""}  # blank: the default
        for name in seat_fields(self.rules.options_model):
            row = self.seats.get(name, 0)
            options[name] = seated.index(row) if row in seated else 0
        self.on_start(self.kind, [self.names[i].strip() for i in seated], options)

    def view(self) -> ft.Control:
        rules = self.rules
        game_choice = ft.RadioGroup(
            value=self.kind,
            on_change=lambda e: self._choose_game(e.control.value),
            content=ft.Column([ft.Radio(value=k, label=g.title) for k, g in GAMES.items()]),
        )
        rows = []
        for i, name in enumerate(self.names):
            rows.append(
                ft.Row(
                    [
                        ft.TextField(
                            label=f"Player {i + 1}",
                            value=name,
                            expand=True,
                            on_change=lambda e, i=i: self._set_name(i, e.control.value),
                            capitalization=ft.TextCapitalization.WORDS,
                        ),
                        icon_button(
                            ft.Icons.ARROW_UPWARD,
                            f"Move player {i + 1} up",
                            lambda _e, i=i: self._move(i, -1),
                            disabled=i == 0,
                        ),
                        icon_button(
                            ft.Icons.CLOSE,
                            f"Remove player {i + 1}",
                            lambda _e, i=i: self._remove(i),
                            disabled=len(self.names) <= rules.min_players,
                        ),
                    ],
                )
            )
        suggestions = [n for n in self.known if n not in self.names][:12]
        known = (
            ft.Row(
                [ft.Text("Played before:", size=12)]
                + [
                    ft.Chip(label=ft.Text(n), on_click=lambda _e, n=n: self._add_player(n))
                    for n in suggestions
                ],
                wrap=True,
            )
            if suggestions
            else ft.Container()
        )
        parts: list[ft.Control] = [
            ft.Text("Game", weight=ft.FontWeight.BOLD),
            game_choice,
            ft.Text(
                f"Players in seat order ({rules.min_players}-{rules.max_players}), "
                "going left round the table",
                weight=ft.FontWeight.BOLD,
            ),
            *rows,
            known,
            big_button(
                "Add player",
                lambda _e: self._add_player(),
                filled=False,
                disabled=len(self.names) >= rules.max_players,
                icon=ft.Icons.ADD,
            ),
        ]
        for name in seat_fields(rules.options_model):
            radios = [
                ft.Radio(value=str(i), label=n.strip() or f"Player {i + 1}")
                for i, n in enumerate(self.names)
            ]
            parts += [
                ft.Text(rules.options_model.model_fields[name].title, weight=ft.FontWeight.BOLD),
                ft.RadioGroup(
                    value=str(self.seats.get(name, 0)),
                    on_change=lambda e, n=name: self.seats.__setitem__(n, int(e.control.value)),
                    content=ft.Row(radios, wrap=True),
                ),
            ]
        parts += [
            ft.Text("House rulings", weight=ft.FontWeight.BOLD),
            *self._option_controls(rules.options_model),
        ]
        parts.append(
            ft.Row(
                [
                    big_button("Start game", self._start, icon=ft.Icons.PLAY_ARROW),
                    big_button("Cancel", lambda _e: self.on_cancel(), filled=False),
                ],
                wrap=True,
            )
        )
        return tagged("new-game", ft.Column(parts, spacing=10))

    def _choose_game(self, kind: str) -> None:
        self.kind = kind
        self.options = {}
        self.seats = {}
        rules = self.rules
        while len(self.names) < rules.min_players:
            self.names.append("")
        self.names = self.names[: rules.max_players]
        self.refresh()

    def _set_option(self, name: str, value) -> None:
        self.options[name] = value

    def _option_controls(self, model: type[BaseModel]) -> list[ft.Control]:
        """Options are drawn from the model's fields, so a new ruling needs no new UI."""
        controls: list[ft.Control] = []
        defaults = model()
        for name, field in model.model_fields.items():
            if _extra(field).get("seat"):
                continue
            value = self.options.get(name, getattr(defaults, name))
            heading = ft.Column(
                [
                    ft.Text(field.title or name),
                    ft.Text(field.description or "", size=12, italic=True),
                ],
                spacing=0,
                expand=True,
            )
            if field.annotation is bool:
                switch = ft.Switch(
                    value=value, on_change=lambda e, n=name: self._set_option(n, e.control.value)
                )
                controls.append(ft.Row([switch, heading]))
            elif field.annotation in (int, int | None, str):
                controls.append(ft.Row([heading]))
                controls.append(
                    ft.TextField(
                        label=field.title or name,
                        value="" if value is None else str(value),
                        width=240,
                        keyboard_type=ft.KeyboardType.TEXT
                        if field.annotation is str
                        else ft.KeyboardType.NUMBER,
                        on_change=lambda e, n=name: self._set_option(n, e.control.value),
                    )
                )
            elif typing.get_origin(field.annotation) is typing.Literal:
                choices = [
                    ft.Radio(value=v, label=_extra(field).get("labels", {}).get(v, v))
                    for v in typing.get_args(field.annotation)
                ]
                controls.append(ft.Row([heading]))
                controls.append(
                    ft.RadioGroup(
                        value=value,
                        on_change=lambda e, n=name: self._set_option(n, e.control.value),
                        content=ft.Row(choices, wrap=True),
                    )
                )
        return controls
