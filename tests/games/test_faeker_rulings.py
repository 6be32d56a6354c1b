"""One test class per Fae-ker ruling of referee/games/faeker/rulings.py, named after the ruling
it checks."""

import pytest

from referee.core.errors import GameOver, IllegalAction, InvalidAction
from referee.core.whatnow import what_now
from referee.games.faeker import counting
from referee.games.faeker.deck import COPIES, CUBES_TO_WIN, FAE, LOW_TOPS, SUPPLY, tops_text
from referee.games.faeker.model import Deal, LadderEntry
from tests.helpers import S, bid, bluff, faeker, pass_, reveal, showdown, top


class TestDeckFacts:
    def test_deck_has_32_cards_with_the_published_copies(self):
        assert sum(COPIES.values()) == 32
        assert COPIES == {1: 7, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2, 7: 1, S: 4}

    def test_fae_per_top_card(self):
        assert [FAE[c] for c in (1, 2, 3, 4, 5, 6, 7, S)] == [2, 2, 3, 3, 3, 4, 4, 4]

    def test_supply_is_40(self):
        assert SUPPLY == 40
        assert faeker().state.supply == 40

    def test_a_hand_cannot_hold_more_copies_than_the_deck(self):
        s = faeker(actions=[top(7), bid("Bo", 1), bluff("Cy")])
        with pytest.raises(InvalidAction, match="only 1 copy of 7"):
            s.play(reveal("Bo", 7, 1, 1, 1, 1))

    def test_a_card_whose_every_copy_is_seen_is_no_longer_offered(self):
        s = faeker(actions=[top(7), bid("Bo", 1), bluff("Cy")])
        left = dict(s.rules.choices(s.state).cards_left)
        assert 7 not in left and left[6] == 2 and left[S] == 4

    def test_showdown_hands_together_respect_the_deck(self):
        s = faeker(actions=[top(6), bid("Bo", 1), bid("Cy", 1), bid("Ana", 1)])
        s.play(reveal("Bo", 1, 1, 1, 1, 1))
        with pytest.raises(InvalidAction, match="only 7 copies of 1"):
            s.play(reveal("Cy", 1, 1, 1, 2, 2))


class TestCubesToWin:
    @pytest.mark.parametrize("n,goal", [(2, 15), (3, 12), (4, 10), (5, 8), (6, 6)])
    def test_goal_by_player_count(self, n, goal):
        players = [f"P{i}" for i in range(n)]
        assert faeker(players=players).state.goal == goal == CUBES_TO_WIN[n]

    def test_one_or_seven_players_are_refused(self):
        with pytest.raises(InvalidAction, match="2-6 players"):
            faeker(players=["Solo"])
        with pytest.raises(InvalidAction, match="2-6 players"):
            faeker(players=[f"P{i}" for i in range(7)])


class TestRoundDie:
    def test_die_shows_round_and_wraps_after_eight(self):
        from referee.games.faeker.deck import die_face

        assert [die_face(r) for r in (1, 8, 9, 16, 17)] == [1, 8, 1, 8, 1]

    def test_verdict_names_the_die_face(self):
        s = faeker(actions=[top(3)])
        assert "Round die shows 1" in s.verdicts[0].details[0]
        assert "FK-DIE" in s.verdicts[0].rulings


