"""The reference: every 5-card hand of the 36-card trick deck scored by treys, once."""

import itertools

import pytest

from referee.games.faj.poker import TWO_TO_TEN

DECK = [(r, s) for r in range(2, 11) for s in range(4)]
TREYS_SUIT = "cdhs"
TREYS_RANK = {r: "23456789T"[r - 2] for r in range(2, 11)}
# treys classes: 0 royal, 1 straight flush, ... 9 high card; ours count up from 0 high card.
TREYS_TO_OURS = {0: 8, 1: 8, 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2, 8: 1, 9: 0}


def bit(card) -> int:
    return 1 << ((card[0] - 2) * 4 + card[1])


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= bit(c)
    return m


class Reference:
    """Brute force: treys' score of each 5-card hand plus the showdown ruling's suit
    tie-break."""

    def __init__(self):
        from treys import Card, Evaluator

        self.treys = Evaluator()
        self.card = {c: Card.new(TREYS_RANK[c[0]] + TREYS_SUIT[c[1]]) for c in DECK}
        self.combos = list(itertools.combinations(DECK, 5))
        self.score = [self.treys._five([self.card[c] for c in hand]) for hand in self.combos]

    def ref_key(self, hand):
        """Bigger is better: treys (smaller is stronger) first, then suits high to low."""
        return (
            -self.treys._five([self.card[c] for c in hand]),
            tuple(sorted((s for _, s in hand), reverse=True)),
        )

    def sorted_masks(self):
        import numpy as np

        keys = [
            (-score, tuple(sorted((s for _, s in hand), reverse=True)), i)
            for i, (score, hand) in enumerate(zip(self.score, self.combos, strict=True))
        ]
        keys.sort(reverse=True)
        order = [k[2] for k in keys]
        masks = np.array([mask(self.combos[i]) for i in order], dtype=np.uint64)
        return masks, [self.combos[i] for i in order]


@pytest.fixture(scope="session")
def reference():
    return Reference()


@pytest.fixture(scope="session")
def evaluator():
    return TWO_TO_TEN
