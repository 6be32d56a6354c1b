"""What the Deceptidice menu offers (`offers`, the test a spoken or typed move meets before
it is played): one reveal a turn, nothing of a phase gone, the table's colour names in a
swap, and the count of power cards a round would show. Held here because one-token changes
to rules.py, round_end.py and deck.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.errors import InvalidAction
from tests.helpers import (
    dd_challenge,
    dd_colour,
    dd_discard,
    dd_guess,
    dd_number,
    dd_power_card,
    dd_reveal,
    dd_swap,
    dd_tops,
    deceptidice,
)

TWO = ("Ana", "Bo")  # 4 dice each: 3, 2, 2, 2 cards


def offered(s, action: dict) -> bool:
    return s.rules.offers(s.state, s.rules.parse_action(action))


def test_a_player_reveals_one_die_a_turn():
    s = deceptidice(players=TWO, reveal_dice=True, actions=[dd_reveal("Ana", "R4")])
    assert offered(s, dd_guess("Ana", dd_number(2, 4)))
    assert not offered(s, dd_reveal("Ana", "G1"))  # her die of this turn is face up


def test_once_the_guess_is_challenged_no_challenge_is_offered_again():
    s = deceptidice(players=TWO, actions=[dd_guess("Ana", dd_colour(2, "R")), dd_challenge("Bo")])
    assert s.state.phase == "tops"
    assert not offered(s, dd_challenge("Ana"))
    assert not offered(s, dd_guess("Bo", dd_colour(3, "R")))


def test_an_open_swap_names_the_cards_in_the_tables_colours():
    s = deceptidice(
        players=TWO,
        open_hands=True,
        swap="draw_pile",
        colour_names="Rouge, Bleu",
        actions=[
            dd_guess("Ana", dd_colour(2, "R")),
            dd_challenge("Bo"),
            dd_tops(Ana=["G4", "G1", "Y2", "B3"], Bo=["R1", "B2", "G3", "Y5"]),
            dd_discard("Ana", 3),
        ],
    )
    v = s.play(dd_swap("Ana", give="R1", take="B2"))
    assert v.headline == "Ana swaps Rouge 1 for Bleu 2 from the draw pile"


def test_the_power_cards_a_round_would_show_count_those_face_up_already():
    first, second = (dd_power_card("numbers", (n,), 2) for n in (2, 3))
    s = deceptidice(
        players=TWO,
        reveal_dice=True,
        power_cards=1,
        actions=[
            dd_reveal("Ana", first),
            dd_guess("Ana", dd_number(2, 4)),
            dd_reveal("Bo", "B1"),
            dd_challenge("Bo"),
        ],
    )
    with pytest.raises(InvalidAction) as refused:
        s.play(dd_tops(Ana=["R4", "G1", "Y1"], Bo=[second, "R2", "G3"]))
    assert refused.value.reason == ("Only 1 power card was shuffled in; this round would show 2.")
