"""Fairy Bucks verdicts read whole: a reveal with a High Bidder, a lot won on the second
reveal, and the finale with the castle, the scores and the end; ordinals and the score's
arithmetic too. Held line by line because one-token changes to auction.py, scoring.py and
rules.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.verdict import ScoreChange
from referee.games.fairybucks.auction import _ordinal
from referee.games.fairybucks.material import ones_in_play
from referee.games.fairybucks.model import Item
from referee.games.fairybucks.scoring import score
from tests.helpers import fairybucks, finale, lot, reveal_bucks

LOT = lot((5, "moon"), (3, "sun"), (2, "star"))


class TestHighBidderTwice:
    ruling = "FB-TWICE"

    def test_a_lot_won_on_the_second_reveal_is_said_whole(self):
        s = fairybucks(players=("Ana", "Bo"), castle_value=2, actions=[LOT])
        v = s.play(reveal_bucks(Ana=10, Bo=1))
        assert v.headline == "Reveal 1 of lot 1: Ana is High Bidder at 10"
        assert v.details == (
            "Ana: 10, total 10 (10)",
            "Bo: 1, total 1 (1)",
            "If Ana is High Bidder after the next reveal too, Ana wins the lot.",
        )
        assert (v.rulings, v.decisive) == (("FB-REVEAL", "FB-HIGH-BIDDER"), False)
        v = s.play(reveal_bucks(Ana=1, Bo=2))
        assert v.headline == "Ana wins lot 1: High Bidder for the 2nd reveal in a row"
        assert v.details == (
            "Ana: 1, total 11 (10 + 1)",
            "Bo: 2, total 3 (1 + 2)",
            "Ana discards the Bucks bid: 1, 10 (11).",
            "Bo loses the lowest Buck showing, 1; 2 back to hand.",
            "Ana takes 5 moon, 3 sun, 2 star.",
            "Ana's items now score items 5 + 3 + 2 = 10; total 10.",
        )
        assert v.rulings == ("FB-REVEAL", "FB-HIGH-BIDDER", "FB-TWICE")
        assert v.changes == (ScoreChange(player="Ana", before=0, after=10),)
        assert v.decisive

    @pytest.mark.parametrize(
        ("n", "said"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th")]
    )
    def test_a_streak_is_counted_in_ordinals(self, n, said):
        assert _ordinal(n) == said


class TestCastle:
    ruling = "FB-CASTLE"

    def test_the_finale_gives_the_castle_and_ends_the_game(self):
        s = fairybucks(
            players=("Ana", "Bo"),
            castle_value=2,
            actions=[LOT, reveal_bucks(Ana=10, Bo=1), reveal_bucks(Ana=1, Bo=2)],
        )
        v = s.play(finale(4, "book"))
        assert v.headline == "Ana wins with 10 points"
        assert v.details == (
            "Bucks left in hand: Ana 44, Bo 54.",
            "Bo has the most (54) and takes the castle (worth 2) with its hidden item, 4 book.",
            "Ana: items 5 + 3 + 2 = 10; total 10.",
            "Bo: items 4 = 4; castle card 2; total 6.",
        )
        assert v.rulings == ("FB-CASTLE", "FB-SCORE")
        assert v.changes == (ScoreChange(player="Bo", before=0, after=6),)
        assert v.decisive
        ended = s.rules.outcome(s.state)
        assert (ended.headline, ended.winners) == ("Ana wins with 10 points", (0,))
        assert ended.reason == (
            "Items and set bonuses add up to the most points; Bo took the castle."
        )
        assert ended.rulings == ("FB-CASTLE", "FB-SCORE")
        assert ended.decided == ("10 points", "6 points")
        assert ended.places == (1, 2)

    def test_a_tie_for_the_most_bucks_leaves_the_castle_and_shares_the_win(self):
        s = fairybucks(
            players=("Ana", "Bo", "Cy"),
            actions=[LOT, reveal_bucks(Ana="poof", Bo="poof", Cy="poof")],
        )
        v = s.play(finale(4, "book"))
        assert v.headline == "Ana, Bo and Cy share the win with 0 points"
        assert v.details[0] == "Bucks left in hand: Ana 55, Bo 55, Cy 55."
        assert v.details[2:] == (
            "Ana: items 0 = 0; total 0.",
            "Bo: items 0 = 0; total 0.",
            "Cy: items 0 = 0; total 0.",
        )
        ended = s.rules.outcome(s.state)
        assert ended.winners == (0, 1, 2)
        assert ended.reason == (
            "Items and set bonuses add up to the most points; nobody took the castle."
        )
        assert ended.decided == ("0 points", "0 points", "0 points")


class TestScore:
    ruling = "FB-SCORE"

    def test_the_arithmetic_says_values_sets_and_castle(self):
        items = [
            Item(value=v, symbol=s) for v, s in [(1, "moon"), (2, "sun"), (3, "star"), (4, "book")]
        ]
        assert score(items, 3).arithmetic(items) == (
            "items 1 + 2 + 3 + 4 = 10; 1 complete set x 4 = 4; castle card 3; total 17"
        )
        assert score([]).arithmetic([]) == "items 0 = 0; total 0"


class TestItemsAndSetup:
    ruling = "FB-ITEMS"

    def test_the_items_worth_one_leave_only_a_two_player_game(self):
        assert (ones_in_play(2), ones_in_play(3)) == (0, 4)

    def test_the_last_lot_says_to_turn_up_the_castles_item(self):
        s = fairybucks(players=("Ana", "Bo"), deck_size=9)  # 3 items to auction: one lot
        v = s.play(LOT)
        assert (v.headline, v.details, v.rulings) == (
            "Lot 1: 5 moon, 3 sun, 2 star",
            ("10 points on offer, before set bonuses.",),
            ("FB-ITEMS",),
        )
        s.play(reveal_bucks(Ana=10, Bo=1))
        v = s.play(reveal_bucks(Ana=1, Bo=2))
        assert v.details[-1] == "That was the last lot: turn up the item hidden on the castle."


class TestPoof:
    ruling = "FB-POOF"

    def test_a_poof_is_said_and_its_bucks_go_back_to_hand(self):
        s = fairybucks(players=("Ana", "Bo", "Cy"), actions=[LOT, reveal_bucks(Ana=4, Bo=3, Cy=2)])
        v = s.play(reveal_bucks(Ana="poof", Bo=5, Cy=1))
        assert v.details[0] == "Ana: Poof!, 4 back to hand; out of this auction"
        assert v.rulings == ("FB-REVEAL", "FB-POOF", "FB-HIGH-BIDDER")
        assert s.state.hands[0] == tuple(range(1, 11))
