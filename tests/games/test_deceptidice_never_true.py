"""A guess that can never be true, on both sides of each limit: the most the table could
show for each kind of guess (with and without wildcards), a power claim's combo against
the dice and the deck, the menu's lowest counts, and the introductory game's modifiers.
Held here because one-token changes to guesses.py went unseen by the other tests
(tools/mutate.py)."""

import pytest

from referee.core.errors import IllegalAction
from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import most_possible, never_true
from referee.games.deceptidice.model import DeceptidiceGuess
from tests.helpers import (
    dd_claim,
    dd_colour,
    dd_guess,
    dd_number,
    dd_straight,
    dd_vague,
    deceptidice,
)

FOUR = ("Ana", "Bo", "Cy", "Di")


def parsed(form):
    return DeceptidiceGuess.model_validate({"player": "Ana", "guess": form}).guess


MOST = [
    (dd_number(3, 4), 40, False, (8, "the deck has 8 cards of each number")),
    (dd_number(3, 4), 40, True, (15, "the deck has 8 cards of each number and 7 wildcards")),
    (dd_number(3, 4, less_than=True), 40, False, (24, "the deck has 24 cards below 4")),
    (
        dd_number(3, 4, less_than=True),
        40,
        True,
        (31, "the deck has 24 cards below 4 and 7 wildcards"),
    ),
    (dd_number(1, 1, less_than=True), 40, True, (0, "no card has a number less than 1")),
    (dd_colour(3, "R"), 40, False, (12, "the deck has 12 cards of each colour")),
    (dd_colour(3, "R"), 40, True, (19, "the deck has 12 cards of each colour and 7 wildcards")),
    (dd_colour(3, "R", without=True), 40, False, (36, "the deck has 36 cards of other colours")),
    (
        dd_colour(3, "R", without=True),
        50,
        True,
        (43, "the deck has 36 cards of other colours and 7 wildcards"),
    ),
    (dd_colour(3, "R", without=True), 40, True, (40, "only 40 dice are on the table")),
    (dd_straight(3, 2), 40, True, (6, "a run has at most 6 numbers, 1 to 6")),
    (dd_vague(3, "number"), 40, False, (8, "the deck has 8 cards of each number")),
    (dd_vague(3, "number"), 40, True, (15, "the deck has 8 cards of each number and 7 wildcards")),
    (dd_vague(3, "colour"), 40, False, (12, "the deck has 12 cards of each colour")),
    (dd_vague(3, "colour"), 40, True, (19, "the deck has 12 cards of each colour and 7 wildcards")),
    (dd_number(3, 4), 1, False, (1, "only 1 die is on the table")),
]


class TestCountCap:
    ruling = "DD-COUNT-CAP"

    @pytest.mark.parametrize(("form", "dice", "wild", "most"), MOST)
    def test_the_most_the_table_could_show_and_why(self, form, dice, wild, most):
        assert most_possible(parsed(form), dice, wild) == most

    def test_a_guess_of_exactly_the_most_possible_can_be_true(self):
        assert never_true(parsed(dd_number(8, 4)), 12, False) is None
        assert never_true(parsed(dd_number(9, 4)), 12, False) == (
            "the deck has 8 cards of each number"
        )


class TestPowerEntry:
    ruling = "DD-POWER-ENTRY"

    def test_a_combo_needs_its_cards_besides_the_power_card_on_the_dice(self):
        two_pairs = parsed(dd_claim("numbers", (2, 2), 3))
        assert never_true(two_pairs, 5, False) is None
        assert never_true(two_pairs, 4, False) == (
            "its combo needs 4 cards besides the power card itself, and only 4 dice are on the "
            "table"
        )
        assert never_true(two_pairs, 1, False) == (
            "its combo needs 4 cards besides the power card itself, and only 1 die is on the table"
        )

    def test_a_group_larger_than_the_deck_holds_can_never_be_true(self):
        assert never_true(parsed(dd_claim("numbers", (8,), 3)), 24, False) is None
        assert never_true(parsed(dd_claim("numbers", (9,), 3)), 24, False) == (
            "no number has 9 cards in this deck"
        )
        assert never_true(parsed(dd_claim("numbers", (9,), 3)), 24, True) is None
        assert never_true(parsed(dd_claim("colours", (12,), 3)), 24, False) is None
        assert never_true(parsed(dd_claim("colours", (13,), 3)), 24, False) == (
            "no colour has 13 cards in this deck"
        )


class TestLadderMenu:
    ruling = "DD-HIGHER"

    def test_the_opening_guess_may_count_1(self):
        menu = RULES.choices(deceptidice(players=FOUR, power_cards=3).state).guesses
        assert (menu.specific, menu.power) == (1, 1)

    def test_with_power_always_a_claim_of_value_1_is_offered_after_any_guess(self):
        s = deceptidice(
            players=FOUR,
            power_cards=3,
            power_always=True,
            actions=[dd_guess("Ana", dd_number(3, 2))],
        )
        menu = RULES.choices(s.state).guesses
        assert (menu.power, menu.specific) == (1, 4)


class TestIntro:
    ruling = "DD-INTRO"

    def test_without_is_a_modifier_the_introductory_game_refuses(self):
        s = deceptidice(players=FOUR, introductory=True)
        with pytest.raises(IllegalAction, match="no modifiers"):
            s.play(dd_guess("Ana", dd_colour(2, "R", without=True)))
        assert not RULES.choices(s.state).guesses.allows(parsed(dd_colour(2, "R", without=True)))
