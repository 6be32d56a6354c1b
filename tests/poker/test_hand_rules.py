"""Hand-written cases: each category's kicker rules, fewer than 5 cards, the suit tie-break."""

import itertools

import pytest

from referee.games.faj.poker import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    TWO_TO_ACE,
    TWO_TO_TEN,
)

C, D, H, S = range(4)
best = TWO_TO_TEN.best


class TestCategoryOrder:
    def test_categories_rank_in_standard_poker_order(self):
        hands = [
            [(10, S), (9, S), (8, S), (7, S), (6, S)],
            [(4, C), (4, D), (4, H), (4, S), (2, C)],
            [(3, C), (3, D), (3, H), (2, S), (2, C)],
            [(10, H), (8, H), (6, H), (4, H), (2, H)],
            [(10, C), (9, D), (8, H), (7, S), (6, C)],
            [(5, C), (5, D), (5, H), (9, S), (2, C)],
            [(9, C), (9, D), (5, H), (5, S), (2, C)],
            [(9, C), (9, D), (6, H), (5, S), (2, C)],
            [(10, C), (8, D), (6, H), (4, S), (2, C)],
        ]
        keys = [best(h).key for h in hands]
        assert keys == sorted(keys, reverse=True)
        assert [best(h).category for h in hands] == [
            STRAIGHT_FLUSH,
            QUADS,
            FULL_HOUSE,
            FLUSH,
            STRAIGHT,
            TRIPS,
            TWO_PAIR,
            PAIR,
            HIGH_CARD,
        ]

    def test_no_ace_so_six_to_ten_is_the_top_straight(self):
        assert best([(6, C), (7, D), (8, H), (9, S), (10, C)]).describe() == "straight, 6 to 10"
        assert best([(2, C), (3, D), (4, H), (5, S), (6, C)]).describe() == "straight, 2 to 6"


class TestKickers:
    def test_quads_kicker_is_highest_other_card(self):
        h = best([(4, C), (4, D), (4, H), (4, S), (2, C), (9, D), (9, H)])
        assert h.ranks == (4, 9) and h.cards[-1] == (9, H)

    def test_full_house_takes_highest_trips_and_best_pair(self):
        h = best([(3, C), (3, D), (3, H), (7, S), (7, C), (7, D), (9, H), (9, S)])
        assert h.describe() == "full house, 7s over 9s"
        assert h.ranks == (7, 9)

    def test_full_house_from_two_trips_keeps_best_two_suits(self):
        h = best([(3, C), (3, D), (3, H), (7, S), (7, C), (7, D)])
        assert h.ranks == (7, 3) and set(h.cards[3:]) == {(3, H), (3, D)}

    def test_flush_compares_all_five_cards(self):
        a = best([(10, H), (8, H), (6, H), (4, H), (3, H)])
        b = best([(10, S), (8, S), (6, S), (4, S), (2, S)])
        assert a.key > b.key  # 3 beats 2 on the fifth card before suits are looked at

    def test_trips_two_kickers(self):
        h = best([(5, C), (5, D), (5, H), (9, S), (2, C), (8, D)])
        assert h.ranks == (5, 9, 8)

    def test_two_pair_kicker_may_come_from_a_third_pair(self):
        h = best([(9, C), (9, D), (7, H), (7, S), (5, C), (5, D), (3, H)])
        assert h.ranks == (9, 7, 5) and h.cards[-1] == (5, D)

    def test_pair_three_kickers(self):
        assert best([(9, C), (9, D), (6, H), (5, S), (2, C), (3, D)]).ranks == (9, 6, 5, 3)

    def test_high_card_five_kickers(self):
        assert best([(10, C), (8, D), (6, H), (4, S), (2, C), (3, C)]).ranks == (10, 8, 6, 4, 3)


class TestFewerThanFiveCards:
    def test_no_cards_rank_below_everything(self):
        assert best([]).key < best([(2, C)]).key
        assert best([]).describe() == "no cards"

    def test_missing_kickers_rank_lowest(self):
        short = best([(9, C), (9, D), (7, H)])
        full = best([(9, H), (9, S), (7, S), (2, C)])
        assert short.category == full.category == PAIR
        assert full.key > short.key

    def test_four_cards_can_make_quads_or_two_pair(self):
        assert best([(4, C), (4, D), (4, H), (4, S)]).category == QUADS
        assert best([(4, C), (4, D), (6, H), (6, S)]).category == TWO_PAIR

    def test_no_straight_or_flush_below_five_cards(self):
        assert best([(6, S), (7, S), (8, S), (9, S)]).category == HIGH_CARD

    def test_one_card_compares_by_rank_then_suit(self):
        assert best([(10, C)]).key > best([(9, S)]).key
        assert best([(9, S)]).key > best([(9, H)]).key


class TestSuitTieBreak:
    def test_identical_ranks_compare_highest_suit_first(self):
        a = best([(9, S), (9, C), (6, C), (5, C), (2, C)])
        b = best([(9, H), (9, D), (6, H), (5, H), (2, H)])
        assert a.ranks == b.ranks and a.key > b.key  # a's best suit is a spade

    def test_best_hand_is_chosen_best_on_suits_too(self):
        h = best([(10, C), (9, D), (8, H), (7, S), (6, C), (6, S), (8, S)])
        assert h.category == STRAIGHT
        assert set(h.cards) == {(10, C), (9, D), (8, S), (7, S), (6, S)}

    def test_equal_flush_ranks_in_two_suits_takes_the_higher_suit(self):
        cards = [(r, s) for r in (10, 8, 6, 4, 2) for s in (H, S)]
        assert {s for _, s in best(cards).cards} == {S}


class TestStandardDeck:
    def test_ace_low_straight_is_the_lowest(self):
        wheel = TWO_TO_ACE.best([(14, C), (2, D), (3, H), (4, S), (5, C)])
        six = TWO_TO_ACE.best([(2, C), (3, D), (4, H), (5, S), (6, C)])
        assert wheel.category == STRAIGHT and six.key > wheel.key
        assert wheel.describe() == "straight, A to 5"

    def test_broadway_and_royal_flush(self):
        royal = TWO_TO_ACE.best([(r, S) for r in (10, 11, 12, 13, 14)])
        assert royal.describe() == "straight flush, 10 to A of spades"

    def test_matches_treys_on_random_seven_card_hands(self):
        import random

        from treys import Card, Evaluator

        ev = Evaluator()
        deck = [(r, s) for r in range(2, 15) for s in range(4)]
        name = {r: "23456789TJQKA"[r - 2] for r in range(2, 15)}
        rng = random.Random(7)
        scored = []
        for _ in range(3000):
            hand = rng.sample(deck, 7)
            t = ev.evaluate(
                [Card.new(name[r] + "cdhs"[s]) for r, s in hand[:2]],
                [Card.new(name[r] + "cdhs"[s]) for r, s in hand[2:]],
            )
            scored.append((t, TWO_TO_ACE.best(hand).key >> 15))
        for (t1, k1), (t2, k2) in itertools.pairwise(scored):
            assert (t1 < t2) == (k1 > k2) and (t1 == t2) == (k1 == k2)


def test_duplicate_or_foreign_cards_are_refused():
    with pytest.raises(ValueError, match="twice"):
        best([(9, C), (9, C)])
    with pytest.raises(ValueError, match="outside this deck"):
        best([(14, C)])
