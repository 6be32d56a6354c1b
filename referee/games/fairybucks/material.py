"""Fairy Bucks material: each player's money, the item symbols, the set bonus."""

BUCKS = tuple(range(1, 11))  # each player's Fairy Bucks, 1 to 10, plus one Poof!
SYMBOLS = ("moon", "sun", "star", "book")
SET_BONUS = 4  # points for each complete set of the four symbols
LOT_SIZE = 3
HIDDEN_ON_CASTLE = 1


def set_aside(players: int) -> int:
    """Items set aside unseen at the start: one fewer in a 2-player game."""
    return 1 if players == 2 else 2


def removed_ones(players: int) -> int:
    """The four items worth 1 leave the deck in a 2-player game."""
    return 4 if players == 2 else 0


ITEM_VALUES = tuple(range(0, 21))  # what the app accepts for an item's value
ONES = 4  # items worth 1 in the whole deck


def ones_in_play(players: int) -> int:
    """Items worth 1 a game can turn up: all four, or none in a 2-player game."""
    return ONES - removed_ones(players)


def item_values(players: int) -> tuple[int, ...]:
    """Values an item may have at this table: no 1s in a 2-player game."""
    return tuple(v for v in ITEM_VALUES if not (removed_ones(players) and v == 1))


def auctioned_items(deck_size: int, players: int) -> int:
    return deck_size - removed_ones(players) - HIDDEN_ON_CASTLE - set_aside(players)
