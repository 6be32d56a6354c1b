"""Fae-ker options, actions and state as pydantic models (frozen where they are values)."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value
from referee.games.faeker.deck import (
    HAND_SIZE,
    HIGHEST,
    LOW_TOPS,
    MAX_BID,
    MIN_BID,
    STONE,
    tops_text,
)

Card = Annotated[
    int,
    Field(ge=STONE, le=HIGHEST, description=f"1-{HIGHEST}, or {STONE} for a stone circle"),
]


class FaekerOptions(Value):
    stone_circles_always_count: bool = Field(
        False,
        title="Stone circles always count",
        description="House option: a stone circle in hand counts under any numbered top card "
        f"(normally it equals the top card, so it misses tops {tops_text(LOW_TOPS)}).",
    )
    bluff_needs_exact: bool = Field(
        False,
        title="Bluff needs the exact count",
        description="House option: a called bid is true only with exactly the number bid "
        "(normally at least).",
    )
    all_pass: Literal["no_score", "showdown"] = Field(
        "no_score",
        title="When everyone passes",
        description="The referee's reading (the rules are silent): what happens when every player "
        "passes without a bid.",
        json_schema_extra={
            "labels": {"no_score": "Nobody scores", "showdown": "Everyone shows: showdown"}
        },
    )
    first_dealer: int = Field(
        0,
        ge=0,
        title="First dealer",
        description="Seat index of the first round's dealer.",
        json_schema_extra={"seat": True},
    )


class TopCard(Value):
    label: ClassVar[str] = "The top card"
    type: Literal["top_card"] = "top_card"
    card: Card


class Bid(Value):
    label: ClassVar[str] = "A bid"
    type: Literal["bid"] = "bid"
    player: str
    amount: int = Field(ge=MIN_BID, le=MAX_BID)


class Pass(Value):
    label: ClassVar[str] = "A pass"
    type: Literal["pass"] = "pass"
    player: str


class CallShowdown(Value):
    label: ClassVar[str] = "A showdown call"
    type: Literal["showdown"] = "showdown"
    player: str


class CallBluff(Value):
    label: ClassVar[str] = "A bluff call"
    type: Literal["bluff"] = "bluff"
    player: str


class RevealHand(Value):
    label: ClassVar[str] = "A hand"
    type: Literal["reveal"] = "reveal"
    player: str
    cards: tuple[Card, ...] = Field(min_length=HAND_SIZE, max_length=HAND_SIZE)


FaekerAction = Annotated[
    TopCard | Bid | Pass | CallShowdown | CallBluff | RevealHand, Field(discriminator="type")
]


class LadderEntry(Snapshot):
    """One step of the round's bidding, as the bid ladder shows it."""

    seat: int
    kind: Literal["bid", "pass", "showdown", "bluff"]
    amount: int | None = None


class Deal(Snapshot):
    """Everything that lasts one round: a new round starts from a fresh Deal()."""

    top: int | None = None
    ladder: tuple[LadderEntry, ...] = ()
    passed: frozenset[int] = frozenset()
    turn: int | None = None
    reveal: Literal["bluff", "showdown"] | None = None
    awaiting: tuple[int, ...] = ()  # seats still to show their hand
    hands: tuple[tuple[int, tuple[int, ...]], ...] = ()
    caller: int | None = None
    called_seat: int | None = None
    called_bid: int | None = None

    @property
    def highest_bid(self) -> int | None:
        bids = [e.amount for e in self.ladder if e.kind == "bid" and e.amount is not None]
        return max(bids) if bids else None

    def latest_bid(self, seat: int) -> int | None:
        for entry in reversed(self.ladder):
            if entry.seat == seat and entry.kind == "bid":
                return entry.amount
        return None

    @property
    def last_bid_entry(self) -> LadderEntry | None:
        for entry in reversed(self.ladder):
            if entry.kind == "bid":
                return entry
        return None

    @property
    def seen(self) -> list[int]:
        """Cards face up this round: the top card and every hand shown."""
        return [c for c in (self.top,) if c is not None] + [
            c for _, hand in self.hands for c in hand
        ]


class FaekerState(Snapshot):
    players: tuple[str, ...]
    options: FaekerOptions
    goal: int
    cubes: tuple[int, ...]
    supply: int
    round: int = 1
    phase: Literal["top", "bidding", "reveal", "over"] = "top"
    deal: Deal = Deal()
    winners: tuple[int, ...] = ()

    @property
    def dealer(self) -> int:
        return (self.options.first_dealer + self.round - 1) % len(self.players)


class FaekerChoices(Snapshot):
    """What may be entered now (the flow contract's menu)."""

    tops: tuple[int, ...] = ()  # top cards that may be turned up
    bidder: int | None = None  # whose turn it is to bid, pass or call
    bids: tuple[int, ...] = ()  # amounts the bidder may bid
    bluff_on: int | None = None  # the seat whose bid the bidder may call a bluff on
    showers: tuple[int, ...] = ()  # seats still to show their hand
    cards_left: tuple[tuple[int, int], ...] = ()  # (card, copies unseen) for the hand
    hand_size: int = HAND_SIZE
