"""The Fairy table: the top card, one row of guesses per player, the card pad, the memory aid.

Rules stay in games/fairy: this view renders `RULES.choices(state)` and the pure odds, and
turns taps into Opening, Guesses and FairyReveal actions. The cards in view (the top card, the
card pad, the memory aid) are drawn by cards.py.
"""

import flet as ft

from referee.core.outcome import names_text
from referee.core.words import amount, number
from referee.games.fairy import RULES
from referee.games.fairy.deck import (
    BASE_GOAL,
    CARDS,
    FAIRIES,
    FLOOR,
    GOAL_15,
    is_fairy,
    suit_name,
    suit_of,
)
from referee.games.fairy.model import FairyReveal, FairyState, Opening
from referee.games.fairy.scoring import (
    CATCH,
    GUESS_NAMES,
    GUESS_SHORT,
    GUESSES,
    HIGHER,
    LOWER,
    POINTS,
    SAME_SUIT,
)
from referee.live.tables import LOCKED
from referee.ui.game_view import GameView, final
from referee.ui.games.fairy.cards import FAIRY_ICON, card_pad, memory_aid, top_card
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import action_button, slug, tagged, tile

ICONS: dict[str, ft.IconData] = {
    HIGHER: ft.Icons.ARROW_UPWARD,
    LOWER: ft.Icons.ARROW_DOWNWARD,
    SAME_SUIT: ft.Icons.ARROW_FORWARD,  # the sideways point
    CATCH: FAIRY_ICON,  # catch the fairy
}
NAME_WIDTH = 78
GUESS_WIDTH = 64


