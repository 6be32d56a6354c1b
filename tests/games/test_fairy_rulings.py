"""One test class per Fairy ruling of referee/games/fairy/rulings.py (and the project's own),
named after it."""

import pytest

from referee.core.errors import GameOver, IllegalAction, InvalidAction
from referee.games.fairy import RULES
from referee.games.fairy.deck import (
    CARDS,
    FAIRIES,
    NUMBER_SUITS,
    fairies_text,
    parse_suits,
    suit_of,
)
from referee.games.fairy.scoring import score_guess
from tests.helpers import fairy, fairy_turn, guess, opening, turn_up

FOUR = ("Ana", "Bo", "Cy", "Dee")
EVERY_GUESS = dict(Ana="higher", Bo="lower", Cy="same_suit", Dee="catch")
BY_HAND = "1 4 7 10 13 16 19 / 2 5 8 11 14 17 20 / 3 6 9 12 15 18 21"


def turns(*steps):
    """turns((11, {"Ana": "catch", ...}), ...) -> the actions of those turns."""
    return [a for card, said in steps for a in fairy_turn(card, **said)]


def both(guess_, players=("Ana", "Bo")):
    return dict.fromkeys(players, guess_)


def sentence_ok(reason: str) -> None:
    assert "\n" not in reason and len(reason) <= 200


class TestFyDeck:
    def test_21_cards_each_once_with_fairies_on_4_11_18(self):
        assert len(CARDS) == 21 and set(CARDS) == set(range(1, 22))
        assert sorted(FAIRIES) == [4, 11, 18]
        assert (fairies_text(), fairies_text(", ")) == ("4, 11 and 18", "4, 11, 18")
        assert "FY-DECK" in fairy(actions=[opening(9)]).verdicts[0].rulings

    @pytest.mark.parametrize("card", [0, 22, -3])
    def test_a_card_outside_1_to_21_is_invalid(self, card):
        with pytest.raises(InvalidAction) as refused:
            fairy(actions=[opening(card)])
        sentence_ok(refused.value.reason)

    def test_a_card_seen_earlier_is_refused_in_one_sentence_and_changes_nothing(self):
        s = fairy(actions=[opening(9), *fairy_turn(3, Ana="lower", Bo="lower", Cy="lower")])
        s.play(guess(Ana="higher", Bo="higher", Cy="higher"))
        before = s.state
        with pytest.raises(IllegalAction, match="9 has already been turned up") as refused:
            s.play(turn_up(9))
        sentence_ok(refused.value.reason)
        assert s.state == before

    def test_the_top_card_cannot_be_entered_again(self):
        s = fairy(actions=[opening(9), guess(Ana="higher", Bo="higher", Cy="higher")])
        with pytest.raises(IllegalAction, match="9 is the top card"):
            s.play(turn_up(9))

    def test_the_menu_offers_only_unseen_cards(self):
        s = fairy(actions=[opening(9), *fairy_turn(3, **both("lower", ("Ana", "Bo", "Cy")))])
        s.play(guess(Ana="higher", Bo="higher", Cy="higher"))
        menu = RULES.choices(s.state)
        assert 9 not in menu.cards and 3 not in menu.cards and len(menu.cards) == 19


class TestFySuits:
    def test_suits_follow_the_numbers(self):
        assert [suit_of(c) for c in (1, 7, 8, 14, 15, 21)] == [0, 0, 1, 1, 2, 2]
        assert fairy().state.suits == NUMBER_SUITS

    def test_same_suit_compares_the_pile_top_with_the_new_card(self):
        assert score_guess(7, 1, "same_suit", 0).right
        assert not score_guess(7, 8, "same_suit", 0).right
        s = fairy(actions=[opening(8), *fairy_turn(14, Ana="same_suit", Bo="higher", Cy="catch")])
        assert s.state.scores == (4, 2, -1)
        assert "FY-SUITS" in s.verdicts[-1].rulings

    def test_text_typed_for_suits_by_hand_is_dropped_with_the_usual_suits(self):
        s = fairy(suits="numbers", suit_cards="whatever")
        assert s.state.suits == NUMBER_SUITS
        assert s.options.suit_cards == ""


