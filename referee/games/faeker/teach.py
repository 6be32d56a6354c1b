"""Fae-ker's words for What now?: what each move means at this point of the round.

Only words live here: which moves are allowed, and why one is refused, come from the
rules' menu and refusals (core.whatnow.BaseTeacher)."""

from typing import TYPE_CHECKING

from pydantic import BaseModel

from referee.core.whatnow import BaseTeacher, and_list
from referee.core.words import amount
from referee.games.faeker import counting
from referee.games.faeker.bidding import bluff_ruling
from referee.games.faeker.deck import (
    BLUFF_BONUS,
    DECK,
    FAE,
    HAND_SIZE,
    HIGHEST,
    MAX_BID,
    MIN_BID,
    STONE,
    card_name,
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

if TYPE_CHECKING:
    from referee.games.faeker.rules import FaekerRules

RULING: dict[type[BaseModel], str] = {
    TopCard: "FK-DEALER",
    Bid: "FK-BID",
    Pass: "FK-PASS-OUT",
    CallShowdown: "FK-SHOWDOWN-CALL",
}


class FaekerTeacher(BaseTeacher[FaekerState]):
    rules: "FaekerRules"  # the rules it words, whose own helpers it asks too

    def _actor(self, state: FaekerState) -> str:
        seats = self.rules.to_act(state)
        seat = seats[0] if seats else (state.dealer + 1) % len(state.players)
        return state.players[seat]

    def examples(self, state: FaekerState) -> list[BaseModel]:
        menu = self.rules.choices(state)
        who = self._actor(state)
        low = menu.bids[0] if menu.bids else 1
        hand = (1,) * HAND_SIZE
        if menu.cards_left:
            pool = [c for c, n in menu.cards_left for _ in range(n)]
            hand = tuple(pool[:HAND_SIZE])
        return [
            TopCard(card=1),
            Bid(player=who, amount=low),
            Pass(player=who),
            CallShowdown(player=who),
            CallBluff(player=who),
            RevealHand(player=who, cards=hand),
        ]

    def more_refusals(self, state: FaekerState) -> list[BaseModel]:
        if state.phase != "bidding":
            return []
        low = self.rules.choices(state).bids[0]
        return [Bid(player=state.players[s], amount=low) for s in sorted(state.deal.passed)]

    def ruling_of(self, state: FaekerState, example: BaseModel) -> str | None:
        if isinstance(example, CallBluff) or (
            isinstance(example, RevealHand) and state.deal.reveal == "bluff"
        ):
            return bluff_ruling(state)
        if isinstance(example, RevealHand):
            return "FK-SHOWDOWN-RANK"
        if isinstance(example, Bid) and self._passed(state, example.player):
            return "FK-PASS-OUT"
        return RULING[type(example)]

    def _passed(self, state: FaekerState, player: str) -> bool:
        return state.phase == "bidding" and self.rules.seat_of(state, player) in state.deal.passed

    def _stake(self, state: FaekerState) -> int:
        assert state.deal.top is not None  # asked once the top card is up
        return FAE[state.deal.top]

    def allowed_words(self, state: FaekerState, example: BaseModel) -> tuple[str, str]:
        deal = state.deal
        if isinstance(example, TopCard):
            dealer = state.players[state.dealer]
            return (
                f"{dealer} deals and turns up the top card: any card from the stone circle "
                f"to {HIGHEST}; it sets what the bids count and the fae at stake.",
                "turn up the top card",
            )
        # Every other action names its player.
        assert isinstance(example, Bid | Pass | CallShowdown | CallBluff | RevealHand)
        who = example.player
        if isinstance(example, Bid):
            low = example.amount
            last = deal.last_bid_entry
            if last is None:
                top = "the stone circle" if deal.top == STONE else f"the {deal.top}"
                return (
                    f"{who} may open the bidding with {MIN_BID} to {MAX_BID}: how many of {who}'s "
                    f"cards count against {top} on top.",
                    f"bid {MIN_BID} or more",
                )
            holder = state.players[last.seat]
            if low == MAX_BID:
                return (
                    f"{who} may bid {low} too, tying {holder}'s {low}: no bid is higher.",
                    f"bid {low}",
                )
            return (
                f"{who} may bid {low} to {MAX_BID}: {low} ties {holder}'s {low}, more beats it.",
                f"bid {low} or more",
            )
        if isinstance(example, Pass):
            return (
                f"{who} may pass, and is then out of the bidding this round"
                f"{self.whose('FK-PASS-OUT')}.",
                "pass",
            )
        if isinstance(example, CallShowdown):
            still = [state.players[s] for s in self.rules.bidding_order(state)]
            return (
                f"{who} may call a showdown: {and_list(still)} show their hands and the "
                f"highest hand takes {amount(self._stake(state), 'cubes')}"
                f"{self.whose('FK-SHOWDOWN-CALL')}.",
                "call a showdown",
            )
        if isinstance(example, CallBluff):
            last = deal.last_bid_entry
            assert last is not None and last.amount is not None  # a bluff is called on a bid
            holder = state.players[last.seat]
            fae = self._stake(state)
            need = "exactly" if state.options.bluff_needs_exact else "at least"
            return (
                f"{who} may call a bluff on {holder}'s {last.amount}: {holder} shows the hand; "
                f"with {need} {amount(last.amount, 'counting cards')} {holder} takes "
                f"{amount(fae, 'cubes')}, "
                f"otherwise {who} takes {fae + BLUFF_BONUS}"
                f"{self.whose(bluff_ruling(state))}.",
                f"call a bluff on {holder}'s {last.amount}",
            )
        waiting = and_list([state.players[s] for s in deal.awaiting])
        return (
            f"{waiting} still to show {HAND_SIZE} cards; only cards not yet seen this round "
            "can be in a hand.",
            "show the hand",
        )

    def refused_words(self, state: FaekerState, example: BaseModel, reason: str) -> str:
        if isinstance(example, Bid) and self._passed(state, example.player):
            # What cannot be done; the rules' reason, said under it, says why.
            return f"{example.player} cannot bid again this round."
        return reason

    def headline(self, state: FaekerState, names: tuple[str, ...], phrases: list[str]) -> str:
        if state.phase == "top":  # the table's turn, but a player deals (FK-DEALER)
            return f"{state.players[state.dealer]} to deal and turn up the top card."
        if state.phase == "reveal":
            return f"{and_list(names)} to show {'a hand' if len(names) == 1 else 'their hands'}."
        return super().headline(state, names, phrases)

    def _why_reveal(self, state: FaekerState) -> str:
        """Why the hands are shown (FK-END-TIE, FK-SHOWDOWN-CALL, a bluff, all passed)."""
        deal = state.deal
        if deal.reveal == "bluff":
            assert deal.called_seat is not None and deal.caller is not None  # a bluff call
            holder, caller = state.players[deal.called_seat], state.players[deal.caller]
            return f"{caller} called a bluff on {holder}'s {deal.called_bid}."
        if deal.caller is not None:
            return f"{state.players[deal.caller]} called a showdown."
        if deal.highest_bid is None:
            return "Everyone passed, and this table plays a showdown then."
        tied = [state.players[s] for s in self.rules.bidding_order(state)]
        return f"Tie at {deal.highest_bid}: {and_list(tied)} bid it and everyone else passed."

    def facts(self, state: FaekerState) -> list[str]:
        out = [
            f"Round {state.round}; dealer {state.players[state.dealer]}.",
            f"Target {amount(state.goal, 'cubes')}; "
            f"{amount(state.supply, 'cubes')} left in the supply.",
        ]
        deal = state.deal
        if deal.top is None:
            return out
        target, _ = counting.describe_target(deal.top, state.options.stone_circles_always_count)
        out.append(
            f"Top card {card_name(deal.top)}: worth {FAE[deal.top]} fae; bids count {target}."
        )
        last = deal.last_bid_entry
        if state.phase == "reveal":
            out.append(self._why_reveal(state))
        elif last is not None:
            out.append(f"Bid to beat: {state.players[last.seat]}'s {last.amount}.")
        if deal.passed:
            out.append(f"Passed: {and_list([state.players[s] for s in sorted(deal.passed)])}.")
        unseen = sum(DECK.remaining(deal.seen).values())
        out.append(f"Cards still unseen this round: {unseen} of {DECK.size}.")
        return out

    def next_ruling(self, state: FaekerState) -> str | None:
        if state.phase == "top":
            return "FK-DEALER"
        if state.phase == "reveal":
            if state.deal.reveal == "bluff":
                return bluff_ruling(state)
            return "FK-SHOWDOWN-RANK"
        return None

    def next_words(self, state: FaekerState) -> str | None:
        n = len(state.players)
        if state.phase == "top":
            first = state.players[(state.dealer + 1) % n]
            dealer = state.players[state.dealer]
            if state.round == 1:
                deals = f"{dealer} deals (set when this game began)"
            else:
                # Who deals the next round is the referee's reading: the rules are silent.
                deals = f"{dealer} deals, the deal moving one seat left each round"
                deals += self.whose("FK-DEALER")
            return f"Round {state.round}: {deals}; {first}, on the dealer's left, bids first."
        if state.phase == "reveal":
            fae = self._stake(state)
            if state.deal.reveal == "bluff":
                assert state.deal.called_seat is not None and state.deal.caller is not None
                holder = state.players[state.deal.called_seat]
                caller = state.players[state.deal.caller]
                return (
                    f"When {holder}'s hand is shown: a true bid gives {holder} "
                    f"{amount(fae, 'cubes')}, a bluff gives {caller} {fae + BLUFF_BONUS}."
                )
            return (
                f"When every hand is shown, the highest hand takes {amount(fae, 'cubes')}: "
                "hands sorted "
                "high to low are compared card by card, the first higher card wins, and "
                "exactly equal hands each take them."
            )
        return None
