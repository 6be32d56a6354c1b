"""The statistics' "Wins by game": one game a row, its title and then each player's wins
of the games played at it. Rows, not a column a game: five games' columns are wider than
a phone, and a table that scrolls sideways hides the games past its edge."""

import flet as ft

from referee.history.stats import Statistics
from referee.history.stats_report import title
from referee.ui.screens.stats.view import colours
from referee.ui.widgets import slug, tagged

TITLE_WIDTH = 112  # px: a game's title wraps inside it ("Faces, Aces & Jokers" on two lines)


def by_game_rows(stats: Statistics) -> ft.Control:
    """Each game: who played it, most wins overall first, as "Bo 1 of 2"; a player who
    never played it is left out of its row. Every row wraps within the screen's width."""
    colour = colours(stats)
    rows: list[ft.Control] = []
    for k in stats.kinds:
        wins: list[ft.Control] = [
            tagged(
                f"stats-by-game-{k.kind}-{slug(p.player)}",
                ft.Text(
                    spans=[
                        ft.TextSpan(
                            p.player,
                            style=ft.TextStyle(color=colour[p.player], weight=ft.FontWeight.BOLD),
                        ),
                        ft.TextSpan(f" {t.wins} of {t.games}"),
                    ],
                    size=15,
                    semantics_label=f"{p.player} {t.wins} of {t.games}",
                ),
            )
            for p in stats.players
            if (t := p.by_kind.get(k.kind)) is not None
        ]
        if rows:
            rows.append(ft.Divider(height=1))
        rows.append(
            ft.Row(
                [
                    ft.Text(title(k.kind), size=15, weight=ft.FontWeight.W_600, width=TITLE_WIDTH),
                    ft.Row(wins, wrap=True, spacing=14, run_spacing=4, expand=True),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
    return tagged("stats-by-game", ft.Column(rows, spacing=8))
