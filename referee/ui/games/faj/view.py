"""The Faces, Aces & Jokers table: draft log, board and trump, plays, won piles, showdown."""

import flet as ft

from referee.core.verdict import Verdict
from referee.core.words import amount
from referee.games.faj import RULES, tricks
from referee.games.faj.deck import (
    BOARD_SIZES,
    DRAFT_HAND,
    ROUNDS,
    SUITS,
    trick_card,
)
from referee.games.faj.model import Board, DraftPick, FajState
from referee.games.faj.showdown import best_hand
from referee.ui.card_picker import card_grid
from referee.ui.game_view import GameView, final
from referee.ui.games.faj import entry
from referee.ui.games.faj.cards import card_colour, card_label, cards_line
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import action_button, ruling_lines, sent, tagged, why_toggle


def _sorted_pile(pile):
    return sorted(pile, key=lambda c: (int(c[:-1]), SUITS.index(c[-1])), reverse=True)


class FajView(GameView):
    unit = "cards won"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.draft_seat = 0
        self.show_draft = False
        self._for: object = None
        self._why_open = False  # the final showdown's rulings shown (this device's choice)
        self._focus: int | None = None  # the tab tapped: whose card the pad enters

    def _toggle_why(self) -> None:
        self._why_open = not self._why_open
        self.refresh()

    def title(self, state: FajState) -> str:
        return "Faces, Aces & Jokers"

    def _reset_if_moved_on(self, state: FajState) -> None:
        # Selections belong to one trick; a new trick (or an undo) starts them afresh.
        now = (state.round, state.trick, state.phase)
        if now != self._for:
            self._for = now
            self._focus = None
            self.clear_own_entries()

    def start_from(self, state: FajState, action) -> None:
        if isinstance(action, Board):
            self.set_entry("board", list(action.cards), redraw=False)
        elif isinstance(action, DraftPick):  # the log open at that player: one tap
            self.show_draft = True
            self.draft_seat = RULES.seat_of(state, action.player)

    def round_line(self, state: FajState) -> str:
        if state.phase == "over":
            return f"All {ROUNDS} rounds played"
        # The board and trump are told once, in the trump panel beside the plays.
        return f"Round {state.round} of {ROUNDS} · trick {state.trick} of {len(BOARD_SIZES)}"

    def scoreboard(self, state: FajState) -> ft.Control:
        rows = []
        outcome = RULES.outcome(state)
        for seat, name in enumerate(state.players):
            pile = state.won[seat]
            won = outcome is not None and seat in outcome.winners
            rows.append(
                ScoreRow(
                    name=name,
                    score=str(len(pile)),
                    badges=(best_hand(pile).category_name,) if pile else ("no cards",),
                    winner=won,
                )
            )
        return scoreboard(rows, footer="Cards won, and the best poker hand in them")

    def status(self, state: FajState) -> str:
        self._reset_if_moved_on(state)
        # One line on a phone: the pad under it keeps its place from trick to trick.
        if state.phase == "board":
            return f"Turn up {amount(BOARD_SIZES[state.trick - 1], 'cards')}, tap the board in."
        if state.phase == "play":
            return "Tap in the card each player played."
        return f"Game over: {final(RULES.outcome(state)).headline}."

    def keypad(self, state: FajState) -> ft.Control | None:
        self._reset_if_moved_on(state)
        if state.phase == "board":
            return self._board_pad(state)
        if state.phase == "play":
            return self._plays_pad(state)
        return None

    def actions(self, state: FajState) -> ft.Control:
        self._reset_if_moved_on(state)
        parts = [self._showdown(state)] if state.phase == "over" else []
        if state.phase == "board" and state.drafting:
            parts.append(self._draft_log(state))
        return ft.Column([*parts, self._won_piles(state)], spacing=12)

    # -- board -------------------------------------------------------------------------

    @property
    def board_pick(self) -> list[str]:
        """The board's cards tapped so far (on every device of the table)."""
        return self.entry("board", [])

    def _toggle_board(self, card: str, size: int, trick: int) -> None:
        board = self.board_pick
        if card in board:
            board.remove(card)
        elif len(board) < size:
            board.append(card)
        elif size == 1:  # a one-card board: another card changes it
            board = [card]
        else:
            self.tell(
                f"The board for trick {trick} has its {amount(size, 'cards')}: "
                "tap one of them to take it back first."
            )
            return
        self.set_entry("board", board)

    def _board_pad(self, state: FajState) -> ft.Control:
        size = BOARD_SIZES[state.trick - 1]
        # A full board leaves the other cards tappable (a tap says why it is not taken):
        # dimming every card at each pick redrew the whole grid on the phone.
        return entry.board_pad(
            state.trick,
            size,
            self.board_pick,
            set(RULES.choices(state).board_cards),
            on_tap=lambda c: self._toggle_board(c, size, state.trick),
            on_deal=lambda: self.play(Board(cards=tuple(self.board_pick))),
            moment=self.shared_pad.moment,
        )

    # -- draft log ---------------------------------------------------------------------

    def _draft_log(self, state: FajState) -> ft.Control:
        toggle = action_button(
            "Hide draft log" if self.show_draft else "Log draft picks (optional)",
            lambda _e: self._toggle_draft(),
            filled=False,
        )
        if not self.show_draft:
            return toggle
        seat = self.draft_seat
        player = state.players[seat]
        picks = state.deal.picks[seat]
        pickable = dict(RULES.choices(state).pickable).get(seat, ())
        chooser = ft.RadioGroup(
            value=str(seat),
            on_change=lambda e: self._choose_draft_seat(int(sent(e))),
            content=ft.Row(
                [
                    ft.Radio(value=str(i), label=f"{n} ({len(state.deal.picks[i])}/{DRAFT_HAND})")
                    for i, n in enumerate(state.players)
                ],
                wrap=True,
            ),
        )
        grid = card_grid(
            list(RULES.pickable_cards(state)) + list(picks),
            card_label,
            available=set(pickable),
            selected=list(picks),
            on_tap=lambda c: c not in picks and self.play(DraftPick(player=player, card=c)),
            name=lambda c: f"{player} keeps {card_label(c)}",
            colour=card_colour,
        )
        return ft.Column([toggle, ft.Text("Whose pick?"), chooser, grid], spacing=8)

    def _toggle_draft(self) -> None:
        self.show_draft = not self.show_draft
        self.refresh()

    def _choose_draft_seat(self, seat: int) -> None:
        self.draft_seat = seat
        self.refresh()

    # -- plays -------------------------------------------------------------------------

    def _trump_line(self, state: FajState) -> ft.Control:
        return tagged(
            "trump",
            ft.Text(
                f"Board {' '.join(card_label(c) for c in state.board)}: suit totals "
                f"{tricks.describe_totals(state.board)}, so {tricks.trump_text(state.trump)}.",
                size=14,
                weight=ft.FontWeight.W_600,
            ),
        )

    def _current(self, state: FajState, playable: dict) -> int | None:
        """Whose card the pad enters: this phone's player's; else the player whose tab
        was tapped; else the first still to play."""
        pad = self.shared_pad
        if pad.me is not None:
            return pad.me if pad.me in playable else None
        if self._focus is not None and self._focus in playable and pad.shown(self._focus) is None:
            return self._focus
        return next((s for s in playable if pad.shown(s) is None), None)

    def _tab(self, seat: int) -> None:
        self._focus = seat
        if self.shared_pad.shown(seat) is not None:
            self.shared_pad.clear(seat)  # its card is entered again (redraws)
        else:
            self.refresh()

    def _card(self, seat: int | None, card: str) -> None:
        if seat is None:
            return
        self._focus = None  # the next player still to play comes up
        self.shared_pad.choose(seat, card)

    def _plays_pad(self, state: FajState) -> ft.Control:
        playable = dict(RULES.choices(state).playable)
        return entry.plays_pad(
            state.players,
            playable,
            self.shared_pad,
            self._current(state, playable),
            on_tab=self._tab,
            on_card=self._card,
            trump=self._trump_line(state),
        )

    # -- piles and showdown ------------------------------------------------------------

    def _won_piles(self, state: FajState) -> ft.Control:
        lines: list[ft.Control] = [ft.Text("Won piles", weight=ft.FontWeight.BOLD)]
        for seat, name in enumerate(state.players):
            pile = _sorted_pile(state.won[seat])
            hand = best_hand(pile)
            lines.append(
                tagged(
                    f"pile-{name}",
                    cards_line(
                        pile,
                        size=13,
                        before=f"{name}: ",
                        after=f" — best: {hand.describe()}" if pile else "",
                    ),
                )
            )
        return ft.Column(lines, spacing=4)

    def _showdown(self, state: FajState) -> ft.Control:
        ranked = RULES.final(state)
        rows = []
        for st in ranked:
            rows.append(
                ft.Row(
                    [
                        ft.Text(f"{st.place}.", size=20, weight=ft.FontWeight.BOLD, width=32),
                        ft.Column(
                            [
                                ft.Text(state.players[st.seat], weight=ft.FontWeight.BOLD, size=16),
                                tagged(
                                    f"hand-{state.players[st.seat]}",
                                    ft.Text(st.hand.describe().capitalize()),
                                ),
                                cards_line([trick_card(r, s) for r, s in st.hand.cards], 18),
                            ],
                            spacing=2,
                            expand=True,
                        ),
                    ]
                )
            )
        comparisons = RULES.final_comparisons(state)
        why = [tagged(f"why-{i}", ft.Text(line)) for i, (line, _r) in enumerate(comparisons)]
        heading = tagged(
            "showdown-title", ft.Text("Final showdown", size=18, weight=ft.FontWeight.BOLD)
        )
        # The rulings wait behind Why?, as in every verdict: the table reads the hands.
        cited = final(RULES.outcome(state)).rulings
        lines = ruling_lines(RULES, Verdict(headline="", rulings=tuple(cited)))
        return tagged(
            "showdown",
            ft.Column(
                [heading, *rows, *why, why_toggle(lines, self._why_open, self._toggle_why)],
                spacing=10,
            ),
        )


VIEW = FajView
