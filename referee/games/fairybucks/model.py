"""Fairy Bucks options, actions and state."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from referee.core.values import Snapshot, Value
from referee.games.fairybucks.material import (
    HIGHEST_BUCK,
    LOT_SIZE,
    MAX_ITEM_VALUE,
    MAX_PLAYERS,
    NotABuck,
    Symbol,
)

Buck = Annotated[int, Field(ge=1, le=HIGHEST_BUCK)]
Shown = Buck | NotABuck


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
        description="The referee's reading (the rules are silent): when everyone still in shows "
        "nothing in a reveal (no Bucks left, a kept Poof! aside) and the top total is tied, "
        "discard the lot, or give it to whoever reached the top total first.",
        json_schema_extra={
            "labels": {
                "discard_lot": "Discard the lot",
                "first_to_total": "First to the top total takes it",
            }
        },
    )
    castle_value: int = Field(
        0,
        ge=0,
        le=MAX_ITEM_VALUE,
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
    value: int = Field(ge=0, le=MAX_ITEM_VALUE)
    symbol: Symbol


class Lot(Value):
    """The items turned up for the next auction."""

    label: ClassVar[str] = "A new lot"
    type: Literal["lot"] = "lot"
    items: tuple[Item, ...] = Field(min_length=1, max_length=LOT_SIZE)


class Show(Value):
    player: str
    card: Shown


class BucksReveal(Value):
    """One simultaneous reveal: what each player still in the auction showed."""

    label: ClassVar[str] = "A reveal"
    type: Literal["reveal"] = "reveal"
    shows: tuple[Show, ...] = Field(min_length=1, max_length=MAX_PLAYERS)


class Finale(Value):
    """The items are gone: the hidden castle item is turned up and the game is scored."""

    label: ClassVar[str] = "The castle item"
    type: Literal["finale"] = "finale"
    castle_item: Item


FairyBucksAction = Annotated[Lot | BucksReveal | Finale, Field(discriminator="type")]


class Auction(Snapshot):
    """What lasts one auction: a new lot starts from Auction.fresh()."""

    lot: tuple[Item, ...] = ()
    reveals: int = 0
    showing: tuple[tuple[int, ...], ...]  # Bucks showing, per seat
    out: tuple[bool, ...]  # Poofed out of this auction, per seat
    reached_at: tuple[int, ...]  # per seat: the reveal that made their current total
    high_bidder: int | None = None  # after the latest reveal

    @classmethod
    def fresh(cls, players: int, lot: tuple[Item, ...] = ()) -> "Auction":
        return cls(
            lot=lot, showing=((),) * players, out=(False,) * players, reached_at=(0,) * players
        )


class FairyBucksState(Snapshot):
    players: tuple[str, ...]
    options: FairyBucksOptions
    phase: Literal["lot", "auction", "over"] = "lot"
    hands: tuple[tuple[int, ...], ...]  # Bucks in hand, per seat
    discarded: tuple[tuple[int, ...], ...]  # Bucks gone for the game, per seat
    poof_spent: tuple[bool, ...]
    auction: Auction
    lot_number: int = 0
    items_auctioned: int = 0
    won: tuple[tuple[Item, ...], ...]
    discarded_lots: int = 0
    # Items worth 1 turned up so far, in lots won or discarded and on the castle
    # (FB-ITEM-LIMITS). Left out of the dumped state so that `replay` prints what it did.
    ones: int = Field(0, exclude=True)
    castle_item: Item | None = None
    castle_winner: int | None = None
    winners: tuple[int, ...] = ()

    @property
    def short_lot_played(self) -> bool:
        """A lot of fewer than LOT_SIZE items was turned up: it was the last (FB-ITEM-LIMITS)."""
        return self.items_auctioned < LOT_SIZE * self.lot_number

    @property
    def in_auction(self) -> tuple[int, ...]:
        if self.phase != "auction":
            return ()
        return tuple(s for s in range(len(self.players)) if not self.auction.out[s])

    def total(self, seat: int) -> int:
        return sum(self.auction.showing[seat])


class FairyBucksChoices(Snapshot):
    """What may be entered now (the flow contract's menu)."""

    lot_sizes: tuple[int, ...] = ()  # how many items the next lot may hold
    item_values: tuple[int, ...] = ()  # values an item may have at this table
    ones_left: int = 0  # items worth 1 that may still turn up
    finale: bool = False  # whether the castle item may be turned up now
    showable: tuple[tuple[int, tuple[Shown, ...]], ...] = ()  # (seat, cards it may show)
