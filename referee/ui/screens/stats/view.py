"""The statistics screen's parts, drawn from one `Statistics` (referee/history/stats.py computes
every figure; nothing here counts): the filters, each player's record, head-to-head, each
game's records, wins over time as a chart and by day as a table, the unfinished games.

Built for a phone first: tables scroll sideways inside their own row, so the screen never
does, and whatever a finger taps is at least 48 px high.
"""

from collections.abc import Callable, Sequence
from datetime import date

import flet as ft

from referee.core.words import amount, number
from referee.games import GAMES
from referee.history.stats import HeadToHead, Statistics
from referee.history.stats_report import PERIOD_TITLES, title, unit
from referee.ui.charts import LINE_WIDTH, axis_title, chart_legend, line_dash
from referee.ui.theme import player_colours
from referee.ui.widgets import TAP, icon_button, slug, tagged

PERIOD_LABELS = {"evening": "Last evening", "month": "Last 30 days", "all": "All time"}


def colours(stats: Statistics) -> dict[str, str]:
    """Each player's colour, the one they have at their tables (ui/theme.py)."""
    names = [p.player for p in stats.players]
    return dict(zip(names, player_colours(names), strict=True))


CHART_HEIGHT = 220
AXIS_LABELS = 5  # dates under the chart: more would run into each other on a phone


def heading(text: str) -> ft.Control:
    return ft.Container(
        ft.Text(text, size=18, weight=ft.FontWeight.BOLD), padding=ft.Padding.only(top=10)
    )


def choice_chips(
    identifier: str,
    choices: Sequence[tuple[str, str]],
    chosen: str,
    on_choose: Callable,
    sideways: bool = False,
) -> ft.Control:
    """One choice of several as chips, (value, label) pairs; `sideways`: one row that
    scrolls (the six games would take three rows of a phone), else they wrap."""
    # Keyed: a chip means the same after every redraw (ui/reconcile.py keeps it), so a
    # quick second tap on another filter is not dropped as one sent from an older screen.
    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(label, size=15),
            selected=value == chosen,
            show_checkmark=False,
            on_select=lambda _e, v=value: on_choose(v),
            height=48,  # Material's least for a thumb
            key=f"{identifier}-{value}",
        )
        for value, label in choices
    ]
    row = (
        ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO)
        if sideways
        else ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
    )
    return tagged(identifier, row)


def game_choices() -> list[tuple[str, str]]:
    return [("", "All games"), *((kind, rules.title) for kind, rules in GAMES.items())]


def summary(stats: Statistics) -> str:
    which = title(stats.kind) if stats.kind else "All games"
    n = stats.games
    line = f"{which} · {PERIOD_TITLES[stats.period]}: {n} finished game{'' if n == 1 else 's'}"
    if stats.unfinished:
        line += f"; {len(stats.unfinished)} unfinished, not counted"
    return line + "."


def _percent(rate: float) -> str:
    return f"{round(100 * rate)}%"


def _cell(text: str, identifier: str | None = None, **style) -> ft.DataCell:
    shown = ft.Text(text, **style)
    return ft.DataCell(tagged(identifier, shown) if identifier else shown)


def players_table(stats: Statistics, on_rename: Callable[[str], None]) -> ft.Control:
    """Games, wins, win rate and average place of each player, most wins first. A name
    opens its renaming."""
    rows, colour = [], colours(stats)
    for p in stats.players:
        t, key = p.overall, slug(p.player)
        rows.append(
            ft.DataRow(
                cells=[
                    ft.DataCell(
                        ft.Row(
                            [
                                ft.Container(
                                    width=10,
                                    height=10,
                                    border_radius=5,
                                    bgcolor=colour[p.player],
                                ),
                                ft.Text(p.player, size=15, weight=ft.FontWeight.BOLD),
                            ],
                            spacing=6,
                            tight=True,
                        ),
                        on_tap=lambda _e, name=p.player: on_rename(name),
                    ),
                    _cell(str(t.games), f"stats-games-{key}", size=15),
                    _cell(str(t.wins), f"stats-wins-{key}", size=15),
                    _cell(_percent(t.win_rate), f"stats-rate-{key}", size=15),
                    _cell(f"{t.average_place:.2f}", f"stats-place-{key}", size=15),
                ]
            )
        )
    return tagged(
        "stats-players",
        _table(["Player", "Games", "Wins", "Win %", "Avg\nplace"], rows, row_height=TAP),
    )


