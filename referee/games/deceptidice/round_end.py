"""After the verdict: the loser discards a die, may swap a card, and opens the next round
as the Liar; or the discard ends the game.
"""

from typing import Protocol

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.outcome import Outcome
from referee.core.verdict import ScoreChange, Verdict
from referee.core.words import amount
from referee.games.deceptidice.deck import check_kinds
from referee.games.deceptidice.material import cards_text, game_over, sizes_list, sizes_text, split
from referee.games.deceptidice.model import (
    DeceptidiceChoices,
    DeceptidiceState,
    Discard,
    NoSwap,
    RoundState,
    Swap,
    names_of,
)
from referee.games.deceptidice.truth import card_name


class Holder(Protocol):
    """What the round's end uses of the Deceptidice rules that hold it, and nothing else."""

    def choices(self, state: DeceptidiceState) -> DeceptidiceChoices: ...

    def acting_seat(
        self, state: DeceptidiceState, player: str, menu: DeceptidiceChoices
    ) -> int: ...

    def seat_of(self, state: DeceptidiceState, player: str) -> int: ...

    def outcome(self, state: DeceptidiceState) -> Outcome | None:
        """How a game over is worded: the discard that ends the game ends with it."""


def swap_fits(state: DeceptidiceState, menu: DeceptidiceChoices, action: Swap) -> bool:
    """Whether the menu offers this swap: a partner the table swaps with, and cards named
    exactly when hands are open (the offer test of Swap, which the rules' `offers` asks)."""
    if action.partner is None:
        if not menu.swap_pile:
            return False
    elif action.partner not in state.players or (
        state.players.index(action.partner) not in menu.partners
    ):
        return False
    named = (action.give, action.take)
    if menu.identities:
        return all(c is not None and menu.card_kind_ok(c) for c in named)
    return all(c is None for c in named)


class RoundEnd:
    """The handlers of Discard, Swap and NoSwap: a part DeceptidiceRules holds
    (`rules.round_end`), which reaches the rules only through Holder."""

    def __init__(self, rules: Holder) -> None:
        self.rules = rules

    def discard(self, state: DeceptidiceState, action: Discard) -> tuple[DeceptidiceState, Verdict]:
        menu = self.rules.choices(state)
        seat = self.rules.acting_seat(state, action.player, menu)
        held = state.cards[seat]
        if action.size not in menu.sizes:
            raise IllegalAction(
                f"{action.player} holds {sizes_text(split(held, state.dice))}; "
                f"no die holds {action.size}."
            )
        cards = list(state.cards)
        cards[seat] -= action.size
        discarded = list(state.discarded)
        discarded[seat] = (*discarded[seat], action.size)
        new = state.model_copy(update=dict(cards=tuple(cards), discarded=tuple(discarded)))
        change = ScoreChange(player=action.player, before=held, after=cards[seat])
        said = (
            f"{action.player} discards a die of {cards_text(action.size)}, face up: "
            f"{cards_text(cards[seat])} left."
        )
        if game_over(cards):
            most = max(cards)
            winners = tuple(s for s, c in enumerate(cards) if c == most)
            new = new.model_copy(update=dict(phase="over", winners=winners))
            ended = self.rules.outcome(new)
            assert ended is not None  # a game over has its outcome
            ranking = [
                f"{place}. {state.players[s]}: {cards_text(new.cards[s])}"
                for place, s in ended.standings()
            ]
            return new, Verdict(
                headline=ended.headline,
                details=(said, ended.reason, "Final ranking:", *ranking),
                rulings=("DD-CHALLENGE", *ended.rulings),
                changes=(change,),
                decisive=True,
            )
        o = state.options
        if o.swap == "another_player" or (o.swap == "draw_pile" and state.draw_pile > 0):
            with_whom = "the draw pile" if o.swap == "draw_pile" else "another player"
            return new.model_copy(update=dict(phase="swap")), Verdict(
                headline=said.rstrip("."),
                details=(f"{action.player} may now swap one card with {with_whom}.",),
                rulings=("DD-CHALLENGE", "DD-SWAP" if o.swap == "draw_pile" else "DD-SWAP-PLAYER"),
                changes=(change,),
            )
        rulings = ["DD-CHALLENGE"]
        extra = []
        if o.swap == "draw_pile":
            extra.append("The draw pile is empty, so there is no swap.")
            rulings.append("DD-SWAP")
        new, start = self._next_round(new, seat)
        return new, Verdict(
            headline=said.rstrip("."),
            details=(*extra, *start),
            rulings=(*rulings, "DD-START"),
            changes=(change,),
        )

    def swap(self, state: DeceptidiceState, action: Swap) -> tuple[DeceptidiceState, Verdict]:
        menu = self.rules.choices(state)
        seat = self.rules.acting_seat(state, action.player, menu)
        if action.partner is None:
            if not menu.swap_pile:
                raise IllegalAction("This table swaps with another player: say with whom.")
            with_whom = "the draw pile"
        else:
            partner = self.rules.seat_of(state, action.partner)
            if partner not in menu.partners:
                raise IllegalAction(
                    f"{action.player} cannot swap with themself."
                    if partner == seat
                    else "This table swaps with the draw pile, not with another player."
                )
            with_whom = action.partner
        names = names_of(state)
        if menu.identities:
            if action.give is None or action.take is None:
                raise InvalidAction(
                    "Hands are open: name the card given and the card taken in the swap."
                )
            check_kinds(menu, (action.give, action.take))
            said = (
                f"{action.player} swaps {card_name(action.give, names)} for "
                f"{card_name(action.take, names)} from {with_whom}"
            )
        else:
            if action.give is not None or action.take is not None:
                raise InvalidAction("Hands are closed: a swap is secret, so name no card.")
            said = f"{action.player} swaps a card with {with_whom}"
        new = state.model_copy(update=dict(swaps=state.swaps + 1))
        new, start = self._next_round(new, seat)
        ruling = "DD-SWAP" if action.partner is None else "DD-SWAP-PLAYER"
        rulings = [ruling, "DD-START"] + (["DD-OPEN"] if menu.identities else [])
        return new, Verdict(
            headline=said,
            details=("Hand sizes do not change.", *start),
            rulings=tuple(rulings),
        )

    def no_swap(self, state: DeceptidiceState, action: NoSwap) -> tuple[DeceptidiceState, Verdict]:
        menu = self.rules.choices(state)
        seat = self.rules.acting_seat(state, action.player, menu)
        new, start = self._next_round(state, seat)
        ruling = "DD-SWAP" if state.options.swap == "draw_pile" else "DD-SWAP-PLAYER"
        return new, Verdict(
            headline=f"{action.player} keeps their cards",
            details=start,
            rulings=(ruling, "DD-START"),
        )

    def _next_round(
        self, state: DeceptidiceState, liar: int
    ) -> tuple[DeceptidiceState, tuple[str, str]]:
        n = len(state.players)
        new = state.model_copy(
            update=dict(
                phase="guessing",
                number=state.number + 1,
                round=RoundState.fresh(n, liar),
            )
        )
        dice = "; ".join(
            f"{name} {sizes_list(split(state.cards[s], state.dice))}"
            for s, name in enumerate(state.players)
        )
        return new, (
            f"Round {new.number}: {state.players[liar]} is the Liar and guesses first.",
            f"Make {amount(state.dice, 'dice')} each, of so many cards: {dice}.",
        )
