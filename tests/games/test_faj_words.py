"""Faces, Aces & Jokers' words for a trick's winner, the board's suit totals and trump,
and each poker hand: held here because one-token changes to tricks.py and poker.py went
unseen by the other tests (tools/mutate.py)."""

import itertools
import random

import pytest

from referee.games.faj.poker import TWO_TO_TEN
from referee.games.faj.showdown import best_hand
from referee.games.faj.tricks import describe_totals, suit_totals, trick_winner, trump_text

C, D, H, S = range(4)

WINS = [
    (
        (["5H"], H, [(0, "HJ"), (1, "JH"), (2, "AH")]),
        (1, "JH", "FAJ-WIN-JACK"),
        "a joker was played and J♥ matches the board (its suit is on the board), so the jack "
        "takes it",
    ),
    (
        (["9C", "2S"], C, [(0, "HJ"), (1, "JS"), (2, "JC")]),
        (2, "JC", "FAJ-WIN-JACK"),
        "a joker was played and J♣ matches the board (it is trump), so the jack takes it",
    ),
    (
        (["5C", "5S"], None, [(0, "HJ"), (1, "JS"), (2, "JC")]),
        (1, "JS", "FAJ-WIN-JACK"),
        "a joker was played and J♠ matches the board (highest suit among the matching jacks), "
        "so the jack takes it",
    ),
    (
        (["5H"], H, [(0, "LJ"), (1, "HJ")]),
        (1, "HJ", "FAJ-WIN-JOKER"),
        "both jokers were played; the high joker wins",
    ),
    (
        (["5H"], H, [(0, "LJ"), (1, "AS")]),
        (0, "LJ", "FAJ-WIN-JOKER"),
        "the red joker (low) takes it",
    ),
    (
        (["5H"], H, [(0, "KH"), (1, "AH"), (2, "AS")]),
        (1, "AH", "FAJ-WIN-TRUMP"),
        "A♥ is the highest trump (hearts)",
    ),
    (
        (["5H"], None, [(0, "QD"), (1, "QS")]),
        (1, "QS", "FAJ-WIN-HIGH"),
        "Q♠ is the highest card (ace high; equal ranks by suit, spades highest)",
    ),
]


class TestTrickWinner:
    ruling = "FAJ-TAKE-BOARD"

    @pytest.mark.parametrize(("args", "won", "why"), WINS, ids=[str(i) for i in range(len(WINS))])
    def test_the_winner_of_a_trick_and_why_are_said(self, args, won, why):
        result = trick_winner(*args)
        assert (result.seat, result.card, result.ruling) == won
        assert result.reason == why


class TestTrump:
    ruling = "FAJ-TRUMP"

    def test_suit_totals_are_said_from_spades_down(self):
        assert suit_totals(["2H", "5C", "3S", "4D", "7S"]) == [5, 4, 2, 10]
        assert describe_totals(["2H", "5C", "3S", "4D"]) == "♠ 3, ♥ 2, ♦ 4, ♣ 5"
        assert describe_totals(["2H"]) == "♥ 2"

    def test_trump_or_none_is_said(self):
        assert (trump_text(None), trump_text(S)) == ("no trump", "trump spades ♠")


HANDS = [
    (["2C", "3C", "4C", "5C", "6C"], "straight flush, 2 to 6 of clubs"),
    (["5S", "5H", "5D", "5C", "4S"], "four of a kind, 5s"),
    (["5S", "5H", "5D", "4C", "4S"], "full house, 5s over 4s"),
    (["2D", "4D", "6D", "8D", "10D"], "flush, 10-8-6-4-2 of diamonds"),
    (["2C", "3H", "4D", "5S", "6C"], "straight, 2 to 6"),
    (["5S", "5H", "5D", "4C", "3S"], "three of a kind, 5s"),
    (["5S", "5H", "4D", "4C", "3S"], "two pair, 5s and 4s"),
    (["5S", "5H", "4D", "3C", "2S"], "pair of 5s"),
    (["9S", "7H", "4D", "3C", "2S"], "high card 9"),
    (["9S"], "high card 9"),
    ([], "no cards"),
]


class TestHands:
    ruling = "FAJ-HANDS"

    @pytest.mark.parametrize(("won", "said"), HANDS)
    def test_every_kind_of_hand_is_said_as_players_say_it(self, won, said):
        assert best_hand(won).describe() == said


class TestSuitTieBreak:
    ruling = "FAJ-SUIT-TIEBREAK"

    def test_equal_ranks_compare_suits_from_the_highest_down(self):
        rng = random.Random(0)
        patterns = [p for p in itertools.product(range(4), repeat=5) if len(set(p)) > 1]
        for _ in range(300):  # pairs of high-card hands 10-8-6-4-2 in other suits
            a, b = rng.sample(patterns, 2)
            ha = TWO_TO_TEN.best(list(zip((10, 8, 6, 4, 2), a, strict=True)))
            hb = TWO_TO_TEN.best(list(zip((10, 8, 6, 4, 2), b, strict=True)))
            order = (sorted(a, reverse=True) > sorted(b, reverse=True)) - (
                sorted(a, reverse=True) < sorted(b, reverse=True)
            )
            assert ((ha.key > hb.key) - (ha.key < hb.key)) == order, (a, b)