def _table(headings: Sequence[str], rows: list[ft.DataRow], row_height: int) -> ft.Control:
    """A table that scrolls sideways in its own row when wider than the phone."""
    table = ft.DataTable(
        columns=[
            ft.DataColumn(label=ft.Text(h, weight=ft.FontWeight.BOLD), numeric=i > 0)
            for i, h in enumerate(headings)
        ],
        rows=rows,
        column_spacing=16,
        horizontal_margin=6,
        heading_row_height=48,
        data_row_min_height=row_height,
        data_row_max_height=row_height,
    )
    return ft.Row([table], scroll=ft.ScrollMode.AUTO)


def head_to_head_panel(
    stats: Statistics, pair: Sequence[str], on_toggle: Callable[[str], None]
) -> ft.Control:
    """Two players chosen from chips, and how they placed against each other."""
    chips = ft.Row(
        [
            ft.Chip(
                label=ft.Text(p.player, size=15),
                selected=p.player in pair,
                on_select=lambda _e, name=p.player: on_toggle(name),
                height=48,  # Material's least for a thumb
                key=f"h2h-{p.player}",
            )
            for p in stats.players
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )
    parts: list[ft.Control] = [chips]
    if len(pair) == 2:
        parts += _head_to_head(stats.head_to_head(*pair), stats)
    else:
        parts.append(ft.Text("Choose two players.", size=14, italic=True))
    return tagged("head-to-head", ft.Column(parts, spacing=8))


def _head_to_head(h: HeadToHead, stats: Statistics) -> list[ft.Control]:
    if not h.games:
        return [
            tagged(
                "h2h-result",
                ft.Text(f"{h.a} and {h.b} have not finished a game together here.", size=15),
            )
        ]
    colour = colours(stats)
    shares = [
        (h.a_higher, colour.get(h.a, ft.Colors.PRIMARY)),
        (h.ties, ft.Colors.OUTLINE_VARIANT),
        (h.b_higher, colour.get(h.b, ft.Colors.SECONDARY)),
    ]
    bar = ft.Row(
        [ft.Container(bgcolor=c, expand=n, height=14) for n, c in shares if n],
        spacing=2,
    )
    games = f"{h.games} game{'' if h.games == 1 else 's'} together"
    ties = f" · tied {_times(h.ties)}" if h.ties else ""
    return [
        tagged("h2h-result", ft.Text(f"{h.a} and {h.b}: {games}", size=15)),
        ft.Container(bar, border_radius=7, clip_behavior=ft.ClipBehavior.HARD_EDGE),
        tagged(
            "h2h-places",
            ft.Text(
                f"{h.a} placed higher {_times(h.a_higher)} · {h.b} {_times(h.b_higher)}{ties}",
                size=14,
            ),
        ),
    ]


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, amount(n, "times"))


def kind_cards(stats: Statistics) -> list[ft.Control]:
    """Each game's records: most wins, highest and lowest score, longest game."""
    cards: list[ft.Control] = []
    for k in stats.kinds:
        u = unit(k.kind)
        lines = [
            ("Most wins", f"{', '.join(k.most_wins)} ({k.most_wins_count})", "most-wins"),
            ("Highest", k.highest.text(u), "highest"),
            ("Lowest", k.lowest.text(u), "lowest"),
            (
                "Longest",
                f"{amount(k.longest.actions, 'actions')} ({', '.join(k.longest.players)})",
                "longest",
            ),
        ]
        cards.append(
            tagged(
                f"kind-{k.kind}",
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                f"{title(k.kind)} · {k.games} game{'' if k.games == 1 else 's'}",
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            ),
                            *[
                                ft.Row(
                                    [
                                        ft.Text(label, size=14, width=72, italic=True),
                                        tagged(
                                            f"{ident}-{k.kind}",
                                            ft.Text(value, size=14),
                                        ),
                                    ],
                                    spacing=8,
                                    vertical_alignment=ft.CrossAxisAlignment.START,
                                )
                                for label, value, ident in lines
                            ],
                        ],
                        spacing=4,
                    ),
                    padding=12,
                    border_radius=12,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                ),
            )
        )
    return cards


