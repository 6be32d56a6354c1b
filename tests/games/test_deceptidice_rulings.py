"""One test class per Deceptidice ruling (the class's `ruling` names the id it checks)."""

import random

import pytest

from referee.core.errors import GameOver, IllegalAction, InvalidAction
from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import describe
from referee.games.deceptidice.material import (
    BASE_DECK,
    NUMBER_CARDS,
    colour_names,
    die_sizes,
    game_over,
    split,
)
from referee.games.deceptidice.model import NumberGuess, PowerCard
from referee.games.deceptidice.truth import judge, loser
from tests.helpers import (
    dd_challenge,
    dd_claim,
    dd_colour,
    dd_discard,
    dd_guess,
    dd_keep,
    dd_number,
    dd_power_card,
    dd_reveal,
    dd_straight,
    dd_swap,
    dd_tops,
    dd_vague,
    deceptidice,
)

FOUR = ("Ana", "Bo", "Cy", "Di")  # 3 dice each: 12 tops


def round_to_tops(form, players=FOUR, **options):
    """Ana opens with `form`, Bo challenges: the table is about to enter the tops."""
    return deceptidice(
        players=players, actions=[dd_guess("Ana", form), dd_challenge("Bo")], **options
    )


PLAIN = dict(Bo=["G1", "G2", "G3"], Cy=["Y1", "Y2", "Y3"], Di=["B4", "B5", "B6"])


def judged(form, ana, players=FOUR, others=None, **options):
    """The verdict when Ana's `form` is challenged by Bo and Ana's tops are `ana`."""
    s = round_to_tops(form, players, **options)
    verdict = s.play(dd_tops(Ana=ana, **(others or PLAIN)))
    return s, verdict


class TestMaterial:
    ruling = "DD-MATERIAL"

    def test_48_number_cards_every_card_twice(self):
        assert BASE_DECK == 48
        assert len(NUMBER_CARDS) == 24

    def test_a_third_red_4_is_refused(self):
        s = round_to_tops(dd_colour(1, "R"))
        with pytest.raises(InvalidAction, match="only 2 copies of Red 4"):
            s.play(
                dd_tops(
                    Ana=["R4", "R4", "G1"],
                    Bo=["R4", "G2", "G3"],
                    **{k: v for k, v in PLAIN.items() if k != "Bo"},
                )
            )

    def test_wildcards_at_most_7(self):
        s = round_to_tops(dd_colour(1, "R"), wildcards=True)
        with pytest.raises(InvalidAction, match="only 7 wildcards"):
            s.play(dd_tops(Ana=["W"] * 3, Bo=["W"] * 3, Cy=["W", "W", "Y3"], Di=["B4", "B5", "B6"]))

    def test_draw_pile_counts_the_expansions(self):
        assert deceptidice(players=FOUR).state.draw_pile == 48 - 36
        assert deceptidice(players=FOUR, wildcards=True).state.draw_pile == 55 - 36
        assert deceptidice(players=FOUR, power_cards=5).state.draw_pile == 53 - 36


class TestStart:
    ruling = "DD-START"

    @pytest.mark.parametrize(
        "n,cards,dice", [(2, 9, 4), (3, 9, 4), (4, 9, 3), (5, 9, 3), (6, 6, 3), (8, 6, 3)]
    )
    def test_cards_and_dice_by_table_size(self, n, cards, dice):
        s = deceptidice(players=[f"P{i}" for i in range(n)])
        assert s.state.cards == (cards,) * n
        assert s.state.dice == dice
        assert s.state.draw_pile == 48 - n * cards

    def test_even_split(self):
        assert split(9, 3) == (3, 3, 3)
        assert split(8, 3) == (3, 3, 2)
        assert split(9, 4) == (3, 2, 2, 2)
        assert split(4, 4) == (1, 1, 1, 1)
        assert die_sizes(8, 3) == (2, 3)

    def test_one_or_nine_players_are_refused(self):
        with pytest.raises(InvalidAction, match="2-8 players"):
            deceptidice(players=["Solo"])
        with pytest.raises(InvalidAction, match="2-8 players"):
            deceptidice(players=[f"P{i}" for i in range(9)])

    def test_the_first_liar_opens(self):
        s = deceptidice(players=FOUR, first_liar=2)
        assert RULES.to_act(s.state) == (2,)