class TestDealerAndBiddingOrder:
    def test_bidding_starts_left_of_the_dealer(self):
        s = faeker(actions=[top(3)])
        assert s.state.dealer == 0
        assert s.rules.current_player(s.state) == "Bo"

    def test_first_dealer_option(self):
        s = faeker(actions=[top(3)], first_dealer=2)
        assert s.rules.current_player(s.state) == "Ana"

    def test_dealer_moves_left_each_round(self):
        s = faeker(actions=[top(3), bid("Bo", 1), pass_("Cy"), pass_("Ana")])
        assert s.state.round == 2
        assert s.state.dealer == 1
        s.play(top(4))
        assert s.rules.current_player(s.state) == "Cy"

    def test_acting_out_of_turn_is_illegal(self):
        s = faeker(actions=[top(3)])
        with pytest.raises(IllegalAction, match="Bo's turn"):
            s.play(bid("Cy", 2))

    def test_nobody_bids_before_the_top_card_and_the_called_hands_show_next(self):
        s = faeker()
        assert (s.rules.to_act(s.state), s.rules.current_player(s.state)) == ((), None)
        s.play(top(3))
        s.play(bid("Bo", 2))
        s.play(bluff("Cy"))
        assert (s.rules.to_act(s.state), s.rules.current_player(s.state)) == ((1,), "Bo")
        s.play(reveal("Bo", 5, 6, 1, 1, 1))
        assert (s.rules.to_act(s.state), s.rules.current_player(s.state)) == ((), None)

    def test_a_new_round_starts_with_nothing_of_the_last_one(self):
        s = faeker(actions=[top(4), bid("Bo", 1), pass_("Cy"), pass_("Ana")])
        assert (s.state.phase, s.state.deal) == ("top", Deal())
        facts = what_now(s.rules, s.state).facts
        assert not any("Top card" in f or "Passed" in f for f in facts)


class TestCountTopOneToThree:
    def test_counts_strictly_higher_cards(self):
        c = counting.count_hand(3, [1, 3, 4, 6, 7])
        assert c.total == 3 and c.ruling == "FK-COUNT-LOW"

    def test_equal_card_does_not_count(self):
        assert counting.count_hand(2, [2, 2, 1, 1, 1]).total == 0


class TestCountTopFourToSeven:
    def test_counts_equal_or_higher_cards(self):
        c = counting.count_hand(5, [5, 5, 6, 4, 1])
        assert c.total == 3 and c.ruling == "FK-COUNT-HIGH"

    def test_top_seven_counts_only_sevens_and_stones(self):
        assert counting.count_hand(7, [6, 6, S, 1, 2]).total == 1


class TestCountStoneCircleRun:
    def test_longest_run_of_numbers(self):
        assert counting.count_hand(S, [1, 2, 3, 5, 6]).total == 3

    def test_stone_circle_fills_a_gap(self):
        c = counting.count_hand(S, [2, 4, S, 7, 1])
        assert c.total == 4  # 1-2-(3)-4
        assert "stone circle as 3" in c.explanation

    def test_duplicates_do_not_lengthen_a_run(self):
        assert counting.count_hand(S, [3, 3, 4, 4, 1]).total == 2

    def test_single_cards_are_no_run(self):
        c = counting.count_hand(S, [1, 3, 5, 7, 7])
        assert c.total == 0

    def test_no_run_counts_no_card(self):
        c = counting.count_hand(S, [1, 3, 5, 7, 7])
        assert (c.total, c.counted) == (0, ())

    def test_two_stones_alone_make_a_run_of_two(self):
        assert counting.count_hand(S, [S, S, 1, 1, 1]).total == 3  # 1 plus two filled


class TestStoneCircleInHandEqualsTop:
    def test_counts_under_four_to_seven(self):
        assert counting.count_hand(4, [S, 1, 1, 2, 3]).total == 1

    def test_does_not_count_under_one_to_three(self):
        assert counting.count_hand(3, [S, S, 1, 1, 4]).total == 1

    def test_house_option_stone_circles_always_count(self):
        assert counting.count_hand(3, [S, S, 1, 1, 4], stones_always_count=True).total == 3

    def test_the_house_option_names_the_tops_a_stone_circle_would_miss(self):
        assert tops_text(LOW_TOPS) == "1-3"
        assert tops_text((4, 5, 6, 7)) == "4-7"

    def test_the_round_opens_saying_every_stone_circle_counts_under_the_house_option(self):
        v = faeker(actions=[top(3)], stone_circles_always_count=True).verdicts[-1]
        assert v.details[-1] == "Bids count cards higher than 3 (every stone circle counts too)."
        assert v.rulings[-1] == "FK-STONE-ALWAYS"

    def test_bluff_verdict_cites_the_option_in_force(self):
        s = faeker(
            actions=[top(2), bid("Bo", 2), bluff("Cy"), reveal("Bo", S, 3, 1, 1, 1)],
            stone_circles_always_count=True,
        )
        v = s.verdicts[-1]
        assert "FK-STONE-ALWAYS" in v.rulings
        assert "told the truth" in v.headline

    def test_the_bluff_call_says_every_stone_circle_counts_under_the_house_option(self):
        s = faeker(actions=[top(3), bid("Bo", 2)], stone_circles_always_count=True)
        v = s.play(bluff("Cy"))
        assert v.details == (
            "Bo shows all 5 cards. The bid counts cards higher than 3 "
            "(every stone circle counts too).",
        )