def _short_day(day: str) -> str:
    """'2025-03-07' -> '7 Mar'."""
    try:
        when = date.fromisoformat(day)
    except ValueError:
        return day
    return f"{when.day} {when.strftime('%b')}"


def wins_chart(stats: Statistics) -> ft.Control:
    """Each player's wins so far at the end of each day with games, from nothing."""
    import flet_charts as fch  # only this screen and the standings need it: a quick start

    lines = stats.wins_over_time()
    days = [d.day for d in stats.days]
    top = max([1, *(line[-1] for line in lines.values() if line)])
    colour = colours(stats)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y) for x, y in enumerate([0, *line])],
            color=colour.get(name, ft.Colors.PRIMARY),
            stroke_width=LINE_WIDTH,
            dash_pattern=line_dash(i),
            point=len(days) <= 12,
        )
        for i, (name, line) in enumerate(lines.items())
    ]
    step = max(1, -(-len(days) // AXIS_LABELS))
    labels = [
        fch.ChartAxisLabel(value=x + 1, label=ft.Text(_short_day(day), size=11))
        for x, day in enumerate(days)
        if (len(days) - 1 - x) % step == 0  # the latest day always named
    ]
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=max(1, len(days)),
        min_y=0,
        max_y=top,
        interactive=False,
        left_axis=fch.ChartAxis(
            label_spacing=max(1, -(-top // 4)), label_size=28, **axis_title("wins")
        ),
        bottom_axis=fch.ChartAxis(labels=labels, label_size=24, **axis_title("days")),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=max(1, -(-top // 4)), color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    legend = chart_legend(list(lines), [colour.get(name, ft.Colors.PRIMARY) for name in lines])
    return tagged(
        "stats-chart",
        ft.Column(
            [
                # Room on the right for the latest day, its date centred under its point.
                ft.Container(chart, height=CHART_HEIGHT, padding=ft.Padding.only(right=24, top=8)),
                legend,
            ],
            spacing=6,
        ),
    )


def days_table(stats: Statistics, limit: int) -> ft.Control:
    """Games and each player's wins per day, the latest day first ('·': not at the table)."""
    names, colour = [p.player for p in stats.players], colours(stats)
    table = ft.DataTable(
        columns=[
            ft.DataColumn(label=ft.Text("Day")),
            ft.DataColumn(label=ft.Text("Games"), numeric=True),
            *[
                ft.DataColumn(
                    label=ft.Text(name, color=colour[name], weight=ft.FontWeight.BOLD),
                    numeric=True,
                )
                for name in names
            ],
        ],
        rows=[
            ft.DataRow(
                cells=[
                    _cell(_short_day(d.day)),
                    _cell(str(d.games)),
                    *[_cell(number(d.wins.get(n, 0)) if n in d.played else "·") for n in names],
                ]
            )
            for d in list(reversed(stats.days))[:limit]
        ],
        column_spacing=16,
        horizontal_margin=6,
        heading_row_height=36,
        data_row_min_height=32,
        data_row_max_height=32,
    )
    return tagged("stats-days", ft.Row([table], scroll=ft.ScrollMode.AUTO))


def unfinished_rows(stats: Statistics, on_open: Callable[[int], None]) -> list[ft.Control]:
    rows: list[ft.Control] = []
    for g in stats.unfinished:
        who = f"{title(g.kind)}: {', '.join(g.players)}"
        rows.append(
            tagged(
                f"unfinished-{g.id}",
                ft.Row(
                    [
                        ft.Column(
                            [
                                ft.Text(who, size=15, weight=ft.FontWeight.BOLD),
                                ft.Text(g.summary, size=13),
                            ],
                            spacing=2,
                            expand=True,
                        ),
                        icon_button(
                            ft.Icons.PLAY_ARROW,
                            f"Resume {who}",
                            lambda _e, i=g.id: on_open(i),
                            key=f"resume-{g.id}",  # its game's through a move elsewhere
                        ),
                    ],
                ),
            )
        )
    return rows