class TestFySuitsHand:
    def test_suits_entered_by_hand_decide_same_suit(self):
        s = fairy(suits="by_hand", suit_cards=BY_HAND)
        assert s.state.suits[0] == s.state.suits[3] == 0  # 1 and 4 share suit A
        s.play(opening(1))
        for action in fairy_turn(4, Ana="same_suit", Bo="same_suit", Cy="catch"):
            s.play(action)
        assert s.state.scores == (4, 4, 7)  # 4 is in 1's suit here, and still a fairy
        assert "FY-SUITS-HAND" in s.verdicts[-1].rulings
        assert "suit A" in s.verdicts[-1].details[0]

    def test_ranges_and_commas_are_accepted(self):
        assert parse_suits("1-7 / 8,9,10, 11-14 / 15-21") == NUMBER_SUITS

    def test_a_comma_before_a_suit_s_first_card_is_ignored(self):
        assert parse_suits(",1-7 / , 8-14 / 15-21,") == NUMBER_SUITS

    def test_a_mistyped_card_is_echoed_cut_to_a_dozen_characters(self):
        with pytest.raises(InvalidAction) as refused:
            parse_suits("1-7 / 8-14 / 15-20 abcdefghijklmnopq")
        assert refused.value.reason == (
            "Suits by hand: 'abcdefghijk…' in suit C is not a card number or a range like 8-14."
        )

    @pytest.mark.parametrize(
        "text,match",
        [
            ("", "enter the 7 cards of each suit"),
            ("1-7 / 8-14", "enter 3 suits"),
            ("1-6 / 7-14 / 15-21", "suit A has 6 cards"),
            ("1-7 / 7-13 / 14-21", "card 7 is in suit A and in suit B"),
            ("1 1 2 3 4 5 6 / 7-13 / 14-21", "card 1 is twice in suit A"),
            ("1-7 / 8-14 / 15-22", "there is no card 22"),
            ("1-7 / 8-x / 15-21", "'8-x' in suit B is not a card number"),
            ("7-1 / 8-14 / 15-21", "runs backwards"),
        ],
    )
    def test_mistakes_are_refused_in_one_sentence(self, text, match):
        with pytest.raises(InvalidAction, match=match) as refused:
            fairy(suits="by_hand", suit_cards=text)
        sentence_ok(refused.value.reason)

    def test_long_input_is_not_echoed(self):
        with pytest.raises(InvalidAction) as refused:
            fairy(suits="by_hand", suit_cards="1-7 / 8-14 / " + "z" * 150)
        assert "z" * 20 not in refused.value.reason
        sentence_ok(refused.value.reason)


class TestFyOpening:
    def test_the_opening_card_starts_the_pile(self):
        s = fairy(actions=[opening(12)])
        assert s.state.pile == (12,) and s.state.top == 12
        assert s.state.phase == "guess"
        assert "FY-OPENING" in s.verdicts[0].rulings
        assert s.verdicts[0].headline == "The opening card is 12"

    def test_an_opening_fairy_counts_toward_the_three(self):
        s = fairy(actions=[opening(4)])
        assert s.state.fairies_seen == 1
        assert "first fairy" in s.verdicts[0].headline
        s = fairy(
            actions=[
                opening(4),
                *fairy_turn(11, Ana="catch", Bo="higher", Cy="lower"),
                *fairy_turn(18, Ana="catch", Bo="higher", Cy="same_suit"),
            ]
        )
        assert s.is_over  # 4, 11 and 18: the opening card was the first fairy

    def test_guesses_before_the_opening_card_are_refused(self):
        with pytest.raises(IllegalAction, match="Turn up the opening card first"):
            fairy(actions=[guess(Ana="higher", Bo="higher", Cy="higher")])


