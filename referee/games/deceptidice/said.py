"""Each Deceptidice action as the table says it, for the log and a fix's check."""

from pydantic import BaseModel

from referee.core.said import Said
from referee.core.words import amount
from referee.games.deceptidice import guesses
from referee.games.deceptidice.model import (
    Challenge,
    DeceptidiceGuess,
    DeceptidiceState,
    Discard,
    NoSwap,
    PlayerAction,
    RevealDie,
    Swap,
    Tops,
    names_of,
)
from referee.games.deceptidice.truth import card_name


def said_of(state: DeceptidiceState, action: BaseModel) -> Said:
    names = names_of(state)
    if isinstance(action, Tops):
        tops = [
            (t.player, ", ".join(card_name(c, names) for c in t.cards) or "none")
            for t in action.tops
        ]
        return Said(
            line="; ".join(f"{who}'s tops: {cards}" for who, cards in tops),
            parts=tuple((f"{who}'s tops", cards) for who, cards in tops),
        )
    assert isinstance(action, PlayerAction)
    who = action.player
    if isinstance(action, DeceptidiceGuess):
        guess = guesses.describe(action.guess, names)
        return Said(line=f"{who} guesses {guess}", parts=((f"{who}'s guess", guess),))
    if isinstance(action, Challenge):
        last = state.round.last
        whose = f"{state.players[last.seat]}'s guess" if last is not None else "the guess"
        return Said(line=f"{who} challenges {whose}")
    if isinstance(action, RevealDie):
        card = card_name(action.card, names)
        return Said(line=f"{who} reveals a die: {card}", parts=((f"{who}'s die", card),))
    if isinstance(action, Discard):
        die = amount(action.size, "cards")
        return Said(line=f"{who} discards a die of {die}", parts=((f"{who}'s die", die),))
    if isinstance(action, NoSwap):
        return Said(line=f"{who} keeps their cards")
    assert isinstance(action, Swap)
    with_whom = action.partner or "the draw pile"
    if action.give is None or action.take is None:
        return Said(line=f"{who} swaps a card with {with_whom}")
    give, take = card_name(action.give, names), card_name(action.take, names)
    return Said(
        line=f"{who} swaps {give} for {take} from {with_whom}",
        parts=(
            (f"{who}'s card given", give),
            (f"{who}'s card taken", take),
            ("Swapped with", with_whom),
        ),
    )
