"""The memory aid's arithmetic: exact chances of each guess from the cards still unseen.

Every unseen card is equally likely to come next, so a guess's chance is the number of
unseen cards that make it right over the number of unseen cards, as an exact Fraction.
"""

from collections.abc import Collection, Sequence
from fractions import Fraction

from referee.games.fairy.deck import NUMBER_SUITS
from referee.games.fairy.scoring import GUESSES, POINTS, WRONG, Guess, is_right


def right_cards(
    top: int, unseen: Collection[int], guess: str, suits: Sequence[int] = NUMBER_SUITS
) -> tuple[int, ...]:
    """The unseen cards that would make `guess` right, in order."""
    return tuple(sorted(c for c in unseen if is_right(top, c, guess, suits)))


def chances(
    top: int, unseen: Collection[int], suits: Sequence[int] = NUMBER_SUITS
) -> dict[Guess, Fraction]:
    """guess -> exact chance that the next card makes it right (ValueError if none left)."""
    unseen = set(unseen)
    if top in unseen:
        raise ValueError(f"the top card {top} cannot also be unseen")
    if not unseen:
        raise ValueError("no cards are left to turn up")
    return {g: Fraction(len(right_cards(top, unseen, g, suits)), len(unseen)) for g in GUESSES}


def expected_points(guess: str, chance: Fraction, at_floor: bool = False) -> Fraction:
    """Points a guess earns on average: +points x chance - 1 x (1 - chance); at the floor
    a wrong guess costs nothing, so only the first term is left."""
    loss = 0 if at_floor else WRONG
    return POINTS[guess] * chance + loss * (1 - chance)


def percent(chance: Fraction) -> str:
    """'21%' (rounded half up, for display only; the arithmetic stays exact)."""
    value = chance * 100
    return f"{int(value + Fraction(1, 2))}%"


def decimal(value: Fraction, places: int = 2) -> str:
    """'0.21', '-0.64' (rounded half away from zero, for display only)."""
    scaled = abs(value) * 10**places + Fraction(1, 2)
    whole = int(scaled)
    sign = "-" if value < 0 and whole else ""
    return f"{sign}{whole // 10**places}.{whole % 10**places:0{places}d}"


def formula(guess: str, chance: Fraction, at_floor: bool = False) -> str:
    """'+4 × 0.21 − 1 × 0.79 = +0.05' for the memory aid."""
    text = f"+{POINTS[guess]} × {decimal(chance)}"
    if not at_floor:
        text += f" − 1 × {decimal(1 - chance)}"
    return f"{text} = {points(expected_points(guess, chance, at_floor))}"


def points(value: Fraction) -> str:
    """'+0.80', '−0.83': points on average, signed."""
    return f"{'+' if value >= 0 else '−'}{decimal(abs(value))}"
