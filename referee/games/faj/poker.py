"""Best-5-of-N poker hands with a suit tie-break, in one pass over the cards.

Cards are (rank, suit) pairs of ints; suits rank clubs 0 < diamonds 1 < hearts 2 < spades 3.
The rank range is a parameter: Faces, Aces & Jokers scores with ranks 2-10 (no ace, so the
top straight is 6-10), and a standard deck (2-14, ace-low straight included) works too.

The result's `key` is one int that orders hands totally: category, then the ranks that
decide within it (missing kickers rank lowest), then the chosen cards' suits from highest
to lowest. The best hand is chosen to be best on that suit tie-break as well. No cards at
all rank below every hand. Nothing enumerates 5-card subsets: each category's best hand is
read off rank and suit bitmasks built in one pass.
"""

from collections.abc import Iterable, Sequence
from typing import NamedTuple

HAND_CARDS = 5  # a poker hand's cards
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

# For a 4-bit set of suits: the suits in it, highest first.
_SUITS_DESC = tuple(tuple(s for s in (3, 2, 1, 0) if m >> s & 1) for m in range(16))
_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_name(rank: int) -> str:
    return _RANK_NAMES.get(rank, str(rank))


def _plural(rank: int) -> str:
    return rank_name(rank) + "s"


def _run(top: int) -> str:
    # A run whose bottom would be 1 is the ace-low straight, A-2-3-4-5.
    return f"{rank_name(top - 4) if top > 5 else 'A'} to {rank_name(top)}"


class Hand(NamedTuple):
    """A frozen, hashable result; a NamedTuple because building one is on the hot path."""

    key: int
    category: int  # -1 when there are no cards
    ranks: tuple[int, ...]  # the ranks that decide within the category
    cards: tuple[tuple[int, int], ...]  # the chosen cards, in the order they matter

    @property
    def category_name(self) -> str:
        return "no cards" if self.category < 0 else CATEGORY_NAMES[self.category]

    def describe(self) -> str:
        """In words a table uses: 'full house, 9s over 4s'."""
        c, r = self.category, self.ranks
        if c < 0:
            return "no cards"
        if c == STRAIGHT_FLUSH:
            return f"straight flush, {_run(r[0])} of {SUIT_NAMES[self.cards[0][1]]}"
        if c == QUADS:
            return f"four of a kind, {_plural(r[0])}"
        if c == FULL_HOUSE:
            return f"full house, {_plural(r[0])} over {_plural(r[1])}"
        if c == FLUSH:
            return f"flush, {'-'.join(rank_name(x) for x in r)} of {SUIT_NAMES[self.cards[0][1]]}"
        if c == STRAIGHT:
            return f"straight, {_run(r[0])}"
        if c == TRIPS:
            return f"three of a kind, {_plural(r[0])}"
        if c == TWO_PAIR:
            return f"two pair, {_plural(r[0])} and {_plural(r[1])}"
        if c == PAIR:
            return f"pair of {_plural(r[0])}"
        return f"high card {rank_name(r[0])}"


NO_HAND = Hand(0, -1, (), ())


def _key(category: int, ranks: Sequence[int], cards: Iterable[tuple[int, int]]) -> int:
    r = (*ranks, 0, 0, 0, 0, 0)
    s = [*sorted([c[1] + 1 for c in cards], reverse=True), 0, 0, 0, 0, 0]
    return (
        (category + 1) << 35
        | r[0] << 31
        | r[1] << 27
        | r[2] << 23
        | r[3] << 19
        | r[4] << 15
        | s[0] << 12
        | s[1] << 9
        | s[2] << 6
        | s[3] << 3
        | s[4]
    )


