"""The challenge and its verdict: every die turned up, the challenged guess judged (by
truth.judge), and the round's loser named.
"""

from collections.abc import Sequence
from typing import Protocol

from referee.core import flow
from referee.core.errors import IllegalAction, InvalidAction
from referee.core.verdict import Verdict
from referee.core.words import amount
from referee.games.deceptidice import guesses, truth
from referee.games.deceptidice.deck import check_cards
from referee.games.deceptidice.material import sizes_text, split
from referee.games.deceptidice.model import (
    Card,
    Challenge,
    DeceptidiceChoices,
    DeceptidiceState,
    PowerCard,
    PowerClaim,
    Tops,
    names_of,
)
from referee.games.deceptidice.truth import card_name, judge, verdict_phrase


class Holder(Protocol):
    """What the challenge uses of the Deceptidice rules that hold it, and nothing else."""

    def choices(self, state: DeceptidiceState) -> DeceptidiceChoices: ...

    def acting_seat(
        self, state: DeceptidiceState, player: str, menu: DeceptidiceChoices
    ) -> int: ...

    def hidden_dice(self, state: DeceptidiceState, seat: int) -> int: ...


def tops_fit(state: DeceptidiceState, menu: DeceptidiceChoices, action: Tops) -> bool:
    """Whether the menu offers these tops: every die not yet revealed, each a card the deck
    holds (the offer test of Tops, which the rules' `offers` asks)."""
    expected = {state.players[s]: k for s, k in menu.tops}
    players = [t.player for t in action.tops]
    if sorted(players) != sorted(expected):
        return False
    cards = [c for t in action.tops for c in t.cards]
    return (
        all(len(t.cards) == expected[t.player] for t in action.tops)
        and all(menu.card_kind_ok(c) for c in cards)
        and menu.fits(cards)
    )


class Challenging:
    """The handlers of Challenge and Tops: a part DeceptidiceRules holds
    (`rules.challenging`), which reaches the rules only through Holder."""

    def __init__(self, rules: Holder) -> None:
        self.rules = rules

    def challenge(
        self, state: DeceptidiceState, action: Challenge
    ) -> tuple[DeceptidiceState, Verdict]:
        menu = self.rules.choices(state)
        seat = self.rules.acting_seat(state, action.player, menu)
        if not menu.challenge:
            raise IllegalAction(
                "There is no guess to challenge yet: the Liar opens the round with a guess."
            )
        r = state.round
        last = r.last
        assert last is not None  # a challenge is offered only once a guess is made
        guesser = state.players[last.seat]
        new = state.model_copy(
            update=dict(phase="tops", round=r.model_copy(update=dict(challenger=seat, turn=None)))
        )
        if not any(self.rules.hidden_dice(new, s) for s in range(len(state.players))):
            # every die was revealed during the round: judge at once
            return self._settle(new, {})
        names = names_of(state)
        kept = sum(len(t) for t in r.revealed)
        details = [
            f"{guesser} guessed {guesses.describe(last.guess, names)}.",
            f"Turn every die face up and enter its top card: {amount(state.dice_in_play, 'dice')}"
            + (f", {kept} already revealed." if kept else "."),
        ]
        return new, Verdict(
            headline=f"{action.player} challenges {guesser}'s guess",
            details=tuple(details),
            rulings=("DD-CHALLENGE", "DD-TOPS"),
        )

    # -- the challenge's verdict -------------------------------------------------------

    def tops(self, state: DeceptidiceState, action: Tops) -> tuple[DeceptidiceState, Verdict]:
        menu = self.rules.choices(state)
        expected = dict(menu.tops)
        entered = flow.collect(
            state.players,
            ((t.player, t.cards) for t in action.tops),
            expected,
            "enter top cards",
            why_not=lambda s: (
                f"{state.players[s]}'s dice were all revealed this round; "
                "their tops are already in."
            ),
        )
        for seat, cards in entered.items():
            if len(cards) != expected[seat]:
                what = "not yet revealed" if state.round.revealed[seat] else "on the table"
                raise InvalidAction(
                    f"{state.players[seat]} has {amount(expected[seat], 'dice')} {what}: enter "
                    f"{expected[seat]} top cards, not {len(cards)}."
                )
        check_cards(state, menu, [c for cards in entered.values() for c in cards])
        return self._settle(state, entered)

    def _settle(
        self, state: DeceptidiceState, entered: dict[int, tuple[Card, ...]]
    ) -> tuple[DeceptidiceState, Verdict]:
        """Judge the challenged guess from every top: revealed ones and `entered`."""
        r = state.round
        n = len(state.players)
        tops = tuple((*r.revealed[s], *entered.get(s, ())) for s in range(n))
        flat = [c for seat_tops in tops for c in seat_tops]
        owners = [s for s in range(n) for _ in tops[s]]
        last = r.last
        assert last is not None and r.challenger is not None  # a guess was challenged
        names = names_of(state)
        verdict = judge(last.guess, flat, owners, last.seat, names)
        loser = truth.loser(verdict, last.seat, r.challenger)
        new = state.model_copy(
            update=dict(phase="discard", round=r.model_copy(update=dict(tops=tops, loser=loser)))
        )
        guesser, challenger = state.players[last.seat], state.players[r.challenger]
        matched = {m.index: m for m in verdict.matches}
        lines = [
            f"{guesser} guessed {guesses.describe(last.guess, names)}; {challenger} challenged."
        ]
        i = 0
        for seat in range(n):
            shown = []
            for card in tops[seat]:
                text = card_name(card, names)
                m = matched.get(i)
                if m is not None:
                    text += f" (as {m.stands_for}) ✓" if m.stands_for else " ✓"
                shown.append(text)
                i += 1
            lines.append(f"{state.players[seat]}: {', '.join(shown)}.")
        if isinstance(last.guess, PowerClaim):
            lines.append(_power_owner(state, tops, last.seat, last.guess.card))
        lines += verdict.lines
        name = state.players[loser]
        if verdict.true:
            lines.append(f"The guess was true, so the challenger, {challenger}, loses.")
        else:
            lines.append(f"The guess was false, so {guesser}, who made it, loses.")
        lines.append(
            f"{name} discards one die (of {sizes_text(split(state.cards[loser], state.dice))}) "
            "and is the next Liar."
        )
        return new, Verdict(
            headline=f"{name} loses: {verdict_phrase(verdict, last.guess, names)}",
            details=tuple(lines),
            rulings=tuple(dict.fromkeys([*verdict.rulings, "DD-CHALLENGE"])),
            decisive=True,
            scored_next=True,
        )


def _power_owner(
    state: DeceptidiceState, tops: Sequence[Sequence[Card]], claimant: int, card: PowerCard
) -> str:
    """Whose die the claimed power card was on, in words."""
    holders = [s for s, seat_tops in enumerate(tops) if card in seat_tops]
    name = state.players[claimant]
    what = f"The power card {guesses.power_text(card)}"
    if claimant in holders:
        return f"{what} is the top of one of {name}'s own dice."
    if holders:
        return f"{what} is on {state.players[holders[0]]}'s die, not on {name}'s."
    return f"{what} is on no die at all."
