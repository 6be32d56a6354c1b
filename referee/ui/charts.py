"""What every chart of the app shares: how a player's line is drawn, what an axis counts,
and the legend that says whose line is whose."""

from collections.abc import Sequence

import flet as ft

# Every line of a chart is drawn alike: a line drawn wider than another reads as weightier.
LINE_WIDTH = 3
# Lines that share their values lie one on the other: each line after the first is dashed
# in its own rhythm, so both colours still show where two players are level.
LINE_DASHES = (None, [9, 6], [3, 5], [14, 4, 3, 4], [6, 10], [2, 9])


def line_dash(index: int) -> list[int] | None:
    """The dash pattern of a chart's `index`th line (None: solid)."""
    return LINE_DASHES[index % len(LINE_DASHES)]


def axis_title(words: str) -> dict:
    """What a chart's axis counts ("rounds", "cubes"), as flet_charts' ChartAxis takes it."""
    return {"title": ft.Text(words, size=12, color=ft.Colors.ON_SURFACE_VARIANT), "title_size": 18}


def _stroke(colour: str, dash: list[int] | None, width: int = 24) -> ft.Control:
    """A short stroke drawn as the chart draws its line: solid, or in its dashes."""
    if dash is None:
        return ft.Container(width=width, height=LINE_WIDTH, bgcolor=colour)
    parts: list[ft.Control] = []
    at, on = 0, True
    while at < width:
        for step in dash:
            step = min(step, width - at)
            parts.append(
                ft.Container(width=step, height=LINE_WIDTH, bgcolor=colour if on else None)
            )
            at, on = at + step, not on
            if at >= width:
                break
    return ft.Row(parts, spacing=0, tight=True)


def chart_legend(names: Sequence[str], colours: Sequence[str]) -> ft.Control:
    """Who each line of a chart is: a stroke of their colour and dashes, then the name."""
    return ft.Row(
        [
            ft.Row([_stroke(colour, line_dash(i)), ft.Text(name, size=13)], spacing=4, tight=True)
            for i, (name, colour) in enumerate(zip(names, colours, strict=True))
        ],
        wrap=True,
        spacing=12,
        run_spacing=4,
    )
