"""The score cards at the top of every game's table: one chip per player, in seat order."""

from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft

from referee.ui import layout_values
from referee.ui.theme import player_colours
from referee.ui.widgets import slug, tagged

CHIP_WIDTH = 86  # px: four chips across a 390 px phone, more scroll sideways
# A name's size by its longest word, in letters that fit a chip's width at that size.
NAME_SIZES = ((8, 13), (10, 11), (12, 10))


def name_size(name: str) -> int:
    """The largest size at which the name's longest word fits on one line of a chip."""
    longest = max((len(word) for word in name.split()), default=0)
    return next((size for letters, size in NAME_SIZES if longest <= letters), NAME_SIZES[-1][1])


@dataclass(frozen=True)
class ScoreRow:
    name: str
    score: str
    badges: tuple[str, ...] = ()
    highlight: bool = False
    dimmed: bool = False
    winner: bool = False  # tagged "winner" (first) and highlighted, in every game alike


BADGE_ROOM = 60  # px of a chip's 67 a one-line badge may take, its italic's slant kept


def about_width(text: str, size: float) -> float:
    """About how wide Roboto draws `text` at `size`, in px (narrow letters, digits,
    spaces and wide letters apart)."""
    ems = {" ": 0.25, **dict.fromkeys("iljtfr.,'", 0.3), **dict.fromkeys("mwMW", 0.85)}
    return size * sum(ems.get(ch, 0.56 if ch.isdigit() else 0.55) for ch in text)


def badge_size(badge: str) -> float | None:
    """A badge's font size on one line, smaller for a long one ("straight flush" wrapped
    at 11 px, and the chip grew under the thumb); None: too long for one line at 9 px."""
    return next((size for size in (11, 10, 9) if about_width(badge, size) <= BADGE_ROOM), None)


def score_size(score: str) -> int:
    """The font size of a score on its card: a card leaves a score some 67 px, which
    "shows 16" overran at 16 px (drawn 68 px wide)."""
    return 18 if len(score) <= 7 else 15 if len(score) == 8 else 14


def scoreboard(
    rows: Sequence[ScoreRow], footer: str | None = None, badge_lines: int = 1
) -> ft.Control:
    """One row of compact chips, in seat order, each edged in its player's colour; more
    players than fit scroll sideways, so the header stays one chip high on a phone.

    `badge_lines`: the badges a chip of this game may hold at once ("dealer" and
    "passed"): every chip keeps that many lines, each one line high, so a badge coming or
    going never changes a chip's height (the buttons under it would move)."""
    chips: list[ft.Control] = []
    rows = [
        ScoreRow(
            row.name,
            row.score,
            ("winner", *row.badges),
            highlight=True,
            dimmed=row.dimmed,
        )
        if row.winner
        else row
        for row in rows
    ]
    lines_held = max(badge_lines, *(len(r.badges) for r in rows))
    colours = player_colours([row.name for row in rows])
    for row, colour in zip(rows, colours, strict=True):
        lines: list[ft.Control] = [
            # A long name wraps instead of being cut: the chip is the player's only label.
            # Between its words: a word too long for the chip is drawn smaller, since
            # "Bartholomew" broke as "Bartholom / ew".
            ft.Text(
                row.name,
                weight=ft.FontWeight.BOLD,
                size=name_size(row.name),
                text_align=ft.TextAlign.CENTER,
            ),
            tagged(
                f"score-{slug(row.name)}",
                # "12 of 12", "shows 16": a longer score smaller, never cut, in a line as
                # high at every size (the chip kept its height when "shows 9" became 16).
                ft.Text(
                    row.score,
                    size=score_size(row.score),
                    weight=ft.FontWeight.W_600,
                    no_wrap=True,
                    height=24,
                ),
            ),
        ]
        # One badge a line ("winner" above "straight flush": "winner · str…" on one line
        # was cut), and as many lines on every chip.
        badges = [*row.badges, *(" ",) * (lines_held - len(row.badges))]
        lines += [
            ft.Text(
                badge,
                size=badge_size(badge) or 11,
                italic=True,
                text_align=ft.TextAlign.CENTER,
                # One line, as high at every size; never cut: a badge too long for one
                # line at 9 px wraps ("4 dice: 3, 2, 2, 2 cards").
                no_wrap=badge_size(badge) is not None,
                height=15 if badge_size(badge) is not None else None,
                # An italic letter leans past the end of its line: clipped there, the last
                # one read wrong ("passed" as "passeo", "straight" without its t).
                overflow=ft.TextOverflow.VISIBLE,
            )
            for badge in badges
        ]
        chips.append(
            ft.Container(
                content=ft.Column(
                    lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER
                ),
                # The outline's 2 px above and below made up for: a card is as tall
                # highlighted or not (the High Bidder's card grew, and every button under
                # the score cards moved).
                padding=layout_values.padding(left=8, right=6, top=3, bottom=3)
                if row.highlight
                else layout_values.padding(left=8, right=6, top=5, bottom=5),
                border_radius=10,
                clip_behavior=ft.ClipBehavior.NONE,
                width=CHIP_WIDTH,
                opacity=0.5 if row.dimmed else 1.0,
                bgcolor=ft.Colors.SECONDARY_CONTAINER
                if row.highlight
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                border=layout_values.border_all(2, colour)
                if row.highlight
                else layout_values.border_left(5, colour),
            )
        )
    parts: list[ft.Control] = [ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO)]
    if footer:
        parts.append(
            tagged(
                "score-footer",
                ft.Text(footer, size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2),
            )
        )
    return ft.Column(parts, spacing=2)
