"""Flet value objects (paddings, borders, alignments) made once and shared by every screen.

Nothing changes a value object once it is made (Flet keeps only its own notes on one: the
control above it, what it sent last), so many controls may hold the same one, as they may
hold the same colour. Shared, a redraw's merge (ui/reconcile.py) sees at once that a
tile's padding, border and alignment are the ones shown, where values built anew would be
compared field by field, and the screen is built without making them again (a Fae-ker
bid: some 30 value objects for each device).
"""

from functools import cache

import flet as ft

CENTRE = ft.Alignment.CENTER


@cache
def padding(left: float = 0, top: float = 0, right: float = 0, bottom: float = 0) -> ft.Padding:
    return ft.Padding(left=left, top=top, right=right, bottom=bottom)


def symmetric(horizontal: float = 0, vertical: float = 0) -> ft.Padding:
    return padding(horizontal, vertical, horizontal, vertical)


@cache
def border_all(width: float, colour: str) -> ft.Border:
    return ft.Border.all(width, colour)


@cache
def border_left(width: float, colour: str) -> ft.Border:
    return ft.Border(left=ft.BorderSide(width, colour))
