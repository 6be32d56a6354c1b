"""The memory aid's odds: exact Fractions, equal to a brute-force count over the unseen cards."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.fairy import RULES
from referee.games.fairy.deck import CARDS, NUMBER_SUITS
from referee.games.fairy.odds import chances, expected_points, formula, percent
from tests.helpers import fairy, fairy_turn, opening


@st.composite
def deals(draw):
    """A top card, a non-empty set of unseen cards, and a suit for every card (7 each)."""
    order = draw(st.permutations(CARDS))
    suits = [0] * len(CARDS)
    for i, card in enumerate(order):
        suits[card - 1] = i // 7
    suits = draw(st.sampled_from([NUMBER_SUITS, tuple(suits)]))
    top = draw(st.sampled_from(CARDS))
    others = [c for c in CARDS if c != top]
    unseen = draw(st.sets(st.sampled_from(others), min_size=1))
    return top, unseen, suits


def brute_force(top, unseen, suits):
    """Turn up each unseen card in turn and count, for each guess, how often it is right."""
    right = {"higher": 0, "lower": 0, "same_suit": 0, "catch": 0}
    for card in unseen:
        right["higher"] += card > top
        right["lower"] += card < top
        right["same_suit"] += suits[card - 1] == suits[top - 1]
        right["catch"] += card in (4, 11, 18)
    return {g: Fraction(n, len(unseen)) for g, n in right.items()}


@settings(max_examples=400, deadline=None)
@given(deals())
def test_chances_equal_a_brute_force_count_exactly(deal):
    top, unseen, suits = deal
    odds = chances(top, unseen, suits)
    assert all(type(p) is Fraction for p in odds.values())
    assert odds == brute_force(top, unseen, suits)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_same_suit_counts_seven_less_those_seen(deal):
    top, unseen, suits = deal
    seen = set(CARDS) - set(unseen)  # the top card is among them
    same_seen = sum(1 for c in seen if suits[c - 1] == suits[top - 1])
    assert chances(top, unseen, suits)["same_suit"] == Fraction(7 - same_seen, len(unseen))


def test_the_issue_example_same_suit_3_of_14():
    # Top 9; unseen: 3 more of suit 8-14 and 11 of other suits.
    unseen = {8, 10, 12, 1, 2, 3, 5, 6, 7, 15, 16, 17, 19, 20}
    odds = chances(9, unseen)
    assert odds["same_suit"] == Fraction(3, 14)
    assert percent(odds["same_suit"]) == "21%"
    assert formula("same_suit", odds["same_suit"]) == "+4 × 0.21 − 1 × 0.79 = +0.07"
    assert expected_points("same_suit", Fraction(3, 14)) == Fraction(1, 14)


def test_at_the_floor_a_wrong_guess_costs_nothing():
    assert expected_points("lower", Fraction(1, 2), at_floor=True) == 1
    assert formula("lower", Fraction(1, 2), at_floor=True) == "+2 × 0.50 = +1.00"
    assert formula("catch", Fraction(0)) == "+7 × 0.00 − 1 × 1.00 = −1.00"


def test_no_cards_left_and_a_top_card_among_the_unseen_are_errors():
    with pytest.raises(ValueError):
        chances(9, set())
    with pytest.raises(ValueError):
        chances(9, {9, 10})


def test_the_game_state_gives_the_unseen_cards():
    s = fairy(
        memory_aid=True, actions=[opening(14), *fairy_turn(11, Ana="lower", Bo="lower", Cy="lower")]
    )
    assert s.state.unseen == tuple(c for c in CARDS if c not in (14, 11))
    odds = chances(s.state.top, s.state.unseen, s.state.suits)
    assert odds["catch"] == Fraction(2, 19)  # 4 and 18 are still out there
    assert odds["lower"] == Fraction(10, 19)  # 1-10, none seen yet
    assert RULES.choices(s.state).top == 11
