"""Fairy's endings read whole: exactly 24 (or 15) ends the game, points past 24 are said,
the deck running out, a tie at 24 going to a play-off, and the play-off's end. Held line by
line because one-token changes to ending.py went unseen by the other tests
(tools/mutate.py)."""

from fractions import Fraction

from referee.games.fairy.odds import decimal, percent, points
from tests.helpers import fairy, fairy_turn, opening

THREE = ("Ana", "Bo", "Cy")
FOUR = ("Ana", "Bo", "Cy", "Dee")


def after(state, rules, *actions):
    verdict = None
    for action in actions:
        state, verdict = rules.apply(state, rules.parse_action(action))
    return state, verdict


def table(players=("Ana", "Bo"), variant="fairies", **change):
    s = fairy(players=players, variant=variant, actions=[opening(7)])
    return s.rules, s.state.model_copy(update=change)


class TestFyEnd24:
    ruling = "FY-END-24"

    def test_reaching_exactly_24_ends_the_game(self):
        rules, state = table(scores=(22, 0))
        state, v = after(state, rules, *fairy_turn(19, Ana="higher", Bo="lower"))
        assert (state.phase, state.winners, state.scores) == ("over", (0,), (24, -1))
        assert v.headline == "Ana wins with 24 points"
        assert v.details[-1] == "Reaching 24 ended the game; Ana has the highest score, 24."
        assert v.rulings == ("FY-SCORE", "FY-END-24")

    def test_points_past_24_are_kept_and_cited(self):
        rules, state = table(scores=(23, 0))
        state, v = after(state, rules, *fairy_turn(19, Ana="higher", Bo="lower"))
        assert v.details[-1] == "Reaching 24 ended the game; Ana has the highest score, 25."
        assert v.rulings == ("FY-SCORE", "FY-END-24", "FY-ABOVE-24")
        assert rules.outcome(state).decided == ("25 points", "−1 point")


class TestFyEnd15:
    ruling = "FY-END-15"

    def test_reaching_exactly_15_ends_the_variant(self):
        rules, state = table(variant="fifteen", scores=(13, 0))
        state, v = after(state, rules, *fairy_turn(19, Ana="higher", Bo="lower"))
        assert (state.phase, state.winners) == ("over", (0,))
        assert v.details[-2:] == (
            "19 cards left · fairies seen: 0 of 3 (they do not end this game).",
            "Reaching 15 ended the game; Ana has the highest score, 15.",
        )
        assert v.rulings == ("FY-SCORE", "FY-END-15")


class TestFy15DeckOut:
    ruling = "FY-15-DECK-OUT"

    def deck_out(self, scores):
        pile = (7, *(c for c in range(1, 22) if c not in (7, 21)))
        rules, state = table(THREE, "fifteen", pile=pile, turns=len(pile) - 1, scores=scores)
        return after(state, rules, *fairy_turn(21, Ana="higher", Bo="higher", Cy="lower"))

    def test_the_highest_score_wins_when_the_deck_runs_out(self):
        state, v = self.deck_out((10, 8, 1))
        assert (state.phase, state.winners) == ("over", (0,))
        assert v.headline == "Ana wins with 12 points"
        assert v.details[-1] == (
            "The deck ran out before anyone reached 15; Ana has the highest score, 12."
        )
        assert v.rulings == ("FY-SCORE", "FY-15-DECK-OUT")

    def test_two_with_the_highest_score_share_the_win(self):
        state, v = self.deck_out((10, 10, 1))
        assert state.winners == (0, 1)
        assert v.headline == "Ana and Bo share the win with 12 points"
        assert v.details[-1] == (
            "The deck ran out before anyone reached 15; Ana and Bo have the highest score, 12."
        )


