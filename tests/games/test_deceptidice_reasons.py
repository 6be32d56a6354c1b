"""The reason the ladder gives for each row of tests/games/test_deceptidice_higher.py, word
for word: the arithmetic a player reads when a guess is or is not higher. Held here because
one-token changes to guesses.is_higher's sentences went unseen by the other tests
(tools/mutate.py)."""

import pytest

from referee.games.deceptidice.guesses import is_higher
from referee.games.deceptidice.model import DeceptidiceOptions
from tests.games.test_deceptidice_higher import EVERYTHING, ROWS, parsed
from tests.helpers import dd_claim, dd_number

# One reason per row of ROWS, in its order.
REASONS = [
    "The count must be higher than the last guess's: 3 is not higher than 3.",
    "The count must be higher than the last guess's: 4 > 3.",
    "The count must be higher than the last guess's: 3 is not higher than 3.",
    "The count must be higher than the last guess's: 4 > 3.",
    "The count must be higher than the last guess's: 3 is not higher than 3.",
    "The count must be higher than the last guess's: 4 > 3.",
    (
        "A straight needs its count or its element above the last count 3: count 3, element 3, "
        "neither is."
    ),
    "A straight needs its count or its element above the last count 3: count 4, element 1.",
    "A straight needs its count or its element above the last count 3: count 1, element 4.",
    (
        "A vague guess after a specific guess needs at least double its count: 2 × 3 = 6, and 5 is "
        "not enough."
    ),
    (
        "A vague guess after a specific guess needs at least double its count: 2 × 3 = 6, and 6 is "
        "enough."
    ),
    "A power claim needs a value higher than the last count: 3 against 3.",
    "A power claim needs a value higher than the last count: 4 against 3.",
    "The count must be higher than the last guess's: 3 is not higher than 3.",
    "The count must be higher than the last guess's: 4 > 3.",
    (
        "A straight needs its count or its element above the last count 3: count 3, element 3, "
        "neither is."
    ),
    "A straight needs its count or its element above the last count 3: count 3, element 4.",
    "A straight needs its count or its element above the last count 3: count 4, element 2.",
    (
        "A vague guess after a straight needs at least double its count: 2 × 3 = 6, and 5 is not "
        "enough."
    ),
    "A vague guess after a straight needs at least double its count: 2 × 3 = 6, and 6 is enough.",
    "A power claim needs a value higher than the last count: 3 against 3.",
    "A power claim needs a value higher than the last count: 4 against 3.",
    "After a vague guess, a specific count must be more than half of 6: 3 is not more than 3.",
    "After a vague guess, a specific count must be more than half of 6: 4 > 3.",
    "After a vague guess, a specific count must be more than half of 7: 3 is not more than 3.5.",
    "After a vague guess, a specific count must be more than half of 7: 4 > 3.5.",
    (
        "After a vague guess, a straight's count or element must be more than half of 6 (3): "
        "count 3, element 3, neither is."
    ),
    (
        "After a vague guess, a straight's count or element must be more than half of 6 (3): "
        "count 4, element 1."
    ),
    (
        "After a vague guess, a straight's count or element must be more than half of 6 (3): "
        "count 1, element 4."
    ),
    (
        "After a vague guess, a straight's count or element must be more than half of 7 "
        "(3.5): count 3, element 3, neither is."
    ),
    (
        "After a vague guess, a straight's count or element must be more than half of 7 "
        "(3.5): count 2, element 4."
    ),
    "The count must be higher than the last guess's: 6 is not higher than 6.",
    "The count must be higher than the last guess's: 7 > 6.",
    "A power claim needs a value higher than the last count: 6 against 6.",
    "A power claim needs a value higher than the last count: 7 against 6.",
    "After a power claim of value 3, the count must be higher: 3 against 3.",
    "After a power claim of value 3, the count must be higher: 4 against 3.",
    (
        "After a power claim of value 3, the count must be higher (the element does not count): 3 "
        "against 3."
    ),
    (
        "After a power claim of value 3, the count must be higher (the element does not count): 4 "
        "against 3."
    ),
    "After a power claim of value 3, the count must be higher (no doubling): 3 against 3.",
    "After a power claim of value 3, the count must be higher (no doubling): 4 against 3.",
    "A power claim after a power claim needs a higher value: 3 against 3.",
    "A power claim after a power claim needs a higher value: 4 against 3.",
]


@pytest.mark.parametrize("i", range(len(ROWS)))
def test_the_ladder_says_its_arithmetic_word_for_word(i):
    previous, guess, _, _ = ROWS[i]
    result = is_higher(parsed(previous), parsed(guess), DeceptidiceOptions(**EVERYTHING))
    assert result.reason == REASONS[i]


def test_the_opening_guess_and_the_power_always_house_option_say_why():
    opening = is_higher(None, parsed(dd_number(1, 2)), DeceptidiceOptions())
    assert (opening.higher, opening.reason) == (
        True,
        "The opening guess of a round can be anything.",
    )
    always = is_higher(
        parsed(dd_number(3, 2)),
        parsed(dd_claim("numbers", (2, 2), 1)),
        DeceptidiceOptions(power_cards=2, power_always=True),
    )
    assert (always.higher, always.reason, always.ruling) == (
        True,
        "House option: a power claim is higher than any ordinary guess.",
        "DD-POWER-ALWAYS",
    )
