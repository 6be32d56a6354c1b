"""After a challenge: the loser's discard, the swap (with the draw pile or another player,
hands open or closed) or no swap, and the next round, each verdict read whole. Held here
because one-token changes to round_end.py went unseen by the other tests (tools/mutate.py).
"""

import pytest

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.verdict import ScoreChange
from tests.helpers import (
    dd_challenge,
    dd_colour,
    dd_discard,
    dd_guess,
    dd_keep,
    dd_swap,
    dd_tops,
    deceptidice,
)

THREE = ("Ana", "Bo", "Cy")  # 4 dice each: 3, 2, 2, 2 cards
NEXT_ROUND = (
    "Round 2: Ana is the Liar and guesses first.",
    "Make 4 dice each, of so many cards: Ana 2, 2, 1, 1; Bo 3, 2, 2, 2; Cy 3, 2, 2, 2.",
)


def ana_discarded(**options):
    """Ana's guess of 2 Red cards is challenged and false; she discards her die of 3."""
    s = deceptidice(
        players=THREE,
        actions=[
            dd_guess("Ana", dd_colour(2, "R")),
            dd_challenge("Bo"),
            dd_tops(
                Ana=["G4", "G1", "Y2", "B3"],
                Bo=["R1", "B2", "G3", "Y5"],
                Cy=["B1", "B4", "B5", "B6"],
            ),
        ],
        **options,
    )
    return s, s.play(dd_discard("Ana", 3))


class TestSwap:
    ruling = "DD-SWAP"

    @pytest.mark.parametrize(
        ("swap", "with_whom", "ruling"),
        [
            ("draw_pile", "the draw pile", "DD-SWAP"),
            ("another_player", "another player", "DD-SWAP-PLAYER"),
        ],
    )
    def test_the_loser_may_swap_after_the_discard(self, swap, with_whom, ruling):
        _, v = ana_discarded(swap=swap)
        assert v.headline == "Ana discards a die of 3 cards, face up: 6 cards left"
        assert v.details == (f"Ana may now swap one card with {with_whom}.",)
        assert v.rulings == ("DD-CHALLENGE", ruling)

    @pytest.mark.parametrize(
        ("swap", "action", "said", "rulings"),
        [
            (
                "draw_pile",
                dd_swap("Ana"),
                "Ana swaps a card with the draw pile",
                ("DD-SWAP", "DD-START"),
            ),
            (
                "another_player",
                dd_swap("Ana", partner="Cy"),
                "Ana swaps a card with Cy",
                ("DD-SWAP-PLAYER", "DD-START"),
            ),
        ],
    )
    def test_a_closed_swap_names_no_card_and_counts_one_swap(self, swap, action, said, rulings):
        s, _ = ana_discarded(swap=swap)
        v = s.play(action)
        assert (v.headline, v.rulings) == (said, rulings)
        assert v.details == ("Hand sizes do not change.", *NEXT_ROUND)
        assert s.state.swaps == 1

    @pytest.mark.parametrize(
        ("swap", "partner", "said", "ruling"),
        [
            ("draw_pile", None, "Ana swaps Red 1 for Blue 2 from the draw pile", "DD-SWAP"),
            ("another_player", "Cy", "Ana swaps Red 1 for Blue 2 from Cy", "DD-SWAP-PLAYER"),
        ],
    )
    def test_an_open_swap_names_both_cards(self, swap, partner, said, ruling):
        s, _ = ana_discarded(swap=swap, open_hands=True)
        v = s.play(dd_swap("Ana", partner=partner, give="R1", take="B2"))
        assert (v.headline, v.rulings) == (said, (ruling, "DD-START", "DD-OPEN"))
        assert s.state.swaps == 1

    @pytest.mark.parametrize(
        ("swap", "ruling"), [("draw_pile", "DD-SWAP"), ("another_player", "DD-SWAP-PLAYER")]
    )
    def test_keeping_the_cards_opens_the_next_round(self, swap, ruling):
        s, _ = ana_discarded(swap=swap)
        v = s.play(dd_keep("Ana"))
        assert (v.headline, v.details, v.rulings) == (
            "Ana keeps their cards",
            NEXT_ROUND,
            (ruling, "DD-START"),
        )
        assert s.state.swaps == 0

    @pytest.mark.parametrize(
        ("options", "action", "error", "reason"),
        [
            (
                dict(swap="another_player"),
                dd_swap("Ana", partner="Ana"),
                IllegalAction,
                "Ana cannot swap with themself.",
            ),
            (
                dict(swap="another_player"),
                dd_swap("Ana"),
                IllegalAction,
                "This table swaps with another player: say with whom.",
            ),
            (
                dict(swap="draw_pile"),
                dd_swap("Ana", partner="Bo"),
                IllegalAction,
                "This table swaps with the draw pile, not with another player.",
            ),
            (
                dict(swap="another_player", open_hands=True),
                dd_swap("Ana", partner="Cy", give="R1"),
                InvalidAction,
                "Hands are open: name the card given and the card taken in the swap.",
            ),
            (
                dict(swap="draw_pile"),
                dd_swap("Ana", give="R1"),
                InvalidAction,
                "Hands are closed: a swap is secret, so name no card.",
            ),
        ],
    )
    def test_a_swap_the_table_does_not_play_is_refused_and_changes_nothing(
        self, options, action, error, reason
    ):
        s, _ = ana_discarded(**options)
        before = s.state
        with pytest.raises(error) as refused:
            s.play(action)
        assert refused.value.reason == reason
        assert s.state == before
        assert not s.rules.offers(s.state, s.rules.parse_action(action))


