"""Fairy Bucks options, actions and state."""

from typing import Annotated, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value

Symbol = Literal["moon", "sun", "star", "book"]
Shown = Annotated[int, Field(ge=1, le=10)] | Literal["poof", "none"]


class FairyBucksOptions(Value):
    poof_returns: bool = Field(
        False,
        title="Poof! returns after each auction",
        description="House option: a played Poof! comes back when the auction ends "
        "(normally it is spent for the game).",
    )
    stalled_auction: Literal["discard_lot", "first_to_total"] = Field(
        "discard_lot",
        title="When an auction stalls",
        description="Project ruling (the rulebook is silent): when nobody still in can show "
        "anything more and the top is tied, discard the lot, or give it to whoever reached "
        "the top total first.",
    )
    castle_value: int = Field(
        0,
        ge=0,
        le=20,
        title="Castle card value",
        description="Points the castle card itself is worth.",
    )
    deck_size: int | None = Field(
        None,
        ge=4,
        le=100,
        title="Item cards in the deck",
        description="Optional: the full item deck's size, so the app can count lots left.",
    )
    series: str = Field(
        "",
        max_length=40,
        title="Series name",
        description="Optional: games with the same series name add up.",
    )


class Item(Value):
    value: int = Field(ge=0, le=20)
    symbol: Symbol


class Lot(Value):
    """The items turned up for the next auction."""

    type: Literal["lot"] = "lot"
    items: tuple[Item, ...] = Field(min_length=1, max_length=3)


class Show(Value):
    player: str
    card: Shown


class Reveal(Value):
    """One simultaneous reveal: what each player still in the auction showed."""

    type: Literal["reveal"] = "reveal"
    shows: tuple[Show, ...] = Field(min_length=1, max_length=5)


class Finale(Value):
    """The items are gone: the hidden castle item is turned up and the game is scored."""

    type: Literal["finale"] = "finale"
    castle_item: Item


FairyBucksAction = Annotated[Lot | Reveal | Finale, Field(discriminator="type")]


class FairyBucksState(Snapshot):
    players: tuple[str, ...]
    options: FairyBucksOptions
    phase: Literal["lot", "auction", "over"] = "lot"
    hands: tuple[tuple[int, ...], ...]  # Bucks in hand, per seat
    showing: tuple[tuple[int, ...], ...]  # Bucks showing in this auction, per seat
    discarded: tuple[tuple[int, ...], ...]  # Bucks gone for the game, per seat
    poof_spent: tuple[bool, ...]
    out: tuple[bool, ...]  # Poofed out of the current auction
    lot: tuple[Item, ...] = ()
    lot_number: int = 0
    reveals: int = 0  # in the current auction
    reached_at: tuple[int, ...] = ()  # per seat: the reveal that made their current total
    high_bidder: int | None = None  # after the latest reveal
    items_auctioned: int = 0
    won: tuple[tuple[Item, ...], ...]
    discarded_lots: int = 0
    castle_item: Item | None = None
    castle_winner: int | None = None
    winners: tuple[int, ...] = ()

    @property
    def in_auction(self) -> tuple[int, ...]:
        if self.phase != "auction":
            return ()
        return tuple(s for s in range(len(self.players)) if not self.out[s])

    def total(self, seat: int) -> int:
        return sum(self.showing[seat])
