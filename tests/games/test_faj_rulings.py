"""One test class per Faces, Aces & Jokers ruling of referee/games/faj/rulings.py."""

import pytest

from referee.core.errors import GameOver, IllegalAction, InvalidAction
from referee.games.faj.deck import DRAFT_CARDS, TRICK_CARDS, boards_text, suit_of
from referee.games.faj.tricks import trick_winner, trump_of
from tests.helpers import board, faj, pick, plays

C, D, H, S = range(4)


class TestDecks:
    def test_draft_deck_is_faces_aces_and_two_jokers(self):
        assert len(DRAFT_CARDS) == 18 and {"HJ", "LJ"} <= set(DRAFT_CARDS)
        assert {c[0] for c in DRAFT_CARDS if c not in ("HJ", "LJ")} == set("AKQJ")

    def test_trick_deck_is_two_to_ten_of_four_suits(self):
        assert len(TRICK_CARDS) == 36

    def test_every_card_but_a_joker_has_a_suit(self):
        assert [suit_of(c) for c in ("JC", "QD", "KH", "AS", "10H", "2C")] == [C, D, H, S, H, C]
        assert suit_of("HJ") is None and suit_of("LJ") is None

    def test_a_round_turns_up_boards_of_one_to_four_trick_cards(self):
        assert boards_text() == "1, 2, 3 and 4"


class TestTrump:
    def test_highest_suit_total_is_trump(self):
        assert trump_of(["3C", "4S"]) == S
        assert trump_of(["2C", "5C", "6D"]) == C

    def test_tie_for_highest_means_no_trump(self):
        assert trump_of(["2H", "5H", "3D", "4D"]) is None

    def test_board_verdict_shows_the_totals(self):
        s = faj(actions=[board("7H")])
        s.play(plays(Ana="AS", Bo="KS", Cy="QS"))
        s.play(board("2H", "5C"))
        assert "♣ 5, ♥ 2" in s.verdicts[-1].details[1] or "♥ 2, ♣ 5" in s.verdicts[-1].details[1]
        assert s.state.trump == C


class TestWinJackWithJoker:
    def test_matching_jack_beats_the_joker(self):
        r = trick_winner(["5H"], H, [(0, "HJ"), (1, "JH"), (2, "AH")])
        assert (r.seat, r.ruling) == (1, "FAJ-WIN-JACK")

    def test_jack_not_matching_the_board_does_not(self):
        r = trick_winner(["5H"], H, [(0, "HJ"), (1, "JS")])
        assert (r.seat, r.ruling) == (0, "FAJ-WIN-JOKER")

    def test_matches_any_board_card_not_only_trump(self):
        r = trick_winner(["9H", "2C"], H, [(0, "LJ"), (1, "JC")])
        assert (r.seat, r.ruling) == (1, "FAJ-WIN-JACK")

    def test_trump_jack_first_then_suit_order(self):
        board_ = ["9C", "2S"]  # clubs trump
        r = trick_winner(board_, C, [(0, "HJ"), (1, "JS"), (2, "JC")])
        assert r.seat == 2
        r = trick_winner(["5C", "5S"], None, [(0, "HJ"), (1, "JS"), (2, "JC")])
        assert r.seat == 1  # no trump: spades is the highest suit

    def test_jack_without_a_joker_is_just_a_low_card(self):
        r = trick_winner(["5H"], H, [(0, "JH"), (1, "AS")])
        assert (r.seat, r.ruling) == (0, "FAJ-WIN-TRUMP")


class TestWinJoker:
    def test_joker_wins(self):
        r = trick_winner(["5H"], H, [(0, "LJ"), (1, "AH")])
        assert (r.seat, r.ruling) == (0, "FAJ-WIN-JOKER")

    def test_both_jokers_high_beats_low(self):
        r = trick_winner(["5H"], H, [(0, "LJ"), (1, "HJ")])
        assert r.seat == 1 and "both jokers" in r.reason

    def test_the_high_joker_wins_whoever_plays_it(self):
        r = trick_winner(["5H"], H, [(0, "HJ"), (1, "LJ")])
        assert (r.seat, r.card, r.ruling) == (0, "HJ", "FAJ-WIN-JOKER")


class TestWinTrump:
    def test_highest_trump_wins_over_higher_off_suit(self):
        r = trick_winner(["5H"], H, [(0, "JH"), (1, "AS"), (2, "QH")])
        assert (r.seat, r.ruling) == (2, "FAJ-WIN-TRUMP")


