"""Each Fairy action as the table says it, for the log and a fix's check."""

from pydantic import BaseModel

from referee.core.said import Said
from referee.games.fairy.model import FairyReveal, FairyState, Guesses, Opening
from referee.games.fairy.scoring import GUESS_LABELS


def said_of(state: FairyState, action: BaseModel) -> Said:
    if isinstance(action, Opening):
        return Said(
            line=f"The opening card is {action.card}",
            parts=(("The opening card", str(action.card)),),
        )
    if isinstance(action, FairyReveal):
        return Said(
            line=f"The card turned up is {action.card}",
            parts=(("The card turned up", str(action.card)),),
        )
    assert isinstance(action, Guesses)
    said = [(g.player, GUESS_LABELS.get(g.guess, g.guess)) for g in action.guesses]
    return Said(
        line=", ".join(f"{who} guesses {guess[0].lower()}{guess[1:]}" for who, guess in said),
        parts=tuple((f"{who}'s guess", guess) for who, guess in said),
    )