class Evaluator:
    def __init__(self, low: int = 2, high: int = 10, ace_low: bool = False) -> None:
        if not 0 < low < high <= 15 or high - low < 4:
            raise ValueError("ranks must span at least 5 values within 1-15")
        self.low, self.high = low, high
        self.ranks_desc = tuple(range(high, low - 1, -1))
        straights = [
            (top, sum(1 << r for r in range(top - 4, top + 1))) for top in range(high, low + 3, -1)
        ]
        if ace_low:
            # The ace plays low: A-2-3-4-5 is the lowest straight, its top card the 5.
            straights.append((low + 3, (1 << high) | sum(1 << r for r in range(low, low + 4))))
        self.straights = tuple(straights)
        # The same straights with one bit per rank at its nibble; shifted by a suit, the
        # cards of a straight flush in that suit.
        self._nibble_straights = tuple(
            (top, sum(1 << (r << 2) for r in range(16) if mask >> r & 1)) for top, mask in straights
        )
        self._card_bits = {
            (r, s): 1 << (r << 2 | s) for r in range(low, high + 1) for s in range(4)
        }

    def _straight_ranks(self, top: int) -> tuple[int, ...]:
        for t, mask in self.straights:
            if t == top:
                return tuple(r for r in self.ranks_desc if mask >> r & 1)
        raise AssertionError(top)

    def best(self, cards: Iterable[tuple[int, int]]) -> Hand:
        # One bit per card at 4 * rank + suit: the whole hand is one int, and each rank is
        # a 4-bit nibble holding its suits.
        if not isinstance(cards, list | tuple):
            cards = list(cards)
        try:
            # Summing distinct powers of two is OR-ing them, done in C; a repeated card
            # carries into another bit, so the count of set bits no longer matches.
            hand = sum(map(self._card_bits.__getitem__, cards))
        except (KeyError, TypeError):
            raise ValueError(f"a card outside this deck was given: {cards!r}") from None
        if hand.bit_count() != len(cards):
            raise ValueError(f"a card was given twice: {cards!r}")
        if not hand:
            return NO_HAND

        if len(cards) >= 5:
            flush_suits = [s for s in (3, 2, 1, 0) if (hand & _SUIT_BITS[s]).bit_count() >= 5]
            for top, mask in self._nibble_straights if flush_suits else ():
                for s in flush_suits:
                    if hand & (mask << s) == mask << s:
                        chosen = tuple((r, s) for r in self._straight_ranks(top))
                        return Hand(
                            _key(STRAIGHT_FLUSH, (top,), chosen), STRAIGHT_FLUSH, (top,), chosen
                        )
        else:
            flush_suits = []

        # Per-rank card counts for every rank at once (a popcount in each nibble), then one
        # bit per rank (at the nibble's low bit) for each count: no loop over the ranks.
        c = hand - ((hand >> 1) & _M5)
        c = (c & _M3) + ((c >> 2) & _M3)
        b0, b1, quads = c & _N1, (c >> 1) & _N1, (c >> 2) & _N1
        trips = b1 & b0
        pairs = b1 ^ trips
        present = b0 | b1 | quads

        if quads:
            q = _top_rank(quads)
            kick = _kickers(hand, present, (q,), 1)
            chosen = _group(hand, q, 4) + kick
            ranks = (q, *(r for r, _ in kick))
            return Hand(_key(QUADS, ranks, chosen), QUADS, ranks, chosen)

        if trips and (trips & (trips - 1) or pairs):
            t = _top_rank(trips)
            p = _top_rank((trips ^ (1 << (t << 2))) | pairs)
            chosen = _group(hand, t, 3) + _group(hand, p, 2)
            return Hand(_key(FULL_HOUSE, (t, p), chosen), FULL_HOUSE, (t, p), chosen)

        if flush_suits:
            best_ranks: tuple[int, ...] = ()  # below the ranks of any flush
            best_suit = -1
            for s in flush_suits:  # highest suit first: an equal flush in a lower suit loses
                top5 = _ranks_desc((hand & _SUIT_BITS[s]) >> s, 5)
                if top5 > best_ranks:
                    best_ranks, best_suit = top5, s
            chosen = tuple((r, best_suit) for r in best_ranks)
            return Hand(_key(FLUSH, best_ranks, chosen), FLUSH, best_ranks, chosen)

        for top, mask in self._nibble_straights:
            if present & mask == mask:
                chosen = tuple(
                    (r, _TOP_SUIT[hand >> (r << 2) & 15]) for r in self._straight_ranks(top)
                )
                return Hand(_key(STRAIGHT, (top,), chosen), STRAIGHT, (top,), chosen)

        if trips:
            t = _top_rank(trips)
            kick = _kickers(hand, present, (t,), 2)
            chosen = _group(hand, t, 3) + kick
            ranks = (t, *(r for r, _ in kick))
            return Hand(_key(TRIPS, ranks, chosen), TRIPS, ranks, chosen)

        if pairs & (pairs - 1):
            p1, p2 = _ranks_desc(pairs, 2)
            kick = _kickers(hand, present, (p1, p2), 1)
            chosen = _group(hand, p1, 2) + _group(hand, p2, 2) + kick
            ranks = (p1, p2, *(r for r, _ in kick))
            return Hand(_key(TWO_PAIR, ranks, chosen), TWO_PAIR, ranks, chosen)

        if pairs:
            p = _top_rank(pairs)
            kick = _kickers(hand, present, (p,), 3)
            chosen = _group(hand, p, 2) + kick
            ranks = (p, *(r for r, _ in kick))
            return Hand(_key(PAIR, ranks, chosen), PAIR, ranks, chosen)

        kick = _kickers(hand, present, (), 5)
        ranks = tuple(r for r, _ in kick)
        return Hand(_key(HIGH_CARD, ranks, kick), HIGH_CARD, ranks, kick)


# Masks over 16 nibbles (ranks 0-15), for counting the cards of every rank at once.
_M5 = int("5" * 16, 16)
_M3 = int("3" * 16, 16)
_N1 = int("1" * 16, 16)
_SUIT_BITS = tuple(_N1 << s for s in range(4))
_TOP_SUIT = tuple(suits[0] if suits else -1 for suits in _SUITS_DESC)


def _top_rank(nibble_bits: int) -> int:
    """The highest rank whose bit (a nibble's low bit) is set."""
    return (nibble_bits.bit_length() - 1) >> 2


def _ranks_desc(nibble_bits: int, k: int) -> tuple[int, ...]:
    out: list[int] = []
    while nibble_bits and len(out) < k:
        top = nibble_bits.bit_length() - 1
        out.append(top >> 2)
        nibble_bits ^= 1 << top
    return tuple(out)


def _group(hand: int, rank: int, k: int) -> tuple[tuple[int, int], ...]:
    """k cards of one rank, highest suits first (best on the suit tie-break)."""
    return tuple((rank, s) for s in _SUITS_DESC[hand >> (rank << 2) & 15][:k])


def _kickers(
    hand: int, present: int, exclude: Iterable[int], k: int
) -> tuple[tuple[int, int], ...]:
    for r in exclude:
        present &= ~(1 << (r << 2))
    return tuple((r, _TOP_SUIT[hand >> (r << 2) & 15]) for r in _ranks_desc(present, k))


TWO_TO_TEN = Evaluator(2, 10)
TWO_TO_ACE = Evaluator(2, 14, ace_low=True)
