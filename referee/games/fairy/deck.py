"""The Fairy deck and its numbers: the one place these facts live.

21 charm cards numbered 1-21, each once, in 3 suits of 7; fairies on 4, 11 and 18. The
suits follow from the numbers (1-7, 8-14, 15-21), or a table with another printing enters
them by hand as three groups of seven cards.
"""

import re
from collections.abc import Sequence

from referee.core.deck import Deck
from referee.core.errors import InvalidAction
from referee.core.names import quoted
from referee.core.words import amount

LAST_CARD = 21
CARDS = tuple(range(1, LAST_CARD + 1))
FAIRIES = frozenset({4, 11, 18})
SUITS = 3
SUIT_SIZE = 7
FLOOR = -4  # scores never go below this
BASE_GOAL = 24  # reaching this ends the base game at once
GOAL_15 = 15  # the 15-point variant's goal
MIN_PLAYERS = 2
MAX_PLAYERS = 10
MAX_SUITS_TEXT = 200  # the characters suits entered by hand may take

DECK = Deck({card: 1 for card in CARDS}, str)

# Suit of each card, indexed by card - 1: 0 for 1-7, 1 for 8-14, 2 for 15-21.
NUMBER_SUITS: tuple[int, ...] = tuple((card - 1) // SUIT_SIZE for card in CARDS)
SUIT_LETTERS = "ABC"


def suit_of(card: int, suits: Sequence[int] = NUMBER_SUITS) -> int:
    return suits[card - 1]


def suit_name(suit: int, suits: Sequence[int] = NUMBER_SUITS) -> str:
    """'suit 8-14' for the usual suits; 'suit B' for suits entered by hand."""
    if tuple(suits) == NUMBER_SUITS:
        return f"suit {suit_range(suit)}"
    return f"suit {SUIT_LETTERS[suit]}"


def suit_range(suit: int) -> str:
    """'8-14': the cards of one of the usual suits."""
    low = suit * SUIT_SIZE + 1
    return f"{low}-{low + SUIT_SIZE - 1}"


def suit_ranges(joiner: str = ", ") -> str:
    """The usual suits as a sentence says them: '1-7, 8-14, 15-21'."""
    return joiner.join(suit_range(s) for s in range(SUITS))


def fairies_text(last: str = " and ") -> str:
    """'4, 11 and 18' (with `last` ", ": '4, 11, 18'): the cards with a fairy."""
    *first, final = sorted(FAIRIES)
    return ", ".join(map(str, first)) + last + str(final)


def is_fairy(card: int) -> bool:
    return card in FAIRIES


def card_text(card: int, suits: Sequence[int] = NUMBER_SUITS) -> str:
    """'11 (suit 8-14, fairy)': the number, the suit and whether a fairy is on it."""
    fairy = ", fairy" if is_fairy(card) else ""
    return f"{card} ({suit_name(suit_of(card, suits), suits)}{fairy})"


def suit_groups(suits: Sequence[int]) -> list[list[int]]:
    return [[c for c in CARDS if suits[c - 1] == s] for s in range(SUITS)]


def groups_text(suits: Sequence[int]) -> str:
    """The suits as the setup screen takes them: '1 2 3 4 5 6 7 / 8 ... / 15 ...'."""
    return " / ".join(" ".join(map(str, group)) for group in suit_groups(suits))


_TOKEN = re.compile(r"(\d{1,3})(?:\s*-\s*(\d{1,3}))?$")


def parse_suits(text: str) -> tuple[int, ...]:
    """Suits entered by hand: three groups of seven card numbers separated by '/', numbers
    by spaces or commas, ranges allowed ('1-3 10 12 19 20 / ...'). Returns each card's
    suit (indexed by card - 1) or raises InvalidAction with one sentence."""
    groups = [g for g in re.split(r"[/;|\n]", text or "")]
    if not (text or "").strip():
        raise InvalidAction(
            f"Suits by hand: enter the {SUIT_SIZE} cards of each suit, suits separated by '/' "
            f"(for example {suit_ranges(' / ')})."
        )
    if len(groups) != SUITS:
        raise InvalidAction(
            f"Suits by hand: enter {SUITS} suits separated by '/', not {len(groups)}."
        )
    suits: dict[int, int] = {}
    for index, group in enumerate(groups):
        letter = SUIT_LETTERS[index]
        cards: list[int] = []
        for token in re.split(r"[\s,]+", group.strip()):
            if not token:
                continue
            match = _TOKEN.match(token)
            if match is None:
                raise InvalidAction(
                    f"Suits by hand: {quoted(token, 12)} in suit {letter} is not a card number "
                    "or a range like 8-14."
                )
            low = int(match.group(1))
            high = int(match.group(2) or low)
            if high < low:
                raise InvalidAction(
                    f"Suits by hand: the range {low}-{high} in suit {letter} runs backwards."
                )
            for card in range(low, high + 1):
                if card not in CARDS:
                    raise InvalidAction(
                        f"Suits by hand: there is no card {card}; the cards are 1-{LAST_CARD}."
                    )
                cards.append(card)
        for card in cards:
            if card in suits:
                where = SUIT_LETTERS[suits[card]]
                again = "twice in" if where == letter else f"in suit {where} and in"
                raise InvalidAction(f"Suits by hand: card {card} is {again} suit {letter}.")
            suits[card] = index
        if len(cards) != SUIT_SIZE:
            raise InvalidAction(
                f"Suits by hand: suit {letter} has {amount(len(cards), 'cards')}; "
                f"each suit has {SUIT_SIZE}."
            )
    return tuple(suits[card] for card in CARDS)
