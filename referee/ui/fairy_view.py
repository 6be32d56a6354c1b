"""The Fairy table: the top card, one row of guesses per player, the card pad, the memory aid.

Rules stay in games/fairy: this view renders `RULES.choices(state)` and the pure odds, and
turns taps into Opening, Guesses and Reveal actions.
"""

import flet as ft

from referee.core.outcome import names_text
from referee.games.fairy import RULES
from referee.games.fairy.deck import (
    CARDS,
    FAIRIES,
    GOAL_15,
    NUMBER_SUITS,
    SUIT_SIZE,
    TOP,
    is_fairy,
    suit_groups,
    suit_name,
    suit_of,
)
from referee.games.fairy.model import FairyState, Guess, Guesses, Opening, Reveal
from referee.games.fairy.odds import chances, formula, percent
from referee.games.fairy.scoring import GUESS_NAMES, GUESSES, POINTS
from referee.ui.game_view import GameView
from referee.ui.widgets import ScoreRow, big_button, scoreboard, slug, tagged

ICONS = {
    "higher": ft.Icons.ARROW_UPWARD,
    "lower": ft.Icons.ARROW_DOWNWARD,
    "same_suit": ft.Icons.ARROW_FORWARD,  # the sideways point
    "catch": ft.Icons.AUTO_AWESOME,  # catch the fairy
}
SHORT = {"higher": "Higher", "lower": "Lower", "same_suit": "Suit", "catch": "Catch"}
NAME_WIDTH = 78
GUESS_WIDTH = 64
CARD_WIDTH = 46


def _num(n: int) -> str:
    return str(n).replace("-", "−")


