"""One test class per Fairy Bucks ruling of referee/games/fairybucks/rulings.py."""

import pytest

from referee.core.errors import IllegalAction, InvalidAction
from referee.games.fairybucks.material import BUCKS
from referee.games.fairybucks.model import Item
from referee.games.fairybucks.scoring import score
from tests.helpers import fairybucks, finale, lot, reveal_bucks

LOT = lot((5, "moon"), (3, "sun"), (2, "star"))
# A first lot that nobody wins (both Poof! at once): the Bucks in hand stay level.
NOBODY_WINS = [LOT, reveal_bucks(Ana="poof", Bo="poof")]


class TestMoney:
    def test_everyone_starts_with_bucks_one_to_ten_and_a_poof(self):
        s = fairybucks()
        assert all(h == tuple(range(1, 11)) for h in s.state.hands)
        assert s.state.poof_spent == (False, False, False)


class TestItemsAndSetup:
    def test_items_worth_one_are_refused_with_two_players(self):
        two = fairybucks(players=("Ana", "Bo"))
        with pytest.raises(InvalidAction, match="worth 1 leave the deck in a 2-player game"):
            two.play(lot((1, "moon"), (3, "sun")))
        for action in NOBODY_WINS:
            two.play(action)
        with pytest.raises(InvalidAction, match="worth 1"):
            two.play(finale(1, "book"))
        assert 1 not in two.rules.choices(two.state).item_values
        three = fairybucks()
        three.play(lot((1, "moon")))
        assert three.state.phase == "auction"

    def test_the_castle_is_not_offered_before_the_first_lot(self):
        # The castle item is turned up after the last lot, never before the first.
        s = fairybucks()
        assert not s.rules.choices(s.state).finale
        with pytest.raises(IllegalAction, match="after the last lot: turn up the first lot"):
            s.play(finale(4, "book"))
        assert s.state.lot_number == 0

    def test_the_finale_is_offered_only_between_auctions(self):
        s = fairybucks(actions=[LOT])
        assert not s.rules.choices(s.state).finale
        with pytest.raises(IllegalAction, match="Finish the running auction"):
            s.play(finale(4, "book"))

    def test_two_player_setup_sets_aside_one_and_removes_the_ones(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=30)
        assert s.rules.items_left(s.state) == 30 - 4 - 1 - 1
        s3 = fairybucks(deck_size=30)
        assert s3.rules.items_left(s3.state) == 30 - 1 - 2
        assert s3.rules.lots_left(s3.state) == 9

    def test_lot_size_follows_the_deck_and_the_last_lot_may_be_smaller(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=10)  # 10 - 4 - 1 - 1 = 4 items
        with pytest.raises(InvalidAction, match="This lot has 3"):
            s.play(lot((1, "moon")))
        s.play(LOT)
        s.play(reveal_bucks(Ana="poof", Bo=1))
        with pytest.raises(InvalidAction, match="This lot has 1"):
            s.play(LOT)
        s.play(lot((4, "book")))
        assert s.rules.lots_left(s.state) == 0

    def test_item_values_and_symbols_are_checked(self):
        with pytest.raises(InvalidAction):
            fairybucks(actions=[lot((5, "teapot"))])

    def test_a_deck_that_leaves_nothing_to_auction_is_refused(self):
        # 2 players: the four 1s leave, one item hides on the castle, one is set aside.
        with pytest.raises(InvalidAction) as refused:
            fairybucks(players=("Ana", "Bo"), deck_size=6)
        assert refused.value.reason == "A deck of 6 items leaves nothing to auction."
        one = fairybucks(players=("Ana", "Bo"), deck_size=7)
        assert one.rules.items_left(one.state) == 1

    def test_an_item_worth_one_at_two_players_is_refused_in_one_sentence(self):
        two = fairybucks(players=("Ana", "Bo"))
        with pytest.raises(InvalidAction) as refused:
            two.play(lot((1, "moon"), (3, "sun")))
        assert refused.value.reason == (
            "The four items worth 1 leave the deck in a 2-player game: check the value."
        )

    def test_a_two_player_game_has_no_item_worth_one_left_to_turn_up(self):
        two = fairybucks(players=("Ana", "Bo"))
        assert two.rules.choices(two.state).ones_left == 0
        three = fairybucks()
        assert three.rules.choices(three.state).ones_left == 4

    def test_a_lot_of_the_wrong_size_says_how_many_items_are_left(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=10)  # 4 items to auction
        with pytest.raises(InvalidAction) as refused:
            s.play(lot((4, "book")))
        assert refused.value.reason == "This lot has 3 items: 4 items are left to auction."
        s.play(LOT)
        s.play(reveal_bucks(Ana="poof", Bo=1))
        with pytest.raises(InvalidAction) as refused:
            s.play(LOT)
        assert refused.value.reason == "This lot has 1 item: 1 item is left to auction."

    def test_a_lot_the_deck_does_not_leave_is_not_offered(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=10)  # 4 items: the first lot holds 3
        assert s.rules.choices(s.state).lot_sizes == (3,)
        assert not s.rules.offers(s.state, s.rules.parse_action(lot((4, "book"))))
        assert s.rules.offers(s.state, s.rules.parse_action(LOT))

    def test_the_castle_waits_until_every_item_is_auctioned(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=10)  # 4 items to auction
        with pytest.raises(IllegalAction) as refused:
            s.play(finale(4, "book"))
        assert refused.value.reason == "4 items are still to be auctioned."
        s.play(LOT)
        s.play(reveal_bucks(Ana="poof", Bo=1))
        with pytest.raises(IllegalAction) as refused:
            s.play(finale(4, "book"))
        assert refused.value.reason == "1 item is still to be auctioned."

    def test_once_every_item_is_auctioned_no_lot_follows(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=9)  # 3 items: one full lot
        s.play(LOT)
        s.play(reveal_bucks(Ana="poof", Bo=1))
        menu = s.rules.choices(s.state)
        assert menu.lot_sizes == () and menu.finale
        with pytest.raises(IllegalAction) as refused:
            s.play(LOT)
        assert refused.value.reason == "Every item has been auctioned: turn up the castle item."


