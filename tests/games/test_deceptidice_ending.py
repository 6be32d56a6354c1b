"""The end of a Deceptidice game and the audit of a state: who is down and who wins, and
each conserved quantity a broken state breaks, said once. Held here because one-token
changes to rules.py's outcome and audit went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.errors import InvalidAction
from referee.games.deceptidice.material import colour_names, die_sizes, sizes_text
from referee.games.deceptidice.model import PowerCard
from tests.helpers import (
    dd_challenge,
    dd_colour,
    dd_guess,
    dd_number,
    dd_power_card,
    dd_reveal,
    dd_tops,
    deceptidice,
)


@pytest.fixture
def table():
    s = deceptidice(players=("Ana", "Bo"))  # 9 cards each, 30 left in the draw pile
    return s.rules, s.state


class TestEnd:
    ruling = "DD-END"

    def test_a_player_down_to_exactly_3_cards_ends_the_game_and_is_named(self, table):
        rules, state = table
        over = state.model_copy(
            update=dict(cards=(3, 9), discarded=((3, 3), ()), phase="over", winners=(1,))
        )
        ended = rules.outcome(over)
        assert ended.headline == "Bo wins with 9 cards"
        assert ended.reason == (
            "Ana is down to 3 cards, which ends the game; the most cards left wins."
        )
        assert ended.rulings == ("DD-END", "DD-RANKING")
        assert ended.decided == ("3 cards left", "9 cards left")
        assert rules.audit(over) == []


class TestAudit:
    ruling = "DD-MATERIAL"

    def test_a_player_with_no_cards_left_is_no_negative_count(self, table):
        rules, state = table
        zero = state.model_copy(
            update=dict(cards=(0, 9), discarded=((3, 2, 2, 2), ()), phase="over", winners=(1,))
        )
        assert rules.audit(zero) == []

    @pytest.mark.parametrize(
        ("change", "problems"),
        [
            (dict(draw_pile=31), ["the draw pile is not what the deal left"]),
            (dict(draw_pile=-1), ["the draw pile is not what the deal left"]),
            (
                dict(cards=(8, 9)),
                ["cards held and dice discarded do not add up to the cards dealt"],
            ),
            (
                dict(cards=(-1, 9), discarded=((3, 3, 3, 1), ())),
                ["a negative number of cards", "the game's end does not match the cards held"],
            ),
            (dict(phase="over"), ["the game's end does not match the cards held"]),
        ],
    )
    def test_each_broken_quantity_is_said(self, table, change, problems):
        rules, state = table
        assert rules.audit(state.model_copy(update=change)) == problems


class TestDice:
    ruling = "DD-START"

    def test_a_player_with_fewer_cards_than_dice_makes_only_dice_with_cards(self):
        assert die_sizes(2, 3) == (1,)
        assert die_sizes(7, 3) == (2, 3)

    def test_one_die_is_said_as_one_die(self):
        assert sizes_text((2,)) == "1 die: 2 cards"
        assert sizes_text((3, 2)) == "2 dice: 3, 2 cards"


class TestColours:
    ruling = "DD-COLOURS"

    @pytest.mark.parametrize(
        ("text", "names"),
        [
            ("A,B,C,D", {"R": "A", "B": "B", "G": "C", "Y": "D"}),
            ("x" * 16, {"R": "x" * 16, "B": "Blue", "G": "Green", "Y": "Yellow"}),
            ("  ", {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}),
            ("Rouge,,Vert", {"R": "Rouge", "B": "Blue", "G": "Vert", "Y": "Yellow"}),
        ],
    )
    def test_four_names_of_up_to_16_characters_a_blank_keeping_the_usual(self, text, names):
        assert colour_names(text) == names

    @pytest.mark.parametrize(
        ("text", "reason"),
        [
            ("A,B,C,D,E", "Colour names: four colours take at most four names, not 5."),
            (
                "x" * 17,
                "Colour names: a name has at most 16 characters; 'xxxxxxxxxxxxxxxxx' has 17.",
            ),
            (
                "abcdefghijklmnopqrstuvwxyz0123",
                "Colour names: a name has at most 16 characters; 'abcdefghijklmnopqrs…' has 30.",
            ),
            ("12", "Colour names: '12' is a number, not a colour."),
            ("Red, red", "Colour names: two colours cannot both be called 'red'."),
        ],
    )
    def test_names_the_table_cannot_use_are_refused_in_one_sentence(self, text, reason):
        with pytest.raises(InvalidAction) as refused:
            colour_names(text)
        assert refused.value.reason == reason


class TestMaterial:
    ruling = "DD-MATERIAL"

    def test_both_copies_of_a_card_may_be_up_at_once_but_no_third(self):
        tops = dict(Bo=["G2", "G3", "G5"], Cy=["Y1", "Y2", "Y3"], Di=["B4", "B5", "B6"])
        challenge = [dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo")]
        s = deceptidice(players=("Ana", "Bo", "Cy", "Di"), actions=challenge)
        v = s.play(dd_tops(Ana=["R4", "R4", "G1"], **tops))
        assert v.headline == "Bo loses: there are 2 Red cards, so the guess holds"
        s = deceptidice(players=("Ana", "Bo", "Cy", "Di"), actions=challenge)
        with pytest.raises(InvalidAction) as refused:
            s.play(dd_tops(Ana=["R4", "R4", "R4"], **tops))
        assert refused.value.reason == (
            "The deck has only 2 copies of Red 4, but 3 were entered this round."
        )

    @pytest.mark.parametrize(
        ("shuffled", "said"), [(1, "1 power card was"), (2, "2 power cards were")]
    )
    def test_no_more_power_cards_turn_up_than_were_shuffled_in(self, shuffled, said):
        power = [dd_power_card("numbers", (n,), 2) for n in (2, 3, 4)]
        s = deceptidice(
            players=("Ana", "Bo", "Cy", "Di"),
            power_cards=shuffled,
            actions=[dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo")],
        )
        with pytest.raises(InvalidAction) as refused:
            s.play(
                dd_tops(
                    Ana=[*power[:shuffled], "R4", "R1"][:3],
                    Bo=[power[2], "G3", "G5"],
                    Cy=["Y1", "Y2", "Y3"],
                    Di=["B4", "B5", "B6"],
                )
            )
        assert refused.value.reason == (
            f"Only {said} shuffled in; this round would show {shuffled + 1}."
        )

    def test_a_power_card_face_up_cannot_turn_up_again_this_round(self):
        card = dd_power_card("numbers", (2,), 2)
        s = deceptidice(
            players=("Ana", "Bo"),
            reveal_dice=True,
            power_cards=2,
            actions=[
                dd_reveal("Ana", card),
                dd_guess("Ana", dd_number(2, 4)),
                dd_reveal("Bo", "B1"),
                dd_challenge("Bo"),
            ],
        )
        menu = s.rules.choices(s.state)
        assert not menu.fits([PowerCard.model_validate(card)])
        assert menu.fits([PowerCard(combo="numbers", sizes=(3,), value=2)])

    def test_a_name_with_a_character_no_screen_shows_is_refused(self):
        with pytest.raises(InvalidAction) as refused:
            colour_names("a\x07b")
        assert refused.value.reason == (
            "Colour names: 'a\\x07b' holds a character no screen shows."
        )

    def test_the_card_with_too_many_copies_is_the_one_named(self):
        s = deceptidice(
            players=("Ana", "Bo"),
            colour_names="Rouge",
            actions=[dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo")],
        )
        with pytest.raises(InvalidAction) as refused:
            s.play(dd_tops(Ana=["B2", "B2", "G1", "G2"], Bo=["R4", "R4", "R4", "Y1"]))
        assert refused.value.reason == (
            "The deck has only 2 copies of Rouge 4, but 3 were entered this round."
        )
