"""Faces, Aces & Jokers options, actions and state."""

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value
from referee.games.faj.deck import BOARD_SIZES, DRAFT_CARDS, MAX_PLAYERS, MIN_PLAYERS, TRICK_CARDS
from referee.games.faj.tricks import trump_of

if TYPE_CHECKING:
    # A Literal of a tuple's values checks each card at runtime (pydantic), but a type
    # checker takes a Literal's values only as written out: to it, a card is a str.
    TrickCard = str
    DraftCard = str
else:
    TrickCard = Literal[TRICK_CARDS]
    DraftCard = Literal[DRAFT_CARDS]


class FajOptions(Value):
    final_tie: Literal["share", "more_cards"] = Field(
        "share",
        title="When final hands are still equal",
        description="The referee's reading (the rules are silent): after the suit comparison, "
        "equal hands share the place, or the player with more won cards places higher.",
        json_schema_extra={
            "labels": {"share": "Share the place", "more_cards": "More won cards places higher"}
        },
    )


class DraftPick(Value):
    """A draft card a player kept (optional: drafts are private)."""

    label: ClassVar[str] = "A draft pick"
    type: Literal["draft_pick"] = "draft_pick"
    player: str
    card: DraftCard


class Board(Value):
    """The trick cards turned up for the next trick."""

    label: ClassVar[str] = "A board"
    type: Literal["board"] = "board"
    cards: tuple[TrickCard, ...] = Field(min_length=1, max_length=max(BOARD_SIZES))


class Play(Value):
    player: str
    card: DraftCard


class Plays(Value):
    """Everyone's draft card for the trick, revealed together."""

    label: ClassVar[str] = "The cards played"
    type: Literal["plays"] = "plays"
    plays: tuple[Play, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)


FajAction = Annotated[DraftPick | Board | Plays, Field(discriminator="type")]


class Deal(Snapshot):
    """What lasts one round: the logged draft picks and the draft cards played."""

    picks: tuple[tuple[str, ...], ...]  # per seat
    played: tuple[str, ...] = ()
    # The draft cards each seat played, which a hand logged in part is held to
    # (FAJ-DRAFT-PART). Left out of the dumped state so that `replay` prints what it did.
    played_by: tuple[tuple[str, ...], ...] = Field((), exclude=True)

    @classmethod
    def fresh(cls, players: int) -> "Deal":
        return cls(picks=((),) * players, played_by=((),) * players)

    def hand(self, seat: int) -> tuple[str, ...]:
        """The cards known to be in the seat's hand this round: its logged picks, then the
        other cards it played."""
        return (*self.picks[seat], *(c for c in self.played_by[seat] if c not in self.picks[seat]))


class FajState(Snapshot):
    players: tuple[str, ...]
    options: FajOptions
    round: int = 1
    trick: int = 1
    phase: Literal["board", "play", "over"] = "board"
    board: tuple[str, ...] = ()  # the current trick's board, until the trick is won
    deal: Deal
    won: tuple[tuple[str, ...], ...]  # trick cards won, per seat
    winners: tuple[int, ...] = ()  # once over: every game's state says who won

    @property
    def trump(self) -> int | None:
        return trump_of(self.board) if self.board else None

    @property
    def drafting(self) -> bool:
        """Picks can be logged until the round's first board is turned up."""
        return self.phase == "board" and self.trick == 1

    @property
    def used_trick_cards(self) -> tuple[str, ...]:
        return tuple(c for pile in self.won for c in pile) + self.board


class FajChoices(Snapshot):
    """What may be entered now (the flow contract's menu)."""

    board_size: int = 0  # cards the next board takes (0: no board now)
    board_cards: tuple[str, ...] = ()  # trick cards not yet out
    pickable: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (seat, draft cards it may log)
    playable: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (seat, cards it may play)
