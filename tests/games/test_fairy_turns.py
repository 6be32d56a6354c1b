"""A Fairy turn read whole: the opening card, the guesses locked in, and the reveal with
each guess scored, under suits by hand as well as by numbers, and at the floor. Held line
by line because one-token changes to rules.py and scoring.py went unseen by the other tests
(tools/mutate.py)."""

import pytest

from referee.core.errors import IllegalAction
from referee.games.fairy.model import Turn
from referee.games.fairy.scoring import GUESSES, reveal_headline
from tests.games.test_fairy_rulings import (
    BY_HAND,  # suits A, B, C: 1 4 7 ..., 2 5 8 ..., 3 6 9 ...
    third_fairy_tie,
)
from tests.helpers import fairy, guess, opening, turn_up


class TestFySuitsHand:
    ruling = "FY-SUITS-HAND"

    def test_a_turn_under_suits_by_hand_is_said_in_those_suits(self):
        s = fairy(suits="by_hand", suit_cards=BY_HAND)
        v = s.play(opening(1))
        assert v.headline == "The opening card is 1"
        assert v.details == (
            "1 (suit A) starts the discard pile; the first turn compares the next card with it.",
            "20 cards left · fairies seen: 0 of 3.",
        )
        assert v.rulings == ("FY-OPENING", "FY-DECK", "FY-SUITS-HAND")
        v = s.play(guess(Ana="same_suit", Bo="higher", Cy="lower"))
        assert v.headline == "Turn 1: 3 guesses locked in"
        assert v.details == (
            "Higher: Bo.",
            "Lower: Cy.",
            "Same suit: Ana.",
            "Against the top card 1 (suit A).",
        )
        assert v.rulings == ("FY-GUESS",)
        v = s.play(turn_up(4))
        assert v.headline == "4 is higher than 1, same suit and a fairy: Ana and Bo were right"
        assert v.details == (
            "Pile top 1 (suit A); turned up 4 (suit A, fairy).",
            "4 is higher than 1, the same suit and a fairy.",
            "Higher, right +2: Bo.",
            "Lower, wrong −1: Cy.",
            "Same suit, right +4: Ana.",
            "19 cards left · fairies seen: 1 of 3.",
        )
        assert v.rulings == ("FY-SCORE", "FY-SUITS-HAND")
        assert s.state.turns == 1

    def test_the_next_number_is_another_suit_when_the_table_says_so(self):
        s = fairy(
            suits="by_hand",
            suit_cards=BY_HAND,
            actions=[opening(1), guess(Ana="same_suit", Bo="higher", Cy="lower")],
        )
        v = s.play(turn_up(2))
        assert v.headline == "2 is higher than 1: Bo was right"
        assert v.details[:2] == (
            "Pile top 1 (suit A); turned up 2 (suit B).",
            "2 is higher than 1, another suit and no fairy.",
        )
        assert "Same suit, wrong −1: Ana." in v.details
        assert s.state.scores == (-1, 2, -1)

    def test_the_pile_top_is_in_the_table_s_suit_too(self):
        s = fairy(
            suits="by_hand",
            suit_cards=BY_HAND,
            actions=[opening(10), guess(Ana="same_suit", Bo="higher", Cy="lower")],
        )
        v = s.play(turn_up(13))  # 10 and 13 are both suit A here, not 8-14 and 8-14 by number
        assert v.headline == "13 is higher than 10 and same suit: Ana and Bo were right"
        assert v.details[:2] == (
            "Pile top 10 (suit A); turned up 13 (suit A).",
            "13 is higher than 10, the same suit and no fairy.",
        )
        assert s.state.scores == (4, 2, -1)


class TestFyScore:
    ruling = "FY-SCORE"

    def test_lower_and_same_suit_under_the_usual_suits(self):
        s = fairy(actions=[opening(7), guess(Ana="higher", Bo="higher", Cy="same_suit")])
        v = s.play(turn_up(3))
        assert v.headline == "3 is lower than 7 and same suit: Cy was right"
        assert v.details == (
            "Pile top 7 (suit 1-7); turned up 3 (suit 1-7).",
            "3 is lower than 7, the same suit and no fairy.",
            "Higher, wrong −1: Ana and Bo.",
            "Same suit, right +4: Cy.",
            "19 cards left · fairies seen: 0 of 3.",
        )
        assert v.rulings == ("FY-SCORE", "FY-SUITS")

    def test_everyone_right_and_nobody_right_are_said(self):
        s = fairy(actions=[opening(7), guess(Ana="lower", Bo="lower", Cy="lower")])
        assert s.play(turn_up(3)).headline == (
            "3 is lower than 7 and same suit: everyone was right"
        )
        s = fairy(actions=[opening(7), guess(Ana="higher", Bo="higher", Cy="higher")])
        assert s.play(turn_up(3)).headline == "3 is lower than 7 and same suit: nobody was right"