class TestFyGuess:
    def test_every_player_guesses_once_each_turn(self):
        s = fairy(actions=[opening(9)])
        assert RULES.to_act(s.state) == (0, 1, 2)
        with pytest.raises(InvalidAction, match="Still to guess: Cy"):
            s.play(guess(Ana="higher", Bo="lower"))
        with pytest.raises(InvalidAction, match="Entered twice: Ana"):
            s.play(
                {
                    "type": "guesses",
                    "guesses": [
                        {"player": "Ana", "guess": "higher"},
                        {"player": "Ana", "guess": "lower"},
                        {"player": "Bo", "guess": "lower"},
                        {"player": "Cy", "guess": "lower"},
                    ],
                }
            )

    def test_only_the_four_guesses_exist(self):
        s = fairy(actions=[opening(9)])
        with pytest.raises(InvalidAction) as refused:
            s.play(guess(Ana="equal", Bo="lower", Cy="lower"))
        sentence_ok(refused.value.reason)

    def test_a_stranger_cannot_guess(self):
        s = fairy(actions=[opening(9)])
        with pytest.raises(InvalidAction, match="'Zed' is not playing"):
            s.play(guess(Ana="higher", Bo="lower", Cy="lower", Zed="catch"))

    def test_the_card_waits_for_the_guesses_and_guesses_wait_for_the_card(self):
        s = fairy(actions=[opening(9)])
        with pytest.raises(IllegalAction, match="Enter the guesses first"):
            s.play(turn_up(3))
        s.play(guess(Ana="higher", Bo="lower", Cy="lower"))
        with pytest.raises(IllegalAction, match="enter the card turned up"):
            s.play(guess(Ana="higher", Bo="lower", Cy="lower"))

    def test_guesses_are_gathered_seat_by_seat_into_one_action(self):
        s = fairy(actions=[opening(9)])
        picks = {0: "catch", 2: "lower", 1: "same_suit"}
        for seat, value in picks.items():
            RULES.verify_pick(s.state, seat, value)
        s.play(RULES.gather(s.state, picks))
        assert s.state.turn.guesses == ((0, "catch"), (1, "same_suit"), (2, "lower"))
        assert "FY-GUESS" in s.verdicts[-1].rulings


class TestFyScore:
    def test_worked_example_7_then_19(self):
        s = fairy(players=FOUR, actions=[opening(7), *fairy_turn(19, **EVERY_GUESS)])
        assert s.state.scores == (2, -1, -1, -1)
        verdict = s.verdicts[-1]
        assert verdict.headline == "19 is higher than 7: Ana was right"
        assert "Higher, right +2: Ana." in verdict.details
        assert "Catch, wrong −1: Dee." in verdict.details
        assert verdict.decisive and "FY-SCORE" in verdict.rulings
        assert [(c.player, c.before, c.after) for c in verdict.changes] == [
            ("Ana", 0, 2),
            ("Bo", 0, -1),
            ("Cy", 0, -1),
            ("Dee", 0, -1),
        ]

    def test_worked_example_14_then_11(self):
        s = fairy(players=FOUR, actions=[opening(14), *fairy_turn(11, **EVERY_GUESS)])
        assert s.state.scores == (-1, 2, 4, 7)
        verdict = s.verdicts[-1]
        assert verdict.headline == (
            "11 is lower than 14, same suit and a fairy: Bo, Cy and Dee were right"
        )
        assert "Pile top 14 (suit 8-14); turned up 11 (suit 8-14, fairy)." in verdict.details

    def test_the_pure_function_scores_each_guess(self):
        assert [score_guess(14, 11, g, 0).points for g in EVERY_GUESS.values()] == [-1, 2, 4, 7]
        assert [score_guess(7, 19, g, 0).points for g in EVERY_GUESS.values()] == [2, -1, -1, -1]

    def test_the_new_card_covers_the_pile(self):
        s = fairy(actions=[opening(7), *fairy_turn(19, **both("higher", ("Ana", "Bo", "Cy")))])
        assert s.state.top == 19 and RULES.choices(s.state).top == 19


class TestFyFloor:
    def test_at_minus_4_a_wrong_guess_costs_nothing(self):
        result = score_guess(7, 19, "lower", -4)
        assert (result.after, result.points, result.floored, result.nominal) == (-4, 0, True, -1)
        assert score_guess(7, 19, "lower", -3).after == -4
        assert not score_guess(7, 19, "lower", -3).floored
        assert score_guess(7, 19, "higher", -4).after == -2

    def test_the_floor_stops_the_loss_and_the_verdict_says_so(self):
        steps = [(c, {"Ana": "higher", "Bo": "lower"}) for c in (2, 3, 5, 6, 7)]
        s = fairy(players=("Ana", "Bo"), actions=[opening(1), *turns(*steps)])
        assert s.state.scores == (10, -4)
        verdict = s.verdicts[-1]
        assert "Floor at −4: Bo was at −4 and lost nothing." in verdict.details
        assert "FY-FLOOR" in verdict.rulings
        assert [(c.player, c.before, c.after) for c in verdict.changes][1] == ("Bo", -4, -4)
        assert "FY-FLOOR" not in s.verdicts[-3].rulings  # -3 to -4 is a plain loss


