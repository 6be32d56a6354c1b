"""Bidding: bids, passes and the two calls that end the bidding (a showdown or a bluff).

An unopposed bid ends the round at once; a tie, a showdown call or a bluff call turns to
the reveal, where the hands are shown.
"""

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from referee.core import flow
from referee.core.errors import IllegalAction
from referee.core.verdict import Verdict
from referee.games.faeker import counting
from referee.games.faeker.deck import FAE, HAND_SIZE, MAX_BID, card_name
from referee.games.faeker.model import (
    Bid,
    CallBluff,
    CallShowdown,
    FaekerChoices,
    FaekerState,
    LadderEntry,
    Pass,
)


class Holder(Protocol):
    """What the bidding uses of the Fae-ker rules that hold it, and nothing else."""

    def choices(self, state: FaekerState) -> FaekerChoices: ...

    def seat_of(self, state: FaekerState, player: str) -> int: ...

    def bidding_order(self, state: FaekerState) -> tuple[int, ...]: ...

    def award(
        self,
        state: FaekerState,
        owed: Sequence[tuple[int, int]],
        *,
        headline: str,
        details: list[str],
        rulings: list[str],
    ) -> tuple[FaekerState, Verdict]: ...

    def end_round(self, state: FaekerState) -> tuple[FaekerState, Verdict]: ...


def bluff_ruling(state: FaekerState) -> str:
    """The ruling a bluff is settled by, as the table plays it (exact or at least)."""
    return "FK-BLUFF-EXACT" if state.options.bluff_needs_exact else "FK-BLUFF-AT-LEAST"


