"""Fae-ker options, actions and state as pydantic models (frozen where they are values)."""

from typing import Annotated, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value
from referee.games.faeker.deck import HAND_SIZE, MAX_BID

Card = Annotated[int, Field(ge=0, le=7, description="1-7, or 0 for a stone circle")]


class FaekerOptions(Value):
    stone_circles_always_count: bool = Field(
        False,
        title="Stone circles always count",
        description="House option: a stone circle in hand counts under any numbered top card "
        "(normally it equals the top card, so it misses tops 1-3).",
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
        description="Project ruling (the rulebook is silent): what happens when every player "
        "passes without a bid.",
    )
    first_dealer: int = Field(0, ge=0, description="Seat index of the first round's dealer.")


class TopCard(Value):
    type: Literal["top_card"] = "top_card"
    card: Card


class Bid(Value):
    type: Literal["bid"] = "bid"
    player: str
    amount: int = Field(ge=0, le=MAX_BID)


class Pass(Value):
    type: Literal["pass"] = "pass"
    player: str


class CallShowdown(Value):
    type: Literal["showdown"] = "showdown"
    player: str


class CallBluff(Value):
    type: Literal["bluff"] = "bluff"
    player: str


class RevealHand(Value):
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


class FaekerState(Snapshot):
    players: tuple[str, ...]
    options: FaekerOptions
    goal: int
    cubes: tuple[int, ...]
    supply: int
    round: int = 1
    phase: Literal["top", "bidding", "reveal", "over"] = "top"
    top: int | None = None
    ladder: tuple[LadderEntry, ...] = ()
    passed: frozenset[int] = frozenset()
    turn: int | None = None
    reveal: Literal["bluff", "showdown"] | None = None
    awaiting: tuple[int, ...] = ()
    hands: tuple[tuple[int, tuple[int, ...]], ...] = ()
    caller: int | None = None
    called_seat: int | None = None
    called_bid: int | None = None
    winners: tuple[int, ...] = ()

    @property
    def dealer(self) -> int:
        return (self.options.first_dealer + self.round - 1) % len(self.players)

    @property
    def highest_bid(self) -> int | None:
        bids = [e.amount for e in self.ladder if e.kind == "bid"]
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
    def active(self) -> tuple[int, ...]:
        """Seats still in the bidding, in bidding order from the dealer's left."""
        n = len(self.players)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        return tuple(s for s in order if s not in self.passed)

    @property
    def current_player(self) -> str | None:
        if self.phase == "bidding" and self.turn is not None:
            return self.players[self.turn]
        if self.phase == "reveal" and self.awaiting:
            return self.players[self.awaiting[0]]
        return None