class FairyView(GameView):
    unit = "points"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.picks: dict[int, str] = {}
        self._for: object = None

    def _reset_if_moved_on(self, state: FairyState) -> None:
        now = (state.turns, state.phase, state.playing)
        if now != self._for:
            self._for = now
            self.picks = {}

    # -- the header --------------------------------------------------------------------

    def title(self, state: FairyState) -> str:
        return "Fairy" + (" · 15-point variant" if state.options.variant == "fifteen" else "")

    def round_line(self, state: FairyState) -> str:
        if state.phase == "opening":
            return "Before the first turn · 21 cards in the deck"
        turn = f"Turn {state.turns + 1}" if state.phase != "over" else f"{state.turns} turns"
        parts = [turn, f"top {state.top}", f"{state.cards_left} cards left"]
        parts.append(f"fairies {state.fairies_seen} of 3")
        if state.playoff and state.phase != "over":
            parts.append("play-off")
        return " · ".join(parts)

    def scoreboard(self, state: FairyState) -> ft.Control:
        rows = []
        over = state.phase == "over"
        for seat, name in enumerate(state.players):
            badges = []
            if seat in state.winners:
                badges.append("winner")
            elif state.playoff and not over:
                badges.append("play-off" if seat in state.playing else "out")
            if state.scores[seat] == -4:
                badges.append("floor")
            rows.append(
                ScoreRow(
                    name=name,
                    score=_num(state.scores[seat]),
                    badges=tuple(badges),
                    highlight=seat in state.winners or (state.playoff and seat in state.playing),
                    dimmed=state.playoff and not over and seat not in state.playing,
                )
            )
        goal = f"{GOAL_15} wins" if state.options.variant == "fifteen" else f"{TOP} wins"
        fairies = f"fairies seen {state.fairies_seen} of 3"
        if state.options.variant == "fifteen":
            fairies += " (no end)"
        top = f"Top {state.top}" if state.top is not None else "No card turned up yet"
        footer = f"{top} · {state.cards_left} cards left · {fairies} · {goal}"
        if state.playoff and not over:
            footer += f" · play-off: {names_text([state.players[s] for s in state.playing])}"
        return scoreboard(rows, footer=footer)

    def status(self, state: FairyState) -> str:
        self._reset_if_moved_on(state)
        if state.phase == "opening":
            return "Shuffle the 21 charm cards, turn up the top one and tap it."
        if state.phase == "guess":
            if state.playoff:
                names = names_text([state.players[s] for s in state.playing])
                return f"Play-off: only {names} guess. First one ahead after a turn wins."
            return f"Turn {state.turns + 1}: on 3, everyone shows a guess. Tap each one in."
        if state.phase == "reveal":
            return "Guesses are in. Turn up the next card and tap it."
        return f"Game over: {RULES.outcome(state).headline}."

    def log_hidden(self, state: FairyState) -> str | None:
        """Players may see only the top card (FY-HIDDEN): no log until the game is over."""
        if state.phase == "over" or state.options.memory_aid:
            return None
        return "The log opens after the game: players may only see the top card (FY-HIDDEN)."

    # -- the actions -------------------------------------------------------------------

    def actions(self, state: FairyState) -> ft.Control:
        self._reset_if_moved_on(state)
        parts: list[ft.Control] = []
        if state.phase == "opening":
            parts += [
                ft.Text("Opening card:", weight=ft.FontWeight.BOLD),
                self._card_pad(state, lambda c: self.play(Opening(card=c))),
            ]
        elif state.phase == "guess":
            parts += [self._top_card(state), self._guess_entry(state)]
        elif state.phase == "reveal":
            parts += [
                self._top_card(state),
                self._locked(state),
                ft.Text("Card turned up:", weight=ft.FontWeight.BOLD),
                self._card_pad(state, lambda c: self.play(Reveal(card=c))),
            ]
        else:
            parts.append(self._ending(state))
        if state.options.memory_aid and state.phase in ("guess", "reveal"):
            parts.append(self._memory_aid(state))
        return ft.Column(parts, spacing=12)

    def _top_card(self, state: FairyState) -> ft.Control:
        top = state.top
        fairy = is_fairy(top)
        number = ft.Row(
            [
                ft.Text(str(top), size=40, weight=ft.FontWeight.BOLD),
                *([ft.Icon(ICONS["catch"], size=26, color=ft.Colors.AMBER)] if fairy else []),
            ],
            spacing=2,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        card = ft.Container(
            ft.Column(
                [
                    number,
                    ft.Text(suit_name(suit_of(top, state.suits), state.suits), size=12),
                    ft.Text("fairy" if fairy else " ", size=12, italic=True),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            width=96,
            height=124,
            border_radius=12,
            alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border=ft.Border.all(2, ft.Colors.AMBER if fairy else ft.Colors.OUTLINE),
        )
        facts = ft.Column(
            [
                ft.Text("Top of the pile", weight=ft.FontWeight.BOLD),
                ft.Text(f"{state.cards_left} cards left in the deck"),
                ft.Text(f"Fairies seen: {state.fairies_seen} of 3 (4, 11, 18)"),
                ft.Text(
                    f"Higher, lower +{POINTS['higher']} · same suit +{POINTS['same_suit']} · "
                    f"catch +{POINTS['catch']} · wrong −1",
                    size=12,
                    italic=True,
                ),
            ],
            spacing=2,
            expand=True,
        )
        return tagged(
            "top-card",
            ft.Row([card, facts], spacing=14, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        )

    # -- guesses -----------------------------------------------------------------------

    def _pick(self, seat: int, guess: str) -> None:
        if self.picks.get(seat) == guess:
            del self.picks[seat]
        else:
            self.picks[seat] = guess
        self.refresh()

    def _same_as_last(self, seats) -> None:
        # Reads the state the buttons were drawn from, bound at render time.
        for seat, guess in seats:
            self.picks[seat] = guess
        self.refresh()

    def _guess_button(self, seat: int, name: str, guess: str) -> ft.Control:
        chosen = self.picks.get(seat) == guess
        colour = ft.Colors.ON_PRIMARY if chosen else None
        content = ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ICONS[guess], size=16, color=colour),
                        ft.Text(f"+{POINTS[guess]}", size=12, color=colour),
                    ],
                    spacing=2,
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                ft.Text(SHORT[guess], size=12, color=colour, weight=ft.FontWeight.W_600),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        cls = ft.FilledButton if chosen else ft.OutlinedButton
        button = cls(
            content=content,
            on_click=lambda _e: self._pick(seat, guess),
            width=GUESS_WIDTH,
            height=52,
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0), shape=ft.RoundedRectangleBorder(radius=10)
            ),
        )
        return ft.Semantics(
            label=f"{name} {GUESS_NAMES[guess]}", button=True, selected=chosen, content=button
        )

    def _name_cell(self, state: FairyState, seat: int) -> ft.Control:
        name = state.players[seat]
        last = state.previous[seat]
        lines: list[ft.Control] = [
            ft.Text(
                name,
                weight=ft.FontWeight.BOLD,
                size=14,
                no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
        ]
        if last is None:
            return ft.Container(ft.Column(lines, spacing=0), width=NAME_WIDTH)
        lines.append(
            ft.Row(
                [ft.Icon(ft.Icons.REPLAY, size=12), ft.Text(SHORT[last], size=11)],
                spacing=2,
            )
        )
        return ft.Semantics(
            label=f"{name} same as last turn",
            button=True,
            content=ft.TextButton(
                content=ft.Column(lines, spacing=0),
                on_click=lambda _e: self._same_as_last([(seat, last)]),
                width=NAME_WIDTH,
                height=52,
                tooltip=f"Same as last turn: {GUESS_NAMES[last]}",
                style=ft.ButtonStyle(
                    padding=ft.Padding.only(left=2, right=2),
                    alignment=ft.Alignment.CENTER_LEFT,
                ),
            ),
        )

    def _guess_entry(self, state: FairyState) -> ft.Control:
        menu = RULES.choices(state)
        seats = menu.guessers
        repeat = [(s, state.previous[s]) for s in seats if state.previous[s] is not None]
        rows: list[ft.Control] = []
        for seat in seats:
            name = state.players[seat]
            rows.append(
                tagged(
                    f"guess-row-{slug(name)}",
                    ft.Row(
                        [
                            self._name_cell(state, seat),
                            *[self._guess_button(seat, name, g) for g in menu.guesses],
                        ],
                        spacing=4,
                    ),
                )
            )
        done = sum(1 for s in seats if s in self.picks)
        ready = done == len(seats)
        header = ft.Row(
            [
                tagged(
                    "guess-count", ft.Text(f"{done} of {len(seats)} guessed", size=15, width=130)
                ),
                big_button(
                    "Same as last turn for all",
                    lambda _e: self._same_as_last(repeat),
                    filled=False,
                    disabled=not repeat,
                    icon=ft.Icons.REPLAY,
                ),
            ],
            wrap=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        lock = big_button(
            f"Lock in {len(seats)} guesses" if ready else f"{len(seats) - done} still to guess",
            lambda _e: self.play(
                Guesses(
                    guesses=tuple(
                        Guess(player=state.players[s], guess=self.picks[s]) for s in seats
                    )
                )
            ),
            disabled=not ready,
            icon=ft.Icons.LOCK,
        )
        return ft.Column([header, *rows, lock], spacing=6)

    def _locked(self, state: FairyState) -> ft.Control:
        chosen = dict(state.turn.guesses)
        lines = [
            f"{GUESS_NAMES[g].capitalize()}: "
            + names_text([state.players[s] for s in sorted(chosen) if chosen[s] == g])
            for g in GUESSES
            if g in chosen.values()
        ]
        return tagged("locked-guesses", ft.Text("Guesses · " + " · ".join(lines), size=14))

    # -- the card pad ------------------------------------------------------------------

    def _card_pad(self, state: FairyState, on_tap) -> ft.Control:
        menu = RULES.choices(state)
        # Without the memory aid the pad may not show which cards came earlier (FY-HIDDEN):
        # only the top card is greyed out; entering an earlier card is refused by the rules.
        enabled = {c for c in CARDS if c != state.top} if menu.hide_seen else set(menu.cards)
        rows = []
        for group in self._pad_rows(state):
            rows.append(
                ft.Row([self._card_button(c, c in enabled, on_tap) for c in group], spacing=4)
            )
        hint = "Cards with a fairy: 4, 11, 18."
        if menu.hide_seen:
            hint += " Cards seen earlier stay tappable: only the top card is in view."
        return ft.Column([*rows, ft.Text(hint, size=12, italic=True)], spacing=4)

    @staticmethod
    def _pad_rows(state: FairyState) -> list[list[int]]:
        if state.suits == NUMBER_SUITS:
            return [list(CARDS[i : i + SUIT_SIZE]) for i in range(0, len(CARDS), SUIT_SIZE)]
        return suit_groups(state.suits)  # one row per suit, as the table entered them

    @staticmethod
    def _card_button(card: int, enabled: bool, on_tap) -> ft.Control:
        fairy = card in FAIRIES
        content = ft.Column(
            [
                ft.Text(str(card), size=16, weight=ft.FontWeight.BOLD),
                ft.Icon(ICONS["catch"], size=10, color=ft.Colors.AMBER if enabled else None)
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
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0), shape=ft.RoundedRectangleBorder(radius=8)
            ),
        )
        label = f"Card {card}" + (" fairy" if fairy else "")
        return ft.Semantics(label=label, button=True, content=button)

    # -- memory aid and ending ---------------------------------------------------------

    def _memory_aid(self, state: FairyState) -> ft.Control:
        unseen = state.unseen
        lines: list[ft.Control] = [
            ft.Row(
                [ft.Icon(ft.Icons.PSYCHOLOGY, size=18), ft.Text("Memory aid", weight="bold")],
                spacing=6,
            ),
            tagged(
                "seen-cards",
                ft.Text("Seen, in order: " + ", ".join(map(str, state.pile)), size=13),
            ),
        ]
        if unseen:
            odds = chances(state.top, unseen, state.suits)
            lines.append(
                ft.Text(f"Next card against {state.top}, from {len(unseen)} unseen cards:", size=13)
            )
            for guess in GUESSES:
                chance = odds[guess]
                what = GUESS_NAMES[guess].capitalize() + (" (fairy)" if guess == "catch" else "")
                lines.append(
                    tagged(
                        f"odds-{guess}",
                        ft.Column(
                            [
                                ft.Text(
                                    f"{what}: {chance.numerator}/{chance.denominator} "
                                    f"= {percent(chance)}",
                                    weight=ft.FontWeight.W_600,
                                    size=14,
                                ),
                                ft.Text(f"{formula(guess, chance)} points", size=12),
                            ],
                            spacing=0,
                        ),
                    )
                )
            lines.append(ft.Text("At −4 a wrong guess costs nothing.", size=12, italic=True))
        return tagged(
            "memory-aid",
            ft.Container(
                ft.Column(lines, spacing=4),
                padding=10,
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            ),
        )

    def _ending(self, state: FairyState) -> ft.Control:
        ended = RULES.outcome(state)
        standings = [
            f"{place}. {state.players[seat]} {_num(state.scores[seat])}"
            for place, seat in ended.standings()
        ]
        return ft.Column(
            [
                tagged("ending", ft.Text(ended.headline, size=20, weight=ft.FontWeight.BOLD)),
                ft.Text(ended.reason),
                tagged("standings", ft.Text("\n".join(standings), size=15)),
                tagged(
                    "all-cards",
                    ft.Text("Cards in order: " + ", ".join(map(str, state.pile)), size=13),
                ),
                ft.Text(
                    "Rulings: " + ", ".join(RULES.rulings.cite(r) for r in ended.rulings),
                    size=12,
                    italic=True,
                ),
            ],
            spacing=8,
        )
