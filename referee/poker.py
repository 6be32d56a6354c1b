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

from collections.abc import Iterable
from typing import NamedTuple

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = "CDHS"

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


def _key(category: int, ranks, cards) -> int:
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
        # The same straights as card bits, one mask per suit, for straight flushes.
        self._flush_straights = tuple(
            (
                top,
                tuple(sum(1 << (r << 2 | s) for r in range(16) if mask >> r & 1) for s in range(4)),
            )
            for top, mask in straights
        )
        self._suit_bits = tuple(
            sum(1 << (r << 2 | s) for r in range(low, high + 1)) for s in range(4)
        )
        self._valid = sum(self._suit_bits)
        self._rank_range = range(high + 1)  # by_rank[r]: the 4-bit set of suits held in r

    def _straight_ranks(self, top: int) -> tuple[int, ...]:
        for t, mask in self.straights:
            if t == top:
                return tuple(r for r in self.ranks_desc if mask >> r & 1)
        raise AssertionError(top)

    def best(self, cards: Iterable[tuple[int, int]]) -> Hand:
        # One bit per card at 4 * rank + suit: a single int holds the whole hand, so the
        # pass over the cards is one shift and one OR each.
        hand = suits_seen = count = 0
        for rank, suit in cards:
            hand |= 1 << (rank << 2 | suit)
            suits_seen |= suit
            count += 1
        if suits_seen & ~3 or hand & ~self._valid:
            raise ValueError(f"a card outside this deck was given: {cards!r}")
        if hand.bit_count() != count:
            raise ValueError(f"a card was given twice: {cards!r}")
        if not hand:
            return NO_HAND

        by_rank = [hand >> (r << 2) & 15 for r in self._rank_range]
        flush_suits = [s for s in (3, 2, 1, 0) if (hand & self._suit_bits[s]).bit_count() >= 5]
        if flush_suits:
            for top, masks in self._flush_straights:
                for s in flush_suits:
                    if hand & masks[s] == masks[s]:
                        chosen = tuple((r, s) for r in self._straight_ranks(top))
                        return Hand(
                            _key(STRAIGHT_FLUSH, (top,), chosen), STRAIGHT_FLUSH, (top,), chosen
                        )

        quads, trips, pairs, present = [], [], [], []
        rank_mask = 0
        for r in self.ranks_desc:
            m = by_rank[r]
            if m:
                present.append(r)
                rank_mask |= 1 << r
                c = _POP[m]
                if c == 4:
                    quads.append(r)
                elif c == 3:
                    trips.append(r)
                elif c == 2:
                    pairs.append(r)

        if quads:
            q = quads[0]
            kick = _kickers(by_rank, present, (q,), 1)
            chosen = _group(by_rank, q, 4) + kick
            ranks = (q, *(r for r, _ in kick))
            return Hand(_key(QUADS, ranks, chosen), QUADS, ranks, chosen)

        if trips and (len(trips) > 1 or pairs):
            t = trips[0]
            p = max(trips[1] if len(trips) > 1 else 0, pairs[0] if pairs else 0)
            chosen = _group(by_rank, t, 3) + _group(by_rank, p, 2)
            return Hand(_key(FULL_HOUSE, (t, p), chosen), FULL_HOUSE, (t, p), chosen)

        if flush_suits:
            best_ranks, best_suit = None, None
            for s in flush_suits:  # highest suit first: an equal flush in a lower suit loses
                top5 = tuple(r for r in present if by_rank[r] >> s & 1)[:5]
                if best_ranks is None or top5 > best_ranks:
                    best_ranks, best_suit = top5, s
            chosen = tuple((r, best_suit) for r in best_ranks)
            return Hand(_key(FLUSH, best_ranks, chosen), FLUSH, best_ranks, chosen)

        for top, mask in self.straights:
            if rank_mask & mask == mask:
                chosen = tuple((r, _TOP_SUIT[by_rank[r]]) for r in self._straight_ranks(top))
                return Hand(_key(STRAIGHT, (top,), chosen), STRAIGHT, (top,), chosen)

        if trips:
            t = trips[0]
            kick = _kickers(by_rank, present, (t,), 2)
            chosen = _group(by_rank, t, 3) + kick
            ranks = (t, *(r for r, _ in kick))
            return Hand(_key(TRIPS, ranks, chosen), TRIPS, ranks, chosen)

        if len(pairs) >= 2:
            p1, p2 = pairs[0], pairs[1]
            kick = _kickers(by_rank, present, (p1, p2), 1)
            chosen = _group(by_rank, p1, 2) + _group(by_rank, p2, 2) + kick
            ranks = (p1, p2, *(r for r, _ in kick))
            return Hand(_key(TWO_PAIR, ranks, chosen), TWO_PAIR, ranks, chosen)

        if pairs:
            p = pairs[0]
            kick = _kickers(by_rank, present, (p,), 3)
            chosen = _group(by_rank, p, 2) + kick
            ranks = (p, *(r for r, _ in kick))
            return Hand(_key(PAIR, ranks, chosen), PAIR, ranks, chosen)

        kick = _kickers(by_rank, present, (), 5)
        ranks = tuple(r for r, _ in kick)
        return Hand(_key(HIGH_CARD, ranks, kick), HIGH_CARD, ranks, kick)


_POP = tuple(m.bit_count() for m in range(16))
_TOP_SUIT = tuple(suits[0] if suits else -1 for suits in _SUITS_DESC)


def _group(by_rank, rank: int, k: int) -> tuple[tuple[int, int], ...]:
    """k cards of one rank, highest suits first (best on the suit tie-break)."""
    return tuple((rank, s) for s in _SUITS_DESC[by_rank[rank]][:k])


def _kickers(by_rank, present, exclude, k: int) -> tuple[tuple[int, int], ...]:
    chosen = []
    for r in present:
        if r not in exclude:
            chosen.append((r, _TOP_SUIT[by_rank[r]]))
            if len(chosen) == k:
                break
    return tuple(chosen)


TRICK_DECK = Evaluator(2, 10)
STANDARD_DECK = Evaluator(2, 14, ace_low=True)
