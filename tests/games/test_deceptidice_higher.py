"""Is this guess higher? Every pair of guess forms, both sides of each boundary.

Each row is checked twice: on the pure function a dispute screen calls
(`guesses.is_higher`), and through the game (`apply` accepts exactly the rows marked
higher, and the menu of choices offers exactly them).
"""

import pytest

from referee.core.errors import IllegalAction
from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import is_higher
from referee.games.deceptidice.model import DeceptidiceGuess, DeceptidiceOptions
from tests.helpers import (
    dd_claim,
    dd_colour,
    dd_guess,
    dd_number,
    dd_straight,
    dd_vague,
    deceptidice,
)

EVERYTHING = dict(straights=True, vague=True, power_cards=4)

SPECIFIC_3 = dd_number(3, 2)
WITHOUT_3 = dd_colour(3, "R", without=True)
STRAIGHT_3_E5 = dd_straight(3, 5)
VAGUE_6 = dd_vague(6, "number")
VAGUE_7 = dd_vague(7, "colour")
POWER_3 = dd_claim("numbers", (2, 2), 3)

# (previous, guess, higher, ruling cited)
ROWS = [
    # after a specific guess (COUNT 3)
    (SPECIFIC_3, dd_colour(3, "B"), False, "DD-HIGHER"),
    (SPECIFIC_3, dd_colour(4, "B"), True, "DD-HIGHER"),
    (SPECIFIC_3, dd_number(3, 5, less_than=True), False, "DD-HIGHER"),
    (SPECIFIC_3, dd_number(4, 5, less_than=True), True, "DD-HIGHER"),
    (WITHOUT_3, dd_number(3, 6), False, "DD-HIGHER"),
    (WITHOUT_3, dd_number(4, 6), True, "DD-HIGHER"),
    (SPECIFIC_3, dd_straight(3, 3), False, "DD-STRAIGHT"),
    (SPECIFIC_3, dd_straight(4, 1), True, "DD-STRAIGHT"),
    (SPECIFIC_3, dd_straight(1, 4), True, "DD-STRAIGHT"),
    (SPECIFIC_3, dd_vague(5, "number"), False, "DD-VAGUE"),
    (SPECIFIC_3, dd_vague(6, "colour"), True, "DD-VAGUE"),
    (SPECIFIC_3, dd_claim("run", (3,), 3), False, "DD-POWER-AFTER"),
    (SPECIFIC_3, dd_claim("run", (3,), 4), True, "DD-POWER-AFTER"),
    # after a straight (COUNT 3, ELEMENT 5): its COUNT is what the next guess beats
    (STRAIGHT_3_E5, dd_number(3, 1), False, "DD-HIGHER"),
    (STRAIGHT_3_E5, dd_number(4, 1), True, "DD-HIGHER"),
    (STRAIGHT_3_E5, dd_straight(3, 3), False, "DD-STRAIGHT"),
    (STRAIGHT_3_E5, dd_straight(3, 4), True, "DD-STRAIGHT"),
    (STRAIGHT_3_E5, dd_straight(4, 2), True, "DD-STRAIGHT"),
    (STRAIGHT_3_E5, dd_vague(5, "number"), False, "DD-STRAIGHT-VAGUE"),
    (STRAIGHT_3_E5, dd_vague(6, "number"), True, "DD-STRAIGHT-VAGUE"),
    (STRAIGHT_3_E5, dd_claim("colours", (2,), 3), False, "DD-POWER-AFTER"),
    (STRAIGHT_3_E5, dd_claim("colours", (2,), 4), True, "DD-POWER-AFTER"),
    # after a vague guess (COUNT 6, and 7 for the odd half)
    (VAGUE_6, dd_number(3, 2), False, "DD-VAGUE"),
    (VAGUE_6, dd_number(4, 2), True, "DD-VAGUE"),
    (VAGUE_7, dd_colour(3, "G"), False, "DD-VAGUE"),
    (VAGUE_7, dd_colour(4, "G"), True, "DD-VAGUE"),
    (VAGUE_6, dd_straight(3, 3), False, "DD-STRAIGHT-VAGUE"),
    (VAGUE_6, dd_straight(4, 1), True, "DD-STRAIGHT-VAGUE"),
    (VAGUE_6, dd_straight(1, 4), True, "DD-STRAIGHT-VAGUE"),
    (VAGUE_7, dd_straight(3, 3), False, "DD-STRAIGHT-VAGUE"),
    (VAGUE_7, dd_straight(2, 4), True, "DD-STRAIGHT-VAGUE"),
    (VAGUE_6, dd_vague(6, "colour"), False, "DD-VAGUE"),
    (VAGUE_6, dd_vague(7, "number"), True, "DD-VAGUE"),
    (VAGUE_6, dd_claim("numbers", (3, 2), 6), False, "DD-POWER-AFTER"),
    (VAGUE_6, dd_claim("numbers", (3, 2), 7), True, "DD-POWER-AFTER"),
    # after a power claim (value 3): COUNT above the value, no ELEMENT, no doubling
    (POWER_3, dd_number(3, 4), False, "DD-POWER"),
    (POWER_3, dd_number(4, 4), True, "DD-POWER"),
    (POWER_3, dd_straight(3, 6), False, "DD-POWER"),
    (POWER_3, dd_straight(4, 1), True, "DD-POWER"),
    (POWER_3, dd_vague(3, "number"), False, "DD-POWER"),
    (POWER_3, dd_vague(4, "number"), True, "DD-POWER"),
    (POWER_3, dd_claim("run", (4,), 3), False, "DD-POWER"),
    (POWER_3, dd_claim("run", (4,), 4), True, "DD-POWER"),
]


