"""The Fae-ker table: top card, bidding ladder and hand entry. Rules stay in games/faeker."""

import flet as ft

from referee.core.words import amount
from referee.games.faeker import RULES, counting
from referee.games.faeker.deck import (
    COPIES,
    FAE,
    HAND_SIZE,
    MAX_BID,
    MIN_BID,
    STONE,
    SUPPLY,
    card_name,
    die_face,
)
from referee.games.faeker.model import (
    Bid,
    CallBluff,
    CallShowdown,
    FaekerState,
    Pass,
    RevealHand,
    TopCard,
)
from referee.ui.card_picker import HandPicker, card_face
from referee.ui.game_view import GameView, acting, final
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import tagged, tile

# "stone circle" is too long for a card's face: it gets a circle there.
FACES = {card_name(STONE): ft.Icons.CIRCLE_OUTLINED}


class FaekerView(GameView):
    unit = "cubes"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.picker = HandPicker(
            card_name,
            self.refresh,
            FACES,
            entry=(
                lambda: self.entry("hand"),
                lambda hand, redraw: self.set_entry("hand", hand, redraw),
            ),
        )

    # Whose hand a fix to the log (or an undo) enters, and at which moment (round, hands
    # shown): else the next one's.
    shower: tuple[int, int, str] | None = None

    def title(self, state: FaekerState) -> str:
        return "Fae-ker"

    def start_from(self, state: FaekerState, action) -> None:
        if isinstance(action, RevealHand):
            self.shower = (state.round, len(state.deal.hands), action.player)
            self.picker.reset_for((state.round, action.player, len(state.deal.hands)))
            self.picker.picked = list(action.cards)

    def round_line(self, state: FaekerState) -> str:
        top = (
            f" · top {card_name(state.deal.top)} ({FAE[state.deal.top]} fae)"
            if state.deal.top is not None
            else ""
        )
        return f"Round {state.round} · die shows {die_face(state.round)}{top}"

    def scoreboard(self, state: FaekerState) -> ft.Control:
        rows = []
        deal = state.deal
        to_act = RULES.to_act(state)[:1]
        for seat, name in enumerate(state.players):
            badges = []
            if seat == state.dealer and state.phase != "over":
                badges.append("dealer")
            if state.phase in ("bidding", "reveal"):
                bid = deal.latest_bid(seat)
                if seat in deal.passed:
                    badges.append("passed")
                elif bid is not None:
                    badges.append(f"bid {bid}")
            rows.append(
                ScoreRow(
                    name=name,
                    # Toward the goal while it is played; at the end, what each one has
                    # (a winner's "14 of 12" read as a slip).
                    score=f"{state.cubes[seat]} of {state.goal}"
                    if state.phase != "over"
                    else amount(state.cubes[seat], "cubes"),
                    badges=tuple(badges),
                    highlight=seat in to_act,
                    dimmed=seat in deal.passed and state.phase == "bidding",
                    winner=seat in state.winners,
                )
            )
        return scoreboard(
            rows,
            footer=f"Supply: {state.supply} of {SUPPLY} cubes · {amount(state.goal, 'cubes')} win",
            badge_lines=2,  # the dealer, and what they bid or that they passed
        )

    def status(self, state: FaekerState) -> str:
        if state.phase == "top":
            dealer = state.players[state.dealer]
            return f"Deal {HAND_SIZE} cards each, then enter the top card ({dealer} deals)."
        if state.phase == "bidding":
            assert state.deal.top is not None  # the bidding follows the top card
            target, _ = counting.describe_target(
                state.deal.top, state.options.stone_circles_always_count
            )
            return f"{RULES.current_player(state)} to act. Bids count {target}."
        if state.phase == "reveal":
            return f"Enter {RULES.current_player(state)}'s {HAND_SIZE} cards."
        return f"Game over: {final(RULES.outcome(state)).headline}."

    def keypad(self, state: FaekerState) -> ft.Control | None:
        # Showing hands: the hand being entered first, so the hands confirmed before it
        # (a line each, below) never push its cards down under the thumb.
        return self._hand_pad(state) if state.phase == "reveal" else None

    def actions(self, state: FaekerState) -> ft.Control:
        if state.phase == "top":
            return self._top_picker(RULES.choices(state).tops)
        if state.phase == "bidding":
            return self._bidding(state)
        if state.phase == "reveal":
            return self._reveal(state)
        return ft.Container()

    def _top_picker(self, tops) -> ft.Control:
        buttons = [
            card_face(
                card_name(card),
                name=f"Top {card_name(card)}",
                caption=f"{FAE[card]} fae",
                on_click=lambda _e, c=card: self.play(TopCard(card=c)),
                symbol=FACES.get(card_name(card)),
            )
            for card in tops
        ]
        return ft.Column(
            [
                ft.Text("Top card turned up:", weight=ft.FontWeight.BOLD),
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ],
        )

    def _ladder(self, state: FaekerState, newest: bool) -> ft.Control:
        words = {"pass": "passes", "showdown": "calls a showdown", "bluff": "calls bluff"}
        lines = [
            f"{state.players[e.seat]} " + (f"bids {e.amount}" if e.kind == "bid" else words[e.kind])
            for e in state.deal.ladder
        ]
        ladder = tagged(
            "bid-ladder",
            ft.Text("Bids: " + (", then ".join(lines) if lines else "none yet"), size=14),
        )
        return self.last_step(ladder) if newest else ladder

    def shows_last_step(self, state: FaekerState) -> bool:
        # Bidding: the ladder is the last step's line from the start (before the first
        # bid it opens the top card's verdict), so the bid pad under it never moves when
        # the first bid takes the place of that line; showing hands: the newest hand
        # shown does, or the call on the ladder before any.
        return state.phase in ("reveal", "bidding")

    def _bidding(self, state: FaekerState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[acting(menu.bidder)]
        bids = [
            tile(
                f"Bid {n}",
                f"Bid {n}",
                lambda _e, n=n: self.play(Bid(player=player, amount=n)),
                disabled=n not in menu.bids,
                width=88,
            )
            for n in range(MIN_BID, MAX_BID + 1)
        ]
        called = state.players[menu.bluff_on] if menu.bluff_on is not None else None
        bluff = (
            f"Call bluff on {called}'s {state.deal.latest_bid(menu.bluff_on)}"
            if called and menu.bluff_on is not None
            else "Call bluff"
        )
        calls = [
            tile("Pass", "Pass", lambda _e: self.play(Pass(player=player)), filled=False),
            tile(
                "Call showdown",
                "Call showdown",
                lambda _e: self.play(CallShowdown(player=player)),
                filled=False,
            ),
            tile(
                bluff,
                bluff,
                lambda _e: self.play(CallBluff(player=player)),
                filled=False,
                disabled=called is None,
            ),
        ]
        return ft.Column(
            [
                self._ladder(state, newest=True),
                ft.Text(f"{player}:", weight=ft.FontWeight.BOLD, size=16),
                ft.Row(bids, wrap=True, spacing=8, run_spacing=8),
                ft.Row(calls, wrap=True, spacing=8, run_spacing=8),
            ],
            spacing=10,
        )

    def _reveal(self, state: FaekerState) -> ft.Control:
        """Why hands are shown and those shown so far (the hand being entered is the
        keypad's, above)."""
        deal = state.deal
        menu = RULES.choices(state)
        why = (
            f"{state.players[menu.showers[0]]} was called on a bid of {deal.called_bid}."
            if deal.reveal == "bluff"
            else "Showdown: highest hand wins."
        )
        shown: list[ft.Control] = [
            ft.Text(f"{state.players[s]} showed {counting.hand_text(h)}") for s, h in deal.hands
        ]
        if shown:
            shown[-1] = self.last_step(shown[-1])
        return ft.Column([self._ladder(state, newest=not shown), ft.Text(why), *shown], spacing=10)

    def _hand_pad(self, state: FaekerState) -> ft.Control:
        menu = RULES.choices(state)
        showers = [state.players[s] for s in menu.showers]
        # A fix to the log enters the hand of the player who showed it; play, the next one's.
        moment = (state.round, len(state.deal.hands))
        chosen = self.shower[2] if self.shower and self.shower[:2] == moment else None
        player = chosen if chosen in showers else showers[0]
        self.picker.reset_for((state.round, player, len(state.deal.hands)))
        # The status line above says whose 5 cards these are.
        return self.picker.view(
            list(COPIES),  # the deck's cards, in its order (ints, as DECK keeps them)
            dict(menu.cards_left),
            menu.hand_size,
            f"Confirm {player}'s hand",
            lambda cards: self.play(RevealHand(player=player, cards=tuple(cards))),
        )


VIEW = FaekerView
