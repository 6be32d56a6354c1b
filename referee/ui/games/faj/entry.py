"""A FAJ trick's pad: the board, then each player's card, tapped in at one place on
screen without a scroll. The board is a 4 x 9 grid of the trick cards (a suit a row), with
Deal board beside what was tapped; then whose card it is (a tab per player) over a 4 x 5
grid of the draft cards, one player at a time, the next player's coming up as a card is
tapped. Both are as high, so the pad keeps its place from the first tap to the verdict."""

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from referee.games.faj.deck import (
    DRAFT_RANKS,
    HIGH_JOKER,
    JOKERS,
    LOW_JOKER,
    SUITS,
    TRICK_RANKS,
)
from referee.live.tables import LOCKED
from referee.ui.card_picker import GAP, card_rows
from referee.ui.game_view import Pad
from referee.ui.games.faj.cards import card_colour, card_label
from referee.ui.widgets import TAP, action_button, tagged, tile

# A suit a row, highest first, as a hand is held; the board's ranks low to high.
ROW_SUITS = tuple(reversed(SUITS))
BOARD_ROWS = tuple(tuple(f"{r}{s}" for r in TRICK_RANKS) for s in ROW_SUITS)
# The jokers at the end of the first two rows: black (high) by the spades, red by hearts.
PLAY_ROWS = tuple(
    (*(f"{r}{s}" for r in reversed(DRAFT_RANKS)), (HIGH_JOKER, LOW_JOKER, None, None)[i])
    for i, s in enumerate(ROW_SUITS)
)


def face_label(card: str) -> str:
    """A card as a small cell shows it: a joker is 'Joker' in its colour, with its rank
    under it (its name says 'black joker (high)')."""
    if card == HIGH_JOKER:
        return "Joker\nhigh"
    if card == LOW_JOKER:
        return "Joker\nlow"
    return card_label(card)


def face(card: str, chosen: bool) -> ft.Control:
    ink = ft.Colors.ON_PRIMARY if chosen else card_colour(card) or ft.Colors.ON_SURFACE
    joker = card in JOKERS
    return ft.Text(
        face_label(card),
        size=12 if joker else 15,
        weight=ft.FontWeight.BOLD,
        color=ink,
        text_align=ft.TextAlign.CENTER,
        no_wrap=True,
        semantics_label="",
    )


def header(text: ft.Control, button: ft.Control) -> ft.Control:
    """The pad's first line, a thumb high: what is entered so far, and the button that
    enters it."""
    return ft.Container(
        ft.Row(
            [ft.Container(text, expand=True), button],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        height=TAP,
    )


def board_pad(
    trick: int,
    size: int,
    chosen: Sequence[str],
    available: set,
    on_tap: Callable[[str], None],
    on_deal: Callable[[], None],
    moment: int,
) -> ft.Control:
    picked = " ".join(card_label(c) for c in chosen) or "tap the cards"
    line = tagged(
        "board-picked",
        ft.Text(
            f"Board {len(chosen)}/{size}: {picked}",
            size=15,
            weight=ft.FontWeight.W_600,
            no_wrap=True,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )
    deal = action_button(
        "Deal board",
        lambda _e: on_deal(),
        disabled=len(chosen) != size,
        width=128,
        # Deals the cards chosen when tapped: kept through the picks, so Deal right after
        # a card counts; the deal is a move (a double tap deals once).
        key=f"deal-board@{moment}",
    )
    grid = card_rows(
        BOARD_ROWS,
        face,
        available=available,
        selected=chosen,
        on_tap=on_tap,
        name=lambda c: f"Board {card_label(c)}",
        key=lambda c: f"board-{c}@{moment}",
    )
    return tagged(
        f"board-pad-{trick}", ft.Column([header(line, deal), grid], spacing=GAP, key="faj-pad")
    )


def _tab(
    name: str, text: str, label: str, on_tap, *, current: bool, disabled: bool, colour=None
) -> ft.Control:
    lines = ft.Column(
        [
            ft.Text(name, size=12, weight=ft.FontWeight.BOLD, no_wrap=True, semantics_label=""),
            ft.Text(text, size=14, color=colour, no_wrap=True, semantics_label=""),
        ],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    button = tile(
        lines,
        label,
        lambda _e: on_tap(),
        filled=False,
        selected=current,
        disabled=disabled,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if current else None,
        radius=8,
        height=TAP,
        padding=2,
    )
    button.expand = 1
    return button


def plays_pad(
    players: Sequence[str],
    playable: Mapping[int, Sequence[str]],
    pad: Pad,
    current: int | None,
    on_tab: Callable[[int], None],
    on_card: Callable[[int | None, str], None],
    trump: ft.Control,
) -> ft.Control:
    """Whose card (a tab per player: their card once in, the player being entered
    marked), then the cards `current` may play; another player's card is not offered."""
    shown = {seat: pad.shown(seat) for seat in playable}
    taken = {v for s, v in shown.items() if v is not None and v is not LOCKED and s != current}
    tabs = []
    for seat in playable:
        name, mine = players[seat], shown[seat]
        if mine is LOCKED:
            text, label, off = "locked in", f"{name}: locked in", not pad.can_change(seat)
        elif mine is not None:
            text = face_label(mine).replace("\n", " ")
            label, off = f"Change {name}'s card ({card_label(mine)})", not pad.can_change(seat)
        elif pad.me is not None and pad.me != seat:
            text, label, off = "choosing", f"{name}: still choosing", True
        else:
            text, label, off = "?", f"{name}'s card", False
        tab = _tab(
            name,
            text,
            label,
            lambda s=seat: on_tab(s),
            current=seat == current,
            disabled=off,
            colour=card_colour(mine) if isinstance(mine, str) else None,
        )
        tabs.append(tab)
    mine = shown.get(current) if current is not None else None
    cards = set(playable.get(current, ())) - taken if current is not None else set()
    who = players[current] if current is not None else ""
    grid = card_rows(
        PLAY_ROWS,
        face,
        available=cards,
        selected=[mine] if isinstance(mine, str) else [],
        on_tap=lambda c: on_card(current, c),
        name=lambda c: f"{who} plays {card_label(c)}",
        key=lambda c: f"pick-{current}-{c}@{pad.moment}",
    )
    return ft.Column(
        [ft.Row(tabs, spacing=GAP, height=TAP), grid, trump],
        spacing=GAP,
        key="faj-pad",
    )
