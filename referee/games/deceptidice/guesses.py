"""Guesses: what each says in words, which is higher, and which can never be true.

Pure functions of the guesses and the table's options, so a dispute screen can ask them
without a game in progress. `least` is the one place the ladder's arithmetic lives: the
menu of guesses offered and the refusal of a guess both come from it.
"""

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from referee.core.words import amount as counted
from referee.games.deceptidice.material import (
    COLOURS,
    COPIES_EACH,
    DEFAULT_NAMES,
    DOUBLE,
    LONGEST_RUN,
    MAX_COUNT,
    MIN_COUNT,
    NUMBERS,
    WILDCARDS,
)
from referee.games.deceptidice.model import (
    ColourGuess,
    GuessForm,
    NumberGuess,
    PowerCard,
    PowerClaim,
    StraightGuess,
    VagueGuess,
)

DEFAULT = dict(zip(COLOURS, DEFAULT_NAMES, strict=True))

# Forms as the ladder compares them: a number or colour guess is "specific".
SPECIFIC, STRAIGHT, VAGUE, POWER = "specific", "straight", "vague", "power"


def form_of(guess: GuessForm) -> str:
    if isinstance(guess, NumberGuess | ColourGuess):
        return SPECIFIC
    if isinstance(guess, StraightGuess):
        return STRAIGHT
    if isinstance(guess, VagueGuess):
        return VAGUE
    return POWER


def amount(guess: GuessForm) -> int:
    """A guess's COUNT; a power claim's value."""
    return guess.card.value if isinstance(guess, PowerClaim) else guess.count


def least(
    previous: GuessForm | None, form: str, element: int | None = None, power_always: bool = False
) -> int:
    """The smallest COUNT (a power claim: value) of `form` that is higher than `previous`.

    May exceed MAX_COUNT: then nothing of that form is higher."""
    if previous is None:
        return MIN_COUNT
    before, p = form_of(previous), amount(previous)
    if before == POWER:  # anything after a power claim: beat its value, no conversion
        return p + 1
    if form == POWER:
        return MIN_COUNT if power_always else p + 1
    if before == VAGUE:
        if form == VAGUE:
            return p + 1
        if form == STRAIGHT:
            assert element is not None  # a straight's least COUNT is asked with its element
            if DOUBLE * element > p:
                return MIN_COUNT
        return p // DOUBLE + 1  # more than half of the vague COUNT
    if form == VAGUE:
        return DOUBLE * p  # at least double a specific COUNT (a straight counts as specific)
    if form == STRAIGHT:
        assert element is not None  # a straight's least COUNT is asked with its element
        if element > p:
            return MIN_COUNT
    return p + 1


class HigherOptions(Protocol):
    """What `is_higher` reads of a table's options: a game's, or a dispute's variants."""

    @property
    def power_always(self) -> bool: ...


class Higher(NamedTuple):
    higher: bool
    reason: str  # one sentence with the arithmetic
    ruling: str


def is_higher(previous: GuessForm | None, guess: GuessForm, options: HigherOptions) -> Higher:
    """Is `guess` higher than `previous` (None: the round's opening guess)?"""
    power_always = options.power_always
    form = form_of(guess)
    n = amount(guess)
    if previous is None:
        return Higher(True, "The opening guess of a round can be anything.", "DD-HIGHER")
    before, p = form_of(previous), amount(previous)
    need = least(previous, form, getattr(guess, "element", None), power_always)
    ok = n >= need
    if before == POWER and form == POWER:
        reason = f"A power claim after a power claim needs a higher value: {n} against {p}."
        return Higher(ok, reason, "DD-POWER")
    if before == POWER:
        extra = {
            STRAIGHT: " (the element does not count)",
            VAGUE: " (no doubling)",
        }.get(form, "")
        reason = (
            f"After a power claim of value {p}, the count must be higher{extra}: {n} against {p}."
        )
        return Higher(ok, reason, "DD-POWER")
    if form == POWER:
        if power_always:
            return Higher(
                True,
                "House option: a power claim is higher than any ordinary guess.",
                "DD-POWER-ALWAYS",
            )
        return Higher(
            ok,
            f"A power claim needs a value higher than the last count: {n} against {p}.",
            "DD-POWER-AFTER",
        )
    if before == VAGUE and form == SPECIFIC:
        return Higher(
            ok,
            f"After a vague guess, a specific count must be more than half of {p}: "
            f"{n} {'>' if ok else 'is not more than'} {p / DOUBLE:g}.",
            "DD-VAGUE",
        )
    if before == VAGUE and form == STRAIGHT:
        assert isinstance(guess, StraightGuess)  # the form of a straight guess
        e = guess.element
        return Higher(
            ok,
            f"After a vague guess, a straight's count or element must be more than half of "
            f"{p} ({p / DOUBLE:g}): count {n}, element {e}"
            f"{'' if ok else ', neither is'}.",
            "DD-STRAIGHT-VAGUE",
        )
    if form == VAGUE and before != VAGUE:
        what = "a straight" if before == STRAIGHT else "a specific guess"
        return Higher(
            ok,
            f"A vague guess after {what} needs at least double its count: "
            f"{DOUBLE} × {p} = {DOUBLE * p}, and {n} {'is' if ok else 'is not'} enough.",
            "DD-STRAIGHT-VAGUE" if before == STRAIGHT else "DD-VAGUE",
        )
    if form == STRAIGHT:
        assert isinstance(guess, StraightGuess)  # the form of a straight guess
        e = guess.element
        return Higher(
            ok,
            f"A straight needs its count or its element above the last count {p}: "
            f"count {n}, element {e}{'' if ok else ', neither is'}.",
            "DD-STRAIGHT",
        )
    return Higher(
        ok,
        f"The count must be higher than the last guess's: {n} "
        f"{'>' if ok else 'is not higher than'} {p}.",
        "DD-VAGUE" if form == VAGUE else "DD-HIGHER",
    )


# -- words -----------------------------------------------------------------------------


def _cards(n: int) -> str:
    return f"{counted(n, 'cards')}"


def combo_text(card: PowerCard, names: Mapping[str, str] | None = None) -> str:
    """'two pairs', 'groups of 3+2 of one colour each', 'a run of 4 numbers'."""
    sizes = card.sizes
    if card.combo == "run":
        return f"a run of {counted(sizes[0], 'numbers')}"
    plus = "+".join(str(s) for s in sizes)
    named = NAMED_COMBOS.get((card.combo, sizes))
    if named is not None:
        return named
    if card.combo == "numbers":
        return f"groups of {plus} of one number each"
    return f"groups of {plus} of one colour each"


# The combos a table names in words (and may say aloud: spoken.py), by (combo, sizes).
NAMED_COMBOS: dict[tuple[str, tuple[int, ...]], str] = {
    ("numbers", (2,)): "a pair",
    ("numbers", (3,)): "three of a kind",
    ("numbers", (4,)): "four of a kind",
    ("numbers", (2, 2)): "two pairs",
    ("numbers", (3, 2)): "a full house",
    ("numbers", (2, 2, 2)): "three pairs",
    ("numbers", (3, 3)): "two triples",
    ("colours", (1, 1, 1, 1)): "one card of every colour",
}


def power_text(card: PowerCard) -> str:
    return f"{combo_text(card)} (value {card.value})"


def describe(guess: GuessForm, names: Mapping[str, str] = DEFAULT) -> str:
    """The guess as a player says it: '3 cards with a 4', '4 Red cards'."""
    if isinstance(guess, NumberGuess):
        if guess.less_than:
            return f"{_cards(guess.count)} with a number less than {guess.number}"
        return f"{_cards(guess.count)} with a {guess.number}"
    if isinstance(guess, ColourGuess):
        name = names[guess.colour]
        if guess.without:
            return f"{_cards(guess.count)} without {name}"
        return f"{guess.count} {name} {counted(guess.count, 'cards').partition(' ')[2]}"
    if isinstance(guess, StraightGuess):
        return f"{_cards(guess.count)} in a row including {guess.element}"
    if isinstance(guess, VagueGuess):
        return f"{_cards(guess.count)} of the same {guess.of}"
    return f"a power card: {power_text(guess.card)}"