class TestFyEndFairy:
    def test_the_turn_of_the_third_fairy_is_scored_then_the_game_ends(self):
        s = fairy(
            actions=[
                opening(4),
                *fairy_turn(11, Ana="catch", Bo="higher", Cy="lower"),
                *fairy_turn(18, Ana="catch", Bo="higher", Cy="same_suit"),
            ]
        )
        assert s.state.scores == (14, 4, -2)
        ended = RULES.outcome(s.state)
        assert ended.winners == (0,) and ended.places == (1, 2, 3)
        assert ended.headline == "Ana wins with 14 points"
        assert "third fairy (18)" in ended.reason
        assert "FY-END-FAIRY" in ended.rulings
        assert s.verdicts[-1].headline == ended.headline
        assert RULES.to_act(s.state) == () and RULES.draw(s.state, None) is None

    def test_nothing_is_played_after_the_end(self):
        s = fairy(
            actions=[
                opening(4),
                *fairy_turn(11, Ana="catch", Bo="higher", Cy="lower"),
                *fairy_turn(18, Ana="catch", Bo="higher", Cy="same_suit"),
            ]
        )
        with pytest.raises(GameOver):
            s.play(guess(Ana="higher", Bo="higher", Cy="higher"))


def race_to_24(last_bo: str, players=("Ana", "Bo")):
    """Ana and Bo both call same suit on 2, 3, 5, 6, 7 (20 each), higher on 8 (22 each),
    then Ana calls same suit on 9 (26) and Bo calls `last_bo`."""
    others = {p: "lower" for p in players if p not in ("Ana", "Bo")}
    steps = [(c, {"Ana": "same_suit", "Bo": "same_suit", **others}) for c in (2, 3, 5, 6, 7)]
    steps.append((8, {"Ana": "higher", "Bo": "higher", **others}))
    steps.append((9, {"Ana": "same_suit", "Bo": last_bo, **others}))
    return [opening(1), *turns(*steps)]


class TestFyEnd24:
    def test_reaching_24_ends_the_game_at_once(self):
        s = fairy(players=("Ana", "Bo"), actions=race_to_24("lower"))
        assert s.is_over and s.state.fairies_seen == 0 and s.state.cards_left == 13
        ended = RULES.outcome(s.state)
        assert ended.headline == "Ana wins with 26 points"
        assert "FY-END-24" in ended.rulings and "Reaching 24" in ended.reason

    def test_several_at_once_the_highest_wins(self):
        s = fairy(players=("Ana", "Bo"), actions=race_to_24("higher"))
        assert s.state.scores == (26, 24)
        assert RULES.outcome(s.state).winners == (0,)

    def test_tied_at_24_or_more_they_play_on(self):
        s = fairy(players=("Ana", "Bo", "Cy"), actions=race_to_24("same_suit", FOUR[:3]))
        assert s.state.scores[:2] == (26, 26)
        assert not s.is_over and s.state.playoff and s.state.playing == (0, 1)
        assert s.verdicts[-1].headline == "Ana and Bo tie at 26 and play off"
        assert "FY-END-24" in s.verdicts[-1].rulings


class TestFyAbove24:
    def test_points_past_24_are_kept_exactly(self):
        s = fairy(players=("Ana", "Bo"), actions=race_to_24("higher"))
        assert s.state.scores == (26, 24)
        assert "FY-ABOVE-24" in RULES.outcome(s.state).rulings

    def test_the_play_off_goes_on_from_the_exact_scores(self):
        actions = race_to_24("same_suit", FOUR[:3])
        actions += fairy_turn(10, Ana="same_suit", Bo="lower")
        s = fairy(players=("Ana", "Bo", "Cy"), actions=actions)
        assert s.state.scores[:2] == (30, 25)
        assert RULES.outcome(s.state).headline == "Ana wins with 30 points"


