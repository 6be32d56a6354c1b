"""The end of every game: the winner(s) first and why, the places with ties, the scores
after each decisive moment, and a chart of them over the game."""

import flet as ft

from referee.core.session import Session
from referee.core.words import amount, number
from referee.ui.charts import LINE_WIDTH, axis_title, chart_legend, line_dash
from referee.ui.result.facts import places
from referee.ui.theme import player_colours
from referee.ui.widgets import slug, tagged


def score_history(session: Session) -> list[tuple[str, tuple[int, ...]]]:
    """(label, each seat's points) at the start and after every decisive verdict: the
    session's steps already hold the state after each action, so nothing is replayed.

    A verdict whose points move with the next action (`scored_next`: a Deceptidice
    challenge, then the loser's discard) takes that action's points on its own row, so
    one round stays one row."""
    rules = session.rules
    rows = [("Start", tuple(rules.points(session.initial)))]
    follow_up = False
    for step in session.steps:
        points = tuple(rules.points(step.state))
        if follow_up:
            rows[-1] = (rows[-1][0], points)
            follow_up = False
        elif step.verdict.decisive:
            rows.append((str(len(rows)), points))
            follow_up = step.verdict.scored_next
    return rows


def place_lines(session: Session) -> list[tuple[int, str, bool]]:
    """(seat, 'place: name, what decided it', tied) best first: a shared place is marked
    as a tie. What decided a place is the rules' (the points, or a poker hand)."""
    return [
        (seat, f"{where}: {session.players[seat]}, {decided}", tied)
        for seat, where, decided, tied in places(session)
    ]


def step(span: float, labels: int = 5) -> int:
    """A whole, round step between an axis's labels: 1, 2 or 5 times a power of ten, so
    that about `labels` of them cover `span`."""
    rough, power = max(1.0, span / labels), 1
    while power * 10 <= rough:
        power *= 10
    return next(m * power for m in (1, 2, 5, 10) if m * power >= rough)


def _chart(history, players, rules) -> ft.Control:
    import flet_charts as fch  # only the standings screen needs it: keeps the app's start quick

    values = [v for _label, row in history for v in row]
    colours, n = player_colours(players), len(players)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x, row[seat]) for x, (_l, row) in enumerate(history)],
            color=colours[seat],
            stroke_width=LINE_WIDTH,
            dash_pattern=line_dash(seat),
            point=fch.ChartCirclePoint(radius=LINE_WIDTH / 2 + 1, color=colours[seat]),
        )
        for seat in range(n)
    ]
    return tagged(
        "standings-chart",
        ft.Column(
            [
                ft.Container(
                    fch.LineChart(
                        data_series=series,
                        min_x=0,
                        max_x=max(1, len(history) - 1),
                        min_y=min(0, *values),
                        max_y=max(1, *values),
                        interactive=False,
                        # What each axis counts, in the game's words: rounds and cubes.
                        # Whole steps only, a few of them, and no label for the ends the
                        # data reach: "0.5 turns" and a "-1" crowding "0" read as slips.
                        left_axis=fch.ChartAxis(
                            label_size=28,
                            label_spacing=step(max(1, *values) - min(0, *values)),
                            show_min=False,
                            show_max=False,
                            **axis_title(rules.unit),
                        ),
                        bottom_axis=fch.ChartAxis(
                            label_size=22,
                            label_spacing=step(max(1, len(history) - 1)),
                            show_min=False,
                            show_max=False,
                            **axis_title(rules.moments),
                        ),
                    ),
                    height=200,
                    padding=ft.Padding.only(right=12, top=8),
                ),
                tagged("standings-legend", chart_legend(players, colours)),
            ],
            spacing=6,
        ),
    )


