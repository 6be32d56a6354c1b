"""Fairy disputes on screen: the top card, then the card turned up with each player's guess
and score, or the cards already seen for the chances."""

import functools

import flet as ft

from referee.core.words import number
from referee.games.fairy.deck import CARDS, FLOOR
from referee.games.fairy.scoring import GUESS_NAMES, GUESSES
from referee.ui.card_picker import card_grid
from referee.ui.dispute_form import DisputeForm, choice
from referee.ui.widgets import icon_button, slug, tagged


class FairyForm(DisputeForm):
    seats = {"guesses": lambda: None, "scores": lambda: 0}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        n = len(self.names)
        self.top = pre.get("top")
        self.revealed: int | None = None
        self.guesses: list[str | None] = [None] * n
        self.scores: list[int] = list(pre.get("scores", [0] * n))
        self.seen: list[int] = list(pre.get("seen", []))
        self.suit_cards: str = pre.get("suit_cards", "")
        self.active = -1 if self.top is None else 0

    def players_row(self) -> bool:
        return self.kind != "fairy_chances"

    def min_players(self) -> int:
        # One player's guess is a dispute too: "was I right?"
        return 1 if self.kind == "fairy_guesses" else 2

    def entry(self) -> list[ft.Control]:
        if self.top is None or self.active == -1:
            return [
                ft.Text("The card on top of the pile:", weight=ft.FontWeight.BOLD),
                self._grid("Top card", [self.top] if self.top else [], self._fairy_top),
            ]
        return self._guesses() if self.kind == "fairy_guesses" else self._chances()

    def dispute(self) -> dict | None:
        k = self.kind
        if k == "fairy_guesses":
            if self.top is None or self.revealed is None or None in self.guesses:
                return None
            guesses = [
                {"player": n, "guess": g, "score": s}
                for n, g, s in zip(self.names, self.guesses, self.scores, strict=False)
            ]
            return {
                "kind": k,
                "top": self.top,
                "revealed": self.revealed,
                "guesses": guesses,
                "suit_cards": self.suit_cards,
            }
        if self.top is None:
            return None
        return {
            "kind": k,
            "top": self.top,
            "seen": [c for c in self.seen if c != self.top],
            "suit_cards": self.suit_cards,
        }

    # -- the cards -------------------------------------------------------------------------

    def _grid(self, label, chosen: list[int], on_tap, unavailable=()) -> ft.Control:
        return card_grid(
            list(CARDS),
            str,
            available=set(CARDS) - set(unavailable),
            selected=chosen,
            on_tap=on_tap,
            name=lambda c: f"{label} {c}",
            # Kept from card to card (each redraws): a quick next card counts. Picked or
            # not is in the key: the tapped card comes anew, so a double tap picks once.
            key=lambda c: f"{slug(label)}-{c}-{c in chosen}",
            grid_key=slug(label),
        )

    def _top_row(self) -> ft.Control:
        row: list[ft.Control] = [
            ft.Row(
                [
                    tagged("dispute-top", ft.Text(f"Top card: {self.top}")),
                    ft.TextButton(
                        content="Change", on_click=lambda _e: self._set(active=-1), height=48
                    ),
                ],
                wrap=True,
            )
        ]
        if self.suit_cards.strip():
            row.append(ft.Text(f"Suits as this game entered them: {self.suit_cards}", size=13))
        return ft.Column(row, spacing=2)

    def _fairy_top(self, card: int) -> None:
        self._set(top=None if self.top == card else card, active=0)

    # -- the points for each guess -----------------------------------------------------------

    def _guesses(self) -> list[ft.Control]:
        rows: list[ft.Control] = [
            self._top_row(),
            ft.Text("The card turned up:", weight=ft.FontWeight.BOLD),
            self._grid(
                "Turned up",
                [self.revealed] if self.revealed else [],
                lambda c: self._set(revealed=None if self.revealed == c else c),
                unavailable=[self.top],
            ),
        ]
        for i, name in enumerate(self.names):
            buttons = [
                choice(
                    GUESS_NAMES[g],
                    f"{name} guessed {GUESS_NAMES[g]}",
                    self.guesses[i] == g,
                    functools.partial(self._guess, i, g),
                    key=f"guess {i} {g}",
                )
                for g in GUESSES
            ]
            score = self.scores[i]
            rows.append(
                ft.Row(
                    [
                        ft.Text(name, weight=ft.FontWeight.BOLD),
                        icon_button(
                            ft.Icons.REMOVE,
                            f"Score of {name} down",
                            lambda _e, i=i: self._score(i, -1),
                            disabled=score <= FLOOR,
                        ),
                        tagged(
                            f"dispute-score-{slug(name)}",
                            ft.Text(f"score before: {number(score)}", size=14),
                        ),
                        icon_button(
                            ft.Icons.ADD, f"Score of {name} up", lambda _e, i=i: self._score(i, 1)
                        ),
                    ],
                    spacing=2,
                    wrap=True,
                )
            )
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return rows

    def _score(self, seat: int, step: int) -> None:
        """The player's score before the turn, which decides whether the floor stops a loss."""
        self.scores[seat] = max(FLOOR, self.scores[seat] + step)
        self._set()

    def _guess(self, seat: int, guess: str) -> None:
        self.guesses[seat] = guess
        self._set()

    # -- the chances -------------------------------------------------------------------------

    def _toggle_seen(self, card: int) -> None:
        if card in self.seen:
            self.seen.remove(card)
        else:
            self.seen.append(card)
        self._set()

    def _chances(self) -> list[ft.Control]:
        return [
            self._top_row(),
            ft.Text("Cards already turned up before it:", weight=ft.FontWeight.BOLD),
            self._grid("Seen", self.seen, self._toggle_seen, unavailable=[self.top]),
        ]


FORM = FairyForm
