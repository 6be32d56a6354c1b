"""A Faces, Aces & Jokers card on screen: hearts and diamonds in red, on the table and in
a dispute alike."""

import flet as ft

RED = ft.Colors.RED_700


def card_colour(card: str):
    return RED if card[-1] in "DH" else None
