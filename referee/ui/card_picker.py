"""A deck-aware card picker: one button per card kind, never more than the deck still has."""

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

import flet as ft

from referee.ui.widgets import TAP, big_button, tagged


class HandPicker:
    """Collects a hand for one player from the copies the rules say are still unseen."""

    def __init__(self, label: Callable[[Hashable], str], on_change: Callable[[], None]) -> None:
        self.label = label
        self.size = 0
        self.on_change = on_change
        self.picked: list[Hashable] = []
        self.owner: object = None

    def reset_for(self, owner: object) -> None:
        """Start over when the hand being entered belongs to someone else."""
        if owner != self.owner:
            self.owner = owner
            self.picked = []

    def _add(self, card) -> None:
        if len(self.picked) < self.size:
            self.picked.append(card)
            self.on_change()

    def _remove(self, index: int) -> None:
        del self.picked[index]
        self.on_change()

    def _clear(self, _e=None) -> None:
        self.picked = []
        self.on_change()

    def view(
        self,
        kinds: Sequence[Hashable],
        unseen: Mapping[Hashable, int],
        size: int,
        confirm_label: str,
        on_confirm: Callable[[list], None],
    ) -> ft.Control:
        """`kinds`: every card kind, in picker order; `unseen`: copies still available."""
        self.size = size
        picked = Counter(self.picked)
        left = {card: unseen.get(card, 0) - picked[card] for card in kinds}
        full = len(self.picked) >= self.size
        buttons = []
        for card in kinds:
            buttons.append(
                ft.Container(
                    ft.Column(
                        [
                            ft.FilledTonalButton(
                                content=f"Add {self.label(card)}",
                                on_click=lambda _e, c=card: self._add(c),
                                disabled=full or left[card] <= 0,
                                height=TAP,
                            ),
                            ft.Text(f"{left[card]} left", size=11),
                        ],
                        spacing=2,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                )
            )
        chips = [
            ft.Chip(
                label=ft.Text(self.label(card), size=18),
                on_delete=lambda _e, i=i: self._remove(i),
                delete_icon_tooltip=f"Remove {self.label(card)}",
            )
            for i, card in enumerate(self.picked)
        ]
        count = f"{len(self.picked)} of {self.size} cards"
        return ft.Column(
            [
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=4),
                ft.Row(
                    [tagged("picked-count", ft.Text(count)), *chips],
                    wrap=True,
                    spacing=6,
                ),
                ft.Row(
                    [
                        big_button(
                            confirm_label,
                            lambda _e: on_confirm(list(self.picked)),
                            disabled=not full,
                        ),
                        big_button("Clear", self._clear, filled=False, disabled=not self.picked),
                    ],
                    wrap=True,
                ),
            ],
            spacing=10,
        )


def card_grid(
    cards: list,
    label: Callable[[Hashable], str],
    *,
    available: set,
    selected: list,
    on_tap: Callable[[Hashable], None],
    name: Callable[[Hashable], str] | None = None,
    colour: Callable[[Hashable], str | None] = lambda _c: None,
) -> ft.Control:
    """One small button per card; selected cards are filled, unavailable ones disabled.

    `name` gives the accessible name (for a screen reader and for tests) when the visible
    label alone would be ambiguous, e.g. the same card offered to several players.
    """
    buttons = []
    for card in cards:
        chosen = card in selected
        cls = ft.FilledButton if chosen else ft.OutlinedButton
        text = ft.Text(
            label(card),
            color=None if chosen else colour(card),
            weight=ft.FontWeight.BOLD if chosen else None,
        )
        button = cls(
            content=text,
            on_click=lambda _e, c=card: on_tap(c),
            disabled=card not in available and not chosen,
            height=48,
            width=80 if len(label(card)) <= 3 else 112,
        )
        if name:
            button = ft.Semantics(label=name(card), button=True, selected=chosen, content=button)
        buttons.append(button)
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def chosen_row(identifier: str, text: str, name: str, on_change: Callable[[], None]) -> ft.Control:
    """A card already chosen for one player, folded to one line: a grid per player on a
    phone is a long scroll, so only the players still to choose keep theirs open."""
    return ft.Row(
        [
            tagged(identifier, ft.Text(text, weight=ft.FontWeight.BOLD)),
            ft.TextButton(content=f"Change {name}'s card", on_click=lambda _e: on_change()),
        ],
        wrap=True,
    )


def toggle_choice(choices: dict, seat: int, card) -> None:
    """Tap a card to choose it for a seat; tap the same card again to clear the choice."""
    if choices.get(seat) == card:
        del choices[seat]
    else:
        choices[seat] = card