class TestFyPlayoff:
    ruling = "FY-PLAYOFF"

    def test_a_tie_at_24_plays_off_and_the_first_one_ahead_wins(self):
        rules, state = table(THREE, scores=(22, 22, 0))
        state, v = after(state, rules, *fairy_turn(19, Ana="higher", Bo="higher", Cy="lower"))
        assert (state.phase, state.playoff, state.playing) == ("guess", True, (0, 1))
        assert v.headline == "Ana and Bo tie at 24 and play off"
        assert v.details[-2:] == (
            "Reaching 24 ends the game with Ana and Bo tied at 24: only they guess from now on, "
            "and the first one ahead after a turn wins.",
            "Out of the play-off, scores stand: Cy.",
        )
        assert v.rulings == ("FY-SCORE", "FY-END-24", "FY-PLAYOFF")
        won, v = after(state, rules, *fairy_turn(20, Ana="higher", Bo="lower"))
        assert (won.phase, won.winners) == ("over", (0,))
        assert v.details[-1] == "Ana won the play-off after reaching 24: 26 against Bo 23."
        assert v.rulings == (
            "FY-SCORE",
            "FY-PLAYOFF",
            "FY-END-24",
            "FY-PLAYOFF-AHEAD",
            "FY-ABOVE-24",
        )
        assert rules.outcome(won).decided == (
            "26 points, won the play-off",
            "23 points",
            "−1 point",
        )
        tied, v = after(state, rules, *fairy_turn(20, Ana="higher", Bo="higher"))
        assert tied.playing == (0, 1)
        assert v.headline == "Ana and Bo still tied at 26: the play-off goes on"
        assert v.details[-2] == "Still tied at 26: Ana and Bo play on."
        assert v.rulings == ("FY-SCORE", "FY-PLAYOFF", "FY-END-24")

    def test_one_who_falls_behind_in_the_play_off_drops_out(self):
        rules, state = table(THREE, scores=(22, 22, 22))
        state, _ = after(state, rules, *fairy_turn(19, Ana="higher", Bo="higher", Cy="higher"))
        state, v = after(state, rules, *fairy_turn(20, Ana="higher", Bo="higher", Cy="lower"))
        assert state.playing == (0, 1)
        assert (
            v.details[-2] == "Still tied at 26: Ana and Bo play on. Cy fell behind and drops out."
        )

    def test_the_play_off_keeps_what_ended_the_game_not_the_play_off(self):
        rules, state = table(scores=(22, 22))
        state, _ = after(state, rules, *fairy_turn(19, Ana="higher", Bo="higher"))
        tied, _ = after(state, rules, *fairy_turn(20, Ana="higher", Bo="higher"))
        assert (tied.playoff, tied.trigger, tied.trigger_rulings) == (
            True,
            "reaching 24",
            ("FY-END-24",),
        )

    def test_two_who_fall_behind_in_the_play_off_drop_out_together(self):
        rules, state = table(FOUR, scores=(22, 22, 22, 22))
        everyone = dict.fromkeys(FOUR, "higher")
        state, _ = after(state, rules, *fairy_turn(19, **everyone))
        state, v = after(
            state, rules, *fairy_turn(20, Ana="higher", Bo="higher", Cy="lower", Dee="lower")
        )
        assert state.playing == (0, 1)
        assert v.details[-2] == (
            "Still tied at 26: Ana and Bo play on. Cy and Dee fell behind and drop out."
        )


class TestFyDeckOut:
    ruling = "FY-DECK-OUT"

    def test_a_tie_the_last_card_leaves_is_shared_and_said_with_its_score(self):
        pile = (*(c for c in range(2, 22) if c != 18), 1)
        rules, state = table(pile=pile, turns=len(pile) - 1, scores=(5, 5))
        state, v = after(state, rules, *fairy_turn(18, Ana="higher", Bo="higher"))
        assert (state.phase, state.winners, state.cards_left) == ("over", (0, 1), 0)
        assert v.details[-1] == (
            "The third fairy (18) left Ana and Bo tied at 7, and no card is left to break the tie."
        )
        assert v.rulings == ("FY-SCORE", "FY-END-FAIRY", "FY-DECK-OUT")


class TestFyOddsWords:
    ruling = "FY-MEMORY-AID"

    def test_a_chance_is_rounded_half_up_to_a_whole_percent(self):
        assert percent(Fraction(63, 500)) == "13%"  # 12.6%
        assert percent(Fraction(1, 8)) == "13%"  # 12.5%
        assert percent(Fraction(31, 250)) == "12%"  # 12.4%

    def test_points_carry_their_sign(self):
        assert points(Fraction(0)) == "+0.00"
        assert points(Fraction(-1, 2)) == "−0.50"
        assert decimal(Fraction(-1, 2)) == "-0.50"
        assert decimal(Fraction(1, 2)) == "0.50"
