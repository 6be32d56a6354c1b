"""The guesses (their ids, points and words, the one place these live), whether a guess is
right, and what it scores, floor included (pure functions).

Kept apart from the rules so a dispute screen can ask "14 on the pile, 11 turned up, Bo
said catch at the floor: what does Bo get?" without a game.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from referee.core.outcome import names_text
from referee.games.fairy.deck import FLOOR, NUMBER_SUITS, is_fairy, suit_of

Guess = Literal["higher", "lower", "same_suit", "catch"]  # as records store them
GUESSES: tuple[Guess, ...] = get_args(Guess)
HIGHER, LOWER, SAME_SUIT, CATCH = GUESSES
POINTS: dict[str, int] = {HIGHER: 2, LOWER: 2, SAME_SUIT: 4, CATCH: 7}
WRONG = -1


@dataclass(frozen=True)
class GuessWords:
    name: str  # in a sentence: "Bo guessed same suit"
    label: str  # the log and a pick: "Same suit"
    short: str  # a guess's narrow tile: "Suit"


GUESS_WORDS = {
    HIGHER: GuessWords("higher", "Higher", "Higher"),
    LOWER: GuessWords("lower", "Lower", "Lower"),
    SAME_SUIT: GuessWords("same suit", "Same suit", "Suit"),
    CATCH: GuessWords("catch", "Catch the fairy", "Catch"),
}
# By a guess as a record or a state holds it (a str, as POINTS is looked up).
GUESS_NAMES: dict[str, str] = {g: w.name for g, w in GUESS_WORDS.items()}
GUESS_LABELS: dict[str, str] = {g: w.label for g, w in GUESS_WORDS.items()}
GUESS_SHORT: dict[str, str] = {g: w.short for g, w in GUESS_WORDS.items()}


def is_right(top: int, revealed: int, guess: str, suits: Sequence[int] = NUMBER_SUITS) -> bool:
    """Higher and lower compare the numbers; same suit compares the suits of the pile's
    top card and the revealed card; catch is right when the revealed card has a fairy."""
    if guess == HIGHER:
        return revealed > top
    if guess == LOWER:
        return revealed < top
    if guess == SAME_SUIT:
        return suit_of(revealed, suits) == suit_of(top, suits)
    if guess == CATCH:
        return is_fairy(revealed)
    raise ValueError(f"unknown guess {guess!r}")


@dataclass(frozen=True)
class Scored:
    """One player's guess settled: `points` is what the score moved by, floor applied."""

    guess: str
    right: bool
    before: int
    after: int
    floored: bool  # a wrong guess at the floor: the point was not lost

    @property
    def points(self) -> int:
        return self.after - self.before

    @property
    def nominal(self) -> int:
        """What the guess scores before the floor: its POINTS, or WRONG."""
        return POINTS[self.guess] if self.right else WRONG


def score_guess(
    top: int, revealed: int, guess: str, score: int, suits: Sequence[int] = NUMBER_SUITS
) -> Scored:
    """The points for one guess: right scores the guess's points, wrong loses 1, and a
    score never goes below the FLOOR: there a wrong guess costs nothing."""
    right = is_right(top, revealed, guess, suits)
    change = POINTS[guess] if right else WRONG
    after = max(FLOOR, score + change)
    return Scored(guess, right, score, after, floored=after != score + change)


def what_came(top: int, revealed: int, suits: Sequence[int] = NUMBER_SUITS) -> tuple[Guess, ...]:
    """The guesses the revealed card makes right, in the order of GUESSES."""
    return tuple(g for g in GUESSES if is_right(top, revealed, g, suits))


def reveal_headline(
    top: int,
    revealed: int,
    right: Sequence[str],
    guessed: int,
    suits: Sequence[int] = NUMBER_SUITS,
) -> str:
    """What a player would say of a turn: '11 is lower than 14, same suit and a fairy: Ana
    and Bo were right' (`right`: who guessed right, of `guessed` players)."""
    came = [f"{GUESS_NAMES[HIGHER if revealed > top else LOWER]} than {top}"]
    if suit_of(revealed, suits) == suit_of(top, suits):
        came.append(GUESS_NAMES[SAME_SUIT])
    if is_fairy(revealed):
        came.append("a fairy")
    if not right:
        who = "nobody was right" if guessed > 1 else "the guess was wrong"
    elif len(right) == guessed and guessed > 1:
        who = "everyone was right"
    else:
        who = f"{names_text(right)} {'was' if len(right) == 1 else 'were'} right"
    return f"{revealed} is {names_text(came)}: {who}"