class TestItemLimits:
    """FB-ITEM-LIMITS: at most four items worth 1 (none with 2 players); a short lot is the last."""

    def test_a_fifth_item_worth_one_is_refused(self):
        s = fairybucks(poof_returns=True, actions=[lot((1, "moon"), (1, "sun"), (1, "star"))])
        s.play(reveal_bucks(Ana="poof", Bo="poof", Cy="poof"))
        assert s.rules.choices(s.state).ones_left == 1
        before = s.state
        with pytest.raises(IllegalAction) as info:
            s.play(lot((1, "moon"), (1, "sun"), (2, "star")))
        assert info.value.reason == (
            "A game has only 4 items worth 1, and 3 have been turned up already: this would "
            "make 5. Check the values."
        )
        assert s.state == before
        s.play(lot((1, "moon"), (2, "sun"), (2, "star")))
        s.play(reveal_bucks(Ana="poof", Bo="poof", Cy="poof"))
        menu = s.rules.choices(s.state)
        assert 1 not in menu.item_values and menu.ones_left == 0
        with pytest.raises(IllegalAction, match="only 4 items worth 1"):
            s.play(finale(1, "book"))

    def test_two_items_worth_one_turned_up_leave_room_for_two_more(self):
        s = fairybucks(actions=[lot((1, "moon"), (1, "sun"), (2, "star"))])
        s.play(reveal_bucks(Ana="poof", Bo="poof", Cy="poof"))
        with pytest.raises(IllegalAction) as info:
            s.play(lot((1, "moon"), (1, "sun"), (1, "star")))
        assert info.value.reason == (
            "A game has only 4 items worth 1, and 2 have been turned up already: this would "
            "make 5. Check the values."
        )

    def test_a_lot_after_a_short_lot_is_refused(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[lot((2, "moon"), (2, "sun"))])
        s.play(reveal_bucks(Ana="poof", Bo="poof"))
        menu = s.rules.choices(s.state)
        assert menu.lot_sizes == () and menu.finale
        before = s.state
        with pytest.raises(IllegalAction) as info:
            s.play(lot((2, "moon"), (2, "sun"), (2, "star")))
        assert info.value.reason == (
            "Lot 1 held fewer than 3 items, so it was the last lot: turn up the item hidden "
            "on the castle."
        )
        assert s.state == before
        s.play(finale(4, "book"))
        assert s.state.phase == "over"

    def test_full_lots_go_on(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[LOT])
        s.play(reveal_bucks(Ana="poof", Bo="poof"))
        assert s.rules.choices(s.state).lot_sizes == (1, 2, 3)

    def test_the_counts_stay_out_of_the_replayed_state(self):
        s = fairybucks(actions=[lot((1, "moon"))])
        assert "ones" not in s.state.model_dump(mode="json")


