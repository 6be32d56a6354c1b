"""The Fairy cards in view: the top card of the pile, the pad of the cards, and the
memory aid (the cards seen and the odds of the next one). Pure functions of the state.
"""

import flet as ft

from referee.core.words import number
from referee.games.fairy import RULES
from referee.games.fairy.deck import (
    CARDS,
    FAIRIES,
    FLOOR,
    NUMBER_SUITS,
    SUIT_SIZE,
    fairies_text,
    is_fairy,
    suit_groups,
    suit_name,
    suit_of,
)
from referee.games.fairy.model import FairyState
from referee.games.fairy.odds import chances, formula, percent
from referee.games.fairy.scoring import GUESS_NAMES, GUESSES, WRONG
from referee.ui.widgets import tagged

FAIRY_ICON = ft.Icons.AUTO_AWESOME  # a card with a fairy, and the guess that catches it
# px: a thumb's 48; seven cards a row with 4 px between them take 360 of the 366 px a
# 390 px phone leaves inside the view's 12 px padding.
CARD_WIDTH = 48


def top_card(state: FairyState) -> ft.Control:
    top = state.top
    assert top is not None  # drawn after the opening card, for a guess or its reveal
    fairy = is_fairy(top)
    card = ft.Container(
        ft.Column(
            [
                ft.Text(str(top), size=30, weight=ft.FontWeight.BOLD),
                ft.Icon(FAIRY_ICON, size=16, color=ft.Colors.AMBER)
                if fairy
                else ft.Container(height=16),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        width=60,
        height=80,
        border_radius=10,
        alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border=ft.Border.all(2, ft.Colors.AMBER if fairy else ft.Colors.OUTLINE),
    )
    suit = suit_name(suit_of(top, state.suits), state.suits)
    facts = ft.Column(
        [
            ft.Text(
                f"Top of the pile: {top}" + (", a fairy" if fairy else ""),
                weight=ft.FontWeight.BOLD,
            ),
            ft.Text(f"Same suit: {suit}" + _suit_cards(state, top)),
            ft.Text(
                f"A wrong guess costs {-WRONG}; nobody drops below {number(FLOOR)}.",
                size=12,
                italic=True,
            ),
        ],
        spacing=2,
        expand=True,
    )
    return tagged(
        "top-card",
        ft.Row([card, facts], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


def _suit_cards(state: FairyState, top: int) -> str:
    """Suits entered by hand are hard to remember: list the suit's cards."""
    if state.suits == NUMBER_SUITS:
        return ""
    group = suit_groups(state.suits)[suit_of(top, state.suits)]
    return f" ({', '.join(map(str, group))})"


def card_pad(state: FairyState, on_tap) -> ft.Control:
    menu = RULES.choices(state)
    # Without the memory aid the pad may not show which cards came earlier (FY-HIDDEN):
    # only the top card is greyed out; entering an earlier card is refused by the rules.
    enabled = {c for c in CARDS if c != state.top} if menu.hide_seen else set(menu.cards)
    rows = []
    for group in _pad_rows(state):
        rows.append(ft.Row([_card_button(c, c in enabled, on_tap) for c in group], spacing=4))
    hint = f"Cards with a fairy: {fairies_text(', ')}."
    if menu.hide_seen:
        hint += " Cards seen earlier stay tappable: only the top card is in view."
    return ft.Column([*rows, ft.Text(hint, size=12, italic=True)], spacing=4)


def _pad_rows(state: FairyState) -> list[list[int]]:
    if state.suits == NUMBER_SUITS:
        return [list(CARDS[i : i + SUIT_SIZE]) for i in range(0, len(CARDS), SUIT_SIZE)]
    return suit_groups(state.suits)  # one row per suit, as the table entered them


def _card_button(card: int, enabled: bool, on_tap) -> ft.Control:
    fairy = card in FAIRIES
    content = ft.Column(
        [
            ft.Text(str(card), size=16, weight=ft.FontWeight.BOLD),
            ft.Icon(FAIRY_ICON, size=10, color=ft.Colors.AMBER if enabled else None)
            if fairy
            else ft.Container(height=10),
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        alignment=ft.MainAxisAlignment.CENTER,
    )
    button = ft.FilledTonalButton(
        content=content,
        on_click=lambda _e: on_tap(card),
        disabled=not enabled,
        width=CARD_WIDTH,
        height=52,
        style=ft.ButtonStyle(padding=ft.Padding.all(0), shape=ft.RoundedRectangleBorder(radius=8)),
    )
    label = f"Card {card}" + (" fairy" if fairy else "")
    return ft.Semantics(label=label, button=True, content=button)


def memory_aid(state: FairyState) -> ft.Control:
    unseen = state.unseen
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.PSYCHOLOGY, size=18),
                ft.Text("Memory aid", weight=ft.FontWeight.BOLD),
            ],
            spacing=6,
        ),
        tagged(
            "seen-cards",
            ft.Text("Seen, in order: " + ", ".join(map(str, state.pile)), size=13),
        ),
    ]
    if unseen:
        assert state.top is not None  # drawn after the opening card, as the top card is
        odds = chances(state.top, unseen, state.suits)
        lines.append(
            ft.Text(
                f"The next card against {state.top}, from the {len(unseen)} unseen cards "
                "(chance, and points on average):",
                size=13,
            )
        )
        for guess in GUESSES:
            chance = odds[guess]
            what = GUESS_NAMES[guess].capitalize()
            lines.append(
                tagged(
                    f"odds-{guess}",
                    ft.Row(
                        [
                            ft.Text(what, size=13, weight=ft.FontWeight.W_600, width=80),
                            # Unreduced, so every line counts out of the same cards.
                            ft.Text(f"{chance * len(unseen)} of {len(unseen)}", size=13, width=50),
                            ft.Text(percent(chance), size=13, width=34),
                            ft.Text(formula(guess, chance), size=12, expand=True),
                        ],
                        spacing=4,
                    ),
                )
            )
        lines.append(
            ft.Text(f"At {number(FLOOR)} a wrong guess costs nothing.", size=12, italic=True)
        )
    return tagged(
        "memory-aid",
        ft.Container(
            ft.Column(lines, spacing=4),
            padding=10,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )
