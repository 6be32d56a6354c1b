"""The menu of a Deceptidice table agrees with what the rules accept, at the edges the other
tests left open: a die to reveal before any guess, the swap's card kinds and the draw pile,
a move out of its phase or out of turn (said in one sentence), a guess's verdict and its
rulings, a full table whose draw pile is empty. Held here because one-token changes to
rules.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.errors import IllegalAction
from referee.games.deceptidice import RULES
from tests.games.test_deceptidice_swap import ana_discarded, challenged_state
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
    dd_swap,
    dd_vague,
    deceptidice,
)


def offered(state, action) -> bool:
    return RULES.offers(state, RULES.parse_action(action))


class TestRevealFirst:
    ruling = "DD-REVEAL-FIRST"

    def test_a_die_is_revealed_before_any_guess_and_only_a_card_the_table_plays(self):
        state = deceptidice(players=("Ana", "Bo"), reveal_dice=True).state
        menu = RULES.choices(state)
        assert menu.reveal and menu.guesses is None
        assert not offered(state, dd_guess("Ana", dd_number(1, 2)))
        assert not offered(state, dd_reveal("Ana", "W"))  # no wildcards at this table
        assert offered(state, dd_reveal("Ana", "R1"))
        assert not offered(state, dd_reveal("Bo", "R1"))  # not Bo's turn


class TestSwapMenu:
    ruling = "DD-OPEN"

    @pytest.mark.parametrize(
        ("options", "give"),
        [
            (dict(wildcards=True), "W"),
            (dict(power_cards=1), dd_power_card("numbers", (2,), 2)),
        ],
    )
    def test_an_open_swap_may_give_any_card_the_deck_holds(self, options, give):
        s, _ = ana_discarded(swap="another_player", open_hands=True, **options)
        action = dd_swap("Ana", partner="Cy", give=give, take="R1")
        assert offered(s.state, action)
        s.play(action)

    def test_an_open_swap_cannot_give_a_card_the_deck_does_not_hold(self):
        s, _ = ana_discarded(swap="another_player", open_hands=True)
        give = dd_power_card("numbers", (2,), 2)
        assert not offered(s.state, dd_swap("Ana", partner="Cy", give=give, take="R1"))
        assert not offered(s.state, dd_swap("Ana", partner="Cy", give="W", take="R1"))

    def test_the_draw_pile_is_offered_while_it_holds_a_card(self):
        s, _ = ana_discarded(swap="draw_pile")
        for pile, offer in ((1, True), (0, False)):
            assert RULES.choices(s.state.model_copy(update=dict(draw_pile=pile))).swap_pile is offer


class TestTurn:
    ruling = "DD-TURN"

    def test_only_the_loser_discards_and_swaps_and_each_is_said(self):
        _, state = challenged_state()
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(state, RULES.parse_action(dd_discard("Bo", 3)))
        assert refused.value.reason == "Ana lost the round and discards a die, not Bo."
        s, _ = ana_discarded(swap="another_player")
        with pytest.raises(IllegalAction) as refused:
            s.play(dd_keep("Bo"))
        assert refused.value.reason == "Ana lost the round and may swap a card, not Bo."

    def test_nothing_is_offered_out_of_its_phase_or_after_the_end(self):
        _, state = challenged_state()
        assert not offered(state, dd_guess("Ana", dd_number(5, 2)))
        assert not offered(state, dd_challenge("Ana"))
        over = state.model_copy(update=dict(phase="over", cards=(3, 9, 9), winners=(1, 2)))
        assert not offered(over, dd_discard("Ana", 3))

    def test_a_guess_says_who_guesses_next_and_the_rulings_of_its_modifier(self):
        s = deceptidice(players=("Ana", "Bo", "Cy"))
        v = s.play(dd_guess("Ana", dd_number(2, 3, less_than=True)))
        assert v.details == (
            "Ana is the Liar and opens the round: any guess will do.",
            "Bo guesses higher or challenges.",
        )
        assert v.rulings == ("DD-HIGHER", "DD-TURN", "DD-MODIFIERS", "DD-LESS-THAN")
        v = s.play(dd_guess("Bo", dd_colour(3, "R", without=True)))
        assert v.details == (
            "The count must be higher than the last guess's: 3 > 2.",
            "Cy guesses higher or challenges.",
        )
        assert v.rulings == ("DD-HIGHER", "DD-TURN", "DD-MODIFIERS", "DD-WITHOUT")

    @pytest.mark.parametrize(
        ("form", "reason"),
        [
            (dd_vague(2, "number"), "Vague guesses are a variant this table does not play."),
            (
                dd_claim("numbers", (2,), 2),
                "Power claims need the power cards expansion, which this table does not play.",
            ),
        ],
    )
    def test_a_guess_of_a_variant_not_played_is_refused_in_one_sentence(self, form, reason):
        s = deceptidice(players=("Ana", "Bo", "Cy"))
        with pytest.raises(IllegalAction) as refused:
            s.play(dd_guess("Ana", form))
        assert refused.value.reason == reason

    def test_a_challenge_with_nothing_revealed_says_the_dice_in_the_tables_colours(self):
        s = deceptidice(
            players=("Ana", "Bo"),
            colour_names="Rouge",
            actions=[dd_guess("Ana", dd_colour(2, "R"))],
        )
        assert s.play(dd_challenge("Bo")).details == (
            "Ana guessed 2 Rouge cards.",
            "Turn every die face up and enter its top card: 8 dice.",
        )


class TestMaterial:
    ruling = "DD-MATERIAL"

    def test_a_full_table_of_eight_leaves_an_empty_draw_pile_and_that_is_whole(self):
        state = deceptidice(players=tuple("ABCDEFGH")).state
        assert state.draw_pile == 0
        assert RULES.audit(state) == []
