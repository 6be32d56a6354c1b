"""Truth tables for the challenge: wildcards and power cards in every kind of guess.

`judge` is called directly, as a dispute screen would: tops, their owners, the guesser.
"""

import pytest

from referee.games.deceptidice.material import colour_names
from referee.games.deceptidice.model import DeceptidiceGuess, PowerCard
from referee.games.deceptidice.truth import judge, verdict_phrase
from tests.helpers import dd_claim, dd_colour, dd_number, dd_straight, dd_vague

P = PowerCard(combo="numbers", sizes=(2, 2), value=3)  # "two pairs", value 3
Q = PowerCard(combo="run", sizes=(4,), value=5)


def parsed(form):
    return DeceptidiceGuess.model_validate({"player": "x", "guess": form}).guess


def run(form, tops, guesser=0, owners=None):
    owners = owners if owners is not None else [0] * len(tops)
    return judge(parsed(form), list(tops), owners, guesser)


# (guess, tops, count found, true)
STRAIGHTS = [
    (dd_straight(4, 3), ["R1", "R2", "W", "R4"], 4, True),  # the wildcard is the 3
    (dd_straight(4, 1), ["R1", "W", "R4"], 2, False),  # one wildcard cannot fill 2 and 3
    (dd_straight(4, 1), ["R1", "W", "W", "R4"], 4, True),
    (dd_straight(3, 6), ["W", "W", "W"], 3, True),  # wildcards alone make a run
    (dd_straight(2, 5), ["R1", "R2", "R3"], 0, False),  # no 5, no wildcard
    (dd_straight(3, 2), ["R1", "B1", "R2", "B2"], 2, False),  # repeats do not lengthen
    (dd_straight(7, 3), ["R1", "R2", "R3", "R4", "R5", "R6", "W"], 6, False),  # at most 6
]

VAGUE = [
    (dd_vague(4, "number"), ["R1", "B1", "G2", "W", "W"], 4, True),  # 1s: 2 + 2 wildcards
    (dd_vague(5, "number"), ["R1", "B1", "G2", "W", "W"], 4, False),
    (dd_vague(3, "colour"), ["R1", "R2", "B3", "W"], 3, True),  # Red 2 + 1 wildcard
    (dd_vague(2, "colour"), ["W", "W", P], 2, True),  # wildcards alone; power card no colour
    (dd_vague(2, "number"), [P, Q, "R1"], 1, False),  # power cards are no number
]

WITHOUT = [
    (dd_colour(2, "R", without=True), ["R1", "B2", "W", P], 2, True),  # B2 + W; P is nothing
    (dd_colour(3, "R", without=True), ["R1", "B2", "W", P], 2, False),
    (dd_colour(1, "R", without=True), ["R1", "R2", P], 0, False),
    (dd_colour(2, "R"), ["R1", "B2", "W", P], 2, True),  # R1 + W as Red
]

SPECIFIC = [
    (dd_number(3, 4), ["R4", "B4", "W"], 3, True),
    (dd_number(2, 3, less_than=True), ["R1", "R3", "W"], 2, True),  # R1 + W below 3
    (dd_number(2, 3, less_than=True), ["R3", "B3", "W"], 1, False),  # the 3s do not count
    (dd_number(1, 1, less_than=True), ["W", "W"], 0, False),  # nothing is below 1
    (dd_number(1, 4), [P, Q], 0, False),
]


def _ids(rows):
    return [f"{g['form']}{g['count']}-{'-'.join(map(str, t))}" for g, t, *_ in rows]


class TestWildcardsAndPowerCards:
    @pytest.mark.parametrize("row", STRAIGHTS, ids=_ids(STRAIGHTS))
    def test_straights_with_gaps_filled(self, row):
        self.check(*row)

    @pytest.mark.parametrize("row", VAGUE, ids=_ids(VAGUE))
    def test_vague_frequencies_raised(self, row):
        self.check(*row)

    @pytest.mark.parametrize("row", WITHOUT, ids=_ids(WITHOUT))
    def test_without_never_counts_a_wildcard_as_the_excluded_colour(self, row):
        self.check(*row)

    @pytest.mark.parametrize("row", SPECIFIC, ids=_ids(SPECIFIC))
    def test_numbers_and_less_than(self, row):
        self.check(*row)

    @staticmethod
    def check(form, tops, count, true):
        result = run(form, tops)
        assert (result.count, result.true) == (count, true), result.lines
        # A power card never matches anything, and each wildcard matches once at most.
        matched = [m.index for m in result.matches]
        assert len(matched) == len(set(matched))
        assert all(not isinstance(tops[i], PowerCard) for i in matched)
        assert all((tops[m.index] == "W") == (m.stands_for is not None) for m in result.matches)


class TestWhatAWildcardStoodFor:
    def test_shown_in_the_working(self):
        result = run(dd_straight(4, 3), ["R1", "R2", "W", "R4"])
        assert [m.stands_for for m in result.matches] == [None, None, "3", None]
        assert "wildcard as 3" in " ".join(result.lines)

    def test_without_shows_another_colour(self):
        result = run(dd_colour(2, "R", without=True), ["B2", "W"])
        assert result.matches[-1].stands_for == "a colour other than Red"

    def test_vague_names_the_most_frequent(self):
        result = run(dd_vague(3, "number"), ["R5", "B5", "G2", "W"])
        assert result.found == "3 of the same number (5)"


# (claim, tops of the claimant first, count, needed, true)
COMBOS = [
    (dd_claim("numbers", (2, 2), 3), [P, "R1", "B1", "R2", "W"], 4, 4, True),
    (dd_claim("numbers", (2, 2), 3), [P, "R1", "B1", "R2"], 3, 4, False),
    (dd_claim("numbers", (2, 2), 3), [P, "W", "W", "W", "W"], 4, 4, True),  # groups all wild
    (
        dd_claim("colours", (2, 1), 4),
        [{"combo": "colours", "sizes": [2, 1], "value": 4}, "R1", "R2", "B3"],
        3,
        3,
        True,
    ),
    (
        dd_claim("colours", (1, 1, 1, 1), 6),
        [{"combo": "colours", "sizes": [1, 1, 1, 1], "value": 6}, "R1", "B1", "G1", "W"],
        4,
        4,
        True,
    ),
    (dd_claim("run", (4,), 5), [Q, "R1", "R2", "W", "R4"], 4, 4, True),
    (dd_claim("run", (4,), 5), [Q, "R1", "R2", "R4"], 3, 4, False),
    (
        dd_claim("numbers", (3,), 2),
        [{"combo": "numbers", "sizes": [3], "value": 2}, Q, "R1", "B1"],
        2,
        3,
        False,
    ),  # Q is no number
]


class TestPowerCombos:
    @pytest.mark.parametrize("row", COMBOS, ids=[str(i) for i in range(len(COMBOS))])
    def test_combo_on_the_table(self, row):
        form, tops, count, needed, true = row
        tops = [PowerCard.model_validate(t) if isinstance(t, dict) else t for t in tops]
        result = run(form, tops)
        assert result.honest
        assert (result.count, result.needed, result.true) == (count, needed, true), result.lines
        assert all(not isinstance(tops[m.index], PowerCard) for m in result.matches)

    def test_claim_needs_the_card_on_the_claimants_own_die(self):
        tops = [P, "R1", "B1", "R2", "B2"]
        owners = [1, 0, 0, 0, 0]  # the card is on seat 1's die, the claimant is seat 0
        result = run(dd_claim("numbers", (2, 2), 3), tops, guesser=0, owners=owners)
        assert result.honest is False and result.true is False
        assert judge(parsed(dd_claim("numbers", (2, 2), 3)), tops, owners, 1).true


