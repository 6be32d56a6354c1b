"""Fae-ker moves as the table says them aloud ("Ana bids three", "I pass", "Bo calls the
bluff", "top card seven", "Cy shows five three one one stone circle"). A number is never
said alone: the recogniser hears "undo" as "two"."""

from typing import TYPE_CHECKING

from referee.core.spoken import Form, Slot, Speech, number_words, phrase
from referee.games.faeker.deck import HAND_SIZE, MAX_BID, STONE
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


def card_words(card: int) -> tuple[tuple[str, ...], ...]:
    if card == STONE:
        return (("stone", "circle"), ("stone",))
    return (number_words(card),)


class FaekerSpeech(Speech[FaekerState]):
    rules: "FaekerRules"  # the rules it says, whose menu it reads

    def out_of_turn(self, state: FaekerState, bidder: int) -> list[Form]:
        """The other players' bids and passes, heard as theirs (and refused: not their
        turn) rather than taken as the bidder's."""
        forms: list[Form] = []
        amounts = Slot("amount", tuple((number_words(n), n) for n in range(MAX_BID + 1)))
        for seat, who in enumerate(state.players):
            if seat == bidder:
                continue
            name = self.name(state, seat)
            build = lambda n, p=who: Bid(player=p, amount=n)  # noqa: E731
            forms += [
                Form(((*name, "bids"), amounts), build, checked=True),
                Form(((*name, "passes"),), lambda p=who: Pass(player=p), checked=True),
            ]
        return forms

    def forms(self, state: FaekerState) -> list[Form]:
        menu = self.rules.choices(state)
        forms: list[Form] = []
        if menu.tops:
            cards = Slot("card", tuple((w, c) for c in menu.tops for w in card_words(c)))
            for lead in (("the", "top", "card", "is"), ("top", "card")):
                forms.append(Form((lead, cards), lambda c: TopCard(card=c)))
        if menu.bidder is not None:
            seat, who = menu.bidder, state.players[menu.bidder]
            amounts = Slot("amount", tuple((number_words(n), n) for n in menu.bids))
            # No bare "three": "undo" is heard as "two" too often.
            heads = [*self.subjects(state, seat, ("bids",), ("bid",)), self.name(state, seat)]
            forms += [Form((h, amounts), lambda n, p=who: Bid(player=p, amount=n)) for h in heads]
            forms += [
                phrase(h, Pass(player=who))
                for h in self.subjects(state, seat, ("passes",), ("pass",))
            ]
            for h in self.subjects(state, seat, ("calls",), ("call",)):
                forms += [
                    phrase((*h, "a", "showdown"), CallShowdown(player=who)),
                    phrase((*h, "showdown"), CallShowdown(player=who)),
                ]
                if menu.bluff_on is not None:
                    forms += [
                        phrase((*h, "the", "bluff"), CallBluff(player=who)),
                        phrase((*h, "bluff"), CallBluff(player=who)),
                    ]
            forms.append(phrase("showdown", CallShowdown(player=who)))
            forms += self.out_of_turn(state, seat)
            if menu.bluff_on is not None:
                forms.append(phrase("bluff", CallBluff(player=who)))
        if menu.showers:
            cards = Slot("card", tuple((w, c) for c, _ in menu.cards_left for w in card_words(c)))
            for seat in menu.showers:
                who = state.players[seat]
                forms.append(
                    Form(
                        (*[(*self.name(state, seat), "shows")], *[cards] * HAND_SIZE),
                        lambda *cs, p=who: RevealHand(player=p, cards=cs),
                        checked=True,
                    )
                )
        return forms
