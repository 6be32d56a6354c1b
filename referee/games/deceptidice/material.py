"""Deceptidice's material and table arithmetic: the one place these facts live.

Cards are written as short codes in records: a number card is its colour's letter and its
number ("R3" is the red 3), "W" is a wildcard; a power card is a small model (its combo and
value, see model.py). Colours keep these letters whatever the table calls them.
"""

from collections.abc import Sequence
from functools import lru_cache
from typing import TypeGuard

from referee.core.errors import InvalidAction
from referee.core.names import quoted, unshowable
from referee.core.words import amount

NUMBERS = (1, 2, 3, 4, 5, 6)
COLOURS = ("R", "B", "G", "Y")
DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow")
COPIES_EACH = 2  # every number-colour card is in the deck twice
NUMBER_CARDS = tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS)
WILD = "W"
WILDCARDS = 7
MAX_POWER_CARDS = 20
BASE_DECK = len(NUMBER_CARDS) * COPIES_EACH  # 48
MIN_PLAYERS = 2
MAX_PLAYERS = 8
START_CARDS = 9  # dealt to each player, or START_CARDS_MANY at a table of MANY_PLAYERS or more
START_CARDS_MANY = 6
MANY_PLAYERS = 6
MAX_DICE_PER_PLAYER = 4  # dice each player makes at a table of FEW_PLAYERS or fewer
DICE_PER_PLAYER = 3  # at a larger table
FEW_PLAYERS = 3
MIN_COUNT = 1  # the smallest COUNT a guess names
MIN_RUN = 2  # the shortest straight, and a power card's shortest run
LONGEST_RUN = len(NUMBERS)
DOUBLE = 2  # a vague COUNT after a specific one is at least this many times it
END_AT = 3  # the game ends as soon as someone holds this many cards or fewer
MAX_NAME = 16


def start_cards(players: int) -> int:
    """Cards dealt to each player: 9, or 6 at a table of 6-8."""
    return START_CARDS_MANY if players >= MANY_PLAYERS else START_CARDS


def dice_per_player(players: int) -> int:
    """Dice each player makes every round: 4 with 2-3 players, else 3."""
    return MAX_DICE_PER_PLAYER if players <= FEW_PLAYERS else DICE_PER_PLAYER


# The most dice a table can hold (8 players x 3 dice; 2-3 players x 4 is fewer).
MAX_DICE_ON_TABLE = max(n * dice_per_player(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
MAX_COUNT = DOUBLE * MAX_DICE_ON_TABLE  # a vague guess can double any specific guess


def split(cards: int, dice: int) -> tuple[int, ...]:
    """The even split of `cards` into `dice` piles, largest first (sizes differ by <= 1)."""
    low, extra = divmod(cards, dice)
    return (low + 1,) * extra + (low,) * (dice - extra)


def die_sizes(cards: int, dice: int) -> tuple[int, ...]:
    """The sizes a die can have in that split, smallest first (one or two sizes)."""
    return tuple(sorted({s for s in split(cards, dice) if s > 0}))


def game_over(cards: Sequence[int]) -> bool:
    """The game ends as soon as anyone holds END_AT cards or fewer."""
    return min(cards) <= END_AT


def deck_size(wildcards: bool, power_cards: int) -> int:
    return BASE_DECK + (WILDCARDS if wildcards else 0) + power_cards


def number_of(card: str) -> int:
    return int(card[1])


def colour_of(card: str) -> str:
    return card[0]


def is_number_card(card: object) -> TypeGuard[str]:
    return isinstance(card, str) and card != WILD


def colour_names(text: str) -> dict[str, str]:
    """The table's names for the four colours: `text` lists up to four names, separated by
    commas, in the order Red, Blue, Green, Yellow; a blank place keeps the usual name.
    InvalidAction with one sentence when two colours would share a name."""
    parts = [" ".join(p.split()) for p in text.split(",")] if text.strip() else []
    if len(parts) > len(COLOURS):
        raise InvalidAction(
            f"Colour names: four colours take at most four names, not {len(parts)}."
        )
    names = list(DEFAULT_NAMES)
    for i, part in enumerate(parts):
        if not part:
            continue
        if len(part) > MAX_NAME:
            raise InvalidAction(
                f"Colour names: a name has at most {MAX_NAME} characters; "
                f"{quoted(part, 20)} has {len(part)}."
            )
        if unshowable(part) is not None:
            raise InvalidAction(
                f"Colour names: {quoted(part, 20)} holds a character no screen shows."
            )
        if part.isdigit():
            raise InvalidAction(f"Colour names: {quoted(part, 20)} is a number, not a colour.")
        names[i] = part
    seen: dict[str, str] = {}
    for colour, name in zip(COLOURS, names, strict=True):
        key = name.casefold()
        if key in seen:
            raise InvalidAction(
                f"Colour names: two colours cannot both be called {quoted(name, 20)}."
            )
        seen[key] = colour
    return dict(zip(COLOURS, names, strict=True))


@lru_cache(maxsize=64)
def table_names(text: str) -> dict[str, str]:
    """`colour_names`, kept for the few tables' texts seen (read at every screen)."""
    return colour_names(text)


def sizes_text(sizes: Sequence[int]) -> str:
    """A player's dice as the table says them: '4 dice: 3, 2, 2, 2 cards'."""
    if len(sizes) == 1:
        return f"1 die: {amount(sizes[0], 'cards')}"
    return f"{amount(len(sizes), 'dice')}: {sizes_list(sizes)} cards"


def sizes_list(sizes: Sequence[int]) -> str:
    """The cards in each die: '3, 2, 2, 2'."""
    return ", ".join(str(s) for s in sizes)


def cards_text(n: int) -> str:
    """'1 card', '5 cards'."""
    return f"{amount(n, 'cards')}"