def _id(row):
    previous, guess, higher, _ = row
    return f"{previous['form']}-then-{guess['form']}-{'higher' if higher else 'not'}"


def parsed(form):
    return DeceptidiceGuess.model_validate({"player": "x", "guess": form}).guess


@pytest.mark.parametrize("row", ROWS, ids=[_id(r) for r in ROWS])
class TestHigherTable:
    def test_pure_function(self, row):
        previous, guess, higher, ruling = row
        result = is_higher(parsed(previous), parsed(guess), DeceptidiceOptions(**EVERYTHING))
        assert result.higher is higher, result.reason
        assert result.ruling == ruling
        assert "\n" not in result.reason and len(result.reason) <= 200

    def test_the_game_accepts_exactly_the_higher_rows(self, row):
        previous, guess, higher, _ = row
        s = deceptidice(players=("Ana", "Bo", "Cy", "Di"), **EVERYTHING)
        s.play(dd_guess("Ana", previous))
        action = RULES.parse_action(dd_guess("Bo", guess))
        assert RULES.offers(s.state, action) is higher
        if higher:
            s.play(action)
        else:
            with pytest.raises(IllegalAction, match="Not higher"):
                s.play(action)


class TestEveryFormPairIsCovered:
    def test_sixteen_pairs(self):
        kind = {"number": "specific", "colour": "specific"}
        pairs = {
            (kind.get(p["form"], p["form"]), kind.get(g["form"], g["form"]), h)
            for p, g, h, _ in ROWS
        }
        forms = ("specific", "straight", "vague", "power")
        assert pairs == {(p, g, h) for p in forms for g in forms for h in (True, False)}


class TestOpeningGuess:
    @pytest.mark.parametrize(
        "form", [dd_number(1, 1), dd_straight(1, 1), dd_vague(1, "number"), POWER_3]
    )
    def test_anything_opens(self, form):
        assert is_higher(None, parsed(form), DeceptidiceOptions(**EVERYTHING)).higher


class TestPowerClaimsAlwaysAllowed:
    @pytest.mark.parametrize("previous", [SPECIFIC_3, STRAIGHT_3_E5, VAGUE_6])
    def test_any_value_beats_an_ordinary_guess(self, previous):
        options = DeceptidiceOptions(**EVERYTHING, power_always=True)
        result = is_higher(parsed(previous), parsed(dd_claim("run", (2,), 1)), options)
        assert result.higher and result.ruling == "DD-POWER-ALWAYS"

    def test_but_not_a_lower_power_claim(self):
        options = DeceptidiceOptions(**EVERYTHING, power_always=True)
        result = is_higher(parsed(POWER_3), parsed(dd_claim("run", (2,), 2)), options)
        assert not result.higher
