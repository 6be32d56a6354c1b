"""The final showdown's words, pile by pile: each hand as placed, and why each player
ranks above the next: the hand, the deciding rank (a short hand's missing cards counting
as none), the suits, the cards won, or a shared place. Held line by line because one-token
changes to showdown.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.games.faj.showdown import compare, decided, standings

NAMES = ("Ana", "Bo", "Cy")
# (won piles, more cards break ties, places (place, seat), decided, why the first beats each)
SHOWDOWNS = [
    (
        [["9H", "9S", "4C"], ["2C", "3C", "4D", "5H", "6S"]],
        False,
        [(1, 1), (2, 0)],
        ("pair of 9s", "straight, 2 to 6"),
        [("Bo's straight beats Ana's pair.", "FAJ-HANDS")],
    ),
    (
        [["9H", "9S", "4C"], ["8C", "8D", "4D"]],
        False,
        [(1, 0), (2, 1)],
        ("pair of 9s", "pair of 8s"),
        [
            (
                "Both have pair; Ana wins on the deciding rank, 9 against 8 (ranks in the order "
                "they count: 9-4 against 8-4).",
                "FAJ-SHORT-HAND",
            )
        ],
    ),
    (
        [["9H", "9S"], [], ["9C", "9D", "2C"]],
        False,
        [(1, 2), (2, 0), (3, 1)],
        ("pair of 9s", "no cards", "pair of 9s"),
        [
            (
                "Both have pair; Cy wins on the second rank that counts, 2 against none (ranks "
                "in the order they count: 9-2 against 9).",
                "FAJ-SHORT-HAND",
            ),
            ("Cy beats Bo, who won no cards.", "FAJ-SHORT-HAND"),
        ],
    ),
    (
        [["9H", "9S", "8C", "7C", "2D"], ["9C", "9D", "8D", "7D", "3S"]],
        False,
        [(1, 1), (2, 0)],
        ("pair of 9s", "pair of 9s"),
        [
            (
                "Both have pair; Bo wins on the fourth rank that counts, 3 against 2 (ranks in "
                "the order they count: 9-8-7-3 against 9-8-7-2).",
                "FAJ-HANDS",
            )
        ],
    ),
    (
        [["9H", "9D", "4C"], ["9S", "9C", "4D"]],
        False,
        [(1, 1), (2, 0)],
        ("pair of 9s, suits ♥ ♦ ♣", "pair of 9s, suits ♠ ♦ ♣"),
        [
            (
                "Bo and Ana have equal ranks; suits from the highest: ♠ ♦ ♣ against ♥ ♦ ♣.",
                "FAJ-SUIT-TIEBREAK",
            )
        ],
    ),
    (
        [["10S", "9S", "8H", "7D", "5C", "2C"], ["10H", "9C", "8S", "7S", "5D"]],
        True,
        [(1, 0), (2, 1)],
        ("high card 10, 6 cards won", "high card 10, 5 cards won"),
        [("Ana and Bo have identical hands; Ana won more cards (6 against 5).", "TIE")],
    ),
    (
        [["9H", "8S"], ["9S", "8H"]],
        False,
        [(1, 0), (1, 1)],
        ("high card 9", "high card 9"),
        [("Ana and Bo have identical hands and share the place.", "TIE")],
    ),
]


class TestHands:
    ruling = "FAJ-HANDS"

    @pytest.mark.parametrize("row", SHOWDOWNS, ids=[str(i) for i in range(len(SHOWDOWNS))])
    def test_each_place_and_why_it_beats_the_next_are_said(self, row):
        won, more_cards, places, said, why = row
        ranked = standings(won, more_cards)
        assert [(s.place, s.seat) for s in ranked] == places
        assert decided(ranked, more_cards) == said
        assert [compare(ranked[0], other, NAMES, "TIE") for other in ranked[1:]] == why
