"""The Deceptidice guess entry: COUNT, then a number, a colour, a straight, a vague guess
or a power claim, each button enabled only when the menu allows that guess.
"""

import flet as ft

from referee.core.words import amount
from referee.games.deceptidice.material import COLOURS, MIN_COUNT, NUMBERS
from referee.games.deceptidice.model import (
    ColourGuess,
    DeceptidiceGuess,
    DeceptidiceState,
    NumberGuess,
    PowerClaim,
    StraightGuess,
    VagueGuess,
    names_of,
)
from referee.ui.games.deceptidice.cards import (
    CELL,
    CardEntry,
    EntryState,
    Holder,
    face_button,
    face_size,
    stepper,
)
from referee.ui.widgets import action_button, sent, tagged, tile


class GuessEntry:
    """The guess pad of a turn: a part DeceptidiceView holds (`view.guesses`), with the
    entry state it shares and the card entry, whose power form a power claim fills in."""

    def __init__(self, view: Holder, entering: EntryState, cards: CardEntry) -> None:
        self.view = view
        self.entering = entering
        self.cards = cards

    def _set_count(self, value: int, high: int) -> None:
        self.entering.count = max(MIN_COUNT, min(high, value))
        self.view.refresh()

    def entry(self, state: DeceptidiceState, player: str, menu) -> ft.Control:
        names = names_of(state)
        count = self.entering.count
        o = state.options

        def guess_button(
            guess, text: str, name: str, card=None, width: int | None = None, size: int = 17
        ):
            allowed = menu.allows(guess)

            def go(_e, g=guess):
                self.view.play(DeceptidiceGuess(player=player, guess=g))

            # Kept through the steps of COUNT, which are not moves: a guess tapped right
            # after a step, before the step's redraw came, is made with the count stepped
            # to, not dropped. The guess is a move, so a double tap guesses once.
            key = f"guess-{player}-{name}@{self.view.shared_pad.moment}"
            if card is not None:
                return face_button(
                    text, card, name, go, not allowed, width or CELL, key=key, size=size
                )
            # A tile, not a Material button: every step of COUNT restyles them all.
            return tile(text, name, go, filled=False, disabled=not allowed, width=width, key=key)

        # Words a player says at the table, not the rulebook's capitals.
        hint = (
            f"How many? At least {menu.specific} for a number or colour to be higher."
            if menu.specific is not None
            else "How many? No number or colour guess is higher now."
        )
        rows: list[ft.Control] = [
            ft.Text(f"{player} guesses:", weight=ft.FontWeight.BOLD, size=16),
            ft.Row(
                [
                    stepper(
                        count,
                        1,
                        menu.max_count,
                        lambda v: self._set_count(v, menu.max_count),
                        "cards",
                        "guess-count",
                        key=f"count-{player}@{self.view.shared_pad.moment}",
                    ),
                    ft.Text(hint, size=12, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ]
        if count > state.dice_in_play:
            rows.append(
                tagged(
                    "never-true",
                    ft.Text(
                        f"More than the {amount(state.dice_in_play, 'dice')} on the table: "
                        "such a guess can never be true.",
                        color=ft.Colors.ERROR,
                        size=13,
                    ),
                )
            )
        if menu.modifiers:
            rows.append(
                ft.Row(
                    [
                        ft.Switch(
                            height=48,  # a thumb's height, as every tap target
                            value=self.entering.modifier,
                            on_change=lambda e: self._set_modifier(sent(e)),
                            label="Less than / Without",
                        )
                    ]
                )
            )
        mod = self.entering.modifier and menu.modifiers
        numbers = [
            guess_button(
                NumberGuess(count=count, number=n, less_than=mod),
                f"<{n}" if mod else str(n),
                f"Less than {n}" if mod else f"Number {n}",
                width=CELL + 6,
            )
            for n in NUMBERS
        ]
        said = {c: f"not {names[c]}" if mod else names[c] for c in COLOURS}
        colours = [
            guess_button(
                ColourGuess(count=count, colour=c, without=mod),
                said[c],
                f"Without {names[c]}" if mod else f"Colour {names[c]}",
                card=f"{c}1",
                width=88,  # 4 x 88 + 3 x 4 = 364 of the 366 px inside a 390 px phone
                size=face_size(said.values()),
            )
            for c in COLOURS
        ]
        rows.append(ft.Row(numbers, wrap=True, spacing=4, run_spacing=4))
        rows.append(ft.Row(colours, wrap=True, spacing=4, run_spacing=4))
        if o.straights:
            rows.append(ft.Text(f"{count} in a row, including the number:", size=13))
            rows.append(
                ft.Row(
                    [
                        guess_button(
                            StraightGuess(count=count, element=e),
                            str(e),
                            f"Run including {e}",
                            width=CELL + 6,
                        )
                        for e in NUMBERS
                    ],
                    wrap=True,
                    spacing=4,
                    run_spacing=4,
                )
            )
        if o.vague:
            vague = []
            for of in ("number", "colour"):
                guess = VagueGuess(count=count, of=of)
                need = "" if menu.allows(guess) or menu.vague is None else f" ({menu.vague}+)"
                vague.append(guess_button(guess, f"Same {of}{need}", f"Same {of}"))
            rows.append(ft.Row(vague, wrap=True, spacing=6))
        if menu.power is not None:
            rows.append(self._power_claim(state, player, menu))
        return ft.Column(rows, spacing=8)

    def _set_modifier(self, on: bool) -> None:
        self.entering.modifier = on
        self.view.refresh()

    def _power_claim(self, state: DeceptidiceState, player: str, menu) -> ft.Control:
        toggle = action_button(
            "Hide power claim" if self.entering.power_open else "Claim a power card…",
            lambda _e: self.cards.change(power_open=not self.entering.power_open),
            filled=False,
            icon=ft.Icons.BOLT,
        )
        if not self.entering.power_open:
            return toggle
        return ft.Column(
            [
                toggle,
                self.cards.power_form(
                    menu.power,
                    "Claim this power card",
                    lambda card: self.view.play(
                        DeceptidiceGuess(player=player, guess=PowerClaim(card=card))
                    ),
                ),
            ],
            spacing=6,
        )