NAMES = colour_names("Rouge, Bleu")  # the table's own names for Red and Blue
HONEST = [0, 0, 0, 0, 0]
# (guess, tops, owners (the claimant is seat 0), count, found, rulings, working, phrase)
WORKING = [
    (
        dd_number(2, 3, less_than=True),
        ["R1", "R3", "W"],
        None,
        2,
        "2 cards below 3",
        ("DD-GUESS", "DD-LESS-THAN", "DD-WILD", "DD-WILD-STANDS"),
        ("Matching tops: Rouge 1, wildcard as a number below 3.",),
        "there are 2 cards below 3, so the guess holds",
    ),
    (
        dd_number(3, 4),
        ["R4", "B4", "W", P],
        None,
        3,
        "3 cards with a 4",
        ("DD-GUESS", "DD-WILD", "DD-WILD-STANDS", "DD-POWER-NONE"),
        (
            "Matching tops: Rouge 4, Bleu 4, wildcard as 4.",
            "Power cards on the table count as no number, colour or run.",
        ),
        "there are 3 cards with a 4, so the guess holds",
    ),
    (
        dd_number(2, 4),
        ["R4", "B5"],
        None,
        1,
        "1 card with a 4",
        ("DD-GUESS",),
        ("Matching tops: Rouge 4.",),
        "there is only 1 card with a 4, fewer than the 2 guessed",
    ),
    (
        dd_colour(2, "R", without=True),
        ["R1", "B2", "W"],
        None,
        2,
        "2 cards without Rouge",
        ("DD-GUESS", "DD-WITHOUT", "DD-WILD", "DD-WILD-STANDS"),
        ("Matching tops: Bleu 2, wildcard as a colour other than Rouge.",),
        "there are 2 cards without Rouge, so the guess holds",
    ),
    (
        dd_straight(3, 2),
        ["R1", "B2", "G3"],
        None,
        3,
        "a run of 3 including 2 (1-2-3)",
        ("DD-GUESS", "DD-STRAIGHT"),
        (
            "Longest run of different numbers in order that includes 2: 1-2-3, "
            "from Rouge 1, Bleu 2, Green 3.",
        ),
        "there is a run of 3 including 2 (1-2-3), so the guess holds",
    ),
    (
        dd_vague(3, "number"),
        ["R5", "B5", "G2", "Y2", "R1", "W"],
        None,
        3,
        "3 of the same number (5)",
        ("DD-GUESS", "DD-VAGUE", "DD-WILD", "DD-WILD-STANDS"),
        (
            "How often each number shows: 1 ×1, 2 ×2, 5 ×2.",
            "Most frequent: 5 (2 as often); with wildcards: Rouge 5, Bleu 5, wildcard as 5.",
        ),
        "there are 3 of the same number (5), so the guess holds",
    ),
    (
        dd_vague(2, "number"),
        [P, "R1"],
        None,
        1,
        "1 of the same number (1)",
        ("DD-GUESS", "DD-VAGUE", "DD-POWER-NONE"),
        (
            "How often each number shows: 1 ×1.",
            "Most frequent: 1; with wildcards: Rouge 1.",
            "Power cards on the table count as no number, colour or run.",
        ),
        "there is only 1 of the same number (1), fewer than the 2 guessed",
    ),
    (
        dd_vague(2, "number"),
        [P, P],
        None,
        0,
        "0 of the same number (6)",
        ("DD-GUESS", "DD-VAGUE", "DD-POWER-NONE"),
        (
            "How often each number shows: none.",
            "Most frequent: 6; with wildcards: none.",
            "Power cards on the table count as no number, colour or run.",
        ),
        "no number shows at all, fewer than the 2 guessed",
    ),
    (
        dd_claim("numbers", (2, 2), 3),
        [P, "R1", "B1", "R2", "W"],
        HONEST,
        4,
        "two pairs is on the table",
        ("DD-POWER-HONEST", "DD-POWER-ENTRY", "DD-POWER-NONE", "DD-WILD", "DD-WILD-STANDS"),
        (
            "The claimant rolled the power card two pairs (value 3): the claim is honest.",
            "The combo, two pairs, on the table: Rouge 1, Bleu 1, Rouge 2, wildcard as 2.",
            "Power cards count as no number, colour or run.",
            "4 of the 4 cards the combo needs: the claim is true.",
        ),
        "two pairs is on the table",
    ),
    (
        dd_claim("numbers", (2, 2), 3),
        [P, "R1", "B1", "R2", "R3"],
        HONEST,
        3,
        "two pairs is 1 card short",
        ("DD-POWER-HONEST", "DD-POWER-ENTRY", "DD-POWER-NONE"),
        (
            "The claimant rolled the power card two pairs (value 3): the claim is honest.",
            "The combo, two pairs, on the table: Rouge 1, Bleu 1, Rouge 2.",
            "Power cards count as no number, colour or run.",
            "3 of the 4 cards the combo needs: the claim is false.",
        ),
        "two pairs is 1 card short",
    ),
    (
        dd_claim("numbers", (2, 2), 3),
        ["R1", "B1", "R2", P],
        [0, 0, 0, 1],
        0,
        "no power card two pairs (value 3) on the claimant's own dice",
        ("DD-POWER-HONEST",),
        (
            "The claimant's tops: Rouge 1, Bleu 1, Rouge 2.",
            "None of them is the power card two pairs (value 3), so the claim loses whatever "
            "the table shows.",
        ),
        "they did not roll the power card two pairs (value 3)",
    ),
    (
        dd_claim("numbers", (2, 2), 3),
        ["R1", P],
        [1, 1],
        0,
        "no power card two pairs (value 3) on the claimant's own dice",
        ("DD-POWER-HONEST",),
        (
            "The claimant's tops: no dice.",
            "None of them is the power card two pairs (value 3), so the claim loses whatever "
            "the table shows.",
        ),
        "they did not roll the power card two pairs (value 3)",
    ),
]


class TestTheWorking:
    """What a verdict shows: the tops that match in the table's colour names, the rulings it
    applied (each one it used, no other), the count against the guess, and the phrase."""

    @pytest.mark.parametrize("row", WORKING, ids=[str(i) for i in range(len(WORKING))])
    def test_the_working_names_each_matching_top_and_the_rulings_used(self, row):
        form, tops, owners, count, found, rulings, working, phrase = row
        guess = parsed(form)
        result = judge(guess, tops, owners or [1] * len(tops), 0, NAMES)
        assert (result.count, result.found, result.rulings) == (count, found, rulings)
        if form["form"] == "power":
            assert result.needed == sum(guess.card.sizes)
            assert result.lines == working
        else:
            verdict = "true" if result.true else "false"
            assert result.needed == form["count"]
            assert result.lines == (
                *working,
                f"{count} matching against the {form['count']} guessed: the guess needs "
                f"at least {form['count']}, so it is {verdict}.",
            )
        assert verdict_phrase(result, guess, NAMES) == phrase
