"""Fairy Bucks material: each player's money, the item symbols, the set bonus, the lots and
the table sizes: the one place these facts live."""

from typing import Literal, get_args

HIGHEST_BUCK = 10
BUCKS = tuple(range(1, HIGHEST_BUCK + 1))  # each player's Fairy Bucks, plus one Poof!
NotABuck = Literal["poof", "none"]  # as records store them
POOF: NotABuck
NOTHING: NotABuck
POOF, NOTHING = get_args(NotABuck)  # the Poof! card shown; nothing shown (an empty hand)
# As a pick says them; keyed as any card shown is (a Buck is an int).
NOT_A_BUCK: dict[int | str, str] = {POOF: "Poof!", NOTHING: "nothing"}
Symbol = Literal["moon", "sun", "star", "book"]  # as records store them
SYMBOLS: tuple[Symbol, ...] = get_args(Symbol)
MOON, SUN, STAR, BOOK = SYMBOLS
SET_BONUS = 4  # points for each complete set of the four symbols
LOT_SIZE = 3
HIDDEN_ON_CASTLE = 1
SET_ASIDE = 2  # items set aside unseen at the start, one fewer at a small table
MIN_PLAYERS = 2
MAX_PLAYERS = 5
SMALL_TABLE = 2  # players at the table that sets one item fewer aside and plays without 1s
MAX_ITEM_VALUE = 20  # what the app accepts for an item's value (the deck is not published)
ITEM_VALUES = tuple(range(0, MAX_ITEM_VALUE + 1))
ONES = 4  # items worth 1 in the whole deck


def set_aside(players: int) -> int:
    """Items set aside unseen at the start: one fewer in a 2-player game."""
    return SET_ASIDE - 1 if players == SMALL_TABLE else SET_ASIDE


def removed_ones(players: int) -> int:
    """The four items worth 1 leave the deck in a 2-player game."""
    return ONES if players == SMALL_TABLE else 0


def ones_in_play(players: int) -> int:
    """Items worth 1 a game can turn up: all four, or none in a 2-player game."""
    return ONES - removed_ones(players)


def item_values(players: int) -> tuple[int, ...]:
    """Values an item may have at this table: no 1s in a 2-player game."""
    return tuple(v for v in ITEM_VALUES if not (removed_ones(players) and v == 1))


def auctioned_items(deck_size: int, players: int) -> int:
    return deck_size - removed_ones(players) - HIDDEN_ON_CASTLE - set_aside(players)