class TestBidding:
    def test_bid_range_is_zero_to_five(self):
        s = faeker(actions=[top(3)])
        with pytest.raises(InvalidAction):
            s.play(bid("Bo", 6))
        s.play(bid("Bo", 0))

    def test_bid_must_be_at_least_the_highest(self):
        s = faeker(actions=[top(3), bid("Bo", 3)])
        with pytest.raises(IllegalAction, match="at least 3: Bo bid 3"):
            s.play(bid("Cy", 2))
        s.play(bid("Cy", 3))

    def test_bluff_needs_a_bid_to_call(self):
        s = faeker(actions=[top(3)])
        with pytest.raises(IllegalAction, match="no bid"):
            s.play(bluff("Bo"))

    def test_bluff_is_called_on_the_most_recent_bid(self):
        s = faeker(
            players=("Ana", "Bo", "Cy", "Di"),
            actions=[top(3), bid("Bo", 2), pass_("Cy"), bid("Di", 3), bid("Ana", 3)],
        )
        s.play(bluff("Bo"))
        assert s.state.deal.called_seat == 0 and s.state.deal.called_bid == 3

    def test_a_bluff_call_is_the_last_step_of_the_bid_ladder(self):
        s = faeker(actions=[top(3), bid("Bo", 2)])
        s.play(bluff("Cy"))
        assert s.state.deal.ladder == (
            LadderEntry(seat=1, kind="bid", amount=2),
            LadderEntry(seat=2, kind="bluff"),
        )

    def test_unknown_player_is_invalid(self):
        s = faeker(actions=[top(3)])
        with pytest.raises(InvalidAction, match="not playing"):
            s.play(bid("Zed", 1))


class TestPassIsFinal:
    def test_passed_player_is_skipped(self):
        s = faeker(
            players=("Ana", "Bo", "Cy", "Di"),
            actions=[top(4), pass_("Bo"), bid("Cy", 1), bid("Di", 2), bid("Ana", 2)],
        )
        assert s.rules.current_player(s.state) == "Cy"

    def test_passed_player_cannot_act(self):
        s = faeker(players=("Ana", "Bo", "Cy", "Di"), actions=[top(4), pass_("Bo")])
        with pytest.raises(IllegalAction):
            s.play(bid("Bo", 2))

    def test_a_player_who_passed_is_told_they_are_out_of_the_bidding(self):
        s = faeker(players=("Ana", "Bo", "Cy", "Di"), actions=[top(4), pass_("Bo")])
        with pytest.raises(IllegalAction) as refused:
            s.play(bid("Bo", 2))
        assert refused.value.reason == "Bo passed and is out of the bidding this round."


class TestEndUncontested:
    def test_lone_bid_takes_the_fae(self):
        s = faeker(actions=[top(6), bid("Bo", 2), pass_("Cy"), pass_("Ana")])
        v = s.verdicts[-1]
        assert s.state.cubes == (0, 4, 0)
        assert v.rulings[0] == "FK-END-UNCONTESTED"
        assert v.changes[0].delta == 4

    def test_last_player_in_without_a_bid_still_acts(self):
        s = faeker(actions=[top(6), pass_("Bo"), pass_("Cy")])
        assert s.rules.current_player(s.state) == "Ana"
        s.play(bid("Ana", 0))
        assert s.state.cubes == (4, 0, 0)


