"""The shared picture: a portrait card of a fixed width, drawn light whatever the phone's
theme (a picture in a group chat is seen on any screen), as tall as what it says so that
nothing is cut. Names in their players' colours, as on the score cards; red suits red."""

import flet as ft

from referee.ui import layout_values
from referee.ui.result.facts import SIGNATURE, Result, Row
from referee.ui.suits import suited
from referee.ui.theme import FELT

# Logical pixels: a 360-wide phone shows it whole in its dialog; captured at the phone's
# pixel ratio (at least 2), the picture is 680 px wide or more.
CARD_WIDTH = 340
INK = "#1C1B1F"  # text on the card's paper
SOFT = "#5F6368"  # what is said under the headline
PAPER = "#FFFFFF"
WINNER = "#B8860B"
MIN_HEIGHT = CARD_WIDTH * 9 // 8  # a picture never wider than tall
PLACE_WIDTH = 70  # "2nd (tie)" at 14 px, on one line  # a winner's place: gold that reads on paper


def _row(row: Row) -> ft.Control:
    line = ft.Row(
        [
            ft.Container(
                ft.Text(
                    row.where,
                    size=14,
                    weight=ft.FontWeight.BOLD,
                    color=WINNER if row.best else SOFT,
                ),
                width=PLACE_WIDTH,
            ),
            ft.Container(
                ft.Text(row.name, size=17, weight=ft.FontWeight.BOLD, color=row.colour),
                expand=True,
            ),
            ft.Text(row.figure, size=16, weight=ft.FontWeight.W_600, color=INK),
        ],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    lines: list[ft.Control] = [line]
    if row.detail:  # under the name, across the rest of the row: never squeezed
        lines.append(
            ft.Container(
                ft.Text(row.detail, size=12, color=SOFT),
                padding=layout_values.padding(left=PLACE_WIDTH + 8),
            )
        )
    return ft.Container(
        ft.Column(lines, spacing=0, tight=True),
        padding=layout_values.padding(left=10, right=12, top=7, bottom=7),
        border=layout_values.border_left(5, row.colour),
        border_radius=8,
        bgcolor="#FFF8E1" if row.best else "#F4F5F3",
    )


def result_card(result: Result) -> ft.Control:
    band = ft.Container(
        ft.Column(
            [
                ft.Text(result.title, size=24, weight=ft.FontWeight.BOLD, color=PAPER),
                ft.Text(result.when, size=14, color="#D7E8DE"),
            ],
            spacing=2,
            tight=True,
        ),
        bgcolor=FELT,
        padding=ft.Padding.only(left=16, right=16, top=14, bottom=12),
    )
    said: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.EMOJI_EVENTS, color="#F9A825", size=30),
                ft.Container(
                    suited(result.headline, size=20, weight=ft.FontWeight.BOLD, color=INK),
                    expand=True,
                ),
            ],
            spacing=8,
        )
    ]
    if result.decided:
        said.append(suited(result.decided, size=14, italic=True, color=SOFT))
    body = ft.Container(
        ft.Column(
            [
                *said,
                ft.Container(height=4),
                *[_row(row) for row in result.rows],
                ft.Container(
                    ft.Text(SIGNATURE, size=11, color=SOFT),
                    alignment=ft.Alignment.CENTER,
                    padding=ft.Padding.only(top=6),
                ),
            ],
            spacing=6,
            tight=True,
        ),
        padding=ft.Padding.only(left=14, right=14, top=12, bottom=12),
    )
    card = ft.Container(
        ft.Column(
            [band, body],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
        width=CARD_WIDTH,
        bgcolor=PAPER,
        border_radius=14,
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
    )
    # Portrait even for two players: the card lies on a sheet of paper at least
    # MIN_HEIGHT tall, and grows past it with what it says.
    paper = ft.Container(width=CARD_WIDTH, height=MIN_HEIGHT, bgcolor=PAPER, border_radius=14)
    return ft.Stack([paper, card], width=CARD_WIDTH)
