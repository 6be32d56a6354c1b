"""A Faces, Aces & Jokers card on screen: hearts and diamonds in red, on the table, in the
final showdown and in a dispute alike, and the jokers as the table sees them."""

import flet as ft

from referee.games.faj.deck import LOW_JOKER, short
from referee.ui.theme import RED_SUIT

RED = RED_SUIT  # the one red of the app's suits (ui/theme.py)


def card_colour(card: str):
    return RED if card[-1] in "DH" or card == LOW_JOKER else None


def card_label(card: str) -> str:
    """'10♥', 'Q♠', 'black joker (high)': a card as a button or a line shows it."""
    return short(card)  # the games' one name for a card, jokers by colour


def cards_line(cards, size: int | None = None, before: str = "", after: str = "") -> ft.Text:
    """Cards in a row, each in its suit's colour (the showdown's hands, the won piles),
    between the words `before` and `after`."""
    spans = [ft.TextSpan(before)] if before else []
    for i, card in enumerate(cards):
        spans.append(
            ft.TextSpan(
                ("" if i == 0 else " ") + card_label(card),
                style=ft.TextStyle(color=card_colour(card)),
            )
        )
    if not cards:
        spans.append(ft.TextSpan("none"))
    if after:
        spans.append(ft.TextSpan(after))
    return ft.Text(spans=spans, size=size)
