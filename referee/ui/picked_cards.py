"""A card (or item) entered so far, with a way to take it back: the hand of a Fae-ker
showdown, a Fairy Bucks lot, a Deceptidice top, on the table and in the log editor."""

from collections.abc import Callable

import flet as ft

from referee.ui import layout_values


def picked_card(
    label: str, on_remove: Callable, name: str | None = None, size: int = 18
) -> ft.Control:
    """`label` with an x after it, drawn as a chip: one button, "Remove `name`" to a screen
    reader (`name`: the card in words where its label is a mark), which a tap anywhere on
    it presses. Not a Flet chip: a screen reader takes a chip for a checkbox, disabled when
    it has no tap of its own, with the label and its remove button inside it."""
    return ft.Semantics(
        label=f"Remove {name or label}",
        button=True,
        container=True,
        content=ft.Container(
            ft.Row(
                [
                    ft.Text(label, size=size, semantics_label=""),
                    ft.Icon(ft.Icons.CLOSE, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=4,
                tight=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=on_remove,
            height=48,  # a tap target: a thumb's height
            # Narrow enough for a whole hand of five on one line of a phone.
            padding=layout_values.symmetric(horizontal=10),
            border=layout_values.border_all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=24,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )
