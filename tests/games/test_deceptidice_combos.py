"""Power claims and runs challenged as the table plays them: a guess, a challenge, every
die's top entered, and the verdict read. Each test holds one rule of the combo on the table
that a one-token change to truth.py broke while the other tests passed (tools/mutate.py)."""

import pytest

from tests.helpers import (
    dd_challenge,
    dd_claim,
    dd_guess,
    dd_power_card,
    dd_straight,
    dd_tops,
    deceptidice,
)

TWO = ("Ana", "Bo")  # 4 dice each: 8 tops


def challenged(form, ana, bo, **options):
    """The verdict when Ana guesses `form`, Bo challenges, and the tops are entered."""
    session = deceptidice(
        players=TWO, actions=[dd_guess("Ana", form), dd_challenge("Bo")], **options
    )
    return session.play(dd_tops(Ana=ana, Bo=bo))


RUN_OF_6 = dd_power_card("run", (6,), 7)


class TestTheRunCombo:
    ruling = "DD-POWER-ENTRY"

    def test_a_run_power_card_of_6_is_judged_on_the_whole_run_1_to_6(self):
        v = challenged(
            dd_claim("run", (6,), 7),
            [RUN_OF_6, "R1", "R2", "R3"],
            ["G4", "G5", "Y6", "B1"],
            power_cards=1,
        )
        assert v.headline == "Bo loses: a run of 6 numbers is on the table"
        assert "6 of the 6 cards the combo needs: the claim is true." in v.details

    def test_a_run_power_card_of_6_short_of_two_numbers_is_two_cards_short(self):
        v = challenged(
            dd_claim("run", (6,), 7),
            [RUN_OF_6, "R1", "R2", "R3"],
            ["R4", "G1", "B1", "Y1"],
            power_cards=1,
        )
        assert v.headline == "Ana loses: a run of 6 numbers is 2 cards short"

    def test_a_run_of_the_top_numbers_makes_the_combo(self):
        v = challenged(
            dd_claim("run", (3,), 4),
            [dd_power_card("run", (3,), 4), "R4", "R5", "R1"],
            ["B6", "G1", "B1", "Y1"],
            power_cards=1,
        )
        assert v.headline == "Bo loses: a run of 3 numbers is on the table"

    def test_a_wildcard_stands_for_the_number_missing_from_the_run(self):
        v = challenged(
            dd_claim("run", (3,), 4),
            [dd_power_card("run", (3,), 4), "R1", "R2", "W"],
            ["B1", "G1", "B5", "Y1"],
            power_cards=1,
            wildcards=True,
        )
        assert "The combo, a run of 3 numbers, on the table: Red 1, Red 2, wildcard as 3." in (
            v.details
        )


class TestTheGroupCombos:
    ruling = "DD-POWER-ENTRY"

    def test_a_full_house_from_singles_and_a_pair_is_two_cards_short(self):
        v = challenged(
            dd_claim("numbers", (3, 2), 4),
            [dd_power_card("numbers", (3, 2), 4), "R1", "R2", "R3"],
            ["B1", "G4", "B5", "B6"],
            power_cards=1,
        )
        assert v.headline == "Ana loses: a full house is 2 cards short"

    def test_a_wildcard_in_a_pair_stands_for_the_pairs_number(self):
        v = challenged(
            dd_claim("numbers", (2, 2), 3),
            [dd_power_card("numbers", (2, 2), 3), "R1", "B1", "R2"],
            ["W", "G4", "B5", "Y6"],
            power_cards=1,
            wildcards=True,
        )
        assert "The combo, two pairs, on the table: Red 1, Blue 1, Red 2, wildcard as 2." in (
            v.details
        )


class TestStraights:
    ruling = "DD-STRAIGHT"

    @pytest.mark.parametrize("element", [1, 3])
    def test_a_run_that_does_not_include_the_number_guessed_counts_for_nothing(self, element):
        v = challenged(
            dd_straight(3, element),
            ["R4", "R5", "R6", "G4"],
            ["B4", "G5", "B5", "Y6"],
            straights=True,
        )
        assert (
            v.headline
            == f"Ana loses: there is no run including {element}, fewer than the 3 guessed"
        )
