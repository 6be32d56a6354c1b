"""Fairy Bucks disputes: a reveal (High Bidder, or who wins the lot) and the finale, settled
by the game's own auction resolution and scoring, applied to the position entered."""

from typing import Literal

from pydantic import Field

from referee.core.dispute_kinds import (
    DisputeKind,
    GameDisputes,
    Name,
    Settled,
    settled,
    unique_names,
)
from referee.core.errors import IllegalAction, InvalidAction
from referee.core.values import Value
from referee.games.fairybucks import RULES
from referee.games.fairybucks.material import (
    BUCKS,
    HIGHEST_BUCK,
    MAX_ITEM_VALUE,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from referee.games.fairybucks.model import (
    Auction,
    Buck,
    BucksReveal,
    FairyBucksOptions,
    FairyBucksState,
    Finale,
    Item,
    Show,
    Shown,
)


class Bidder(Value):
    """One player in the auction: the Bucks showing before this reveal, and what they
    show now ('poof', 'none', or a Buck; leave it out for a player already Poofed)."""

    player: Name
    showing: tuple[Buck, ...] = Field(default=(), max_length=HIGHEST_BUCK)
    shows: Shown | None = None
    poof_spent: bool = False
    hand: tuple[Buck, ...] | None = Field(
        default=None,
        max_length=HIGHEST_BUCK,
        description="Bucks in hand (default: all not showing)",
    )


class FairyBucksReveal(Value):
    """A reveal: who was High Bidder after the last reveal, and what everyone shows now."""

    kind: Literal["fairybucks_reveal"] = "fairybucks_reveal"
    bidders: tuple[Bidder, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    high_bidder: Name | None = None
    reveal: int = Field(2, ge=1, le=99, description="which reveal of the auction this is")
    stalled_auction: Literal["discard_lot", "first_to_total"] = "discard_lot"


class Holding(Value):
    player: Name
    hand: tuple[Buck, ...] = Field(default=(), max_length=HIGHEST_BUCK)
    items: tuple[Item, ...] = Field(default=(), max_length=40)


class FairyBucksFinale(Value):
    """The end: Bucks left in hand, items won, the castle item and the castle's value."""

    kind: Literal["fairybucks_finale"] = "fairybucks_finale"
    holdings: tuple[Holding, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    castle_item: Item
    castle_value: int = Field(0, ge=0, le=MAX_ITEM_VALUE)


def settle_reveal(d: FairyBucksReveal) -> Settled:
    names = [b.player for b in d.bidders]
    unique_names(names)
    n = len(names)
    if d.high_bidder is not None and d.high_bidder not in names:
        raise InvalidAction(f"The High Bidder {d.high_bidder!r} is not among the players.")
    hands, out = [], []
    for b in d.bidders:
        if len(set(b.showing)) != len(b.showing):
            raise InvalidAction(f"{b.player} shows a Buck twice: each player has one of each.")
        hand = tuple(x for x in BUCKS if x not in b.showing) if b.hand is None else b.hand
        if set(hand) & set(b.showing) or len(set(hand)) != len(hand):
            raise InvalidAction(f"{b.player} cannot hold a Buck that is showing, or one twice.")
        hands.append(tuple(sorted(hand)))
        if b.shows is None and b.showing:
            raise InvalidAction(
                f"{b.player} has Bucks showing, so they are still in: enter what they show."
            )
        out.append(b.shows is None)
    if all(out):
        raise InvalidAction("Nobody is still in this auction: enter what each player shows.")
    if d.high_bidder is not None and out[names.index(d.high_bidder)]:
        raise InvalidAction(f"{d.high_bidder} Poofed earlier, so cannot be the High Bidder.")
    state = FairyBucksState(
        players=tuple(names),
        options=FairyBucksOptions(stalled_auction=d.stalled_auction),
        phase="auction",
        hands=tuple(hands),
        discarded=((),) * n,
        poof_spent=tuple(b.poof_spent or b.shows is None for b in d.bidders),
        auction=Auction(
            reveals=d.reveal - 1,
            showing=tuple(tuple(b.showing) for b in d.bidders),
            out=tuple(out),
            reached_at=tuple(d.reveal - 1 if b.showing else 0 for b in d.bidders),
            high_bidder=None if d.high_bidder is None else names.index(d.high_bidder),
        ),
        lot_number=1,
        won=((),) * n,
    )
    action = BucksReveal(
        shows=tuple(Show(player=b.player, card=b.shows) for b in d.bidders if b.shows is not None)
    )
    try:
        new, verdict = RULES.apply(state, action)
    except IllegalAction as exc:
        raise InvalidAction(exc.reason) from None
    prefix = f"Reveal {d.reveal} of lot 1: "
    headline = verdict.headline.removeprefix(prefix)
    if not headline.startswith(tuple(names)):  # a name keeps its own case ("de Vries")
        headline = headline[:1].upper() + headline[1:]
    headline = headline.replace("wins lot 1:", "wins the lot:")
    details = [
        line
        for line in verdict.details
        if " takes ." not in line and "items now score" not in line and "last lot" not in line
    ]
    ended = new.phase == "lot"
    if ended:
        winners = tuple(n_ for n_ in names if headline.startswith(f"{n_} wins"))
    else:
        high = new.auction.high_bidder
        winners = () if high is None else (names[high],)
    discards = {names[s]: list(new.discarded[s]) for s in range(n) if new.discarded[s]}
    high_bidder = (
        None if ended or new.auction.high_bidder is None else names[new.auction.high_bidder]
    )
    return settled(
        d,
        headline,
        details,
        verdict.rulings,
        winners=winners,
        facts={
            "auction_over": ended,
            "high_bidder": high_bidder,
            "discards": discards,
            "totals": {names[s]: sum(new.auction.showing[s]) for s in range(n)}
            if not ended
            else {},
        },
    )


def settle_finale(d: FairyBucksFinale) -> Settled:
    names = [h.player for h in d.holdings]
    unique_names(names)
    n = len(names)
    for h in d.holdings:
        if len(set(h.hand)) != len(h.hand):
            raise InvalidAction(f"{h.player} holds a Buck twice: each player has one of each.")
    state = FairyBucksState(
        players=tuple(names),
        options=FairyBucksOptions(castle_value=d.castle_value),
        hands=tuple(tuple(sorted(h.hand)) for h in d.holdings),
        discarded=((),) * n,
        poof_spent=(False,) * n,
        auction=Auction.fresh(n),
        won=tuple(tuple(h.items) for h in d.holdings),
        lot_number=1,  # the finale comes after the lots, never before the first
    )
    RULES._verify_items(state, [i for h in d.holdings for i in h.items])
    new, verdict = RULES.apply(state, Finale(castle_item=d.castle_item))
    scores = RULES.scores(new)
    return settled(
        d,
        verdict.headline,
        verdict.details,
        verdict.rulings,
        winners=tuple(names[s] for s in new.winners),
        facts={
            "castle": None if new.castle_winner is None else names[new.castle_winner],
            "scores": {names[s]: scores[s].total for s in range(n)},
        },
    )


DISPUTES = GameDisputes(
    kinds=(
        DisputeKind(
            "fairybucks_reveal",
            "A reveal: High Bidder or who wins the lot",
            FairyBucksReveal,
            settle_reveal,
        ),
        DisputeKind(
            "fairybucks_finale", "The finale: castle and scores", FairyBucksFinale, settle_finale
        ),
    ),
)
