"""The end of a Deceptidice game and the audit of a state: who is down and who wins, and
each conserved quantity a broken state breaks, said once. Held here because one-token
changes to rules.py's outcome and audit went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.games.deceptidice.material import die_sizes, sizes_text
from tests.helpers import deceptidice


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