class TestEndTie:
    def test_a_player_who_passed_is_not_part_of_the_tied_showdown(self):
        s = faeker(actions=[top(5), bid("Bo", 3), bid("Cy", 3), pass_("Ana")])
        with pytest.raises(IllegalAction) as refused:
            s.play(reveal("Ana", 1, 1, 1, 2, 2))
        assert refused.value.reason == "Ana is not part of this showdown."

    def test_shared_highest_bid_goes_to_showdown(self):
        s = faeker(actions=[top(5), bid("Bo", 3), bid("Cy", 3), pass_("Ana")])
        assert s.state.phase == "reveal" and s.state.deal.reveal == "showdown"
        assert s.state.deal.awaiting == (1, 2)
        assert "FK-END-TIE" in s.verdicts[-1].rulings

    def test_lower_bidder_still_in_gets_another_turn(self):
        s = faeker(actions=[top(5), bid("Bo", 2), bid("Cy", 3), pass_("Ana")])
        assert s.state.phase == "bidding" and s.rules.current_player(s.state) == "Bo"

    def test_not_everyone_has_acted_yet(self):
        s = faeker(actions=[top(5), bid("Bo", 3), bid("Cy", 3)])
        assert s.state.phase == "bidding" and s.rules.current_player(s.state) == "Ana"


class TestShowdownCall:
    def test_everyone_still_in_shows_caller_included(self):
        s = faeker(
            players=("Ana", "Bo", "Cy", "Di"),
            actions=[top(5), bid("Bo", 1), pass_("Cy"), showdown("Di")],
        )
        assert s.state.deal.awaiting == (1, 3, 0)

    def test_only_one_player_left_takes_it(self):
        s = faeker(actions=[top(5), pass_("Bo"), pass_("Cy"), showdown("Ana")])
        assert s.state.cubes == (3, 0, 0)

    def test_the_lone_caller_is_told_the_top_cards_worth(self):
        v = faeker(actions=[top(5), pass_("Bo"), pass_("Cy"), showdown("Ana")]).verdicts[-1]
        assert v.headline == "Ana calls a showdown alone and takes the round"
        assert v.details == (
            "Everyone else has passed, so Ana is the only hand in it.",
            "Top card 5 is worth 3 fae.",
            "Round 2 next: Bo deals.",
        )

    def test_the_call_is_the_ladders_last_step_and_the_table_is_told_who_called(self):
        s = faeker(actions=[top(5), bid("Bo", 1), showdown("Cy")])
        assert s.state.deal.ladder == (
            LadderEntry(seat=1, kind="bid", amount=1),
            LadderEntry(seat=2, kind="showdown"),
        )
        assert (s.state.phase, s.state.deal.reveal) == ("reveal", "showdown")
        assert "Cy called a showdown." in what_now(s.rules, s.state).facts


class TestBluffAtLeast:
    def test_true_bid_pays_the_bidder(self):
        s = faeker(actions=[top(5), bid("Bo", 2), bluff("Cy"), reveal("Bo", 5, 6, 7, 1, 1)])
        assert s.state.cubes == (0, 3, 0)
        assert s.verdicts[-1].rulings[0] == "FK-BLUFF-AT-LEAST"

    def test_false_bid_pays_the_caller_fae_plus_one(self):
        s = faeker(actions=[top(5), bid("Bo", 4), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)])
        assert s.state.cubes == (0, 0, 4)
        assert "3 fae + 1 = 4" in " ".join(s.verdicts[-1].details)

    def test_verdict_shows_cards_count_and_comparison(self):
        s = faeker(actions=[top(2), bid("Bo", 2), bluff("Cy"), reveal("Bo", 2, 3, S, 1, 5)])
        text = " ".join(s.verdicts[-1].details)
        assert "Counted: 3, 5" in text and "total 2" in text and "needs at least 2" in text


class TestBluffExactHouseOption:
    @staticmethod
    def called_on_a_bid_of(amount: int):
        """Bo bids `amount` on a top 5, Cy calls the bluff, Bo shows 5, 6, 1, 1, 1: a count of 2."""
        return faeker(
            actions=[top(5), bid("Bo", amount), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)],
            bluff_needs_exact=True,
        )

    def test_more_than_bid_is_a_bluff(self):
        s = self.called_on_a_bid_of(1)
        assert s.state.cubes == (0, 0, 4)
        assert s.verdicts[-1].rulings[0] == "FK-BLUFF-EXACT"

    def test_exact_count_is_true(self):
        assert self.called_on_a_bid_of(2).state.cubes == (0, 3, 0)

    def test_the_settled_bluff_says_the_bid_needs_exactly_its_count(self):
        s = self.called_on_a_bid_of(2)
        assert "Bid 2, needs exactly 2: 2 meets it." in s.verdicts[-1].details


