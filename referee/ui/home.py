"""The home screen: games in progress (one tap to resume), series totals, finished games."""

from collections.abc import Callable, Sequence

import flet as ft

from referee.games import GAMES
from referee.store import GameSummary
from referee.ui.widgets import big_button, icon_button, tagged


def game_tile(
    g: GameSummary, on_open: Callable[[int], None], on_delete: Callable[[int], None]
) -> ft.Control:
    title = GAMES[g.kind].title if g.kind in GAMES else g.kind
    verb = "View" if g.finished else "Resume"
    who = f"{title}: {', '.join(g.players)}"
    return ft.Card(
        ft.Container(
            ft.Column(
                [
                    ft.Text(who, weight=ft.FontWeight.BOLD),
                    ft.Text(g.summary, size=13),
                    ft.Text(
                        f"Last played {g.updated.replace('T', ' ')[:16]} · {g.actions} actions",
                        size=12,
                        italic=True,
                    ),
                    ft.Row(
                        [
                            ft.Semantics(
                                label=f"{verb} {who}",
                                button=True,
                                content=big_button(verb, lambda _e: on_open(g.id)),
                            ),
                            icon_button(
                                ft.Icons.DELETE_OUTLINE, f"Delete {who}", lambda _e: on_delete(g.id)
                            ),
                        ]
                    ),
                ],
                spacing=4,
            ),
            padding=12,
        )
    )


def series_rows(series: Sequence[tuple[str, int, dict[str, int]]]) -> list[ft.Control]:
    """(series name, games in it, running totals by player) -> the Series section."""
    if not series:
        return []
    rows: list[ft.Control] = [ft.Text("Series", size=18, weight=ft.FontWeight.BOLD)]
    for name, count, totals in series:
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        text = " · ".join(f"{player} {points}" for player, points in ranked)
        games = f"{count} game{'s' if count != 1 else ''}"
        rows.append(tagged(f"series-{name}", ft.Text(f"{name} ({games}): {text}")))
    return rows


def home_view(
    games: Sequence[GameSummary],
    series: Sequence[tuple[str, int, dict[str, int]]],
    *,
    on_new,
    on_import,
    on_open,
    on_delete,
) -> ft.Control:
    active = [g for g in games if not g.finished]
    done = [g for g in games if g.finished]
    parts: list[ft.Control] = [
        ft.Text("A referee for the card game on your table.", size=16),
        ft.Row(
            [
                big_button("New game", lambda _e: on_new(), icon=ft.Icons.ADD),
                big_button(
                    "Import a record",
                    lambda _e: on_import(),
                    filled=False,
                    icon=ft.Icons.UPLOAD_FILE,
                ),
            ],
            wrap=True,
        ),
        ft.Text("In progress", size=18, weight=ft.FontWeight.BOLD),
        *(
            [game_tile(g, on_open, on_delete) for g in active]
            or [ft.Text("No games in progress.", italic=True)]
        ),
        *series_rows(series),
    ]
    if done:
        parts += [
            ft.Text("Finished", size=18, weight=ft.FontWeight.BOLD),
            *[game_tile(g, on_open, on_delete) for g in done],
        ]
    return tagged("home", ft.Column(parts, spacing=10))
