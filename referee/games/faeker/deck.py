"""The Fae-ker deck and its numbers: the one place these facts live."""

from referee.core.deck import Deck

STONE = 0  # the stone circle; 0 keeps cards plain ints, and the rulebook numbers cards 0-7
HIGHEST = 7  # the numbered cards are 1 to this
NUMBERS = tuple(range(1, HIGHEST + 1))
PAD_ORDER = (*NUMBERS, STONE)  # a card pad's order: the stone circle last

COPIES = {1: 7, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2, 7: 1, STONE: 4}
FAE = {1: 2, 2: 2, 3: 3, 4: 3, 5: 3, 6: 4, 7: 4, STONE: 4}
SUPPLY = 40
HAND_SIZE = 5
MIN_BID = 0
MAX_BID = 5
BLUFF_BONUS = 1  # a caught bluff pays the caller the top card's fae plus this
CUBES_TO_WIN = {2: 15, 3: 12, 4: 10, 5: 8, 6: 6}
MIN_PLAYERS = min(CUBES_TO_WIN)
MAX_PLAYERS = max(CUBES_TO_WIN)
DIE_FACES = 8
# Under a low top a bid counts the cards strictly higher, and a stone circle (equal to the
# top) misses; under the others it counts the cards equal or higher, stone circles too.
LOW_TOPS = (1, 2, 3)
HIGH_TOPS = tuple(n for n in NUMBERS if n not in LOW_TOPS)
MIN_RUN = 2  # under a stone circle, the shortest run that counts


def tops_text(tops: tuple[int, ...]) -> str:
    """'1-3': a run of top cards as a title says it."""
    return f"{tops[0]}-{tops[-1]}"


def card_name(card: int) -> str:
    return "stone circle" if card == STONE else str(card)


DECK = Deck(COPIES, card_name)


def die_face(round_number: int) -> int:
    return (round_number - 1) % DIE_FACES + 1