def _table(history, players) -> ft.Control:
    colours = player_colours(players)
    table = ft.DataTable(
        columns=[
            ft.DataColumn(label=ft.Text("#")),
            *[
                ft.DataColumn(
                    label=ft.Text(name, color=colours[seat], weight=ft.FontWeight.BOLD),
                    numeric=True,
                )
                for seat, name in enumerate(players)
            ],
        ],
        rows=[
            ft.DataRow(
                cells=[ft.DataCell(ft.Text(label)), *[ft.DataCell(ft.Text(number(v))) for v in row]]
            )
            for label, row in history
        ],
        column_spacing=18,
        horizontal_margin=8,
        heading_row_height=36,
        data_row_min_height=30,
        data_row_max_height=30,
    )
    return tagged("standings-table", ft.Row([table], scroll=ft.ScrollMode.AUTO))


def standings_panel(session: Session, actions: ft.Control | None = None) -> ft.Control | None:
    """The standings of a finished game, or None while it goes on; `actions` (what the
    table may do next) right under the places, above the fold of a phone."""
    outcome = session.rules.outcome(session.state)
    if outcome is None:
        return None
    players = session.players
    colours = player_colours(players)
    history = score_history(session)
    places = [
        tagged(
            f"place-{slug(players[seat])}",
            ft.Row(
                [
                    ft.Container(width=12, height=12, border_radius=6, bgcolor=colours[seat]),
                    ft.Text(
                        text,
                        size=16,
                        weight=ft.FontWeight.BOLD if seat in outcome.winners else None,
                    ),
                ],
                spacing=8,
            ),
        )
        for seat, text, _tied in place_lines(session)
    ]
    return tagged(
        "standings",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=32),
                            ft.Container(
                                tagged(
                                    "standings-headline",
                                    ft.Text(outcome.headline, size=22, weight=ft.FontWeight.BOLD),
                                ),
                                expand=True,
                            ),
                        ],
                    ),
                    tagged("standings-reason", ft.Text(outcome.reason, size=15)),
                    *places,
                    *(
                        [ft.Container(actions, padding=ft.Padding.symmetric(vertical=6))]
                        if actions is not None
                        else []
                    ),
                    ft.Text(_by_moment(session.rules), weight=ft.FontWeight.BOLD),
                    _table(history, players),
                    ft.Text("Scores over the game", weight=ft.FontWeight.BOLD),
                    _chart(history, players, session.rules),
                ],
                spacing=8,
            ),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def progress_panel(session: Session) -> ft.Control:
    """The scores of a game still going on: now, round by round, and over the game."""
    rules, players = session.rules, session.players
    points = rules.points(session.state)
    colours = player_colours(players)
    history = score_history(session)
    now = [
        tagged(
            f"now-{slug(players[seat])}",
            ft.Row(
                [
                    ft.Container(width=12, height=12, border_radius=6, bgcolor=colours[seat]),
                    ft.Text(f"{players[seat]}: {amount(points[seat], rules.unit)}", size=16),
                ],
                spacing=8,
            ),
        )
        for seat in sorted(range(len(players)), key=lambda s: -points[s])
    ]
    return tagged(
        "standings",
        ft.Column(
            [
                tagged(
                    "standings-headline",
                    ft.Text(
                        "The game goes on: the scores so far", size=20, weight=ft.FontWeight.BOLD
                    ),
                ),
                *now,
                *(
                    [
                        ft.Text(_by_moment(session.rules), weight=ft.FontWeight.BOLD),
                        _table(history, players),
                        ft.Text("Scores over the game", weight=ft.FontWeight.BOLD),
                        _chart(history, players, session.rules),
                    ]
                    if len(history) > 1
                    else [ft.Text(f"No {_moment(session.rules)} has been scored yet.", italic=True)]
                ),
            ],
            spacing=8,
        ),
    )


def _moment(rules) -> str:
    """What each row of the table of scores is: "trick" in FAJ, "lot" in Fairy Bucks."""
    return rules.moments.removesuffix("s")


def _by_moment(rules) -> str:
    return f"Scores by {_moment(rules)}"