def showdown_of_two(top_card: int, bo: tuple, ana: tuple, **options):
    """Ana and Bo: Bo bids 1 on `top_card`, Ana calls a showdown, both show their hands."""
    return faeker(
        players=("Ana", "Bo"),
        actions=[
            top(top_card),
            bid("Bo", 1),
            showdown("Ana"),
            reveal("Bo", *bo),
            reveal("Ana", *ana),
        ],
        **options,
    )


class TestShowdownRank:
    def test_card_by_card_high_to_low(self):
        s = showdown_of_two(5, bo=(5, 4, 1, 1, 1), ana=(5, 3, 2, 2, 2))
        assert s.state.cubes == (0, 3)
        assert "on the second card (the ones above are equal): 4 against 3" in " ".join(
            s.verdicts[-1].details
        )

    def test_stone_circle_ranks_as_the_top_number(self):
        assert counting.showdown_key(6, [S, 1, 1, 1, 1]) == (6, 1, 1, 1, 1)

    def test_stone_circle_ranks_zero_under_a_stone_top(self):
        assert counting.showdown_key(S, [S, 1, 1, 1, 1]) == (1, 1, 1, 1, 0)


class TestShowdownTie:
    def test_identical_hands_each_take_the_fae(self):
        s = showdown_of_two(4, bo=(5, 3, 1, 1, 2), ana=(5, 3, 2, 1, 1))
        assert s.state.cubes == (3, 3)
        assert "FK-SHOWDOWN-TIE" in s.verdicts[-1].rulings


# Ana and Bo bid 1 each on a 6 and show equal hands: both win, 8 cubes owed in all.
TIED_ON_A_SHORT_SUPPLY = (
    top(6),
    bid("Bo", 1),
    bid("Ana", 1),
    reveal("Bo", 5, 3, 1, 1, 2),
    reveal("Ana", 5, 3, 2, 1, 1),
)


class TestSupplyShort:
    def _near_empty(self, supply):
        s = faeker(players=("Ana", "Bo"))
        # Jump to a state with a short supply: the rules must still conserve cubes.
        s.initial = s.initial.model_copy(
            update=dict(cubes=(SUPPLY - supply - 1, 1), supply=supply, goal=99)
        )
        return s

    def test_single_winner_takes_what_is_left(self):
        s = self._near_empty(2)
        s.play(top(6))
        s.play(bid("Bo", 1))
        s.play(pass_("Ana"))
        assert s.state.supply == 0 and s.state.cubes[1] == 3
        assert "FK-SUPPLY-SHORT" in s.verdicts[-1].rulings

    def test_tied_winners_split_whole_cubes_remainder_stays(self):
        s = self._near_empty(5)
        for a in TIED_ON_A_SHORT_SUPPLY:
            s.play(a)
        assert s.state.supply == 1
        assert sum(s.state.cubes) + s.state.supply == SUPPLY
        assert "5 / 2 = 2 each, 1 stay" in " ".join(s.verdicts[-1].details)

    def test_tied_winners_are_told_what_the_supply_holds_and_what_is_owed(self):
        s = self._near_empty(5)
        for a in TIED_ON_A_SHORT_SUPPLY:
            s.play(a)
        assert (
            "The supply holds 5 cubes for 8 owed: 5 / 2 = 2 each, 1 stay in the supply."
            in s.verdicts[-1].details
        )

    def test_a_supply_holding_just_what_is_owed_pays_in_full(self):
        s = self._near_empty(4)
        s.play(top(6))
        s.play(bid("Bo", 1))
        s.play(pass_("Ana"))
        assert s.state.supply == 0 and s.state.cubes[1] == 5
        assert "FK-SUPPLY-SHORT" not in s.verdicts[-1].rulings


