"""A challenge's verdict as the table reads it, line by line: the guess and who challenged,
each player's tops with the matching ones ticked (a wildcard with what it stood for),
the working, who loses and why, and the die they discard. Held whole because one-token
changes to any line went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.errors import IllegalAction, InvalidAction
from tests.helpers import (
    dd_challenge,
    dd_claim,
    dd_colour,
    dd_guess,
    dd_number,
    dd_reveal,
    dd_tops,
    deceptidice,
)

TWO = ("Ana", "Bo")  # 4 dice each: 3, 2, 2, 2 cards


class TestChallengeVerdict:
    ruling = "DD-CHALLENGE"

    def test_revealed_dice_count_in_the_challenge_and_a_true_guess_costs_the_challenger(self):
        s = deceptidice(
            players=TWO,
            reveal_dice=True,
            wildcards=True,
            actions=[
                dd_reveal("Ana", "R4"),
                dd_guess("Ana", dd_number(2, 4)),
                dd_reveal("Bo", "W"),
            ],
        )
        s.play(dd_guess("Bo", dd_number(3, 4)))
        asked = s.play(dd_challenge("Ana"))
        assert asked.headline == "Ana challenges Bo's guess"
        assert asked.details == (
            "Bo guessed 3 cards with a 4.",
            "Turn every die face up and enter its top card: 8 dice, 2 already revealed.",
        )
        assert asked.rulings == ("DD-CHALLENGE", "DD-TOPS")
        v = s.play(dd_tops(Ana=["B4", "G1", "Y2"], Bo=["R1", "B2", "G3"]))
        assert v.headline == "Ana loses: there are 3 cards with a 4, so the guess holds"
        assert v.details == (
            "Bo guessed 3 cards with a 4; Ana challenged.",
            "Ana: Red 4 ✓, Blue 4 ✓, Green 1, Yellow 2.",
            "Bo: wildcard (as 4) ✓, Red 1, Blue 2, Green 3.",
            "Matching tops: Red 4, Blue 4, wildcard as 4.",
            "3 matching against the 3 guessed: the guess needs at least 3, so it is true.",
            "The guess was true, so the challenger, Ana, loses.",
            "Ana discards one die (of 4 dice: 3, 2, 2, 2 cards) and is the next Liar.",
        )
        assert v.rulings == ("DD-GUESS", "DD-WILD", "DD-WILD-STANDS", "DD-CHALLENGE")
        assert v.decisive and v.scored_next

    def test_a_false_guess_costs_the_guesser(self):
        s = deceptidice(
            players=TWO,
            actions=[
                dd_guess("Ana", dd_colour(2, "R")),
                dd_guess("Bo", dd_colour(3, "R")),
                dd_challenge("Ana"),
            ],
        )
        v = s.play(dd_tops(Ana=["R4", "G1", "Y2", "B3"], Bo=["R1", "B2", "G3", "Y5"]))
        assert v.headline == "Bo loses: there are only 2 Red cards, fewer than the 3 guessed"
        assert v.details == (
            "Bo guessed 3 Red cards; Ana challenged.",
            "Ana: Red 4 ✓, Green 1, Yellow 2, Blue 3.",
            "Bo: Red 1 ✓, Blue 2, Green 3, Yellow 5.",
            "Matching tops: Red 4, Red 1.",
            "2 matching against the 3 guessed: the guess needs at least 3, so it is false.",
            "The guess was false, so Bo, who made it, loses.",
            "Bo discards one die (of 4 dice: 3, 2, 2, 2 cards) and is the next Liar.",
        )
        assert v.rulings == ("DD-GUESS", "DD-CHALLENGE")

    def test_a_power_card_on_no_die_is_said_and_the_claim_loses(self):
        s = deceptidice(
            players=TWO,
            power_cards=2,
            actions=[dd_guess("Ana", dd_claim("numbers", (2,), 2)), dd_challenge("Bo")],
        )
        v = s.play(dd_tops(Ana=["R4", "G4", "Y2", "B3"], Bo=["R1", "B2", "G3", "Y5"]))
        assert v.headline == "Ana loses: they did not roll the power card a pair (value 2)"
        assert v.details == (
            "Ana guessed a power card: a pair (value 2); Bo challenged.",
            "Ana: Red 4, Green 4, Yellow 2, Blue 3.",
            "Bo: Red 1, Blue 2, Green 3, Yellow 5.",
            "The power card a pair (value 2) is on no die at all.",
            "The claimant's tops: Red 4, Green 4, Yellow 2, Blue 3.",
            "None of them is the power card a pair (value 2), so the claim loses whatever "
            "the table shows.",
            "The guess was false, so Ana, who made it, loses.",
            "Ana discards one die (of 4 dice: 3, 2, 2, 2 cards) and is the next Liar.",
        )
        assert v.rulings == ("DD-POWER-HONEST", "DD-CHALLENGE")


class TestRevealAndTops:
    ruling = "DD-REVEAL"

    def test_a_revealed_die_is_named_in_the_tables_colours_and_counted_down(self):
        s = deceptidice(players=TWO, reveal_dice=True, colour_names="Rouge")
        v = s.play(dd_reveal("Ana", "R4"))
        assert v.headline == "Ana reveals a die: Rouge 4"
        assert v.details == (
            "3 of Ana's dice still face down this round.",
            "Ana now guesses higher or challenges.",
        )
        assert v.rulings == ("DD-REVEAL", "DD-REVEAL-FIRST")

    def test_the_challenge_names_the_tables_colours_and_the_next_liar_is_the_loser(self):
        s = deceptidice(
            players=TWO,
            reveal_dice=True,
            colour_names="Rouge",
            actions=[
                dd_reveal("Ana", "R4"),
                dd_guess("Ana", dd_number(2, 4)),
                dd_reveal("Bo", "B1"),
            ],
        )
        s.play(dd_guess("Bo", dd_colour(3, "R")))
        assert s.rules.next_seats(s.state) == (
            {"first_liar": 0},
            "the Liar of this round",
            ("DD-REMATCH",),
        )
        s.play(dd_challenge("Ana"))
        v = s.play(dd_tops(Ana=["B4", "G1", "Y1"], Bo=["R1", "R2", "G3"]))
        assert v.headline == "Ana loses: there are 3 Rouge cards, so the guess holds"
        assert v.details[:3] == (
            "Bo guessed 3 Rouge cards; Ana challenged.",
            "Ana: Rouge 4 ✓, Blue 4, Green 1, Yellow 1.",
            "Bo: Blue 1, Rouge 1 ✓, Rouge 2 ✓, Green 3.",
        )
        assert s.rules.next_seats(s.state) == (
            {"first_liar": 0},
            "the loser of the last round",
            ("DD-REMATCH",),
        )

    @pytest.mark.parametrize(
        ("reveal", "reason"),
        [
            (True, "Ana has 3 dice not yet revealed: enter 3 top cards, not 2."),
            (False, "Ana has 4 dice on the table: enter 4 top cards, not 2."),
        ],
    )
    def test_tops_of_too_few_dice_are_refused_in_one_sentence(self, reveal, reason):
        actions = [dd_reveal("Ana", "R4")] if reveal else []
        actions += [dd_guess("Ana", dd_number(2, 4))]
        actions += [dd_reveal("Bo", "B1")] if reveal else []
        s = deceptidice(players=TWO, reveal_dice=reveal, actions=[*actions, dd_challenge("Bo")])
        with pytest.raises(InvalidAction) as refused:
            s.play(dd_tops(Ana=["B4", "G1"], Bo=["R1", "B2", "G3", "Y3"][: 3 if reveal else 4]))
        assert refused.value.reason == reason

    def test_tops_of_a_player_whose_dice_were_all_revealed_are_refused(self):
        ana, bo, actions = ["R1", "G1", "R2", "G2"], ["B1", "Y1", "B2"], []
        for i in range(4):  # Ana reveals all 4 dice, Bo 3, each before guessing higher
            actions += [dd_reveal("Ana", ana[i]), dd_guess("Ana", dd_number(2 * i + 1, 6))]
            if i < 3:
                actions += [dd_reveal("Bo", bo[i]), dd_guess("Bo", dd_number(2 * i + 2, 6))]
        s = deceptidice(players=TWO, reveal_dice=True, actions=actions)
        assert s.play(dd_challenge("Bo")).details[-1] == (
            "Turn every die face up and enter its top card: 8 dice, 7 already revealed."
        )
        with pytest.raises(IllegalAction) as refused:
            s.play(dd_tops(Ana=["R3"], Bo=["Y2"]))
        assert refused.value.reason == (
            "Ana's dice were all revealed this round; their tops are already in."
        )
        assert s.play(dd_tops(Bo=["Y2"])).headline.startswith("Ana loses:")