class TestFyEnd15:
    def test_fairies_do_not_end_the_variant_and_15_does(self):
        s = fairy(
            variant="fifteen",
            actions=[
                opening(4),
                *fairy_turn(11, Ana="catch", Bo="higher", Cy="lower"),
                *fairy_turn(18, Ana="catch", Bo="higher", Cy="lower"),
            ],
        )
        assert s.state.fairies_seen == 3 and not s.is_over  # fairies are ignored
        assert s.state.scores == (14, 4, -2)
        s.play(guess(Ana="higher", Bo="lower", Cy="lower"))
        s.play(turn_up(19))
        ended = RULES.outcome(s.state)
        assert ended.headline == "Ana wins with 16 points"
        assert "FY-END-15" in ended.rulings


class TestFy15DeckOut:
    def deck_out(self, ana_higher_from: int):
        steps = [
            (c, {"Ana": "higher" if c >= ana_higher_from else "lower", "Bo": "lower"})
            for c in range(2, 22)
        ]
        return fairy(players=("Ana", "Bo"), variant="fifteen", actions=[opening(1), *turns(*steps)])

    def test_highest_wins_when_nobody_reached_15(self):
        s = self.deck_out(ana_higher_from=15)  # 7 rights at the end: -4 + 14 = 10
        assert s.state.cards_left == 0 and s.state.scores == (10, -4)
        ended = RULES.outcome(s.state)
        assert ended.headline == "Ana wins with 10 points"
        assert "FY-15-DECK-OUT" in ended.rulings

    def test_a_tie_shares_the_win(self):
        s = self.deck_out(ana_higher_from=99)
        ended = RULES.outcome(s.state)
        assert ended.winners == (0, 1) and ended.places == (1, 1)
        assert ended.headline == "Ana and Bo share the win with −4 points"


def third_fairy_tie(players=("Ana", "Bo", "Cy")):
    """Opening 4; Ana and Bo catch 11 and call higher on 18 (9 each); the rest call higher
    then lower (1 point)."""
    rest = [p for p in players if p not in ("Ana", "Bo")]
    return [
        opening(4),
        *fairy_turn(11, Ana="catch", Bo="catch", **dict.fromkeys(rest, "higher")),
        *fairy_turn(18, Ana="higher", Bo="higher", **dict.fromkeys(rest, "lower")),
    ]


class TestFyPlayoff:
    def test_only_the_tied_players_guess(self):
        s = fairy(actions=third_fairy_tie())
        assert s.state.scores == (9, 9, 1)
        assert s.state.playoff and RULES.to_act(s.state) == (0, 1)
        verdict = s.verdicts[-1]
        assert verdict.headline == "Ana and Bo tie at 9 and play off"
        assert "Out of the play-off, scores stand: Cy." in verdict.details
        with pytest.raises(IllegalAction, match="Cy is out of the play-off") as refused:
            s.play(guess(Ana="lower", Bo="higher", Cy="lower"))
        sentence_ok(refused.value.reason)

    def test_the_first_one_ahead_after_a_turn_wins(self):
        s = fairy(
            actions=[*third_fairy_tie(), *fairy_turn(1, Ana="lower", Bo="higher")],
        )
        ended = RULES.outcome(s.state)
        assert ended.headline == "Ana wins with 11 points"
        assert "won the play-off" in ended.reason
        assert {"FY-END-FAIRY", "FY-PLAYOFF"} <= set(ended.rulings)
        assert s.state.scores == (11, 8, 1)

    def test_still_tied_they_play_on_and_those_behind_drop_out(self):
        three = [
            opening(4),
            *fairy_turn(11, Ana="catch", Bo="catch", Cy="catch"),
            *fairy_turn(18, Ana="catch", Bo="catch", Cy="catch"),
            *fairy_turn(1, Ana="lower", Bo="lower", Cy="higher"),
        ]
        s = fairy(actions=three)
        assert s.state.scores == (16, 16, 13) and s.state.playing == (0, 1)
        assert "Cy fell behind and drops out" in " ".join(s.verdicts[-1].details)
        s.play(guess(Ana="higher", Bo="lower"))
        s.play(turn_up(2))
        assert RULES.outcome(s.state).winners == (0,)


