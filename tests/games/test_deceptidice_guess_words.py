"""The words of a guess (guesses.py): every power card named as the table names it, and a
guess in short on a ladder rung. Held here because one-token changes to these tables went
unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.games.deceptidice.guesses import combo_text, short
from referee.games.deceptidice.model import DeceptidiceGuess, PowerCard
from tests.helpers import dd_claim, dd_colour, dd_number, dd_straight, dd_vague

NAMED = [
    ("numbers", (2,), "a pair"),
    ("numbers", (3,), "three of a kind"),
    ("numbers", (4,), "four of a kind"),
    ("numbers", (2, 2), "two pairs"),
    ("numbers", (3, 2), "a full house"),
    ("numbers", (2, 2, 2), "three pairs"),
    ("numbers", (3, 3), "two triples"),
    ("numbers", (4, 2), "groups of 4+2 of one number each"),
    ("colours", (1, 1, 1, 1), "one card of every colour"),
    ("colours", (2, 1), "groups of 2+1 of one colour each"),
    ("colours", (2, 1, 1, 1), "groups of 2+1+1+1 of one colour each"),
    ("run", (4,), "a run of 4 numbers"),
]


@pytest.mark.parametrize(("combo", "sizes", "words"), NAMED)
def test_every_power_card_is_named_as_the_table_names_it(combo, sizes, words):
    assert combo_text(PowerCard(combo=combo, sizes=sizes, value=3)) == words


RUNGS = [
    (dd_number(3, 4), "3 × 4"),
    (dd_number(2, 4, less_than=True), "2 × <4"),
    (dd_colour(4, "R"), "4 × Red"),
    (dd_colour(2, "B", without=True), "2 × not Blue"),
    (dd_straight(5, 3), "5 in a row incl. 3"),
    (dd_vague(3, "colour"), "3 × same colour"),
    (dd_claim("numbers", (2, 2), 3), "power 3: two pairs"),
]


@pytest.mark.parametrize(("form", "rung"), RUNGS)
def test_a_ladder_rung_says_the_guess_in_short(form, rung):
    guess = DeceptidiceGuess.model_validate({"player": "Ana", "guess": form}).guess
    assert short(guess) == rung