def short(guess: GuessForm, names: Mapping[str, str] = DEFAULT) -> str:
    """The guess on a ladder rung: '3 × 4', '4 × Red', '2 × <4', '5 in a row incl. 3'."""
    if isinstance(guess, NumberGuess):
        return f"{guess.count} × {'<' if guess.less_than else ''}{guess.number}"
    if isinstance(guess, ColourGuess):
        return f"{guess.count} × {'not ' if guess.without else ''}{names[guess.colour]}"
    if isinstance(guess, StraightGuess):
        return f"{guess.count} in a row incl. {guess.element}"
    if isinstance(guess, VagueGuess):
        return f"{guess.count} × same {guess.of}"
    return f"power {guess.card.value}: {combo_text(guess.card)}"


# -- never true ------------------------------------------------------------------------


def most_possible(guess: GuessForm, dice_in_play: int, wildcards: bool) -> tuple[int, str]:
    """The most matching cards the table could ever show for this guess, and why."""
    wild = WILDCARDS if wildcards else 0
    with_wild = f" and {counted(wild, 'wildcards')}" if wild else ""
    per_number = len(COLOURS) * COPIES_EACH  # 8
    per_colour = len(NUMBERS) * COPIES_EACH  # 12
    limits: list[tuple[int, str]] = [
        (dice_in_play, f"only {counted(dice_in_play, 'dice')} {_are(dice_in_play)} on the table")
    ]
    if isinstance(guess, NumberGuess):
        if guess.less_than:
            below = (guess.number - 1) * per_number
            if guess.number == NUMBERS[0]:
                limits.append((0, f"no card has a number less than {NUMBERS[0]}"))
            else:
                limits.append(
                    (
                        below + wild,
                        f"the deck has {counted(below, 'cards')} below {guess.number}{with_wild}",
                    )
                )
        else:
            limits.append(
                (
                    per_number + wild,
                    f"the deck has {counted(per_number, 'cards')} of each number{with_wild}",
                )
            )
    elif isinstance(guess, ColourGuess):
        if guess.without:
            others = per_colour * (len(COLOURS) - 1)
            limits.append(
                (
                    others + wild,
                    f"the deck has {counted(others, 'cards')} of other colours{with_wild}",
                )
            )
        else:
            limits.append(
                (
                    per_colour + wild,
                    f"the deck has {counted(per_colour, 'cards')} of each colour{with_wild}",
                )
            )
    elif isinstance(guess, StraightGuess):
        limits.append((LONGEST_RUN, f"a run has at most {LONGEST_RUN} numbers, 1 to {NUMBERS[-1]}"))
    elif isinstance(guess, VagueGuess):
        each = per_number if guess.of == "number" else per_colour
        limits.append(
            (each + wild, f"the deck has {counted(each, 'cards')} of each {guess.of}{with_wild}")
        )
    return min(limits, key=lambda t: t[0])


def never_true(guess: GuessForm, dice_in_play: int, wildcards: bool) -> str | None:
    """Why this guess can never be true at this table (None: it could be)."""
    if isinstance(guess, PowerClaim):
        card = guess.card
        need = sum(card.sizes)
        if need > dice_in_play - 1:
            return (
                f"its combo needs {counted(need, 'cards')} besides the power card itself, and only "
                f"{counted(dice_in_play, 'dice')} {_are(dice_in_play)} on the table"
            )
        wild = WILDCARDS if wildcards else 0
        each = {"numbers": len(COLOURS) * COPIES_EACH, "colours": len(NUMBERS) * COPIES_EACH}
        if card.combo in each and card.sizes[0] > each[card.combo] + wild:
            what = "number" if card.combo == "numbers" else "colour"
            return f"no {what} has {counted(card.sizes[0], 'cards')} in this deck"
        return None
    most, why = most_possible(guess, dice_in_play, wildcards)
    if guess.count > most:
        return why
    return None


def no_count(count: int) -> str:
    """Why a guess of too few cards is refused."""
    return f"A guess of {counted(count, 'cards')} is no guess: the count starts at {MIN_COUNT}."


def cap_reason() -> str:
    return f"A count or a power value is at most {MAX_COUNT}."


def _are(n: int) -> str:
    """The verb after a count of dice: '1 die is', '12 dice are'."""
    return "is" if n == 1 else "are"