class TestTurn:
    ruling = "DD-TURN"

    def test_turns_go_left_from_the_liar(self):
        s = deceptidice(players=FOUR, first_liar=3)
        s.play(dd_guess("Di", dd_number(1, 4)))
        assert RULES.to_act(s.state) == (0,)

    def test_out_of_turn_is_illegal(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(IllegalAction, match="Ana's turn, not Cy's"):
            s.play(dd_guess("Cy", dd_number(1, 4)))

    def test_the_liar_cannot_challenge_the_opening(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(IllegalAction, match="no guess to challenge"):
            s.play(dd_challenge("Ana"))
        assert not RULES.choices(s.state).challenge

    def test_with_nothing_higher_left_only_the_challenge(self):
        s = deceptidice(players=FOUR, actions=[dd_guess("Ana", dd_number(48, 4))])
        menu = RULES.choices(s.state)
        assert menu.challenge and not menu.guesses.any
        assert "can only challenge" in s.verdicts[-1].details[-1]


class TestGuess:
    ruling = "DD-GUESS"

    def test_at_least_count_is_true(self):
        s, v = judged(dd_colour(3, "G"), ["R1", "R2", "R3"])
        assert v.headline == "Bo loses: there are 3 Green cards, so the guess holds"
        assert s.state.round.loser == 1

    def test_one_short_is_false(self):
        _, v = judged(dd_colour(4, "G"), ["R1", "R2", "R3"])
        assert v.headline == "Ana loses: there are only 3 Green cards, fewer than the 4 guessed"
        assert "DD-GUESS" in v.rulings and v.decisive

    def test_every_die_counts_not_only_the_guessers(self):
        _, v = judged(dd_number(4, 3), ["R3", "B3", "R5"])
        assert v.headline == "Bo loses: there are 4 cards with a 3, so the guess holds"


class TestLessThan:
    ruling = "DD-LESS-THAN"

    def test_strictly_less(self):
        # Tops below 3: Ana R1 R2, Bo G1 G2, Cy Y1 Y2: 6; the 3s do not count.
        _, v = judged(dd_number(7, 3, less_than=True), ["R1", "R2", "R3"])
        assert v.headline == "Ana loses: there are only 6 cards below 3, fewer than the 7 guessed"
        assert "DD-LESS-THAN" in v.rulings

    def test_less_than_1_can_never_be_true(self):
        s = deceptidice(players=FOUR)
        v = s.play(dd_guess("Ana", dd_number(1, 1, less_than=True)))
        assert "never be true" in v.headline
        assert "no card has a number less than 1" in " ".join(v.details)


class TestWithout:
    ruling = "DD-WITHOUT"

    def test_every_other_colour(self):
        # Not Blue: Ana's R1 R2, Bo's three Greens, Cy's three Yellows; Ana's B3 is out.
        _, v = judged(dd_colour(9, "B", without=True), ["R1", "R2", "B3"])
        assert (
            v.headline == "Ana loses: there are only 8 cards without Blue, fewer than the 9 guessed"
        )
        assert "DD-WITHOUT" in v.rulings


class TestModifiers:
    ruling = "DD-MODIFIERS"

    def test_less_than_only_with_a_number(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(InvalidAction):
            s.play(dd_guess("Ana", {**dd_colour(2, "R"), "less_than": True}))
        with pytest.raises(InvalidAction):
            s.play(dd_guess("Ana", {**dd_number(2, 3), "without": True}))

    def test_straights_and_vague_take_none(self):
        s = deceptidice(players=FOUR, straights=True, vague=True)
        with pytest.raises(InvalidAction):
            s.play(dd_guess("Ana", {**dd_straight(2, 3), "less_than": True}))
        with pytest.raises(InvalidAction):
            s.play(dd_guess("Ana", {**dd_vague(2, "colour"), "without": True}))


class TestIntro:
    ruling = "DD-INTRO"

    def test_no_modifiers_in_the_introductory_game(self):
        s = deceptidice(players=FOUR, introductory=True)
        with pytest.raises(IllegalAction, match="no modifiers"):
            s.play(dd_guess("Ana", dd_number(2, 3, less_than=True)))
        assert not RULES.choices(s.state).guesses.modifiers
        s.play(dd_guess("Ana", dd_number(2, 3)))


class TestCount:
    ruling = "DD-COUNT"

    def test_count_0_is_refused(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(InvalidAction, match="0 cards is no guess"):
            s.play(dd_guess("Ana", dd_number(0, 3)))
        assert s.state.round.ladder == ()

    @pytest.mark.parametrize(
        "form,why",
        [
            (dd_colour(13, "R"), "only 12 dice are on the table"),
            (dd_straight(7, 3), "a run has at most 6 numbers"),
            (dd_number(9, 3), "8 cards of each number"),
        ],
    )
    def test_never_true_is_accepted_with_a_warning(self, form, why):
        s = deceptidice(players=FOUR, straights=True)
        v = s.play(dd_guess("Ana", form))
        assert v.headline.endswith("(it can never be true)")
        assert why in " ".join(v.details)
        assert "DD-COUNT" in v.rulings

    def test_wildcards_make_a_9th_four_possible(self):
        s = deceptidice(players=FOUR, wildcards=True)
        v = s.play(dd_guess("Ana", dd_number(9, 3)))
        assert "never" not in v.headline


class TestCountCap:
    ruling = "DD-COUNT-CAP"

    def test_up_to_48(self):
        s = deceptidice(players=FOUR)
        s.play(dd_guess("Ana", dd_number(48, 3)))
        with pytest.raises(InvalidAction):
            deceptidice(players=FOUR).play(dd_guess("Ana", dd_number(49, 3)))

    def test_a_vague_guess_can_double_24(self):
        s = deceptidice(players=FOUR, vague=True, actions=[dd_guess("Ana", dd_number(24, 3))])
        assert RULES.choices(s.state).guesses.vague == 48


class TestHigher:
    ruling = "DD-HIGHER"

    def test_count_must_rise(self):
        s = deceptidice(players=FOUR, actions=[dd_guess("Ana", dd_number(3, 2))])
        with pytest.raises(IllegalAction, match="3 is not higher than 3"):
            s.play(dd_guess("Bo", dd_colour(3, "R")))
        v = s.play(dd_guess("Bo", dd_colour(4, "R", without=True)))
        assert "DD-HIGHER" in v.rulings

    def test_menu_offers_only_higher(self):
        s = deceptidice(players=FOUR, actions=[dd_guess("Ana", dd_number(3, 2))])
        assert RULES.choices(s.state).guesses.specific == 4


class TestStraight:
    ruling = "DD-STRAIGHT"

    def test_higher_by_count_or_element(self):
        s = deceptidice(players=FOUR, straights=True, actions=[dd_guess("Ana", dd_number(3, 2))])
        with pytest.raises(IllegalAction, match="neither is"):
            s.play(dd_guess("Bo", dd_straight(3, 3)))
        s.play(dd_guess("Bo", dd_straight(2, 4)))  # ELEMENT 4 > 3

    def test_run_with_the_element(self):
        # 1-2-3 and 4-5-6 are on the table: a run of 6 including 4.
        _, v = judged(dd_straight(6, 4), ["R1", "R2", "R3"], straights=True)
        assert v.headline.startswith("Bo loses: there is a run of 6 including 4 (1-2-3-4-5-6)")

    def test_a_gap_breaks_the_run(self):
        others = dict(Bo=["G1", "G1", "G2"], Cy=["Y1", "Y2", "Y2"], Di=["B4", "B5", "B6"])
        _, v = judged(dd_straight(4, 2), ["R1", "R2", "R5"], others=others, straights=True)
        assert (
            v.headline
            == "Ana loses: there is only a run of 2 including 2 (1-2), fewer than the 4 guessed"
        )

    def test_off_by_default(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(IllegalAction, match="Straights are a variant"):
            s.play(dd_guess("Ana", dd_straight(2, 3)))


class TestVague:
    ruling = "DD-VAGUE"

    def test_rulebook_example_3_with_a_2_then_6_of_the_same_number(self):
        s = deceptidice(players=FOUR, vague=True, actions=[dd_guess("Ana", dd_number(3, 2))])
        with pytest.raises(IllegalAction, match="2 × 3 = 6"):
            s.play(dd_guess("Bo", dd_vague(5, "number")))
        v = s.play(dd_guess("Bo", dd_vague(6, "number")))
        assert "DD-VAGUE" in v.rulings

    def test_rulebook_example_6_vague_then_4_with_a_2(self):
        s = deceptidice(players=FOUR, vague=True, actions=[dd_guess("Ana", dd_vague(6, "number"))])
        with pytest.raises(IllegalAction, match="more than half"):
            s.play(dd_guess("Bo", dd_number(3, 2)))
        s.play(dd_guess("Bo", dd_number(4, 2)))

    def test_vague_after_vague_just_higher(self):
        s = deceptidice(players=FOUR, vague=True, actions=[dd_guess("Ana", dd_vague(3, "colour"))])
        assert RULES.choices(s.state).guesses.vague == 4

    def test_true_by_the_most_frequent(self):
        # Green x3 (Bo), Yellow x3 (Cy), Blue x3 (Di) + Ana's Red 1, Red 2, Blue 3: Blue x4.
        _, v = judged(dd_vague(4, "colour"), ["R1", "R2", "B3"], vague=True)
        assert v.headline == "Bo loses: there are 4 of the same colour (Blue), so the guess holds"


class TestStraightVague:
    ruling = "DD-STRAIGHT-VAGUE"

    def test_vague_after_a_straight_doubles(self):
        s = deceptidice(
            players=FOUR, straights=True, vague=True, actions=[dd_guess("Ana", dd_straight(3, 2))]
        )
        assert RULES.choices(s.state).guesses.vague == 6
        v = s.play(dd_guess("Bo", dd_vague(6, "number")))
        assert "DD-STRAIGHT-VAGUE" in v.rulings

    def test_straight_after_vague_by_half(self):
        s = deceptidice(
            players=FOUR,
            straights=True,
            vague=True,
            actions=[dd_guess("Ana", dd_vague(6, "number"))],
        )
        with pytest.raises(IllegalAction):
            s.play(dd_guess("Bo", dd_straight(3, 3)))  # neither 3 nor 3 is more than 3
        s.play(dd_guess("Bo", dd_straight(2, 4)))  # ELEMENT 4 > 3


class TestWild:
    ruling = "DD-WILD"

    def test_a_wildcard_counts_for_the_guess(self):
        _, v = judged(dd_colour(4, "G"), ["W", "R2", "R3"], wildcards=True)
        assert v.headline == "Bo loses: there are 4 Green cards, so the guess holds"
        assert "wildcard (as Green) ✓" in " ".join(v.details)
        assert "DD-WILD" in v.rulings

    def test_never_the_excluded_colour(self):
        # Without Red: everything but Ana's Red cards; the wildcard counts as another colour.
        _, v = judged(dd_colour(10, "R", without=True), ["W", "R2", "R3"], wildcards=True)
        assert v.headline == "Bo loses: there are 10 cards without Red, so the guess holds"


class TestWildStands:
    ruling = "DD-WILD-STANDS"

    def test_no_number_below_1_even_for_a_wildcard(self):
        _, v = judged(dd_number(1, 1, less_than=True), ["W", "W", "W"], wildcards=True)
        assert v.headline == "Ana loses: there are no cards below 1, fewer than the 1 guessed"

    def test_runs_end_at_6(self):
        others = dict(Bo=["W", "W", "W"], Cy=["W", "W", "W"], Di=["B1", "B2", "B3"])
        _, v = judged(
            dd_straight(7, 6), ["W", "R4", "R5"], others=others, straights=True, wildcards=True
        )
        assert (
            v.headline == "Ana loses: there is only a run of 6 including 6 (1-2-3-4-5-6), "
            "fewer than the 7 guessed"
        )


class TestPower:
    ruling = "DD-POWER"

    def test_rulebook_example_two_pairs_value_3(self):
        s = deceptidice(
            players=FOUR, power_cards=3, actions=[dd_guess("Ana", dd_claim("numbers", (2, 2), 3))]
        )
        menu = RULES.choices(s.state).guesses
        assert menu.power == 4 and menu.specific == 4
        with pytest.raises(IllegalAction, match="higher value: 3 against 3"):
            s.play(dd_guess("Bo", dd_claim("colours", (2, 1), 3)))
        with pytest.raises(IllegalAction, match="3 against 3"):
            s.play(dd_guess("Bo", dd_number(3, 5)))
        v = s.play(dd_guess("Bo", dd_number(4, 5)))
        assert "DD-POWER" in v.rulings

    def test_after_a_claim_no_element_no_doubling(self):
        s = deceptidice(
            players=FOUR,
            power_cards=3,
            straights=True,
            vague=True,
            actions=[dd_guess("Ana", dd_claim("numbers", (2, 2), 3))],
        )
        menu = RULES.choices(s.state).guesses
        assert menu.vague == 4
        assert dict(menu.straight)[6] == 4


class TestPowerAfter:
    ruling = "DD-POWER-AFTER"

    def test_value_must_beat_the_count(self):
        s = deceptidice(players=FOUR, power_cards=3, actions=[dd_guess("Ana", dd_number(3, 2))])
        with pytest.raises(IllegalAction, match="value higher than the last count"):
            s.play(dd_guess("Bo", dd_claim("numbers", (2, 2), 3)))
        v = s.play(dd_guess("Bo", dd_claim("numbers", (2, 2), 4)))
        assert "DD-POWER-AFTER" in v.rulings


class TestPowerAlways:
    ruling = "DD-POWER-ALWAYS"

    def test_house_option(self):
        s = deceptidice(
            players=FOUR,
            power_cards=3,
            power_always=True,
            actions=[dd_guess("Ana", dd_number(9, 2))],
        )
        v = s.play(dd_guess("Bo", dd_claim("numbers", (2, 2), 1)))
        assert "DD-POWER-ALWAYS" in v.rulings


class TestPowerHonest:
    ruling = "DD-POWER-HONEST"

    claim = dd_claim("numbers", (2, 2), 3)
    card = dd_power_card("numbers", (2, 2), 3)

    def test_claimant_without_the_card_loses(self):
        # Two pairs are on the table, but Ana never rolled the card.
        _, v = judged(self.claim, ["R1", "R1", "R2"], power_cards=2)
        assert v.headline.startswith(
            "Ana loses: they did not roll the power card two pairs (value 3)"
        )
        assert "DD-POWER-HONEST" in v.rulings

    def test_the_card_on_someone_elses_die_does_not_help(self):
        others = dict(PLAIN, Bo=[self.card, "G2", "G3"])
        _, v = judged(self.claim, ["R1", "R1", "R2"], others=others, power_cards=2)
        assert v.headline.startswith("Ana loses: they did not roll the power card")
        assert "The power card two pairs (value 3) is on Bo's die, not on Ana's." in v.details

    def test_same_combo_other_value_is_not_that_card(self):
        _, v = judged(self.claim, [dd_power_card("numbers", (2, 2), 5), "R1", "R2"], power_cards=2)
        assert v.headline.startswith("Ana loses: they did not roll the power card")

    def test_honest_claim_is_checked_on_the_table(self):
        _, v = judged(self.claim, [self.card, "R1", "R2"], power_cards=2)
        # 1s: R1, G1, Y1; 2s: R2, G2, Y2: two pairs are there.
        assert v.headline == "Bo loses: two pairs is on the table"
        assert "The power card two pairs (value 3) is the top of one of Ana's own dice." in (
            v.details
        )

    def test_honest_claim_can_still_be_false(self):
        card = dd_power_card("numbers", (3, 2), 4)
        # Every number shows at most twice: no three of a kind for the full house.
        others = dict(Bo=["G1", "G2", "G3"], Cy=["Y3", "Y4", "Y5"], Di=["B4", "B5", "B6"])
        _, v = judged(
            dd_claim("numbers", (3, 2), 4), [card, "R1", "R2"], others=others, power_cards=2
        )
        assert v.headline == "Ana loses: a full house is 1 card short"


class TestPowerEntry:
    ruling = "DD-POWER-ENTRY"

    def test_sizes_in_any_order_are_one_card(self):
        assert PowerCard(combo="numbers", sizes=(2, 3), value=5) == PowerCard(
            combo="numbers", sizes=(3, 2), value=5
        )

    @pytest.mark.parametrize(
        "card",
        [
            dd_power_card("run", (7,), 3),
            dd_power_card("run", (2, 2), 3),
            dd_power_card("colours", (1, 1, 1, 1, 1), 3),
            dd_power_card("numbers", (0,), 3),
            dd_power_card("numbers", (2,), 0),
        ],
    )
    def test_shapes_that_no_card_has_are_refused(self, card):
        s = deceptidice(players=FOUR, power_cards=2)
        with pytest.raises(InvalidAction):
            s.play(dd_guess("Ana", {"form": "power", "card": card}))

    def test_wildcards_fill_a_group(self):
        card = dd_power_card("numbers", (3, 2), 4)
        # Pairs of 1, 4, 5 and 6, no three of a kind: the wildcard makes one.
        others = dict(Bo=["G1", "G5", "W"], Cy=["Y2", "Y3", "Y4"], Di=["B4", "B5", "B6"])
        _, v = judged(
            dd_claim("numbers", (3, 2), 4),
            [card, "R1", "R6"],
            others=others,
            power_cards=1,
            wildcards=True,
        )
        assert v.headline == "Bo loses: a full house is on the table"
        assert "wildcard as" in " ".join(v.details)

    def test_wildcards_fill_a_run(self):
        card = dd_power_card("run", (5,), 6)
        others = dict(Bo=["G1", "G2", "W"], Cy=["Y4", "Y6", "Y1"], Di=["B6", "B1", "B2"])
        _, v = judged(
            dd_claim("run", (5,), 6),
            [card, "R1", "R5"],
            others=others,
            power_cards=1,
            wildcards=True,
        )
        assert v.headline == "Bo loses: a run of 5 numbers is on the table"
        assert "wildcard as 3" in " ".join(v.details)


class TestPowerNone:
    ruling = "DD-POWER-NONE"

    def test_a_power_card_is_no_colour_for_without(self):
        card = dd_power_card("numbers", (2, 2), 3)
        # Without Red: 9 non-red number cards among the others; Ana's power card adds none.
        _, v = judged(dd_colour(10, "R", without=True), [card, "R1", "R2"], power_cards=1)
        assert (
            v.headline == "Ana loses: there are only 9 cards without Red, fewer than the 10 guessed"
        )
        assert "DD-POWER-NONE" in v.rulings


class TestPowerUnique:
    ruling = "DD-POWER-UNIQUE"

    def test_the_same_power_card_twice_is_refused(self):
        card = dd_power_card("numbers", (2, 2), 3)
        s = round_to_tops(dd_number(1, 1), power_cards=3)
        with pytest.raises(InvalidAction, match="twice this round; each power card is unique"):
            s.play(
                dd_tops(
                    Ana=[card, "R1", "R2"], Bo=[card, "G2", "G3"], Cy=PLAIN["Cy"], Di=PLAIN["Di"]
                )
            )

    def test_no_more_than_were_shuffled_in(self):
        s = round_to_tops(dd_number(1, 1), power_cards=1)
        with pytest.raises(InvalidAction, match="Only 1 power card was shuffled in"):
            s.play(
                dd_tops(
                    Ana=[dd_power_card("run", (3,), 2), "R1", "R2"],
                    Bo=[dd_power_card("run", (4,), 3), "G2", "G3"],
                    Cy=PLAIN["Cy"],
                    Di=PLAIN["Di"],
                )
            )

    def test_power_cards_need_the_expansion(self):
        s = round_to_tops(dd_number(1, 1))
        with pytest.raises(InvalidAction, match="Power cards are not in this game's deck"):
            s.play(dd_tops(Ana=[dd_power_card("run", (3,), 2), "R1", "R2"], **PLAIN))


class TestTops:
    ruling = "DD-TOPS"

    def test_exactly_one_top_per_die(self):
        s = round_to_tops(dd_number(1, 1))
        with pytest.raises(
            InvalidAction, match="Ana has 3 dice on the table: enter 3 top cards, not 2"
        ):
            s.play(dd_tops(Ana=["R1", "R2"], **PLAIN))

    def test_every_player_enters(self):
        s = round_to_tops(dd_number(1, 1))
        with pytest.raises(InvalidAction, match="Still to enter top cards: Di"):
            s.play(dd_tops(Ana=["R1", "R2", "R3"], Bo=PLAIN["Bo"], Cy=PLAIN["Cy"]))

    def test_refusal_changes_nothing(self):
        s = round_to_tops(dd_number(1, 1))
        before = s.state
        with pytest.raises(InvalidAction):
            s.play(dd_tops(Ana=["R1", "R1", "R1"], **PLAIN))
        assert s.state == before

    def test_wildcards_need_the_expansion(self):
        s = round_to_tops(dd_number(1, 1))
        with pytest.raises(InvalidAction, match="Wildcards are not in this game's deck"):
            s.play(dd_tops(Ana=["W", "R1", "R2"], **PLAIN))


class TestChallenge:
    ruling = "DD-CHALLENGE"

    def test_false_guess_guesser_loses_and_is_next_liar(self):
        s, _ = judged(dd_colour(5, "G"), ["R1", "R2", "R3"])
        assert s.state.round.loser == 0
        assert RULES.choices(s.state).sizes == (3,)
        s.play(dd_discard("Ana", 3))
        assert s.state.cards == (6, 9, 9, 9)
        assert s.state.discarded[0] == (3,)
        assert s.state.round.liar == 0 and RULES.to_act(s.state) == (0,)
        assert s.state.number == 2

    def test_pure_rule(self):
        true = judge(NumberGuess(count=1, number=4), ["R4"], [0], guesser=0)
        false = judge(NumberGuess(count=2, number=4), ["R4"], [0], guesser=0)
        assert loser(true, guesser=0, challenger=1) == 1
        assert loser(false, guesser=0, challenger=1) == 0

    def test_true_guess_challenger_loses(self):
        s, _ = judged(dd_colour(3, "G"), ["R1", "R2", "R3"])
        assert RULES.to_act(s.state) == (1,)
        s.play(dd_discard("Bo", 3))
        assert s.state.round.liar == 1

    def test_only_sizes_the_split_allows(self):
        s = deceptidice(players=("Ana", "Bo"))  # 9 cards in 4 dice: 3, 2, 2, 2
        s.play(dd_guess("Ana", dd_number(1, 1)))
        s.play(dd_challenge("Bo"))
        s.play(dd_tops(Ana=["R1", "R2", "R3", "R4"], Bo=["G1", "G2", "G3", "G4"]))
        assert RULES.choices(s.state).sizes == (2, 3)
        with pytest.raises(IllegalAction, match="holds 4 dice: 3, 2, 2, 2 cards; no die holds 4"):
            s.play(dd_discard("Bo", 4))
        with pytest.raises(IllegalAction, match="Bo lost the round"):
            s.play(dd_discard("Ana", 2))
        s.play(dd_discard("Bo", 2))
        assert s.state.cards == (9, 7)


class TestEnd:
    ruling = "DD-END"

    def test_pure_rule(self):
        assert not game_over((9, 4, 6))
        assert game_over((9, 3, 6))

    def ana_loses_until_the_end(self, **options):
        """Ana guesses 12 Red cards every round and loses; 9 -> 6 -> 4 -> 2 cards."""
        s = deceptidice(players=FOUR, **options)
        while not RULES.is_over(s.state):
            if s.state.phase == "swap":
                s.play(dd_keep("Ana"))
            s.play(dd_guess("Ana", dd_colour(12, "R")))
            s.play(dd_challenge("Bo"))
            s.play(dd_tops(Ana=["R1", "R2", "R3"], **PLAIN))
            s.play(dd_discard("Ana", max(RULES.choices(s.state).sizes)))
        return s

    def test_ends_at_3_cards_or_fewer(self):
        s = self.ana_loses_until_the_end()
        assert s.state.cards == (2, 9, 9, 9)
        assert s.state.discarded[0] == (3, 2, 2)
        assert RULES.is_over(s.state)
        v = s.verdicts[-1]
        assert v.decisive and "DD-END" in v.rulings
        with pytest.raises(GameOver):
            s.play(dd_guess("Ana", dd_number(1, 1)))
        assert RULES.to_act(s.state) == ()
        assert RULES.draw(s.state, random.Random(1)) is None

    def test_no_swap_when_the_discard_ends_the_game(self):
        s = self.ana_loses_until_the_end(swap="draw_pile")
        assert s.state.phase == "over"
        assert [st.state.phase for st in s.steps].count("swap") == 2


class TestRanking:
    ruling = "DD-RANKING"

    def test_equal_counts_share_and_the_next_place_skips(self):
        s = TestEnd().ana_loses_until_the_end()
        out = RULES.outcome(s.state)
        assert out.places == (4, 1, 1, 1)
        assert out.headline == "Bo, Cy and Di share the win with 9 cards"
        assert s.verdicts[-1].headline == out.headline
        assert "4. Ana: 2 cards" in s.verdicts[-1].details

    def test_more_cards_is_better(self):
        s = deceptidice(players=FOUR)
        s.play(dd_guess("Ana", dd_colour(1, "R")))
        s.play(dd_challenge("Bo"))
        s.play(dd_tops(Ana=["R1", "R2", "R3"], **PLAIN))
        s.play(dd_discard("Bo", 3))  # Bo 6
        while not RULES.is_over(s.state):
            s.play(dd_guess("Bo", dd_colour(12, "R")))
            s.play(dd_challenge("Cy"))
            s.play(dd_tops(Ana=["R1", "R2", "R3"], **PLAIN))
            s.play(dd_discard("Bo", max(RULES.choices(s.state).sizes)))
        assert s.state.cards == (9, 2, 9, 9)
        out = RULES.outcome(s.state)
        assert out.places == (1, 4, 1, 1)


class TestRematch:
    ruling = "DD-REMATCH"

    def test_the_loser_of_the_last_round_is_the_first_liar(self):
        s = deceptidice(players=FOUR)  # Ana is the first Liar; Bo loses every round
        s.play(dd_guess("Ana", dd_colour(1, "R")))
        s.play(dd_challenge("Bo"))
        s.play(dd_tops(Ana=["R1", "R2", "R3"], **PLAIN))
        s.play(dd_discard("Bo", 3))
        while not RULES.is_over(s.state):
            s.play(dd_guess("Bo", dd_colour(12, "R")))
            s.play(dd_challenge("Cy"))
            s.play(dd_tops(Ana=["R1", "R2", "R3"], **PLAIN))
            s.play(dd_discard("Bo", max(RULES.choices(s.state).sizes)))
        again = RULES.rematch(s.state)
        assert again.options["first_liar"] == 1
        assert again.note == "First Liar: Bo (the loser of the last round)."
        assert again.rulings == ("DD-REMATCH",) and again.players == FOUR

    def test_before_any_round_is_lost_the_liar_of_this_round_starts(self):
        s = deceptidice(players=FOUR, first_liar=3, straights=True)
        again = RULES.rematch(s.state)
        assert again.options == {**s.options.model_dump(mode="json"), "first_liar": 3}


class TestColours:
    ruling = "DD-COLOURS"

    def test_renamed_colours_in_words(self):
        s = deceptidice(players=FOUR, colour_names="Purple, , Teal")
        v = s.play(dd_guess("Ana", dd_colour(2, "G")))
        assert v.headline == "Ana guesses 2 Teal cards"
        assert colour_names("Purple, , Teal") == {
            "R": "Purple",
            "B": "Blue",
            "G": "Teal",
            "Y": "Yellow",
        }

    @pytest.mark.parametrize("text", ["Blue", "red, RED", "a, b, c, d, e", "3"])
    def test_refused_names(self, text):
        with pytest.raises(InvalidAction, match="Colour names"):
            deceptidice(players=FOUR, colour_names=text)

    def test_records_keep_the_letters(self):
        s = deceptidice(players=FOUR, colour_names="Rouge")
        s.play(dd_guess("Ana", dd_colour(2, "R")))
        assert s.record().actions[0]["guess"]["colour"] == "R"
        assert describe(s.state.round.ladder[0].guess) == "2 Red cards"


class TestOpen:
    ruling = "DD-OPEN"

    def test_open_hands_name_the_swapped_cards(self):
        s, _ = judged(dd_colour(5, "G"), ["R1", "R2", "R3"], swap="draw_pile", open_hands=True)
        s.play(dd_discard("Ana", 3))
        assert RULES.choices(s.state).identities
        with pytest.raises(InvalidAction, match="Hands are open"):
            s.play(dd_swap("Ana"))
        v = s.play(dd_swap("Ana", give="R1", take="B6"))
        assert v.headline == "Ana swaps Red 1 for Blue 6 from the draw pile"
        assert "DD-OPEN" in v.rulings


class TestReveal:
    ruling = "DD-REVEAL"

    def test_reveal_then_guess_and_revealed_dice_keep_their_tops(self):
        s = deceptidice(players=FOUR, reveal_dice=True)
        assert RULES.choices(s.state).reveal
        with pytest.raises(IllegalAction, match="first reveals"):
            s.play(dd_guess("Ana", dd_number(1, 1)))
        s.play(dd_reveal("Ana", "R1"))
        s.play(dd_guess("Ana", dd_number(1, 1)))
        s.play(dd_reveal("Bo", "R1"))
        s.play(dd_guess("Bo", dd_number(2, 1)))
        with pytest.raises(InvalidAction, match="only 2 copies of Red 1"):
            s.play(dd_reveal("Cy", "R1"))
        s.play(dd_challenge("Cy"))
        assert dict(RULES.choices(s.state).tops) == {0: 2, 1: 2, 2: 3, 3: 3}
        v = s.play(dd_tops(Ana=["R2", "R3"], Bo=["G2", "G3"], Cy=PLAIN["Cy"], Di=PLAIN["Di"]))
        assert v.headline == "Cy loses: there are 3 cards with a 1, so the guess holds"
        assert s.state.round.tops[0] == ("R1", "R2", "R3")

    def test_nothing_left_to_reveal(self):
        s = deceptidice(players=("Ana", "Bo"), reveal_dice=True)
        cards = iter(["R1", "R2", "R3", "R4", "G1", "G2", "G3", "G4"])
        count = 1
        for _ in range(4):
            for player in ("Ana", "Bo"):
                s.play(dd_reveal(player, next(cards)))
                s.play(dd_guess(player, dd_number(count, 6)))
                count += 1
        menu = RULES.choices(s.state)
        assert not menu.reveal and menu.guesses is not None
        with pytest.raises(IllegalAction, match="revealed all 4 dice"):
            s.play(dd_reveal("Ana", "Y1"))
        # Every die is face up: the challenge is judged at once, no tops to enter.
        v = s.play(dd_challenge("Ana"))
        assert v.decisive and s.state.phase == "discard"
        assert v.headline == "Bo loses: there are no cards with a 6, fewer than the 8 guessed"


class TestRevealFirst:
    ruling = "DD-REVEAL-FIRST"

    def test_a_challenge_needs_no_reveal(self):
        s = deceptidice(players=FOUR, reveal_dice=True)
        s.play(dd_reveal("Ana", "R1"))
        s.play(dd_guess("Ana", dd_number(1, 1)))
        assert RULES.choices(s.state).reveal
        s.play(dd_challenge("Bo"))
        assert s.state.phase == "tops"

    def test_only_one_reveal_per_turn(self):
        s = deceptidice(players=FOUR, reveal_dice=True)
        s.play(dd_reveal("Ana", "R1"))
        with pytest.raises(IllegalAction, match="already revealed a die this turn"):
            s.play(dd_reveal("Ana", "R2"))

    def test_off_without_the_variant(self):
        s = deceptidice(players=FOUR)
        with pytest.raises(IllegalAction, match="reveal-one-die variant"):
            s.play(dd_reveal("Ana", "R1"))


class TestSwap:
    ruling = "DD-SWAP"

    def test_loser_may_swap_with_the_pile_or_keep(self):
        s, _ = judged(dd_colour(5, "G"), ["R1", "R2", "R3"], swap="draw_pile")
        s.play(dd_discard("Ana", 3))
        assert s.state.phase == "swap" and RULES.to_act(s.state) == (0,)
        with pytest.raises(InvalidAction, match="Hands are closed"):
            s.play(dd_swap("Ana", give="R1", take="B1"))
        with pytest.raises(IllegalAction, match="Ana lost the round"):
            s.play(dd_swap("Bo"))
        v = s.play(dd_swap("Ana"))
        assert v.headline == "Ana swaps a card with the draw pile"
        assert s.state.cards == (6, 9, 9, 9) and s.state.draw_pile == 12
        assert s.state.phase == "guessing"

    def test_no_swap_with_an_empty_draw_pile(self):
        players = [f"P{i}" for i in range(8)]  # 8 x 6 = 48: nothing left
        s = deceptidice(players=players, swap="draw_pile")
        assert s.state.draw_pile == 0
        s.play(dd_guess("P0", dd_number(24, 1)))
        s.play(dd_challenge("P1"))
        cards = iter(NUMBER_CARDS)
        s.play(dd_tops(**{p: [next(cards) for _ in range(3)] for p in players}))
        v = s.play(dd_discard("P0", 2))
        assert s.state.phase == "guessing"
        assert "draw pile is empty" in " ".join(v.details)

    def test_keeping_the_cards(self):
        s, _ = judged(dd_colour(5, "G"), ["R1", "R2", "R3"], swap="draw_pile")
        s.play(dd_discard("Ana", 3))
        v = s.play(dd_keep("Ana"))
        assert v.headline == "Ana keeps their cards" and s.state.phase == "guessing"


class TestSwapPlayer:
    ruling = "DD-SWAP-PLAYER"

    def test_swap_with_a_named_player(self):
        s, _ = judged(dd_colour(5, "G"), ["R1", "R2", "R3"], swap="another_player")
        s.play(dd_discard("Ana", 3))
        with pytest.raises(IllegalAction, match="say with whom"):
            s.play(dd_swap("Ana"))
        with pytest.raises(IllegalAction, match="cannot swap with themself"):
            s.play(dd_swap("Ana", partner="Ana"))
        v = s.play(dd_swap("Ana", partner="Cy"))
        assert v.headline == "Ana swaps a card with Cy"
        assert s.state.cards == (6, 9, 9, 9)


class TestEveryRulingIsTested:
    def test_one_class_per_ruling(self):
        tested = {
            cls.ruling
            for cls in globals().values()
            if isinstance(cls, type) and hasattr(cls, "ruling")
        }
        assert tested == {r.id for r in RULES.rulings}