class TestGameEnd:
    @staticmethod
    def played_to_the_end(**options):
        s = faeker(players=("Ana", "Bo"), **options)
        while not s.is_over:
            s.play(top(6))
            bidder = s.rules.current_player(s.state)
            s.play(bid(bidder, 1))
            s.play(pass_(s.rules.current_player(s.state)))
        return s

    def test_reaching_the_target_ends_the_game(self):
        s = self.played_to_the_end()
        assert s.state.phase == "over"
        assert max(s.state.cubes) >= 15
        assert "FK-GAME-END" in s.verdicts[-1].rulings
        with pytest.raises(GameOver):
            s.play(top(3))

    def test_exactly_the_target_is_reaching_it(self):
        s = faeker(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(cubes=(0, 11), supply=29))
        for a in (top(6), bid("Bo", 1), pass_("Ana")):
            s.play(a)
        assert (s.state.cubes, s.state.phase, s.state.winners) == ((0, 15), "over", (1,))

    def test_most_cubes_wins_when_several_reach_the_target(self):
        s = faeker(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(cubes=(13, 14), supply=13))
        for a in (
            top(6),
            bid("Bo", 1),
            bid("Ana", 1),
            reveal("Ana", 5, 3, 1, 1, 2),
            reveal("Bo", 5, 3, 2, 1, 1),
        ):
            s.play(a)
        assert s.state.cubes == (17, 18)
        assert s.state.winners == (1,)

    def test_equal_cubes_share_the_win(self):
        s = faeker(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(cubes=(13, 13), supply=14))
        for a in (
            top(6),
            bid("Bo", 1),
            bid("Ana", 1),
            reveal("Ana", 5, 3, 1, 1, 2),
            reveal("Bo", 5, 3, 2, 1, 1),
        ):
            s.play(a)
        assert s.state.winners == (0, 1)
        assert "share the win" in s.verdicts[-1].headline or "share" in " ".join(
            s.verdicts[-1].details
        )


class TestRematch:
    """FK-REMATCH: playing again, the deal moves on one seat from the last round's dealer."""

    def test_the_next_game_is_dealt_by_the_left_of_the_last_dealer(self):
        s = TestGameEnd().played_to_the_end(first_dealer=1)
        last_dealer = s.state.dealer
        again = s.rules.rematch(s.state)
        assert again.options["first_dealer"] == (last_dealer + 1) % 2
        assert again.players == ("Ana", "Bo") and again.rulings == ("FK-REMATCH",)
        assert again.note.startswith(f"First dealer: {s.state.players[(last_dealer + 1) % 2]}")

    def test_everything_else_is_the_same_table(self):
        s = faeker(players=("Ana", "Bo", "Cy"), bluff_needs_exact=True, first_dealer=2)
        s.play(top(4))
        again = s.rules.rematch(s.state)
        assert again.options == {**s.options.model_dump(mode="json"), "first_dealer": 0}
        assert again.record.actions == [] and again.record.players == ["Ana", "Bo", "Cy"]
        s.rules.verify_options(again.players, s.rules.parse_options(again.options))


class TestAllPassProjectRuling:
    def test_default_nobody_scores_and_round_moves_on(self):
        s = faeker(actions=[top(3), pass_("Bo"), pass_("Cy"), pass_("Ana")])
        assert s.state.cubes == (0, 0, 0) and s.state.round == 2
        assert "FK-ALL-PASS-VOID" in s.verdicts[-1].rulings

    def test_house_option_everyone_shows(self):
        s = faeker(actions=[top(3), pass_("Bo"), pass_("Cy"), pass_("Ana")], all_pass="showdown")
        assert s.state.phase == "reveal" and s.state.deal.awaiting == (1, 2, 0)

    def test_house_option_everyone_shows_for_a_showdown(self):
        s = faeker(actions=[top(3), pass_("Bo"), pass_("Cy"), pass_("Ana")], all_pass="showdown")
        assert s.state.deal.reveal == "showdown"


class TestEveryVerdictNamesARuling:
    def test_all_verdicts_of_a_round_cite_rulings(self):
        s = faeker(
            actions=[top(5), bid("Bo", 1), bid("Cy", 2), bluff("Ana"), reveal("Cy", 5, 6, 1, 1, 1)]
        )
        for v in s.verdicts:
            assert v.rulings, v.headline
            for r in v.rulings:
                s.rules.rulings[r]  # every cited id exists
