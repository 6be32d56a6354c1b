"""High card options, actions and state."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value

CARDS = tuple(range(1, 11))
GOAL = 3  # points that win the game

Card = Annotated[int, Field(ge=1, le=10, description="a card, 1-10")]


class HighCardOptions(Value):
    order: Literal["at_once", "in_turn"] = Field(
        "at_once",
        title="Cards down",
        description="Both players put their card down at once, or one after the other.",
        json_schema_extra={"labels": {"at_once": "At once", "in_turn": "In turn"}},
    )


class PlayerCard(Value):
    player: str
    card: Card


class Cards(Value):
    """Both cards of a round, put down at once."""

    label: ClassVar[str] = "The cards"
    type: Literal["cards"] = "cards"
    cards: tuple[PlayerCard, ...] = Field(min_length=2, max_length=2)


class Play(Value):
    """One player's card, in turn."""

    label: ClassVar[str] = "A card"
    type: Literal["play"] = "play"
    player: str
    card: Card


HighCardAction = Annotated[Cards | Play, Field(discriminator="type")]


class HighCardState(Snapshot):
    players: tuple[str, ...]
    options: HighCardOptions
    phase: Literal["cards", "play", "over"]
    scores: tuple[int, ...]
    rounds: int = 0  # rounds played
    first: int | None = None  # in turn: the card the first player put down this round


class HighCardChoices(Snapshot):
    seats: tuple[int, ...] = ()  # who puts a card down now
    cards: tuple[int, ...] = ()