class TestReveal:
    def test_totals_are_the_sum_of_showing_bucks(self):
        s = fairybucks(
            actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1), reveal_bucks(Ana=2, Bo=6, Cy=3)]
        )
        assert [s.state.total(i) for i in range(3)] == [9, 11, 4]

    def test_only_bucks_in_hand(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1)])
        with pytest.raises(IllegalAction, match="does not hold a 7"):
            s.play(reveal_bucks(Ana=7, Bo=6, Cy=3))

    def test_a_buck_not_in_hand_is_refused_naming_the_player_and_the_hand(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1)])
        with pytest.raises(IllegalAction) as refused:
            s.play(reveal_bucks(Ana=7, Bo=6, Cy=3))
        assert refused.value.reason == "Ana does not hold a 7: in hand 1, 2, 3, 4, 5, 6, 8, 9, 10."

    def test_nothing_only_with_no_bucks_in_hand(self):
        s = fairybucks(actions=[LOT])
        with pytest.raises(IllegalAction, match="still holds Bucks"):
            s.play(reveal_bucks(Ana="none", Bo=6, Cy=3))

    def test_everyone_still_in_must_show(self):
        s = fairybucks(actions=[LOT])
        with pytest.raises(InvalidAction, match="Still to show a card: Cy"):
            s.play(reveal_bucks(Ana=1, Bo=2))

    def test_player_with_no_bucks_shows_nothing(self):
        s = fairybucks(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(
            update=dict(hands=((), (1, 2, 3)), poof_spent=(True, False))
        )
        s.play(LOT)
        s.play(reveal_bucks(Ana="none", Bo=1))
        assert s.state.auction.high_bidder == 1


class TestHighBidder:
    def test_single_highest_total_is_high_bidder(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1)])
        assert s.state.auction.high_bidder == 0
        assert "Ana is High Bidder at 7" in s.verdicts[-1].headline

    def test_tie_at_the_top_means_no_high_bidder(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana=7, Bo=7, Cy=1)])
        assert s.state.auction.high_bidder is None
        assert "Ana and Bo tie at 7, so nobody is High Bidder" in s.verdicts[-1].headline

    def test_a_three_way_tie_names_every_tied_player_in_one_list(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana=7, Bo=7, Cy=7)])
        assert "Ana, Bo and Cy tie at 7" in s.verdicts[-1].headline


class TestHighBidderTwice:
    def test_same_high_bidder_twice_in_a_row_wins(self):
        s = fairybucks(
            actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1), reveal_bucks(Ana=2, Bo=3, Cy=4)]
        )
        assert s.state.phase == "lot"
        assert len(s.state.won[0]) == 3
        assert "FB-TWICE" in s.verdicts[-1].rulings

    def test_streak_broken_by_a_tie(self):
        s = fairybucks(
            actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1), reveal_bucks(Ana=1, Bo=3, Cy=2)]
        )  # 8, 8: tie
        assert s.state.phase == "auction" and s.state.auction.high_bidder is None
        s.play(reveal_bucks(Ana=2, Bo=1, Cy=3))  # Ana 10, Bo 9: HB once, not twice
        assert s.state.phase == "auction" and s.state.auction.high_bidder == 0

    def test_winner_discards_bid_others_lose_their_lowest_buck(self):
        s = fairybucks(
            actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1), reveal_bucks(Ana=2, Bo=3, Cy=4)]
        )
        st = s.state
        assert st.discarded == ((2, 7), (3,), (1,))
        assert 5 in st.hands[1] and 4 in st.hands[2]
        text = " ".join(s.verdicts[-1].details)
        assert "Bo loses the lowest Buck showing, 3; 5 back to hand" in text
        assert "Ana discards the Bucks bid: 2, 7 (9)" in text

    def test_a_loser_showing_one_buck_loses_it_and_takes_nothing_back(self):
        s = fairybucks(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(hands=(BUCKS, (3,)), poof_spent=(False, True)))
        s.play(LOT)
        s.play(reveal_bucks(Ana=10, Bo=3))
        v = s.play(reveal_bucks(Ana=1, Bo="none"))
        assert "Bo loses the lowest Buck showing, 3." in v.details


