"""Faces, Aces & Jokers options, actions and state."""

from typing import Annotated, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value
from referee.games.faj.deck import DRAFT_CARDS, TRICK_CARDS

TrickCard = Literal[TRICK_CARDS]
DraftCard = Literal[DRAFT_CARDS]


class FajOptions(Value):
    final_tie: Literal["share", "more_cards"] = Field(
        "share",
        title="When final hands are still equal",
        description="Project ruling (the rulebook is silent): after the suit comparison, equal "
        "hands share the place, or the player with more won cards places higher.",
    )


class DraftPick(Value):
    """A draft card a player kept (optional: drafts are private)."""

    type: Literal["draft_pick"] = "draft_pick"
    player: str
    card: DraftCard


class Board(Value):
    """The trick cards turned up for the next trick."""

    type: Literal["board"] = "board"
    cards: tuple[TrickCard, ...] = Field(min_length=1, max_length=4)


class Play(Value):
    player: str
    card: DraftCard


class Plays(Value):
    """Everyone's draft card for the trick, revealed together."""

    type: Literal["plays"] = "plays"
    plays: tuple[Play, ...] = Field(min_length=2, max_length=4)


FajAction = Annotated[DraftPick | Board | Plays, Field(discriminator="type")]


class FajState(Snapshot):
    players: tuple[str, ...]
    options: FajOptions
    round: int = 1
    trick: int = 1
    phase: Literal["board", "play", "over"] = "board"
    board: tuple[str, ...] = ()
    trump: int | None = None
    picks: tuple[tuple[str, ...], ...]  # this round's logged draft picks, per seat
    played: tuple[str, ...] = ()  # draft cards played this round
    won: tuple[tuple[str, ...], ...]  # trick cards won, per seat

    @property
    def drafting(self) -> bool:
        """Picks can be logged until the round's first board is turned up."""
        return self.phase == "board" and self.trick == 1

    @property
    def used_trick_cards(self) -> tuple[str, ...]:
        return tuple(c for pile in self.won for c in pile) + self.board