class TestFyFloor:
    ruling = "FY-FLOOR"

    def test_two_at_the_floor_lose_nothing_and_are_named_together(self):
        s = fairy(actions=[opening(7)])
        rules = s.rules
        state = s.state.model_copy(update=dict(scores=(-4, -4, 0)))
        for action in (guess(Ana="higher", Bo="higher", Cy="lower"), turn_up(3)):
            state, v = rules.apply(state, rules.parse_action(action))
        assert state.scores == (-4, -4, 2)
        assert "Floor at −4: Ana and Bo were at −4 and lost nothing." in v.details
        assert v.rulings == ("FY-SCORE", "FY-FLOOR")


class TestFyHeadline:
    ruling = "FY-SCORE"

    def test_the_headline_says_who_was_right_for_one_guess_or_many(self):
        assert (
            reveal_headline(7, 3, [], 1) == "3 is lower than 7 and same suit: the guess was wrong"
        )
        assert reveal_headline(7, 3, ["Ana"], 1) == "3 is lower than 7 and same suit: Ana was right"
        assert reveal_headline(7, 3, [], 2) == "3 is lower than 7 and same suit: nobody was right"
        assert reveal_headline(7, 3, ["Ana", "Bo"], 2) == (
            "3 is lower than 7 and same suit: everyone was right"
        )
        assert reveal_headline(7, 3, ["Ana"], 2) == "3 is lower than 7 and same suit: Ana was right"


class TestFyPlayoffGuesses:
    ruling = "FY-PLAYOFF"

    def test_guesses_in_a_play_off_are_only_the_tied_and_cite_the_play_off(self):
        s = fairy(actions=[opening(7)])
        rules, state = s.rules, s.state.model_copy(update=dict(scores=(22, 22, 0)))
        for action in (guess(Ana="higher", Bo="higher", Cy="lower"), turn_up(19)):
            state, _ = rules.apply(state, rules.parse_action(action))
        state, v = rules.apply(state, rules.parse_action(guess(Ana="higher", Bo="lower")))
        assert v.headline == "Turn 2: 2 guesses locked in"
        assert v.details == ("Higher: Ana.", "Lower: Bo.", "Against the top card 19 (suit 15-21).")
        assert v.rulings == ("FY-GUESS", "FY-PLAYOFF")

    def test_one_out_of_the_play_off_is_offered_no_guess(self):
        s = fairy(actions=third_fairy_tie())
        assert s.rules.pick_options(s.state, 0) == GUESSES
        assert s.rules.pick_options(s.state, 2) == ()

    def test_a_guess_from_one_out_of_the_play_off_names_who_guesses(self):
        s = fairy(actions=third_fairy_tie())
        with pytest.raises(IllegalAction) as refused:
            s.play(guess(Ana="lower", Bo="higher", Cy="lower"))
        assert refused.value.reason == "Cy is out of the play-off: only Ana and Bo guess."


class TestFyCatchLate:
    ruling = "FY-CATCH-LATE"

    def test_after_the_last_fairy_only_a_catch_is_warned(self):
        s = fairy(actions=third_fairy_tie())
        v = s.play(guess(Ana="lower", Bo="higher"))
        assert v.details == (
            "Higher: Bo.",
            "Lower: Ana.",
            "Against the top card 18 (suit 15-21, fairy).",
        )
        assert v.rulings == ("FY-GUESS", "FY-PLAYOFF")


class TestFyTurn:
    ruling = "FY-GUESS"

    def test_the_card_pad_compares_the_next_card_with_the_pile_top(self):
        s = fairy(actions=[opening(9), guess(Ana="higher", Bo="higher", Cy="higher")])
        assert s.rules.choices(s.state).top == 9

    def test_each_turn_starts_with_no_guesses_locked_in(self):
        s = fairy(actions=[opening(9), guess(Ana="higher", Bo="lower", Cy="catch")])
        assert s.state.turn.guesses == ((0, "higher"), (1, "lower"), (2, "catch"))
        s.play(turn_up(3))
        assert (s.state.phase, s.state.turn) == ("guess", Turn())
