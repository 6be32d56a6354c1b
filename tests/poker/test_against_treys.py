"""The evaluator against treys: every 5-card hand, and 50,000 random best-of-N hands."""

import itertools
import random

import numpy as np
import pytest

from tests.poker.conftest import DECK, TREYS_TO_OURS, mask


class TestEveryFiveCardHand:
    def test_category_and_order_match_treys_for_all_376992_hands(self, reference, evaluator):
        pairs = {}
        for hand, score in zip(reference.combos, reference.score, strict=True):
            ours = evaluator.best(hand)
            assert ours.category == TREYS_TO_OURS[reference.treys.get_rank_class(score)], hand
            assert sorted(ours.cards) == sorted(hand)
            rank_part = ours.key >> 15  # category and deciding ranks, suits dropped
            assert pairs.setdefault(score, rank_part) == rank_part, hand
        # treys: smaller is stronger; ours: bigger is stronger. Same order, no ties merged.
        by_treys = [pairs[s] for s in sorted(pairs)]
        assert all(a > b for a, b in itertools.pairwise(by_treys))

    def test_suit_tie_break_orders_equal_ranks(self, reference, evaluator):
        for hand in random.Random(1).sample(reference.combos, 3000):
            other = [(r, (s + 1) % 4) for r, s in hand]
            a, b = evaluator.best(hand), evaluator.best(other)
            if a.key >> 15 == b.key >> 15:
                assert (a.key > b.key) == (reference.ref_key(hand) > reference.ref_key(other))


def _uniform(rng, n):
    return rng.sample(DECK, n)


def _suit_skewed(rng, n):
    """Most cards from one or two suits: flushes and straight flushes are common."""
    suits = rng.sample(range(4), rng.choice((1, 2)))
    pool = [c for c in DECK if c[1] in suits]
    k = min(n, len(pool), rng.randint(5, n))
    cards = rng.sample(pool, k)
    rest = [c for c in DECK if c not in cards]
    return cards + rng.sample(rest, n - k)


def _rank_skewed(rng, n):
    """Cards from few ranks: quads and full houses are common."""
    ranks = rng.sample(range(2, 11), max(2, min(9, (n + 3) // 4)))
    pool = [c for c in DECK if c[0] in ranks]
    k = min(n, len(pool))
    cards = rng.sample(pool, k)
    rest = [c for c in DECK if c not in cards]
    return cards + rng.sample(rest, n - k)


class TestBestOfN:
    def test_50000_random_hands_match_brute_force(self, reference, evaluator):
        masks, hands = reference.sorted_masks()
        rng = random.Random(20261121)
        generators = (_uniform, _suit_skewed, _rank_skewed)
        categories = set()
        for i in range(50_000):
            n = rng.randint(5, 30)
            cards = generators[i % 3](rng, n)
            assert len(set(cards)) == n
            ours = evaluator.best(cards)
            # Brute force: the first 5-card hand, best first, that lies within these cards.
            outside = np.uint64(~mask(cards) & ((1 << 36) - 1))
            start, size = 0, 2048
            while True:
                found = np.flatnonzero((masks[start : start + size] & outside) == 0)
                if found.size:
                    best = hands[start + int(found[0])]
                    break
                start += size
                size *= 4
            assert set(ours.cards) <= set(cards) and len(ours.cards) == 5
            assert reference.ref_key(ours.cards) == reference.ref_key(best), (cards, best)
            categories.add(ours.category)
        assert categories == set(range(9))

    @pytest.mark.parametrize("seed", range(3))
    def test_key_order_agrees_with_brute_force_between_hands(self, reference, evaluator, seed):
        rng = random.Random(seed)
        for _ in range(2000):
            a, b = rng.sample(DECK, 7), rng.sample(DECK, 7)
            ha, hb = evaluator.best(a), evaluator.best(b)
            ra, rb = reference.ref_key(ha.cards), reference.ref_key(hb.cards)
            assert (ha.key > hb.key) == (ra > rb) and (ha.key == hb.key) == (ra == rb)
