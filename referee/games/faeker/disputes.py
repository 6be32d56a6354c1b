"""Fae-ker disputes: a bluff call and a showdown, settled by the game's own counting and
showdown order."""

from typing import Any, Literal

from pydantic import Field

from referee.core.dispute_kinds import (
    DisputeKind,
    GameDisputes,
    Name,
    Settled,
    settled,
    unique_names,
)
from referee.core.outcome import places
from referee.core.values import Value
from referee.core.words import amount
from referee.games.faeker import counting
from referee.games.faeker.deck import (
    BLUFF_BONUS,
    DECK,
    FAE,
    HAND_SIZE,
    MAX_BID,
    MAX_PLAYERS,
    MIN_BID,
    MIN_PLAYERS,
    STONE,
    card_name,
)
from referee.games.faeker.model import Card, FaekerState


class FaekerBluff(Value):
    """A bluff call: the top card, the bid called, and the bidder's hand."""

    kind: Literal["faeker_bluff"] = "faeker_bluff"
    top: Card
    bid: int = Field(ge=MIN_BID, le=MAX_BID)
    hand: tuple[Card, ...] = Field(min_length=HAND_SIZE, max_length=HAND_SIZE)
    bidder: Name = "Bidder"
    caller: Name = "Caller"
    stone_circles_always_count: bool = False
    bluff_needs_exact: bool = False


class FaekerHand(Value):
    player: Name
    cards: tuple[Card, ...] = Field(min_length=HAND_SIZE, max_length=HAND_SIZE)


class FaekerShowdown(Value):
    """A showdown: the top card and 2-6 hands."""

    kind: Literal["faeker_showdown"] = "faeker_showdown"
    top: Card
    hands: tuple[FaekerHand, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)


def settle_bluff(d: FaekerBluff) -> Settled:
    DECK.verify_cards([d.top, *d.hand])
    unique_names([d.bidder, d.caller])
    always = d.stone_circles_always_count
    count = counting.count_hand(d.top, d.hand, always)
    true = count.total == d.bid if d.bluff_needs_exact else count.total >= d.bid
    fae = FAE[d.top]
    target, _ = counting.describe_target(d.top, always)
    compare = "exactly" if d.bluff_needs_exact else "at least"
    counted = counting.hand_text(count.counted) if count.counted else "none"
    details = [
        f"Top card {card_name(d.top)}: the bid counts {target}.",
        f"{d.bidder}'s hand: {counting.hand_text(d.hand)}.",
        f"Counted: {counted}; {count.explanation}; total {count.total}.",
        f"Bid {d.bid}, needs {compare} {d.bid}: {count.total} "
        f"{'meets' if true else 'does not meet'} it.",
    ]
    rulings = ["FK-BLUFF-EXACT" if d.bluff_needs_exact else "FK-BLUFF-AT-LEAST", count.ruling]
    if d.top != STONE and STONE in d.hand:
        rulings.append("FK-STONE-ALWAYS" if always else "FK-STONE-EQUAL")
    if true:
        headline = f"{d.bidder} told the truth: {count.total} for a bid of {d.bid}"
        details.append(f"{d.bidder} takes the top card's {fae} fae.")
        winner, cubes = d.bidder, fae
    else:
        headline = f"{d.bidder} bluffed: {count.total} for a bid of {d.bid}"
        cubes = fae + BLUFF_BONUS
        details.append(
            f"{d.caller} caught the bluff: {fae} fae + {BLUFF_BONUS} = {amount(cubes, 'cubes')}."
        )
        winner = d.caller
    return settled(
        d,
        headline,
        details,
        rulings,
        winners=(winner,),
        counted=tuple(card_name(c) for c in count.counted),
        facts={"true": true, "count": count.total, "bid": d.bid, "cubes": cubes},
    )


def settle_showdown(d: FaekerShowdown) -> Settled:
    DECK.verify_cards([d.top, *(c for h in d.hands for c in h.cards)])
    names = [h.player for h in d.hands]
    unique_names(names)
    keyed = sorted(
        ((counting.showdown_key(d.top, h.cards), seat, h.cards) for seat, h in enumerate(d.hands)),
        key=lambda t: t[0],
        reverse=True,
    )
    best = keyed[0][0]
    winners = [seat for key, seat, _ in keyed if key == best]
    details = [f"Top card {card_name(d.top)}."]
    details += [f"{names[seat]}: {counting.describe_key(d.top, hand)}" for _, seat, hand in keyed]
    details += [
        counting.why_beats(names[keyed[0][1]], names[seat], best, key)
        for key, seat, _ in keyed[len(winners) :]
    ]
    fae = FAE[d.top]
    headline, takes, rulings = counting.showdown_words([names[s] for s in winners], fae)
    details.append(takes)
    keys = [counting.showdown_key(d.top, h.cards) for h in d.hands]
    return settled(
        d,
        headline,
        details,
        rulings,
        winners=tuple(names[s] for s in winners),
        counted=tuple(counting.hand_text(keyed[0][2]).split(", ")),
        facts={"places": list(places(keys)), "fae": fae},
    )


def prefill(state: FaekerState) -> dict[str, Any]:
    deal = state.deal
    pre: dict[str, Any] = {"top": deal.top}
    if deal.called_bid is not None:
        pre["bid"] = deal.called_bid
    pre["kind"] = "faeker_bluff" if deal.reveal == "bluff" else "faeker_showdown"
    if deal.called_seat is not None and deal.caller is not None:
        pre["bidder"] = state.players[deal.called_seat]
        pre["caller"] = state.players[deal.caller]
    pre["stones"] = state.options.stone_circles_always_count
    pre["exact"] = state.options.bluff_needs_exact
    return pre


DISPUTES = GameDisputes(
    kinds=(
        DisputeKind("faeker_bluff", "A bluff call", FaekerBluff, settle_bluff),
        DisputeKind("faeker_showdown", "A showdown", FaekerShowdown, settle_showdown),
    ),
    prefill=prefill,
)