class TestWinHighest:
    def test_rank_then_suit(self):
        r = trick_winner(["5H", "5S"], None, [(0, "KC"), (1, "KS"), (2, "QH")])
        assert (r.seat, r.ruling) == (1, "FAJ-WIN-HIGH")

    def test_no_trump_played(self):
        r = trick_winner(["5H"], H, [(0, "AC"), (1, "KS")])
        assert (r.seat, r.ruling) == (0, "FAJ-WIN-HIGH")


class TestTakeBoard:
    def test_winner_takes_the_board_cards(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KH", Cy="QS")])
        assert s.state.won == ((), ("7H",), ())
        assert "FAJ-TAKE-BOARD" in s.verdicts[-1].rulings

    def test_the_standings_count_the_cards_each_player_won(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KH", Cy="QS"), board("2C", "5C")])
        s.play(plays(Ana="AC", Bo="KS", Cy="QC"))
        assert s.rules.points(s.state) == (2, 1, 0)


class TestRounds:
    def test_board_sizes_one_to_four(self):
        s = faj()
        with pytest.raises(InvalidAction, match="Trick 1 has 1 board card"):
            s.play(board("2C", "3C"))

    def test_no_trick_card_twice_in_a_game(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KH", Cy="QS")])
        with pytest.raises(InvalidAction, match="already came out"):
            s.play(board("7H", "2C"))

    def test_no_draft_card_twice_in_a_round(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KH", Cy="QS"), board("2C", "3C")])
        with pytest.raises(IllegalAction, match="already played this round"):
            s.play(plays(Ana="AS", Bo="KS", Cy="QC"))

    def test_same_card_twice_in_one_trick_is_invalid(self):
        s = faj(actions=[board("7H")])
        with pytest.raises(InvalidAction):
            s.play(plays(Ana="AS", Bo="AS", Cy="QS"))

    def test_a_board_naming_a_trick_card_twice_is_refused(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KH", Cy="QS")])
        with pytest.raises(InvalidAction) as refused:
            s.play(board("5C", "5C"))
        assert refused.value.reason == (
            "The deck has only 1 copy of 5 of clubs, but 2 were entered this round."
        )

    def test_the_players_act_only_once_the_board_is_out(self):
        s = faj()
        assert s.rules.to_act(s.state) == ()
        assert s.rules.pick_options(s.state, 0) == ()
        s.play(board("7H"))
        assert s.rules.to_act(s.state) == (0, 1, 2)
        assert s.rules.pick_options(s.state, 0) == DRAFT_CARDS
        s.play(plays(Ana="AS", Bo="KH", Cy="QS"))
        assert s.rules.to_act(s.state) == ()
        s.play(board("2C", "5S"))
        played = ("AS", "KH", "QS")  # one of each draft card: played, it is gone this round
        assert s.rules.pick_options(s.state, 1) == tuple(c for c in DRAFT_CARDS if c not in played)

    def test_everyone_plays_exactly_once(self):
        s = faj(actions=[board("7H")])
        with pytest.raises(InvalidAction, match="Still to play a card: Cy"):
            s.play(plays(Ana="AS", Bo="KS"))

    def test_draft_deck_is_fresh_each_round_and_game_ends_after_three(self):
        s = faj(players=("Ana", "Bo"))
        trick_cards = iter(TRICK_CARDS)
        for rnd in range(3):
            for size in (1, 2, 3, 4):
                s.play(board(*[next(trick_cards) for _ in range(size)]))
                s.play(
                    plays(
                        Ana=["AS", "AH", "AD", "AC"][size - 1],
                        Bo=["KS", "KH", "KD", "KC"][size - 1],
                    )
                )
            assert s.state.round == min(rnd + 2, 3)
        assert s.is_over
        assert len(s.state.won[0]) == 30  # Ana's aces take every trick
        with pytest.raises(GameOver):
            s.play(board("2C"))


class TestDraftLog:
    def test_logged_picks_bind_the_player(self):
        s = faj(
            players=("Ana", "Bo"),
            actions=[
                pick("Ana", "AS"),
                pick("Ana", "KS"),
                pick("Ana", "QS"),
                pick("Ana", "JS"),
                board("5C"),
            ],
        )
        with pytest.raises(IllegalAction, match="not among them"):
            s.play(plays(Ana="AH", Bo="KH"))
        s.play(plays(Ana="AS", Bo="KH"))

    def test_a_card_kept_by_another_cannot_be_played(self):
        s = faj(players=("Ana", "Bo"), actions=[pick("Bo", "HJ"), board("5C")])
        with pytest.raises(IllegalAction, match="kept by Bo"):
            s.play(plays(Ana="HJ", Bo="KH"))

    def test_draft_card_once_per_round_and_four_at_most(self):
        s = faj(players=("Ana", "Bo"), actions=[pick("Ana", "AS")])
        with pytest.raises(InvalidAction, match="already kept by Ana"):
            s.play(pick("Bo", "AS"))
        for c in ("KS", "QS", "JS"):
            s.play(pick("Ana", c))
        with pytest.raises(IllegalAction, match="already kept 4"):
            s.play(pick("Ana", "AH"))

    def test_the_draft_offers_the_cards_nobody_kept_to_each_player_short_of_four(self):
        s = faj(players=("Ana", "Bo"))
        assert s.rules.choices(s.state).pickable == ((0, DRAFT_CARDS), (1, DRAFT_CARDS))
        for c in ("AS", "KS", "QS", "JS"):
            s.play(pick("Ana", c))
        free = tuple(c for c in DRAFT_CARDS if c not in ("AS", "KS", "QS", "JS"))
        assert s.rules.choices(s.state).pickable == ((1, free),)

    def test_each_refused_play_names_the_ruling_it_breaks(self):
        s = faj(
            players=("Ana", "Bo"),
            actions=[
                *(pick("Ana", c) for c in ("AS", "KS", "QS", "JS")),
                pick("Bo", "AH"),
                pick("Bo", "AD"),
                pick("Bo", "AC"),
                board("5C"),
                plays(Ana="AS", Bo="KH"),
                board("6C", "7C"),
            ],
        )

        def ruling(**cards):
            return s.rules.play_ruling(s.state, s.rules.parse_action(plays(**cards)))

        assert ruling(Ana="KS", Bo="AH") is None
        assert ruling(Ana="AS", Bo="AH") == "FAJ-DECKS"  # Ana's A♠ is played already
        assert ruling(Ana="AH", Bo="AD") == "FAJ-DRAFT-LOG"  # Bo kept A♥
        assert ruling(Ana="HJ", Bo="AD") == "FAJ-DRAFT-LOG"  # Ana kept four others
        assert ruling(Ana="KS", Bo="QH") == "FAJ-DRAFT-PART"  # Bo's fifth card
        assert ruling(Ana="KS", Zed="AH") is None  # not a player: no ruling of the round

    def test_no_picks_after_the_first_board(self):
        s = faj(players=("Ana", "Bo"), actions=[board("5C")])
        with pytest.raises(IllegalAction, match="draft is over"):
            s.play(pick("Ana", "AS"))


def _finish(won, **options):
    """A finished game whose won piles are given directly (the rules only read them)."""
    s = faj(players=tuple(["Ana", "Bo", "Cy"][: len(won)]), **options)
    rules = s.rules
    state = s.initial.model_copy(update=dict(won=tuple(tuple(p) for p in won), phase="over"))
    return rules.final(state), rules._final_verdict(state)


class TestFinalHands:
    def test_best_poker_hand_wins(self):
        ranked, (_lines, rulings) = _finish([["9H", "9S", "4C"], ["2C", "3C", "4D", "5H", "6S"]])
        assert ranked[0].seat == 1 and ranked[0].hand.describe() == "straight, 2 to 6"
        assert "FAJ-HANDS" in rulings

    def test_a_pair_beats_a_high_card_by_its_category(self):
        _ranked, (lines, rulings) = _finish([["9H", "7S", "4C"], ["2C", "2D"]])
        assert "Bo's pair beats Ana's high card." in lines and "FAJ-HANDS" in rulings

    def test_fewer_than_five_cards_and_no_cards(self):
        ranked, (_lines, rulings) = _finish([["9H", "9S"], [], ["9C", "9D", "2C"]])
        assert [r.seat for r in ranked] == [2, 0, 1]
        assert "FAJ-SHORT-HAND" in rulings

    def test_equal_ranks_compare_suits(self):
        ranked, (lines, rulings) = _finish([["9H", "9D", "4C"], ["9S", "9C", "4D"]])
        assert ranked[0].seat == 1
        assert "FAJ-SUIT-TIEBREAK" in rulings
        assert any("♠" in line for line in lines)

    def test_identical_hands_share_by_default(self):
        ranked, (lines, rulings) = _finish([["9H", "8S"], ["9S", "8H"]])
        assert ranked[0].place == ranked[1].place == 1
        assert "FAJ-FINAL-TIE-SHARE" in rulings and lines[-1].endswith("share the win.")

    def test_house_option_more_cards_breaks_a_final_tie(self):
        # Same ranks, same suits high to low (♠♠♥♦♣), so still equal; Ana won one card more.
        ana = ["10S", "9S", "8H", "7D", "5C", "2C"]
        bo = ["10H", "9C", "8S", "7S", "5D"]
        ranked, (_lines, rulings) = _finish([ana, bo], final_tie="more_cards")
        assert ranked[0].hand.key == ranked[1].hand.key
        assert (ranked[0].seat, ranked[0].place, ranked[1].place) == (0, 1, 2)
        assert "FAJ-FINAL-TIE-CARDS" in rulings
        shared, (_lines, rulings) = _finish([ana, bo])
        assert shared[0].place == shared[1].place == 1

    def test_the_cards_won_are_said_only_where_they_break_the_tie(self):
        ana = ["10S", "9S", "8H", "7D", "5C", "2C"]
        bo = ["10H", "9C", "8S", "7S", "5D"]
        for options, decided in [
            ({}, ("high card 10", "high card 10")),
            (
                dict(final_tie="more_cards"),
                ("high card 10, 6 cards won", "high card 10, 5 cards won"),
            ),
        ]:
            s = faj(players=("Ana", "Bo"), **options)
            over = s.initial.model_copy(update=dict(won=(tuple(ana), tuple(bo)), phase="over"))
            assert s.rules.outcome(over).decided == decided

    def test_a_hand_of_fewer_than_five_cards_is_said_with_its_count(self):
        _ranked, (lines, _rulings) = _finish([["9H", "9S", "4C"], ["2C", "3C", "4D", "5H", "6S"]])
        assert lines[1:3] == [
            "1. Bo: straight, 2 to 6 — 6♠ 5♥ 4♦ 3♣ 2♣",
            "2. Ana: pair of 9s — 9♠ 9♥ 4♣ (3 cards)",
        ]

    def test_the_last_trick_leaves_the_winners_in_the_state(self):
        s = faj(players=("Ana", "Bo", "Cy"))
        s.initial = s.initial.model_copy(
            update=dict(
                round=3,
                trick=4,
                won=(("9H", "9S", "4C"), ("2C", "3C", "4D", "5H", "6S"), ("9C", "9D")),
            )
        )
        s.play(board("2S", "3S", "4S", "5S"))
        s.play(plays(Ana="AH", Bo="KH", Cy="HJ"))  # Cy's pair of 9s takes no straight
        assert s.state.phase == "over" and s.state.winners == (1,)


class TestDraftLoggedInPart:
    """FAJ-DRAFT-PART: the picks logged and the other cards played make at most 4."""

    def test_a_fifth_card_is_refused_naming_the_hand(self):
        s = faj(
            players=("Ana", "Bo"),
            actions=[pick("Ana", "AS"), pick("Ana", "AH"), pick("Ana", "AD"), board("5C")],
        )
        s.play(plays(Ana="KS", Bo="QS"))
        s.play(board("6C", "7C"))
        before = s.state
        with pytest.raises(IllegalAction) as info:
            s.play(plays(Ana="KH", Bo="QH"))
        assert info.value.reason == (
            "Ana's hand this round is A♠ A♥ A♦ K♠: A♠ A♥ A♦ logged in the draft, and K♠ "
            "played; K♥ would be a fifth card."
        )
        assert s.state == before
        assert "KH" not in s.rules.playable_cards(s.state, 0)
        s.play(plays(Ana="AH", Bo="QH"))

    def test_without_picks_any_unplayed_card_may_be_played(self):
        s = faj(players=("Ana", "Bo"), actions=[board("5C")])
        for trick, cards in enumerate(
            [("6C", "7C"), ("8C", "9C", "10C"), ("2D", "3D", "4D", "5D")]
        ):
            s.play(plays(Ana=["KS", "KH", "KD", "KC"][trick], Bo=["QS", "QH", "QD", "QC"][trick]))
            s.play(board(*cards))
        s.play(plays(Ana="KC", Bo="QC"))
        assert s.state.round == 2

    def test_the_next_round_is_a_new_hand(self):
        s = faj(players=("Ana", "Bo"), actions=[pick("Ana", "AS"), pick("Ana", "AH"), board("5C")])
        for trick, cards in enumerate(
            [("6C", "7C"), ("8C", "9C", "10C"), ("2D", "3D", "4D", "5D")]
        ):
            s.play(plays(Ana=["AS", "AH", "KD", "KC"][trick], Bo=["QS", "QH", "QD", "QC"][trick]))
            s.play(board(*cards))
        s.play(plays(Ana="KS", Bo="QC"))
        assert s.state.round == 2 and s.state.deal.hand(0) == ()


class TestPickLabel:
    def test_a_pick_is_a_draft_card_named_as_players_say_it(self):
        rules = faj().rules
        assert rules.pick_label("AS") == "ace of spades"
        assert rules.pick_label("HJ") == "black joker (high)"
        # every card a player may play in a trick has a name (a live table tells of one)
        assert all(rules.pick_label(card) for card in DRAFT_CARDS)
