"""The Fae-ker deck and its numbers: the one place these facts live."""

from referee.core.deck import Deck

STONE = 0  # the stone circle; 0 keeps cards plain ints, and the rulebook numbers cards 0-7

COPIES = {1: 7, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2, 7: 1, STONE: 4}
FAE = {1: 2, 2: 2, 3: 3, 4: 3, 5: 3, 6: 4, 7: 4, STONE: 4}
SUPPLY = 40
HAND_SIZE = 5
MAX_BID = 5
CUBES_TO_WIN = {2: 15, 3: 12, 4: 10, 5: 8, 6: 6}
DIE_FACES = 8


def card_name(card: int) -> str:
    return "stone circle" if card == STONE else str(card)


DECK = Deck(COPIES, card_name)


def die_face(round_number: int) -> int:
    return (round_number - 1) % DIE_FACES + 1