class FairyView(GameView):
    unit = "points"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.pad = None  # the shared picks; the app gives every view its PickPad

    # -- the header --------------------------------------------------------------------

    def title(self, state: FairyState) -> str:
        fifteen = state.options.variant == "fifteen"
        return "Fairy" + (f" · {GOAL_15}-point variant" if fifteen else "")

    def round_line(self, state: FairyState) -> str:
        if state.phase == "opening":
            return f"Before the first turn · {amount(len(CARDS), 'cards')} in the deck"
        top = state.top
        assert top is not None  # every phase after the opening has a top card
        if state.phase == "over":
            return f"{amount(state.turns, 'turns')} played · last card {self._card(state, top)}"
        text = f"Turn {state.turns + 1} · top card {self._card(state, top)}"
        return text + (" · play-off" if state.playoff else "")

    @staticmethod
    def _card(state: FairyState, card: int) -> str:
        fairy = ", fairy" if is_fairy(card) else ""
        return f"{card} ({suit_name(suit_of(card, state.suits), state.suits)}{fairy})"

    def scoreboard(self, state: FairyState) -> ft.Control:
        over = state.phase == "over"
        rows = []
        for seat, name in enumerate(state.players):
            badges = []
            if state.playoff and not over:
                badges.append("play-off" if seat in state.playing else "out")
            if state.scores[seat] == FLOOR:
                badges.append("floor")
            rows.append(
                ScoreRow(
                    name=name,
                    score=number(state.scores[seat]),
                    badges=tuple(badges),
                    highlight=state.playoff and not over and seat in state.playing,
                    dimmed=state.playoff and not over and seat not in state.playing,
                    winner=seat in state.winners,
                )
            )
        goal = f"{GOAL_15} wins" if state.options.variant == "fifteen" else f"{BASE_GOAL} wins"
        fairies = f"fairies seen {state.fairies_seen} of {len(FAIRIES)}"
        if state.options.variant == "fifteen":
            fairies += " (no end)"
        footer = f"{amount(state.cards_left, 'cards')} left · {fairies} · {goal}"
        if state.playoff and not over:
            footer += f" · play-off: {names_text([state.players[s] for s in state.playing])}"
        return scoreboard(rows, footer, badge_lines=2)  # in or out of a play-off; the floor

    def status(self, state: FairyState) -> str:
        if state.phase == "opening":
            return f"Shuffle the {len(CARDS)} charm cards, turn up the top one and tap it."
        if state.phase == "guess":
            if state.playoff:
                names = names_text([state.players[s] for s in state.playing])
                return f"Play-off: only {names} guess. First one ahead after a turn wins."
            return f"Turn {state.turns + 1}: on 3, everyone shows a guess. Tap each one in."
        if state.phase == "reveal":
            return "Guesses are in. Turn up the next card and tap it."
        return f"Game over. {final(RULES.outcome(state)).reason}"

    def log_hidden(self, state: FairyState) -> str | None:
        """Players may see only the top card (FY-HIDDEN): no log until the game is over."""
        if RULES.earlier_cards_visible(state):
            return None
        return "The log opens after the game: players may only see the top card."

    # -- the actions -------------------------------------------------------------------

    def actions(self, state: FairyState) -> ft.Control:
        parts: list[ft.Control] = []
        if state.phase == "opening":
            parts += [
                ft.Text("Opening card:", weight=ft.FontWeight.BOLD),
                card_pad(state, lambda c: self.play(Opening(card=c))),
            ]
        elif state.phase == "guess":
            parts.append(top_card(state))
            if state.options.memory_aid:  # the odds help before the guesses, not after
                parts.append(memory_aid(state))
            parts.append(self._guess_entry(state))
        elif state.phase == "reveal":
            parts += [
                top_card(state),
                self._locked(state),
                ft.Text("Card turned up:", weight=ft.FontWeight.BOLD),
                card_pad(state, lambda c: self.play(FairyReveal(card=c))),
            ]
        else:
            parts.append(self._ending(state))
        if state.options.memory_aid and state.phase == "reveal":
            parts.append(memory_aid(state))
        return ft.Column(parts, spacing=12)

    # -- guesses -----------------------------------------------------------------------

    def _pick(self, seat: int, guess: str) -> None:
        """Tap a guess to choose it, the same guess again to take it back. Picks live in
        the shared table: the last one applies every guess at once."""
        if self.shared_pad.shown(seat) == guess:
            self.shared_pad.clear(seat)
        else:
            self.shared_pad.choose(seat, guess)

    def _same_as_last(self, picks) -> None:
        for seat, guess in picks:
            self.shared_pad.choose(seat, guess)

    def _guess_button(self, seat: int, name: str, guess: str) -> ft.Control:
        chosen = self.shared_pad.shown(seat) == guess
        colour = ft.Colors.ON_PRIMARY if chosen else ft.Colors.PRIMARY
        content = ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ICONS[guess], size=16, color=colour),
                        ft.Text(
                            number(POINTS[guess], sign=True),
                            size=12,
                            color=colour,
                            semantics_label="",
                        ),
                    ],
                    spacing=2,
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                ft.Text(
                    GUESS_SHORT[guess],
                    size=12,
                    color=colour,
                    weight=ft.FontWeight.W_600,
                    semantics_label="",
                ),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        # Chosen or not, one tile (a pick restyles it), kept from pick to pick while the
        # game has not moved (ui/reconcile.py).
        return tile(
            content,
            f"{name} {GUESS_NAMES[guess]}",
            lambda _e: self._pick(seat, guess),
            filled=chosen,
            selected=chosen,
            radius=10,
            width=GUESS_WIDTH,
            height=52,
            key=f"guess-{seat}-{guess}@{self.shared_pad.moment}",
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
                [ft.Icon(ft.Icons.REPLAY, size=12), ft.Text(GUESS_SHORT[last], size=11)],
                spacing=2,
            )
        )
        return ft.Semantics(
            label=f"{name} same as last turn",
            button=True,
            content=ft.TextButton(
                content=ft.Column(lines, spacing=0),
                on_click=lambda _e: self._same_as_last([(seat, last)]),
                key=f"same-{seat}@{self.shared_pad.moment}",
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
        """One row per player this device enters, in seat order. A row stays where it is
        once its guess is in (the guess shown filled; tap it again to take it back), so a
        quick second tap never lands on the next player's row. Guesses locked on another
        device show as a lock."""
        pad = self.shared_pad
        seats = RULES.choices(state).guessers
        shown = {seat: pad.shown(seat) for seat in seats}
        mine = [s for s in seats if shown[s] is not LOCKED and pad.me in (None, s)]
        mine = [s for s in mine if shown[s] is None or pad.can_change(s)]
        elsewhere = [s for s in seats if shown[s] is None and s not in mine]
        done = [s for s in seats if shown[s] is not None and s not in mine]
        guessed = sum(1 for s in seats if shown[s] is not None)
        repeat = [
            (s, state.previous[s])
            for s in mine
            if state.previous[s] is not None and shown[s] is None
        ]
        parts: list[ft.Control] = [
            ft.Row(
                [
                    tagged(
                        "guess-count",
                        ft.Text(f"{guessed} of {len(seats)} guessed", size=15, width=130),
                    ),
                    action_button(
                        "Same as last turn for all",
                        lambda _e: self._same_as_last(repeat),
                        filled=False,
                        disabled=not repeat,
                        icon=ft.Icons.REPLAY,
                        key=f"same-all@{self.shared_pad.moment}",  # a pick keeps it, as its rows
                    ),
                ],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            *[self._guess_row(state, seat) for seat in mine],
        ]
        if elsewhere:
            names = names_text([state.players[s] for s in elsewhere])
            parts.append(
                tagged(
                    "guess-elsewhere",
                    ft.Text(f"Still choosing on their own device: {names}", italic=True),
                )
            )
        if done:
            parts.append(ft.Text("Guessed on another device:", size=13))
            parts.append(
                ft.Row(
                    [self._done_chip(state, seat, shown[seat]) for seat in done],
                    wrap=True,
                    spacing=6,
                    run_spacing=6,
                )
            )
        # Every guess in and none locked: an Undo brought them back (LiveTable.undo).
        locks = (
            "Every guess is back after the undo: tap one to change it, and they lock in again."
            if guessed == len(seats)
            else "The guesses lock in as soon as the last one is in."
        )
        parts.append(ft.Text(locks, size=12, italic=True))
        return ft.Column(parts, spacing=6)

    def _guess_row(self, state: FairyState, seat: int) -> ft.Control:
        name = state.players[seat]
        # One row guessed or not; only the name cell says which, as a control of its own
        # (a tag kept with a new identifier still showed its old one on the phone).
        guessed = self.shared_pad.shown(seat) is not None
        tag = f"{'guessed' if guessed else 'guess-row'}-{slug(name)}"
        return ft.Row(
            [
                ft.Semantics(identifier=tag, key=tag, content=self._name_cell(state, seat)),
                *[self._guess_button(seat, name, g) for g in RULES.choices(state).guesses],
            ],
            spacing=4,
        )

    def _done_chip(self, state: FairyState, seat: int, value) -> ft.Control:
        """A guess made: the player's name and the guess's icon, small enough for ten."""
        name = state.players[seat]
        if value is LOCKED:
            said, change = "locked in", None
        else:
            said = GUESS_NAMES[value]
            change = (
                (lambda _e: self.shared_pad.clear(seat))
                if self.shared_pad.can_change(seat)
                else None
            )
        return ft.Semantics(
            identifier=f"guessed-{slug(name)}",
            label=f"{name}: {said}",
            content=ft.Chip(
                label=ft.Text(name, size=13),
                leading=ft.Icon(ft.Icons.LOCK if value is LOCKED else ICONS[value], size=16),
                on_click=change,
                disabled=change is None,
                tooltip=f"{name}: {said}" + (" (tap to take it back)" if change else ""),
            ),
        )

    def _locked(self, state: FairyState) -> ft.Control:
        chosen = dict(state.turn.guesses)
        lines = [
            f"{GUESS_NAMES[g].capitalize()}: "
            + names_text([state.players[s] for s in sorted(chosen) if chosen[s] == g])
            for g in GUESSES
            if g in chosen.values()
        ]
        return tagged("locked-guesses", ft.Text("Guesses · " + " · ".join(lines), size=14))

    # -- the ending --------------------------------------------------------------------

    def _ending(self, state: FairyState) -> ft.Control:
        """After the game every card may be seen (FY-HIDDEN); the standings above already
        name the winner, the places and why."""
        return tagged(
            "all-cards",
            ft.Text("Cards in order: " + ", ".join(map(str, state.pile)), size=13),
        )


VIEW = FairyView
