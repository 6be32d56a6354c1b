"""High card's dispute on screen: each player's card, tapped from 1 to 10."""

import flet as ft

from referee.ui.dispute_form import DisputeForm, choice
from tests.sixth_game.game.model import CARDS


class HighCardForm(DisputeForm):
    seats = {"cards": lambda: None}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        self.cards: list[int | None] = [None] * len(self.names)

    def entry(self) -> list[ft.Control]:
        rows: list[ft.Control] = []
        for seat, name in enumerate(self.names):
            rows.append(ft.Text(f"{name}'s card:", weight=ft.FontWeight.BOLD))
            buttons = [
                choice(
                    str(c),
                    f"{name} plays {c}",
                    self.cards[seat] == c,
                    lambda seat=seat, c=c: self._card(seat, c),
                    width=48,
                )
                for c in CARDS
            ]
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return rows

    def _card(self, seat: int, card: int) -> None:
        self.cards[seat] = card
        self._set()

    def dispute(self) -> dict | None:
        if None in self.cards:
            return None
        plays = [{"player": n, "card": c} for n, c in zip(self.names, self.cards, strict=True)]
        return {"kind": "highcard_round", "plays": plays}


FORM = HighCardForm