class TestPoof:
    def test_poof_takes_showing_bucks_back_and_leaves_the_auction(self):
        s = fairybucks(
            actions=[LOT, reveal_bucks(Ana=7, Bo=5, Cy=1), reveal_bucks(Ana=1, Bo=6, Cy="poof")]
        )
        assert s.state.auction.out == (False, False, True)
        assert 1 in s.state.hands[2] and s.state.auction.showing[2] == ()
        with pytest.raises(IllegalAction, match="Poofed"):
            s.play(reveal_bucks(Ana=2, Bo=3, Cy=4))

    def test_only_players_still_in_the_auction_pick_a_card(self):
        s = fairybucks(actions=[LOT])
        assert s.rules.pick_options(s.state, 2) == s.rules.showable(s.state, 2)
        s.play(reveal_bucks(Ana=7, Bo=5, Cy="poof"))
        assert s.rules.pick_options(s.state, 2) == ()
        assert s.rules.pick_options(s.state, 0) == (*range(1, 7), 8, 9, 10, "poof")

    def test_poof_on_the_first_reveal(self):
        s = fairybucks(actions=[LOT, reveal_bucks(Ana="poof", Bo=5, Cy=1)])
        assert s.state.auction.out[0] and s.state.auction.high_bidder == 1

    def test_a_poof_with_nothing_showing_takes_nothing_back(self):
        v = fairybucks(actions=[LOT]).play(reveal_bucks(Ana="poof", Bo=5, Cy=1))
        assert v.details[0] == "Ana: Poof!; out of this auction"

    def test_two_poofs_in_one_reveal_cite_the_poof_once(self):
        s = fairybucks(players=("Ana", "Bo", "Cy", "Di"), actions=[LOT])
        v = s.play(reveal_bucks(Ana="poof", Bo="poof", Cy=1, Di=2))
        assert v.rulings == ("FB-REVEAL", "FB-POOF", "FB-HIGH-BIDDER")

    def test_poof_is_spent_for_the_game(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[LOT, reveal_bucks(Ana="poof", Bo=1)])
        s.play(LOT)
        with pytest.raises(IllegalAction, match="already spent"):
            s.play(reveal_bucks(Ana="poof", Bo=2))

    def test_a_spent_poof_cites_no_return_without_the_house_option(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[LOT])
        assert s.play(reveal_bucks(Ana="poof", Bo=1)).rulings == (
            "FB-REVEAL",
            "FB-POOF",
            "FB-LAST-STANDING",
        )

    def test_house_option_poof_returns(self):
        s = fairybucks(
            players=("Ana", "Bo"), poof_returns=True, actions=[LOT, reveal_bucks(Ana="poof", Bo=1)]
        )
        assert "FB-POOF-RETURNS" in s.verdicts[-1].rulings
        s.play(LOT)
        s.play(reveal_bucks(Ana="poof", Bo=2))


class TestLastStanding:
    def test_last_player_left_wins_and_discards_their_bid(self):
        s = fairybucks(
            actions=[
                LOT,
                reveal_bucks(Ana=7, Bo=5, Cy=1),
                reveal_bucks(Ana=1, Bo="poof", Cy="poof"),
            ]
        )
        assert len(s.state.won[0]) == 3
        assert s.state.discarded[0] == (1, 7)
        assert s.state.hands[1] == tuple(range(1, 11))
        assert "FB-LAST-STANDING" in s.verdicts[-1].rulings

    def test_the_last_player_left_is_said_to_win_as_everyone_else_poofed(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[LOT])
        assert s.play(reveal_bucks(Ana="poof", Bo=1)).headline == (
            "Bo wins lot 1: everyone else Poofed"
        )


class TestAllPoof:
    def test_everyone_poofing_at_once_discards_the_lot(self):
        s = fairybucks(
            players=("Ana", "Bo"),
            actions=[LOT, reveal_bucks(Ana=7, Bo=5), reveal_bucks(Ana="poof", Bo="poof")],
        )
        assert s.state.won == ((), ()) and s.state.discarded_lots == 1
        assert s.state.hands[0] == tuple(range(1, 11))
        assert "FB-ALL-POOF" in s.verdicts[-1].rulings


