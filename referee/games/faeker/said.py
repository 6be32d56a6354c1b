"""Each Fae-ker action as the table says it, for the log and a fix's check."""

from pydantic import BaseModel

from referee.core.said import Said
from referee.games.faeker.counting import hand_text
from referee.games.faeker.deck import card_name
from referee.games.faeker.model import (
    Bid,
    CallBluff,
    CallShowdown,
    FaekerState,
    Pass,
    RevealHand,
    TopCard,
)


def said_of(state: FaekerState, action: BaseModel) -> Said:
    if isinstance(action, TopCard):
        card = card_name(action.card)
        return Said(line=f"The top card is {card}", parts=(("The top card", card),))
    # Every other action names its player.
    assert isinstance(action, Bid | Pass | CallShowdown | CallBluff | RevealHand)
    who = action.player
    if isinstance(action, Bid):
        return Said(
            line=f"{who} bids {action.amount}", parts=((f"{who}'s bid", str(action.amount)),)
        )
    if isinstance(action, Pass):
        return Said(line=f"{who} passes")
    if isinstance(action, CallShowdown):
        return Said(line=f"{who} calls a showdown")
    if isinstance(action, CallBluff):
        last = state.deal.last_bid_entry
        on = f"{state.players[last.seat]}'s bluff" if last is not None else "a bluff"
        return Said(line=f"{who} calls {on}")
    assert isinstance(action, RevealHand)
    hand = hand_text(action.cards)
    return Said(line=f"{who} shows {hand}", parts=((f"{who}'s hand", hand),))