class TestFyPlayoffAhead:
    def test_the_play_off_winner_wins_even_below_an_outsider(self):
        late = [1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15]  # 13 turns of wrong catches
        actions = [*third_fairy_tie(), *turns(*[(c, both("catch")) for c in late])]
        s = fairy(actions=actions)
        assert s.state.scores == (-4, -4, 1) and s.state.playoff
        s.play(guess(Ana="higher", Bo="catch"))
        s.play(turn_up(16))
        ended = RULES.outcome(s.state)
        assert s.state.scores == (-2, -4, 1)
        assert ended.winners == (0,) and ended.places == (1, 3, 2)
        assert ended.headline == "Ana wins with −2 points"
        assert "FY-PLAYOFF-AHEAD" in ended.rulings


class TestFyDeckOut:
    def test_tied_when_the_last_card_is_the_third_fairy(self):
        order = [*range(2, 18), 19, 20, 21, 18]
        s = fairy(
            players=("Ana", "Bo"),
            actions=[opening(1), *turns(*[(c, both("lower")) for c in order])],
        )
        ended = RULES.outcome(s.state)
        assert s.state.cards_left == 0 and s.state.scores == (-2, -2)
        assert ended.winners == (0, 1)
        assert ended.headline == "Ana and Bo share the win with −2 points"
        assert "FY-DECK-OUT" in ended.rulings and "no card is left" in ended.reason

    def test_a_play_off_that_uses_up_the_deck_is_shared(self):
        rest = [c for c in CARDS if c not in (4, 11, 18)]
        s = fairy(actions=[*third_fairy_tie(), *turns(*[(c, both("catch")) for c in rest])])
        ended = RULES.outcome(s.state)
        assert ended.winners == (0, 1) and ended.places == (1, 1, 3)
        assert {"FY-PLAYOFF", "FY-DECK-OUT"} <= set(ended.rulings)


class TestFyCatchLate:
    def test_catch_stays_legal_after_the_last_fairy_and_is_wrong(self):
        s = fairy(actions=third_fairy_tie())
        assert "catch" in RULES.choices(s.state).guesses
        s.play(guess(Ana="catch", Bo="catch"))
        assert "FY-CATCH-LATE" in s.verdicts[-1].rulings
        s.play(turn_up(1))
        assert s.state.scores[:2] == (8, 8)
        assert "FY-CATCH-LATE" in s.verdicts[-1].rulings


class TestFyHidden:
    def test_without_the_memory_aid_earlier_cards_are_not_marked(self):
        s = fairy(actions=[opening(9), guess(Ana="higher", Bo="higher", Cy="higher")])
        assert RULES.choices(s.state).hide_seen
        assert "FY-HIDDEN" in {r.id for r in RULES.rulings if r.in_force(s.options)}

    def test_the_view_keeps_the_log_closed_until_the_end(self):
        from referee.ui.games.fairy.view import FairyView

        view = FairyView(lambda _a: None, lambda: None, lambda _m: None)
        s = fairy(actions=[opening(9)])
        assert "only see the top card" in view.log_hidden(s.state)
        ended = fairy(
            actions=[
                opening(4),
                *fairy_turn(11, Ana="catch", Bo="higher", Cy="lower"),
                *fairy_turn(18, Ana="catch", Bo="higher", Cy="same_suit"),
            ]
        )
        assert view.log_hidden(ended.state) is None


class TestFyMemoryAid:
    def test_with_the_memory_aid_seen_cards_are_marked(self):
        s = fairy(
            memory_aid=True, actions=[opening(9), guess(Ana="higher", Bo="lower", Cy="catch")]
        )
        assert not RULES.choices(s.state).hide_seen
        assert "FY-MEMORY-AID" in {r.id for r in RULES.rulings if r.in_force(s.options)}

        from referee.ui.games.fairy.view import FairyView

        view = FairyView(lambda _a: None, lambda: None, lambda _m: None)
        assert view.log_hidden(s.state) is None


class TestOffersByPhase:
    def test_the_menu_offers_no_revealed_card_before_the_opening_card(self):
        from referee.games.fairy.model import FairyReveal, Opening

        state = fairy().state
        assert RULES.offers(state, Opening(card=5))
        assert not RULES.offers(state, FairyReveal(card=5))  # apply refuses it too
