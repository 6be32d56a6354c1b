"""New game form: the tables played before (one tap seats one), the game, the players in
seat order (a name field offers the names played before as one types), dealer, options."""

import typing
from collections.abc import Callable, Sequence

import flet as ft
from pydantic import BaseModel

from referee.games import GAMES
from referee.storage.players import RecentTable, matching_names
from referee.ui.widgets import big_button, icon_button, name_chip, sent, tagged

SUGGESTED = 6  # names offered under a field: one or two lines of chips on a phone


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
        recent: Sequence[RecentTable] = (),
    ) -> None:
        self.known = known_names  # most recently played first
        self.recent = [t for t in recent if t.kind in GAMES]
        self.on_start = on_start
        self.on_cancel = on_cancel
        self.refresh = refresh
        self.kind = next(iter(GAMES))
        self.names: list[str] = [""] * max(3, GAMES[self.kind].min_players)
        self.options: dict = {}
        self.seats: dict[str, int] = {}  # seat option -> row index in the form
        # The name field focused last: the names offered show under it only, so the form
        # does not grow a row of chips under every field.
        self.typing: int | None = None
        self.teach = False  # Teach this game: What now? open under the status line

    @property
    def rules(self):
        return GAMES[self.kind]

    def _set_name(self, i: int, value: str) -> None:
        # The names offered (and the seat choices) follow what is typed. The field being
        # typed in stays as it is on screen (ui/reconcile.py), so it keeps the focus.
        self.names[i] = value
        self.typing = i
        self.refresh()

    def _focused(self, i: int) -> None:
        if self.typing != i:
            self.typing = i
            self.refresh()

    def suggestions(self, i: int) -> list[str]:
        """The known names offered under field `i`: those matching what is typed (an empty
        field: the latest players), never one seated in another field or typed in full."""
        typed = " ".join(self.names[i].split())
        seated = {" ".join(n.split()) for j, n in enumerate(self.names) if j != i}
        found = matching_names(self.known, typed, len(self.known)) if typed else self.known
        return [n for n in found if n not in seated and n != typed][:SUGGESTED]

    def _fill(self, i: int, name: str) -> None:
        self.names[i] = name
        self.refresh()

    def seat_table(self, table: RecentTable) -> None:
        """A table from before, seated as it sat, at its game; every field stays editable."""
        if table.kind != self.kind:
            self._choose_game(table.kind, refresh=False)
        rules = self.rules
        names = list(table.players)[: rules.max_players]
        self.names = names + [""] * max(0, rules.min_players - len(names))
        self.seats = {}
        self.typing = None
        self.refresh()

    def _seated(self, table: RecentTable) -> bool:
        names = tuple(n.strip() for n in self.names if n.strip())
        return table.kind == self.kind and names == table.players

    def _add_player(self) -> None:
        if len(self.names) < self.rules.max_players:
            self.names.append("")
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

    def _recent_rows(self) -> list[ft.Control]:
        if not self.recent:
            return []
        rows: list[ft.Control] = [ft.Text("Tables from before", weight=ft.FontWeight.BOLD)]
        for i, table in enumerate(self.recent):
            line = table.line()
            seated = self._seated(table)
            rows.append(
                ft.Semantics(
                    identifier=f"recent-{i}",
                    label=line,
                    button=True,
                    selected=seated,
                    content=ft.Container(
                        ft.Row(
                            [
                                ft.Icon(
                                    ft.Icons.CHECK_CIRCLE if seated else ft.Icons.GROUPS,
                                    size=22,
                                    color=ft.Colors.PRIMARY if seated else None,
                                ),
                                ft.Text(line, size=15, expand=True),
                            ],
                            spacing=12,
                        ),
                        on_click=lambda _e, t=table: self.seat_table(t),
                        key=f"recent-{i}",  # seats the same table on every redraw
                        ink=True,
                        padding=ft.Padding.symmetric(horizontal=12, vertical=13),
                        border_radius=12,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER
                        if seated
                        else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                    ),
                )
            )
        return rows

    def _name_row(self, i: int, name: str) -> ft.Control:
        field = ft.Row(
            [
                ft.TextField(
                    label=f"Player {i + 1}",
                    value=name,
                    expand=True,
                    on_change=lambda e, i=i: self._set_name(i, sent(e)),
                    on_focus=lambda _e, i=i: self._focused(i),
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
                    disabled=len(self.names) <= self.rules.min_players,
                ),
            ],
        )
        offered = self.suggestions(i) if self.typing == i else []
        # Keyed (kept across redraws, ui/reconcile.py): a name tapped right after a letter
        # typed still fills the field, instead of being dropped as a tap on an older screen.
        chips = [
            name_chip(n, lambda _e, n=n: self._fill(i, n), key=f"name-{i}-{n}") for n in offered
        ]
        # Always a row under the field, empty or not: the fields below keep their place in
        # the tree, so the one being typed in keeps the focus (ui/reconcile.py).
        return ft.Column(
            [field, tagged(f"suggestions-{i}", ft.Row(chips, wrap=True, spacing=6, run_spacing=2))],
            spacing=2,
        )

    def view(self) -> ft.Control:
        rules = self.rules
        game_choice = ft.RadioGroup(
            value=self.kind,
            on_change=lambda e: self._choose_game(sent(e)),
            content=ft.Column(
                [ft.Radio(value=k, label=g.title, height=48) for k, g in GAMES.items()]
            ),
        )
        parts: list[ft.Control] = [
            *self._recent_rows(),
            ft.Text("Game", weight=ft.FontWeight.BOLD),
            game_choice,
            ft.Text(
                f"Players in seat order ({rules.min_players}-{rules.max_players}), "
                "going left round the table",
                weight=ft.FontWeight.BOLD,
            ),
            *[self._name_row(i, name) for i, name in enumerate(self.names)],
            # Kept through what is typed (every letter redraws), new after a row is added:
            # a double tap adds one row.
            big_button(
                "Add player",
                lambda _e: self._add_player(),
                filled=False,
                disabled=len(self.names) >= rules.max_players,
                icon=ft.Icons.ADD,
                key=f"add-player-{len(self.names)}",
            ),
        ]
        for name in seat_fields(rules.options_model):
            radios: list[ft.Control] = [
                ft.Radio(value=str(i), label=n.strip() or f"Player {i + 1}", height=48)
                for i, n in enumerate(self.names)
            ]
            parts += [
                ft.Text(rules.options_model.model_fields[name].title, weight=ft.FontWeight.BOLD),
                ft.RadioGroup(
                    value=str(self.seats.get(name, 0)),
                    on_change=lambda e, n=name: self.seats.__setitem__(n, int(sent(e))),
                    content=ft.Row(radios, wrap=True),
                ),
            ]
        parts.append(self._teach_switch())
        parts += [
            ft.Text("House rulings", weight=ft.FontWeight.BOLD),
            *self._option_controls(rules.options_model),
        ]
        return tagged("new-game", ft.Column(parts, spacing=10))

    def _teach_switch(self) -> ft.Control:
        def flip(e) -> None:
            self.teach = bool(sent(e))

        switch = ft.Switch(value=self.teach, on_change=flip, label="Teach this game", height=48)
        why = ft.Text(
            "What now? stays open under the status line: what may be done now, and why.",
            size=12,
            italic=True,
        )
        return tagged("teach-switch", ft.Column([switch, why], spacing=0))

    def buttons(self) -> ft.Control:
        """Start and Cancel: kept in reach below the form, however far it scrolls."""
        # Kept while names are typed (each letter redraws the form): Start tapped right
        # after the last letter starts the game with that letter instead of being dropped.
        start = big_button("Start game", self._start, icon=ft.Icons.PLAY_ARROW, key="start-game")
        cancel = big_button("Cancel", lambda _e: self.on_cancel(), filled=False)
        start.expand = 2
        cancel.expand = 1
        return ft.Row([start, cancel], spacing=10)

    def _choose_game(self, kind: str, refresh: bool = True) -> None:
        self.kind = kind
        self.options = {}
        self.seats = {}
        rules = self.rules
        while len(self.names) < rules.min_players:
            self.names.append("")
        self.names = self.names[: rules.max_players]
        if refresh:
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
                    value=value,
                    on_change=lambda e, n=name: self._set_option(n, sent(e)),
                    height=48,
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
                        on_change=lambda e, n=name, text=field.annotation is str: self._set_option(
                            n, sent(e) if text else _number(sent(e))
                        ),
                    )
                )
            elif typing.get_origin(field.annotation) is typing.Literal:
                choices: list[ft.Control] = [
                    ft.Radio(value=v, label=_extra(field).get("labels", {}).get(v, v), height=48)
                    for v in typing.get_args(field.annotation)
                ]
                controls.append(ft.Row([heading]))
                controls.append(
                    ft.RadioGroup(
                        value=value,
                        on_change=lambda e, n=name: self._set_option(n, sent(e)),
                        content=ft.Row(choices, wrap=True),
                    )
                )
        return controls


def _number(typed: str):
    """What is typed into a number's field: a whole number as one (a record holds numbers
    as JSON numbers, never as text), blank as blank (the default), anything else as typed,
    for the options' check to refuse in a sentence."""
    text = typed.strip()
    return int(text) if text.isascii() and text.lstrip("-").isdigit() and len(text) < 10 else text
