"""Each Faces, Aces & Jokers action as the table says it, for the log and a fix's check."""

from pydantic import BaseModel

from referee.core.said import Said
from referee.games.faj.deck import short
from referee.games.faj.model import Board, DraftPick, FajState, Plays


def said_of(state: FajState, action: BaseModel) -> Said:
    if isinstance(action, DraftPick):
        card = short(action.card)
        return Said(
            line=f"{action.player} keeps {card}", parts=((f"{action.player}'s pick", card),)
        )
    if isinstance(action, Board):
        cards = " ".join(short(c) for c in action.cards)
        return Said(line=f"The board: {cards}", parts=(("The board", cards),))
    assert isinstance(action, Plays)
    return Said(
        line=", ".join(f"{p.player} plays {short(p.card)}" for p in action.plays),
        parts=tuple((f"{p.player}'s card", short(p.card)) for p in action.plays),
    )
