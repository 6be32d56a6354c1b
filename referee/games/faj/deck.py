"""The two decks of Faces, Aces & Jokers: the one place their cards and orders live."""

from referee.core.deck import Deck
from referee.games.faj.poker import SUIT_NAMES

SUITS = "CDHS"  # lowest to highest: clubs, diamonds, hearts, spades
SYMBOLS = "♣♦♥♠"
TRICK_RANKS = tuple(range(2, 11))
DRAFT_RANKS = "JQKA"  # lowest to highest
HIGH_JOKER, LOW_JOKER = "HJ", "LJ"
JOKERS = (HIGH_JOKER, LOW_JOKER)

TRICK_CARDS = tuple(f"{r}{s}" for r in TRICK_RANKS for s in SUITS)
DRAFT_CARDS = tuple(f"{r}{s}" for r in reversed(DRAFT_RANKS) for s in reversed(SUITS)) + JOKERS
ROUNDS = 3
BOARD_SIZES = (1, 2, 3, 4)  # trick cards on the board for tricks 1-4 of a round
TRICKS = len(BOARD_SIZES)  # tricks in a round
TRICK_CARDS_OUT = ROUNDS * sum(BOARD_SIZES)  # trick cards turned up in a whole game
DRAFT_HAND = 4
MIN_PLAYERS = 2
MAX_PLAYERS = 4

TRICK_DECK = Deck({c: 1 for c in TRICK_CARDS}, lambda c: trick_name(c))
DRAFT_DECK = Deck({c: 1 for c in DRAFT_CARDS}, lambda c: draft_name(c))


def boards_text() -> str:
    """'1, 2, 3 and 4': the trick cards on the boards of a round, trick by trick."""
    *first, last = BOARD_SIZES
    return f"{', '.join(map(str, first))} and {last}"


def trick_card(rank: int, suit: int) -> str:
    """(10, 2) -> '10H': the card of the poker evaluator's rank and suit."""
    return f"{rank}{SUITS[suit]}"


def trick_parts(card: str) -> tuple[int, int]:
    """'10H' -> (10, 2): rank and suit index as the poker evaluator takes them."""
    return int(card[:-1]), SUITS.index(card[-1])


def suit_of(card: str) -> int | None:
    """Suit index of any card; jokers have none."""
    return None if card in JOKERS else SUITS.index(card[-1])


def draft_rank(card: str) -> int:
    """J 1 < Q 2 < K 3 < A 4 (jokers are ranked by their own rule, not here)."""
    return DRAFT_RANKS.index(card[0]) + 1


def short(card: str) -> str:
    """'10♥', 'Q♠', 'black joker (high)': what a button or a line of text shows. The
    jokers by the colour the table sees: black beats red (in a deck of a coloured and a
    grey joker, the coloured one is the high one: see the rules)."""
    if card == HIGH_JOKER:
        return "black joker (high)"
    if card == LOW_JOKER:
        return "red joker (low)"
    return card[:-1] + SYMBOLS[SUITS.index(card[-1])]


def trick_name(card: str) -> str:
    rank, suit = trick_parts(card)
    return f"{rank} of {SUIT_NAMES[suit]}"


_DRAFT_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


def draft_name(card: str) -> str:
    if card in JOKERS:
        return short(card)
    return f"{_DRAFT_WORDS[card[0]]} of {SUIT_NAMES[SUITS.index(card[1])]}"