class TestStall:
    def test_tied_players_with_nothing_left_stall_and_the_lot_is_discarded(self):
        s = fairybucks(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(hands=((5,), (5,)), poof_spent=(True, True)))
        s.play(LOT)
        s.play(reveal_bucks(Ana=5, Bo=5))
        s.play(reveal_bucks(Ana="none", Bo="none"))
        assert s.state.phase == "lot" and s.state.discarded_lots == 1
        assert s.state.hands == ((5,), (5,))
        assert "FB-STALL-DISCARD" in s.verdicts[-1].rulings

    def test_a_stalled_auction_says_where_it_is_stuck(self):
        s = fairybucks(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(hands=((5,), (5,)), poof_spent=(True, True)))
        s.play(LOT)
        s.play(reveal_bucks(Ana=5, Bo=5))
        v = s.play(reveal_bucks(Ana="none", Bo="none"))
        assert v.headline == "Reveal 2 of lot 1: the auction is stuck at a tie of 5"

    def test_house_option_first_to_the_top_total_takes_a_stalled_lot(self):
        s = fairybucks(players=("Ana", "Bo"), stalled_auction="first_to_total")
        s.initial = s.initial.model_copy(
            update=dict(hands=((5, 1), (4, 2)), poof_spent=(True, True))
        )
        s.play(LOT)
        s.play(reveal_bucks(Ana=5, Bo=4))  # Ana 5 (reveal 1), Bo 4
        s.play(reveal_bucks(Ana=1, Bo=2))  # Ana 6, Bo 6 (reached in reveal 2): tie
        s.play(reveal_bucks(Ana="none", Bo="none"))  # stuck
        # Both reached 6 in reveal 2: reached together, so the lot is discarded.
        assert s.state.discarded_lots == 1 and "FB-STALL-FIRST" in s.verdicts[-1].rulings

    def test_first_to_total_gives_the_lot_to_the_earlier_player(self):
        s = fairybucks(players=("Ana", "Bo"), stalled_auction="first_to_total")
        s.initial = s.initial.model_copy(update=dict(hands=((6,), (4, 2)), poof_spent=(True, True)))
        s.play(LOT)
        s.play(reveal_bucks(Ana=6, Bo=4))  # Ana reaches 6 in reveal 1
        s.play(reveal_bucks(Ana="none", Bo=2))  # Bo reaches 6 in reveal 2: tie
        s.play(reveal_bucks(Ana="none", Bo="none"))  # stuck
        assert len(s.state.won[0]) == 3
        assert "first to the top total" in s.verdicts[-1].headline

    def test_first_to_total_says_in_which_reveal_each_reached_the_top(self):
        s = fairybucks(players=("Ana", "Bo"), stalled_auction="first_to_total")
        s.initial = s.initial.model_copy(update=dict(hands=((6,), (4, 2)), poof_spent=(True, True)))
        s.play(LOT)
        s.play(reveal_bucks(Ana=6, Bo=4))
        s.play(reveal_bucks(Ana="none", Bo=2))
        v = s.play(reveal_bucks(Ana="none", Bo="none"))
        assert "Reached the top total of 6: Ana in reveal 1, Bo in reveal 2." in v.details

    def test_players_with_no_bucks_at_all_reached_their_total_together_before_any_reveal(self):
        s = fairybucks(players=("Ana", "Bo"), stalled_auction="first_to_total")
        s.initial = s.initial.model_copy(update=dict(hands=((), ()), poof_spent=(True, True)))
        s.play(LOT)
        v = s.play(reveal_bucks(Ana="none", Bo="none"))
        assert v.headline == (
            "Reveal 1 of lot 1: stuck at a tie of 0, reached together; the lot is discarded"
        )
        assert "Reached the top total of 0: Ana in reveal 0, Bo in reveal 0." in v.details

    def test_a_kept_poof_does_not_hold_off_the_stall(self):
        s = fairybucks(players=("Ana", "Bo"))
        s.initial = s.initial.model_copy(update=dict(hands=((5,), (5,))))
        s.play(LOT)
        s.play(reveal_bucks(Ana=5, Bo=5))
        assert s.rules.showable(s.state, 0) == ("poof", "none")
        s.play(reveal_bucks(Ana="none", Bo="none"))
        assert s.state.phase == "lot" and s.state.discarded_lots == 1
        assert s.state.poof_spent == (False, False)
        assert "FB-STALL-DISCARD" in s.verdicts[-1].rulings

    def test_the_option_says_what_the_ruling_says(self):
        from referee.games.fairybucks.model import FairyBucksOptions

        said = FairyBucksOptions.model_fields["stalled_auction"].description
        assert "shows nothing" in said and "Poof!" in said and "tied" in said


