"""Faces, Aces & Jokers' poker hands (FAJ-HANDS) from evaluators built in each test, as the
game's own are built at import: the rank range and its straights, the cards a deck holds,
the ace of a standard deck, a flush's five cards, and high cards read to the fifth."""

import pytest

from referee.games.faj.poker import (
    FLUSH,
    HIGH_CARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TWO_TO_ACE,
    TWO_TO_TEN,
    Evaluator,
)

C, D, H, S = range(4)


def run(top, suit=None):
    """Five ranks in a row up to `top`: in one suit, or (suit None) in mixed suits."""
    return [(r, r % 4 if suit is None else suit) for r in range(top - 4, top + 1)]


class TestTheGamesRanks:
    ruling = "FAJ-HANDS"

    def test_the_ranks_are_two_to_ten_and_no_card_plays_low_by_default(self):
        ev = Evaluator()
        assert ev.best([(2, C)]).ranks == (2,) and ev.best([(10, S)]).ranks == (10,)
        for foreign in ((1, C), (11, C), (2, 4)):
            with pytest.raises(ValueError, match="outside this deck"):
                ev.best([foreign])
        assert ev.best([(10, C), (2, D), (3, H), (4, S), (5, C)]).category == HIGH_CARD

    @pytest.mark.parametrize("top", range(6, 11))
    def test_each_run_of_five_ranks_is_a_straight_and_in_one_suit_a_straight_flush(self, top):
        ev = Evaluator(2, 10)
        down = list(range(top, top - 5, -1))
        straight = ev.best(run(top))
        assert (straight.category, straight.ranks) == (STRAIGHT, (top,))
        assert [r for r, _ in straight.cards] == down
        flush = ev.best(run(top, H))
        assert (flush.category, flush.ranks) == (STRAIGHT_FLUSH, (top,))
        assert flush.cards == tuple((r, H) for r in down)

    def test_four_ranks_in_a_row_are_no_straight(self):
        ev = Evaluator(2, 10)
        for cards in ([(2, C), (3, D), (4, H), (5, S), (9, C)], [(6, C), (7, D), (8, H), (9, S)]):
            assert ev.best(cards).category == HIGH_CARD

    def test_a_rank_range_must_span_five_values_within_one_to_fifteen(self):
        for low, high in ((1, 5), (11, 15), (2, 10)):
            assert Evaluator(low, high).best(run(high)).ranks == (high,)
        for low, high in ((0, 10), (2, 5), (11, 16), (10, 2)):
            with pytest.raises(ValueError) as refused:
                Evaluator(low, high)
            assert str(refused.value) == "ranks must span at least 5 values within 1-15"


class TestAStandardDeck:
    ruling = "FAJ-HANDS"

    def test_the_ace_plays_low_only_in_a_to_5(self):
        ev = Evaluator(2, 14, ace_low=True)
        wheel = ev.best([(14, C), (2, D), (3, H), (4, S), (5, C)])
        assert (wheel.category, wheel.ranks, wheel.describe()) == (
            STRAIGHT,
            (5,),
            "straight, A to 5",
        )
        assert {r for r, _ in wheel.cards} == {14, 2, 3, 4, 5}
        assert wheel.key < ev.best(run(6)).key
        steel = ev.best([(14, C), (2, C), (3, C), (4, C), (5, C)])
        assert steel.describe() == "straight flush, A to 5 of clubs"
        for cards in (
            [(2, C), (3, D), (4, H), (5, S), (9, C)],
            [(13, C), (14, D), (2, H), (3, S), (4, C)],
            [(14, C), (2, D), (3, H), (4, S), (6, C)],
        ):
            assert ev.best(cards).category == HIGH_CARD
        broadway = ev.best(run(14))
        assert broadway.describe() == "straight, 10 to A"

    def test_high_cards_compare_down_to_the_fifth_card_before_the_suits(self):
        better = TWO_TO_ACE.best([(14, C), (13, C), (12, C), (11, C), (9, D)])
        worse = TWO_TO_ACE.best([(14, S), (13, S), (12, S), (10, H), (9, S)])
        assert better.ranks == (14, 13, 12, 11, 9) and worse.ranks == (14, 13, 12, 10, 9)
        assert better.key > worse.key


class TestFlush:
    ruling = "FAJ-HANDS"

    @pytest.mark.parametrize("suit", [C, D, H, S])
    def test_a_flush_is_the_five_highest_cards_of_its_suit(self, suit):
        cards = [(r, suit) for r in (10, 8, 6, 4, 3, 2)] + [(9, (suit + 1) % 4)]
        h = TWO_TO_TEN.best(cards)
        names = ("clubs", "diamonds", "hearts", "spades")
        assert (h.category, h.describe()) == (FLUSH, f"flush, 10-8-6-4-3 of {names[suit]}")
        assert h.cards == tuple((r, suit) for r in (10, 8, 6, 4, 3))