class Bidding:
    """The handlers of Bid, Pass, CallShowdown and CallBluff: a part FaekerRules holds
    (`rules.bidding`), which reaches the rules only through Holder."""

    def __init__(self, rules: Holder) -> None:
        self.rules = rules

    def _check_turn(self, state: FaekerState, player: str) -> int:
        seat = self.rules.seat_of(state, player)
        if seat in state.deal.passed:
            raise IllegalAction(f"{player} passed and is out of the bidding this round.")
        assert state.deal.turn is not None  # someone's turn while the bidding is on
        if seat != state.deal.turn:
            turn = state.players[state.deal.turn]
            raise IllegalAction(f"It is {turn}'s turn to bid, not {player}'s.")
        return seat

    def _with_ladder(self, state: FaekerState, entry: LadderEntry, **more: Any) -> FaekerState:
        deal = state.deal.model_copy(update=dict(ladder=(*state.deal.ladder, entry), **more))
        return state.model_copy(update=dict(deal=deal))

    def bid(self, state: FaekerState, action: Bid) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        bids = self.rules.choices(state).bids
        if action.amount not in bids:
            high = bids[0]
            last = state.deal.last_bid_entry
            assert last is not None  # every allowed amount is a bid while none is made
            holder = state.players[last.seat]
            raise IllegalAction(
                f"Bids must be at least {high}: {holder} bid {high}. "
                f"{action.player} may bid {high} to {MAX_BID}, pass, or call."
            )
        new = self._with_ladder(state, LadderEntry(seat=seat, kind="bid", amount=action.amount))
        said = f"{action.player} bids {action.amount}."
        return self._after_bidding_step(new, said, "FK-BID")

    def pass_(self, state: FaekerState, action: Pass) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        new = self._with_ladder(
            state, LadderEntry(seat=seat, kind="pass"), passed=state.deal.passed | {seat}
        )
        return self._after_bidding_step(
            new, f"{action.player} passes and is out this round.", "FK-PASS-OUT"
        )

    def _after_bidding_step(
        self, state: FaekerState, said: str, ruling: str
    ) -> tuple[FaekerState, Verdict]:
        deal = state.deal
        assert deal.top is not None and deal.turn is not None  # the top card is up
        active = self.rules.bidding_order(state)
        if not active:
            return self._all_passed(state, said)
        if len(active) == 1 and deal.latest_bid(active[0]) is not None:
            seat = active[0]
            name = state.players[seat]
            return self.rules.award(
                state,
                [(seat, FAE[deal.top])],
                headline=f"{name} takes the round unopposed",
                details=[
                    said,
                    f"{name}'s bid of {deal.latest_bid(seat)} stands and everyone else passed.",
                    f"Top card {card_name(deal.top)} is worth {FAE[deal.top]} fae.",
                ],
                rulings=["FK-END-UNCONTESTED"],
            )
        everyone_acted = {e.seat for e in deal.ladder} == set(range(len(state.players)))
        high = deal.highest_bid
        if everyone_acted and len(active) >= 2 and all(deal.latest_bid(s) == high for s in active):
            names = ", ".join(state.players[s] for s in active)
            new = self._start_reveal(state, "showdown", active)
            return new, Verdict(
                headline=f"Tie at {high}: showdown between {names}",
                details=(
                    said,
                    f"{names} all bid {high}; everyone else passed.",
                    "Each of them shows their hand; the highest hand wins.",
                ),
                rulings=("FK-END-TIE", "FK-SHOWDOWN-RANK"),
            )
        nxt = flow.next_seat(len(state.players), deal.turn, active)
        assert nxt is not None  # `active` holds two or more seats here
        new = state.model_copy(update=dict(deal=deal.model_copy(update=dict(turn=nxt))))
        return new, Verdict(
            headline=said,
            details=(f"{state.players[nxt]} to act.",),
            rulings=(ruling,),
        )

    def _all_passed(self, state: FaekerState, said: str) -> tuple[FaekerState, Verdict]:
        if state.options.all_pass == "showdown":
            everyone = flow.clockwise(len(state.players), state.dealer + 1)
            new = self._start_reveal(state, "showdown", everyone)
            return new, Verdict(
                headline="Everyone passed: showdown between all players",
                details=(said, "Nobody bid, so every player shows their hand."),
                rulings=("FK-ALL-PASS-SHOWDOWN", "FK-SHOWDOWN-RANK"),
            )
        new, end = self.rules.end_round(state)
        return new, Verdict(
            headline="Everyone passed: nobody scores this round",
            details=(said, "Nobody bid, so no cubes move.", *end.details),
            rulings=("FK-ALL-PASS-VOID", *end.rulings),
            decisive=True,
        )

    def call_showdown(
        self, state: FaekerState, action: CallShowdown
    ) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        active = self.rules.bidding_order(state)
        state = self._with_ladder(state, LadderEntry(seat=seat, kind="showdown"))
        top = state.deal.top
        assert top is not None  # the bidding follows the top card
        if len(active) == 1:
            return self.rules.award(
                state,
                [(seat, FAE[top])],
                headline=f"{action.player} calls a showdown alone and takes the round",
                details=[
                    f"Everyone else has passed, so {action.player} is the only hand in it.",
                    f"Top card {card_name(top)} is worth {FAE[top]} fae.",
                ],
                rulings=["FK-SHOWDOWN-CALL"],
            )
        names = ", ".join(state.players[s] for s in active)
        return self._start_reveal(state, "showdown", active, caller=seat), Verdict(
            headline=f"{action.player} calls a showdown: {names} show their hands",
            details=(
                f"Every player who has not passed, the caller included, shows {HAND_SIZE} cards.",
            ),
            rulings=("FK-SHOWDOWN-CALL", "FK-SHOWDOWN-RANK"),
        )

    def call_bluff(self, state: FaekerState, action: CallBluff) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        last = state.deal.last_bid_entry
        if self.rules.choices(state).bluff_on is None:
            raise IllegalAction(
                "Nobody can call a bluff yet: no bid has been made."
                if last is None
                else f"{action.player} cannot call a bluff on {action.player}'s own bid: "
                "the most recent bid is theirs."
            )
        assert last is not None  # a bluff may be called only on a bid
        bidder = state.players[last.seat]
        state = self._with_ladder(state, LadderEntry(seat=seat, kind="bluff"))
        new = self._start_reveal(
            state, "bluff", (last.seat,), caller=seat, called_seat=last.seat, called_bid=last.amount
        )
        assert state.deal.top is not None  # the bidding follows the top card
        target, _ = counting.describe_target(
            state.deal.top, state.options.stone_circles_always_count
        )
        return new, Verdict(
            headline=f"{action.player} calls {bidder}'s bluff on {last.amount}",
            details=(f"{bidder} shows all {HAND_SIZE} cards. The bid counts {target}.",),
            rulings=(bluff_ruling(state),),
        )

    @staticmethod
    def _start_reveal(
        state: FaekerState, kind: str, seats: Iterable[int], **more: Any
    ) -> FaekerState:
        deal = state.deal.model_copy(
            update=dict(reveal=kind, awaiting=tuple(seats), hands=(), turn=None, **more)
        )
        return state.model_copy(update=dict(phase="reveal", deal=deal))