def challenged_state(**options):
    """The table after Ana's false guess, before she discards."""
    s = deceptidice(
        players=THREE,
        actions=[
            dd_guess("Ana", dd_colour(2, "R")),
            dd_challenge("Bo"),
            dd_tops(
                Ana=["G4", "G1", "Y2", "B3"],
                Bo=["R1", "B2", "G3", "Y5"],
                Cy=["B1", "B4", "B5", "B6"],
            ),
        ],
        **options,
    )
    return s.rules, s.state


class TestDiscard:
    ruling = "DD-CHALLENGE"

    def test_without_the_swap_the_discard_opens_the_next_round(self):
        rules, state = challenged_state(swap="off")
        _, v = rules.apply(state, rules.parse_action(dd_discard("Ana", 3)))
        assert v.headline == "Ana discards a die of 3 cards, face up: 6 cards left"
        assert (v.details, v.rulings) == (NEXT_ROUND, ("DD-CHALLENGE", "DD-START"))
        assert v.changes == (ScoreChange(player="Ana", before=9, after=6),)

    def test_one_card_in_the_draw_pile_is_enough_to_swap(self):
        rules, state = challenged_state(swap="draw_pile")
        new, v = rules.apply(
            state.model_copy(update=dict(draw_pile=1)), rules.parse_action(dd_discard("Ana", 3))
        )
        assert new.phase == "swap"
        assert v.changes == (ScoreChange(player="Ana", before=9, after=6),)

    def test_an_empty_draw_pile_means_no_swap(self):
        rules, state = challenged_state(swap="draw_pile")
        new, v = rules.apply(
            state.model_copy(update=dict(draw_pile=0)), rules.parse_action(dd_discard("Ana", 3))
        )
        assert new.phase == "guessing"
        assert v.details == ("The draw pile is empty, so there is no swap.", *NEXT_ROUND)
        assert v.rulings == ("DD-CHALLENGE", "DD-SWAP", "DD-START")

    def test_a_discard_down_to_3_cards_ends_the_game_and_ranks_everyone(self):
        rules, state = challenged_state()
        state = state.model_copy(update=dict(cards=(5, 9, 9), discarded=((2, 2), (), ())))
        new, v = rules.apply(state, rules.parse_action(dd_discard("Ana", 2)))
        assert (new.phase, new.winners) == ("over", (1, 2))
        assert v.headline == "Bo and Cy share the win with 9 cards"
        assert v.details == (
            "Ana discards a die of 2 cards, face up: 3 cards left.",
            "Ana is down to 3 cards, which ends the game; the most cards left wins.",
            "Final ranking:",
            "1. Bo: 9 cards",
            "1. Cy: 9 cards",
            "3. Ana: 3 cards",
        )
        assert v.rulings == ("DD-CHALLENGE", "DD-END", "DD-RANKING")
        assert v.changes == (ScoreChange(player="Ana", before=5, after=3),)
        assert v.decisive