class TestCastle:
    def test_most_bucks_in_hand_takes_castle_and_hidden_item(self):
        s = fairybucks(
            players=("Ana", "Bo"),
            castle_value=2,
            actions=[LOT, reveal_bucks(Ana=10, Bo=1), reveal_bucks(Ana=1, Bo=2)],
        )
        s.play(finale(4, "book"))
        assert s.state.castle_winner == 1  # Bo kept more
        assert s.rules.scores(s.state)[1].total == 4 + 2

    def test_castle_tie_nobody_takes_it(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[*NOBODY_WINS, finale(4, "book")])
        assert s.state.castle_winner is None
        assert "nobody takes the castle" in " ".join(s.verdicts[-1].details)

    def test_a_tie_for_the_most_bucks_names_the_tied_and_nobody_takes_the_castle(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[*NOBODY_WINS, finale(4, "book")])
        assert s.verdicts[-1].details[1] == (
            "Ana and Bo tie with 55: nobody takes the castle or 4 book."
        )

    def test_the_castles_hidden_item_is_turned_up_at_the_end(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[*NOBODY_WINS, finale(4, "book")])
        assert s.state.castle_item == Item(value=4, symbol="book")
        assert s.state.model_dump(mode="json")["castle_item"] == {"value": 4, "symbol": "book"}

    def test_finale_waits_for_the_items_and_the_auction(self):
        s = fairybucks(deck_size=30, actions=[LOT])
        with pytest.raises(IllegalAction, match="Finish the running auction"):
            s.play(finale(1, "moon"))


class TestScore:
    def test_values_plus_four_per_complete_set(self):
        items = [
            Item(value=v, symbol=s)
            for v, s in [
                (1, "moon"),
                (2, "sun"),
                (3, "star"),
                (4, "book"),
                (1, "moon"),
                (1, "sun"),
                (1, "star"),
                (1, "book"),
                (5, "moon"),
            ]
        ]
        sc = score(items)
        assert (sc.values, sc.sets, sc.total) == (19, 2, 27)
        assert "2 complete sets x 4 = 8" in sc.arithmetic(items)

    def test_tied_scores_share_the_win(self):
        s = fairybucks(players=("Ana", "Bo"), actions=[*NOBODY_WINS, finale(4, "book")])
        assert s.state.winners == (0, 1)
        assert "share the win" in s.verdicts[-1].headline


class TestSeries:
    def test_scores_add_up_across_games_by_player(self):
        from referee.core.series import series_totals

        one = fairybucks(
            players=("Ana", "Bo"),
            series="Friday",
            actions=[LOT, reveal_bucks(Ana=7, Bo=5), reveal_bucks(Ana=2, Bo=3)],
        )
        two = fairybucks(
            players=("Bo", "Ana"),
            series="Friday",
            actions=[lot((4, "book")), reveal_bucks(Bo=9, Ana="poof")],
        )
        totals = series_totals(one.rules, [one.state, two.state])
        assert totals == {"Ana": 10, "Bo": 4}

    def test_a_game_belongs_to_the_series_it_names_and_to_none_without_a_name(self):
        s = fairybucks(series="Friday")
        assert s.rules.series(s.options) == "Friday"
        assert s.rules.series(fairybucks().options) is None


class TestTheShortLotIsTheLast:
    ruling = "FB-ITEM-LIMITS"

    def test_a_lot_of_fewer_items_says_it_is_the_last_as_it_is_turned_up(self):
        s = fairybucks(players=("Ana", "Bo"))
        v = s.play(lot((5, "moon"), (3, "sun")))
        assert v.details[-1] == (
            "It holds fewer than three items, so it is the last lot: the item hidden on the "
            "castle comes after it."
        )
        assert v.rulings == ("FB-ITEMS", "FB-ITEM-LIMITS")

    def test_a_full_lot_says_nothing_of_the_last(self):
        v = fairybucks().play(LOT)
        assert v.rulings == ("FB-ITEMS",)

    def test_after_the_short_lot_no_lot_may_come_and_the_screen_says_the_castle_is_next(self):
        from referee.ui.games import VIEWS

        s = fairybucks(players=("Ana", "Bo"), actions=[lot((5, "moon"), (3, "sun"))])
        assert not s.rules.lots_over(s.state)  # its auction is on
        s.play(reveal_bucks(Ana="poof", Bo="poof"))
        assert s.rules.lots_over(s.state)
        view = VIEWS["fairybucks"](lambda _a: None, lambda: None, lambda _m: None)
        assert view.status(s.state) == "Every lot is done: turn up the item hidden on the castle."
